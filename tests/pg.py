"""The throwaway PostgreSQL cluster that .ci/postgres starts (tests skip without one)."""
from __future__ import annotations

import os
import subprocess
import uuid

import pytest

URL = os.environ.get("ENTITY_MEMORY_TEST_PG_URL", "")
needs_postgres = pytest.mark.skipif(
    not URL, reason="no PostgreSQL: run `source <(.ci/postgres start)` first (CI does)")


@pytest.fixture
def pg_url():
    """A fresh database of its own for one test, dropped afterwards."""
    import psycopg
    name = f"t{uuid.uuid4().hex[:12]}"
    with psycopg.connect(URL, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield URL.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(URL, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def database_files(url: str) -> bytes:
    """Every byte of the database's own files (tables, TOAST, indexes; not WAL)."""
    import psycopg
    with psycopg.connect(url) as conn:
        oid = conn.execute("SELECT oid FROM pg_database WHERE datname = current_database()").fetchone()[0]
        conn.execute("CHECKPOINT")
    folder = os.path.join(os.environ["ENTITY_MEMORY_TEST_PGDATA"], "base", str(oid))
    chunks = []
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as handle:
            chunks.append(handle.read())
    return b"".join(chunks)


def pg_ctl(action: str) -> None:
    """Stop or start the test cluster (as its non-root owner)."""
    command = [os.path.join(os.environ["ENTITY_MEMORY_TEST_PGBIN"], "pg_ctl"), "-D",
               os.environ["ENTITY_MEMORY_TEST_PGDATA"], "-w"]
    if action == "start":
        command += ["-l", os.environ["ENTITY_MEMORY_TEST_PGDATA"] + "/../log", "-o",
                    os.environ["ENTITY_MEMORY_TEST_PG_OPTS"], "start"]
    else:
        command += ["-m", "fast", "stop"]
    subprocess.run(["runuser", "-u", os.environ["ENTITY_MEMORY_TEST_PG_USER"], "--", *command],
                   check=True, capture_output=True)


def cluster_processes() -> list:
    """The test cluster's postmaster and every backend it started."""
    with open(os.path.join(os.environ["ENTITY_MEMORY_TEST_PGDATA"], "postmaster.pid")) as handle:
        postmaster = int(handle.readline())
    children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
    return [postmaster, *map(int, children)]


def wal_files() -> bytes:
    """Every byte of the cluster's write-ahead log (shared by every test database)."""
    import psycopg
    with psycopg.connect(URL, autocommit=True) as conn:
        conn.execute("CHECKPOINT")
    folder = os.path.join(os.environ["ENTITY_MEMORY_TEST_PGDATA"], "pg_wal")
    chunks = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            with open(path, "rb") as handle:
                chunks.append(handle.read())
    return b"".join(chunks)

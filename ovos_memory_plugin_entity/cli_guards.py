"""What the owner's command line checks before it acts, and how it words what it shows.

- A command that only reads, or changes what must already be there, never creates a
  store. Where the store's folder is not there yet (a fresh install), a listing says
  "nothing learnt yet" and succeeds; a change to what must be there is an error naming
  the folder; a path that cannot be a store (not a folder) is an error for every command.
- A command that destroys (``erase``, ``forget-all``) asks first on a terminal, takes
  ``--yes``, and refuses when no one can answer and ``--yes`` was not given.
- Counts read "1 fact", "2 facts"; a retired row says that it is retired and why.

Exit statuses (the table in docs/cli.md): 0 done, 1 not done (an error, a refusal, a "no"),
2 a usage mistake (argparse's own status, kept for every mistake in the command line).
"""
from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Callable, Iterable, Optional

from ovos_memory_plugin_entity.domain.errors import UsageError, UserError
from ovos_memory_plugin_entity.domain.record import Fact
from ovos_memory_plugin_entity.io.stores import Store
from ovos_memory_plugin_entity.settings import Settings

# Words an answer to "Are you sure?" may start with to mean yes; anything else is a no.
YES_ANSWERS = ("y", "yes")
# How each reason a row left reads.
RETIRED_REASONS = {"superseded": "replaced by several facts", "merged": "merged into a duplicate",
                   "evicted": "evicted past max_facts", "curated": "pruned by curate", "forgotten": "forgotten"}


def store_missing(settings: Settings) -> bool:
    """Whether the JSON backend's folder is not there yet: nothing has been learnt. Raise
    when the path cannot be a store at all (PostgreSQL is checked by connecting)."""
    folder = settings.store_folder
    if settings.backend != "json" or folder.is_dir():
        return False
    if folder.exists():
        raise UserError(f"{folder} is not a folder: set db_path (or --db-path) to a folder")
    return True


def nothing_yet(settings: Settings) -> str:
    """What a listing says where the store's folder is not there yet."""
    older = Path(settings.db_path).expanduser()
    if older.is_file():
        return f"nothing learnt yet at {settings.store_folder}; the older plugin's file {older} is there: " \
               f"'import {older}' brings it in"
    return f"nothing learnt yet: no store at {settings.store_folder} (the assistant, or 'add', makes it)"


def require_store(settings: Settings) -> None:
    """Raise unless the JSON backend's folder exists."""
    if store_missing(settings):
        raise UserError(nothing_yet(settings) + "; check --db-path, or the persona's db_path with --config")


def close_stores(stores: Iterable[Store]) -> None:
    """Close what a command opened: a PostgreSQL pool left to the garbage collector stops its
    threads from whichever thread collects it, and may try to join itself."""
    for store in stores:
        with contextlib.suppress(Exception):  # the command's answer is already given
            store.close()


def confirm(question: str, *, assume_yes: bool, interactive: bool,
            ask: Callable[[str], str] = input) -> None:
    """Return when the owner agreed (``--yes``, or "y" at a terminal); raise otherwise."""
    if assume_yes:
        return
    if not interactive:
        raise UsageError(f"{question} No one is at a terminal to answer: add --yes to go ahead")
    try:
        answer = ask(f"{question} [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() not in YES_ANSWERS:
        raise UserError("nothing changed")


def counted(number: int, noun: str, plural: Optional[str] = None) -> str:
    """``1 fact``, ``2 facts``, ``0 sessions``."""
    return f"{number} {noun if number == 1 else plural or noun + 's'}"


def retired_label(fact: Fact) -> str:
    """Why a retired row left: ``retired: replaced by f3``, ``retired: forgotten``."""
    if fact.superseded_by and fact.retired_reason == "superseded":
        return f"retired: replaced by {fact.superseded_by}"
    if fact.superseded_by and fact.retired_reason == "merged":
        return f"retired: merged into {fact.superseded_by}"
    return f"retired: {RETIRED_REASONS.get(fact.retired_reason or '', fact.retired_reason or '')}"

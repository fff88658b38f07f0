"""What the owner's command line checks before it acts, and how it words what it shows.

- Only a command that adds creates a store: with no folder yet a listing says "nothing learnt
  yet" and succeeds, a change is an error naming it; a path that cannot be a store is an error.
- ``erase`` and ``forget-all`` ask first on a terminal, take ``--yes``, refuse when no one can answer.

Exit statuses (docs/cli.md): 0 done, 1 not done (an error, a refusal, a "no"), 2 a usage mistake.
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict

from ovos_memory_plugin_entity.domain.errors import UsageError, UserError
from ovos_memory_plugin_entity.domain.record import Fact
from ovos_memory_plugin_entity.settings import Settings

# The answers to "Are you sure?" that mean yes; anything else is a no.
YES_ANSWERS = ("y", "yes")
# How each reason a row left reads.
RETIRED_REASONS = {"superseded": "replaced by several facts", "merged": "merged into a duplicate",
                   "evicted": "evicted past max_facts", "forgotten": "forgotten"}
SUCCEEDED = {"superseded": "replaced by", "merged": "merged into"}  # ...and the fact that took its place


def nothing_yet(settings: Settings) -> str:
    """What a listing says where the JSON folder is not there yet (""); raises when it cannot be a store."""
    folder = settings.store_folder
    if settings.backend != "json" or folder.is_dir():
        return ""
    if folder.exists():
        raise UserError(f"{folder} is not a folder: set db_path (or --db-path) to a folder")
    older = Path(settings.db_path).expanduser()
    if older.is_file():
        return f"nothing learnt yet at {folder}; the older plugin's file {older} is there: 'import {older}' brings it in"
    return f"nothing learnt yet: no store at {folder} (the assistant, or 'add', makes it)"


def confirm(question: str, *, assume_yes: bool, interactive: bool) -> None:
    """Return when the owner agreed (``--yes``, or "y" at a terminal); raise otherwise."""
    if assume_yes:
        return
    if not interactive:
        raise UsageError(f"{question} No one is at a terminal to answer: add --yes to go ahead")
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() not in YES_ANSWERS:
        raise UserError("nothing changed")


def counted(number: int, noun: str) -> str:
    """``1 fact``, ``2 facts``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def who(fact: Fact, labels: Dict[str, str]) -> str:
    """``Emma (daughter): `` before a fact about someone (``labels``: entity ids to labels); "" for the user."""
    return f"{labels.get(fact.about) or '(forgotten)'}: " if fact.about else ""


def retired_label(fact: Fact) -> str:
    """Why a retired row left: ``retired: replaced by f3``, ``retired: forgotten``."""
    reason = fact.retired_reason or ""
    if fact.superseded_by and reason in SUCCEEDED:
        return f"retired: {SUCCEEDED[reason]} {fact.superseded_by}"
    return f"retired: {RETIRED_REASONS.get(reason, reason)}"

"""Names of the people, pets and places in the user's life, and dates of events. Pure."""
from __future__ import annotations

import datetime
import re
from typing import Any, Mapping, Optional

from ovos_memory_plugin_entity.domain import text as textlib

_POSSESSIVE = re.compile(r"(?:'s|’s|'|’)$")
MAX_NAME_CHARS = 60
MAX_RELATION_CHARS = 40
# Event years outside these are refused at parse time: with any UTC offset, and in any
# local time, every date between them converts to a timestamp and back on every platform.
MIN_EVENT_YEAR, MAX_EVENT_YEAR = 1900, 2999


def clean_name(name: str) -> str:
    name = textlib.clean(name, MAX_NAME_CHARS).strip(" .,:;")
    return _POSSESSIVE.sub("", name).strip()


def name_key(name: str) -> str:
    """Case, spacing and a possessive ("Emma's") make no other entity."""
    return textlib.normalise(clean_name(name))


def clean_relation(relation: str) -> str:
    return textlib.clean(relation, MAX_RELATION_CHARS).strip(" .,:;").lower()


def parse_when(value: Any) -> Optional[str]:
    """A valid ISO date or date-time within the event years, normalised; else None."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip().replace("Z", "+00:00")
    try:
        if len(text) == 10:
            day = datetime.date.fromisoformat(text)
            return day.isoformat() if MIN_EVENT_YEAR <= day.year <= MAX_EVENT_YEAR else None
        moment = datetime.datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment.isoformat(timespec="minutes") if MIN_EVENT_YEAR <= moment.year <= MAX_EVENT_YEAR else None


def event_end(when: str) -> float:
    """The moment, or a date's last second (local time); a date hand-written past the parser never ends."""
    try:
        if len(when) == 10:
            day = datetime.date.fromisoformat(when)
            return datetime.datetime.combine(day, datetime.time(23, 59, 59)).timestamp()
        return datetime.datetime.fromisoformat(when).timestamp()
    except (ValueError, OverflowError, OSError):
        return float("inf")


def describe_when(when: str, now: float, phrases: Mapping[str, Any]) -> str:
    """"Tuesday 1 December, 15:00" ("today"/"tomorrow" when they apply) in ``phrases``' language;
    a date that cannot be converted is shown as written."""
    try:
        today = datetime.datetime.fromtimestamp(now).date()
        if len(when) == 10:
            day, clock = datetime.date.fromisoformat(when), ""
        else:
            moment = datetime.datetime.fromisoformat(when)
            if moment.tzinfo is not None:
                moment = moment.astimezone().replace(tzinfo=None)
            day, clock = moment.date(), f", {moment:%H:%M}"
    except (ValueError, OverflowError, OSError):
        return when
    relative = {0: phrases["today"], 1: phrases["tomorrow"]}.get((day - today).days)
    return (f"{relative + ', ' if relative else ''}{phrases['weekdays'][day.weekday()]} {day.day} "
            f"{phrases['months'][day.month - 1]}{clock}")

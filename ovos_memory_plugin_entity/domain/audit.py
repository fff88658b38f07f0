"""The audit trail's vocabulary (who acted, what they did, why a fact retired) and one
event: ``{"at", "actor", "action", "fact", "before"?, "after"?, ...detail}`` in JSON,
``fact`` naming the fact, entity or pending item. Pure.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, List, Literal, Mapping, Optional, get_args

# Who changed the memory.
Actor = Literal["extractor",  # a model's reply
                "rules",  # the built-in rules extractor
                "rule",  # a rule of the editor decided it (a newer value of a single-valued attribute)
                "user",  # the user's own answer (a no, or an unclear one)
                "user-confirmed",  # the user's yes to a proposal
                "api", "cli",  # the owner, through the plugin's methods or the command line
                "import",  # an export or the older plugin's file
                "plugin"]  # the plugin's own housekeeping (compacting the trail)
ACTORS: FrozenSet[str] = frozenset(get_args(Actor))
# Actors whose pins and adds are automatic (a user's yes confirms a fact's words, not the model's pin).
AUTOMATIC_ACTORS: FrozenSet[str] = frozenset({"extractor", "rules", "user-confirmed", "import"})
# The owner's own facts: an automatic edit never evicts them.
OWNER_ACTORS: FrozenSet[str] = frozenset({"api", "cli"})

# What happened.
Action = Literal["add", "pin", "unpin", "supersede", "edit", "forget", "evict", "prune", "merge", "entity",
                 "relate", "rename", "import", "propose", "confirm", "reject", "expire",
                 "unconfirmed", "compact", "pause", "resume",
                 "refuse"]  # a secret was refused: the event names its class ("secret"), never the text
ACTIONS: FrozenSet[str] = frozenset(get_args(Action))

# Why a fact is no longer live. ``superseded``: a newer fact replaced it (``superseded_by``
# names it, or is None when several did); ``merged``: folded into the duplicate
# ``superseded_by`` names; ``evicted``: pushed out by ``max_facts``; ``forgotten``: the user
# or owner asked (its text is gone).
RetiredReason = Literal["superseded", "merged", "evicted", "forgotten"]
RETIRED_REASONS: FrozenSet[str] = frozenset(get_args(RetiredReason))

# The event fields that carry fact text; nothing else of an event is ever scrubbed.
TEXT_FIELDS = ("before", "after")
_CORE_FIELDS = frozenset({"at", "actor", "action", "fact", "before", "after"})
# Detail values an event may carry: plain JSON scalars, or a summary's counts.
_SCALARS = (str, int, float, bool, type(None))


@dataclass(frozen=True)
class AuditEvent:
    """One change to a session's memory."""
    at: float
    actor: Actor
    action: Action
    subject: Optional[str]  # the fact, entity or pending item it is about ("fact" in JSON)
    before: Optional[str] = None
    after: Optional[str] = None
    detail: Mapping[str, Any] = field(default_factory=dict)  # pinned, about, when, rule, by, reason...

    def to_dict(self) -> Dict[str, Any]:
        data: Dict[str, Any] = {"at": self.at, "actor": self.actor, "action": self.action, "fact": self.subject,
                                "before": self.before, "after": self.after}
        data.update((k, v) for k, v in self.detail.items() if k not in _CORE_FIELDS)
        return {k: v for k, v in data.items() if v is not None or k == "fact"}

    @classmethod
    def from_dict(cls, data: Any) -> "AuditEvent":
        """As strictly as a fact: a field of the wrong type is a ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError(f"an audit event is an object, got {type(data).__name__}")
        at, actor, action, subject = data.get("at"), data.get("actor"), data.get("action"), data.get("fact")
        if isinstance(at, bool) or not isinstance(at, (int, float)) or not math.isfinite(at):
            raise ValueError(f"an audit event's 'at' is a time in seconds, got {at!r}")
        if actor not in ACTORS:
            raise ValueError(f"an audit event's actor is one of {sorted(ACTORS)}, got {actor!r}")
        if action not in ACTIONS:
            raise ValueError(f"an audit event's action is one of {sorted(ACTIONS)}, got {action!r}")
        if subject is not None and not isinstance(subject, str):
            raise ValueError(f"an audit event's 'fact' is an id, got {subject!r}")
        texts = {key: data.get(key) for key in TEXT_FIELDS}
        for key, value in texts.items():
            if value is not None and not isinstance(value, str):
                raise ValueError(f"an audit event's {key!r} is text, got {value!r}")
        detail = {k: v for k, v in data.items() if k not in _CORE_FIELDS}
        for key, value in detail.items():
            plain = isinstance(value, _SCALARS) or (isinstance(value, list) and all(isinstance(v, str) for v in value))
            if not plain and not (key == "counts" and isinstance(value, dict)):
                raise ValueError(f"an audit event's {key!r} is a plain value or a list of ids, got {value!r}")
        return cls(float(at), actor, action, subject, texts["before"], texts["after"], detail)


def compacted(trail: List[Dict[str, Any]], keep: int, now: float) -> List[Dict[str, Any]]:
    """The newest ``keep`` lines after one summary of the older (counts per action, from, to)."""
    older, newer = trail[:-keep] if keep else trail, trail[-keep:] if keep else []
    if not older:
        return list(trail)
    counts: Counter = Counter()
    for event in older:
        if event.get("action") == "compact" and isinstance(event.get("counts"), dict):
            counts.update({action: int(n) for action, n in event["counts"].items()})  # an earlier summary folds in
        else:
            counts[str(event.get("action", "?"))] += 1
    summary = AuditEvent(now, "plugin", "compact", None,
                         detail={"events": len(older), "counts": dict(counts), "from": older[0].get("at"),
                                 "to": older[-1].get("at")})
    return [summary.to_dict(), *newer]

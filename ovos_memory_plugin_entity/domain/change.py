"""What one edit did; a store applies it under its lock: saves the record when
``modified``, appends the events, scrubs its files when it ``forgets``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List

from ovos_memory_plugin_entity.domain.audit import AuditEvent


@dataclass
class Change:
    events: List[AuditEvent] = field(default_factory=list)
    forgotten_texts: List[str] = field(default_factory=list)  # whole-word scrubs from the trail
    forgotten_ids: List[str] = field(default_factory=list)  # rows whose every audit line loses its text
    warnings: List[str] = field(default_factory=list)
    refused_secrets: List[str] = field(default_factory=list)  # the class of each secret refused ("card number")
    refused: bool = False  # the whole edit was refused (a reply retiring too much)
    unaudited: bool = False  # the record changed with no audit line (a repeat counted, a question asked)
    outcome: Any = None  # what the edit's act returned, for its caller

    @property
    def forgets(self) -> bool:
        """Files must be rewritten: something was forgotten."""
        return bool(self.forgotten_texts or self.forgotten_ids)

    @property
    def modified(self) -> bool:
        """The record must be saved."""
        return bool(self.events) or self.unaudited

"""The sensitive categories the owner's settings name (``sensitive_confirm``, ``sensitive_deny``).
Pure. A fact is in those the model tags it with and those its words name (:func:`language.judgement.categories_of`)."""
from __future__ import annotations

from typing import Any, Optional

CATEGORIES = ("health", "children", "finances", "beliefs", "sexuality")


def parse_category(value: Any) -> Optional[str]:
    """One of :data:`CATEGORIES`, from a model's ``category`` field; None for anything else."""
    category = value.strip().casefold() if isinstance(value, str) else None
    return category if category in CATEGORIES else None

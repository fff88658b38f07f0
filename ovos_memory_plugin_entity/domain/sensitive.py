"""The sensitive categories a fact may belong to, a fixed set the owner's settings name
(``sensitive_confirm``, ``sensitive_deny``). Pure.

A fact's categories come from the model (the contract's optional ``category``) and from
the language's word lists (:mod:`language.sensitive`), both at once: a fact the model
tags as harmless whose words name a category is still in it.
"""
from __future__ import annotations

from typing import Any, Optional

CATEGORIES = ("health", "children", "finances", "beliefs", "sexuality")


def parse_category(value: Any) -> Optional[str]:
    """One of :data:`CATEGORIES`, from a model's ``category`` field; None for anything else."""
    if not isinstance(value, str):
        return None
    category = value.strip().casefold()
    return category if category in CATEGORIES else None

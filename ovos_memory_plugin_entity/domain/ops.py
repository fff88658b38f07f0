"""What an extraction asks for: facts to add, replace, forget; only the editor applies it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple


@dataclass(frozen=True)
class NewFact:
    text: str
    pin: bool = False
    about: Optional[str] = None  # an entity's display name; None is the user
    relation: Optional[str] = None  # the user's relation to ``about``
    when: Optional[str] = None  # ISO date or date-time (validated by the parser)
    category: Optional[str] = None  # the model's sensitive category (:data:`sensitive.CATEGORIES`)


@dataclass(frozen=True)
class Replacement:
    fact_id: str
    text: str
    confidence: float = 1.0
    pin: bool = False
    when: Optional[str] = None
    category: Optional[str] = None
    about: Optional[str] = None  # said of another name instead ("not Lisa, Laura"), of the same relation


@dataclass(frozen=True)
class Ops:
    add: Tuple[NewFact, ...] = ()
    update: Tuple[Replacement, ...] = ()
    forget: Tuple[str, ...] = ()
    forget_all: bool = False

    @property
    def empty(self) -> bool:
        return not (self.add or self.update or self.forget or self.forget_all)

    def to_dict(self) -> Dict[str, Any]:
        return {"add": [vars(a).copy() for a in self.add], "update": [vars(u).copy() for u in self.update],
                "forget": list(self.forget), "forget_all": self.forget_all}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Ops":
        try:
            return cls(add=tuple(NewFact(**a) for a in data.get("add", [])),
                       update=tuple(Replacement(**u) for u in data.get("update", [])),
                       forget=tuple(str(f) for f in data.get("forget", [])),
                       forget_all=data.get("forget_all") is True)
        except TypeError as exc:
            raise ValueError(f"not stored operations: {exc}") from None

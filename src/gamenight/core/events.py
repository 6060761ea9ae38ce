"""Events: what happened, as short sentences, each visible to everyone or to one seat."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened at the table.

    ``to`` is ``None`` for a public event, or the one seat allowed to see it (a card
    dealt to you, the cards you passed). ``data`` holds the same facts as JSON values
    for programs.
    """

    kind: str
    text: str
    seat: int | None = None
    to: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data:
            out["data"] = self.data
        return out

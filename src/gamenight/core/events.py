"""Events: what happened, as short sentences, each visible to everyone, to one seat, or to
everyone but one seat."""

from __future__ import annotations

from typing import Any

#: kinds of event after which a table pauses so people see what happened (a trick gathered):
#: the server holds its bots, the page holds the picture
PAUSE_KINDS = frozenset({"trick"})


class Event:
    """Something that happened at the table.

    ``to`` is ``None`` for a public event, or the one seat allowed to see it (a card
    dealt to you, the cards you passed). ``except_`` is the one seat a public event is not
    told to, because that seat reads its own line instead ("North discards a card face down."
    for the others, "You discard A♣." for North). ``data`` holds the same facts as JSON values
    for programs. (A plain slots class: one is made for every card played.)
    """

    __slots__ = ("data", "except_", "kind", "seat", "text", "to")

    def __init__(
        self, kind: str, text: str, seat: int | None = None, to: int | None = None,
        data: dict[str, Any] | None = None, except_: int | None = None,
    ) -> None:
        self.kind = kind
        self.text = text
        self.seat = seat
        self.to = to
        self.data = data if data is not None else {}
        self.except_ = except_

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (self.kind, self.text, self.seat, self.to, self.data,
                                                 self.except_) == (
            other.kind, other.text, other.seat, other.to, other.data, other.except_)

    __hash__ = None  # type: ignore[assignment]

    def visible_to(self, seat: int | None) -> bool:
        if self.except_ is not None and self.except_ == seat:
            return False
        return self.to is None or self.to == seat

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.data:
            out["data"] = self.data
        return out

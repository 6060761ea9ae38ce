"""A pad's entry form, described as data: the fields a hand's entry has, in the game's words.

A game declares its form as :class:`Section`\\ s of :class:`PadField`\\ s; the terminal and the
page draw any form from its JSON (:meth:`Section.to_json`) without knowing the game, and
:func:`check_shape` refuses an entry that does not fit the form (a missing field, a count out of
its bounds, a choice that is not offered) before the game's own rules look at it.

An entry is a JSON object: for each field its key, and as value one value for the hand
(``scope="hand"``), or a list with one value per sheet column (``scope="column"``: a team in a
partnership game, a player otherwise) or per player (``scope="player"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

#: the kinds of field: a whole number with bounds (drawn as a stepper), one of a few choices
COUNT, CHOICE = "count", "choice"
Scope = Literal["hand", "column", "player"]
#: a field's scope: one value for the hand, one per column of the sheet, one per player
HAND: Scope = "hand"
COLUMN: Scope = "column"
PLAYER: Scope = "player"
Entry = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Choice:
    value: int | str | None
    label: str


@dataclass(frozen=True, slots=True)
class PadField:
    """One thing a hand's entry says: ``label`` in the game's words, ``help`` a sentence saying
    what to count (a card's value, say)."""

    key: str
    label: str
    kind: str = COUNT
    scope: Scope = COLUMN
    minimum: int = 0
    maximum: int = 0
    default: int | str | None = 0
    choices: tuple[Choice, ...] = ()
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"key": self.key, "label": self.label, "kind": self.kind, "scope": self.scope,
                               "default": self.default}
        if self.kind == COUNT:
            out |= {"minimum": self.minimum, "maximum": self.maximum}
        else:
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.help:
            out["help"] = self.help
        return out


@dataclass(frozen=True, slots=True)
class Section:
    """A group of fields the form shows together under a heading ("Canastas", "Cards left")."""

    label: str
    fields: tuple[PadField, ...]
    help: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "fields": [f.to_json() for f in self.fields]}
        if self.help:
            out["help"] = self.help
        return out


@dataclass(frozen=True, slots=True)
class Form:
    """A whole entry form: its sections, and how many values a column or player field holds."""

    sections: tuple[Section, ...]
    columns: Sequence[str] = field(default=())
    players: Sequence[str] = field(default=())

    @property
    def fields(self) -> list[PadField]:
        return [f for s in self.sections for f in s.fields]

    def blank(self) -> Entry:
        """An entry with every field at its default: where the form starts."""
        return {f.key: (f.default if f.scope == HAND else [f.default] * self._width(f)) for f in self.fields}

    def _width(self, f: PadField) -> int:
        return len(self.columns) if f.scope == COLUMN else len(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"sections": [s.to_json() for s in self.sections], "columns": list(self.columns),
                "players": list(self.players)}

    def check_shape(self, entry: object) -> str | None:
        """Why ``entry`` does not fit this form, in words, or ``None``."""
        if not isinstance(entry, Mapping):
            return "An entry is a set of named values."
        unknown = [k for k in entry if k not in {f.key for f in self.fields}]
        if unknown:
            return f"This form has no field {unknown[0]!r}."
        for f in self.fields:
            if f.key not in entry:
                return f"{f.label}: missing."
            value = entry[f.key]
            if f.scope == HAND:
                why = _value_problem(f, value, "")
            else:
                names = self.columns if f.scope == COLUMN else self.players
                if not isinstance(value, list) or len(value) != len(names):
                    return f"{f.label}: one value for each of {', '.join(names)}."
                why = next((w for v, name in zip(value, names, strict=True)
                            if (w := _value_problem(f, v, name))), None)
            if why:
                return why
        return None


def _value_problem(f: PadField, value: object, whose: str) -> str | None:
    label = f"{whose}: {f.label.lower()}" if whose else f.label
    if f.kind == CHOICE:
        if not any(value == c.value and type(value) is type(c.value) for c in f.choices):
            return f"{label}: choose one of {', '.join(c.label for c in f.choices)}."
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        return f"{label}: a whole number, please."
    if value < f.minimum:
        return f"{label}: {value} is impossible, a count is never below {f.minimum}."
    if value > f.maximum:
        return f"{label}: {value} is more than the cards in play allow (at most {f.maximum})."
    return None


__all__ = ["CHOICE", "COLUMN", "COUNT", "HAND", "PLAYER", "Choice", "Entry", "Form", "PadField", "Scope",
           "Section"]

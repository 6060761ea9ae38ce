"""The score sheet (a row per deal, as the book's has it) and a match's outcome.

A sheet counts points, or money in whole cents (``unit="cents"``: a game playing for stakes,
``families.stakes``). A money sheet's JSON carries each amount also written out by
:func:`money` (``points_text``, ``totals_text``: won or paid, signed), and so does the outcome's
(``scores_text``),
so every renderer prints money the one way this module does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: the unit of a sheet that counts money, in whole cents
CENTS = "cents"


def money(cents: int, *, signed: bool = False) -> str:
    """Cents as the book writes stakes, always in dollars so a purse, a bet and a payment read in
    one unit: ``$0.45``, ``$1.45``, ``-$0.20`` owed; ``signed`` writes ``+`` before a gain (a row of
    a money sheet)."""
    sign = "-" if cents < 0 else ("+" if signed and cents > 0 else "")
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"


def amount_text(value: int, unit: str, *, signed: bool = False) -> str:
    """A sheet's amount in its unit: money for cents, the number otherwise."""
    if unit == CENTS:
        return money(value, signed=signed)
    return f"{value:+d}" if signed else str(value)


@dataclass(slots=True)
class ScoreRow:
    label: str
    points: list[int]
    totals: list[int]
    details: list[str] | None = None
    note: str = ""

    def to_json(self, unit: str = "") -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "points": self.points, "totals": self.totals}
        if unit:
            out["points_text"] = [amount_text(p, unit, signed=True) for p in self.points]
            out["totals_text"] = [amount_text(t, unit, signed=True) for t in self.totals]
        if self.details is not None:
            out["details"] = self.details
        if self.note:
            out["note"] = self.note
        return out


@dataclass(slots=True)
class ScoreSheet:
    """Columns are players, or teams in partnership games; totals run down the sheet."""

    columns: list[str]
    rows: list[ScoreRow] = field(default_factory=list)
    #: what the sheet counts: "" points, ``"cents"`` money
    unit: str = ""
    #: house rules amended mid-match, each marked before the row of the deal it applies from:
    #: (that row's index, the words)
    marks: list[tuple[int, str]] = field(default_factory=list)

    @property
    def totals(self) -> list[int]:
        return list(self.rows[-1].totals) if self.rows else [0] * len(self.columns)

    def add(
        self, label: str, points: list[int], *, details: list[str] | None = None, note: str = ""
    ) -> ScoreRow:
        totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        row = ScoreRow(label, list(points), totals, details, note)
        self.rows.append(row)
        return row

    def copy(self) -> ScoreSheet:
        # rows are never changed once written, so sharing them is safe
        return ScoreSheet(list(self.columns), list(self.rows), self.unit, list(self.marks))

    def to_json(self) -> dict[str, Any]:
        unit = self.unit
        out: dict[str, Any] = {"columns": self.columns, "rows": [r.to_json(unit) for r in self.rows],
                               "totals": self.totals}
        if unit:
            out["unit"] = unit
            out["totals_text"] = [amount_text(t, unit, signed=True) for t in self.totals]
        if self.marks:
            out["marks"] = [{"row": row, "text": text} for row, text in self.marks]
        return out


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final score of every seat (a team's score for each of its members), the winning seats
    (several on a shared win), and why the game ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    #: the scores' unit, as the score sheet's: "" points, ``"cents"`` money
    unit: str = ""
    #: the result in a sentence, where "X wins" would be wrong (a game against the house: "The
    #: house won $15.00; everyone lost $5.00.")
    headline: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scores": list(self.scores), "winners": list(self.winners),
                               "reason": self.reason}
        if self.headline:
            out["headline"] = self.headline
        if self.unit:
            out["unit"] = self.unit
            out["scores_text"] = [amount_text(s, self.unit, signed=True) for s in self.scores]
        return out

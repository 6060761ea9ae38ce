"""The score sheet (a row per deal, as the book's has it) and a match's outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class ScoreRow:
    label: str
    points: list[int]
    totals: list[int]
    details: list[str] | None = None
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"label": self.label, "points": self.points, "totals": self.totals}
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
        return ScoreSheet(list(self.columns), list(self.rows))

    def to_json(self) -> dict[str, Any]:
        return {"columns": self.columns, "rows": [r.to_json() for r in self.rows], "totals": self.totals}


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final score of every seat (a team's score for each of its members), the winning seats
    (several on a shared win), and why the game ended."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}

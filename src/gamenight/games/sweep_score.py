"""Sweep's scoring, apart so the engine (``games.sweep``) and the score pad (``sweep_pad``) share
one implementation: what the cards a player still holds cost when another goes out, and the
round's row on the sheet."""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.equipment import cards as C

#: play order of each card's rank: 10 lowest (0), ace 1, two to nine 2-9, J 11, Q 12, K 13
_ORDER_OF_RANK = {C.TEN: 0, C.ACE: 1, C.JACK: 11, C.QUEEN: 12, C.KING: 13}
ORDER: list[int] = [_ORDER_OF_RANK.get(C.RANK_OF[c], C.RANK_OF[c] + 2) for c in range(52)]
TEN, ACE = 0, 1
TEN_POINTS, COURT_POINTS, ACE_POINTS = 25, 10, 1


@dataclass(frozen=True, slots=True)
class Left:
    """What a player holds when another goes out: where (in hand, face up, blind), and by value:
    10s, kings queens and jacks, aces, and the 2-9s' face values added (a score pad enters these)."""

    hand: int = 0
    up: int = 0
    blind: int = 0
    tens: int = 0
    courts: int = 0
    aces: int = 0
    pips: int = 0

    @classmethod
    def of(cls, hand: list[int], table: list[int], faces: list[bool]) -> Left:
        orders = [ORDER[c] for c in hand + table]
        up = sum(faces)
        return cls(len(hand), up, len(table) - up, orders.count(TEN), sum(o > 10 for o in orders),
                   orders.count(ACE), sum(o for o in orders if 2 <= o <= 9))

    def points(self) -> int:
        """What the cards cost: J Q K 10, 2-9 face value, ace 1, 10 25 (the engine's and the pad's)."""
        return TEN_POINTS * self.tens + COURT_POINTS * self.courts + ACE_POINTS * self.aces + self.pips

    def detail(self) -> str:
        return f"{self.hand} in hand, {self.up} face up, {self.blind} blind"


def round_row(names: list[str], left: list[Left], out: int) -> tuple[list[int], list[str], str]:
    """A round's row on the sheet: each player's points left, where they were, who went out."""
    points = [0 if s == out else h.points() for s, h in enumerate(left)]
    details = ["out" if s == out else h.detail() for s, h in enumerate(left)]
    return points, details, f"{names[out]} went out"


__all__ = ["ACE", "ORDER", "TEN", "Left", "round_row"]

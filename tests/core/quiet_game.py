"""A test-only game whose rules count speech (no real game does yet: Court Whist's Confiscation
will): two players take turns to say "count"; once play has started, a player who speaks at the
table loses 3 points, as Confiscation's "each player speaking after cards dealt forfeits 3 points".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamenight.core.moves import Move
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.core.state import State

COUNT = Move("count")
#: counts each player makes before the game ends
COUNTS = 3
SPEECH_PENALTY = 3


@dataclass(frozen=True, kw_only=True)
class QuietOptions(Options):
    pass


class QuietCount(State):
    counts_speech = True

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.counts = [0] * self.num_players
        self.penalties = [0] * self.num_players
        self.turn = 0
        self.emit("deal", f"{self.names[0]} starts the count.")

    def _to_act(self) -> frozenset[int]:
        return frozenset() if self.is_over else frozenset((self.turn,))

    def _legal(self, seat: int) -> list[Move]:
        return [COUNT]

    def _why_illegal(self, seat: int, move: Move) -> str:
        return "The only move is to count."

    def _apply(self, seat: int, move: Move) -> None:
        self.counts[seat] += 1
        self.emit("count", f"{self.names[seat]} counts {sum(self.counts)}.", seat=seat)
        self.turn = (seat + 1) % self.num_players
        if min(self.counts) == COUNTS:
            scores = [c - p for c, p in zip(self.counts, self.penalties, strict=True)]
            self.sheet.add("Count", scores)
            best = max(scores)
            winners = [s for s in range(self.num_players) if scores[s] == best]
            self.finish(scores, winners, "The count is done.")

    def _speech_counts(self, seat: int) -> bool:
        return sum(self.counts) > 0  # only once play has started

    def _on_speech(self, seat: int) -> None:
        self.penalties[seat] += SPEECH_PENALTY
        self.emit("penalty", f"{self.names[seat]} loses {SPEECH_PENALTY} points for speaking.", seat=seat)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"counts": list(self.counts), "penalties": list(self.penalties)}


SPEC = GameSpec(id="quiet-count", title="Quiet Count", family="test", players=(2, 3), default_players=2,
                options_cls=QuietOptions, state_cls=QuietCount, summary="Count in turn; speaking costs 3.")


def quiet(players: int = 2, seed: int = 1) -> QuietCount:
    return QuietCount(SPEC, QuietOptions(), players, seed)

"""Search with a horizon: rollouts cut short and scored by the game's estimate of the deal.

Where a deal is long and each move dear (a rummy's meld solving, a domino hand of many turns), a
rollout to the end of the deal costs so much that the search (:mod:`gamenight.bots.search`) gets a
handful of rounds within a table's time and learns nothing. This search plays each rollout only a
little way on — until the searching seat is to act again (``stop="reply"``: every other seat has
answered the move) or until that next turn of its own is over (``stop="turn"``) — and scores the
position there by the game's own estimate of how the deal stands. A rollout that reaches the deal's
end first is scored by the sheet, as the full search scores it.

The hook (:class:`DealEstimate`). A game's state offers ``deal_estimate()``: one number per
score-sheet column, what the deal would add to that column if it were scored now (a rummy: each
seat's melded points less what its hand would cost; a domino game: the pips in each hand), in the
sheet's own points and direction — a penalty game's penalties positive, as its sheet writes them —
or, where the state says what its match is won on (``match_standing``: Golf's strokes, its sheet
keeping the money), in that standing's points, more being better.
It reads the whole state: the search calls it on its determinizations only, where every hand is a
sampled one. Columns no seat scores in may be 0. The search turns that row into the seat's
advantage exactly as it turns a real row (its column's gain less the other sides' mean, flipped
where fewer points win: :func:`estimated_advantage`), so the estimate and the real end of a deal
are on one scale and a move that ends the deal is weighed against one that does not. A game
without the hook is searched as before, to the end of the deal.

Budget. A rollout of a few moves costs a few moves, so the level's budget in rollout moves buys
many more rounds; the levels give the horizon games a budget of their own
(:data:`gamenight.bots.levels.HORIZON_BUDGETS`), since a rummy's move costs ten times a trick
game's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from gamenight.bots.search import SearchBot, _lowest_wins, _value, says_its_standing
from gamenight.core.state import State

#: moves a horizon rollout plays at most (a claim window or a long turn of lay-offs may delay the
#: searching seat's next turn; the estimate scores wherever the cap leaves it)
HORIZON_CAP = 60
#: the standard errors a move must gain by to overrule the heuristic's, in the horizon search
HORIZON_Z = 2.0
#: where a horizon rollout stops, counted in the searching seat's changes between acting and not:
#: once its own turn is over, the seat is next to act (``reply``), then that turn is over (``turn``)
STOPS = {"reply": 2, "turn": 3, "two turns": 5, "three turns": 7}


#: how far a horizon rollout plays, in a player's words (:meth:`HorizonSearchBot.reach_words`)
REACH_WORDS = {"reply": "until its next turn", "turn": "through its next turn",
               "two turns": "two of its turns on", "three turns": "three of its turns on"}


@runtime_checkable
class DealEstimate(Protocol):
    """What a game's state offers the horizon search (the module's docstring says the contract)."""

    def deal_estimate(self) -> list[float]:
        """Per score-sheet column, what the deal would add to it if it were scored now."""
        ...


def estimated_advantage(state: State, seat: int, row: list[float]) -> float:
    """``seat``'s advantage if the deal added ``row`` to the sheet: its column's points less the
    other sides' mean, positive where that is good for it (the search's reward for a real row)."""
    own = state.column_of(seat)
    sides = sorted({state.column_of(s) for s in range(state.num_players)})
    others = [row[c] for c in sides if c != own]
    adv = row[own] - (sum(others) / len(others) if others else 0.0)
    in_standing = says_its_standing(state)  # already more-is-better (search.standing)
    return -adv if _lowest_wins(state) and not in_standing else adv


@dataclass
class HorizonSearchBot(SearchBot):
    """The search bot, with rollouts stopped at a horizon where the game estimates its deals."""

    stop: str = "reply"
    cap: int = HORIZON_CAP
    #: short rollouts make many cheap rounds, and at one standard error one of eight moves often
    #: overrules the heuristic by luck: two were asked for in every measured run (docs/BOTS.md)
    overrule_z: float = HORIZON_Z
    #: whether the last rollout stopped before the deal's end (then it is scored by the estimate)
    _cut: bool = False

    def _play_out(self, state: State, rng: random.Random, seat: int | None) -> tuple[int, float | None]:
        self._cut = False
        if seat is None or not isinstance(state, DealEstimate):
            return super()._play_out(state, rng, seat)
        sheet = state.sheet
        rows, deal = len(sheet.rows), state.deal_no
        acting = seat in state.to_act
        changes = 0 if acting else 1  # the root move may have ended the seat's turn already
        played = 0
        for _ in range(self.cap):
            if state.is_over or len(sheet.rows) != rows or state.deal_no != deal:
                return played, None
            now = seat in state.to_act
            if now != acting:
                acting, changes = now, changes + 1
            if changes >= STOPS[self.stop]:
                break
            moved = self._each_seat_once(state, rng)
            if moved is None:
                return played, None
            played += moved
        self._cut = True
        return played, None

    def reach_words(self) -> str:
        return f"playing each {REACH_WORDS[self.stop]} and judging the game from there"

    def _score(self, state: State, seat: int, start: list[float]) -> float:
        if self._cut and isinstance(state, DealEstimate):
            return estimated_advantage(state, seat, state.deal_estimate())
        return _value(state, seat, start)


__all__ = ["HORIZON_CAP", "HORIZON_Z", "REACH_WORDS", "STOPS", "DealEstimate", "HorizonSearchBot",
           "estimated_advantage"]

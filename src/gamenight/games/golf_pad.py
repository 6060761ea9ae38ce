"""Golf on the score pad: per hole how it ended (who knocked, who turned up all eight, or the stock
ran out) and each grid's score as the book counts it (columns, pairs, blocks), with the first
hole's dealer; the money — the ante, the highest score's quarter, the pot to the lowest — paid by
the engine's own :func:`settle_hole` on the engine's ledger, so the sheet is the engine's money
sheet. The game's winner is the lowest total of strokes, not the most money (one pot a game),
named by :func:`game_winners`.

The book's money needs only each grid's score, so the pad asks for the score (the terminal and the
page add it up from the grid turned face up); a score no grid can make is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gamenight.core.scoring import CENTS, money
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.stakes import Ledger
from gamenight.games.golf import (
    BLOCK,
    JOKER_BLOCK,
    PER_ROUND,
    VALUE,
    GolfOptions,
    decks_for,
    game_winners,
    golf_match_rules,
    hole_label,
    pay_ante,
    settle_hole,
    why_over,
)
from gamenight.pad.game import HandScore, MatchOver, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section

#: the lowest grid: four jokers in a block and another block (or two jokers' columns) beside it
LOWEST = JOKER_BLOCK + BLOCK
#: the highest: four columns of two unpaired ten-point cards (a queen over a jack), or with pairs
#: by value a ten-point card over a nine
HIGHEST = {"rank": 4 * 20, VALUE: 4 * 19}
KNOCK, ALL_UP = "knock", "up"
#: the lowest a grid scores with three jokers or fewer: two in a column (−10) and three columns at −5
FOUR_JOKERS_BELOW = -25


class Hole(NamedTuple):
    """The game after some holes: the ledger, each player's strokes, the next hole's dealer."""

    ledger: Ledger
    totals: list[int]
    dealer: int


class GolfPad(PadRules[GolfOptions]):
    """Golf's pad: a column per player, a row per hole, money in cents."""

    sheet_unit = CENTS

    def columns(self) -> list[str]:
        return list(self.players)

    @property
    def holes(self) -> int:
        return int(self.options.rounds)

    def form(self, so_far: Progress) -> Form:
        ended = (*(Choice(f"{KNOCK}:{s}", f"{p} knocked") for s, p in enumerate(self.players)),
                 *(Choice(f"{ALL_UP}:{s}", f"{p} turned up all eight") for s, p in enumerate(self.players)),
                 Choice(None, "The stock ran out"))
        hole: tuple[PadField, ...] = (
            PadField("ended", "How the hole ended", kind=CHOICE, scope=HAND, default=None, choices=ended),)
        if so_far.hand == 1:  # the deal passes to the left: the first dealer says every hole's
            hole = (PadField("dealer", "Who dealt", kind=CHOICE, scope=HAND, default=0,
                             choices=tuple(Choice(s, p) for s, p in enumerate(self.players)),
                             help="The pot's odd cents go to the sharer nearest the dealer's left."),
                    *hole)
        return Form((
            Section("The hole", hole),
            Section("Scores", (PadField(
                "score", "Grid's score", scope=PLAYER, minimum=LOWEST,
                maximum=HIGHEST.get(self.options.pair_match, HIGHEST["rank"]),
                help="By columns: a pair nothing, king and red seven 0, joker −5, Q J 10 ten, ace 1, the "
                     "rest their face; a block of four −10, of four jokers −50."),)),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        """A grid scores below −25 only with four jokers in it (without them a column scores at
        least −5, two jokers in one column −10): the decks' jokers bound how many grids do."""
        low = [p for p, score in zip(self.players, entry["score"], strict=True) if score < FOUR_JOKERS_BELOW]
        jokers = 2 * decks_for(len(self.players), self.options.decks)
        if len(low) * 4 > jokers:
            return (f"{_and(low)} scored below {FOUR_JOKERS_BELOW}: each grid would hold four jokers, and "
                    f"the decks hold {jokers}.")
        return None

    def replay(self, entries: Sequence[Entry]) -> Hole:
        """The game after ``entries``: every hole's money paid again, by the engine's functions."""
        n = len(self.players)
        state = Hole(Ledger.open(n), [0] * n, entries[0]["dealer"] if entries else 0)
        for k, entry in enumerate(entries):
            state = self.play_hole(state, k + 1, entry)[0]
        return state

    def play_hole(self, before: Hole, hole: int, entry: Entry) -> tuple[Hole, list[int]]:
        """One hole's money, the ante first (the first hole, or every hole); the next state and
        the hole's scores."""
        n, o = len(self.players), self.options
        dealer = entry.get("dealer", before.dealer)
        order = [(dealer + 1 + i) % n for i in range(n)]
        ledger = before.ledger
        if o.settlement == PER_ROUND or hole == 1:
            ledger = pay_ante(ledger, hole, order, o.settlement == PER_ROUND)
        scores = list(entry["score"])
        totals = [t + s for t, s in zip(before.totals, scores, strict=True)]
        knocker = self.ender(entry, KNOCK)
        last = hole >= self.holes
        ledger, _ = settle_hole(ledger, hole, order, scores, totals, knocker, o.settlement, last)
        return Hole(ledger, totals, (dealer + 1) % n), scores

    @staticmethod
    def ender(entry: Entry, how: str) -> int | None:
        ended = entry["ended"]
        if ended is None or not ended.startswith(how + ":"):
            return None
        return int(ended.split(":")[1])

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        after, scores = self.play_hole(self.replay(so_far.entries), so_far.hand, entry)
        details = [f"{s} (total {t})" for s, t in zip(scores, after.totals, strict=True)]
        label = hole_label(self.row_label(so_far.hand), self.players, self.ender(entry, KNOCK),
                           self.ender(entry, ALL_UP))
        pot = money(after.ledger.pot())
        return HandScore(after.ledger.deal_changes(so_far.hand), details, note=f"pot {pot}", label=label)

    def match_rules(self) -> MatchRules:
        return golf_match_rules(self.options)

    def match_over(self, entries: Sequence[Entry], totals: list[int]) -> MatchOver | None:
        if len(entries) < self.holes:
            return None
        game = self.replay(entries)
        settlement = self.options.settlement
        return MatchOver(game_winners(game.totals, game.ledger.nets(), settlement),
                         why_over(self.players, game.totals, self.holes, settlement))

    def match_reason(self, why: MatchEnd) -> str:
        return f"{self.holes} holes are played."


def _and(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


PAD_RULES = GolfPad

__all__ = ["PAD_RULES", "GolfPad"]

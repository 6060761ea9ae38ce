"""Rummy on the score pad: who went out (or nobody, when the stock ran out), whether he went out
in one turn, and each player's deadwood count, scored by the engine's own :func:`hand_points`.

The book scores a count (each card left at its value: A 1, two to ten their face, J/Q/K 10), so
the pad asks for the count, not the cards; the sheet writes the count where the engine's names
the cards too.
"""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.rummy import PENALTY, WINNER_COLLECTS, RummyOptions, deal_size, hand_note, hand_points
from gamenight.games.rummy import match_rules as rummy_match_rules
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

#: the points one deck holds: four suits of A (1), two to ten, and three court cards at 10
DECK_POINTS = 4 * (sum(range(1, 11)) + 3 * 10)
#: a card counts at most ten
MOST_A_CARD = 10


class RummyPad(PadRules[RummyOptions]):
    """Rummy's pad: a column per player."""

    def columns(self) -> list[str]:
        return list(self.players)

    def form(self, so_far: Progress) -> Form:
        most = deal_size(len(self.players)) * MOST_A_CARD
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        doubled = " (it scores double)" if self.options.rummy_double else ""
        return Form((
            Section("Going out", (
                PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=out),
                PadField("rummy", "Went out in one turn", kind=CHOICE, scope=HAND, default=False,
                         choices=(Choice(False, "No"), Choice(True, "Yes: rummy")),
                         help=f"Everything melded at once, nothing laid down earlier in the hand{doubled}."),
            )),
            Section("Cards left", (PadField(
                "deadwood", "Deadwood", maximum=most,
                help="The cards in no meld of the hand: ace 1, two to ten their face, J, Q, K 10."
                if self.options.deadwood != "all_cards" else
                "Every card left in the hand: ace 1, two to ten their face, J, Q, K 10."),)),
        ), self.columns(), self.players)

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, dead = entry["out"], entry["deadwood"]
        if why := self.went_out_holding(out, dead):
            return why
        if entry["rummy"] and out is None:
            return "Nobody went out, so nobody went rummy."
        if sum(dead) > DECK_POINTS:
            return f"One deck holds {DECK_POINTS} points of cards, and the entry counts {sum(dead)}."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        out, dead, rummy = entry["out"], entry["deadwood"], entry["rummy"]
        points = hand_points(self.options, out, dead, rummy)
        details = ["out" if s == out else f"{d} counted" for s, d in enumerate(dead)]
        how = f"{self.players[out]} goes out" if out is not None else "the stock ran out"
        note = hand_note(self.options, out, rummy)
        return HandScore(points, details, f"{how}; {note}" if note else how)

    def row_label(self, hand: int) -> str:
        return f"Deal {hand}"

    def match_rules(self) -> MatchRules:
        return rummy_match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        o = self.options
        if o.scoring == PENALTY:
            return f"A player reached {o.penalty_limit} penalty points; the lowest total wins."
        assert o.scoring == WINNER_COLLECTS
        return f"A player reached {o.target} points."


PAD_RULES = RummyPad

__all__ = ["PAD_RULES", "RummyPad"]

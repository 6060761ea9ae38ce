"""500 Rummy on the score pad: after each hand the contract (declarer, bid, trumps or no trump)
and which side took each counter — or that the declarer buried it — scored by the game's own
:func:`hand_row`; the match ends where the book says, for the declarers only: bidding out at the
game, or falling into the hole (:func:`match_result`, :func:`end_words`)."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.auction import NO_TRUMP
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.five_hundred_rummy import (
    COUNTER,
    DENOMINATIONS,
    MAXIMUM_BID,
    MINIMUM_BID,
    FiveHundredRummyOptions,
    end_words,
    hand_row,
    match_result,
)
from gamenight.pad.game import HandScore, OppositePartners, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

#: a counter the declarer buried with the kitty (it counts for the declarers)
BURIED = "buried"
COUNTERS = [c for c in C.standard_deck() if COUNTER[c]]
KITTY = 4


def key_of(card: int) -> str:
    return f"counter_{C.CODE_OF[card]}"


class FiveHundredRummyPad(OppositePartners[FiveHundredRummyOptions]):
    """500 Rummy's pad: North–South against East–West, partners opposite."""

    #: set by :meth:`score`: the hand that ended the match, the winning side and why
    _end: tuple[int, int, str] = (0, 0, "")

    def form(self, so_far: Progress) -> Form:
        o = self.options
        seats = tuple(Choice(s, p) for s, p in enumerate(self.players))
        trumps = tuple(Choice(d, "No trump" if d == NO_TRUMP else C.SUIT_NAMES[int(d)].capitalize())
                       for d in DENOMINATIONS)
        sides = (*(Choice(t, name) for t, name in enumerate(self.columns())), Choice(BURIED, "Buried"))
        contract = Section("The contract", (
            PadField("declarer", "Declarer", kind=CHOICE, scope=HAND, default=0, choices=seats),
            PadField("bid", "Bid", scope=HAND, minimum=MINIMUM_BID, maximum=MAXIMUM_BID, default=MINIMUM_BID,
                     help=f"From {MINIMUM_BID} in steps of {o.bid_step}."),
            PadField("trumps", "Trumps", kind=CHOICE, scope=HAND, default=NO_TRUMP, choices=trumps)))
        counters = Section("Who took each counter", tuple(
            PadField(key_of(c), C.LABEL_OF[c], kind=CHOICE, scope=HAND, default=0, choices=sides,
                     help=f"{COUNTER[c]}.") for c in COUNTERS),
            help="Buried: put under by the declarer with the kitty (only when he held nothing else).")
        return Form((contract, counters), self.columns(), self.players)

    def took(self, entry: Entry) -> tuple[list[list[int]], list[int]]:
        """Each side's counters taken in tricks (the declarers' with the buried), and the buried."""
        ours = self.column_of(entry["declarer"])
        sides: list[list[int]] = [[], []]
        buried = [c for c in COUNTERS if entry[key_of(c)] == BURIED]
        for c in COUNTERS:
            side = entry[key_of(c)]
            sides[ours if side == BURIED else side].append(c)
        return sides, buried

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        declarer = entry["declarer"]
        ours = self.column_of(declarer)
        sides, buried = self.took(entry)
        row = hand_row(self.options, self.row_label(so_far.hand), self.players[declarer],
                       (entry["bid"], entry["trumps"]), ours, sides, buried, so_far.totals)
        totals = [t + p for t, p in zip(so_far.totals, row.points, strict=True)]
        result = match_result(self.options, row.score.made, totals[ours])
        if result:
            winner, reason = end_words(self.options, result, ours, totals)
            self._end = (so_far.hand, winner, reason.replace("North–South", self.columns()[0])
                         .replace("East–West", self.columns()[1]))
        return HandScore(row.points, row.details, row.note, label=row.label)

    def match_rules(self) -> MatchRules:
        # only a hand the declarers bid out in or fell into the hole with ends the match
        return MatchRules(deals=self._end[0])

    def match_winners(self, totals: list[int]) -> list[int] | None:
        return [self._end[1]]

    def match_reason(self, why: MatchEnd) -> str:
        return self._end[2]

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        step = self.options.bid_step
        if (entry["bid"] - MINIMUM_BID) % step:
            return f"Bids go from {MINIMUM_BID} in steps of {step}: {entry['bid']} is not one."
        _, buried = self.took(entry)
        if len(buried) > KITTY:
            return f"The declarer buries {KITTY} cards, and the entry buries {len(buried)} counters."
        return None


PAD_RULES = FiveHundredRummyPad

__all__ = ["PAD_RULES", "FiveHundredRummyPad", "key_of"]

"""Whist with 10s on the score pad: after each of the six deals, each team's tricks and the tens
among them, scored by the game's own :func:`deal_row` (the contract comes from the schedule: in
low no-trump what a team takes counts for the other)."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.whist_with_10s import SCHEDULE, WhistOptions, deal_label, deal_row, over_words
from gamenight.pad.game import HandScore, OppositePartners, Progress
from gamenight.pad.schema import Entry, Form, PadField, Section

TRICKS, TENS = 13, 4


class WhistWith10sPad(OppositePartners[WhistOptions]):
    """Whist with 10s' pad: North–South against East–West, partners opposite, six deals."""

    #: the totals after the deal last scored (the match's end is worded from them)
    _after: tuple[int, ...] = (0, 0)

    def contract(self, hand: int) -> int | str:
        return SCHEDULE[min(hand, len(SCHEDULE)) - 1]

    def form(self, so_far: Progress) -> Form:
        return Form((Section("Taken", (
            PadField("tricks", "Tricks", maximum=TRICKS, help="A point for each trick past six."),
            PadField("tens", "Tens", maximum=TENS, help="10 for each ten among the team's tricks.")),
            help=deal_label(self.row_label(so_far.hand), self.contract(so_far.hand))),),
            self.columns(), self.players)

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        contract = self.contract(so_far.hand)
        points, details, note = deal_row(contract, list(entry["tricks"]), list(entry["tens"]))
        self._after = tuple(t + p for t, p in zip(so_far.totals, points, strict=True))
        return HandScore(points, details, note, label=deal_label(self.row_label(so_far.hand), contract))

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=len(SCHEDULE))

    def match_reason(self, why: MatchEnd) -> str:
        return over_words(list(self._after))

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        tricks, tens = entry["tricks"], entry["tens"]
        if sum(tricks) != TRICKS:
            return f"Thirteen tricks are played in a deal, and the entry counts {sum(tricks)}."
        if sum(tens) != TENS:
            return f"The four tens are all taken in a deal, and the entry counts {sum(tens)}."
        for team, name in enumerate(self.columns()):
            if tens[team] and not tricks[team]:
                return f"{name}: a team that took no trick took no ten."
        return None


PAD_RULES = WhistWith10sPad

__all__ = ["PAD_RULES", "WhistWith10sPad"]

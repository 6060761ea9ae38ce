"""Oh Hell! on the score pad: what the table writes down each round — the trump suit turned up,
each player's bid and the tricks he took — scored by the game's own :func:`round_row`, round by
round along the game's schedule (the form knows each round's cards and whether it was bid in
secret or in turn, with the dealer's hook)."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.oh_hell import (
    OhHellOptions,
    all_played_words,
    plural,
    round_label,
    round_row,
    round_sizes,
    secret_rounds,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

SUITS = tuple(Choice(s, n.capitalize()) for s, n in enumerate(C.SUIT_NAMES))


class OhHellPad(PadRules[OhHellOptions]):
    """Oh Hell's pad: a column per player, the rounds as the schedule deals them."""

    #: the totals after the round last scored (the match's end is worded from them)
    _after: tuple[int, ...] = ()

    def columns(self) -> list[str]:
        return list(self.players)

    def schedule(self) -> list[int]:
        o = self.options
        return round_sizes(o.largest_hand(len(self.players)), peak_twice=o.peak_twice, order=o.order)

    def cards(self, hand: int) -> int:
        """The cards each player holds in round ``hand`` (the last round's, past the schedule: the
        kernel refuses an entry after the match's end before it asks)."""
        schedule = self.schedule()
        return schedule[min(hand, len(schedule)) - 1]

    def form(self, so_far: Progress) -> Form:
        h = self.cards(so_far.hand)
        how = "all at once, in secret" if self.in_secret(so_far.hand) else \
            "in turn, the dealer last: he may not make the bids total the tricks"
        return Form((
            Section("Trumps", (PadField("trump", "Trumps", kind=CHOICE, scope=HAND, default=0, choices=SUITS,
                                        help="The suit turned up."),)),
            Section(f"{plural(h, 'card').capitalize()} each", (
                PadField("bids", "Bid", maximum=h, help=f"Bid {how}."),
                PadField("tricks", "Tricks taken", maximum=h)),
                help="An exact bid scores; a missed one is a scratch.")), self.columns(), self.players)

    def in_secret(self, hand: int) -> bool:
        return hand in secret_rounds(self.schedule(), self.options.simultaneous_rounds)

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        points, details = round_row(list(entry["bids"]), list(entry["tricks"]), self.options.score_formula)
        label = round_label(self.row_label(so_far.hand), self.cards(so_far.hand), entry["trump"])
        self._after = tuple(t + p for t, p in zip(so_far.totals, points, strict=True))
        return HandScore(points, details, label=label)

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=len(self.schedule()))

    def match_reason(self, why: MatchEnd) -> str:
        return all_played_words(len(self.schedule()), list(self._after))

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        h = self.cards(so_far.hand)
        took = sum(entry["tricks"])
        if took != h:
            played = f"{plural(h, 'trick')} {'is' if h == 1 else 'are'} played"
            return f"{played} this round, and the entry counts {took}."
        bids = sum(entry["bids"])
        if bids == h and not self.in_secret(so_far.hand):
            return (f"The bids total {h}, the tricks this round: the dealer bids last and may not make "
                    "them fit, so somebody must miss.")
        return None


PAD_RULES = OhHellPad

__all__ = ["PAD_RULES", "OhHellPad"]

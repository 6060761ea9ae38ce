"""Euchre on the score pad: what the table writes down after each deal — who dealt, who made
trumps, how and in which suit, alone or not, and the tricks each side took — scored by the game's
own :func:`deal_row`; a deal thrown in is a row of nothing, as the engine's sheet has it.

The engine's sheet names a No Ace–No Face throw-in by the holder's five cards; the pad names the
holder only (nobody writes the cards down), so that one note differs from the engine's words.
"""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.euchre import (
    ALL_PASSED,
    MARCH,
    THROWN_IN,
    EuchreOptions,
    call_words,
    deal_row,
    how_made,
    made_label,
    reached_words,
)
from gamenight.pad.game import HandScore, OppositePartners, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

#: what became of a deal: played, or thrown in because everybody passed twice
PLAYED, PASSED = "played", "passed"
#: No Ace–No Face throw-ins are named by their holder: "nanf" and the seat
NANF = "nanf"
YES, NO = "yes", "no"


class EuchrePad(OppositePartners[EuchreOptions]):
    """Euchre's pad: North–South against East–West, partners opposite."""

    #: the totals after the deal last scored (see :meth:`_kept`)
    _after: tuple[int, ...] = (0, 0)

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        seats = tuple(Choice(s, p) for s, p in enumerate(self.players))
        dealer = (so_far.entries[-1]["dealer"] + 1) % 4 if so_far.entries else 0
        results = [Choice(PLAYED, "Trumps were made and the hand played")]
        if not self.options.stick_the_dealer:
            results.append(Choice(PASSED, "Thrown in: everybody passed twice"))
        if self.options.no_ace_no_face != "off":
            results += [Choice(f"{NANF}{s}", f"Thrown in: No Ace–No Face in {p}'s hand")
                        for s, p in enumerate(self.players)]
        deal = Section("The deal", (
            PadField("dealer", "Dealer", kind=CHOICE, scope=HAND, default=dealer, choices=seats),
            PadField("result", "What happened", kind=CHOICE, scope=HAND, default=PLAYED,
                     choices=tuple(results))))
        trumps = Section("Trumps", (
            PadField("maker", "Made by", kind=CHOICE, scope=HAND, default=(dealer + 1) % 4, choices=seats),
            PadField("round", "When", kind=CHOICE, scope=HAND, default=1, choices=(
                Choice(1, "First round: the up-card ordered or picked up"),
                Choice(2, "Second round: a suit called"))),
            PadField("trump", "Trumps", kind=CHOICE, scope=HAND, default=0,
                     choices=tuple(Choice(s, n.capitalize()) for s, n in enumerate(C.SUIT_NAMES))),
            PadField("alone", "Alone", kind=CHOICE, scope=HAND, default=NO,
                     choices=(Choice(NO, "With his partner"), Choice(YES, "Alone")))),
            help="Left empty when the hands were thrown in.")
        tricks = Section("Tricks taken", (PadField("tricks", "Tricks", maximum=MARCH,
                                                   help="The side's tricks of the five."),))
        return Form((deal, trumps, tricks), self.columns(), self.players)

    # ---- the deal's score ----------------------------------------------------------------------

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        deal = self.row_label(so_far.hand)
        result = entry["result"]
        if result != PLAYED:
            note = ALL_PASSED if result == PASSED else \
                f"No Ace–No Face: {self.players[int(result[len(NANF):])]} holds no ace and no face card"
            return self._kept(HandScore([0, 0], None, note, label=f"{deal}: {THROWN_IN}"), so_far)
        maker, alone = entry["maker"], entry["alone"] == YES
        row, details, note = deal_row(self.column_of(maker), list(entry["tricks"]), alone)
        call = call_words(how_made(maker, entry["dealer"], entry["round"] == 1), entry["trump"], alone)
        label = made_label(deal, call, self.players[maker])
        return self._kept(HandScore(row, details, note, label=label), so_far)

    def _kept(self, score: HandScore, so_far: Progress) -> HandScore:
        # the match's end is worded from the totals after this deal (the side that reached the
        # target), which match_reason is not given: the kernel asks it of the rules that scored
        self._after = tuple(t + p for t, p in zip(so_far.totals, score.points, strict=True))
        return score

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target)

    def match_reason(self, why: MatchEnd) -> str:
        return reached_words(list(self._after), self.options.target)

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        return self.deal_passes_left(entry, so_far) or self.tricks_add_up(entry) or self.forced_alone(entry)

    def deal_passes_left(self, entry: Entry, so_far: Progress) -> str | None:
        if not so_far.entries:
            return None
        dealer = (so_far.entries[-1]["dealer"] + 1) % 4
        if entry["dealer"] != dealer:
            return f"The deal passes left: {self.players[dealer]} deals this one."
        return None

    def tricks_add_up(self, entry: Entry) -> str | None:
        taken = sum(entry["tricks"])
        if entry["result"] != PLAYED:
            return None if taken == 0 else "The hands were thrown in, so nobody took a trick."
        if taken != MARCH:
            return f"Five tricks are played in a deal, and the entry counts {taken}."
        return None

    def forced_alone(self, entry: Entry) -> str | None:
        """The book: the dealer's partner who makes the up-card's suit trumps must go alone."""
        if entry["result"] != PLAYED or entry["alone"] == YES:
            return None
        rule, maker = self.options.dealer_partner_forced_alone, entry["maker"]
        if maker == (entry["dealer"] + 2) % 4 and (rule == "both_rounds" or
                                                   (rule == "round1_only" and entry["round"] == 1)):
            return f"{self.players[maker]} is the dealer's partner: making trumps, he must go alone."
        return None


PAD_RULES = EuchrePad

__all__ = ["PAD_RULES", "EuchrePad"]

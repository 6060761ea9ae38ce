"""Hearts on the score pad: what the table counts after each hand — each player's hearts (the
kitty's with its taker), who took the queen of spades, and who took the kitty and what it held —
scored by the game's own :func:`hand_row` (POWER included)."""

from __future__ import annotations

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.hearts import (
    IS_HEART,
    QUEEN_OF_SPADES,
    HeartsOptions,
    direction_of,
    hand_label,
    hand_note,
    hand_row,
    hand_size,
    pass_cycle,
    reached_words,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

HEARTS = 13
#: a kitty card not yet named
UNNAMED = Choice(None, "—")
CARDS = tuple(Choice(C.CODE_OF[c], C.LABEL_OF[c]) for c in C.standard_deck())
CARD_OF = {C.CODE_OF[c]: c for c in C.standard_deck()}


class HeartsPad(PadRules[HeartsOptions]):
    """Hearts' pad: a column per player; the lowest total wins."""

    #: the totals after the hand last scored (the match's end is worded from them)
    _after: tuple[int, ...] = ()

    def columns(self) -> list[str]:
        return list(self.players)

    def kitty_size(self) -> int:
        n = len(self.players)
        return 52 - n * hand_size(n, self.options.kitty) if self.options.kitty else 0

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        seats = tuple(Choice(s, p) for s, p in enumerate(self.players))
        sections = [Section("Points taken", (
            PadField("hearts", "Hearts", maximum=HEARTS, help="1 each; the kitty's count for its taker."),
            PadField("queen", "Queen of spades taken by", kind=CHOICE, scope=HAND, default=0, choices=seats,
                     help="13 points.")))]
        if self.options.kitty:
            cards = tuple(PadField(f"kitty_{k}", f"Kitty card {k + 1}", kind=CHOICE, scope=HAND, default=None,
                                   choices=(UNNAMED, *CARDS)) for k in range(self.kitty_size()))
            sections.append(Section("The kitty", (
                PadField("kitty_taker", "Taken by", kind=CHOICE, scope=HAND, default=0, choices=seats,
                         help="The winner of the first trick."), *cards),
                help="Shown when the hand is scored: its points count for its taker."))
        return Form(tuple(sections), self.columns(), self.players)

    # ---- the hand's score ----------------------------------------------------------------------

    def kitty(self, entry: Entry) -> list[int]:
        return [CARD_OF[entry[f"kitty_{k}"]] for k in range(self.kitty_size()) if entry[f"kitty_{k}"]]

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        points, details, power = hand_row(list(entry["hearts"]), entry["queen"], self.options.moon)
        taker = self.players[entry["kitty_taker"]] if self.options.kitty else None
        note = hand_note(None if power is None else self.players[power], taker, self.kitty(entry))
        n = len(self.players)
        label = hand_label(self.row_label(so_far.hand), direction_of(so_far.hand, pass_cycle(n),
                                                                      self.options.passing))
        self._after = tuple(t + p for t, p in zip(so_far.totals, points, strict=True))
        return HandScore(points, details, note, label=label)

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target, lowest_wins=True)

    def match_reason(self, why: MatchEnd) -> str:
        return reached_words(self.players, list(self._after))

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        taken = sum(entry["hearts"])
        if taken != HEARTS:
            return f"The deck holds {HEARTS} hearts and all are taken in a hand; the entry counts {taken}."
        return self.kitty_problem(entry) if self.options.kitty else None

    def kitty_problem(self, entry: Entry) -> str | None:
        kitty, size = self.kitty(entry), self.kitty_size()
        if len(kitty) != size:
            return f"The kitty held {size} cards: name each of them."
        if len(set(kitty)) != size:
            return "The kitty names a card twice: the deck holds each card once."
        taker = entry["kitty_taker"]
        name, hearts = self.players[taker], sum(IS_HEART[c] for c in kitty)
        if hearts > entry["hearts"][taker]:
            held = f"{hearts} heart{'s' if hearts > 1 else ''}"
            return f"The kitty held {held}, and they count for {name}, who took {entry['hearts'][taker]}."
        if QUEEN_OF_SPADES in kitty and entry["queen"] != taker:
            return f"The queen of spades was in the kitty, so {name}, who took the kitty, took her."
        return None


PAD_RULES = HeartsPad

__all__ = ["PAD_RULES", "HeartsPad"]

"""Canadian Salad on the score pad: after each round, who took each card the round counts (the
book's sheet lists them: "2♥ 9♥ K♥"), and where the round counts them, each player's tricks and
who took the last trick; scored by the game's own :func:`round_row` (clean sweeps included), over
the deck the table plays with for its number of players."""

from __future__ import annotations

from collections import Counter

from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.penalties import Penalty
from gamenight.games.canadian_salad import (
    SCHEDULES,
    CanadianSaladOptions,
    book_deck,
    one_deck,
    over_words,
    round_label,
    round_row,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section


def card_keys(deck: list[int], penalty: Penalty) -> list[tuple[str, int, str]]:
    """The cards a round counts, as (field key, card, label): a card twice in two decks is asked
    twice."""
    if not penalty.per_card:
        return []
    seen: Counter[int] = Counter()
    out = []
    for c in sorted(c for c in deck if penalty.per_card[c]):
        seen[c] += 1
        twice = deck.count(c) > 1
        key = f"card_{C.CODE_OF[c]}" + (f"_{seen[c]}" if twice else "")
        out.append((key, c, C.LABEL_OF[c] + (f" ({'first' if seen[c] == 1 else 'second'})" if twice else "")))
    return out


class CanadianSaladPad(PadRules[CanadianSaladOptions]):
    """Canadian Salad's pad: a column per player, the rounds of the schedule in order."""

    #: the totals after the round last scored (the match's end is worded from them)
    _after: tuple[int, ...] = ()

    def columns(self) -> list[str]:
        return list(self.players)

    def schedule(self) -> tuple[Penalty, ...]:
        return SCHEDULES[self.options.rounds]

    def penalty(self, hand: int) -> Penalty:
        schedule = self.schedule()
        return schedule[min(hand, len(schedule)) - 1]

    def deck(self) -> list[int]:
        n = len(self.players)
        return book_deck(n) if self.options.cards == "book" else one_deck(n)

    def tricks(self) -> int:
        return len(self.deck()) // len(self.players)

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        p = self.penalty(so_far.hand)
        seats = tuple(Choice(s, name) for s, name in enumerate(self.players))
        sections = []
        if p.per_card:
            sections.append(Section("Who took each card", tuple(
                PadField(key, label, kind=CHOICE, scope=HAND, default=0, choices=seats)
                for key, _, label in card_keys(self.deck(), p)), help=p.describe.capitalize() + "."))
        if p.per_trick:
            sections.append(Section("Tricks", (PadField("tricks", "Tricks taken", maximum=self.tricks(),
                                                        help=f"{p.per_trick} each."),)))
        if p.last_trick:
            sections.append(Section("Last trick", (PadField(
                "last", "Taken by", kind=CHOICE, scope=HAND, default=0, choices=seats,
                help=f"{p.last_trick} for it."),)))
        return Form(tuple(sections), self.columns(), self.players)

    # ---- the round's score ---------------------------------------------------------------------

    def takes(self, entry: Entry, p: Penalty) -> list[list[int]]:
        taken: list[list[int]] = [[] for _ in self.players]
        for key, c, _ in card_keys(self.deck(), p):
            taken[entry[key]].append(c)
        return taken

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        p = self.penalty(so_far.hand)
        won = list(entry["tricks"]) if p.per_trick else [0] * len(self.players)
        points, details, note, _ = round_row(p, self.deck(), self.takes(entry, p), won, entry.get("last"),
                                             self.players, sweeps=self.options.clean_sweep)
        self._after = tuple(t + q for t, q in zip(so_far.totals, points, strict=True))
        return HandScore(points, details, note, label=round_label(self.row_label(so_far.hand), p))

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=len(self.schedule()), lowest_wins=True)

    def match_reason(self, why: MatchEnd) -> str:
        return over_words(len(self.schedule()), list(self._after))

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        p = self.penalty(so_far.hand)
        if not p.per_trick:
            return None
        won, tricks = entry["tricks"], self.tricks()
        if sum(won) != tricks:
            return f"{tricks} tricks are played in a round, and the entry counts {sum(won)}."
        taken = self.takes(entry, p)
        for s, name in enumerate(self.players):
            if not won[s] and (taken[s] or entry.get("last") == s):
                return f"{name} took no trick, so took no card and not the last trick."
        return None


PAD_RULES = CanadianSaladPad

__all__ = ["PAD_RULES", "CanadianSaladPad", "card_keys"]

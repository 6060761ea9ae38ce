"""Saskatchewan on the score pad: after each trick hand what it charges for — each player's tricks
or hearts, who took each queen, the king of clubs or the last trick — and after the sevens who
went out first, second (and third) and each player's passes; the payments into and out of the one
pot by the game's own :func:`trick_hand_row` and :func:`sevens_shares`, the sheet in cents as the
engine's."""

from __future__ import annotations

from gamenight.core.scoring import CENTS
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.saskatchewan import (
    HEARTS,
    KING_CLUBS,
    KING_OF_CLUBS,
    LAST_TRICK,
    QUEENS,
    SEVENS,
    TRICK_HANDS,
    TRICKS,
    SaskatchewanOptions,
    ahead_words,
    hand_label,
    hand_penalty,
    pot_note,
    removed_cards,
    sevens_shares,
    trick_hand_row,
)
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

QUEEN_CARDS = [C.make_card(C.QUEEN, s) for s in range(4)]
#: the most passes a player is asked for in the sevens
MOST_PASSES = 200
PLACES = ("first", "second", "third")


class SaskatchewanPad(PadRules[SaskatchewanOptions]):
    """Saskatchewan's pad: a column per player, money in cents."""

    sheet_unit = CENTS
    #: the totals after the hand last scored (the game's end is worded from them)
    _after: tuple[int, ...] = ()

    def columns(self) -> list[str]:
        return list(self.players)

    def schedule(self) -> tuple[str, ...]:
        return (SEVENS,) if self.options.hands == "sevens_only" else (*TRICK_HANDS, SEVENS)

    def kind(self, hand: int) -> str:
        schedule = self.schedule()
        return schedule[min(hand, len(schedule)) - 1]

    def deck(self) -> list[int]:
        removed = set(removed_cards(len(self.players)))
        return [c for c in C.standard_deck() if c not in removed]

    def hearts(self) -> list[int]:
        return [c for c in self.deck() if C.SUIT_OF[c] == C.HEARTS]

    def tricks(self) -> int:
        return len(self.deck()) // len(self.players)

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        kind = self.kind(so_far.hand)
        seats = tuple(Choice(s, p) for s, p in enumerate(self.players))

        def taker(key: str, label: str) -> PadField:
            return PadField(key, label, kind=CHOICE, scope=HAND, default=0, choices=seats)

        if kind == SEVENS:
            places = len(PLACES) if len(self.players) > 3 else 2
            fields = (*(taker(w, f"{w.capitalize()} out") for w in PLACES[:places]),
                      PadField("passes", "Passes", maximum=MOST_PASSES,
                               help="Each time the player could not play and paid into the pot."))
            return Form((Section("Sevens", fields, help="The first out takes half the pot."),),
                        self.columns(), self.players)
        what = hand_penalty(kind, self.options).describe
        if kind == TRICKS:
            fields = (PadField("tricks", "Tricks", maximum=self.tricks()),)
        elif kind == HEARTS:
            fields = (PadField("hearts", "Hearts", maximum=len(self.hearts())),)
        elif kind == QUEENS:
            fields = tuple(taker(f"queen_{C.SUITS[C.SUIT_OF[q]]}", f"{C.LABEL_OF[q]} taken by")
                           for q in QUEEN_CARDS)
        else:
            fields = (taker("taker", "Taken by"),)
        return Form((Section("Taken", fields, help=f"{what[0].upper()}{what[1:]}, into the pot."),),
                    self.columns(), self.players)

    # ---- the hand's payments ---------------------------------------------------------------------

    def taken(self, kind: str, entry: Entry) -> tuple[list[list[int]], list[int], int | None]:
        """The hand's facts as the engine's scoring reads them: the cards each player took that the
        hand counts, his tricks, the last trick's taker."""
        n = len(self.players)
        taken: list[list[int]] = [[] for _ in range(n)]
        if kind == TRICKS:
            return taken, list(entry["tricks"]), None
        if kind == HEARTS:
            hearts = iter(self.hearts())
            for s, k in enumerate(entry["hearts"]):
                taken[s] = [next(hearts) for _ in range(k)]
        elif kind == QUEENS:
            for q in QUEEN_CARDS:
                taken[entry[f"queen_{C.SUITS[C.SUIT_OF[q]]}"]].append(q)
        elif kind == KING_CLUBS:
            taken[entry["taker"]].append(KING_OF_CLUBS)
        return taken, [0] * n, entry["taker"] if kind == LAST_TRICK else None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        kind = self.kind(so_far.hand)
        pot = -sum(so_far.totals)  # everything the players paid and nobody took yet
        label = hand_label(self.row_label(so_far.hand), kind)
        if kind == SEVENS:
            rate, passes = self.options.pass_rate, list(entry["passes"])
            pot += rate * sum(passes)
            out = [entry[w] for w in PLACES if w in entry]
            places, amounts, details = sevens_shares(
                pot, out, passes, second_gets_half=self.options.three_player_payout == "second_gets_half")
            points = [-rate * p for p in passes]
            for seat, amount in zip(places, amounts, strict=False):
                points[seat] += amount
        else:
            owed, details = trick_hand_row(kind, hand_penalty(kind, self.options), *self.taken(kind, entry))
            points = [-o for o in owed]
            pot += sum(owed)
        self._after = tuple(t + p for t, p in zip(so_far.totals, points, strict=True))
        return HandScore(points, details, pot_note(pot), label=label)

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=len(self.schedule()))

    def match_reason(self, why: MatchEnd) -> str:
        return ahead_words(self.players, list(self._after))

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        kind = self.kind(so_far.hand)
        if kind == TRICKS and (took := sum(entry["tricks"])) != self.tricks():
            return f"{self.tricks()} tricks are played in a hand, and the entry counts {took}."
        if kind == HEARTS and sum(entry["hearts"]) != len(self.hearts()):
            return (f"The deck holds {len(self.hearts())} hearts and all are taken, and the entry counts "
                    f"{sum(entry['hearts'])}.")
        if kind == SEVENS:
            out = [entry[w] for w in PLACES if w in entry]
            if len(set(out)) != len(out):
                return "A player goes out once: the places name him twice."
        return None


PAD_RULES = SaskatchewanPad

__all__ = ["PAD_RULES", "SaskatchewanPad"]

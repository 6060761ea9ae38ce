"""Samba (and Bolivia, Brazilian Canasta) on the score pad: what a side writes down after each
hand, the hands the rules make impossible, and the hand's points by the game's own
:func:`~gamenight.games.samba.score_samba_side`.

Each side enters its canastas by kind (natural and mixed groups, sambas, bolivias where wild
melds are played), its incomplete sequences and wild melds where the rules charge them, its red
threes, the cards it melded (canastas included) and the cards left in its players' hands, counted
by value; the hand says who went out, if anyone.
"""

from __future__ import annotations

from gamenight.families.canasta_turn import OFF
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.hand_and_foot import CARD_CLASSES, CLASS_CARD, plural
from gamenight.games.hand_and_foot_pad import PER_DECK
from gamenight.games.samba import (
    ANY_MELD,
    CANASTA_AND_SAMBA,
    D4,
    ONE_CANASTA,
    PART_WORDS,
    TWO_CANASTAS,
    VALUES,
    SambaHand,
    SambaOptions,
    first_meld,
    match_reason,
    match_rules,
    score_samba_side,
)
from gamenight.pad.game import HandScore, OppositePartners, Progress
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

DECKS = 3
CANASTA = 7
CLASS_WORDS = dict(CARD_CLASSES)
WILD_CLASSES = ("jokers", "twos")
NATURAL_CLASSES = ("aces", "high", "low")
MELD_CLASSES = (*WILD_CLASSES, *NATURAL_CLASSES, "black_threes")
HELD_CLASSES = (*WILD_CLASSES, *NATURAL_CLASSES, "black_threes")


def _get(entry: Entry, key: str, col: int) -> int:
    """A count the form leaves out under these rules is none."""
    value = entry.get(key)
    return int(value[col]) if isinstance(value, list) else 0


class SambaPad(OppositePartners[SambaOptions]):
    """Samba's pad: two partnerships, partners opposite."""

    @staticmethod
    def in_play(kind: str) -> int:
        return PER_DECK[kind] * DECKS

    # ---- the form ------------------------------------------------------------------------------

    def canasta_fields(self) -> list[PadField]:
        o = self.options
        most = DECKS * 54 // CANASTA
        fields = [PadField("natural", "Natural canastas", maximum=most,
                           help="Seven or more of a rank, no wild card: 500 each."),
                  PadField("mixed", "Mixed canastas", maximum=most,
                           help="Seven or more of a rank with one or two wild cards: 300 each."),
                  PadField("sambas", "Sambas", maximum=most,
                           help="Seven in sequence in one suit: 1500 each.")]
        if o.wild_melds:
            fields.append(PadField("bolivias", "Bolivias", maximum=most,
                                   help=f"Seven wild cards: {o.bolivia_bonus} each."))
        return fields

    def incomplete_fields(self) -> list[PadField]:
        o = self.options
        if o.incomplete_penalty == OFF:
            return []
        most = DECKS * 54 // 3
        if o.incomplete_penalty != D4:
            return [PadField("short_runs", "Sequences of three or four cards", maximum=most,
                             help="1000 each taken off, whoever ended the hand.")]
        fields = [PadField("short_runs", "Sequences of three or four cards", maximum=most),
                  PadField("runs_five_six", "Sequences of five or six cards", maximum=most)]
        if o.wild_melds:
            fields.append(PadField("short_wilds", "Wild melds of three to six cards", maximum=most))
        return fields

    def form(self, so_far: Progress) -> Form:
        o = self.options
        sections = [Section("Canastas", tuple(self.canasta_fields()))]
        if short := self.incomplete_fields():
            sections.append(Section("Incomplete melds", tuple(short),
                                    help="1000 each taken off from the side that did not go out "
                                         "(nothing when the stock ran out)." if o.incomplete_penalty == D4
                                    else ""))
        sections.append(Section("Red threes", (PadField(
            "red_threes", "Red threes laid out", maximum=self.in_play("red_threes"),
            help=self.red_threes_words()),)))
        sections.append(Section("Cards melded", tuple(
            PadField(f"melded_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{VALUES[CLASS_CARD[k]]} each.") for k in MELD_CLASSES),
            help="Every card the side laid down, its canastas included."))
        sections.append(Section("Cards left in hand", tuple(
            PadField(f"left_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{self._cost(k)} each taken off.") for k in HELD_CLASSES),
            help="The cards still in the partners' hands, counted against the side."))
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        sections.append(Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND,
                                                       default=None, choices=out),)))
        return Form(tuple(sections), self.columns(), self.players)

    def red_threes_words(self) -> str:
        o = self.options
        table = ("100 each up to four, five 1000, six 1200" if o.red3_table == "brazilian"
                 else "100 each, all six 1000")
        minus = {TWO_CANASTAS: "without two canastas", ONE_CANASTA: "without a canasta",
                 ANY_MELD: "that melded nothing"}[o.red3_positive_if]
        return f"{table}; taken off from a side {minus}."

    def _cost(self, kind: str) -> int:
        return self.options.black3_in_hand if kind == "black_threes" else VALUES[CLASS_CARD[kind]]

    # ---- the hand's facts and score ----------------------------------------------------------------

    def samba_hand(self, entry: Entry, team: int) -> SambaHand:
        out = entry["out"]
        return SambaHand(
            natural=entry["natural"][team], mixed=entry["mixed"][team], sambas=entry["sambas"][team],
            bolivias=_get(entry, "bolivias", team), short_runs=_get(entry, "short_runs", team),
            runs_five_six=_get(entry, "runs_five_six", team), short_wilds=_get(entry, "short_wilds", team),
            red_threes=entry["red_threes"][team],
            melded={k: entry[f"melded_{k}"][team] for k in MELD_CLASSES},
            held={k: entry[f"left_{k}"][team] for k in HELD_CLASSES},
            went_out=out is not None and self.column_of(out) == team, anyone_out=out is not None)

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        parts = [score_samba_side(self.options, self.samba_hand(entry, t)) for t in range(2)]
        out = entry["out"]
        how = f"{self.players[out]} went out" if out is not None else "the stock ran out"
        lines = [[f"{PART_WORDS[k]} {v:+d}" for k, v in p.items() if v] for p in parts]
        return HandScore([sum(p.values()) for p in parts], [", ".join(line) for line in lines], how, lines)

    def row_caption(self, so_far: Progress) -> str:
        """Each side's first meld, as its score sets it."""
        words = [self.first_meld_words(total) for total in so_far.totals]
        if len(set(words)) == 1:
            return f"First meld {words[0]}"
        return "First meld " + ", ".join(f"{c} {w}" for c, w in zip(self.columns(), words, strict=True))

    def first_meld_words(self, score: int) -> str:
        points, need = first_meld(self.options, score)
        canasta = {"any": "a complete canasta", "natural": "a natural canasta (or a samba)"}.get(need, "")
        if canasta and points:
            return f"{canasta} and {points} points"
        return canasta or f"{points} points" if points else canasta or "any meld"

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        return match_reason(self.options, why)

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        hands = [self.samba_hand(entry, t) for t in range(2)]
        return (self.more_than_the_decks_hold(entry)
                or next((w for t, h in enumerate(hands) if (w := self.side_problem(t, h))), None)
                or self.going_out_problem(entry, hands))

    def more_than_the_decks_hold(self, entry: Entry) -> str | None:
        for kind, words in CARD_CLASSES:
            n = sum(_get(entry, f"left_{kind}", t) + _get(entry, f"melded_{kind}", t) for t in range(2))
            if kind == "red_threes":
                n += sum(entry["red_threes"])
            if n > self.in_play(kind):
                return f"Three decks hold {self.in_play(kind)} {words}, and the entry counts {n} in all."
        return None

    def side_problem(self, team: int, h: SambaHand) -> str | None:
        """A side's canastas and incomplete melds must be made of the cards it melded: a group
        holds two wild cards at most, a sequence none, a bolivia seven."""
        name = self.columns()[team]
        wilds = sum(h.melded[k] for k in WILD_CLASSES)
        naturals = sum(h.melded[k] for k in NATURAL_CLASSES)
        full = h.canastas
        short = h.short_runs + h.runs_five_six + h.short_wilds
        least = CANASTA * full + 3 * h.short_runs + 5 * h.runs_five_six + 3 * h.short_wilds
        if least > wilds + naturals:
            return (f"{name}: {plural(full, 'canasta')} and {plural(short, 'incomplete meld')} take at least "
                    f"{least} cards, and the side melded {wilds + naturals} (threes never make melds).")
        least_wild = h.mixed + CANASTA * h.bolivias + 3 * h.short_wilds
        if least_wild > wilds:
            return (f"{name}: its melds need at least {plural(least_wild, 'wild card')} (one or two in a "
                    "mixed canasta, seven in a bolivia, three or more in a wild meld), and the side melded "
                    f"{wilds}.")
        # a mixed group holds two wild cards at most: five naturals in a mixed canasta
        least_natural = CANASTA * (h.natural + h.sambas) + 5 * (h.mixed + h.runs_five_six) + 3 * h.short_runs
        if least_natural > naturals:
            return (f"{name}: its melds need at least {least_natural} natural cards, and the side melded "
                    f"{naturals}.")
        return None

    def going_out_problem(self, entry: Entry, hands: list[SambaHand]) -> str | None:
        for t, h in enumerate(hands):
            n = h.melded["black_threes"]
            if n and not h.went_out:
                return f"{self.columns()[t]}: black threes go down only with the player going out."
            if n and n not in (3, 4):
                return f"{self.columns()[t]}: black threes go down as one group of three or four."
        out = entry["out"]
        if out is None:
            return None
        h = hands[self.column_of(out)]
        if self.options.go_out == CANASTA_AND_SAMBA:
            if not h.sambas or h.natural + h.mixed + h.bolivias < 1:
                return f"{self.players[out]} cannot have gone out: going out needs a canasta and a samba."
        elif h.canastas < 2:
            return f"{self.players[out]} cannot have gone out: going out needs two canastas or sambas."
        return None


PAD_RULES = SambaPad

__all__ = ["PAD_RULES", "SambaPad"]

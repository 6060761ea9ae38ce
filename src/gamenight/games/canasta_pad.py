"""Canasta on the score pad (two, three and four players), and the pad Mexicana and Joker Canasta
build on: what a side writes down after each hand, the hands the rules make impossible, and the
hand's points by the game's own :func:`~gamenight.games.canasta.score_side`.

Each column (a partnership at four, a player at two or three) enters its canastas by kind, its red
threes, the cards it melded (canastas included) and the cards left in its players' hands, counted
by value; the hand says who went out (and whether concealed). At three, the hand also says who
played alone (the first to take the pile); the two partners' melds count together, entered under
either of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.families.canasta_turn import CARD_TAKEN_BACK
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.canasta import (
    BY_COUNT,
    MIXED,
    NATURAL,
    VALUES,
    WORDS,
    CanastaOptions,
    SideHand,
    match_reason,
    match_rules,
    opening_minimum,
    side_results,
)
from gamenight.games.hand_and_foot import CARD_CLASSES, CLASS_CARD
from gamenight.games.hand_and_foot_pad import PER_DECK
from gamenight.pad.game import HandScore, PadRules, Progress, partnerships
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

CANASTA = 7
CLASS_WORDS = dict(CARD_CLASSES)
WILD_CLASSES = ("jokers", "twos")
NATURAL_CLASSES = ("aces", "high", "low")
MELD_CLASSES = (*WILD_CLASSES, *NATURAL_CLASSES)
NO, YES = "no", "yes"


def count_of(entry: Entry, key: str, col: int) -> int:
    """A count the form leaves out under these rules is none."""
    value: Any = entry.get(key)
    return int(value[col]) if value is not None else 0


class CanastaPad(PadRules[Any]):
    """Classic canasta's pad; a variation changes the canasta kinds, the threes and going out."""

    options: CanastaOptions
    #: the decks in play (jokers two a deck)
    decks = 2

    # ---- the table ------------------------------------------------------------------------

    @property
    def three(self) -> bool:
        return len(self.players) == 3

    def columns(self) -> list[str]:
        p = self.players
        return partnerships(p) if len(p) == 4 else list(p)

    def column_of(self, seat: int) -> int:
        return seat % 2 if len(self.players) == 4 else seat

    def in_play(self, kind: str) -> int:
        return PER_DECK[kind] * self.decks

    # ---- what a variation changes -----------------------------------------------------------

    def canasta_kinds(self) -> list[tuple[str, str, str]]:
        """(key, label, help) of each kind of canasta the scoring tells apart."""
        o = self.options
        return [(NATURAL, "Natural canastas", f"Seven or more naturals: {o.natural_bonus} each."),
                (MIXED, "Mixed canastas", f"Seven or more cards with wild cards among them: {o.mixed_bonus} "
                                          "each.")]

    def bonuses(self) -> dict[str, int]:
        return {}

    def threes_fields(self) -> list[PadField]:
        o = self.options
        return [PadField("red_threes", "Red threes", maximum=self.in_play("red_threes"),
                         help=f"{o.red_three_bonus} each, all four {o.all_red_threes}; taken off from a side "
                              "that melded nothing.")]

    def threes(self, entry: Entry, col: int) -> dict[str, int]:
        return {"red": count_of(entry, "red_threes", col)}

    def melded_kinds(self) -> list[str]:
        """Black threes go down only as a group by a player going out."""
        return [*MELD_CLASSES, "black_threes"]

    def held_kinds(self) -> list[str]:
        """A red three is laid out the moment it arrives: one is left only where the rules charge it."""
        kinds = [*MELD_CLASSES, "black_threes"]
        return [*kinds, "red_threes"] if self.penalise else kinds

    @property
    def penalise(self) -> bool:
        return getattr(self.options, "irregularities", "") == "penalise"

    def canastas_to_go_out(self, hand: SideHand) -> str | None:
        """Why a side with these canastas (and threes) could not have gone out, or ``None``."""
        need = self.options.canastas_to_go_out or BY_COUNT[len(self.players)][2]
        if sum(hand.canastas.values()) < need:
            return f"going out needs {need} canasta{'s' if need > 1 else ''}"
        return None

    def score_columns(self, hands: Sequence[SideHand], lone: int | None) -> list[dict[str, int]]:
        return side_results(self.options, hands, lone, penalise=self.penalise)

    def minimum(self, score: int) -> int:
        return opening_minimum(self.options, score)

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        most = self.decks * 54 // CANASTA
        sections = [Section("Canastas", tuple(PadField(k, label, maximum=most, help=words)
                                              for k, label, words in self.canasta_kinds())),
                    Section("Threes laid out", tuple(self.threes_fields()))]
        values = {k: self.value(k) for k, _ in CARD_CLASSES}
        sections.append(Section("Cards melded", tuple(
            PadField(f"melded_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{values[k]} each.") for k in self.melded_kinds()),
            help="Every card the side laid down, its canastas included."))
        sections.append(Section("Cards left in hand", tuple(
            PadField(f"left_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{values[k]} each taken off.") for k in self.held_kinds()),
            help="The cards still in the side's hands, counted against it."))
        if self.penalise:
            sections.append(Section("Irregularities", (PadField(
                "taken_back", "Cards taken back", maximum=self.decks * 54,
                help=f"{CARD_TAKEN_BACK} each off: cards laid against the rules and taken back."),)))
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        hand = [PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=out),
                PadField("concealed", "Concealed", kind=CHOICE, scope=HAND, default=NO,
                         choices=(Choice(NO, "No"), Choice(YES, "Yes: the whole hand in one turn")),
                         help=f"Going out concealed scores {self.options.concealed_bonus}.")]
        if self.three:
            lone = (*(Choice(s, p) for s, p in enumerate(self.players)),
                    Choice(None, "Nobody: the pile was never taken"))
            hand.append(PadField("lone", "Played alone", kind=CHOICE, scope=HAND, default=None, choices=lone,
                                 help="The first to take the pile (or whoever went out before anyone did); "
                                      "the other two are partners, their melds counted together."))
        sections.append(Section("Going out", tuple(hand)))
        return Form(tuple(sections), self.columns(), self.players)

    def value(self, kind: str) -> int:
        return VALUES[CLASS_CARD[kind]]

    # ---- the hand's facts and score --------------------------------------------------------------

    def lone(self, entry: Entry) -> int | None:
        """Three-hand: who played alone (whoever went out, when nobody took the pile)."""
        if not self.three:
            return None
        lone: int | None = entry["lone"]
        return lone if lone is not None else entry["out"]

    def side_hand(self, entry: Entry, col: int) -> SideHand:
        out = entry["out"]
        lone = self.lone(entry)
        went_out = out is not None and (self.column_of(out) == col
                                        or (lone is not None and col != lone and out != lone))
        return SideHand(
            canastas={k: entry[k][col] for k, _, _ in self.canasta_kinds()}, threes=self.threes(entry, col),
            melded={k: entry[f"melded_{k}"][col] for k in self.melded_kinds()},
            held={k: entry[f"left_{k}"][col] for k in self.held_kinds()},
            went_out=went_out, concealed=went_out and entry["concealed"] == YES,
            penalties=CARD_TAKEN_BACK * count_of(entry, "taken_back", col), bonuses=self.bonuses())

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        hands = [self.side_hand(entry, c) for c in range(len(self.columns()))]
        parts = self.score_columns(hands, self.lone(entry))
        out = entry["out"]
        how = (f"{self.players[out]} went out" + (" concealed" if entry["concealed"] == YES else "")
               if out is not None else "the stock ran out")
        lines = [[f"{WORDS[k]} {v:+d}" for k, v in p.items() if v] for p in parts]
        details = [", ".join(line) for line in lines]
        return HandScore([sum(p.values()) for p in parts], details, how, lines)

    def row_caption(self, so_far: Progress) -> str:
        """Each side's opening minimum, as its score sets it."""
        minimums = [self.minimum(total) for total in so_far.totals]
        if len(set(minimums)) == 1:
            return f"First meld {minimums[0]}"
        return "First meld " + ", ".join(f"{c} {m}" for c, m in zip(self.columns(), minimums, strict=True))

    def match_rules(self) -> MatchRules:
        return match_rules(self.options, len(self.players))

    def match_reason(self, why: MatchEnd) -> str:
        return match_reason(self.options, len(self.players), why)

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        hands = [self.side_hand(entry, c) for c in range(len(self.columns()))]
        return (self.more_than_the_decks_hold(entry)
                or next((w for n, h in self.units(entry, hands) if (w := self.side_problem(n, h))), None)
                or self.going_out_problem(entry, hands))

    def units(self, entry: Entry, hands: list[SideHand]) -> list[tuple[str, SideHand]]:
        """The sides whose melds the rules check together: at three, the partners' are pooled."""
        names = self.columns()
        lone = self.lone(entry)
        if lone is None:
            return list(zip(names, hands, strict=True))
        a, b = (s for s in range(3) if s != lone)
        pooled = SideHand({k: hands[a].canastas[k] + hands[b].canastas[k] for k in hands[a].canastas}, {},
                          {k: hands[a].melded[k] + hands[b].melded[k] for k in hands[a].melded}, {},
                          hands[a].went_out)
        return [(names[lone], hands[lone]), (f"{names[a]} and {names[b]}", pooled)]

    def more_than_the_decks_hold(self, entry: Entry) -> str | None:
        cols = range(len(self.columns()))
        for kind, words in CARD_CLASSES:
            n = sum(count_of(entry, f"left_{kind}", c) + count_of(entry, f"melded_{kind}", c) for c in cols)
            n += sum(self.threes(entry, c).get("red" if kind == "red_threes" else "black", 0) for c in cols
                     if kind in ("red_threes", "black_threes"))
            if n > self.in_play(kind):
                return f"The decks hold {self.in_play(kind)} {words}, and the entry counts {n} in all."
        return None

    def side_problem(self, name: str, h: SideHand) -> str | None:
        """A side's canastas must be made of the cards it melded, each meld with at least as many
        naturals as wild cards and three wild cards at most."""
        made = sum(h.canastas.values())
        wilds = sum(h.melded[k] for k in WILD_CLASSES)
        naturals = sum(h.melded[k] for k in NATURAL_CLASSES)
        if CANASTA * made > wilds + naturals:
            takes = f"{made} canasta takes" if made == 1 else f"{made} canastas take"
            return (f"{name}: {takes} at least {CANASTA * made} cards, and the side melded "
                    f"{wilds + naturals} (threes never make canastas).")
        return self.wild_cards_problem(name, h, wilds, naturals)

    def least_in(self, kind: str) -> tuple[int, int]:
        """The fewest natural and wild cards a canasta of ``kind`` holds (a mixed canasta: four
        naturals, as it holds three wild cards at most, and one wild card)."""
        return (CANASTA, 0) if kind == NATURAL else (4, 1)

    #: every meld holds at least as many naturals as wild cards (no meld of wild cards alone)
    wild_melds = False

    def wild_cards_problem(self, name: str, h: SideHand, wilds: int, naturals: int) -> str | None:
        least = [self.least_in(kind) for kind, n in h.canastas.items() for _ in range(n)]
        need_wild = sum(w for _, w in least)
        if need_wild > wilds:
            cards = f"{need_wild} wild card{'s' if need_wild > 1 else ''}"
            return f"{name}: its canastas hold at least {cards}, and the side melded {wilds}."
        need_natural = sum(n for n, _ in least)
        if need_natural > naturals:
            return (f"{name}: its canastas need at least {need_natural} natural cards (seven in a natural "
                    f"canasta, four or more in a mixed one), and the side melded {naturals}.")
        if wilds > naturals and not self.wild_melds:
            return (f"{name}: every meld holds at least as many natural cards as wild cards, and the side "
                    f"melded {wilds} wild and {naturals} natural.")
        return None

    def going_out_problem(self, entry: Entry, hands: list[SideHand]) -> str | None:
        out = entry["out"]
        for c, h in enumerate(hands):
            n = h.melded.get("black_threes", 0)
            if n and not h.went_out:
                return f"{self.columns()[c]}: black threes go down only with the player going out."
            if n and n not in (3, 4):
                return f"{self.columns()[c]}: black threes go down as one group of three or four."
        if out is None:
            return "Nobody went out, so nobody went out concealed." if entry["concealed"] == YES else None
        name = self.players[out]
        side = next(h for n, h in self.units(entry, hands) if h.went_out)
        why = self.canastas_to_go_out(side)
        if why:
            return f"{name} cannot have gone out: {why}."
        if len(self.players) < 4 and any(hands[out].held.values()):
            return f"{name} went out, so no cards were left in his hand."
        return None


PAD_RULES = CanastaPad

__all__ = ["PAD_RULES", "CanastaPad"]

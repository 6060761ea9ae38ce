"""Hand and Foot on the score pad: what a team writes down after each round, the rounds the rules
make impossible, and the round's points by the game's own :func:`score_team`.

Each team enters its canastas by kind, the red threes it laid out, the cards it melded (canastas
included) and the cards left in its players' hands and feet, counted by value; and the round says
who went out, if anyone. A team made its first meld exactly when it melded a card: a turn below
the minimum cannot end, so a round never ends with books that did not meet it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gamenight.families.canasta import AT_LEAST, Requirement
from gamenight.families.canasta_turn import BONUS, GROUP_OUT, card_values, held_cost
from gamenight.families.canasta_turn.base import part_details
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.hand_and_foot import (
    CARD_CLASSES,
    CLASS_CARD,
    PART_WORDS,
    HandAndFootOptions,
    TeamHand,
    first_meld,
    match_reason,
    match_rules,
    score_team,
)
from gamenight.pad.game import HandScore, PadRules, Progress, partnerships
from gamenight.pad.schema import CHOICE, HAND, Choice, Entry, Form, PadField, Section

CANASTA = 7
WILD_CLASSES = ("jokers", "twos")
NATURAL_CLASSES = ("aces", "high", "low")
#: how many cards of each kind one deck holds
PER_DECK = {"jokers": 2, "twos": 4, "aces": 4, "high": 24, "low": 16, "black_threes": 2, "red_threes": 2}
CLASS_WORDS = dict(CARD_CLASSES)


class HandAndFootPad(PadRules[HandAndFootOptions]):
    """Hand and Foot's pad: two teams, partners alternating."""

    def columns(self) -> list[str]:
        """The teams by their players' names, as the engine names them by its seats' ("North–South")."""
        p = self.players
        if len(p) == 4:
            return partnerships(p)
        return [", ".join(p[t::2]) for t in range(2)]

    def column_of(self, seat: int) -> int:
        return seat % 2

    def decks(self) -> int:
        return len(self.players) + self.options.extra_decks

    def in_play(self, kind: str) -> int:
        return PER_DECK[kind] * self.decks()

    # ---- the form ------------------------------------------------------------------------------

    def melded_kinds(self) -> list[str]:
        """Black threes go down only where the rules let a group of them go out."""
        kinds = [*WILD_CLASSES, *NATURAL_CLASSES]
        return [*kinds, "black_threes"] if self.options.black_threes == GROUP_OUT else kinds

    def form(self, so_far: Progress) -> Form:
        o = self.options
        values = card_values(o.deuce_value)
        most = self.decks() * 54 // CANASTA
        canastas = [PadField("clean", "Red canastas", maximum=most,
                             help=f"Seven naturals: {o.clean_bonus} each."),
                    PadField("dirty", "Black canastas", maximum=most,
                             help=f"Seven cards with wild cards among them: {o.dirty_bonus} each.")]
        if o.wild_books:
            canastas.append(PadField("wild", "Wild canastas", maximum=most,
                                     help=f"Seven wild cards: {o.wild_bonus} each."))
        sections = [Section("Canastas", tuple(canastas))]
        if o.red_threes == BONUS:
            sections.append(Section("Red threes", (PadField(
                "red_threes", "Red threes laid out", maximum=self.in_play("red_threes"),
                help=f"{o.red_three_bonus} each, taken off from a team that never made its first meld."),)))
        sections.append(Section("Cards melded", tuple(
            PadField(f"melded_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{values[CLASS_CARD[k]]} each.") for k in self.melded_kinds()),
            help="Every card the team laid down, its canastas included."))
        sections.append(Section("Cards left in hand and foot", tuple(
            PadField(f"left_{k}", CLASS_WORDS[k].capitalize(), maximum=self.in_play(k),
                     help=f"{self._cost(k)} each taken off.") for k, _ in CARD_CLASSES),
            help="The cards still in the team's hands and feet, counted against it."))
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody: the stock ran out"))
        sections.append(Section("Going out", (PadField("out", "Who went out", kind=CHOICE, scope=HAND,
                                                       default=None, choices=out),)))
        return Form(tuple(sections), self.columns(), self.players)

    def _cost(self, kind: str) -> int:
        o = self.options
        return held_cost(CLASS_CARD[kind], card_values(o.deuce_value), o.red_three_held, o.black_three_held)

    # ---- the hand's facts and score ----------------------------------------------------------------

    def team_hand(self, entry: Entry, team: int) -> TeamHand:
        melded: dict[str, int] = {k: entry[f"melded_{k}"][team] for k in self.melded_kinds()}
        held: dict[str, int] = {k: entry[f"left_{k}"][team] for k, _ in CARD_CLASSES}
        out = entry["out"]
        return TeamHand(canastas=(entry["clean"][team], entry["dirty"][team], _get(entry, "wild", team)),
                        red_threes=_get(entry, "red_threes", team), opened=sum(melded.values()) > 0,
                        melded=melded, held=held, went_out=out is not None and self.column_of(out) == team)

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        results = [score_team(self.options, self.team_hand(entry, t)) for t in range(2)]
        out = entry["out"]
        how = f"{self.players[out]} went out" if out is not None else "the stock ran out"
        parts = [r[1] for r in results]
        # the book's order: the bonuses marked down, then the card count on the table, less the cards left
        lines = [[f"{PART_WORDS[k]} {v:+d}" for k, v in p.items() if v] for p in parts]
        hands = [self.team_hand(entry, t) for t in range(2)]
        return HandScore([r[0] for r in results], part_details(parts, PART_WORDS), how, lines,
                         part_rows=self.sheet_lines(hands, parts))

    def sheet_lines(self, hands: list[TeamHand], parts: list[dict[str, int]]) -> list[tuple[str, list[int]]]:
        """The round's lines on the book's sheet, in its order: the bonuses marked down (going out,
        red threes, each kind of canasta), then the card count on the table, less the cards left in
        hand and foot. Each kind of canasta is priced by ``score_team`` itself, given that kind alone."""
        o = self.options
        kinds = [("Red canastas", 0), ("Black canastas", 1)]
        if o.wild_books:
            kinds.append(("Wild canastas", 2))
        rows: list[tuple[str, list[int]]] = [("Going out", [p["going_out"] for p in parts])]
        if o.red_threes == BONUS:
            rows.append(("Red threes", [p["red_threes"] for p in parts]))
        for label, kind in kinds:
            alone = [replace(h, canastas=only_kind(h.canastas, kind)) for h in hands]
            rows.append((label, [score_team(o, h)[1]["canastas"] for h in alone]))
        rows += [("Cards melded", [p["melded"] for p in parts]),
                 ("Cards left in hand and foot", [p["held"] for p in parts])]
        return rows

    def row_caption(self, so_far: Progress) -> str:
        """The round's first-meld minimum, as the book's sheet prints it (each team's, where it goes
        by the team's score)."""
        o = self.options
        minimums = [first_meld(o, so_far.hand, total) for total in so_far.totals]
        if len(set(minimums)) == 1:
            return f"First meld {minimums[0]}"
        return "First meld " + ", ".join(f"{c} {m}" for c, m in zip(self.columns(), minimums, strict=True))

    def match_rules(self) -> MatchRules:
        return match_rules(self.options)

    def match_reason(self, why: MatchEnd) -> str:
        return match_reason(self.options, why)

    # ---- what is impossible ------------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        hands = [self.team_hand(entry, t) for t in range(2)]
        return (self.more_than_the_decks_hold(entry)
                or next((w for t, h in enumerate(hands) if (w := self.team_problem(t, h))), None)
                or self.going_out_problem(entry, hands))

    def more_than_the_decks_hold(self, entry: Entry) -> str | None:
        for kind, words in CARD_CLASSES:
            n = sum(entry[f"left_{kind}"]) + sum(entry.get(f"melded_{kind}", [0, 0]))
            if kind == "red_threes":
                n += sum(entry.get("red_threes", [0, 0]))
            if n > self.in_play(kind):
                return (f"{self.decks()} decks hold {self.in_play(kind)} {words}, and the entry counts {n} "
                        "between the teams.")
        return None

    def team_problem(self, team: int, h: TeamHand) -> str | None:
        """A team's canastas must be made of the cards it melded."""
        o = self.options
        name = self.columns()[team]
        clean, dirty, wild = h.canastas
        wilds = sum(h.melded[k] for k in WILD_CLASSES)
        naturals = sum(h.melded[k] for k in NATURAL_CLASSES)
        if CANASTA * (clean + dirty + wild) > wilds + naturals:
            made = clean + dirty + wild
            takes = f"{made} canasta takes" if made == 1 else f"{made} canastas take"
            return (f"{name}: {takes} at least {CANASTA * made} cards, and the team melded "
                    f"{wilds + naturals} (threes never make books).")
        # a black canasta holds a wild card, and fewer wild cards than naturals (either ratio of
        # the rules allows three of seven), or fewer still where the rules cap them
        most_wild = (CANASTA - 1) // 2
        if o.max_wilds:
            most_wild = min(most_wild, o.max_wilds)
        if CANASTA * wild + dirty > wilds:
            return (f"{name}: its canastas need at least {CANASTA * wild + dirty} wild cards (seven in a "
                    f"wild canasta, one or more in a black one), and the team melded {wilds}.")
        if CANASTA * clean + (CANASTA - most_wild) * dirty > naturals:
            return (f"{name}: its canastas need at least {CANASTA * clean + (CANASTA - most_wild) * dirty} "
                    f"natural cards (seven in a red canasta, {CANASTA - most_wild} or more in a black one), "
                    f"and the team melded {naturals}.")
        loose = wilds + naturals - CANASTA * (clean + dirty + wild)
        if o.dirty_closes and loose in (1, 2):
            return (f"{name}: every canasta closes at seven cards, so the other {loose} melded "
                    f"card{'s' if loose > 1 else ''} would be a book of fewer than three.")
        if not o.wild_books and wilds and (wilds > naturals if o.ratio == AT_LEAST else wilds >= naturals):
            more = "at least as many" if o.ratio == AT_LEAST else "more"
            return (f"{name}: every book holds {more} natural cards than wild cards (these rules have no "
                    f"wild books), and the team melded {wilds} wild and {naturals} natural.")
        return None

    def going_out_problem(self, entry: Entry, hands: list[TeamHand]) -> str | None:
        o = self.options
        out = entry["out"]
        threes = entry.get("melded_black_threes", [0, 0])
        for t, n in enumerate(threes):
            if n and not hands[t].went_out:
                return f"{self.columns()[t]}: black threes go down only with the team going out."
            if n and n not in (3, 4):
                return f"{self.columns()[t]}: black threes go down as one group of three or four."
        if out is None:
            return None
        team = self.column_of(out)
        name, hand = self.players[out], hands[team]
        need = Requirement(o.need_clean, o.need_dirty, o.need_wild)
        if not need.met(hand.canastas):
            return f"{name} cannot have gone out: going out needs {need.describe()}."
        if sum(hand.melded.values()) == 0:
            return f"{name} cannot have gone out: the team melded nothing."
        if len(self.players) == 2 and any(hand.held.values()):
            return f"{name} went out, so no cards were left in his hand and foot."
        return None


def only_kind(canastas: tuple[int, int, int], kind: int) -> tuple[int, int, int]:
    """A team's canastas of one kind (0 red, 1 black, 2 wild), the others left out."""
    red, black, wild = canastas
    return (red if kind == 0 else 0, black if kind == 1 else 0, wild if kind == 2 else 0)


def _get(entry: Entry, key: str, team: int) -> int:
    """A count the form leaves out under these rules (wild canastas, red threes laid out) is none."""
    value: Any = entry.get(key)
    return int(value[team]) if value is not None else 0


PAD_RULES = HandAndFootPad

__all__ = ["PAD_RULES", "HandAndFootPad"]

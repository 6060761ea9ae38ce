"""Joker Canasta (the Ultimate Book of Card Games, canasta variation 4; other-seeds §8.4): classic
canasta for four in two partnerships (``gamenight rules canasta``: the deal, the turn, asking
partner, concealed going out, the exhausted stock and scoring as there), with these differences:

* **108 cards** (two decks and four jokers: D4 is silent; BN plays it "the same as regular
  Canasta", and D4's four jokers and fourth three of each colour fit). **Thirteen cards** each;
  one card drawn a turn.
* **The pile is always frozen** (kernel switch ``always_frozen``): it is taken only with a
  natural pair of its top card from the hand, melded at once with it. No wild card helps and the
  side's melds do not help.
* **No meld grows beyond seven cards**: a canasta is exactly seven, and is then closed. Once a
  side's canasta of a rank is complete, a new meld of that rank may start (HOUSE: otherwise the
  rank's further cards would be dead; the one-meld-per-rank rule holds for open melds).
* **Wild melds**: three to six wild cards may be melded and built (HOUSE), seven make a wild
  canasta: **seven twos 4,000**; **four jokers and three twos 3,000**; any other mix **2,000**
  (BN; D4's "if you hold seven 2s" is read as a melded canasta of seven twos, HOUSE). Mixed melds
  keep §7's limits: at least two naturals, never more wild cards than naturals, three at most.
* **Black threes behave like red ones**: laid out at once and replaced (``black_threes=
  "laid_out"``), never held, melded or discarded, so they are no stop cards any more; a turned-up
  three of either colour is covered like a wild card (the pile is frozen anyway).
* **Threes score by colour**, each colour counted on its own: the first 100, the second 300, the
  third 500, the fourth 1,000. Default (option ``threes_table``, §10 ``incremental``): each three
  adds its step, so four of a colour make 1,900; ``cumulative``: the table's figure for the count
  (four make 1,000). The threes score **plus only if the side has at least one canasta**,
  otherwise the same amount is subtracted (this replaces §7's "minus without a meld").
* **Opening minimum**: 100 below 3,000 (negative scores included; D4's "below 2,995" puts 2,995
  in this band, HOUSE), 130 from 3,000, 150 from 5,000 (D4 says "above 5,000": 5,000 itself is
  read as 150, §8.4 test 4).
* **Going out** needs **two canastas** (any kinds); bonuses as classic: natural 500, mixed 300,
  going out 100, concealed 200.
* **Game: 8,500.**

Gaps (§8.4): deck size (108), the threes' table (option), other wild-canasta mixes (2,000),
wild melds below seven (allowed), the mixed melds' limits (§7's), black threes (no stop cards),
the boundary scores (above). The view names the pile's state (always frozen, and what blocks it),
each side's threes by colour and what they score now (``threes``), the opening minimum in each
side's notes, and each side's canastas by kind (red, black, wild).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.options import option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.canasta import AT_LEAST, WILD, Book, BookRules, Requirement
from gamenight.families.canasta_turn import LAID_OUT, MIN_SCORE, TurnRules, band_minimum, is_red_three
from gamenight.games.canasta import Canasta, CanastaOptions, SideHand, score_side

#: melds: classic's wild limits, wild melds allowed, every meld closes at seven
JOKER_BOOKS = BookRules(ratio=AT_LEAST, max_wilds=3, wild_books=True, dirty_closes=True, clean_closes=True)
#: the opening minimum by the side's score: (from score, minimum), highest first
JOKER_BANDS = ((5000, 150), (3000, 130), (MIN_SCORE, 100))
#: the threes' table: the first, second, third and fourth three of a colour
THREES_STEPS = (100, 300, 500, 1000)
INCREMENTAL, CUMULATIVE = "incremental", "cumulative"
#: the kinds of wild canasta, each with its bonus
SEVEN_TWOS, FOUR_JOKERS, OTHER_WILD = "seven_twos", "four_jokers", "wild"


def threes_points(count: int, table: str) -> int:
    """What ``count`` threes of one colour score (before the canasta sign rule): incremental, the
    sum of the first ``count`` steps; cumulative, the step of the last one."""
    if count <= 0:
        return 0
    steps = THREES_STEPS[:count] + (THREES_STEPS[-1],) * max(0, count - len(THREES_STEPS))
    return sum(steps) if table == INCREMENTAL else steps[-1]


def wild_canasta_kind(book: Book) -> str:
    """A wild canasta's kind by its cards: seven twos, four jokers and three twos, or another mix."""
    jokers = sum(1 for c in book.cards if c == C.JOKER)
    if jokers == 0:
        return SEVEN_TWOS
    return FOUR_JOKERS if jokers == 4 else OTHER_WILD


@dataclass(frozen=True, kw_only=True)
class JokerCanastaOptions(CanastaOptions):
    #: classic's, less those Joker Canasta does not use (its threes and minimums are by table), and
    #: its own wild-canasta bonuses
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({
        "canastas_to_go_out", "out_bonus", "concealed_bonus", "natural_bonus", "mixed_bonus",
        "seven_twos", "four_jokers"})
    hand_size: int = option(13, "Hand size", "Cards dealt to each player.", minimum=7, maximum=15)
    draw: int = option(1, "Draw", "Cards drawn from the stock each turn.", minimum=1, maximum=2)
    canastas_to_go_out: int = option(2, "Canastas to go out", "Canastas a side needs before it may go out.",
                                     minimum=1, maximum=3)
    negative_minimum: int = option(100, "Minimum below zero", "Not used in Joker Canasta: below 3,000 "
                                   "(negative scores too) the minimum is 100.", minimum=0, maximum=150)
    red_three_bonus: int = option(100, "Red three", "Not used in Joker Canasta: the threes score by the "
                                  "'Threes' table.", minimum=0, maximum=1000)
    all_red_threes: int = option(800, "All four red threes", "Not used in Joker Canasta: the threes score "
                                 "by the 'Threes' table.", minimum=0, maximum=2000)
    threes_table: str = option(INCREMENTAL, "Threes", "How the threes of a colour score (100, 300, 500, "
                               "1,000 for the first to the fourth).",
                               choices={INCREMENTAL: "Each three adds its step: four of a colour make 1,900",
                                        CUMULATIVE: "The step of the last one: four of a colour make 1,000"})
    seven_twos: int = option(4000, "Seven twos", "Bonus for a wild canasta of seven twos.", minimum=0,
                             maximum=10_000)
    four_jokers: int = option(3000, "Four jokers, three twos", "Bonus for a wild canasta of four jokers and "
                              "three twos.", minimum=0, maximum=10_000)
    wild_canasta: int = option(2000, "Other wild canasta", "Bonus for a wild canasta of any other mix.",
                               minimum=0, maximum=10_000)
    target: int = option(8500, "Target", "The score that wins.", minimum=500, maximum=20_000)


def joker_bonuses(o: JokerCanastaOptions) -> dict[str, int]:
    return {SEVEN_TWOS: o.seven_twos, FOUR_JOKERS: o.four_jokers, OTHER_WILD: o.wild_canasta}


def joker_threes(o: JokerCanastaOptions, red: int, black: int, canastas: int) -> int:
    """Both colours' threes, plus with a canasta, minus without."""
    points = threes_points(red, o.threes_table) + threes_points(black, o.threes_table)
    return points if canastas else -points


def score_joker_side(o: JokerCanastaOptions, hand: SideHand) -> dict[str, int]:
    """A side's parts: classic's scoring with the wild canastas' bonuses and the threes by colour in
    place of the red threes."""
    parts = score_side(o, hand, threes=False)
    del parts["red_threes"]
    threes = joker_threes(o, hand.threes.get("red", 0), hand.threes.get("black", 0),
                          sum(hand.canastas.values()))
    return {"going_out": parts.pop("going_out"), "canastas": parts.pop("canastas"), "threes": threes, **parts}


class JokerCanasta(Canasta):
    FIELDS: tuple[Field, ...] = (
        Field("threes", "Threes", Kind.TEAMS),
        Field("last_round", "Last hand", Kind.TEXT, minor=True),
    )
    THREES_WORD = "threes"
    options: JokerCanastaOptions

    def variation_rules(self, rules: TurnRules) -> TurnRules:
        return replace(rules, books=JOKER_BOOKS, always_frozen=True, black_threes=LAID_OUT,
                       need=Requirement(any=self.options.canastas_to_go_out))

    def covers_upcard(self, c: int) -> bool:
        """Any three turned up is covered too (threes are never in the pile)."""
        return super().covers_upcard(c) or C.RANK_OF[c] == C.THREE

    def minimum_for(self, score: int) -> int:
        return band_minimum(JOKER_BANDS, score)

    # ---- scoring ---------------------------------------------------------------------

    def threes_score(self, team: int) -> int:
        """Both colours' threes, plus with a canasta, minus without."""
        red = sum(1 for c in self.red3[team] if is_red_three(c))
        return joker_threes(self.options, red, len(self.red3[team]) - red, int(self.has_canasta(team)))

    def has_canasta(self, team: int) -> bool:
        return any(b.is_canasta(self.turn_rules.books) for b in self.books[team])

    def canasta_kind(self, book: Book) -> str:
        if book.rank == WILD:
            return wild_canasta_kind(book)
        return super().canasta_kind(book)

    def canasta_bonuses(self) -> dict[str, int]:
        return joker_bonuses(self.options)

    def score_parts(self, hand: SideHand, *, threes: bool = True) -> dict[str, int]:
        return score_joker_side(self.options, hand)

    # ---- the view --------------------------------------------------------------------

    def threes_entry(self, team: int) -> str:
        red = sum(1 for c in self.red3[team] if is_red_three(c))
        black = len(self.red3[team]) - red
        sign = "with a canasta" if self.has_canasta(team) else "minus: no canasta yet"
        return f"red {red}, black {black}: {self.threes_score(team):+d} ({sign})"

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = super()._view(seat)
        out["threes"] = [self.threes_entry(t) for t in range(self.teams)]
        return out


SPEC: GameSpec = register(GameSpec(
    id="joker-canasta",
    title="Joker Canasta",
    family="canasta",
    players=(4,),
    default_players=4,
    options_cls=JokerCanastaOptions,
    state_cls=JokerCanasta,
    summary="Canasta with thirteen cards, the pile always frozen, melds of at most seven, wild canastas "
            "up to 4,000, black threes laid out like red ones and threes scoring by colour; to 8,500.",
    presets={},
    teams="two partnerships, partners opposite",
    rules=__doc__ or "",
))

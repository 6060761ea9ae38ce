"""The canasta turn kernel's classic switches, on a bare table (no game's deal or scoring): the
one-card draw, classic freezing and the unfrozen takes, the one-card rule, the minimum by score
bands, red threes' points, concealed going out (and its exemption from the minimum), the last
red three, the forced take after the stock, and books that never close (wild cards on a natural
canasta, at most three). Hand and Foot's own tests keep the defaults' behaviour.

The table: four seats, seats 0 and 2 one side, 1 and 3 the other; seat 0 plays first. Cards are
placed straight into hands, the pile and the stock (the kernel checks moves, not conservation).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gamenight
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.equipment import cards as C
from gamenight.families.canasta import AT_LEAST, BookRules, Requirement, book_of
from gamenight.families.canasta_turn import (
    ENDS,
    FROZEN_RED3,
    FROZEN_SIDE,
    FROZEN_WILD,
    MAY_MELD,
    MIN_SCORE,
    PLAY_ON,
    BlackThreeRule,
    CanastaState,
    TurnRules,
    band_minimum,
    frozen_reason,
    pile_blocked,
    red_three_points,
)
from gamenight.games.hand_and_foot import card_values
from tests.helpers import codes, refused, texts

CLASSIC_BOOKS = BookRules(ratio=AT_LEAST, max_wilds=3, wild_books=False, dirty_closes=False,
                          clean_closes=False)
CLASSIC = TurnRules(books=CLASSIC_BOOKS, need=Requirement(any=1), draw=1, foot=False,
                    classic_freeze=True, one_card_rule=True, concealed_exempt=True,
                    last_red_three=MAY_MELD, stock_out=PLAY_ON, forced_take=True,
                    black_threes=BlackThreeRule.GROUP_OUT)


@dataclass(frozen=True, kw_only=True)
class NoOptions(Options):
    """The bare table has no options."""


class Table(CanastaState):
    """A bare classic table: a fixed minimum of 50, and the end of a hand recorded, not scored."""

    def __init__(self, spec: GameSpec, options: Options, players: int, seed: int, **kw: Any) -> None:
        super().__init__(spec, options, players, seed)
        self.ended: list[int | None] = []

    def setup(self, rules: TurnRules, hands: dict[int, str], pile: str = "", stock: str = "9S 9H 8S 8H",
              books: dict[int, list[str]] | None = None) -> Table:
        self._init_canasta(rules, card_values(20))
        for s, text in hands.items():
            self.hands[s] = C.cards(text)
        self.discards = C.cards(pile)
        self.stocks = [list(reversed(C.cards(stock)))]  # the first card named is drawn first
        for team, texts_ in (books or {}).items():
            for text in texts_:
                cards = C.cards(text)
                w = sum(1 for c in cards if C.RANK_OF[c] in (C.TWO, 13))
                rank = C.RANK_OF[next(c for c in cards if C.RANK_OF[c] not in (C.TWO, 13))]
                self.books[team].append(book_of(rank, cards, w, rules.books))
            self.opened[team] = True
        self.start_play(0)
        return self

    def minimum(self, team: int) -> int:
        return 50

    def _score_round(self, out: int | None) -> None:
        self.ended.append(out)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self._table_view(seat)


SPEC = GameSpec(id="kernel-table", title="Kernel table", family="canasta", players=(4,), default_players=4,
                options_cls=NoOptions, state_cls=Table, summary="")


def table(rules: TurnRules = CLASSIC, **kw: Any) -> Table:
    return Table(SPEC, NoOptions(), 4, 1).setup(rules, **kw)


FILL = "4C 5D 6H 7S 8C TD JH"


# ---- the pure rules -------------------------------------------------------------------------

def test_band_minimum_reads_the_classic_table() -> None:
    bands = ((3000, 120), (1500, 90), (0, 50), (MIN_SCORE, 15))
    assert [band_minimum(bands, x) for x in (-40, 0, 1495, 1500, 2995, 3000, 9000)] == [15, 50, 50, 90, 90,
                                                                                       120, 120]


def test_red_three_points_each_all_four_and_negative() -> None:
    assert red_three_points(2, 100, ((4, 800),)) == 200
    assert red_three_points(4, 100, ((4, 800),)) == 800
    assert red_three_points(4, 100, ((4, 800),), melded=False) == -800
    assert red_three_points(6, 100, ((6, 1000),)) == 1000


def test_frozen_reason_and_blocked() -> None:
    pile = C.cards("8C 2D KS")
    assert frozen_reason(CLASSIC, pile, True) == FROZEN_WILD
    assert frozen_reason(CLASSIC, C.cards("3H KS"), True) == FROZEN_RED3
    assert frozen_reason(CLASSIC, C.cards("8C KS"), False) == FROZEN_SIDE
    assert frozen_reason(CLASSIC, C.cards("8C KS"), True) is None
    assert frozen_reason(TurnRules(), pile, False) is None  # Hand and Foot: no classic freeze
    assert pile_blocked(C.cards("8C 3S"), False) == "a three on top blocks it"
    assert pile_blocked(C.cards("8C JK"), False) == "a wild card on top blocks it"
    assert pile_blocked(C.cards("8C KS"), False) is None


# ---- the draw, the pile ---------------------------------------------------------------------

def test_a_one_card_draw() -> None:
    s = table(hands={0: "KC KD " + FILL}, pile="8C", stock="9S 9H 9C")
    s.play("draw")
    assert len(s.hands[0]) == 10 and s.stock_size() == 2


def test_an_unfrozen_pile_takes_a_natural_and_a_wild_or_the_sides_meld() -> None:
    s = table(hands={0: "KC 2D JK " + FILL}, pile="5C KS", books={0: ["KD KH KC"]})
    moves = texts(s)
    assert "pickup" in moves  # the king onto the side's meld of kings
    assert "pickup KC JK" in moves and "pickup KC 2D" in moves
    s.play("pickup KC 2D")
    assert s.discards == [] and codes(s.books[0][0].cards) == codes(C.cards("KD KH KC KS KC 2D"))


def test_a_pile_holding_a_wild_card_is_frozen_for_everyone() -> None:
    # 7.10 case 7: the side has melded kings, the pile holds a two: K + joker refused, the meld
    # does not help, K + K accepted
    s = table(hands={0: "KC KD JK " + FILL}, pile="5C 2H 9D KS", books={0: ["KH KS KC"]})
    assert texts(s).count("pickup KC KD") == 1
    assert "pickup" not in texts(s) and "pickup KC JK" not in texts(s)
    refused(s, "pickup KC JK", "frozen: a wild card is in the pile")
    refused(s, "pickup", "frozen: a wild card is in the pile")
    assert s.view(0)["pile_state"] == FROZEN_WILD
    s.play("pickup KC KD")
    assert s.view(0)["pile_state"].startswith("not frozen")  # taking it thaws it


def test_the_pile_is_frozen_against_a_side_that_has_not_melded() -> None:
    s = table(hands={0: "QC 2D QD QH QS AC AD " + FILL}, pile="5C QS")
    assert s.view(0)["pile_state"] == FROZEN_SIDE
    assert "pickup QC 2D" not in texts(s) and "pickup QC QD" in texts(s)
    refused(s, "pickup QC 2D", "frozen for your side")


def test_a_black_three_on_top_blocks_until_covered() -> None:
    s = table(hands={0: "KC KD " + FILL}, pile="5C 3S", books={0: ["KH KS KC"]})
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup KC KD", "three on top")


def test_the_one_card_rule() -> None:
    # 7.10 case 8: holding one card, a one-card pile may not be taken (even onto the side's meld)
    s = table(hands={0: "KC"}, pile="KS", books={0: ["KH KS KC", "9C 9D 9H 9S 9C 9D 9H"]})
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup", "one card")
    s2 = table(hands={0: "KC"}, pile="5C KS", books={0: ["KH KS KC", "9C 9D 9H 9S 9C 9D 9H"]})
    assert "pickup" in texts(s2)  # a pile of two may be


# ---- books that never close -----------------------------------------------------------------

def test_a_wild_card_on_a_natural_canasta_makes_it_mixed_within_three() -> None:
    s = table(hands={0: "2C JK 2D 2H " + FILL}, pile="5C", stock="6C",
              books={0: ["KC KD KH KS KC KD KH"]})
    s.play("draw")
    s.play("add 1 JK")
    assert s.books[0][0].kind(CLASSIC_BOOKS) == "dirty" and not s.books[0][0].closed
    s.play("add 1 2C")
    s.play("add 1 2D")
    refused(s, "add 1 2H", "at most 3 wild cards")


# ---- going out ------------------------------------------------------------------------------

def test_going_out_concealed_below_the_minimum_is_recorded() -> None:
    # seat 0 melds his whole hand in one turn, a canasta among it: no minimum asked (the side
    # had none), concealed recorded
    s = table(hands={0: "5C 5D 5H 5S 5C 5D 5H 4C 4D 4H"}, pile="9C", stock="KS")
    s.play("draw")
    s.play("meld 5C 5D 5H")
    for _ in range(4):
        s.play(next(m for m in texts(s) if m.startswith("add 1")))
    s.play("meld 4C 4D 4H")
    s.play("discard KS")
    assert s.ended == [0] and s.concealed_out


def test_below_the_minimum_without_going_out_the_turn_cannot_end() -> None:
    s = table(hands={0: "5C 5D 5H 9S TC JD QH"}, pile="9C", stock="KS")
    s.play("draw")
    s.play("meld 5C 5D 5H")  # 15 of 50, provisional
    assert not any(m.startswith("discard") for m in texts(s))


def test_not_concealed_after_adding_to_the_partners_meld() -> None:
    s = table(hands={0: "5C 5D 5H 5S 5C 5D 5H 8C"}, pile="9C", stock="KS", books={0: ["8D 8H 8S"]})
    s.play("draw")
    s.play("meld 5C 5D 5H")
    for _ in range(4):
        s.play(next(m for m in texts(s) if m.startswith("add 2")))
    s.play("add 1 8C")
    s.play("discard KS")
    assert s.ended == [0] and not s.concealed_out


# ---- the stock runs out ---------------------------------------------------------------------

def test_the_last_red_three_may_meld_but_not_discard() -> None:
    s = table(hands={0: "KC KD KH " + FILL}, pile="9C", stock="3H", books={0: ["QC QD QH"]})
    s.play("draw")
    assert codes(s.red3[0]) == ["3H"]
    assert "end" in texts(s) and not any(m.startswith("discard") for m in texts(s))
    s.play("meld KC KD KH")
    s.play("end")
    assert s.ended == [None]


def test_the_last_red_three_can_end_the_hand_at_once() -> None:
    rules = TurnRules(**{**{f: getattr(CLASSIC, f) for f in CLASSIC.__dataclass_fields__},
                         "last_red_three": ENDS})
    s = table(rules, hands={0: "KC KD KH " + FILL}, pile="9C", stock="3H")
    s.play("draw")
    assert s.ended == [None]


def test_after_the_stock_a_fitting_unfrozen_discard_must_be_taken() -> None:
    # the stock's last card drawn and discarded: East holds a pair of nines; without a meld of
    # nines he may take the pile or decline (calling for the draw he cannot make ends the hand)
    s = table(hands={0: "KC " + FILL, 1: "9C 9D " + FILL}, pile="5C", stock="9S",
              books={0: ["KH KS KD"], 1: ["QH QS QC"]})
    s.play("draw")
    s.play("discard 9S")
    assert sorted(texts(s)) == ["draw", "pickup 9C 9D"]
    s.play("draw")
    assert s.ended == [None]
    # with a meld of nines he must take it
    s = table(hands={0: "KC " + FILL, 1: "9C 9D " + FILL}, pile="5C", stock="9S",
              books={0: ["KH KS KD"], 1: ["9H 9S 9C"]})
    s.play("draw")
    s.play("discard 9S")
    assert "draw" not in texts(s) and "pickup" in texts(s)


def test_hand_and_foot_defaults_are_untouched() -> None:
    assert TurnRules().foot and not TurnRules().classic_freeze and TurnRules().last_red_three == ""
    assert BookRules().clean_closes
    assert gamenight.new("hand-and-foot", seed=3).view(0)["in_foot"] == [False] * 4


def test_a_requirement_of_canastas_of_any_kind() -> None:
    from gamenight.families.canasta import Table as Counts
    from gamenight.families.canasta import can_go_out, count_hand
    one = Requirement(any=1)
    assert one.met((0, 1, 0)) and one.met((1, 0, 0)) and not one.met((0, 0, 0))
    assert Requirement(any=2).describe() == "2 canastas"
    # seven fives out of the hand make the canasta; the four is the discard
    hand = count_hand(C.cards("5C 5D 5H 5S 5C 5D 5H 4C"))
    assert can_go_out(CLASSIC_BOOKS, Counts({}, (0, 0, 0)), hand, one)
    assert not can_go_out(CLASSIC_BOOKS, Counts({}, (0, 0, 0)), hand, Requirement(any=2))
    # a mixed canasta counts too, and an open meld grown past seven still is one
    assert can_go_out(CLASSIC_BOOKS, Counts({9: (7, 1)}, (0, 0, 0)), count_hand(C.cards("9C")), one)

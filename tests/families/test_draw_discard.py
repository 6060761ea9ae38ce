"""The draw-and-discard kernel (``families/draw_discard.py``) through a throwaway game: the rummy
turn (draw, take the discard, meld, lay off, discard, go out) and its refusals, played for real,
and a conformance run over the game."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

import pytest

import gamenight
from gamenight.core.moves import Move, parse_move
from gamenight.core.options import Options
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card, cards
from gamenight.families.draw_discard import DRAW_PHASE, END, PLAY_PHASE, TURN_OVER, DrawDiscardState
from gamenight.families.melds import (
    solver_for,
)
from gamenight.families.rummy_rules import LayOffOn
from tests.families.test_melds import GIN_BOOK, RUMMY, card_game
from tests.helpers import deal_deck, set_position

# ---- the draw-and-discard kernel, through a throwaway game ----------------------------------

@dataclass(frozen=True, kw_only=True)
class MiniOptions(Options):
    pass


class MiniRummy(DrawDiscardState):
    """A throwaway rummy (not registered): ten cards each with two players, seven otherwise, an
    upcard, one-deck rummy melds, any number a turn; going out ends the deal and the others score
    their least deadwood; two deals, the lowest total wins; the stock is remade twice at most."""

    RULES = RUMMY
    JOKERS = 0
    HAND = 0
    DEALS = 2
    RUMMY_RULES = replace(DrawDiscardState.RUMMY_RULES, max_restocks=2)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_table(self.RULES)
        self._start_deal()

    def deck_template(self) -> list[int]:
        return C.standard_deck(jokers=self.JOKERS)

    def _start_deal(self) -> None:
        self.begin_deal()
        self.deal(self.HAND or (10 if self.num_players == 2 else 7))
        self.begin_turn(self.left_of_dealer())

    def _on_hand_over(self, out: int | None) -> None:
        solver = solver_for(self.meld_rules)
        points = [0 if s == out else solver.deadwood(self.hands[s]) for s in range(self.num_players)]
        self.sheet.add(f"Deal {self.deal_no}", points)
        if self.deal_no == self.DEALS:
            self.finish_on_totals("The deals are played.", lowest_wins=True)
        else:
            self.dealer = self.next_seat(self.dealer)
            self._start_deal()

    def _view(self, seat: int | None) -> dict[str, Any]:
        return self._table_view(seat)


class WildMini(MiniRummy):
    RULES = GIN_BOOK
    JOKERS = 2


class StrictMini(MiniRummy):
    RUMMY_RULES = replace(MiniRummy.RUMMY_RULES, max_melds_per_turn=1, out_without_discard=False,
                          lay_off_on=LayOffOn.OWN, restock=TURN_OVER)


class CrowdedMini(MiniRummy):
    """Four players with twelve cards leave a stock of three."""
    HAND = 12


class EndMini(CrowdedMini):
    RUMMY_RULES = replace(CrowdedMini.RUMMY_RULES, restock=END, max_restocks=0)


class DiscardTakenMini(MiniRummy):
    RUMMY_RULES = replace(MiniRummy.RUMMY_RULES, discard_taken=True)


SPEC = GameSpec(id="mini-rummy", title="Mini Rummy", family="rummy", players=(2, 3, 4), default_players=2,
                options_cls=MiniOptions, state_cls=MiniRummy,
                summary="A test game for the draw-discard kernel.")


def mini(cls: type[MiniRummy] = MiniRummy, players: int = 2, seed: int = 1, hands: list[str] | None = None,
         rest: str = "") -> MiniRummy:
    deck = deal_deck(hands, rest) if hands else None
    return cls(SPEC, MiniOptions(), players, seed, deck)


# seat 1 (left of the dealer, seat 0) plays first; the upcard is 8♥, then the stock 4♥ 2D ...
HANDS = ["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "5H 6H 7H 7C 7D 2S 3S 9C JD KS"]
REST = "8H 4H 2D"


def test_draw_take_and_the_taken_card() -> None:
    s = mini(hands=HANDS, rest=REST)
    assert s.turn == 1 and s.phase() == DRAW_PHASE
    assert [str(m) for m in s.legal_moves()] == ["draw", "take 8H"]
    s.play("take 8H")
    assert s.phase() == PLAY_PHASE and s.view(0)["known_cards"][1] == ["8H"] and s.view(0)["taken"] == "8H"
    with pytest.raises(gamenight.IllegalMove, match="may not discard the card you took"):
        s.play("discard 8H")
    with pytest.raises(gamenight.IllegalMove, match="drawn already"):
        s.play("draw")
    # everyone knows the 8♥ is in seat 1's hand: a sample for seat 0 keeps it there
    for k in range(20):
        smp = s.sample(0, random.Random(k))
        assert isinstance(smp, MiniRummy) and card("8H") in smp.hands[1]
    t = mini(DiscardTakenMini, hands=HANDS, rest=REST)
    t.play("take 8H")
    t.play("discard 8H")
    assert t.discards == [card("8H")] and t.turn == 0


def test_melds_lay_offs_and_the_view() -> None:
    s = mini(hands=HANDS, rest=REST)
    s.play("take 8H")
    assert "meld 5H 6H 7H 8H run" in [str(m) for m in s.legal_moves()]
    s.play("meld 8H 7H 6H 5H")  # typed in any order, read canonically
    assert s.melds[0].text == "5H 6H 7H 8H run" and s.meld_owner == [1] and s.shown[1] == []
    s.play("discard KS")
    assert s.turn == 0 and s.phase() == DRAW_PHASE
    s.play("draw")
    assert s.view(0)["events"][-1] == "You draw 4♥." and "You draw" not in " ".join(s.view(1)["events"])
    assert "layoff 1 4H" in [str(m) for m in s.legal_moves()]
    s.play("layoff 1 4H")
    assert s.melds[0].text == "4H 5H 6H 7H 8H run"
    with pytest.raises(gamenight.IllegalMove, match="Q♣ is not a heart"):
        s.play("layoff 1 QC")
    with pytest.raises(gamenight.IllegalMove, match="There is no meld 2"):
        s.play("layoff 2 QC")
    with pytest.raises(gamenight.IllegalMove, match="do not hold the king of spades"):
        s.play("discard KS")
    s.play("meld AC 2C 3C run")
    s.play("meld 4D 5D 6D run")
    view = s.view(1)
    assert [m["text"] for m in view["melds"]] == ["4H 5H 6H 7H 8H run", "AC 2C 3C run", "4D 5D 6D run"]
    assert view["hand"] == C.codes(s.sorted_hand(s.hands[1])) and view["hand_sizes"] == [4, 6]
    assert view["discard_pile"] == ["KS"] and view["stock_size"] == len(s.stock)


def test_a_deal_from_a_deck_read_before_it_is_dealt() -> None:
    # hand sizes that hang on the first cards dealt (Horseshit): the game reads the deck first
    s = mini(players=3)
    set_position(s, dealer=0)
    s.begin_deal()
    deck = s._fresh_deck()
    s.deal([2, 4, 3], deck=deck)
    # one at a time from the dealer's left (seat 1), full hands passed over; then the upcard
    assert s.hands == [[deck[2], deck[5]], [deck[0], deck[3], deck[6], deck[8]], [deck[1], deck[4], deck[7]]]
    assert s.discards == [deck[9]] and s.stock == deck[10:]


def test_going_out_by_discarding_scores_the_deal() -> None:
    s = mini(hands=["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "5H 6H 7H 7C 7D 7S 2S 3S 4S KS"], rest="8H 4H 2D")
    s.play("take 8H")
    for text in ("meld 5H 6H 7H 8H run", "meld 7C 7D 7S set", "meld 2S 3S 4S run"):
        s.play(text)
    s.play("discard KS")  # the last card: seat 1 goes out
    row = s.score_sheet.rows[0]
    # seat 0's least deadwood: A-3♣, 4-6♦ and 8-10♠ meld, the Q♣ is left: 10
    assert row.points == [10, 0]
    assert s.deal_no == 2 and s.dealer == 1


def test_a_meld_may_not_strand_the_taken_card() -> None:
    # after taking K♥, melding A-10♠ would leave only the K♥, which may not be discarded now
    hands = ["AC 2C 3C 4D 5D 6D 8H 9H TH QC", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS"]
    s = mini(hands=hands, rest="KH")
    s.play("take KH")
    texts = [str(m) for m in s.legal_moves()]
    assert "meld AS 2S 3S 4S 5S 6S 7S 8S 9S TS run" not in texts and "meld AS 2S 3S run" in texts
    with pytest.raises(gamenight.IllegalMove, match="the king of hearts, just taken"):
        s.play("meld AS 2S 3S 4S 5S 6S 7S 8S 9S TS run")
    free = mini(DiscardTakenMini, hands=hands, rest="KH")
    free.play("take KH")
    free.play("meld AS 2S 3S 4S 5S 6S 7S 8S 9S TS run")
    assert free.hands[1] == [card("KH")]


class NeedsDiscardMini(MiniRummy):
    RUMMY_RULES = replace(MiniRummy.RUMMY_RULES, out_without_discard=False)


def test_going_out_by_melding_and_when_a_discard_is_needed() -> None:
    hands = ["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "5H 6H 7H 7C 7D 7S 2S 3S 4S 5S"]
    s = mini(hands=hands, rest="KD 8H")
    s.play("draw")  # 8♥: all eleven cards meld
    for text in ("meld 5H 6H 7H 8H run", "meld 7C 7D 7S set"):
        s.play(text)
    assert "meld 2S 3S 4S 5S run" in [str(m) for m in s.legal_moves()]
    s.play("meld 2S 3S 4S 5S run")  # out without a discard
    assert s.score_sheet.rows[0].points == [10, 0] and s.deal_no == 2
    needs = mini(NeedsDiscardMini, hands=hands, rest="KD 8H")
    needs.play("draw")
    for text in ("meld 5H 6H 7H 8H run", "meld 7C 7D 7S set"):
        needs.play(text)
    texts = [str(m) for m in needs.legal_moves()]
    assert "meld 2S 3S 4S 5S run" not in texts and "meld 2S 3S 4S run" in texts
    with pytest.raises(gamenight.IllegalMove, match="cannot go out without a discard"):
        needs.play("meld 2S 3S 4S 5S run")
    strict = mini(StrictMini, hands=hands, rest="KD 8H")
    strict.play("draw")
    strict.play("meld 5H 6H 7H 8H run")
    with pytest.raises(gamenight.IllegalMove, match="only one new meld a turn"):
        strict.play("meld 7C 7D 7S set")
    assert not any(m.verb == "meld" for m in strict.legal_moves())


def test_lay_off_only_on_own_melds_and_the_end_word() -> None:
    strict = mini(StrictMini, hands=HANDS, rest="8H 4H 9H")
    strict.play("take 8H")
    strict.play("meld 5H 6H 7H 8H run")
    strict.play("discard KS")
    strict.play("draw")  # seat 0 draws 4♥ and may not lay it on seat 1's run
    assert "layoff 1 4H" not in [str(m) for m in strict.legal_moves()]
    with pytest.raises(gamenight.IllegalMove, match="only on your own melds"):
        strict.play("layoff 1 4H")
    wild = mini(WildMini, hands=["AC 2C 3C 4D 5D 6D 8S 9S TS QC", "5H 6H 7H JK 7D 2S 3S 9C JD KS"], rest="QD")
    wild.play("draw")
    wild.play("meld 5H 6H 7H run")
    texts = [str(m) for m in wild.legal_moves()]
    assert "layoff 1 JK low" in texts and "layoff 1 JK high" in texts
    with pytest.raises(gamenight.IllegalMove, match="could go at either end"):
        wild.play("layoff 1 JK")
    wild.play("layoff 1 JK low")
    assert wild.melds[0].text == "JK 5H 6H 7H run" and wild.melds[0].stand_in(0) == card("4H")


class CrowdedTurnOver(CrowdedMini):
    RUMMY_RULES = replace(CrowdedMini.RUMMY_RULES, restock=TURN_OVER)


def test_restock_turn_over_shuffle_and_end() -> None:
    def run_out(cls: type[MiniRummy]) -> tuple[MiniRummy, list[int]]:
        """Three turns empty the stock of three; the fourth player's turn remakes it."""
        s = mini(cls, players=4, seed=3)
        assert len(s.stock) == 3
        for _ in range(3):
            s.play("draw")
            discard = next(m for m in s.legal_moves() if m.verb == "discard")
            pile = [*s.discards, discard.card]
            s.play(discard)
        return s, pile

    over, pile = run_out(CrowdedTurnOver)  # turned over: the first card discarded is the new top
    assert over.stock == pile[:-1] and over.discards == pile[-1:] and over.restocks == 1
    assert "turned over" in over.view(0)["events"][-1] and over.phase() == DRAW_PHASE
    shuffled, pile = run_out(CrowdedMini)
    assert sorted(shuffled.stock) == sorted(pile[:-1]) and shuffled.discards == pile[-1:]
    assert "shuffled" in shuffled.view(0)["events"][-1]
    ended, _ = run_out(EndMini)
    assert ended.score_sheet.rows and ended.deal_no == 2
    assert "The stock is empty: the hand is over." in ended.view(0)["events"]


def test_out_discards_helper() -> None:
    s = mini(hands=HANDS, rest=REST)
    set_position(s, zones={"hand 1": "9S 9H 9D 5C 9C KD"}, extra={"meld_rules": card_game(5)})
    assert s.out_discards(1) == [card("KD")]
    set_position(s, zones={"hand 1": "9S 9H 9D KS KH KD"})
    assert s.out_discards(1) == []
    assert s.melds_completely(cards("9S 9H 9D KS KH KD"))


# a conformance run over the throwaway game: the invariants of tests/conformance/test_conformance.py


def snapshot(s: State) -> str:
    return json.dumps([s.view(seat) for seat in [None, *range(s.num_players)]] + [s.log], sort_keys=True)


def conserved(s: DrawDiscardState) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


ILLEGAL = ["", "xyzzy", "draw", "take 2C", "discard AS", "meld 2C 3C 4C run", "layoff 9 AS", "pass",
           "meld JK run"]


#: as in the conformance suite: the later deals repeat the first deal's phases, so after the first
#: deal and this many steps more, every SAMPLE_EVERY-th step is checked (the steps between played)
AFTER_FIRST_DEAL = 30
SAMPLE_EVERY = 5


def random_move(s: MiniRummy, rng: random.Random) -> Move:
    """A random legal move, melding when it may (so deals end by going out as well as by the stock)."""
    legal = s.legal_moves(s.turn)
    melds = [m for m in legal if m.verb in ("meld", "layoff")]
    return melds[0] if melds and rng.random() < 0.7 else legal[rng.randrange(len(legal))]


KERNEL_CASES = [(cls, n) for cls in (MiniRummy, WildMini, StrictMini) for n in (2, 3, 4)] + [
    (CrowdedMini, 4), (EndMini, 4)]  # twelve cards each: the four-player short-stock games


@pytest.mark.parametrize(("cls", "players"), KERNEL_CASES,
                         ids=[f"{cls.__name__}-{n}p" for cls, n in KERNEL_CASES])
def test_kernel_keeps_the_invariants(cls: type[MiniRummy], players: int) -> None:
    s = mini(cls, players=players, seed=players * 7)
    rng = random.Random(players)
    moved = steps = 0
    dense = 5000  # every step is checked until the first deal is over and AFTER_FIRST_DEAL more
    first_deal = s.deal_no
    while not s.is_over:
        steps += 1
        assert steps < 5000, "the game did not finish"
        if dense == 5000 and s.deal_no != first_deal:
            dense = steps + AFTER_FIRST_DEAL
        if steps > dense and steps % SAMPLE_EVERY:
            s.play(random_move(s, rng), s.turn)
            continue
        assert conserved(s)
        for seat in range(players):
            v = s.view(seat)
            assert json.loads(json.dumps(v)) == v
            smp = s.sample(seat, rng)
            assert smp.view(seat) == v, f"sample changes what seat {seat} sees at step {steps}"
            assert isinstance(smp, MiniRummy) and conserved(smp)
            moved += smp.card_zones() != s.card_zones()
        seat = s.turn
        legal = s.legal_moves(seat)
        assert legal and len(set(legal)) == len(legal)
        for m in legal:
            assert parse_move(str(m)) is m and s.parse(str(m)) is m
        if steps % 5 == 0:
            for m in legal:
                s.clone().play(m, seat)
        before = snapshot(s)
        for bad_move in [*ILLEGAL, *(str(Move("discard", C.CARD(c))) for c in range(53))]:
            try:
                move = s.parse(bad_move)
            except gamenight.IllegalMove:
                continue
            if move in legal:
                continue
            with pytest.raises(gamenight.IllegalMove) as err:
                s.play(move, seat)
            assert str(err.value).strip()
        for other in set(range(players)) - {seat}:
            with pytest.raises(gamenight.IllegalMove):
                s.play(legal[0], other)
        assert snapshot(s) == before, "an illegal move changed the state"
        s.play(random_move(s, rng), seat)
    assert moved > 0
    again = mini(cls, players=players, seed=players * 7)
    for seat, text in s.log["moves"]:
        again.play(text, seat)
    assert snapshot(again) == snapshot(s)

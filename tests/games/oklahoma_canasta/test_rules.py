"""Oklahoma Canasta (seed 004, variation 7; ``shared/rules/other-seeds.md`` §8.7): the worked cases
1-5 by number, a stacked-deck scenario per rule clause and option, the refusals, and a golden match."""

from __future__ import annotations

import json
from collections import Counter
from typing import cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.moves import parse_move
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card, cards
from gamenight.families.draw_discard import Phase
from gamenight.games.oklahoma_canasta import (
    QS,
    RULES,
    OklahomaCanasta,
    hand_points,
    meld_rules,
    move_pairs,
    read_named,
)
from tests.helpers import (
    deal_deck,
    edited,
    golden_match,
    golden_record,
    lay_out_rummy_deal,
    run_down_stock,
    set_position,
)

GAME = "oklahoma-canasta"


def laid_out(hands: list[str], rest: str, **options: object) -> OklahomaCanasta:
    """A fresh hand (dealer seat 0, seat 1 to draw) with its cards laid out as given: ``rest``'s
    first card is the discard pile, the next ones the top of the stock."""
    s = cast(OklahomaCanasta, gamenight.new(GAME, players=len(hands), seed=5, options=options))
    return set_position(lay_out_rummy_deal(s, hands, rest), dealer=0, turn=1)


def named(text: str, min_naturals: int = 2):  # type: ignore[no-untyped-def]
    pairs = move_pairs(parse_move("meld " + text))
    assert isinstance(pairs, list)
    return read_named(meld_rules(min_naturals), pairs)


def meld_for(s: OklahomaCanasta, seat: int, text: str) -> None:
    """``seat`` laid the meld ``text`` (``8H JK=9H 10H``) earlier in the hand."""
    found = named(text, s.options.okl_min_naturals)
    assert not isinstance(found, str), found
    meld, stood = found
    # the cards come from the stock, where the laid-out deal left them: into the hand, then laid
    set_position(s, zones={f"hand/{seat}": [*s.hands[seat], *meld.cards]})
    s.wild_names.append(s._names_of(meld, stood))
    s.place_meld(seat, meld)  # the kernel's own step (no event, no turn rules)
    edited(s)


def legal(s: OklahomaCanasta, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: OklahomaCanasta, move: str, seat: int | None = None) -> str:
    before = json.dumps([s.view(x) for x in [None, *range(s.num_players)]], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in [None, *range(s.num_players)]], sort_keys=True) == before
    return str(err.value)


def conserved(s: OklahomaCanasta) -> None:
    every = Counter(s.stock) + Counter(s.discards) + sum((Counter(h) for h in s.hands), Counter()) \
        + sum((Counter(m.cards) for m in s.melds), Counter())
    assert every == Counter(C.standard_deck(decks=2, jokers=1))


# ---- the worked cases of §8.7 ------------------------------------------------------------------


def test_case_1_the_player_going_out_scores_305() -> None:
    # seat 1 has J♠ Q♠ K♠ and 4♥ 2(=5♥) 6♥ down, holds K♣ and the joker, and takes the one-card pile
    # (K♦) with K♦ K♣ Joker(=K♥): his hand is empty, he is out
    s = laid_out(["4C 5C", "KC JK", "9D"], "KD 7C 8C")
    meld_for(s, 1, "JS QS KS")
    meld_for(s, 1, "4H 2C=5H 6H")
    s.play("pickup KD KC JK=KH")
    row = s.sheet.rows[0]
    assert row.label == "Hand 1: Player 2 goes out"
    assert row.points[1] == 120 + 70 + 15 + 100 == 305


def test_case_1_by_scoring_alone() -> None:
    s = laid_out(["4C 5C", "9S", "9D"], "6C 7C 8C")
    meld_for(s, 1, "KD KC JK=KH")
    meld_for(s, 1, "JS QS KS")
    meld_for(s, 1, "4H 2C=5H 6H")
    set_position(s, zones={"hand 1": ""})
    assert s.hand_scores(out=1)[1] == 305


def test_case_2_the_opponent_scores_minus_265() -> None:
    s = laid_out(["4C 5C", "JK QS 2D 7H", "9D"], "6C 7C 8C")
    meld_for(s, 1, "AS AD AH")
    assert hand_points(s.hands[1]) == 325
    assert s.hand_scores(out=0)[1] == 60 - 325 == -265


def test_case_3_meld_shapes() -> None:
    assert isinstance(named("5C 6C 7C 8C 9C"), str)  # five cards: rejected
    assert isinstance(named("8C 8D 8H 8S 8C"), str)
    assert not isinstance(named("QC KC AC"), str)  # Q-K-A ✓
    ok = named("AC 2C=2C 3C")  # A-2♣-3♣, the 2 naming 2♣ ✓
    assert not isinstance(ok, str)
    assert ok[1] == tuple(cards("AC 2C 3C"))
    assert "round the corner" in cast(str, named("KC AC 2C=2C"))  # K-A-2 ✗
    assert "Name the card" in cast(str, named("KC AC 2C"))


def test_case_4_the_joker_swap_takes_the_named_card_only() -> None:
    s = laid_out(["4C 5C 6D", "9H 9D 3S", "7S 7D 3D"], "6C 7C 8C")
    meld_for(s, 0, "8H JK=9H 10H")
    s.play("draw")
    assert "swap 1 9H JK" in legal(s)
    s.play("swap 1 9H JK")
    assert C.JOKER in s.hands[1]
    assert [C.CODE_OF[c] for c in s.melds[0].cards] == ["8H", "9H", "TH"]
    conserved(s)
    t = laid_out(["4C 5C 6D", "9D 9C 3S", "7S 7D 3D"], "6C 7C 8C")
    meld_for(t, 0, "8H JK=9H 10H")
    t.play("draw")
    assert not any(m.startswith("swap") for m in legal(t))
    assert "stands for the nine of hearts" in refused(t, "swap 1 9D JK")


def test_case_5_the_queen_of_spades_is_discarded_only_last() -> None:
    s = laid_out(["4C 5C 6D", "QS 4C", "7S 7D 3D"], "6C 9D 8C")
    s.play("draw")
    assert "discard QS" not in legal(s)
    assert "as your last card" in refused(s, "discard QS")


# ---- the deal -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_105_cards_13_each(players: int) -> None:
    s = cast(OklahomaCanasta, gamenight.new(GAME, players=players, seed=3))
    assert all(len(h) == 13 for h in s.hands)
    assert len(s.discards) == 1
    assert len(s.stock) == 105 - 13 * players - 1
    assert s.turn == s.left_of_dealer()
    conserved(s)


def test_stacked_deal() -> None:
    hands = ["AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"]
    s = cast(OklahomaCanasta, gamenight.new(GAME, players=2, seed=1, deck=deal_deck(hands, "AH JK")))
    assert sorted(s.hands[1]) == sorted(cards(hands[1]))
    assert s.discards == [card("AH")]
    assert s.stock[0] == C.JOKER


# ---- named wild cards -----------------------------------------------------------------------


def test_a_wild_must_name_its_card() -> None:
    s = laid_out(["4C 5C 6D", "8H JK 10H 3S", "7S 7D 3D"], "6C 9D 8C")
    s.play("draw")
    assert "meld 8H JK=9H TH" in legal(s)
    assert "Name the card" in refused(s, "meld 8H JK 10H")
    assert "not consecutive" in refused(s, "meld 8H JK=7H 10H")  # the name is the wild's place
    s.play("meld 10H JK=9H 8H")  # typed in any order: read as the listed form
    assert s.view(0)["melds"][0]["named"] == ["8H", "9H", "TH"]
    assert "Joker (as 9♥)" in s.view(0)["melds"][0]["describe"]


def test_a_group_names_the_suit_of_its_wild() -> None:
    s = laid_out(["4C 5C 6D", "KD KC JK 3S 4S", "7S 7D 3D"], "6C 9D 8C")
    s.play("draw")
    groups = [m for m in legal(s) if m.startswith("meld KC KD JK=")]
    assert groups == ["meld KC KD JK=KC", "meld KC KD JK=KD", "meld KC KD JK=KH", "meld KC KD JK=KS"]
    s.play("meld KD KC JK=KH")
    assert s.stood(0) == tuple(cards("KC KD KH"))


def test_no_wild_stands_for_the_queen_of_spades() -> None:
    assert "Q♠" in cast(str, named("QH QD JK=QS"))
    assert "Q♠" in cast(str, named("JS 2C=QS KS"))
    s = laid_out(["4C 5C 6D", "QH QD 2C 3S 4S", "7S 7D 3D"], "6C 9D 8C")
    s.play("draw")
    names = [m for m in legal(s) if m.startswith("meld QD QH 2C=")]
    assert "meld QD QH 2C=QS" not in names and len(names) == 3
    t = laid_out(["4C 5C 6D", "JS KS 2C 3D 4D", "7S 7D 3D"], "6C 9D 8C")
    t.play("draw")
    assert not any("2C=QS" in m for m in legal(t))


# ---- melds: three or four cards, the naturals, own melds only ------------------------------------


def test_a_meld_never_grows_past_four() -> None:
    s = laid_out(["4C 5C 6D", "8S 8C 3S 4S", "7S 7D 3D"], "6C 9D 8C")
    meld_for(s, 1, "8H 8D 8H 8D")
    s.play("draw")
    assert not any(m.startswith("layoff") for m in legal(s))
    assert "never grow past four" in refused(s, "layoff 1 8S")


def test_adding_to_your_own_melds_only() -> None:
    s = laid_out(["4C 5C 6D", "8S QH 3S 4S", "7S 7D 3D"], "6C 9D 8C")
    meld_for(s, 0, "8H 8D 8C")
    meld_for(s, 1, "9H 10H 2C=JH")
    s.play("draw")
    assert "layoff 1 8S" not in legal(s)
    assert "your own melds" in refused(s, "layoff 1 8S")
    s.play("layoff 2 QH")
    assert s.melds[1].size == 4


def test_adding_a_wild_names_its_card() -> None:
    s = laid_out(["4C 5C 6D", "JK 3S 4S 5D", "7S 7D 3D"], "6C 9D 8C")
    meld_for(s, 1, "9H 10H JH")
    meld_for(s, 1, "KD KC KC")
    s.play("draw")
    lays = [m for m in legal(s) if m.startswith("layoff")]
    assert sorted(lays) == ["layoff 1 JK=8H", "layoff 1 JK=QH", "layoff 2 JK=KD", "layoff 2 JK=KH",
                            "layoff 2 JK=KS"]
    s.play("layoff 1 JK=8H")
    assert s.stood(0) == tuple(cards("8H 9H TH JH"))


@pytest.mark.parametrize(("min_naturals", "ok"), [(2, False), (1, True)])
def test_option_min_naturals(min_naturals: int, ok: bool) -> None:
    assert isinstance(named("8H JK=9H 2C=10H", min_naturals), str) != ok
    assert isinstance(named("8H 8D JK=8C 2S=8S", min_naturals), str) is False
    s = laid_out(["4C 5C 6D", "8H JK 2C 3S 4S", "7S 7D 3D"], "6C 9D 8C", okl_min_naturals=min_naturals)
    s.play("draw")
    assert ("meld 8H JK=9H 2C=TH" in legal(s)) == ok


# ---- the pile: taken whole, its top card melded at once ---------------------------------------


def test_taking_the_whole_pile_melds_its_top_card() -> None:
    s = laid_out(["4C 5C 6D", "9D JK 3S 4S", "7S 7D 3D"], "9S 8C")
    set_position(s, zones={"discards": "KH 5D 9S"})  # the pile: K♥ 5♦ under the 9♠
    moves = legal(s)
    assert "draw" in moves and "take 9S" not in moves
    assert "pickup 9D 9S JK=9C" in moves
    s.play("pickup 9S 9D JK=9C")
    assert s.discards == []
    assert sorted(s.hands[1]) == sorted(cards("3S 4S KH 5D"))
    assert s.meld_owner == [1] and s.phase_name == Phase.PLAY
    assert set(s.shown[1]) == set(cards("KH 5D"))  # everyone saw the pile go
    conserved(s)


def test_the_pile_needs_two_cards_from_hand_with_its_top() -> None:
    s = laid_out(["4C 5C 6D", "9D 3S 4S 5H", "7S 7D 3D"], "9S 8C")
    assert not any(m.startswith("pickup") for m in legal(s))
    assert "two cards from your hand" in refused(s, "take 9S")
    assert "You do not hold" in refused(s, "pickup 9S 9D 9C")


# ---- going out, the Q♠ last, the stock running out --------------------------------------------


def test_going_out_by_melding_scores_100() -> None:
    s = laid_out(["4C 5C 6D", "9D 9C", "7S 7D 3D"], "6C 9H 8C")
    s.play("draw")
    s.play("meld 9C 9D 9H")
    row = s.sheet.rows[0]
    assert row.label == "Hand 1: Player 2 goes out"
    assert row.points[1] == 30 + 100
    assert row.points[0] == -(5 + 5 + 5) and row.points[2] == -(5 + 5 + 5)


def test_the_queen_of_spades_as_the_last_card_goes_out() -> None:
    s = laid_out(["4C 5C 6D", "QS 9D 9C", "7S 7D 3D"], "6C 9H 8C")
    s.play("draw")
    assert "meld 9C 9D 9H" in legal(s)
    s.play("meld 9C 9D 9H")
    assert legal(s) == ["discard QS"]
    s.play("discard QS")
    assert s.sheet.rows[0].points[1] == 30 + 100


def test_two_queens_of_spades_last_discard_one_and_wait() -> None:
    s = laid_out(["4C 5C 6D", "QS QS 9D 9C", "7S 7D 3D"], "6C 9H 8C")
    s.play("draw")
    assert "discard QS" not in legal(s)  # not a queen of spades while another card may go
    s.play("meld 9C 9D 9H")
    assert legal(s) == ["discard QS"]  # Q♠ Q♠ left: he discards one and waits a turn
    s.play("discard QS")
    assert s.hands[1] == [QS] and s.turn == 2 and not s.sheet.rows


def test_the_hand_ends_when_the_stock_is_empty() -> None:
    s = laid_out(["4C 5C 6D", "9D 3S", "7S 7D 3D"], "6C 8C")
    run_down_stock(s, 1)
    s.play("draw")
    s.play("discard 3S")
    row = s.sheet.rows[0]
    assert row.label == "Hand 1: the stock ran out"
    assert s.deal_no == 2 and s.dealer == 1


# ---- the game: to 1,000, +200 to the winner -----------------------------------------------------


@pytest.mark.parametrize("bonus", [200, 0])
def test_the_game_ends_at_the_target_with_the_winner_bonus(bonus: int) -> None:
    s = laid_out(["4C 5C 6D", "9D 9C", "7S 7D 3D"], "6C 9H 8C", target=100, winner_bonus=bonus)
    s.play("draw")
    s.play("meld 9C 9D 9H")
    assert s.is_over
    assert s.sheet.totals[1] == 130 + bonus
    if bonus:
        assert s.sheet.rows[-1].label == "Game won"
    assert s.outcome is not None


def test_the_joker_swapped_may_be_kept() -> None:
    s = laid_out(["4C 5C 6D", "9H 3S 5D", "7S 7D 3D"], "6C 7C 8C")
    meld_for(s, 0, "KD KC 2S=KH")
    meld_for(s, 2, "8H JK=9H 10H")
    s.play("draw")
    assert [m for m in legal(s) if m.startswith("swap")] == ["swap 2 9H JK"]
    s.play("swap 2 9H JK")
    assert "discard JK" in legal(s)  # kept, or played later: the player's choice
    assert "Only the joker" in refused(s, "swap 1 KH 2S")
    conserved(s)


def test_a_two_is_never_swapped() -> None:
    s = laid_out(["4C 5C 6D", "5H 3S 5D", "7S 7D 3D"], "6C 7C 8C")
    meld_for(s, 0, "4H 2C=5H 6H")
    s.play("draw")
    assert not any(m.startswith("swap") for m in legal(s))
    assert "Only the joker" in refused(s, "swap 1 5H 2C")


def test_view_names_owner_wilds_and_points() -> None:
    s = laid_out(["4C 5C 6D", "5H 3S 5D", "7S 7D 3D"], "6C 7C 8C")
    meld_for(s, 0, "4H 2C=5H 6H")
    v = s.view(1)
    entry = v["melds"][0]
    assert entry["owner"] == 0 and entry["named"] == ["4H", "5H", "6H"] and entry["points"] == 15
    assert entry["text"] == "4H 2C=5H 6H"
    assert v["melded_points"] == [15, 0, 0]
    assert v["hand_points"] == 15
    assert not RULES.is_wild(QS)


# ---- a golden match -------------------------------------------------------------------------


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("oklahoma_canasta_heuristic")
    record = golden_record("oklahoma_canasta_heuristic")
    assert s.is_over
    assert s.score_sheet.to_json() == record["score_sheet"]
    assert s.score_sheet.rows[-1].label == "Game won"


def test_a_wild_on_top_of_the_pile_is_taken_with_two_naturals_and_named() -> None:
    s = laid_out(["4C 5C 6D", "9D 9C 3S", "7S 7D 3D"], "JK 8C")
    assert legal(s) == ["draw", "pickup 9C 9D JK=9C", "pickup 9C 9D JK=9D", "pickup 9C 9D JK=9H",
                        "pickup 9C 9D JK=9S"]
    s.play("pickup 9D 9C JK=9H")
    assert s.view(0)["wilds_named"] == "meld 1 (Player 2): Joker as 9♥"

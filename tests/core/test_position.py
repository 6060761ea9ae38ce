"""Positions described literally (``gamenight.core.position``): the zones set in place, pieces only
moved (conservation), the settings the zones cannot say, and the refusals of what cannot be."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import gamenight
from gamenight.core.position import PositionError, position, set_position
from gamenight.equipment import cards as C
from gamenight.equipment import dominoes as D

HANDS = {"hand 0": "AS KS 10H 4C 4D 4H 7S", "hand 1": "2C 3C 4S 5D 6D 9H JC"}


def pieces(s: gamenight.State, key: str) -> list[int]:
    return list(s.card_zones()[key])


def test_the_zones_named_hold_exactly_their_pieces_in_the_order_given() -> None:
    s = position("rummy", players=2, seed=1, zones={**HANDS, "discards": "QS", "stock": "8H 9S ..."})
    assert pieces(s, "hand/0") == C.cards("AS KS TH 4C 4D 4H 7S")
    assert pieces(s, "hand/1") == C.cards("2C 3C 4S 5D 6D 9H JC")
    assert pieces(s, "discards") == C.cards("QS")
    assert pieces(s, "stock")[:2] == C.cards("8H 9S")


def test_every_piece_of_the_equipment_is_still_in_exactly_one_zone() -> None:
    fresh = gamenight.new("rummy", players=2, seed=1)
    s = position("rummy", players=2, seed=1, zones={**HANDS, "discards": "QS", "stock": "8H 9S ..."})
    assert Counter(s.pieces_in_play()) == Counter(fresh.pieces_in_play())


def test_a_zone_not_named_keeps_its_size_when_a_piece_is_taken_from_it() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    theirs = pieces(s, "hand/1")
    set_position(s, zones={"hand 0": C.cards(" ".join(C.CODE_OF[c] for c in theirs[:2]))}, rest="stock")
    assert pieces(s, "hand/0") == theirs[:2]
    assert len(pieces(s, "hand/1")) == len(theirs)
    assert not set(theirs[:2]) & set(pieces(s, "hand/1"))  # one deck: each card is in one place
    assert pieces(s, "hand/1")[2:] == theirs[2:]  # the rest of that hand stays where it was


def test_the_move_cache_is_emptied_so_the_next_query_reads_the_new_position() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    seat = s.to_move
    assert seat is not None
    before = {str(m) for m in s.legal_moves(seat)}
    set_position(s, zones={"discards": "QS"})
    after = {str(m) for m in s.legal_moves(seat)}
    assert "take QS" in after and after != before


def test_what_seats_knew_of_a_changed_zone_is_forgotten() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    s.knowledge.tell("hand/0", pieces(s, "hand/0")[:1])
    set_position(s, zones={"hand 0": "AS KS 10H 4C 4D 4H 7S"})
    assert s.knowledge.public("hand/0") == []


def test_turn_phase_dealer_deal_and_scores_are_set_through_the_kernel() -> None:
    s = position("rummy", players=3, seed=2, turn=2, dealer=1, deal=4, scores=[10, 0, 25])
    assert s.to_move == 2
    assert s.sheet.totals == [10, 0, 25]
    assert s.view(None)["dealer"] == 1
    assert s.deal_no == 4


def test_the_phase_is_named_as_the_state_reads_it() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    seat = s.to_move
    assert s.phase() == "draw" and seat is not None
    set_position(s, phase="play", turn=seat)
    assert s.phase() == "play"
    assert any(m.verb == "discard" for m in s.legal_moves(seat))
    with pytest.raises(PositionError, match="no phase 'bidding'"):
        set_position(s, phase="bidding")


def test_tiles_are_written_in_their_codes_and_the_boneyard_takes_the_rest() -> None:
    s = gamenight.new("mexican-train", players=2, seed=3)
    set_position(s, zones={"hand 0": "12-3 5-5"})
    assert pieces(s, "hand/0") == D.tiles("12-3 5-5")
    fresh = gamenight.new("mexican-train", players=2, seed=3)
    assert Counter(s.pieces_in_play()) == Counter(fresh.pieces_in_play())


def test_more_copies_than_the_equipment_holds_are_refused() -> None:
    with pytest.raises(PositionError, match="not that many of AS"):
        position("rummy", players=2, seed=1, zones={"hand 0": "AS AS"})


def test_an_unknown_zone_or_piece_is_refused_by_name() -> None:
    with pytest.raises(PositionError, match=r"no zone 'crib'.*hand/0"):
        position("rummy", players=2, seed=1, zones={"crib": "AS"})
    with pytest.raises(PositionError, match="'ZZ' is not a card"):
        position("rummy", players=2, seed=1, zones={"hand 0": "ZZ"})


def test_a_zone_the_kernel_draws_from_its_melds_cannot_be_written() -> None:
    s = gamenight.new("canasta", players=4, seed=1)
    with pytest.raises(PositionError, match="'books/0' is drawn from what the kernel keeps"):
        set_position(s, zones={"books 0": "KS KH KD"})


def test_pieces_with_no_place_are_refused_rather_than_lost() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    with pytest.raises(PositionError, match="have no place"):
        set_position(s, zones={"hand 0": "AS", "stock": "KS"})


def test_extra_kernel_facts_keep_their_type_and_a_typo_is_refused() -> None:
    s = gamenight.new("canasta", players=4, seed=1)
    set_position(s, extra={"opened": [True, False]})
    assert s.opened == [True, False]  # type: ignore[attr-defined]
    with pytest.raises(PositionError, match="keeps no 'opend'"):
        set_position(s, extra={"opend": [True, False]})
    with pytest.raises(PositionError, match="not a value of its kind"):
        set_position(s, extra={"opened": [1, 0]})


def test_whose_turn_is_set_to_the_other_seat() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    seat = s.to_move
    assert seat is not None
    set_position(s, turn=1 - seat)
    assert s.to_move == 1 - seat


def test_a_side_s_books_given_as_kernel_facts_take_their_cards_from_the_stock() -> None:
    from gamenight.families.canasta import book_of
    from gamenight.games.canasta import Canasta

    s = gamenight.new("canasta", players=4, seed=1)
    assert isinstance(s, Canasta)
    equipment = Counter(s.pieces_in_play())
    stock = len(s.stocks[0])
    kings = C.cards("KS KH KD")
    books = [[book_of(C.RANK_OF[kings[0]], kings, 0, s.turn_rules.books)], []]
    set_position(s, extra={"books": books, "opened": [True, False]}, bottom_first=True)
    assert Counter(s.pieces_in_play()) == equipment  # the kings left the stock, not duplicated
    assert pieces(s, "books/0") == kings and len(s.stocks[0]) == stock - 3


def test_left_over_pieces_go_to_the_bottom_of_a_stock_drawn_from_its_end() -> None:
    s = gamenight.new("canasta", players=4, seed=1)
    top = pieces(s, "stock")[-3:]  # a canasta stock is drawn from the end of its list
    held = pieces(s, "hand/1")
    set_position(s, zones={"hand 1": [held[0]]}, bottom_first=True)
    after = pieces(s, "stock")
    assert after[-3:] == top  # the next draws stay
    assert sorted(after[:len(held) - 1]) == sorted(held[1:])  # the hand's other cards lie at the bottom


# ---- pieces out of play ---------------------------------------------------------------------------

def test_pieces_out_of_play_are_in_no_zone_the_rules_read_but_conservation_counts_them() -> None:
    fresh = gamenight.new("mexican-train", players=2, seed=3)
    s = position("mexican-train", players=2, seed=3, zones={
        "hand 0": "12-4 4-9", "hand 1": "8-8 8-1", "boneyard": "0-0"}, out_of_play="...")
    assert pieces(s, "boneyard") == D.tiles("0-0")
    assert all(len(z.pieces) <= 2 for z in s.zones() if z.key.startswith("hand"))
    in_zones = sum(len(z.pieces) for z in s.zones())
    assert in_zones == 2 + 2 + 1 + 1  # two hands, the boneyard, the engine in the centre
    assert len(pieces(s, "out-of-play")) == 91 - in_zones
    assert Counter(s.pieces_in_play()) == Counter(fresh.pieces_in_play())
    # no sample deals a piece set aside into a hidden zone: seat 0 cannot see seat 1's tiles and
    # the boneyard, and a sample shuffles the three tiles there only
    for seed in range(5):
        sample = s.sample(0, random.Random(seed))
        hidden = [p for key in ("hand/1", "boneyard") for p in sample.card_zones()[key]]
        assert sorted(hidden) == sorted(D.tiles("8-8 8-1 0-0"))


def test_a_piece_set_aside_can_be_named_back_into_play() -> None:
    s = position("rummy", players=2, seed=1, zones={**HANDS, "discards": "QS", "stock": "8H"},
                 out_of_play="...")
    assert pieces(s, "stock") == C.cards("8H")
    equipment = Counter(s.pieces_in_play())
    set_position(s, zones={"stock": "8H 9S"})  # the 9♠ was set aside: it comes back from there
    assert pieces(s, "stock") == C.cards("8H 9S")
    assert Counter(s.pieces_in_play()) == equipment and len(pieces(s, "out-of-play")) == 52 - 14 - 1 - 2


def test_pieces_set_aside_are_named_out_of_play_like_a_zone() -> None:
    s = position("rummy", players=2, seed=1, zones={"out of play": "KS KH"})
    assert pieces(s, "out-of-play") == C.cards("KS KH")
    assert sum(s.pieces_in_play().values()) == 52
    assert not {C.card("KS"), C.card("KH")} & {p for z in s.zones() for p in z.pieces}


def test_the_next_deal_is_dealt_from_the_whole_equipment_and_nothing_stays_aside() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    set_position(s, out_of_play="KS")
    assert "out-of-play" in s.card_zones()
    set_position(s, deal=s.deal_no + 1)  # as the kernel's next deal would number it
    assert "out-of-play" not in s.card_zones()


def test_pieces_are_set_aside_only_as_a_zone_described_so_conservation_is_checked() -> None:
    s = gamenight.new("rummy", players=2, seed=1)
    with pytest.raises(PositionError, match="out_of_play="):
        set_position(s, extra={"set_aside": {0: [1, 2]}})

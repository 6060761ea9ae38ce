"""Sticks (seed 000 p.19; metzker-book §18): stacked-deck scenarios for every rule clause and
option, the worked cases T-ST-1..6 by name, the hidden sticks, and the golden match."""

from __future__ import annotations

import json
import random
from typing import cast

import pytest

import gamenight
from gamenight.core.errors import IllegalMove, OptionError
from gamenight.equipment import cards as C
from gamenight.families.contracts import Contract
from gamenight.games.sticks import (
    DEFAULT_STICKS,
    Sticks,
    decks_for,
    parse_catalogue,
)
from tests.helpers import deal_deck, golden_match, set_position

GAME = "sticks"
#: cards that fill a hand to 15: one of each rank but the two, a suit's cards four ranks apart (no
#: run even with two wild cards), then the same ranks in other suits
FILL = ["3C", "4D", "5H", "6S", "7C", "8D", "9H", "TS", "JC", "QD", "KH", "AS",
        "3D", "4H", "5S", "6C", "7D", "8H", "9S", "TC", "JD", "QH", "KS", "AC"]


def filled(hand: str) -> str:
    """``hand`` and filler cards of ranks it does not hold, 15 cards in all."""
    cards = hand.split()
    ranks = {c[0] for c in cards}
    extra = [c for c in FILL if c[0] not in ranks][: 15 - len(cards)]
    return " ".join(cards + extra)


def new(hands: list[str], rest: str, catalogue: str = "S3+S3", **options: object) -> Sticks:
    """Hand 1 from a stacked deck: dealer seat 0, seat 1 plays first; ``rest`` starts with the
    upcard, then the top of the stock. Every stick is ``catalogue``'s (one stick: no chance)."""
    full = [filled(h) for h in hands]
    s = gamenight.new(GAME, players=len(hands), seed=3, deck=deal_deck(full, rest),
                      options={"catalogue": catalogue, **options})
    return cast(Sticks, s)


def legal(s: Sticks, seat: int | None = None) -> list[str]:
    return [str(m) for m in s.legal_moves(seat)]


def refused(s: Sticks, move: str, seat: int | None = None) -> str:
    before = json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True) == before
    return str(err.value)


def give_stick(s: Sticks, seat: int, text: str) -> None:
    """Swap ``seat``'s face-down stick for the catalogue's stick ``text`` (from the pot)."""
    k = next(i for i, c in enumerate(s.catalogue) if c.text == text)
    old = s.face_down[seat]
    assert old is not None
    pot = list(s.pot)
    if k in pot:
        pot.remove(k)
        pot.append(old)
    face_down = [k if x == seat else f for x, f in enumerate(s.face_down)]
    set_position(s, extra={"face_down": face_down, "pot": pot})


# ---- equipment, deal, catalogue --------------------------------------------------------------


def test_decks_and_deal() -> None:
    assert [decks_for(n) for n in (2, 6, 7, 12)] == [3, 3, 4, 4]
    for n, decks in ((4, 3), (7, 4)):
        s = cast(Sticks, gamenight.new(GAME, players=n, seed=1))
        assert len(s.deck_template()) == 54 * decks
        assert s.deck_template().count(C.JOKER) == 2 * decks
        assert all(len(h) == 15 for h in s.hands) and len(s.discards) == 1
        assert len(s.stock) == 54 * decks - 15 * n - 1
        assert all(k is not None and not s.is_free(k) for k in s.face_down)
    with pytest.raises(OptionError):
        gamenight.new(GAME, players=13)


def test_twos_and_jokers_are_wild_and_every_group_needs_a_natural() -> None:
    from gamenight.games.sticks import RULES
    assert RULES.is_wild(C.card("2H")) and RULES.is_wild(C.JOKER) and not RULES.is_wild(C.card("3H"))
    assert isinstance(RULES.check(C.cards("2H JK JK"), "set"), str)
    assert not isinstance(RULES.check(C.cards("QS KS AS"), "run"), str)  # ace high
    assert not isinstance(RULES.check(C.cards("AS 2S 3S"), "run"), str)  # or low (2♠ as a wild)
    assert isinstance(RULES.check(C.cards("KS AS 3S"), "run"), str)  # never round the corner


def test_the_default_catalogue_is_the_spec_s_44_with_four_free() -> None:
    sticks = parse_catalogue(", ".join(DEFAULT_STICKS))
    assert len(sticks) == 44 and sum(s.free for s in sticks) == 4
    assert all(s.exact for s in sticks)
    assert [s.text for s in sticks[:3]] == ["S3+S3", "S3+S3+S3", "S3+S3+S3+S3"]
    assert sticks[25].text == "R5[10-A]" and sticks[38].text == "W5"


def test_gamenight_rules_prints_the_catalogue() -> None:
    spec = next(g for g in gamenight.games() if g.id == GAME)
    for text in ("R4[♠]+R4[♣]", "R5[10-A]", "W5", "41. FREE", "G-ST-3", "trade_in"):
        assert text in spec.rules, text


def test_the_catalogue_is_editable_and_a_bad_stick_is_named() -> None:
    mine = "R4[H]\n# mine\nS3+S3; W5"
    s = cast(Sticks, gamenight.new(GAME, players=3, seed=2, options={"catalogue": mine}))
    assert [c.text for c in s.catalogue] == ["R4[♥]", "S3+S3", "W5"]
    assert s.view(0)["catalogue"] == ["R4[♥]", "S3+S3", "W5"]
    with pytest.raises(OptionError, match=r"Stick 2 of the catalogue, 'S3\+X4'"):
        gamenight.new(GAME, players=3, options={"catalogue": "S3, S3+X4"})
    with pytest.raises(OptionError, match="not FREE"):
        gamenight.new(GAME, players=3, options={"catalogue": "FREE, FREE"})
    with pytest.raises(OptionError, match=r"Stick 1 .*16 cards"):
        gamenight.new(GAME, players=3, options={"catalogue": "S8+S8"})
    with pytest.raises(OptionError, match="at most"):
        gamenight.new(GAME, players=3, options={"catalogue": "S3, " * 2000})


# ---- hidden sticks ---------------------------------------------------------------------------


def test_another_player_s_stick_is_seen_only_once_face_up() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3")
    v0, v1 = s.view(0), s.view(1)
    assert v1["my_contract"] == "Two sets of exactly three" and v1["my_stick_text"] == "S3+S3"
    assert v0["contracts"][1] is None and v1["contracts"][0] is None
    assert v0["stick_hidden"] == [True, True] and v0["sticks_done"] == [0, 0]
    assert all(e.to is not None for e in s.events if e.text.startswith("Your stick"))
    s.play("draw")
    s.play("meld 8C 8D 2S set")
    s.play("meld QC QD QH set")
    v0 = s.view(0)
    assert v0["contracts"][1] == "Two sets of exactly three (face up)" and v0["stick_hidden"] == [True, False]
    assert v0["sticks_shown"] == [[], ["two sets of exactly three"]] and v0["sticks_done"] == [0, 1]
    assert v0["my_stick_text"] == "S3+S3" and v0["contract_codes"] == ["S3+S3", "S3+S3"]
    assert v0["completed_list"] == ["Player 2: S3+S3"]
    assert s.view(1)["contract_codes"] == [None, "S3+S3"]


def test_sampling_redeals_the_hidden_sticks_but_never_your_own() -> None:
    s = cast(Sticks, gamenight.new(GAME, players=4, seed=11))
    seen = set()
    for i in range(30):
        smp = cast(Sticks, s.sample(0, random.Random(i)))
        assert smp.face_down[0] == s.face_down[0]
        assert smp.view(0) == s.view(0)
        assert all(k is not None and not smp.is_free(k) for k in smp.face_down)
        assert sorted(smp.pot + [k for k in smp.face_down if k is not None]) == \
            sorted(s.pot + [k for k in s.face_down if k is not None])
        seen.add(tuple(smp.face_down))
    assert len(seen) > 1


# ---- the turn: laying the stick (T-ST-1, T-ST-2, T-ST-3) ---------------------------------------


def test_T_ST_1_sets_with_one_natural_suffice_and_all_wild_is_refused() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C")
    s.play("draw")
    assert "meld 8C 8D 2S set" in legal(s) and "meld QC QD QH set" in legal(s)
    s.play("meld 8C 8D 2S set")
    assert legal(s) == ["meld QC QD QH set"]  # nothing but the rest of the stick
    s.play("meld QC QD QH set")
    assert s.made[1] and s.face_down[1] is None and len(s.completed[1]) == 1
    # {8, 2, Jkr} + {Q, Q, Q}: one natural is enough
    s = new(["KC KD KH", "8C 2S JK QC QD QH"], "4D 6C")
    s.play("draw")
    s.play("meld 8C 2S JK set")
    s.play("meld QC QD QH set")
    assert s.made[1]
    # {2, Jkr, Jkr}: no natural
    s = new(["KC KD KH", "2S JK JK QC QD QH"], "4D 6C")
    s.play("draw")
    assert not any(m.startswith("meld 2S JK JK") for m in legal(s))
    assert "natural" in refused(s, "meld 2S JK JK set")


def test_T_ST_2_a_run_of_four_with_a_wild_in_place() -> None:
    s = new(["KC KD KH", "5H 6H 2C 8H"], "4D 6C", catalogue="R4")
    s.play("draw")
    assert "meld 5H 6H 2C 8H run" in legal(s)
    s.play("meld 5H 6H 2C 8H run")
    assert s.made[1] and s.melds[0].stand_in(2) == C.card("7H")
    s = new(["KC KD KH", "5H 6D 7H 8H"], "4D 6C", catalogue="R4")
    s.play("draw")
    assert not any(m.startswith("meld") for m in legal(s))
    assert "one suit" in refused(s, "meld 5H 6D 7H 8H run")


def test_T_ST_3_exact_lengths_then_the_fourth_queen_later() -> None:
    s = new(["KC KD KH", "QC QD QH QS"], "4D 6C 6H", catalogue="S3")
    s.play("draw")
    assert "exactly three" in refused(s, "meld QC QD QH QS set")
    s.play("meld QC QD QH set")
    assert s.made[1]
    # nothing else the turn the stick goes down: no lay-off of the fourth queen yet
    assert all(m.startswith("discard") for m in legal(s))
    assert "nothing more" in refused(s, "layoff 1 QS")
    s.play("discard 3C")
    s.play("draw")
    s.play("discard 3C")  # seat 0
    s.play("draw")
    s.play("layoff 1 QS")
    assert s.melds[0].size == 4


def test_laying_the_stick_is_never_compulsory_and_nothing_is_laid_before_it() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3")
    s.play("draw")
    assert "discard 3C" in legal(s)
    s.play("discard 3C")
    assert not s.made[1]
    # seat 0 has a set but its stick (two sets) is not met: no meld, no lay-off
    s.play("draw")
    assert not any(m.startswith(("meld", "layoff")) for m in legal(s))


def test_the_stick_must_leave_a_card_to_discard() -> None:
    # S5+S5 and 15 cards: after the draw 16, so laying ten leaves six
    s = new(["KC KD KH", "8C 8D 8H 8S 2S QC QD QH QS JK"], "4D 6C", catalogue="S5+S5")
    s.play("draw")
    s.play("meld 8C 8D 8H 8S 2S set")
    s.play("meld QC QD QH QS JK set")
    assert s.made[1] and len(s.hands[1]) == 6


# ---- after the stick: melds, lay-offs on anyone's melds, wild swaps (T-ST-5) ----------------------


def two_sticks_up() -> Sticks:
    """Both players' S3+S3 laid: seat 1's 8s and queens (melds 1, 2), seat 0's kings and jacks
    with a joker (melds 3, 4); seat 1 to play."""
    s = new(["KC KD KH JC JD JK 4C 5C", "8C 8D 2S QC QD QH JS 9C 9D"], "4D 6C 6H 3S 4S 5S",
            catalogue="S3+S3")
    s.play("draw")
    s.play("meld 8C 8D 2S set")
    s.play("meld QC QD QH set")
    s.play("discard 6C")
    s.play("draw")
    s.play("meld KC KD KH set")
    s.play("meld JC JD JK set")
    s.play("discard 6H")
    return s


def test_after_the_stick_lay_off_on_anyone_s_melds_and_new_melds() -> None:
    s = two_sticks_up()
    s.play("draw")
    moves = legal(s)
    assert "layoff 3 KS" not in moves  # seat 1 holds no king
    assert "layoff 4 JS" in moves  # on seat 0's jacks
    s.play("layoff 4 JS")
    assert s.melds[3].size == 4 and s.contributions[3][-1] == (1, C.card("JS"))
    assert "meld 9C 9D 2S set" not in legal(s)  # 2♠ is in a meld already
    assert "one rank" in refused(s, "layoff 1 9C")


def test_T_ST_5_a_wild_taken_from_a_set_must_be_played_and_never_from_a_run() -> None:
    # seat 0's jacks {J♣ J♦ Jkr}; seat 1 (stick up) swaps J♦... here J♠ for the joker
    s = two_sticks_up()
    s.play("draw")
    assert "swap 4 JS JK" in legal(s)
    s.play("swap 4 JS JK")
    assert C.JOKER in s.hands[1] and s.freed == [C.JOKER]
    assert not any(m.startswith("discard") for m in legal(s))
    assert "wild card you took back" in refused(s, "discard 3C")
    s.play("layoff 1 JK")
    assert s.freed == [] and any(m.startswith("discard") for m in legal(s))


def test_a_second_swap_may_not_leave_only_wild_cards_to_play() -> None:
    # found by a bot match: two swaps left a hand of two freed wilds, and neither could be laid
    # off (the other must stay to be discarded, and a freed wild may not be): no legal move at all
    s = two_sticks_up()
    s.play("draw")
    set_position(s, zones={"hand 1": "JS 8H"})
    s.play("swap 4 JS JK")
    assert s.hands[1] == C.cards("8H JK")
    assert "swap 1 8H 2S" not in legal(s)
    refused(s, "swap 1 8H 2S")
    assert legal(s) == ["layoff 1 JK", "layoff 2 JK", "layoff 3 JK", "layoff 4 JK"]


def test_T_ST_5_no_wild_is_taken_from_a_run() -> None:
    s = new(["KC KD KH", "4C 5C JK QC QD QH 4H"], "4D 6C 6H 3S 4S 5S", catalogue="R3+S3")
    s.play("draw")
    s.play("meld 4C 5C JK run")
    s.play("meld QC QD QH set")
    s.play("discard 4H")
    s.play("draw")
    s.play("discard KC")
    s.play("draw")
    assert not any(m.startswith("swap") for m in legal(s))
    assert "only from sets" in refused(s, "swap 1 6C JK")


def test_a_W5_stick_is_five_wild_cards_and_stays_closed() -> None:
    s = new(["KC KD KH AC AD", "2C 2D 2H JK JK AH AS 9C 9D"], "4D 6C 6H 9S", catalogue="W5")
    s.play("draw")
    assert [m for m in legal(s) if m.startswith("meld")] == ["meld 14 2C 2D 2H JK JK set"]
    assert "needs exactly five" in refused(s, "meld 2C 2D 2H set")
    s.play("meld 2C 2D 2H JK JK set")  # typed without the rank the listed form names
    assert s.made[1] and s.melds[0].all_wild
    s.play("discard 6C")
    s.play("draw")
    s.play("discard 6H")
    s.play("draw")  # seat 1, stick up: aces and wild cards in hand, but the W5 group is closed
    assert not any(m.startswith(("layoff 1", "swap 1")) for m in legal(s))
    assert "wild cards only" in refused(s, "layoff 1 AH")
    assert "meld 9C 9D 9S set" in legal(s)


# ---- every turn ends with a discard; the hand ends; sticks carry over ----------------------------


def test_going_out_needs_a_discard_and_sticks_carry_over() -> None:
    s = new(["KC KD KH 9S", "8C 8D 8H QC QD QH 4S 5S 6S 7S TD TH TS 3C TC"], "4D 9D 5C 3S 6C TC",
            catalogue="S3+S3")
    first_stick = s.face_down[0]
    for move in ("draw", "meld 8C 8D 8H set", "meld QC QD QH set", "discard 9D", "draw", "discard 9S",
                 "draw", "meld 3S 4S 5S 6S 7S run", "meld TD TH TS set", "discard 3C"):
        s.play(move)
    assert s.hands[1] == [C.card("TC")]
    s.play("draw")
    s.play(next(m for m in legal(s) if m.startswith("discard")))
    s.play("draw")  # a second 10♣: one may be laid off, the other must be the discard
    assert legal(s) == ["layoff 4 TC", "discard TC"]
    s.play("layoff 4 TC")
    assert legal(s) == ["discard TC"]
    assert "keep a card to discard" in refused(s, "layoff 4 TC")
    s.play("discard TC")
    # the hand is over: seat 1 completed one stick; seat 0's stays face down for hand 2
    assert s.deal_no == 2 and s.sheet.rows[0].points == [0, 1]
    assert s.sheet.rows[0].label == "Hand 1: Player 2 goes out"
    assert s.sheet.rows[0].details == ["", "two sets of exactly three"]
    assert s.face_down[0] == first_stick and s.drawn_in[0] == 1
    assert s.face_down[1] is not None and s.drawn_in[1] == 2  # a new stick for the one who made his
    assert all(len(h) == 15 for h in s.hands) and s.melds == []


def test_the_score_sheet_counts_completed_sticks_per_hand() -> None:
    s = new(["KC KD KH", "8C 8D 8H QC QD QH JH"], "4D 9D", catalogue="S3+S3")
    set_position(s, extra={"completed_before": [0, 0]})
    s.play("draw")
    s.play("meld 8C 8D 8H set")
    s.play("meld QC QD QH set")
    s._score_deal(1)  # as if seat 1 went out now
    assert s.sheet.rows[0].points == [0, 1] and s.sheet.rows[0].details == ["", "two sets of exactly three"]
    assert s.deal_no == 2 and s.view(0)["sticks_done"] == [0, 1]


# ---- FREE sticks and the end (T-ST-4, T-ST-6) ---------------------------------------------------


def test_T_ST_4_free_sticks_count_and_draw_again_but_not_as_the_seventh() -> None:
    s = cast(Sticks, gamenight.new(GAME, players=2, seed=1, options={"catalogue": "FREE, S3+S3, R4"}))
    free, s3, r4 = 0, 1, 2
    # a player with 3 completed draws FREE: 4 completed, and he draws again
    set_position(s, extra={"completed": [[s3, s3, s3], []], "face_down": [None, s.face_down[1]],
                           "pot": [r4, free]})
    s.draw_stick(0)
    assert s.completed[0] == [s3, s3, s3, free] and s.face_down[0] == r4
    # a player with 6 completed draws FREE: it goes back, he draws again, it does not count
    set_position(s, extra={"completed": [s.completed[0], [s3] * 6], "face_down": [s.face_down[0], None],
                           "pot": [r4, free]})
    s.draw_stick(1)
    assert s.completed[1] == [s3] * 6 and s.face_down[1] == r4 and s.pot == [free]
    assert "does not count" in " ".join(e.text for e in s.events[-4:])


def test_T_ST_6_turning_up_the_seventh_stick_wins_at_once() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3")
    set_position(s, extra={"completed": [s.completed[0], [0] * 6],
                           "completed_before": [s.completed_before[0], 6]})
    s.play("draw")
    s.play("meld 8C 8D 2S set")
    s.play("meld QC QD QH set")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1,)
    assert "first to complete 7 sticks" in s.outcome.reason
    assert s.sheet.rows[-1].note == "the game ended mid-hand"


def test_target_option() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3", target=1)
    s.play("draw")
    s.play("meld 8C 8D 2S set")
    s.play("meld QC QD QH set")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1,)


# ---- options -----------------------------------------------------------------------------


def test_trade_in_after_holding_a_stick_through_a_hand() -> None:
    s = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3, R4", trade_in=True)
    assert "trade" not in legal(s)  # held through no hand yet
    assert "whole hand" in refused(s, "trade")
    s._score_deal(None)  # hand 2: both sticks held through hand 1
    first = s.turn
    assert "trade" in legal(s)
    s.play("trade")
    assert s.face_down[first] is not None and s.drawn_in[first] == 2
    assert "trade" not in legal(s)
    s.play("draw")
    s.play(next(m for m in legal(s) if m.startswith("discard")))
    nxt = s.turn
    s.play("draw")
    assert "trade" not in legal(s, nxt)  # only before the first draw of the hand
    s2 = new(["KC KD KH", "8C 8D 2S QC QD QH"], "4D 6C", catalogue="S3+S3")
    s2._score_deal(None)
    assert "trade" not in legal(s2) and "not traded in" in refused(s2, "trade")


def test_no_playable_discards() -> None:
    def table(**options: object) -> Sticks:
        s = new(["KC KD KH 9S", "8C 8D 8H QC QD QH 8S JH AD"], "4D 9D 3H", catalogue="S3+S3", **options)
        s.play("draw")
        s.play("meld 8C 8D 8H set")
        s.play("meld QC QD QH set")
        s.play("discard 9D")
        s.play("draw")
        s.play("discard 9S")
        s.play("draw")
        return s

    s = table(no_playable_discards=True)
    assert "discard 8S" not in legal(s) and "discard JH" in legal(s)
    assert "could be added to a meld" in refused(s, "discard 8S")
    loose = table()
    assert "discard 8S" in legal(loose)


def test_a_golden_match_replays_to_its_sheet() -> None:
    s = cast(Sticks, golden_match("sticks_heuristic"))
    assert s.is_over and s.outcome is not None
    assert len(s.moves) == 332 and s.sheet.totals == [3, 3, 2, 7] and s.outcome.winners == (3,)
    assert [len(c) for c in s.completed] == [3, 3, 2, 7]
    assert s.outcome.reason == "West is the first to complete 7 sticks."
    assert Contract.parse("S3+S3", exact=True) in s.catalogue

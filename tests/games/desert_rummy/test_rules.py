"""Desert Rummy (seed 000 p.11, ``shared/rules/metzker-book.md`` §10): stacked-deck scenarios for
every rule clause and option, the worked cases T-DR-1..6, and the golden match."""

from __future__ import annotations

import json
from typing import cast

import pytest
from tests.helpers import deal_deck, golden_match, play_all, set_position

import gamenight
from gamenight.core.errors import IllegalMove, OptionError
from gamenight.core.registry import get as get_spec
from gamenight.equipment.cards import cards
from gamenight.families.melds import Meld
from gamenight.games.desert_rummy import CATALOGUE, CONTRACTS, RULES, DesertRummy, decks_for

GAME = "desert-rummy"
#: seat 0's hand in the two-player scenarios: nothing it can lay (it only draws and discards)
IDLE = "AC AD 3C 4D 5S 6H 8D 9H TC JC QD"


def new(hands: list[str], rest: str, levels: tuple[int, ...] = (), **options: object) -> DesertRummy:
    """A first hand from a stacked deck (dealer seat 0, seat 1 plays first; ``rest`` is the upcard,
    then the top of the stock), each seat on the meld ``levels`` names (1 where it is silent)."""
    s = cast(DesertRummy, gamenight.new(GAME, players=len(hands), seed=3, deck=deal_deck(hands, rest),
                                        options=options))
    if levels:
        set_position(s, extra={"levels": [*levels, *[1] * (len(hands) - len(levels))]})
    return s


def legal(s: DesertRummy) -> set[str]:
    return {str(m) for m in s.legal_moves()}


def refused(s: DesertRummy, move: str, seat: int | None = None) -> str:
    """The move is refused with a sentence, and no seat's view changes."""
    before = json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True) == before
    return str(err.value)


def meld(text: str, kind: str) -> Meld:
    return RULES.meld(text, kind)


# ---- the table --------------------------------------------------------------------------


def test_decks_two_for_up_to_five_three_to_eight_four_beyond_each_with_two_jokers() -> None:
    assert [decks_for(n) for n in (2, 5, 6, 8, 9, 12)] == [2, 2, 3, 3, 4, 4]
    for n, size in ((2, 108), (6, 162), (9, 216)):
        s = cast(DesertRummy, gamenight.new(GAME, players=n, seed=1))
        assert len(s.deck_template()) == size
        assert s.deck_template().count(52) == 2 * decks_for(n)


def test_any_number_from_two_to_twelve_plays() -> None:
    with pytest.raises(OptionError):
        gamenight.new(GAME, players=13)
    with pytest.raises(OptionError):
        gamenight.new(GAME, players=1)


def test_eleven_cards_each_the_upcard_starts_the_pile_and_left_of_the_dealer_begins() -> None:
    s = new(["7C 7D 7H KC KD 2S JK 7S 9S JD 4D", IDLE], "8C QH")
    assert [len(h) for h in s.hands] == [11, 11]
    assert s.discards == cards("8C") and s.stock[0] == cards("QH")[0]
    assert s.turn == 1 and s.dealer == 0
    assert s.view(1)["my_contract"] == "Two sets of three"


def test_the_catalogue_is_the_books_eleven_melds_in_order() -> None:
    assert CATALOGUE.text.split("\n") == [c.text for c in CONTRACTS]
    assert [c.describe() for c in CONTRACTS] == [
        "two sets of three", "two runs of three", "a run of four and a set of three", "two sets of four",
        "a run of five and a set of three", "three sets of three", "a run of seven",
        "two runs of four, in one suit", "a run of six and a set of three", "two sets of five",
        "a run of nine"]
    rules = get_spec(GAME).rules
    assert "R4[x]+R4[x]" in rules and "two runs of four, in one suit" in rules and "{catalogue}" not in rules


# ---- T-DR-1: two sets of three; naturals at least as many as wilds ----------------------------


def test_T_DR_1_level_one_sets_and_the_wild_limit() -> None:
    assert CONTRACTS[0].check([meld("7C 7D 7H", "set"), meld("KC KD 2S", "set")]) == ""
    assert isinstance(RULES.check(cards("KC 2S JK"), "set"), str)  # one natural, two wilds
    s = new([IDLE, "7C 7D 7H KC KD 2S JK 7S 9S JD 4D"], "8C QH")
    s.play("draw")
    assert "wild cards than natural" in refused(s, "meld KC 2S JK set")
    s.play("meld 7C 7D 7H set")
    assert not s.made[1]
    assert "Finish laying your contract" in refused(s, "discard 4D")
    s.play("meld KC KD 2S set")
    assert s.made[1] and s.view(0)["contracts"][1] == "Two sets of three (laid)"


def test_a_group_may_be_longer_than_the_contract_says() -> None:
    s = new([IDLE, "7C 7D 7H 7S KC KD 2S JK 9S JD 4D"], "8C QH")
    play_all(s, ["draw", "meld 7C 7D 7H 7S JK set", "meld KC KD 2S set"])
    assert s.made[1]


# ---- T-DR-5: nothing more the turn the meld goes down ----------------------------------------


def test_T_DR_5_no_lay_off_in_the_meld_turn_but_the_next() -> None:
    s = new([IDLE, "7C 7D 7H KC KD 2S JK 7S 9S JD 4D"], "8C QH 5C")
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set"])
    assert "nothing more in the turn you lay your contract" in refused(s, "layoff 1 7S")
    assert not any(m.startswith(("layoff", "meld")) for m in legal(s))
    play_all(s, ["discard 4D", "draw", "discard 5C"])
    s.play("draw")
    assert "layoff 1 7S" in legal(s)
    s.play("layoff 1 7S")
    assert len(s.melds[0].cards) == 4


def test_later_turns_add_only_to_your_own_melds_and_lay_no_new_groups() -> None:
    s = new(["5C 5D 5H 9C 9D 9H 3S 4S 8S JS QS", "7C 7D 7H KC KD 2S JK 6S 6D 6H JD"], "8C QH 4C KH")
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set", "discard QH",
                 "draw", "meld 5C 5D 5H set", "meld 9C 9D 9H set", "discard 3S", "draw"])
    assert "only add cards to your own melds" in refused(s, "meld 6D 6H 6S set")
    assert "only on your own melds" in refused(s, "layoff 3 JK")
    assert "layoff 2 KH" in legal(s)


def test_option_new_groups_after_the_meld() -> None:
    s = new([IDLE, "7C 7D 7H KC KD 2S JK 6S 6D 6H JD"], "8C QH 5C 3D", allow_new_groups_after_meld=True)
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set"])
    assert "meld 6S 6D 6H set" not in legal(s)  # still nothing more in the meld turn
    play_all(s, ["discard QH", "draw", "discard 5C", "draw", "meld 6S 6D 6H set"])
    assert s.meld_owner == [1, 1, 1]


# ---- the wild swap ---------------------------------------------------------------------------


def swap_table(**options: object) -> DesertRummy:
    """Both seats on meld 2. Seat 1 lays 3♥ 4♥ Joker(5♥) and 8♠ 9♠ 10♠, seat 0 lays 3♦ 4♦ 2♣(5♦)
    and 9♣ 10♣ J♣; then seat 1, holding the 5♦, draws the 5♥."""
    s = new(["3D 4D 2C 9C TC JC AS KS QS 8D 8H", "3H 4H JK 8S 9S TS KC KD QD 7H 5D"],
            "QC KH 8C 5H", levels=(2, 2), **options)
    play_all(s, ["draw", "meld 3H 4H JK run", "meld 8S 9S TS run", "discard QD",
                 "draw", "meld 3D 4D 2C run", "meld 9C TC JC run", "discard QS", "draw"])
    return s


def hold(s: DesertRummy, seat: int, codes: str) -> None:
    """Give ``seat`` exactly these cards, taken from wherever they lay; what it held goes to the
    stock (so every card is still in one place)."""
    set_position(s, zones={f"hand/{seat}": codes})


def test_a_natural_takes_a_wilds_place_in_your_own_run_and_the_wild_is_played_at_once() -> None:
    s = swap_table()
    assert s.melds[0].cards == tuple(cards("3H 4H JK"))
    s.play("swap 1 5H JK")
    assert s.melds[0].cards == tuple(cards("3H 4H 5H")) and s.freed == cards("JK")
    assert "the wild card you took back" in refused(s, "discard KC")
    assert not any(m.startswith("discard") for m in legal(s)) and "layoff 1 JK high" in legal(s)
    s.play("layoff 1 JK high")
    assert s.freed == [] and "discard KC" in legal(s)


def test_no_swap_in_another_players_run_unless_the_option_allows_it() -> None:
    s = swap_table()
    assert "only from your own runs" in refused(s, "swap 3 5D 2C")
    t = swap_table(swap_any_run=True)
    t.play("swap 3 5D 2C")
    assert t.melds[2].cards == tuple(cards("3D 4D 5D")) and t.freed == cards("2C")
    assert not any(m.startswith("layoff 3") for m in legal(t))  # the freed wild goes onto his own melds
    t.play("layoff 1 2C high")
    assert not t.freed


def test_no_swap_in_a_set() -> None:
    s = new([IDLE, "7C 7D 7H KC KD 2S JK 9S JD 4D 6C"], "8C QH 3D KH")
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set", "discard QH",
                 "draw", "discard 3D", "draw"])
    assert "only from your own runs" in refused(s, "swap 2 KH 2S")
    assert not any(m.startswith("swap") for m in legal(s))


def test_a_wild_held_before_may_be_discarded_beside_its_freed_twin() -> None:
    """Regression: holding a joker and swapping the other joker back from his run, a player was
    refused both the discard of his own joker (taken for the freed one) and the lay-off of the
    freed one (it would leave only "a freed joker"): no legal move at all."""
    s = swap_table()
    hold(s, 1, "5H JK")
    s.play("swap 1 5H JK")
    assert sorted(s.hands[1]) == cards("JK JK") and s.freed == cards("JK")
    assert "layoff 1 JK high" in legal(s)
    s.play("layoff 1 JK high")
    assert legal(s) == {"discard JK"}
    s.play("discard JK")
    details = s.score_sheet.rows[0].details
    assert details is not None and details[1] == "laid level 2, went out"


def test_one_freed_wild_at_a_time() -> None:
    s = swap_table(swap_any_run=True)
    s.play("swap 1 5H JK")
    assert "before you take another" in refused(s, "swap 3 5D 2C")


def test_a_swap_must_leave_a_card_to_discard() -> None:
    """Regression: swapping his last natural left a player holding only the wild he took back,
    which he could neither lay off (keeping no discard) nor discard: no legal move at all."""
    s = swap_table()
    hold(s, 1, "5H JS")
    s.play("layoff 2 JS")
    assert s.hands[1] == cards("5H")
    assert "keep a card to discard" in refused(s, "swap 1 5H JK")
    assert legal(s) == {"discard 5H"}


# ---- going out (and T-DR-4) --------------------------------------------------------------------


def test_T_DR_4_going_out_needs_a_discard_and_every_seat_that_laid_moves_on() -> None:
    """Seat 1 lays meld 1, sheds onto it turn by turn and goes out with a discard; seat 0 laid
    nothing and repeats level 1, seat 1 moves on to meld 2."""
    s = new([IDLE, "7C 7D 7H KC KD 2S 7S KH 9S JD 4D"], "8C QH 5C 7D 6C KS 5D 7C 3H KC")
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set", "discard QH",
                 "draw", "discard 5C", "draw", "discard 9S",
                 "draw", "discard 6C", "draw", "discard JD",
                 "draw", "discard 5D", "draw", "discard 4D", "draw", "discard 3H", "draw"])
    assert sorted(s.hands[1]) == sorted(cards("7S KH 7D KS 7C KC"))
    for move in ("layoff 1 7S", "layoff 1 7D", "layoff 1 7C", "layoff 2 KH", "layoff 2 KS"):
        s.play(move)
    assert "keep a card to discard" in refused(s, "layoff 2 KC")
    assert legal(s) == {"discard KC"}
    s.play("discard KC")
    row = s.score_sheet.rows[0]
    assert row.points == [0, 1] and row.details == ["repeats level 1", "laid level 1, went out"]
    assert s.levels == [1, 2] and s.deal_no == 2 and not s.is_over
    assert s.view(1)["my_contract"] == "Two runs of three" and s.view(1)["level"] == 2
    assert s.view(0)["my_contract"] == "Two sets of three"


def test_T_DR_4_a_player_who_laid_but_did_not_go_out_moves_on_too() -> None:
    s = new(["5C 5D 5H 9C 9D 9H 3S 4S 8S JS QS", "7C 7D 7H KC KD 2S 7S KH 9S JD 4D"], "8C QH KS AD")
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set", "discard QH",
                 "draw", "meld 5C 5D 5H set", "meld 9C 9D 9H set", "discard KS", "draw"])
    hold(s, 1, "7S KH 4D")
    play_all(s, ["layoff 1 7S", "layoff 2 KH", "discard 4D"])
    row = s.score_sheet.rows[0]
    assert row.points == [1, 1] and row.details == ["laid level 1", "laid level 1, went out"]
    assert s.levels == [2, 2]


# ---- T-DR-2, T-DR-3: meld 8's one suit, meld 11's wild limit ------------------------------------


def test_T_DR_2_level_eight_two_runs_of_four_in_one_suit() -> None:
    eight = CONTRACTS[7]
    assert eight.text == "R4[x]+R4[x]"
    assert eight.check([meld("3H 4H 5H 6H", "run"), meld("9H TH JH QH", "run")]) == ""
    assert eight.check([meld("3H 4H 5H 6H", "run"), meld("9S TS JS QS", "run")]) != ""
    s = new([IDLE, "3H 4H 5H 6H 9H TH JH QH 9S TS JS"], "8C QS", levels=(1, 8))
    s.play("draw")
    s.play("meld 3H 4H 5H 6H run")
    assert "meld 9S TS JS QS run" not in legal(s)
    assert "Your contract is two runs of four, in one suit" in refused(s, "meld 9S TS JS QS run")
    s.play("meld 9H TH JH QH run")
    assert s.made[1] and s.levels[1] == 8


def test_T_DR_3_level_eleven_a_run_of_nine_with_at_most_as_many_wilds_as_naturals() -> None:
    eleven = CONTRACTS[10]
    five_four = RULES.check(cards("3H 4H 5H 6H 7H 2C 2D 2S JK"), "run")
    assert isinstance(five_four, Meld) and eleven.check([five_four]) == ""
    assert isinstance(RULES.check(cards("3H 4H 5H 6H 2C 2D 2S JK JK"), "run"), str)


def test_T_DR_6_laying_the_eleventh_meld_wins_at_once() -> None:
    s = new([IDLE, "3H 4H 5H 6H 7H 2C 2D 2S JK QH KH"], "8C 9C", levels=(3, 11))
    s.play("draw")
    assert "meld 3H 4H 5H 6H 2C 2D 2S JK JK run" not in legal(s)
    s.play("meld 3H 4H 5H 6H 7H 2C 2D 2S JK run")
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (1,) and "laid the last meld, a run of nine" in s.outcome.reason
    row = s.score_sheet.rows[-1]
    assert row.points == [0, 1] and row.details == ["repeats level 3", "laid level 11"]
    assert row.note == "Player 2 laid the last meld"


def test_win_timing_end_of_hand_plays_the_hand_out() -> None:
    s = new([IDLE, "3H 4H 5H 6H 7H 2C 2D 2S JK QH KH"], "8C 9C 5C 4C", levels=(3, 11),
            win_timing="end_of_hand")
    play_all(s, ["draw", "meld 3H 4H 5H 6H 7H 2C 2D 2S JK run"])
    assert not s.is_over and s.finished == [1]
    play_all(s, ["discard 9C", "draw", "discard 5C", "draw", "layoff 1 QH", "layoff 1 KH"])
    assert not s.is_over
    s.play("discard 4C")
    assert s.is_over and s.outcome is not None and s.outcome.winners == (1,)
    assert "went out" in s.outcome.reason


def test_win_timing_end_of_hand_the_first_to_lay_it_wins_when_someone_else_goes_out() -> None:
    s = new(["5C 5D 5H 9C 9D 9H 3S 4S 8S JS QS", "3H 4H 5H 6H 7H 2C 2D 2S JK QH KH"], "8C 9C KS",
            levels=(1, 11), win_timing="end_of_hand")
    play_all(s, ["draw", "meld 3H 4H 5H 6H 7H 2C 2D 2S JK run", "discard 9C",
                 "draw", "meld 5C 5D 5H set", "meld 9C 9D 9H set", "discard KS", "draw"])
    hold(s, 1, "8D 4D")  # seat 1 cannot go out this turn
    s.play("discard 8D")
    s.play("draw")
    hold(s, 0, "5S 3S")
    play_all(s, ["layoff 2 5S", "discard 3S"])  # seat 0 goes out
    assert s.outcome is not None and s.outcome.winners == (1,)
    assert "laid it first" in s.outcome.reason
    assert s.score_sheet.rows[0].points == [1, 1]


def test_max_hands_stops_the_game_and_the_furthest_on_wins() -> None:
    s = new(["5C 5D 5H 9C 9D 9H 3S 4S 8S JS QS", "7C 7D 7H KC KD 2S 7S KH 9S JD 4D"], "8C QH KS AD",
            max_hands=1)
    play_all(s, ["draw", "meld 7C 7D 7H set", "meld KC KD 2S set", "discard QH",
                 "draw", "discard KS", "draw"])
    hold(s, 1, "7S KH 4D")
    play_all(s, ["layoff 1 7S", "layoff 2 KH", "discard 4D"])
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.scores == (0, 1)
    assert s.outcome.reason == "The game stops after one hand: the player furthest on wins."


def test_the_view_shows_each_players_meld_and_whether_it_is_down() -> None:
    s = new([IDLE, "7C 7D 7H KC KD 2S JK 7S 9S JD 4D"], "8C QH", levels=(1, 4))
    v = s.view(0)
    assert v["levels"] == [1, 4] and v["level"] == 1
    assert v["contracts"] == ["Two sets of three", "Two sets of four"]
    assert v["contract_codes"] == ["S3+S3", "S4+S4"]
    assert v["everyones_meld"] == ["Player 1: 1, two sets of three", "Player 2: 4, two sets of four"]
    labels = {f["key"]: f["label"] for f in v["layout"]["fields"]}
    assert labels["levels"] == "Level" and labels["made"] == "Laid" and labels["everyones_meld"] == "Levels"
    assert labels["my_contract"] == "Your contract" and v["level_of"] == [1, 11]


def test_golden_match_four_heuristic_bots() -> None:
    s = golden_match("desert_rummy_heuristic")
    assert isinstance(s, DesertRummy) and s.is_over and s.outcome is not None
    assert s.outcome.winners == (3,) and s.score_sheet.totals == [10, 10, 9, 11]
    assert s.levels == [11, 11, 10, 11] and s.deal_no == len(s.score_sheet.rows)

"""Bolivia (preset ``bolivia``, other-seeds §8.2) and Brazilian Canasta (preset ``brazilian``,
§8.3): the worked cases T-B-1..5 and T-BR-1..5 by number, and a scenario per clause and option
(wild melds, going out with a canasta and a samba, the first-meld readings and bands, the
incomplete-meld penalties, the red-three table, no pile for the first meld)."""

from __future__ import annotations

import pytest

from gamenight.families.canasta_turn.seqrules import kind_of
from gamenight.families.match import MatchEnd, match_end
from tests.games.samba.scenarios import give, lay, pile, red_threes, samba, scores
from tests.helpers import play, refused, texts

# ---- Bolivia -------------------------------------------------------------------------------------


def test_t_b_1_bolivia_of_three_jokers_and_four_deuces_is_2730() -> None:
    s = samba({}, preset="bolivia")
    lay(s, 0, "JK JK JK 2C 2D 2H 2S")
    total = s.team_score(0, None)[1]
    assert kind_of(s.books[0][0]) == "bolivia"
    assert total["canastas"] + total["melded"] == 2730


@pytest.mark.parametrize(("melds", "allowed"), [
    (("KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH"), False),
    (("KC KD KH KS KC KD KH", "8H 9H TH JH QH KH AH"), True),
])
def test_t_b_2_going_out_needs_a_canasta_and_a_samba(melds: tuple[str, str], allowed: bool) -> None:
    s = samba({1: "5D"}, rest="5H 5S", preset="bolivia")
    lay(s, 1, *melds)
    give(s, 1, "5D")
    play(s, "draw")
    if allowed:
        play(s, "meld 5D 5H 5S")
        assert "went out" in s.sheet.rows[-1].note
    else:
        refused(s, "meld 5D 5H 5S", "samba")


@pytest.mark.parametrize(("opening", "want"), [("flat150", 150), ("samba_table", 90)])
def test_t_b_3_first_meld_at_2000(opening: str, want: int) -> None:
    s = samba({}, preset="bolivia", opening=opening)
    scores(s, [2000, 0])
    assert s.minimum(0) == want


def test_t_b_4_three_wilds_in_a_group_invalid_wild_meld_valid() -> None:
    s = samba({1: "KC KD KH 2C JK JK 2D 2S 5D"}, rest="9S 9H", preset="bolivia")
    lay(s, 1, "QC QD QH")  # opened
    play(s, "draw", "meld KC KD KH", "add 2 2C", "add 2 JK")
    refused(s, "add 2 JK", "at most 2 wild")
    play(s, "meld 2D 2S JK")
    assert kind_of(s.books[1][2]) == "wild"


def test_t_b_5_game_ends_at_15000() -> None:
    s = samba({}, preset="bolivia")
    assert match_end(s.match_rules, [14900, 0], 5) is None
    assert match_end(s.match_rules, [15000, 0], 5) is MatchEnd.TARGET


def test_wild_meld_grows_to_seven_and_no_more() -> None:
    s = samba({1: "2C 2D 2H 2S JK JK JK 2C 5D 6D"}, rest="9S 9H", preset="bolivia")
    lay(s, 1, "QC QD QH")
    play(s, "draw", "meld 2C 2D 2H", "add 2 2S", "add 2 JK", "add 2 JK", "add 2 JK")
    assert kind_of(s.books[1][1]) == "bolivia"
    refused(s, "add 2 2C", "at most seven")


def test_wild_top_blocks_in_bolivia() -> None:
    s = samba({1: "2C 2D 5D"}, preset="bolivia")
    pile(s, over="JK")
    assert not [m for m in texts(s) if m.startswith("pickup")]
    refused(s, "pickup 2C 2D", "blocked")


def test_option_black3_in_hand_100_in_bolivia() -> None:
    s = samba({}, preset="bolivia", black3_in_hand=100)
    give(s, 1, "3S")
    give(s, 3, "")
    assert s.team_score(1, None)[1]["held"] == -100


# ---- Brazilian -----------------------------------------------------------------------------------

def test_t_br_1_bolivia_worth_2000() -> None:
    s = samba({}, preset="brazilian")
    lay(s, 0, "JK JK 2C 2D 2H 2S 2C")
    p = s.team_score(0, None)[1]
    assert p["canastas"] + p["melded"] == 2200


def test_t_br_2_incomplete_melds_cost_the_other_side() -> None:
    s = samba({}, preset="brazilian")
    lay(s, 0, "KC KD KH KS KC KD KH", "8H 9H TH JH QH KH AH")
    lay(s, 1, "5C 6C 7C 8C", "2C 2D 2H JK JK")
    assert s.team_score(1, 0)[1]["incomplete"] == -2000
    assert s.team_score(1, None)[1]["incomplete"] == 0  # the stock ran out (HOUSE)
    assert s.team_score(0, 0)[1]["incomplete"] == 0


def test_option_incomplete_published_short_sequences_whoever_ends() -> None:
    s = samba({}, preset="brazilian", incomplete_penalty="published")
    lay(s, 1, "5C 6C 7C 8C", "5D 6D 7D 8D 9D", "2C 2D 2H")
    assert s.team_score(1, None)[1]["incomplete"] == -1000
    assert s.team_score(1, 1)[1]["incomplete"] == -1000


def _opening(score: int, hand: str, moves: list[str]):  # type: ignore[no-untyped-def]
    s = samba({1: hand}, rest="9S 9H", preset="brazilian")
    scores(s, [0, score])
    play(s, "draw", *moves)
    return s


def test_t_br_3_at_8400_canasta_and_200() -> None:
    kings = ["meld KC KD KH", "add 1 KS", "add 1 KC", "add 1 KD", "add 1 KH"]
    s = _opening(8400, "KC KD KH KS KC KD KH AC AD AH 5D 6D", [*kings, "meld AC AD AH"])
    assert not s.opened[1] and s.prov_value == 130
    refused(s, "discard 5D", "a complete canasta and 200 points")
    aces = ["meld AC AD AH", "add 1 AS", "add 1 AC", "add 1 AD", "add 1 AH"]
    s = _opening(8400, "AC AD AH AS AC AD AH KC KD JK 5D 6D", [*aces, "meld KC KD JK"])
    assert s.opened[1]


def test_t_br_4_at_9100_natural_canasta() -> None:
    mixed = ["meld QC QD QH", "add 1 QS", "add 1 QC", "add 1 2C", "add 1 JK"]
    s = _opening(9100, "QC QD QH QS QC 2C JK 5D 6D", mixed)
    assert not s.opened[1]
    natural = ["meld QC QD QH", "add 1 QS", "add 1 QC", "add 1 QD", "add 1 QH"]
    s = _opening(9100, "QC QD QH QS QC QD QH 5D 6D", natural)
    assert s.opened[1]


def test_t_br_5_negative_score_150_and_no_pile_to_open() -> None:
    s = samba({1: "KC KS AC AD AH AS"}, up="KD", preset="brazilian")
    scores(s, [0, -300])
    assert s.minimum(1) == 150
    assert not [m for m in texts(s) if m.startswith("pickup")]
    refused(s, "pickup KC KS", "first meld")


def test_brazilian_band_7000_needs_a_canasta_a_samba_counts() -> None:
    run = ["meld 6H 7H 8H", "add 1 9H", "add 1 TH", "add 1 JH", "add 1 QH"]
    s = _opening(7000, "6H 7H 8H 9H TH JH QH 5D 6D", run)
    assert s.opened[1]
    assert s.opening_words(0) == "150 points"


def test_option_brazilian_table_keeps_samba_table_below_7000() -> None:
    s = samba({}, preset="brazilian", opening="brazilian_table")
    scores(s, [2000, 7500])
    assert s.minimum(0) == 90 and s.opening_canasta(1) == "any"


def test_option_red3_table_brazilian() -> None:
    s = samba({}, preset="brazilian", red3_table="brazilian", red3_positive_if="one_canasta")
    lay(s, 0, "KC KD KH KS KC KD KH")
    red_threes(s, 0, 6)
    assert s.team_score(0, None)[1]["red_threes"] == 1200
    red_threes(s, 0, 5)
    assert s.team_score(0, None)[1]["red_threes"] == 1000
    red_threes(s, 0, 4)
    assert s.team_score(0, None)[1]["red_threes"] == 400


def test_pickup_below_minimum_must_leave_two_cards_in_hand() -> None:
    """The hand lays 140 with every card, 155 with the pile's 15: enough only if nothing need stay
    in the hand. With the top card alone the player would have to keep two of his own cards, so
    the pair may not take it; with two cards under the top (they wait in the hand) it may."""
    hand = "4H 4D 7C 7D TC TH QC QH QS QS KC KC KS 2S 2C"
    s = samba({1: hand}, up="4S", preset="bolivia")
    assert s.minimum(1) == 150
    assert "pickup 4D 4H" not in texts(s)
    s = samba({1: hand}, up="4S", preset="bolivia")
    pile(s, under="9S 9H")
    assert "pickup 4D 4H" in texts(s)
    play(s, "pickup 4D 4H", "meld QC QH QS", "add 2 QS", "meld KC KC KS", "meld TC TH 2C", "meld 7C 7D 2S")
    assert s.opened[1] and len(s.hands[1]) == 2

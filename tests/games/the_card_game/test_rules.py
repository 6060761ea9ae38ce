"""The Card Game (seed 002): stacked-deck scenarios for every rule clause and option, the
worked cases of ``shared/rules/other-seeds.md`` §5.3, the refusals, and a golden match."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import cast

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.core.errors import IllegalMove, OptionError
from gamenight.core.moves import parse_move
from gamenight.equipment import cards as C
from gamenight.equipment.cards import card
from gamenight.games.the_card_game import (
    GOING_OUT_BONUS,
    TheCardGame,
    decks_for,
    majority_score,
    round_rules,
    round_sizes,
    wild_rank,
)
from tests.helpers import deal_deck, golden_match, lay_out_rummy_deal, play_all, set_position

GAME = "the-card-game"


def new(hands: list[str], rest: str, **options: object) -> TheCardGame:
    """Round 1 from a stacked deck: dealer seat 0, seat 1 plays first; ``rest`` starts with the
    upcard, then the top of the stock."""
    s = gamenight.new(GAME, players=len(hands), seed=5, deck=deal_deck(hands, rest), options=options)
    return cast(TheCardGame, s)


def at_round(number: int, hands: list[str], rest: str, **options: object) -> TheCardGame:
    """A game moved on to round ``number`` (dealer seat 0), its cards laid out as given: the
    cards of the deal are only rearranged, so every card is still in exactly one place."""
    s = cast(TheCardGame, gamenight.new(GAME, players=len(hands), seed=5, options=options))
    set_position(s, deal=number - 1, dealer=0)
    s._start_round()  # the kernel deals the round
    lay_out_rummy_deal(s, hands, rest)
    assert all(len(h) == s.size for h in s.hands)
    return s


def legal(s: TheCardGame) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def refused(s: TheCardGame, move: str, seat: int | None = None) -> str:
    before = json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        s.play(move, seat)
    assert json.dumps([s.view(x) for x in range(s.num_players)], sort_keys=True) == before
    return str(err.value)


def conserved(s: TheCardGame) -> bool:
    return Counter(c for zone in s.card_zones().values() for c in zone) == Counter(s.deck_template())


# ---- rounds, wild ranks, decks -----------------------------------------------------------


def test_rounds_deal_three_to_thirteen_with_the_matching_rank_wild() -> None:
    assert round_sizes("none") == tuple(range(3, 14))
    assert [C.RANKS[wild_rank(n)] for n in round_sizes("none")] == list("3456789TJQK")
    rules = round_rules(11)
    assert rules.is_wild(card("JC")) and not rules.is_wild(card("QC")) and not rules.is_wild(card("3C"))
    assert not rules.jokers_wild


def test_descend_options() -> None:
    assert round_sizes("12_to_3") == (*range(3, 14), *range(12, 2, -1))
    assert round_sizes("13_to_3") == (*range(3, 14), *range(13, 2, -1))
    assert len(round_sizes("12_to_3")) == 21 and len(round_sizes("13_to_3")) == 22
    s = at_round(12, ["2C 2D 2H 4S 5S 6S 7S 8S 9S TS JS KS", "3C 3D 3H 4C 5C 6C 7C 8C 9C TC JC KC"],
                 "AD AH", descend="12_to_3")
    v = s.view(1)
    assert (v["round"], v["rounds"], v["cards_this_round"], v["wilds"]) == (12, 21, 12, "queens")
    s = at_round(12, ["2C 2D 2H 2S 4S 5S 6S 7S 8S 9S TS JS QS", "3C 3D 3H 4C 5C 6C 7C 8C 9C TC JC QC AS"],
                 "AD AH", descend="13_to_3")
    assert (s.view(1)["cards_this_round"], s.view(1)["wilds"], s.view(1)["rounds"]) == (13, "kings", 22)


def test_decks_by_player_count_and_extra_decks() -> None:
    assert [decks_for(n) for n in range(2, 9)] == [1, 1, 2, 2, 2, 3, 3]
    assert decks_for(4, 1) == 3
    for n, extra, decks in [(3, 0, 1), (4, 0, 2), (7, 0, 3), (4, 1, 3), (2, 2, 3)]:
        s = cast(TheCardGame, gamenight.new(GAME, players=n, seed=1, options={"extra_decks": extra}))
        assert s.decks == decks and s.view(0)["decks"] == decks
        assert len(s.deck_template()) == 52 * decks and conserved(s)
        assert len(s.stock) == 52 * decks - 3 * n - 1  # three cards each and the upcard
    with pytest.raises(OptionError):
        gamenight.new(GAME, players=4, options={"extra_decks": 4})


def test_wild_rank_of_the_round_melds_and_other_ranks_do_not() -> None:
    # round 1: threes wild. 7♣ 7♦ 3♥ is a set of sevens; 7♣ 7♦ 4♥ is not
    s = new(["QC KD 2H", "7C 7D 3H"], "9S 5D")
    assert legal(s) == ["draw", "take 9S"]
    s.play("draw")
    assert "out 5D" in legal(s)
    s = new(["QC KD 2H", "7C 7D 4H"], "9S 5D")
    s.play("draw")
    assert not any(m.startswith("out") for m in legal(s))
    why = refused(s, "out 5D")
    assert "the other 3 cards must all form melds" in why and "threes are wild" in why


def test_every_meld_needs_a_natural_card() -> None:
    hands = ["QC KD 2H", "3C 3D 3H"]
    s = new(hands, "9S KH")
    s.play("draw")
    # three threes are all wild: no meld on their own; with the K♥ they are a set of kings
    assert sorted(m for m in legal(s) if m.startswith("out")) == ["out 3C", "out 3D", "out 3H"]
    why = refused(s, "out KH")
    assert "at least one natural card" in why
    s = new(hands, "9S KH", allow_all_wild_meld=True)
    s.play("draw")
    assert "out KH" in legal(s)
    s.play("out KH")
    assert s.melds[0].all_wild and s.went_out == 1


def test_ace_low_only_unless_the_option_says_either_end() -> None:
    # round 1 (threes wild): Q♠ K♠ A♠ is not a run with aces low, but is with 'high_or_low'
    s = new(["2C 5D 8H", "QS KS AS"], "9S 4D")
    s.play("draw")
    assert "out 4D" not in legal(s)
    s = new(["2C 5D 8H", "QS KS AS"], "9S 4D", ace="high_or_low")
    s.play("draw")
    assert "out 4D" in legal(s)
    s = new(["2C 5D 8H", "KS AS 2S"], "9S 4D", ace="high_or_low")
    s.play("draw")
    assert "out 4D" not in legal(s)  # never round the corner


# ---- the turn ------------------------------------------------------------------------------


def test_draw_from_either_pile_and_the_taken_card_may_be_discarded() -> None:
    s = new(["QC KD 2H", "7C 8D 9H"], "5S 6D")
    s.play("take 5S")
    assert "discard 5S" in legal(s)
    s.play("discard 5S")
    assert s.turn == 0 and s.discards[-1] == card("5S")
    assert refused(s, "discard QC").startswith("Draw first")


def test_going_out_needs_a_discard() -> None:
    # round 1: 7♣ 8♣ 9♣ and the 10♣ drawn all meld, but the hand must end with a discard
    s = new(["QC KD 2H", "7C 8C 9C"], "5S TC")
    s.play("draw")
    assert sorted(m for m in legal(s) if m.startswith("out")) == ["out 7C", "out TC"]
    assert refused(s, "out 8C").startswith("You cannot go out discarding the eight of clubs")
    assert "Melds are laid down only when going out" in refused(s, "meld 7C 8C 9C TC run")
    assert "not laid off" in refused(s, "layoff 1 TC")
    assert "name the one card you discard" in refused(s, "out")
    assert refused(s, "out AS") == "You do not hold the ace of spades."
    s.play("out TC")
    assert s.hands[1] == [] and [m.text for m in s.melds] == ["7C 8C 9C run"]
    assert s.discards[-1] == card("TC") and s.meld_owner == [1]


def test_everyone_else_has_exactly_one_more_turn() -> None:
    # three players: seat 1 goes out, then seats 2 and 0 have one turn each
    s = new(["QC KD 2H", "7C 8C 9C", "4S 9D JH"], "5S TC 6H 8S")
    play_all(s, ["draw", "out TC"])
    assert s.went_out == 1 and s.turn == 2
    assert s.view(2)["last_turns"] == [2, 0]
    assert not s.sheet.rows
    play_all(s, ["take TC", "discard TC"])
    assert s.turn == 0 and s.view(0)["last_turns"] == [0]
    assert refused(s, "draw", 1).startswith("It is not your turn")
    play_all(s, ["draw", "discard 6H"])
    # the round is over: round 2 deals four cards, seat 1 deals and seat 2 starts
    row = s.sheet.rows[0]
    assert row.label == "Round 1: 3 cards, threes wild"
    assert row.points == [2 + 10 + 10, 0, 4 + 9 + 10]
    assert row.details == ["left 2♥ Q♣ K♦", "went out", "left 4♠ J♥ 9♦"]
    assert s.deal_no == 2 and s.dealer == 1 and s.turn == 2 and s.size == 4
    assert all(len(h) == 4 for h in s.hands) and s.melds == [] and s.went_out is None


def test_another_player_may_go_out_on_the_last_turn_but_earns_no_bonus() -> None:
    s = new(["QC QD 2H", "7C 8C 9C"], "5S TC QH", going_out_score="-5")
    play_all(s, ["draw", "out TC", "draw"])
    assert "out 2H" in legal(s)
    s.play("out 2H")
    row = s.sheet.rows[0]
    assert row.points == [0, GOING_OUT_BONUS]
    assert row.details == ["went out on the last turn", "went out"]


# ---- scoring: the worked cases of §5.3 --------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "hand", "filler", "points"),
    [(2, "7D 8D 4H 2S", "9C 9D 9H 9S", 2),                # case 1: D2's own example
     (1, "KC 3H 9D", "7C 7D 7H", 22),                     # case 2: one wild cannot bridge K and 9
     (5, "5S 5H 7C TD JD QD 2C", "9C 9D 9H 9S KC KH KS", 2),  # case 3: the least leftover wins
     (4, "6C 6D 6H 8S 8H 8D", "TC TD TH JC JD JH", 0),    # case 5a: a set of six
     (4, "6C 6D 6H KS 2D 9C", "TC TD TH JC JD JH", 11),   # case 5b: every spare wild in one meld
     (1, "AS 2S 3D", "7C 7D 7H", 0),                      # case 6: ace low
     (1, "KS AS 3D", "7C 7D 7H", 14)],
)
def test_round_scoring_worked_cases(number: int, hand: str, filler: str, points: int) -> None:
    # seat 1 goes out at once; seat 0 draws and throws the card back on its last turn
    s = at_round(number, [hand, filler], "QS QH QC")
    play_all(s, ["draw", "out QH", "draw", "discard QC"])
    row = s.sheet.rows[-1]
    assert row.points == [points, 0]
    assert row.label.startswith(f"Round {number}: {len(hand.split())} cards")


def test_going_out_legality_case_4() -> None:
    # round 3 (fives wild): 9♠9♥9♦ K♠K♥K♦ cannot go out; 9♠9♥9♦5♣9♣ discarding K♦ can
    s = at_round(3, ["2C 4D 6H 8S TC", "9S 9H 9D KS KH"], "QS KD")
    s.play("draw")
    assert not any(m.startswith("out") for m in legal(s))
    assert "the other 5 cards must all form melds" in refused(s, "out KD")
    s = at_round(3, ["2C 4D 6H 8S TC", "9S 9H 9D 5C 9C"], "QS KD")
    s.play("draw")
    s.play("out KD")
    assert [m.describe() for m in s.melds] == ["set of nines: 9♣ 9♦ 9♥ 9♠ 5♣ (as 9)"]


@pytest.mark.parametrize(("option", "score"), [("0", 0), ("-5", -5)])
def test_going_out_score_option(option: str, score: int) -> None:
    # case 7: the player who went out records −5 (or 0), the others their leftover points
    s = at_round(2, ["7D 8D 4H 2S", "9C 9D 9H 9S"], "QS QH QC", going_out_score=option)
    play_all(s, ["draw", "out QH", "draw", "discard QC"])
    assert s.sheet.rows[-1].points == [2, score]
    assert s.view(0)["going_out_score"] == score


def test_stock_is_remade_once_then_the_round_ends() -> None:
    s = new(["QC KD 2H", "7C 8D 9H"], "5S")
    remade = False
    while s.deal_no == 1:
        seat = s.turn
        assert s.legal_moves()[0].verb == "draw"
        s.play("draw")
        s.play(f"discard {C.CODE_OF[s.hands[seat][-1]]}")  # throw back what was drawn
        remade = remade or any(e.kind == "restock" for e in s.events[-3:])
        assert conserved(s)
    assert remade
    assert sum(e.kind == "restock" for e in s.events) == 1
    row = s.sheet.rows[0]
    assert row.note == "the stock ran out: nobody went out"
    assert row.points == [22, 24]


# ---- the vote (TCG-8) ----------------------------------------------------------------------


def test_the_table_votes_the_going_out_score_in_secret() -> None:
    s = cast(TheCardGame, gamenight.new(GAME, players=3, seed=3, options={"going_out_score": "vote"}))
    assert s.phase() == "vote" and s.to_act == frozenset({0, 1, 2})
    assert s.legal_moves(0) == [parse_move("vote 0"), parse_move("vote -5")]
    assert conserved(s) and s.hands == [[], [], []]
    assert "voting on the going-out score" in refused(s, "draw", 0)
    s.play("vote -5", 0)
    assert refused(s, "vote 0", 0).endswith("waiting for Player 2 and Player 3.")
    assert s.to_act == frozenset({1, 2})
    v = s.view(1)
    assert v["voted"] == [True, False, False] and v["votes"] is None and v["my_vote"] is None
    assert not any("You vote" in e for e in v["events"])  # the vote is secret until everyone has voted
    # a sample for seat 1 guesses seat 0's vote afresh; seat 0's own sample keeps it
    guesses = {cast(TheCardGame, s.sample(1, random.Random(i))).votes[0] for i in range(20)}
    assert guesses == {0, GOING_OUT_BONUS}
    assert all(cast(TheCardGame, s.sample(0, random.Random(i))).votes[0] == -5 for i in range(5))
    s.play("vote 0", 1)
    s.play("vote -5", 2)
    assert s.bonus == GOING_OUT_BONUS and s.phase() == "draw" and s.deal_no == 1
    assert s.view(1)["votes"] == [-5, 0, -5]
    assert "The vote: 2 for -5, 1 for 0. Going out scores -5." in s.view(1)["events"]


def test_a_tied_vote_keeps_zero() -> None:
    assert majority_score([0, -5]) == 0
    assert majority_score([-5, -5, 0]) == -5
    assert majority_score([-5, -5, 0, 0]) == 0
    s = gamenight.new(GAME, players=2, seed=3, options={"going_out_score": "vote"})
    play_all(s, [(0, "vote -5"), (1, "vote 0")])
    assert s.view(0)["going_out_score"] == 0


# ---- game end --------------------------------------------------------------------------------


def test_the_game_ends_after_the_last_round_and_the_lowest_total_wins() -> None:
    s = at_round(11, ["2C 2D 2H 4S 5S 6S 7S 8S 9S TS JS QS AS", "3C 3D 3H 4C 5C 6C 7C 8C 9C TC JC QC KC"],
                 "AD AH 2S", going_out_score="-5")
    s.sheet.add("Rounds 1-10", [30, 40])
    play_all(s, ["draw", "out AH", "draw", "discard 2S"])
    assert s.is_over and s.outcome is not None
    # seat 0: 2♥ 2♦ 2♣ and 4♠..Q♠ A♠? A♠ cannot join (aces low, no wrap): 1 point
    assert s.sheet.rows[-1].points == [1, -5]
    assert s.outcome.scores == (31, 35) and s.outcome.winners == (0,)
    assert "lowest total wins" in s.outcome.reason
    assert refused(s, "draw", 0) == "The game is over."


def test_equal_lowest_totals_share_the_win() -> None:
    s = at_round(11, ["2C 2D 2H 4S 5S 6S 7S 8S 9S TS JS QS 3S", "3C 3D 3H 4C 5C 6C 7C 8C 9C TC JC QC KC"],
                 "AD AH 2S")
    play_all(s, ["draw", "out AH", "draw", "discard 2S"])
    assert s.outcome is not None and s.outcome.winners == (0, 1) and s.outcome.scores == (0, 0)


def test_multi_deck_sets_may_repeat_a_card_runs_may_not() -> None:
    # four players, two decks: 7♣ 7♣ 7♥ is a set; 7♣ 7♣ 8♣ is neither a set nor a run
    hands = ["QC KD 2H", "7C 7C 7H", "4S 9D JH", "5C 6D 8H"]
    s = new(hands, "9S 5D")
    s.play("draw")
    assert "out 5D" in legal(s)
    hands[1] = "7C 7C 8C"
    s = new(hands, "9S 5D")
    s.play("draw")
    assert not any(m.startswith("out") for m in legal(s))


def test_views_hide_other_hands_and_show_the_round() -> None:
    s = new(["QC KD 2H", "7C 8C 9C"], "5S TC")
    v = s.view(0)
    assert v["hand"] == ["2H", "QC", "KD"] and v["hand_sizes"] == [3, 3]
    assert "7C" not in json.dumps(v)
    assert (v["round"], v["rounds"], v["wild_rank"], v["wilds"]) == (1, 11, "3", "threes")
    assert v["went_out"] is None and v["last_turns"] == []
    s.play("draw")
    s.play("out TC")
    v = s.view(0)
    assert v["went_out"] == 1 and v["melds"][0]["owner"] == 1 and v["last_turns"] == [0]


# ---- a golden match -----------------------------------------------------------------------


def bot_match(players: int, seed: int, **options: object) -> gamenight.State:
    s = gamenight.new(GAME, players=players, seed=seed, options=options)
    rng = random.Random(seed)
    bots = [make_bot("heuristic", GAME) for _ in range(players)]
    while not s.is_over:
        (seat,) = sorted(s.to_act)[:1]
        s.play(bots[seat].choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


def test_golden_match_with_heuristic_bots() -> None:
    s = golden_match("the_card_game_vote")
    assert s.outcome is not None
    sheet = [(r.label, r.points) for r in s.sheet.rows]
    assert sheet == GOLDEN_SHEET
    assert s.outcome.winners == GOLDEN_WINNERS and len(s.moves) == GOLDEN_MOVES
    assert s.outcome.scores == (70, 13, 47) and s.view(0)["votes"] == [-5, -5, -5]
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert again.sheet.to_json() == s.sheet.to_json()


#: three heuristic bots, seed 2024, the table votes (all three vote -5)
GOLDEN_SHEET: list[tuple[str, list[int]]] = [
    ("Round 1: 3 cards, threes wild", [-5, 9, 7]),
    ("Round 2: 4 cards, fours wild", [8, -5, 0]),
    ("Round 3: 5 cards, fives wild", [-5, 8, 1]),
    ("Round 4: 6 cards, sixes wild", [46, 5, -5]),
    ("Round 5: 7 cards, sevens wild", [3, -5, 1]),
    ("Round 6: 8 cards, eights wild", [1, 1, -5]),
    ("Round 7: 9 cards, nines wild", [-5, 8, 1]),
    ("Round 8: 10 cards, tens wild", [4, -5, 13]),
    ("Round 9: 11 cards, jacks wild", [23, 2, -5]),
    ("Round 10: 12 cards, queens wild", [-5, 0, 4]),
    ("Round 11: 13 cards, kings wild", [5, -5, 35]),
]
GOLDEN_WINNERS = (1,)
GOLDEN_MOVES = 373

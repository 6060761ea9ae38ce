"""Oh Hell!: stacked-deck scenarios for every rule clause and option (metzker-book.md §15)."""

from __future__ import annotations

import importlib
import random
from collections import Counter
from types import ModuleType

import pytest

import gamenight
from gamenight.bots import RandomBot, make_bot, sampler_for
from gamenight.core.state import State
from gamenight.equipment import cards as C
from tests.helpers import golden_match, new, play_all

GAME = "oh-hell"


def rules() -> ModuleType:
    """The game module, imported when a test runs: importing ``gamenight.games.*`` while pytest
    collects would bind ``gamenight.games`` to the package before the registry restores the
    ``gamenight.games()`` function that the conformance suite calls at collection time."""
    return importlib.import_module("gamenight.games.oh_hell")


def round_points(bid: int, took: int, formula: str) -> int:
    points: int = rules().round_points(bid, took, formula)
    return points


def round_sizes(largest: int, **kwargs: object) -> list[int]:
    sizes: list[int] = rules().round_sizes(largest, **kwargs)
    return sizes


def first_legal_until(s: State, stop: int) -> State:
    """Play the first legal move of the lowest acting seat until deal ``stop`` begins."""
    while not s.is_over and s.deal_no < stop:
        seat = min(s.to_act)
        s.play(s.legal_moves(seat)[0], seat)
    return s


def bid_numbers(s: State, seat: int) -> list[int]:
    return [m.number for m in s.legal_moves(seat) if m.number is not None]


# ---- the round schedule (G-OH-1, G-OH-4, T-OH-6) ---------------------------------------------

@pytest.mark.parametrize(("players", "rounds", "peak"), [(3, 19, 10), (4, 19, 10), (5, 19, 10),
                                                         (6, 13, 7), (7, 13, 7)])
def test_round_schedule_by_player_count(players: int, rounds: int, peak: int) -> None:
    s = gamenight.new(GAME, players=players, seed=1)
    sched = s.schedule  # type: ignore[attr-defined]
    assert len(sched) == rounds
    assert sched == [*range(1, peak + 1), *range(peak - 1, 0, -1)]
    assert s.view(0)["round_of"] == [1, rounds] and s.view(0)["hand_size"] == 1


def test_t_oh_6_round_counts() -> None:
    assert len(round_sizes(10)) == 19 and len(round_sizes(7)) == 13


def test_peak_twice_and_down_up_order() -> None:
    s = gamenight.new(GAME, players=4, seed=1, options={"peak_twice": True})
    assert s.schedule == [*range(1, 11), 10, *range(9, 0, -1)]  # type: ignore[attr-defined]
    assert len(s.schedule) == 20  # type: ignore[attr-defined]
    assert round_sizes(3, order="down_up") == [3, 2, 1, 2, 3]
    assert round_sizes(3, order="down_up", peak_twice=True) == [3, 2, 1, 1, 2, 3]


def test_max_cards_overrides_the_table() -> None:
    s = gamenight.new(GAME, players=6, seed=1, options={"max_cards": 4})
    assert s.schedule == [1, 2, 3, 4, 3, 2, 1]  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "max_cards"), [(4, 13), (3, 18), (7, 8), (5, 11), (6, 9)])
def test_max_cards_must_leave_a_trump_card(players: int, max_cards: int) -> None:
    # 18 is past the option's range for any table (3 × 18 = 54 > 51)
    reason = "at most 17" if max_cards == 18 else "no card to turn up for trump"
    with pytest.raises(gamenight.OptionError, match=reason):
        gamenight.new(GAME, players=players, options={"max_cards": max_cards})


@pytest.mark.parametrize(("players", "max_cards"), [(4, 12), (3, 17), (7, 7), (5, 10), (6, 8)])
def test_largest_legal_hand_leaves_one_card(players: int, max_cards: int) -> None:
    s = gamenight.new(GAME, players=players, seed=3, options={"max_cards": max_cards, "order": "down_up"})
    assert s.view(0)["hand_size"] == max_cards
    assert s.view(0)["stock_size"] == 52 - players * max_cards - 1


# ---- the deal and the turned-up trump -------------------------------------------------------------

def test_turned_up_card_sets_trump_and_is_public() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    for seat in (None, 0, 1, 2, 3):
        v = s.view(seat)
        assert v["trump_card"] == "7H" and v["trump"] == "H"
        assert v["stock_size"] == 52 - 4 - 1
    assert s.card_zones()["up_card"] == [C.card("7H")]
    assert len(s.card_zones()["stock"]) == 47
    assert "turns up 7♥: hearts are trumps" in s.view(2)["events"][0]


def test_stock_is_hidden_and_sample_redeals_it() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H 8H 9H")
    v = s.view(0)
    assert "8H" not in str(v) and "9H" not in str(v)
    smp = s.sample(0, random.Random(5))
    assert smp.view(0) == v
    assert smp.card_zones()["up_card"] == [C.card("7H")]
    assert smp.card_zones()["hand/0"] == [C.card("3D")]
    assert Counter(c for z in smp.card_zones().values() for c in z) == Counter(range(52))


# ---- blind bidding in one-card rounds (G-OH-3) --------------------------------------------------

def test_a_secret_bid_made_looking_at_the_card_is_not_called_blind() -> None:
    """The book's knock hides the bids, not the cards: each bids with his card on screen, so
    nothing a player reads says he bids blind."""
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    for seat in range(4):
        view = s.view(seat)
        assert view["hand"] == [["3D", "AS", "2C", "9C"][seat]]
        labels = [f["label"] for f in view["layout"]["fields"]]
        read = [view["phase_label"], *labels, *view["events"], *(m["words"] for m in view["moves"])]
        assert not [words for words in read if "blind" in words.lower()], seat
    assert s.view(0)["phase_label"] == "Bidding all at once, in secret"
    assert "blind" not in s.spec.summary.lower()


def test_one_card_round_bids_are_simultaneous_and_secret() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    assert s.phase() == "blind_bid"
    assert s.to_act == frozenset({0, 1, 2, 3})
    assert bid_numbers(s, 2) == [0, 1]
    s.play("bid 1", 1)
    assert s.to_act == frozenset({0, 2, 3})
    other = s.view(2)
    assert other["bids"] == [None, None, None, None]
    assert other["has_bid"] == [False, True, False, False]
    assert not any("You bid" in e or "bids 1" in e for e in other["events"])
    assert s.view(None)["bids"] == [None, None, None, None]
    assert s.view(1)["bids"] == [None, 1, None, None]
    assert "You bid 1." in s.view(1)["events"]
    with pytest.raises(gamenight.IllegalMove, match="not your turn"):
        s.play("bid 0", 1)


def test_bids_are_revealed_together_when_all_are_in() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    play_all(s, [(2, "bid 0"), (1, "bid 1"), (0, "bid 0")])
    assert s.view(3)["bids"] == [None, None, None, None]
    s.play("bid 1", 3)
    revealed = [e for e in s.events if e.kind == "bids_revealed"]
    assert len(revealed) == 1 and revealed[0].to is None
    assert revealed[0].data["bids"] == [0, 1, 0, 1]
    assert "Bids revealed: North 0, East 1, South 0, West 1." in s.view(2)["events"]
    assert all(s.view(seat)["bids"] == [0, 1, 0, 1] for seat in (None, 0, 1, 2, 3))
    assert s.phase() == "play"


def test_sample_rerandomizes_the_secret_bids_of_others() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    play_all(s, [(1, "bid 1"), (2, "bid 1")])
    rng = random.Random(3)
    seen = set()
    for _ in range(40):
        smp = s.sample(0, rng)
        assert smp.view(0) == s.view(0)
        seen.add(tuple(smp.bids))  # type: ignore[attr-defined]
    assert {b[1] for b in seen} == {0, 1} and {b[2] for b in seen} == {0, 1}
    assert all(b[0] == -1 and b[3] == -1 for b in seen)
    own = s.sample(1, rng)
    assert own.bids[1] == 1  # type: ignore[attr-defined]  # a seat knows its own bid


def test_no_hook_in_a_blind_round() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H")
    play_all(s, [(1, "bid 0"), (2, "bid 0"), (3, "bid 0")])
    assert bid_numbers(s, 0) == [0, 1]  # the dealer may make the bids total the one trick
    s.play("bid 1", 0)
    assert s.phase() == "play"


def test_simultaneous_rounds_none_bids_in_turn_with_the_hook() -> None:
    s = new(GAME, ["3D", "AS", "2C", "9C"], "7H", options={"simultaneous_rounds": "none"})
    assert s.phase() == "bid" and s.to_act == frozenset({1})
    play_all(s, ["bid 0", "bid 0", "bid 0"])
    assert bid_numbers(s, 0) == [0]
    with pytest.raises(gamenight.IllegalMove, match=r"dealer may not bid 1.*0 \+ 0 \+ 0 \+ 1 = 1"):
        s.play("bid 1")


@pytest.mark.parametrize(("mode", "last_phase"), [("all_one_card", "blind_bid"), ("first_only", "bid")])
def test_which_one_card_rounds_are_blind(mode: str, last_phase: str) -> None:
    s = gamenight.new(GAME, players=4, seed=8, options={"max_cards": 2, "simultaneous_rounds": mode})
    assert s.phase() == "blind_bid"
    first_legal_until(s, 2)
    assert s.phase() == "bid"  # two cards: always in turn
    first_legal_until(s, 3)
    assert s.deal_no == 3 and s.phase() == last_phase


# ---- bidding in turn and the dealer's hook (T-OH-4) ---------------------------------------------

FIVE = ["2C 3C 4C 5C 6C", "2D 3D 4D 5D 6D", "2H 3H 4H 5H 6H", "2S 3S 4S 5S 6S"]


def five_card_round(**options: object) -> State:
    return new(GAME, FIVE, "AH", options={"max_cards": 5, "order": "down_up", **options})


def test_bids_go_round_from_the_player_after_the_dealer() -> None:
    s = five_card_round()
    assert s.phase() == "bid" and s.view(0)["dealer"] == 0
    order = []
    for b in ("2", "1", "1"):
        order.append(s.to_move)
        s.play(f"bid {b}")
    assert order == [1, 2, 3] and s.to_move == 0
    assert s.view(2)["bids"] == [None, 2, 1, 1]


def test_t_oh_4_dealer_may_not_make_the_bids_total_the_tricks() -> None:
    s = five_card_round()
    play_all(s, ["bid 2", "bid 1", "bid 1"])
    assert bid_numbers(s, 0) == [0, 2, 3, 4, 5]
    assert s.view(0)["dealer_may_not_bid"] == 1
    with pytest.raises(gamenight.IllegalMove) as err:
        s.play("bid 1")
    assert "dealer may not bid 1" in str(err.value)
    assert "2 + 1 + 1 + 1 = 5" in str(err.value)
    s.play("bid 0")
    assert s.phase() == "play" and s.to_move == 1  # the player after the dealer leads


def test_hook_is_lifted_when_the_others_already_overbid() -> None:
    s = five_card_round()
    play_all(s, ["bid 3", "bid 2", "bid 1"])
    assert bid_numbers(s, 0) == [0, 1, 2, 3, 4, 5]


def test_a_bid_out_of_range_is_refused() -> None:
    s = five_card_round()
    with pytest.raises(gamenight.IllegalMove, match="Bids run from 0 to 5"):
        s.play("bid 6")
    with pytest.raises(gamenight.IllegalMove, match="Bid the tricks"):
        s.play("pass")


# ---- play: lead, follow suit, trump wins, scoring (T-OH-1..3) --------------------------------------

THREE = ["6D 7D AS", "AH KH 2S", "3C 4C 5C"]  # seats 0 (dealer), 1, 2; hearts trump


def three_card_round(formula: str = "ten_plus_bid") -> State:
    s = new(GAME, THREE, "2H", options={"max_cards": 3, "order": "down_up", "score_formula": formula})
    play_all(s, ["bid 3", "bid 0"])
    assert bid_numbers(s, 0) == [1, 2, 3]  # the hook: 3 - 3 - 0 = 0 is barred
    s.play("bid 1")
    return s


def play_three_card_round(s: State) -> State:
    assert s.to_move == 1
    play_all(s, ["play 2S", "play 5C"])
    with pytest.raises(gamenight.IllegalMove, match="You must follow suit: you hold a spade"):
        s.play("play 6D")
    s.play("play AS")  # seat 0 wins the spade
    assert s.to_move == 0 and s.view(0)["tricks_won"] == [1, 0, 0]
    play_all(s, ["play 6D", "play KH", "play 3C"])  # seat 1 trumps the diamond
    assert s.to_move == 1 and s.view(0)["tricks_won"] == [1, 1, 0]
    play_all(s, ["play AH", "play 4C", "play 7D"])
    return s


def test_a_three_card_round_scored_by_the_book() -> None:
    s = play_three_card_round(three_card_round())
    row = s.sheet.rows[0]
    # seat 0 bid 1 took 1 → 11; seat 1 bid 3 took 2 → 0 (T-OH-3); seat 2 bid 0 took 0 → 10 (T-OH-1)
    assert row.points == [11, 0, 10]
    assert row.details == ["bid 1 / took 1", "bid 3 / took 2", "bid 0 / took 0"]
    assert row.label == "Round 1: 3 cards, hearts trumps"
    assert s.deal_no == 2 and s.view(0)["hand_size"] == 2 and s.view(0)["dealer"] == 1


@pytest.mark.parametrize(("formula", "points"), [
    ("ten_plus_bid", [11, 0, 10]),
    ("concatenate", [11, 0, 10]),
    ("ten_plus_tricks_if_exact", [11, 0, 10]),
    ("trick_each_plus_ten", [11, 2, 10]),
    ("trick_each_plus_ten_or_penalty", [11, -1, 10]),
])
def test_every_score_formula_on_a_played_round(formula: str, points: list[int]) -> None:
    s = play_three_card_round(three_card_round(formula))
    assert s.sheet.rows[0].points == points


def test_score_formulas_worked_cases() -> None:
    assert round_points(0, 0, "ten_plus_bid") == 10  # T-OH-1
    assert round_points(3, 3, "ten_plus_bid") == 13  # T-OH-2
    assert round_points(2, 3, "ten_plus_bid") == 0  # T-OH-3
    assert round_points(10, 10, "ten_plus_bid") == 20  # T-OH-5
    assert round_points(10, 10, "concatenate") == 110  # T-OH-5, the literal reading
    assert round_points(1, 1, "concatenate") == 11 and round_points(0, 0, "concatenate") == 10
    assert round_points(2, 3, "concatenate") == 0
    assert round_points(3, 3, "ten_plus_tricks_if_exact") == 13
    assert round_points(2, 3, "ten_plus_tricks_if_exact") == 0
    assert round_points(3, 3, "trick_each_plus_ten") == 13 and round_points(2, 5, "trick_each_plus_ten") == 5
    assert round_points(2, 2, "trick_each_plus_ten_or_penalty") == 12
    assert round_points(2, 5, "trick_each_plus_ten_or_penalty") == -3
    assert len(rules().SCORE_FORMULAS) == 5


def test_one_card_round_trump_beats_the_led_suit() -> None:
    s = new(GAME, ["3D", "AS", "2H", "9C"], "7H")
    play_all(s, [(0, "bid 0"), (1, "bid 1"), (2, "bid 0"), (3, "bid 0")])
    assert s.to_move == 1  # the player after the dealer leads
    play_all(s, ["play AS", "play 2H", "play 9C", "play 3D"])
    row = s.sheet.rows[0]
    assert row.details == ["bid 0 / took 0", "bid 1 / took 0", "bid 0 / took 1", "bid 0 / took 0"]
    assert row.points == [10, 0, 0, 10]


# ---- the match: end, totals, shared wins (G-OH-5) ---------------------------------------------------

def one_round_match(bids: list[int]) -> State:
    s = new(GAME, ["3D", "AS", "2C"], "4H", options={"max_cards": 1})
    play_all(s, [(seat, f"bid {b}") for seat, b in enumerate(bids)])
    return play_all(s, ["play AS", "play 2C", "play 3D"])


def test_match_ends_after_the_last_round_with_the_high_total() -> None:
    s = one_round_match([0, 1, 1])
    assert s.is_over and s.to_act == frozenset()
    assert s.outcome is not None
    assert s.outcome.scores == (10, 11, 0) and s.outcome.winners == (1,)
    assert len(s.sheet.rows) == 1
    assert s.sheet.totals == [10, 11, 0]


def test_equal_top_totals_share_the_win() -> None:
    s = one_round_match([0, 0, 0])
    assert s.outcome is not None
    assert s.outcome.scores == (10, 0, 10) and s.outcome.winners == (0, 2)
    assert "shared" in s.outcome.reason
    with pytest.raises(gamenight.IllegalMove):
        s.play("bid 0", 0)


def test_deal_rotates_left_and_bidding_follows_the_dealer() -> None:
    s = gamenight.new(GAME, players=4, seed=4, options={"max_cards": 2})
    first = s.view(0)["dealer"]
    first_legal_until(s, 2)
    assert s.view(0)["dealer"] == (first + 1) % 4
    assert s.to_act == frozenset({(first + 2) % 4})


def test_standard_preset_bids_in_turn_and_scores_a_point_a_trick() -> None:
    s = gamenight.new(GAME, players=4, seed=1, preset="standard")
    assert s.phase() == "bid"
    assert s.options.score_formula == "trick_each_plus_ten"  # type: ignore[attr-defined]


# ---- bots --------------------------------------------------------------------------------------

def run_match(seed: int, kinds: list[str], players: int = 4) -> State:
    s = gamenight.new(GAME, players=players, seed=seed)
    bots = [make_bot(k, GAME) for k in kinds]
    rng = random.Random(seed)
    while not s.is_over:
        seat = min(s.to_act)
        legal = s.legal_moves(seat)
        s.play(bots[seat].choose(s.view(seat), legal, sampler_for(s, seat), rng), seat)
    return s


def test_golden_transcript_heuristic_match() -> None:
    s = golden_match("oh_hell_heuristic")
    assert s.outcome is not None
    assert len(s.sheet.rows) == 19 and len(s.moves) == 4 * 19 + 4 * 100
    assert s.sheet.totals == GOLDEN_TOTALS
    assert s.outcome.winners == tuple(i for i, t in enumerate(GOLDEN_TOTALS) if t == max(GOLDEN_TOTALS))
    for row, h in zip(s.sheet.rows, s.schedule, strict=True):  # type: ignore[attr-defined]
        assert row.details is not None
        pairs = [(int(d.split()[1]), int(d.split()[4])) for d in row.details]
        assert sum(t for _, t in pairs) == h
        assert row.points == [round_points(b, t, "ten_plus_bid") for b, t in pairs]
        if h > 1:  # the hook: somebody always misses
            assert sum(b for b, _ in pairs) != h
    again = gamenight.replay(s.log)
    assert again.sheet.totals == s.sheet.totals


#: recorded from seed 2024, four heuristic bots (rounds 1…10…1, 19 rows); re-recorded when the
#: family bot stopped treating the seat across as a partner in non-partnership games
GOLDEN_TOTALS = [75, 158, 144, 135]


def test_heuristic_respects_the_hook() -> None:
    bot = make_bot("heuristic", GAME)
    s = five_card_round()
    play_all(s, ["bid 2", "bid 1", "bid 1"])
    legal = s.legal_moves(0)
    for seed in range(5):
        assert bot.choose(s.view(0), legal, sampler_for(s, 0), random.Random(seed)).number != 1


def test_heuristic_beats_random_players() -> None:
    wins = 0.0
    for seed in range(24):
        hs = seed % 4
        s = run_match(seed, ["heuristic" if i == hs else "random" for i in range(4)])
        assert s.outcome is not None
        if hs in s.outcome.winners:
            wins += 1 / len(s.outcome.winners)
    assert wins / 24 > 0.6


def test_random_bot_finishes_seven_player_match() -> None:
    s = run_match(5, ["random"] * 7, players=7)
    assert s.is_over and len(s.sheet.rows) == 13
    assert isinstance(make_bot("random", GAME), RandomBot)

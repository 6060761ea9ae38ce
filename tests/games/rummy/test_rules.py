"""Rummy (``rummy``): stacked-deck scenarios for each rule clause and option, the worked cases of
``shared/rules/other-seeds.md`` §4.3 with their numbers, and a golden transcript.

With a stacked deck seat 0 deals, so seat 1 plays first; ``rest`` is the upcard, then the stock
from its top. The spec's case deal (§4.3 cases 2 and 3) is three-handed: A is seat 0, B seat 1,
C seat 2. B lays a run and a set of four and goes out on his second turn; A has laid a run of
four and holds K♠ 7♦ A♣; C has laid a set and holds 4♥ 5♥ 6♥ 9♣.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.core.moves import Move
from gamenight.core.registry import get
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.rummy import PASS, RULES, Rummy, RummyOptions, deal_size
from tests.helpers import golden_match, new, play_all

SPEC_HANDS = ["KS 7D AC 2D 3D 4D 5D", "2C 3C 4C 8S 8H 8D QD", "4H 5H 6H 9C JS JH JC"]
SPEC_REST = "9D KH QH TC 8C"
SPEC_MOVES = ["draw", "meld 2C 3C 4C run", "discard QD",  # B
              "draw", "meld JS JH JC set", "discard QH",  # C
              "draw", "meld 2D 3D 4D 5D run", "discard TC",  # A
              "draw", "meld 8S 8H 8D 8C set", "discard KH"]  # B goes out

# B (seat 1) holds a run of seven spades and draws the 9♠: he melds all eight and is out at once
RUMMY_HANDS = ["AC AD 2H 3D 4C 5H 6D", "2S 3S 4S 5S 6S 7S 8S", "KC KD QH QD JC JS 9H"]
RUMMY_REST = "TH 9S"
RUMMY_MOVES = ["draw", "meld 2S 3S 4S 5S 6S 7S 8S 9S run"]

# six hands for the exhausted stock; each player draws and discards the drawn card, so the hands
# never change. Deadwood (unmelded / all cards): 20/29, 29/50, 17/27, 0/60, 48/48, 31/31
SIX_HANDS = ["2C 3C 4C 5D 5H KS", "7H 7S 7D 9C TC QH", "AS 2S 3S 4S 8D 9D",
             "KC KD KH QS JS TS", "6C 6D 8C 8H JC JD", "3D 4D 5C 9S 9H AH"]


def rummy(hands: list[str], rest: str = "", **options: Any) -> Rummy:
    s = new("rummy", hands, rest, options=options)
    assert isinstance(s, Rummy)
    return s


def run(s: Rummy, moves: list[str]) -> Rummy:
    play_all(s, moves)
    return s


def texts(s: State) -> list[str]:
    return [str(m) for m in s.legal_moves()]


def row(s: State, i: int = 0) -> Any:
    return s.sheet.rows[i]


def draw_and_discard(s: Rummy, turns: int) -> None:
    """Each player in turn draws from the stock and discards the card drawn."""
    for _ in range(turns):
        seat = s.turn
        s.play("draw")
        s.play(Move("discard", C.CARD(s.hands[seat][-1])))


# ---- the deal -------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "size", "stock"), [(2, 10, 31), (3, 7, 30), (4, 7, 23), (5, 6, 21),
                                                      (6, 6, 15)])
def test_deal_sizes_upcard_and_stock(players: int, size: int, stock: int) -> None:
    # §4.3 case 6: six players get 6 each, 36 + the upcard leaves a stock of 15
    s = gamenight.new("rummy", players=players, seed=5)
    assert isinstance(s, Rummy) and deal_size(players) == size
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.discards) == 1 and len(s.stock) == stock
    assert s.turn == (s.dealer + 1) % players and s.phase() == "draw"


def test_dealt_one_at_a_time_from_the_dealers_left() -> None:
    s = rummy(SPEC_HANDS, SPEC_REST)
    assert [C.codes(h) for h in s.hands] == [h.split() for h in SPEC_HANDS]
    assert s.dealer == 0 and s.turn == 1
    assert s.discards == [C.card("9D")] and C.codes(s.stock[:4]) == ["KH", "QH", "TC", "8C"]


# ---- the turn: draw or take, melds, lay-offs, discard -------------------------------------------

def test_draw_from_the_stock_or_take_the_top_discard() -> None:
    s = rummy(SPEC_HANDS, SPEC_REST)
    assert texts(s) == ["draw", "take 9D"]
    with pytest.raises(gamenight.IllegalMove, match="Only the top card of the discard pile"):
        s.play("take KH")
    with pytest.raises(gamenight.IllegalMove, match="Draw first"):
        s.play("discard QD")
    s.play("draw")
    assert C.card("KH") in s.hands[1] and s.view(1)["events"][-1] == "You draw K♥."
    assert "K♥" not in " ".join(s.view(0)["events"])
    with pytest.raises(gamenight.IllegalMove, match="drawn already"):
        s.play("draw")
    taker = rummy(SPEC_HANDS, SPEC_REST)
    taker.play("take 9D")
    assert taker.view(0)["known_cards"][1] == ["9D"] and taker.view(2)["taken"] == "9D"


def test_the_card_taken_from_the_pile_may_not_be_discarded() -> None:
    # §4.3 case 4: take 8♠ from the discard pile, then try to discard it
    s = rummy(["AC 2D 4H 6S 8C TD QH KS 3C 5D", "2C 4D 6H 9S JC KD AH 3S 5H 7D"], "8S 9C")
    s.play("take 8S")
    assert "discard 8S" not in texts(s)
    with pytest.raises(gamenight.IllegalMove, match="may not discard the card you took from the discard"):
        s.play("discard 8S")
    s.play("discard KD")
    assert s.turn == 0 and s.discards == [C.card("KD")]


def test_a_card_taken_may_be_kept_without_melding_it() -> None:
    # 4.2-6: no use-it-now rule
    s = rummy(["AC 2D 4H 6S 8C TD QH KS 3C 5D", "2C 4D 6H 9S JC KD AH 3S 5H 7D"], "8S 9C")
    s.play("take 8S")
    s.play("discard 2C")
    assert C.card("8S") in s.hands[1] and s.turn == 0


# §4.3 case 5: B (seat 1) lays 5♦ 6♦ 7♦; A (seat 0) then holds 3♠ 3♥ 3♦ and 9♣ 10♣ J♣ after drawing
CASE5_HANDS = ["3S 3H 3D 9C TC JC 4D AH 6H 3C", "5D 6D 7D KC QH JS 9H 2C 5H 4S"]
CASE5_REST = "2D KS QC"
CASE5_OPEN = ["draw", "meld 5D 6D 7D run", "discard KS", "draw"]


def test_one_new_meld_a_turn_and_lay_offs_on_anyones_meld() -> None:
    s = run(rummy(CASE5_HANDS, CASE5_REST), CASE5_OPEN)
    assert s.view(0)["new_melds_left"] == 1
    # laying off on another player's meld, before having melded oneself, is allowed
    assert "layoff 1 4D" in texts(s)
    s.play("layoff 1 4D")
    assert s.melds[0].text == "4D 5D 6D 7D run" and s.meld_owner == [1]
    s.play("meld 3S 3H 3D set")
    assert s.view(0)["new_melds_left"] == 0 and not any(m.startswith("meld") for m in texts(s))
    with pytest.raises(gamenight.IllegalMove, match="You may lay down only one new meld a turn"):
        s.play("meld 9C TC JC run")
    # a lay-off on one's own meld, as many as you like
    s.play("layoff 2 3C")
    assert s.melds[1].text == "3C 3D 3H 3S set"
    s.play("discard AH")
    assert s.turn == 1 and len(s.hands[0]) == 5


@pytest.mark.parametrize(("limit", "melds"), [(0, 2), (2, 2), (1, 1)])
def test_option_new_melds_per_turn(limit: int, melds: int) -> None:
    s = run(rummy(CASE5_HANDS, CASE5_REST, max_new_melds_per_turn=limit), CASE5_OPEN)
    s.play("meld 3S 3H 3D set")
    if melds == 2:
        s.play("meld 9C TC JC run")
        assert len(s.melds) == 3
    else:
        with pytest.raises(gamenight.IllegalMove, match="only one new meld"):
            s.play("meld 9C TC JC run")
    assert s.view(0)["new_melds_left"] == (None if limit == 0 else limit - melds)


def test_no_going_out_with_two_melds_in_one_turn() -> None:
    # 4.2-3: B holds a run of four and a set of nines; one meld a turn means one more turn
    hands = ["AC AD 2H 3D 4C 5H 6D", "2S 3S 4S 5S 9H 9D 9C", "KC QH QD JC JS 8H 7D"]
    s = run(rummy(hands, "TH KD"), ["draw", "meld 2S 3S 4S 5S run"])
    with pytest.raises(gamenight.IllegalMove, match="only one new meld"):
        s.play("meld 9H 9D 9C set")
    s.play("discard KD")
    assert len(s.hands[1]) == 3 and not s.sheet.rows
    free = run(rummy(hands, "TH KD", max_new_melds_per_turn=0),
                    ["draw", "meld 2S 3S 4S 5S run", "meld 9C 9D 9H set", "discard KD"])
    assert row(free).label == "Deal 1: Player 2 goes out"


def test_a_meld_may_not_strand_the_card_just_taken() -> None:
    # 4.2-8: after taking K♥, melding all seven spades would leave only the K♥, which may not go
    s = rummy(["AC AD 2H 3D 4C 5H 6D", "2S 3S 4S 5S 6S 7S 8S", "KC KD QH QD JC JS 9H"], "KH")
    s.play("take KH")
    assert "meld 2S 3S 4S 5S 6S 7S 8S run" not in texts(s) and "meld 2S 3S 4S 5S 6S 7S run" in texts(s)
    with pytest.raises(gamenight.IllegalMove, match="You must keep a card you may discard"):
        s.play("meld 2S 3S 4S 5S 6S 7S 8S run")


def test_meld_validity_and_the_reasons() -> None:
    # §4.3 case 1
    for good in ("AC 2C 3C", "7C 7D 7H 7S"):
        assert not isinstance(RULES.check(C.cards(good)), str)
    assert "Aces are low" in str(RULES.check(C.cards("QH KH AH")))
    assert "Aces are low" in str(RULES.check(C.cards("KS AS 2S")))
    assert "at least three" in str(RULES.check(C.cards("7C 7D")))
    assert "not a meld" in str(RULES.check(C.cards("5D 6D 7C")))
    s = rummy(["AC AD 2H 3D 4C 5H 6D", "QH KH AH 8S 8H 8D QD", "KC QS JC JS 9H 2C 3C"], "9D TH")
    s.play("draw")
    with pytest.raises(gamenight.IllegalMove, match="Aces are low in this game"):
        s.play("meld QH KH AH run")
    with pytest.raises(gamenight.IllegalMove, match="A set needs at least three cards"):
        s.play("meld 8S 8H set")


# ---- going out ---------------------------------------------------------------------------------

def test_going_out_with_a_final_discard() -> None:
    s = run(rummy(SPEC_HANDS, SPEC_REST), SPEC_MOVES)
    assert row(s).label == "Deal 1: Player 2 goes out" and s.deal_no == 2
    assert "Player 2 goes out." in [e.text for e in s.events]


def test_going_out_without_a_discard() -> None:
    s = run(rummy(RUMMY_HANDS, RUMMY_REST), RUMMY_MOVES)
    assert row(s).label == "Deal 1: Player 2 goes out" and row(s).points == [22, 0, 69]


def test_pass_is_only_for_a_used_up_stock() -> None:
    s = rummy(SPEC_HANDS, SPEC_REST)
    assert PASS not in s.legal_moves()
    with pytest.raises(gamenight.IllegalMove, match="pass only when the stock is used up"):
        s.play("pass")
    s.play("draw")
    with pytest.raises(gamenight.IllegalMove, match="a turn ends with a discard"):
        s.play("pass")


# ---- the exhausted stock (R-H1, R-H2) ----------------------------------------------------------

def six(**options: Any) -> Rummy:
    return rummy(SIX_HANDS, "", **options)


def test_the_stock_is_turned_over_once_without_shuffling() -> None:
    s = six()
    assert len(s.stock) == 15
    draw_and_discard(s, 14)
    last_seat = s.turn
    s.play("draw")
    drawn = s.hands[last_seat][-1]
    pile = [*s.discards, drawn]
    s.play(Move("discard", C.CARD(drawn)))
    # seat 4 must draw from an empty stock: the pile but its top card, turned over, is the stock
    assert s.turn == 4 and s.phase() == "draw" and s.restocks == 1
    assert s.stock == pile[:-1] and s.discards == pile[-1:] and s.stock[0] == pile[0]
    assert "turned over" in s.view(0)["events"][-1]
    assert s.view(0)["known_stock"] == C.codes(s.stock) and s.view(0)["restocks_left"] == 0
    for k in range(5):  # everyone saw the pile: sampling keeps the stock as it is
        smp = s.sample(0, random.Random(k))
        assert isinstance(smp, Rummy) and smp.stock == s.stock
    s.play("draw")
    assert s.view(0)["known_cards"][4] == [C.CODE_OF[pile[0]]]


def test_the_used_up_stock_take_or_pass_ends_the_hand() -> None:
    s = six()
    draw_and_discard(s, 30)
    assert s.turn == 1 and not s.stock and s.restocks == 1
    top = C.CODE_OF[s.discards[-1]]
    assert texts(s) == [f"take {top}", "pass"]
    with pytest.raises(gamenight.IllegalMove, match="The stock is empty"):
        s.play("draw")
    s.play("pass")
    assert row(s).label == "Deal 1: the stock ran out"
    assert row(s).points == [20, 29, 17, 0, 48, 31]  # everyone scores his deadwood
    assert row(s).details[3] == "no deadwood = 0" and s.deal_no == 2 and s.dealer == 1


def test_taking_from_the_used_up_stock_passes_the_choice_on() -> None:
    s = six()
    draw_and_discard(s, 30)
    top = s.discards[-1]
    s.play(Move("take", C.CARD(top)))
    with pytest.raises(gamenight.IllegalMove, match="may not discard the card you took"):
        s.play(Move("discard", C.CARD(top)))
    s.play("discard QH")
    assert s.turn == 2 and texts(s) == ["take QH", "pass"]


def test_used_up_stock_under_winner_collects_scores_nothing() -> None:
    s = six(scoring="winner_collects", deadwood="all_cards")
    draw_and_discard(s, 30)
    s.play("pass")
    assert row(s).points == [0] * 6 and row(s).note == "nobody went out: nothing is scored"
    assert row(s).details[3] == "10♠ J♠ Q♠ K♥ K♣ K♦ = 60"


@pytest.mark.parametrize(("restocks", "turns_until_choice"), [(0, 15), (2, 45)])
def test_option_max_restocks(restocks: int, turns_until_choice: int) -> None:
    s = six(max_restocks=restocks)
    draw_and_discard(s, turns_until_choice)
    assert s.restocks == restocks and not s.stock and s.phase() == "draw"
    assert texts(s)[-1] == "pass"


# ---- scoring: the spec's worked cases --------------------------------------------------------

@pytest.mark.parametrize(("options", "points"), [
    ({}, [18, 0, 9]),  # §4.3 case 3, penalty: A +18, C +9 (unmelded only), B 0
    ({"deadwood": "all_cards"}, [18, 0, 24]),  # C counts 4 + 5 + 6 + 9
    ({"scoring": "winner_collects"}, [0, 27, 0]),  # B collects 18 + 9
    ({"scoring": "winner_collects", "deadwood": "all_cards"}, [0, 42, 0]),  # 18 + 24
    ({"rummy_double": True}, [18, 0, 9]),  # B melded on an earlier turn: not rummy
])
def test_spec_scoring_cases(options: dict[str, Any], points: list[int]) -> None:
    s = run(rummy(SPEC_HANDS, SPEC_REST, **options), SPEC_MOVES)
    assert row(s).points == points and row(s).note == ""
    dead = "4♥ 5♥ 6♥ 9♣ = 24" if options.get("deadwood") else "9♣ = 9"
    assert row(s).details == ["K♠ A♣ 7♦ = 18", "out", dead]
    events = [e.text for e in s.events]
    assert "Player 1 shows K♠ A♣ 7♦: 18 counted." in events


@pytest.mark.parametrize(("options", "points"), [
    ({}, [22, 0, 69]),
    ({"rummy_double": True}, [44, 0, 138]),
    ({"scoring": "winner_collects"}, [0, 91, 0]),
    ({"scoring": "winner_collects", "rummy_double": True}, [0, 182, 0]),
])
def test_going_rummy(options: dict[str, Any], points: list[int]) -> None:
    # R-H3: out in a turn begun with the whole dealt hand
    s = run(rummy(RUMMY_HANDS, RUMMY_REST, **options), RUMMY_MOVES)
    assert row(s).points == points
    assert row(s).note == ("rummy: double points" if options.get("rummy_double") else "rummy: in one turn")


# ---- game end --------------------------------------------------------------------------------

def test_penalty_game_ends_at_the_limit_and_the_lowest_wins() -> None:
    s = run(rummy(SPEC_HANDS, SPEC_REST, penalty_limit=18), SPEC_MOVES)
    assert s.outcome is not None and s.outcome.winners == (1,) and s.outcome.scores == (18, 0, 9)
    assert "Player 1 reached 18 penalty points" in s.outcome.reason and s.legal_moves(0) == []
    on = run(rummy(SPEC_HANDS, SPEC_REST, penalty_limit=19), SPEC_MOVES)
    assert not on.is_over and on.deal_no == 2


def test_default_limit_of_a_hundred() -> None:
    s = run(rummy(RUMMY_HANDS, RUMMY_REST, rummy_double=True), RUMMY_MOVES)  # C reaches 138
    assert s.outcome is not None and s.outcome.winners == (1,)
    assert run(rummy(RUMMY_HANDS, RUMMY_REST), RUMMY_MOVES).outcome is None  # 69 < 100


def test_equal_lowest_totals_share_the_win() -> None:
    # C holds two sets: no deadwood, like B who went out
    s = run(rummy(["AC AD 2H 3D 4C 5H 6D", RUMMY_HANDS[1], "KC KD KH QC QD QH QS"], RUMMY_REST,
                       penalty_limit=20), RUMMY_MOVES)
    assert s.outcome is not None and s.outcome.winners == (1, 2) and s.outcome.scores == (22, 0, 0)


def test_winner_collects_game_ends_at_the_target() -> None:
    s = run(rummy(SPEC_HANDS, SPEC_REST, scoring="winner_collects", target=27), SPEC_MOVES)
    assert s.outcome is not None and s.outcome.winners == (1,) and "reached 27 points" in s.outcome.reason
    on = run(rummy(SPEC_HANDS, SPEC_REST, scoring="winner_collects", target=28), SPEC_MOVES)
    assert not on.is_over


# ---- the dealer ----------------------------------------------------------------------------

# two players: seat 1 draws and discards, then seat 0 (the dealer) lays ten hearts and goes out
TWO_HANDS = ["AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "2C 4C 6C 8C TC QC 3D 5D 7D 9D"]
TWO_MOVES = ["draw", "discard QS", "draw", "meld AH 2H 3H 4H 5H 6H 7H 8H 9H TH run", "discard JS"]


@pytest.mark.parametrize(("winner_deals", "dealer"), [(False, 1), (True, 0)])
def test_two_player_dealer_alternates_or_the_winner_deals(winner_deals: bool, dealer: int) -> None:
    s = run(rummy(TWO_HANDS, "KS QS JS", two_player_winner_deals=winner_deals), TWO_MOVES)
    assert row(s).points == [0, 64] and s.deal_no == 2 and s.dealer == dealer
    assert s.turn == 1 - dealer


def test_the_deal_passes_left_at_a_larger_table() -> None:
    # seat 1 wins both deals; the deal passes from seat 0 to seat 1 either way, the option only
    # matters with two players
    for winner_deals in (False, True):
        s = run(rummy(SPEC_HANDS, SPEC_REST, two_player_winner_deals=winner_deals), SPEC_MOVES)
        assert s.dealer == 1 and s.turn == 2
    five = run(rummy(SIX_HANDS[:5], "", two_player_winner_deals=True), [])
    draw_and_discard(five, 42)
    five.play("pass")  # nobody went out: the deal passes on
    assert five.deal_no == 2 and five.dealer == 1


# ---- view, options -----------------------------------------------------------------------------

def test_view_shows_own_deadwood_and_hides_other_hands() -> None:
    s = rummy(SPEC_HANDS, SPEC_REST)
    v = s.view(2)
    assert v["hand"] == C.codes(s.sorted_hand(s.hands[2]))
    assert v["deadwood"] == {"cards": ["9C"], "points": 9}  # 4-5-6♥ and the jacks meld
    assert v["hand_sizes"] == [7, 7, 7] and v["deal_size"] == 7 and v["known_stock"] is None
    text = json.dumps(v)
    assert all(f'"{code}"' not in text for code in SPEC_HANDS[0].split())
    assert "deadwood" not in s.view(None) and s.view(None)["hand"] is None


def test_options_are_described_and_checked() -> None:
    infos = {o.name: o for o in get("rummy").options}
    assert set(infos) == {"max_new_melds_per_turn", "scoring", "deadwood", "penalty_limit", "target",
                          "rummy_double", "two_player_winner_deals", "max_restocks"}
    assert all(o.label and o.help for o in infos.values())
    assert RummyOptions().scoring == "penalty" and RummyOptions().deadwood == "unmelded_only"
    with pytest.raises(gamenight.OptionError):
        gamenight.new("rummy", options={"scoring": "most"})
    with pytest.raises(gamenight.OptionError):
        gamenight.new("rummy", options={"max_new_melds_per_turn": -1})
    with pytest.raises(gamenight.OptionError, match="played by 2, 3, 4, 5, 6 players"):
        gamenight.new("rummy", players=7)


# ---- golden transcript: heuristic bots, a whole match ------------------------------------------

def bot_match(players: int, seed: int, **options: Any) -> State:
    s = gamenight.new("rummy", players=players, seed=seed, options=options)
    bot = make_bot("heuristic", "rummy")
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.to_move
        assert seat is not None
        s.play(bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


#: (players, scoring) -> moves played, deals, final totals, winners (seed 2024)
GOLDEN: dict[tuple[int, str], tuple[int, int, list[int], tuple[int, ...]]] = {
    (2, "penalty"): (682, 13, [17, 101], (0,)),
    (4, "penalty"): (416, 6, [57, 25, 127, 63], (1,)),
    (4, "winner_collects"): (134, 3, [0, 111, 0, 35], (1,)),
}


@pytest.mark.parametrize(("players", "scoring"), [(2, "penalty"), (4, "penalty"), (4, "winner_collects")])
def test_golden_transcript_heuristic_bots(players: int, scoring: str) -> None:
    s = golden_match(f"rummy_{players}p_{scoring}")
    assert s.outcome is not None
    moves, rows, totals, winners = GOLDEN[(players, scoring)]
    assert (len(s.moves), len(s.sheet.rows)) == (moves, rows)
    assert (s.sheet.totals, s.outcome.winners) == (totals, winners)
    for r in s.sheet.rows:  # every row: one player out with nothing, or a stock-out
        if scoring == "penalty" and "goes out" in r.label:
            assert r.points.count(0) >= 1
        if scoring == "winner_collects":
            assert sum(1 for p in r.points if p) <= 1
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert again.sheet.to_json() == s.sheet.to_json() and again.outcome == s.outcome

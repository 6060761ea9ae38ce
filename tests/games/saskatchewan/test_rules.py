"""Saskatchewan: stacked-deck scenarios for every rule clause and option, the spec's worked
cases (T-SK-1..6, ``shared/rules/metzker-book.md`` §16), and a golden match.

Trick hands use one shape of deal, four players: North holds every club, East every diamond,
South every heart and West every spade. East (left of the dealer) leads, nobody else can ever
follow, so East takes all thirteen tricks whatever anyone plays, and what East pays follows from
the hand's rule alone. A stacked deck deals the first hand only, so a scenario for a later
hand restarts the game at that hand with the stacked deal (:func:`at_hand`).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import DeckError
from gamenight.equipment import cards as C
from gamenight.games.saskatchewan import (
    HEARTS,
    KING_CLUBS,
    LAST_TRICK,
    QUEENS,
    SEVENS,
    TRICKS,
    Saskatchewan,
    SaskatchewanOptions,
    fits,
    hand_penalty,
    payouts,
    removed_cards,
)
from tests.helpers import golden_match, new, play_all, set_position

CLUBS = " ".join(f"{r}C" for r in C.RANKS)
DIAMONDS = " ".join(f"{r}D" for r in C.RANKS)
HEART_SUIT = " ".join(f"{r}H" for r in C.RANKS)
SPADES = " ".join(f"{r}S" for r in C.RANKS)
ONE_SUIT_EACH = [CLUBS, DIAMONDS, HEART_SUIT, SPADES]
SEVENS_ONLY = {"hands": "sevens_only"}
# the sevens: East holds no seven, so he must pass at once; South and West hold a whole suit each
NORTH_SEVENS = "7C 7D 8C 9C TC JC QC KC AC 2D 3D 4D 5D"
EAST_SEVENS = "6D 8D 9D TD JD QD KD AD 2C 3C 4C 5C 6C"
SEVENS_DEAL = [NORTH_SEVENS, EAST_SEVENS, HEART_SUIT, SPADES]


def sask(deal: list[str], **options: Any) -> Saskatchewan:
    s = new("saskatchewan", deal, options=options)
    assert isinstance(s, Saskatchewan)
    return s


def at_hand(kind: str, deal: list[str], **options: Any) -> Saskatchewan:
    """A game whose first deal (the stacked one) is hand ``kind``."""
    s = sask(deal, **options)
    set_position(s, deal=0, extra={"schedule": (kind,)})
    s.events.clear()
    s._start_deal()
    return s


def play_first_legal(s: Saskatchewan, until_rows: int | None = None) -> Saskatchewan:
    """Each seat plays its first legal move until the sheet has ``until_rows`` rows (or the end)."""
    while not s.is_over and (until_rows is None or len(s.sheet.rows) < until_rows):
        seat = s.to_move
        assert seat is not None
        s.play(s.legal_moves(seat)[0], seat)
    return s


def last_row(s: Saskatchewan) -> dict[str, Any]:
    row: dict[str, Any] = s.sheet.to_json()["rows"][-1]
    return row


# ---- the deck and the deal --------------------------------------------------------------------


@pytest.mark.parametrize(("players", "removed", "size"), [
    (3, "2C", 17), (4, "", 13), (5, "2C 2D", 10), (6, "2C 2D 2S 2H", 8), (7, "2C 2D 2S", 7),
    (8, "2C 2D 2S 2H", 6), (9, "2C 2D 2S 2H 3C 3D 3S", 5), (10, "2C 2D", 5),
])
def test_the_fewest_low_cards_are_removed_twos_first(players: int, removed: str, size: int) -> None:
    assert C.codes(removed_cards(players)) == removed.split()
    s = gamenight.new("saskatchewan", players=players, seed=1)
    assert isinstance(s, Saskatchewan)
    assert all(len(h) == size for h in s.hands)
    dealt = {c for h in s.hands for c in h}
    assert not dealt & set(removed_cards(players)) and len(dealt) == size * players
    assert s.view(0)["removed"] == removed.split()


def test_a_removed_card_cannot_be_stacked() -> None:
    with pytest.raises(DeckError):
        gamenight.new("saskatchewan", players=5, deck=["2C"])


def test_the_player_left_of_the_dealer_leads_and_the_deal_passes_left() -> None:
    s = sask(ONE_SUIT_EACH)
    assert s.dealer == 0 and s.to_move == 1 and s.view(1)["phase"] == "play"
    play_first_legal(s, until_rows=1)
    assert s.dealer == 1 and s.deal_no == 2 and s.to_move == 2


def test_players_must_follow_suit_in_the_trick_hands() -> None:
    north = CLUBS.replace("2C", "2D")
    east = DIAMONDS.replace("2D", "2C")
    s = sask([north, east, HEART_SUIT, SPADES])
    play_all(s, [(1, "play 3D"), (2, "play 2H"), (3, "play 2S")])
    with pytest.raises(gamenight.IllegalMove, match="You must follow suit: you hold a diamond"):
        s.play("play 3C", 0)
    assert [str(m) for m in s.legal_moves(0)] == ["play 2D"]


# ---- the five trick hands: what each one charges -----------------------------------------------


@pytest.mark.parametrize(("kind", "paid", "detail"), [
    (TRICKS, 65, "13 tricks"), (HEARTS, 65, "13♥"), (QUEENS, 40, "Q♣ Q♦ Q♥ Q♠"), (KING_CLUBS, 25, "K♣"),
    (LAST_TRICK, 50, "last trick"),
])
def test_each_trick_hand_charges_the_taker_into_the_pot(kind: str, paid: int, detail: str) -> None:
    s = at_hand(kind, ONE_SUIT_EACH)
    play_first_legal(s)
    row = last_row(s)
    assert row["points"] == [0, -paid, 0, 0]
    assert row["details"][1] == detail
    assert s.ledger.pot() == paid
    assert s.ledger.entries[-1].payer == 1 and s.ledger.entries[-1].amount == paid


def test_the_rates_are_options() -> None:
    s = sask(ONE_SUIT_EACH, trick_rate=10)
    play_first_legal(s, until_rows=1)
    assert last_row(s)["points"] == [0, -130, 0, 0]
    assert s.view(0)["money"]["pots"][0]["text"] == "$1.30"


def test_the_headline_says_what_the_hand_costs_and_the_seats_what_they_owe_so_far() -> None:
    s = at_hand(HEARTS, ONE_SUIT_EACH)
    view = s.view(0)
    assert view["hand_rule"] == "hearts, $0.05 for each heart"
    play_all(s, [(1, "play AD"), (2, "play 2H"), (3, "play 2S"), (0, "play 2C")])
    assert s.view(0)["to_pay"] == ["$0.00", "$0.05", "$0.00", "$0.00"]


def test_t_sk_1_four_tricks_in_hand_one_pay_20_cents() -> None:
    o = SaskatchewanOptions()
    assert hand_penalty(TRICKS, o).charge(C.cards("2C 3C 4C 5C AD KD QD JD 2H 3H 4H 5H 6S 7S 8S 9S"), 4,
                                          False) == 20


def test_t_sk_2_six_hearts_in_hand_two_pay_30_cents() -> None:
    o = SaskatchewanOptions()
    assert hand_penalty(HEARTS, o).charge(C.cards("2H 3H 4H 5H 6H 7H 2C 3C"), 2, False) == 30


def test_t_sk_3_the_queens_of_spades_and_hearts_pay_20_cents() -> None:
    o = SaskatchewanOptions()
    assert hand_penalty(QUEENS, o).charge(C.cards("QS QH 2C 3C"), 1, True) == 20
    assert hand_penalty(KING_CLUBS, o).charge(C.cards("KC 2C"), 1, False) == 25
    assert hand_penalty(LAST_TRICK, o).charge(C.cards("KC 2C"), 1, True) == 50
    assert hand_penalty(LAST_TRICK, o).charge(C.cards("KC 2C"), 1, False) == 0


def test_t_sk_4_the_pot_after_five_hands_of_four_players_is_245_cents() -> None:
    pot = 0
    for kind in (TRICKS, HEARTS, QUEENS, KING_CLUBS, LAST_TRICK):
        s = at_hand(kind, ONE_SUIT_EACH)
        play_first_legal(s)
        pot += s.ledger.pot()
    assert pot == 65 + 65 + 40 + 25 + 50 == 245
    # seven passes make it 280: the first out takes 140, the second and third 70 each
    assert payouts(245 + 7 * 5, 3) == [140, 70, 70]


def test_t_sk_5_an_odd_pot_gives_the_first_out_the_odd_cent() -> None:
    assert payouts(285, 3) == [143, 71, 71]
    assert payouts(287, 3) == [144, 72, 71]  # the remainder's odd cent goes to the second
    assert payouts(285, 3, second_gets_half=True) == [143, 142]


def test_t_sk_6_five_players_play_without_the_two_of_clubs_and_diamonds() -> None:
    s = gamenight.new("saskatchewan", players=5, seed=4, options=SEVENS_ONLY)
    assert isinstance(s, Saskatchewan)
    assert len(s.deck_template()) == 50 and all(len(h) == 10 for h in s.hands)
    rows: list[list[int]] = [C.cards("3C 4C 5C 6C 7C"), [], [], []]
    # the club row goes down to the three: nothing lies below it in this deck
    assert fits(C.card("3C"), [C.cards("4C 5C 6C 7C"), [], [], []])
    assert C.card("2C") not in s.deck_template() and rows[0][0] == C.card("3C")


# ---- hand 6: sevens ------------------------------------------------------------------------------


def test_a_row_starts_only_with_its_seven_and_a_player_with_no_fit_passes_and_pays() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    assert s.view(1)["phase"] == "sevens" and s.to_move == 1
    assert [str(m) for m in s.legal_moves(1)] == ["pass"]
    with pytest.raises(gamenight.IllegalMove, match="diamonds row has not started: only the seven"):
        s.play("play 6D", 1)
    s.play("pass", 1)
    assert s.ledger.pot() == 5 and s.ledger.purses[1] == -5 and s.passes == [0, 1, 0, 0]
    assert s.view(1)["money"]["payments"][-1] == "East pays $0.05 into the pot: a pass in the sevens"


def test_a_player_who_can_play_must() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    s.play("pass", 1)
    with pytest.raises(gamenight.IllegalMove, match="so you must: you may pass only when no card fits"):
        s.play("pass", 2)
    assert [str(m) for m in s.legal_moves(2)] == ["play 7H"]


def test_rows_build_up_and_down_by_suit_one_step_at_a_time() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    play_all(s, [(1, "pass"), (2, "play 7H"), (3, "play 7S"), (0, "play 7D")])
    assert {str(m) for m in s.legal_moves(1)} == {"play 6D", "play 8D"}
    with pytest.raises(gamenight.IllegalMove, match="9♦ does not fit: the diamonds row runs from 7♦ to 7♦"):
        s.play("play 9D", 1)
    play_all(s, [(1, "play 8D"), (2, "play 6H")])
    assert s.rows[C.HEARTS] == C.cards("6H 7H")
    assert {str(m) for m in s.legal_moves(3)} == {"play 6S", "play 8S"}


def test_an_ace_goes_only_on_its_king() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    play_all(s, [(1, "pass"), (2, "play 7H"), (3, "play 7S"), (0, "play 7C")])
    rows = [C.cards("7C 8C 9C TC JC QC"), [], [], []]
    assert not fits(C.card("AC"), rows)
    rows[0].append(C.card("KC"))
    assert fits(C.card("AC"), rows)
    assert not fits(C.card("AC"), [C.cards("2C 3C 4C 5C 6C 7C"), [], [], []])  # never below the two
    s.play("play 6C", 1)
    s.play("play 8H", 2)
    s.play("play 8S", 3)
    with pytest.raises(gamenight.IllegalMove, match="An ace goes only on its king"):
        s.play("play AC", 0)


def test_all_sevens_first_lays_the_four_sevens_out_before_the_first_turn() -> None:
    s = sask(SEVENS_DEAL, all_sevens_first=True, **SEVENS_ONLY)
    assert [C.codes(r) for r in s.rows] == [["7C"], ["7D"], ["7H"], ["7S"]]
    assert not any(C.RANK_OF[c] == C.SEVEN for h in s.hands for c in h)
    assert s.to_move == 1 and {str(m) for m in s.legal_moves(1)} == {"play 6C", "play 6D", "play 8D"}
    assert gamenight.new("saskatchewan", players=4, seed=1, preset="sevens_out").options.all_sevens_first  # type: ignore[attr-defined]


def test_the_first_out_takes_half_the_pot_and_the_next_two_share_the_rest() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    play_first_legal(s)
    assert s.gone_out[:2] == [2, 3]  # South and West hold whole suits: they play every turn
    pot = 5 * sum(s.passes)
    assert pot > 0 and s.ledger.pot() == 0
    first, second, third = payouts(pot, 3)
    third_seat = s.gone_out[2]
    nets = s.ledger.nets()
    assert nets[2] == first and nets[3] == second and nets[third_seat] == third - 5 * s.passes[third_seat]
    assert s.outcome is not None and list(s.outcome.scores) == nets == s.sheet.totals
    assert s.outcome.winners == (2,)
    assert "first out" in last_row(s)["details"][2] and s.outcome.to_json()["scores_text"][2].startswith("+")


@pytest.mark.parametrize("payout", ["third_gets_quarter", "second_gets_half"])
def test_with_three_players_the_last_player_is_third_or_the_second_takes_the_rest(payout: str) -> None:
    for seed in range(4):
        s = gamenight.new("saskatchewan", players=3, seed=seed, options={**SEVENS_ONLY,
                                                                          "three_player_payout": payout})
        assert isinstance(s, Saskatchewan)
        play_first_legal(s)
        assert len(s.gone_out) == 2
        last = ({0, 1, 2} - set(s.gone_out)).pop()
        pot = 5 * sum(s.passes)
        amounts = payouts(pot, 3, second_gets_half=payout == "second_gets_half")
        won = [s.ledger.nets()[seat] + 5 * s.passes[seat] for seat in (*s.gone_out, last)]
        assert won == [*amounts, 0][:3]


def test_a_whole_game_is_six_hands_and_ends_with_net_money() -> None:
    s = gamenight.new("saskatchewan", players=4, seed=11)
    assert isinstance(s, Saskatchewan)
    rng = random.Random(2)
    kinds: list[str] = []
    while not s.is_over:
        if not kinds or kinds[-1] != s.kind:
            kinds.append(s.kind)
        seat = s.to_move
        assert seat is not None
        legal = s.legal_moves(seat)
        s.play(legal[rng.randrange(len(legal))], seat)
    assert kinds == [TRICKS, HEARTS, QUEENS, KING_CLUBS, LAST_TRICK, SEVENS]
    sheet = s.sheet.to_json()
    assert [r["label"] for r in sheet["rows"]] == [
        "Hand 1: tricks", "Hand 2: hearts", "Hand 3: queens", "Hand 4: king of clubs", "Hand 5: last trick",
        "Hand 6: sevens"]
    assert sheet["unit"] == "cents" and sum(s.sheet.totals) == 0  # money only changes hands
    assert s.ledger.pot() == 0
    assert s.outcome is not None and list(s.outcome.scores) == s.ledger.nets()


def test_the_rows_are_on_the_table_for_everyone_and_hands_stay_hidden() -> None:
    s = sask(SEVENS_DEAL, **SEVENS_ONLY)
    play_all(s, [(1, "pass"), (2, "play 7H")])
    zones = {z["key"]: z for z in s.view(0)["layout"]["zones"]}
    assert zones["row/H"]["pieces"] == ["7H"] and zones["row/H"]["label"] == "Hearts row"
    assert zones["hand/1"]["pieces"] is None and "taken/0" not in zones and "trick" not in zones


def test_golden_match_replays_to_its_score_sheet() -> None:
    s = golden_match("saskatchewan_heuristic")
    assert s.is_over and s.sheet.unit == "cents" and s.num_players == 5
    assert s.sheet.totals == [43, -35, -65, 45, 12]
    assert s.outcome is not None and s.outcome.winners == (3,)
    assert s.sheet.to_json()["totals_text"] == ["+$0.43", "-$0.35", "-$0.65", "+$0.45", "+$0.12"]

"""Euchre: stacked-deck scenarios for every rule clause and option (metzker-book §2, T-EU-1..7),
the standard preset, hidden information, the bot, and a golden transcript.

Seats: North 0 (the stacked deal's dealer), East 1, South 2 (dealer's partner), West 3.
Deals are written [North, East, South, West]; the rest starts with the up-card.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any, cast

import pytest
from rich.console import Console

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.bots.games.euchre import best_discard, goes_alone, worth
from gamenight.cli.render import render_view
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.games.euchre import Euchre, deal_points, no_ace_no_face
from tests.helpers import golden_match, new, play_all

# Deal A: East is very strong in hearts. Kitty: 9H up, then JC 9S TD.
DEAL_A = ["AC KC QC JS TS", "JH JD AH AS AD", "KH 9C TC QD KD", "QH TH KS QS 9D"]
# Deal B: East's trumps meet South's left bower. Kitty: 9H up, then 9C TC JC.
DEAL_B = ["AC KC QC KS 9S", "JH AH KH AS 9D", "JD QH AD KD QD", "TH JS QS TS TD"]
# Deal R2: up-card JS; East holds the top hearts, West the rest, North–South the side suits.
DEAL_R2 = ["AS KS QS AC KC", "JH AH KH 9S 9C", "AD KD QD QC JC", "JD QH TH 9H 9D"]
# Deal E: North, the dealer, holds five trumps once he picks up 9H.
DEAL_E = ["JH JD AH KH TC", "TH QC 9D 9S TS", "AS KS AD KD KC", "QH QS JS QD TD"]
# Deal C: South's only "diamond" is the left bower; West and North hold real diamonds.
DEAL_C = ["JH AH TH 9D KC", "AD KD 9C TC QC", "JD AS KS QS JS", "QD KH QH AC TS"]


def euchre(hands: list[str], rest: str, **kw: Any) -> Euchre:
    kw.setdefault("seed", 0)
    s = new("euchre", hands, rest, **kw)
    assert isinstance(s, Euchre)
    return s


def tricks(s: State, *played: str) -> None:
    """Play whole tricks, each written as its cards in the order they are played."""
    for trick in played:
        play_all(s, [f"play {c}" for c in trick.split()])


def rows(s: State) -> list[tuple[str, list[int], str]]:
    return [(r.label, r.points, r.note) for r in s.score_sheet.rows]


# ---- the deck, the deal and the up-card ------------------------------------------------------


def test_deal_five_each_from_dealers_left_and_turn_up_the_next_card() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    assert [C.codes(sorted(h)) for h in s.hands] == [C.codes(sorted(C.cards(h))) for h in DEAL_A]
    assert C.CODE_OF[s.up_card] == "9H" and s.up == [C.card("9H")]
    assert sorted(C.codes(s.kitty)) == ["9S", "JC", "TD"]
    assert s.phase() == "order" and s.to_move == 1  # bidding starts left of the dealer
    assert Counter(c for z in s.card_zones().values() for c in z) == Counter(C.euchre_deck())
    v = s.view(3)
    assert v["up_card"] == "9H" and v["up_card_state"] == "face up" and v["kitty_size"] == 4
    assert v["hand"] and v["round"] == 1


# ---- T-EU-1..4: scoring, as a table and in whole deals -----------------------------------------


@pytest.mark.parametrize(("tricks_", "alone", "expected"), [
    (3, False, (1, True)), (4, False, (1, True)),        # T-EU-1
    (5, False, (2, True)),                               # T-EU-2
    (5, True, (4, True)), (4, True, (1, True)), (3, True, (1, True)),  # T-EU-3
    (2, False, (2, False)), (0, False, (2, False)), (1, True, (2, False)),  # T-EU-4
])
def test_scoring_table(tricks_: int, alone: bool, expected: tuple[int, bool]) -> None:
    assert deal_points(tricks_, alone) == expected


def test_t_eu_2_makers_march_with_partner_score_2() -> None:
    s = euchre(DEAL_R2, "JS TC TD TS")
    play_all(s, ["pass", "pass", "pass", "pass", "call H"])  # round 1 all pass; East calls hearts
    assert s.trump == C.HEARTS and s.to_move == 1
    tricks(s, "9S JC 9H AS", "9D KC KH AD", "9C QC TH AC", "JD QS AH KD", "QH KS JH QD")
    assert rows(s)[-1] == ("Deal 1: calls hearts (East)", [0, 2], "march")
    assert s.score_sheet.rows[-1].details == ["0 tricks", "5 tricks"]


def test_t_eu_1_makers_take_4_score_1() -> None:
    s = euchre(DEAL_R2, "JS TC TD TS")
    play_all(s, ["pass", "pass", "pass", "pass", "call H"])
    # East throws 9C on the second trick instead of trumping, so South's AD wins it
    tricks(s, "9S JC 9H AS", "9D KC 9C AD", "QC TH AC KH", "JH KD JD KS", "AH QD QH QS")
    assert rows(s)[-1] == ("Deal 1: calls hearts (East)", [0, 1], "")
    assert s.score_sheet.rows[-1].details == ["1 trick", "4 tricks"]


def test_t_eu_1_makers_take_3_score_1() -> None:
    s = euchre(DEAL_B, "9H 9C TC JC")
    play_all(s, ["order", "discard 9S"])
    # South's left bower beats East's AH; South's AD holds; East trumps and cashes AS
    tricks(s, "JH QH TH 9H", "AH JD TS AC", "AD TD KC 9D", "KD JS QC KH", "AS QD QS KS")
    assert s.score_sheet.rows[-1].details == ["2 tricks", "3 tricks"]
    assert rows(s)[-1] == ("Deal 1: orders up hearts (East)", [0, 1], "")


def test_t_eu_4_makers_euchred_defenders_score_2() -> None:
    s = euchre(DEAL_E, "9H 9C JC AC")
    play_all(s, ["order", "discard TC"])
    tricks(s, "9S AS QS 9H", "JH TH KC QH", "JD QC KS JS", "AH 9D AD TD", "KH TS KD QD")
    assert s.score_sheet.rows[-1].details == ["5 tricks", "0 tricks"]
    assert rows(s)[-1] == ("Deal 1: orders up hearts (East)", [2, 0], "euchred")


def test_t_eu_3_lone_march_scores_4() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["order alone", "discard TS"])
    assert s.active == [True, True, True, False] and s.to_move == 1
    tricks(s, "JH KH 9H", "JD 9C QC", "AH TC KC", "AS QD JS", "AD KD AC")  # West is skipped
    assert s.score_sheet.rows[-1].details == ["0 tricks", "5 tricks"]
    assert rows(s)[-1] == ("Deal 1: orders up hearts alone (East)", [0, 4], "march")


def test_t_eu_3_lone_maker_taking_3_scores_1() -> None:
    s = euchre(DEAL_B, "9H 9C TC JC")
    play_all(s, ["order alone", "discard 9S"])
    tricks(s, "JH QH 9H", "AH JD AC", "AD KC 9D", "KD QC KH", "AS QD KS")
    assert s.score_sheet.rows[-1].details == ["2 tricks", "3 tricks"]
    assert rows(s)[-1] == ("Deal 1: orders up hearts alone (East)", [0, 1], "")


def test_t_eu_4_lone_maker_euchred_defenders_score_2() -> None:
    s = euchre(DEAL_B, "9H 9C TC JC")
    play_all(s, ["order alone", "discard 9S"])
    tricks(s, "JH QH 9H", "9D AD KC", "KD QC AS", "JD AC AH", "QD KS KH")
    assert s.score_sheet.rows[-1].details == ["3 tricks", "2 tricks"]
    assert rows(s)[-1] == ("Deal 1: orders up hearts alone (East)", [2, 0], "euchred")


def test_t_eu_5_side_at_9_wins_with_a_lone_march() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    s.sheet.add("earlier deals", [6, 9])  # East–West stand at 9
    play_all(s, ["order alone", "discard TS"])
    tricks(s, "JH KH 9H", "JD 9C QC", "AH TC KC", "AS QD JS", "AD KD AC")
    assert s.score_sheet.totals == [6, 13] and s.is_over
    out = s.outcome
    assert out is not None and out.winners == (1, 3) and out.scores == (6, 13, 6, 13)
    assert "13 of 10" in out.reason


def test_match_ends_at_the_target_option() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD", options={"target": 2})
    play_all(s, ["order", "discard TS"])
    tricks(s, "JH KH TH 9H", "JD 9C QH QC", "AH TC 9D KC", "AS QD KS JS", "AD KD QS AC")
    assert s.score_sheet.totals == [0, 2] and s.is_over and s.outcome and s.outcome.winners == (1, 3)
    with pytest.raises(gamenight.IllegalMove, match="over"):
        s.play("pass")


def test_game_goes_on_below_the_target() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["order", "discard TS"])
    tricks(s, "JH KH TH 9H", "JD 9C QH QC", "AH TC 9D KC", "AS QD KS JS", "AD KD QS AC")
    assert not s.is_over and s.deal_no == 2 and s.dealer == 1 and s.to_move == 2


# ---- T-EU-7 and the bowers ----------------------------------------------------------------


def test_t_eu_7_left_bower_is_a_trump_not_a_diamond() -> None:
    s = euchre(DEAL_C, "9H JC TD 9S")
    play_all(s, ["order", "discard KC", "play AD"])
    # South's only "diamond" is JD, a heart while hearts are trumps: South is void and may play anything
    assert sorted(str(m) for m in s.legal_moves()) == ["play AS", "play JD", "play JS", "play KS", "play QS"]
    s.play("play JD")
    assert [str(m) for m in s.legal_moves()] == ["play QD"]  # West holds the queen: must follow with it
    with pytest.raises(gamenight.IllegalMove, match="You must follow suit: you hold a diamond"):
        s.play("play KH")
    play_all(s, ["play QD", "play 9D"])
    assert s.tricks_won == [0, 0, 1, 0]  # the left bower trumped the ace of diamonds


def test_left_bower_may_not_follow_diamonds_and_must_follow_hearts() -> None:
    s = euchre(DEAL_B, "9H 9C TC JC")
    play_all(s, ["order", "discard 9S", "play 9D"])
    assert sorted(str(m) for m in s.legal_moves()) == ["play AD", "play KD", "play QD"]
    with pytest.raises(gamenight.IllegalMove) as err:
        s.play("play JD")
    assert "You must follow suit: you hold a diamond" in str(err.value)
    assert "The jack of diamonds counts as a heart while hearts are trumps" in str(err.value)
    play_all(s, ["play AD", "play TD", "play KC", "play QD", "play JS", "play QC", "play KH", "play AH"])
    # hearts led: South's QH and JD are both trumps; the jack follows hearts
    assert sorted(str(m) for m in s.legal_moves()) == ["play JD", "play QH"]
    s.play("play JD")  # the left bower beats the ace of trumps
    play_all(s, ["play TH", "play 9H"])
    assert s.tricks_won[2] == 2


# ---- making trump: rounds, the dealer, throw-ins, the forced loner ------------------------------


def test_round_one_moves_and_reasons() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    assert [str(m) for m in s.legal_moves()] == ["pass", "order", "order alone"]
    with pytest.raises(gamenight.IllegalMove, match="first round you may only order up hearts"):
        s.play("call S")
    with pytest.raises(gamenight.IllegalMove, match="Only the dealer picks up"):
        s.play("pickup")
    with pytest.raises(gamenight.IllegalMove, match="not your turn"):
        s.play("pass", 2)
    play_all(s, ["pass", "pass", "pass"])
    assert s.to_move == 0 and [str(m) for m in s.legal_moves()] == ["pass", "pickup", "pickup alone"]
    with pytest.raises(gamenight.IllegalMove, match="You are the dealer"):
        s.play("order")


def test_dealer_picks_up_and_discards_face_down() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "pass", "pick up"])  # typed with a space, read as 'pickup'
    assert s.phase() == "discard" and s.to_move == 0 and C.card("9H") in s.hands[0]
    assert s.trump == C.HEARTS and s.maker == 0 and not s.alone
    assert sorted(str(m) for m in s.legal_moves()) == sorted(
        f"discard {c}" for c in ["AC", "KC", "QC", "JS", "TS", "9H"])
    with pytest.raises(gamenight.IllegalMove, match="You do not hold the ace of spades"):
        s.play("discard AS")
    s.play("discard TS")
    assert s.discard == [C.card("TS")] and len(s.hands[0]) == 5 and s.phase() == "play"
    assert s.view(0)["discarded"] == ["TS"] and s.view(1)["discarded"] is None
    assert "You discard 10♠." in s.view(0)["events"] and "You discard 10♠." not in s.view(1)["events"]
    assert s.to_move == 1


def test_the_discard_is_told_once_to_each_seat() -> None:
    """The dealer reads only his own line (which names the card), the others only the public one."""
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "pass", "pickup", "discard TS"])
    public, own = "North discards a card face down.", "You discard 10♠."
    seen = {seat: [e.text for e in s.events if e.visible_to(seat)] for seat in (0, 1, 2, 3, None)}
    assert [t for t in seen[0] if "discard" in t] == [own]
    assert own in s.view(0)["events"] and public not in s.view(0)["events"]
    for seat in (1, 2, 3, None):
        assert [t for t in seen[seat] if "discard" in t] == [public], seat
        assert public in s.view(seat)["events"] and own not in s.view(seat)["events"]
    public_event = next(e for e in s.events if e.text == public)
    assert public_event.to_json() == {"kind": "discard", "text": public, "seat": 0}  # as it always was


def test_the_previous_deals_last_trick_is_cleared_once_the_next_deal_is_under_way() -> None:
    s = euchre(DEAL_R2, "JS TC TD TS")
    play_all(s, ["pass", "pass", "pass", "pass", "call H"])
    tricks(s, "9S JC 9H AS", "9D KC KH AD", "9C QC TH AC", "JD QS AH KD", "QH KS JH QD")
    assert s.deal_no == 2 and s.phase() == "order"
    done = s.view(1)["trick_done"]  # the table shows who took deal 1's last trick a moment
    assert done is not None and done["deal"] == 1 and done["winner"] == 1
    # the terminal does not draw it in the next deal's bidding, even before its first move
    assert "Last trick" not in terminal(s.view(1))
    seat = min(s.to_act)
    s.play(s.legal_moves(seat)[0], seat)
    for viewer in (0, 1, 2, 3, None):
        view = s.view(viewer)
        assert view["trick_done"] is None and view["last_trick"] == [], viewer


def terminal(view: dict[str, Any]) -> str:
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render_view(view, width=80))
    return console.export_text()


def test_the_terminal_draws_this_deals_last_trick() -> None:
    s = euchre(DEAL_R2, "JS TC TD TS")
    play_all(s, ["pass", "pass", "pass", "pass", "call H"])
    tricks(s, "9S JC 9H AS")
    assert "Last trick: East 9♠" in terminal(s.view(1))


def test_dealer_may_go_alone_when_picking_up() -> None:  # G-EU-8
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "pass", "pickup alone"])
    assert s.phase() == "discard" and s.alone and s.active == [True, True, False, True]
    s.play("discard TS")
    assert s.to_move == 1


def test_round_two_call_any_suit_but_the_turned_down_one() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "pass", "pass"])
    assert s.phase() == "call" and s.up_state == "turned down" and s.to_move == 1
    assert s.view(2)["up_card_state"] == "turned down" and s.view(2)["round"] == 2
    assert [str(m) for m in s.legal_moves()] == [
        "pass", "call C", "call C alone", "call D", "call D alone", "call S", "call S alone"]
    with pytest.raises(gamenight.IllegalMove, match="You cannot call hearts: that suit was turned down"):
        s.play("call H")
    with pytest.raises(gamenight.IllegalMove, match="In the second round, call a suit other than"):
        s.play("order")
    play_all(s, ["pass", "call S"])  # South may call without going alone (G-EU-1)
    assert s.trump == C.SPADES and s.maker == 2 and not s.alone and s.up == [C.card("9H")]
    assert s.phase() == "play" and s.to_move == 1
    assert s.suit_of[C.card("JC")] == C.SPADES  # the left bower


def test_all_pass_twice_throws_in_and_the_deal_passes_left() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass"] * 8)
    assert rows(s) == [("Deal 1: thrown in", [0, 0], "Everybody passed twice")]
    assert s.deal_no == 2 and s.dealer == 1 and not s.is_over and s.score_sheet.totals == [0, 0]


def test_stick_the_dealer_forbids_the_dealers_last_pass() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD", options={"stick_the_dealer": True})
    play_all(s, ["pass"] * 7)
    assert s.to_move == 0 and "pass" not in [str(m) for m in s.legal_moves()]
    with pytest.raises(gamenight.IllegalMove, match="Stick the dealer"):
        s.play("pass")
    s.play("call C")
    assert s.trump == C.CLUBS and s.maker == 0


def test_dealers_partner_ordering_up_must_go_alone() -> None:  # book, G-EU-1, G-EU-2
    s = euchre(DEAL_A, "9H JC 9S TD")
    s.play("pass")
    assert [str(m) for m in s.legal_moves()] == ["pass", "order alone"]
    with pytest.raises(gamenight.IllegalMove, match="dealer's partner who orders up must go alone"):
        s.play("order")
    s.play("order alone")
    # the dealer's hand is out of play, nobody exchanges, the up-card stays face up on the kitty
    assert s.alone and s.maker == 2 and s.active == [False, True, True, True]
    assert s.phase() == "play" and s.up == [C.card("9H")] and len(s.hands[0]) == 5 and s.taker == -1
    assert s.view(1)["up_card_state"] == "face up" and s.view(1)["sitting_out"] == [0]
    assert s.to_move == 1  # left of the dealer leads


def test_forced_loner_does_not_apply_in_round_two_by_default_but_can() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD", options={"dealer_partner_forced_alone": "both_rounds"})
    play_all(s, ["pass"] * 5)
    assert [str(m) for m in s.legal_moves()] == ["pass", "call C alone", "call D alone", "call S alone"]
    with pytest.raises(gamenight.IllegalMove, match="must go alone"):
        s.play("call S")
    off = euchre(DEAL_A, "9H JC 9S TD", options={"dealer_partner_forced_alone": "off"})
    off.play("pass")
    assert [str(m) for m in off.legal_moves()] == ["pass", "order", "order alone"]
    off.play("order")  # an ordinary order: the dealer picks up
    assert off.phase() == "discard" and off.to_move == 0 and not off.alone


def test_loner_takes_upcard_option() -> None:  # G-EU-2 alternative
    s = euchre(DEAL_A, "9H JC 9S TD", options={"loner_takes_upcard": True})
    play_all(s, ["pass", "order alone"])
    assert s.phase() == "discard" and s.to_move == 2 and C.card("9H") in s.hands[2]
    assert s.knowledge.known_to(1, "hand/2") == [C.card("9H")] and s.up == []
    s.play("discard 9C")
    assert s.phase() == "play" and s.to_move == 1 and len(s.hands[2]) == 5 and len(s.hands[0]) == 5


# ---- who leads against a loner --------------------------------------------------------------


def test_sitting_out_leader_passes_the_lead_to_the_next_player() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "order alone", "discard TS"])  # West alone: East, left of dealer, sits out
    assert s.active == [True, False, True, True] and s.to_move == 2


def test_loner_lead_left_of_maker() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD", options={"loner_lead": "left_of_maker"})
    play_all(s, ["pass", "pass", "order alone", "discard TS"])
    assert s.to_move == 0  # left of West
    t = euchre(DEAL_A, "9H JC 9S TD", options={"loner_lead": "left_of_maker"})
    play_all(t, ["pass", "pass", "order", "discard TS"])
    assert t.to_move == 1  # not alone: left of the dealer as usual


# ---- No Ace–No Face -------------------------------------------------------------------------

# T-EU-6: East holds 9S 9H 10D 10C 9C
DEAL_NANF = ["AC KC QC JS TS", "9S 9H TD TC 9C", "KH JC AD QD KD", "QH TH KS QS 9D"]


def test_no_ace_no_face_rule() -> None:
    assert no_ace_no_face(C.cards("9S 9H TD TC 9C"))
    assert not no_ace_no_face(C.cards("9S 9H TD TC JC"))
    assert no_ace_no_face(C.cards("7S 8H TD TC 9C"))  # the 32-card deck: no ace and no face card


def test_t_eu_6_no_ace_no_face_throws_in_automatically() -> None:
    s = euchre(DEAL_NANF, "JH AH JD AS")
    first = s.score_sheet.rows[0]
    assert (first.label, first.points) == ("Deal 1: thrown in", [0, 0])
    assert first.note == "No Ace–No Face: East holds 9♠ 9♥ 10♣ 9♣ 10♦"
    assert s.deal_no >= 2 and s.score_sheet.totals == [0, 0]
    assert s.dealer == (len(s.score_sheet.rows)) % 4  # every throw-in passes the deal left


def test_no_ace_no_face_claimable() -> None:
    s = euchre(DEAL_NANF, "JH AH JD AS", options={"no_ace_no_face": "claimable"})
    assert s.phase() == "claim" and s.to_move == 1 and [str(m) for m in s.legal_moves()] == ["claim", "pass"]
    assert s.legal_moves(0) == []
    with pytest.raises(gamenight.IllegalMove, match="claim"):
        s.play("order")
    s.play("claim")
    assert rows(s)[0][:2] == ("Deal 1: thrown in", [0, 0]) and s.deal_no >= 2
    t = euchre(DEAL_NANF, "JH AH JD AS", options={"no_ace_no_face": "claimable"})
    t.play("pass")  # East plays on with his hand
    assert t.phase() == "order" and t.to_move == 1 and t.deal_no == 1 and not t.score_sheet.rows


def test_no_ace_no_face_off() -> None:
    s = euchre(DEAL_NANF, "JH AH JD AS", options={"no_ace_no_face": "off"})
    assert s.phase() == "order" and s.deal_no == 1 and not s.score_sheet.rows


# ---- the standard preset and the 32-card deck --------------------------------------------------


def test_standard_preset() -> None:
    s = euchre(DEAL_NANF, "JH AH JD AS", preset="standard")
    assert s.phase() == "order" and s.deal_no == 1  # no No Ace–No Face
    s.play("pass")
    assert [str(m) for m in s.legal_moves()] == ["pass", "order", "order alone"]  # no forced loner
    t = euchre(DEAL_A, "9H JC 9S TD", preset="standard")
    play_all(t, ["pass", "pass", "order alone", "discard TS"])
    assert t.to_move == 0  # the player left of the lone maker leads
    u = euchre(DEAL_A, "9H JC 9S TD", preset="standard")
    play_all(u, ["pass"] * 8)
    assert rows(u)[0] == ("Deal 1: thrown in", [0, 0], "Everybody passed twice")  # no stick-the-dealer


def test_32_card_deck_kitty_of_12() -> None:
    s = gamenight.new("euchre", seed=3, options={"deck": "32", "no_ace_no_face": "off"})
    assert isinstance(s, Euchre)
    assert len(s.deck_template()) == 32 and len(s.kitty) == 11 and len(s.up) == 1
    assert s.view(0)["kitty_size"] == 12
    assert Counter(c for z in s.card_zones().values() for c in z) == Counter(s.deck_template())


def test_bad_options_are_refused() -> None:
    with pytest.raises(gamenight.OptionError):
        gamenight.new("euchre", options={"deck": "52"})
    with pytest.raises(gamenight.OptionError):
        gamenight.new("euchre", options={"target": 0})


# ---- hidden information ---------------------------------------------------------------------


def test_samples_keep_what_everyone_knows() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass", "pass", "pass", "pickup", "discard TS"])
    rng = random.Random(1)
    for _ in range(30):
        smp = s.sample(1, rng)
        assert isinstance(smp, Euchre)
        assert C.card("9H") in smp.hands[0]  # everyone saw the dealer take it
        assert smp.hands[1] == s.hands[1]
        assert smp.view(1) == s.view(1)
        mine = s.sample(0, rng)
        assert isinstance(mine, Euchre) and mine.discard == s.discard and mine.hands[0] == s.hands[0]
    moved = {tuple(sorted(cast(Euchre, s.sample(1, rng)).kitty)) for _ in range(30)}
    assert len(moved) > 1  # the kitty is hidden from everyone and redealt


def test_turned_down_card_is_known_and_never_redealt() -> None:
    s = euchre(DEAL_A, "9H JC 9S TD")
    play_all(s, ["pass"] * 5)
    rng = random.Random(2)
    for seat in range(4):
        smp = s.sample(seat, rng)
        assert isinstance(smp, Euchre) and smp.up == [C.card("9H")]
        assert C.card("9H") not in {c for h in smp.hands for c in h}


def test_a_discarded_up_card_looks_kept_until_the_dealer_shows_out_of_trumps() -> None:
    s = euchre(DEAL_E, "9H 9C JC AC")
    play_all(s, ["order", "discard 9H"])  # the dealer throws the card he picked up
    rng = random.Random(3)
    for _ in range(20):
        smp = s.sample(2, rng)
        assert isinstance(smp, Euchre) and C.card("9H") in smp.hands[0] and smp.view(2) == s.view(2)
    mine = s.sample(0, rng)
    assert isinstance(mine, Euchre) and mine.discard == [C.card("9H")]


def test_observers_learn_the_discard_when_the_dealer_shows_out_of_trumps() -> None:
    s = euchre(DEAL_B, "9H 9C TC JC", options={"dealer_partner_forced_alone": "off"})
    play_all(s, ["order", "discard 9H", "play JH", "play QH", "play TH", "play AC"])  # North shows out
    assert C.HEARTS in s.void[0]
    rng = random.Random(4)
    for _ in range(20):
        smp = s.sample(1, rng)
        assert isinstance(smp, Euchre) and smp.discard == [C.card("9H")] and smp.view(1) == s.view(1)


@pytest.mark.parametrize("options", [
    {"no_ace_no_face": "claimable", "stick_the_dealer": True},
    {"dealer_partner_forced_alone": "both_rounds", "loner_takes_upcard": True},
    {"deck": "32", "loner_lead": "left_of_maker", "dealer_partner_forced_alone": "off"},
])
def test_options_keep_the_invariants(options: dict[str, object]) -> None:
    for seed in range(3):
        s = gamenight.new("euchre", seed=seed, options=options)
        assert isinstance(s, Euchre)
        rng = random.Random(seed)
        while not s.is_over:
            held = Counter(c for z in s.card_zones().values() for c in z)
            assert held == Counter(s.deck_template())
            seat = rng.randrange(4)
            assert s.sample(seat, rng).view(seat) == s.view(seat)
            moves = s.legal_moves()
            s.play(moves[rng.randrange(len(moves))])
        assert max(s.score_sheet.totals) >= 10


# ---- the bot ---------------------------------------------------------------------------------


def test_bot_hand_judgement() -> None:
    assert worth(C.cards("JH JD AH AS AD"), C.HEARTS) == 3 + 2.5 + 2 + 1 + 1 + 0.5
    assert goes_alone(C.cards("JH JD AH AS AD"), C.HEARTS)
    assert not goes_alone(C.cards("JH AH KH AS 9D"), C.HEARTS)
    # the dealer voids a suit with its lowest card and keeps his ace
    assert C.CODE_OF[best_discard(C.cards("JH AH 9H AC TS KD"), C.HEARTS)] == "TS"
    assert C.CODE_OF[best_discard(C.cards("JH AH 9H AC TC KD"), C.HEARTS)] == "KD"


def play_match(seed: int, kinds: list[str], **kw: Any) -> State:
    s = gamenight.new("euchre", seed=seed, **kw)
    bots = [make_bot(k, "euchre") for k in kinds]
    rng = random.Random(seed)
    while not s.is_over:
        seat = s.to_move
        assert seat is not None
        s.play(bots[seat].choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


def test_heuristic_beats_random() -> None:
    wins = 0
    for i in range(40):
        team = i % 2
        s = play_match(500 + i, ["heuristic" if seat % 2 == team else "random" for seat in range(4)])
        assert s.outcome is not None
        wins += s.outcome.winners[0] % 2 == team
    assert wins >= 34


def test_golden_transcript() -> None:
    """A whole match of four heuristic bots (seed 7), recorded from a run: its score sheet
    (``tests/golden/euchre_heuristic.json``, replayed: the bots do not play it again)."""
    s = golden_match("euchre_heuristic")
    sheet = s.score_sheet
    out = s.outcome
    assert out is not None
    assert max(sheet.totals) >= 10 and out.scores[out.winners[0]] == max(sheet.totals)
    assert out.winners in ((0, 2), (1, 3)) and min(sheet.totals) < 10
    assert all(sum(r.points) in (0, 1, 2, 4) and 0 in r.points for r in sheet.rows)  # one side scores
    throw_ins = [r for r in sheet.rows if r.label.endswith("thrown in")]
    assert all(r.points == [0, 0] and r.note for r in throw_ins)
    assert [int(r.label.split()[1].rstrip(":")) for r in sheet.rows] == list(range(1, len(sheet.rows) + 1))
    assert gamenight.replay(s.log).score_sheet.to_json() == sheet.to_json()
    assert (sheet.totals, len(sheet.rows), len(throw_ins), out.winners) == ([8, 11], 17, 2, (1, 3))
    assert [r.points for r in sheet.rows] == [
        [1, 0], [0, 1], [0, 0], [0, 2], [1, 0], [0, 1], [1, 0], [1, 0], [2, 0], [2, 0], [0, 0],
        [0, 1], [0, 1], [0, 1], [0, 1], [0, 1], [0, 2]]

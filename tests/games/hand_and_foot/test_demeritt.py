"""Hand and Foot under DeMeritt's rules (preset ``demeritt``, seed 003): a stacked-deck scenario
for every rule the preset changes and the worked cases of ``shared/rules/other-seeds.md`` §6.3.
Own-deck stacking is explained in :mod:`tests.games.hand_and_foot.scenarios`."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import OptionError
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import team_canastas
from gamenight.games.hand_and_foot import HandAndFoot
from tests.games.hand_and_foot.scenarios import (
    NAT_5,
    NAT_K,
    READY,
    UNNAT_Q,
    ask_position,
    demeritt,
    holding,
    in_foot,
    put_books,
    row,
)
from tests.helpers import codes, play, refused, set_position, texts, zones

# =============================================================================================
# DeMeritt (seed 003; other-seeds.md §6)
# =============================================================================================

def test_demeritt_preset_options() -> None:
    s = demeritt({})
    o = s.options
    assert (o.deal, o.extra_decks, o.hand_size, o.foot_size) == ("own_decks", 0, 13, 13)
    assert o.hand_choice == "blind"
    assert (o.opening, o.ratio, o.wild_books, o.dirty_closes) == ("by_score", "more", False, False)
    assert (o.clean_bonus, o.dirty_bonus, o.out_bonus, o.deuce_value) == (500, 300, 200, 20)
    assert (o.need_clean, o.need_dirty, o.need_wild) == (2, 1, 0)
    assert (o.red_threes, o.red_three_held, o.black_three_held) == ("dead", 300, 100)
    assert o.black_threes == "discard"
    # the seed plays until a side reaches 10,000, however many hands that takes: no cap
    assert (o.ask_partner, o.rounds, o.target, o.max_hands) == ("optional", 0, 10000, 0)
    assert (o.pile_limit, o.wild_top, o.stock_out) == (0, False, "end")
    # card values (D3's table): joker 50, ace and two 20, K-8 10, 7-4 5
    values = [s.values[C.card(x)] for x in ("JK", "AS", "2H", "KD", "8C", "7S", "4H")]
    assert values == [50, 20, 20, 10, 10, 5, 5]
    assert s.turn_rules.need.describe() == "2 red and 1 black canastas"
    # four or six players only
    with pytest.raises(OptionError, match="4, 6 players"):
        gamenight.new("hand-and-foot", preset="demeritt", players=2, seed=1)


# ---- the deal: own decks, the blind choice, the cut, the upcard -----------------------------

#: a full deal where North goes out on his first turn (see test_going_out_on_the_first_turn)
GO_KEPT = {0: "KC KD KH KS KC KD KH QC QD QH QS QC 8C",
           1: "9C 9D 9H 9S TC TD TH TS 8C 8D 8H 8S JC",
           2: "AC 7C 3H 3S 4C 4D 4H 4S 5C 5D 5H 5S 6C",
           3: "6C 6D 6H 6S 7C 7D 7H 7S 4C 4D 4H 4S 5C"}
GO_RECEIVED = {0: "QD QH JC JD JH JS 2C 2D JK 9C 9D 9H 4C",
               1: "3D 3C 2S JK AS AD 7S 7S 5C 5D 5H 5S 4C",
               2: "TC TD TH TS JK 2H 9S 8S 6D 6H 6S 7D 7H",
               3: "AC AD AH AS KC KD KH KS QS QH JS JD JH"}
GO_PILES = {0: "7H 8D", 1: "8H"}
GO_CUTS = {0: "AH", 1: "KC", 2: "QC", 3: "JC"}


def go_deal(**kw: Any) -> HandAndFoot:
    return demeritt(GO_KEPT, GO_RECEIVED, GO_PILES, GO_CUTS, **kw)


def test_own_decks_deal_two_packets_each_and_one_stock_pile_per_player() -> None:
    s = go_deal(choose=None)
    assert len(s.deck_template()) == 4 * 54 and s.deck_template().count(C.JOKER) == 8
    assert s.phase() == "choose" and s.to_act == frozenset({0, 1, 2, 3}) and s.to_move is None
    assert [len(h) for h in s.hands] == [13] * 4 and [len(f) for f in s.feet] == [13] * 4
    # 54 - 13 - 13 = 28 cards in each player's own pile; no discard pile until everyone has chosen
    assert [len(p) for p in s.stocks] == [28] * 4 and s.discards == []
    for p in range(4):
        assert codes(s.hands[p]) == sorted(GO_KEPT[p].split())
        assert codes(s.feet[p]) == sorted(GO_RECEIVED[p].split())
        assert texts(s, p) == ["choose dealt", "choose passed"]
        # the bottom of each pile is the cut card
        assert C.CODE_OF[s.stocks[p][0]] == GO_CUTS[p]
    assert zones(s) == Counter(s.deck_template())
    assert s.legal_moves() == []
    refused(s, "draw 1", "Choose your hand", seat=0)


def test_the_blind_choice_nobody_sees_a_packet_before_choosing() -> None:
    s = go_deal(choose=None)
    for p in range(4):
        v = s.view(p)
        assert s.phase() == "choose" and v["hand"] is None and "foot" not in v
    s.play("choose dealt", 0)
    # North has chosen, but still sees nothing while the others choose
    assert s.to_act == frozenset({1, 2, 3}) and s.view(0)["hand"] is None
    refused(s, "choose passed", "not your turn", seat=0)
    s.play("choose passed", 1)
    s.play("choose dealt", 2)
    s.play("choose passed", 3)
    # East and West play the packet passed to them; the other packet is the foot
    for p in (1, 3):
        assert codes(s.hands[p]) == sorted(GO_RECEIVED[p].split())
        assert codes(s.feet[p]) == sorted(GO_KEPT[p].split())
    assert codes(s.hands[0]) == sorted(GO_KEPT[0].split())
    v = s.view(1)
    assert s.phase() == "draw" and sorted(v["hand"]) == sorted(GO_RECEIVED[1].split()) and "foot" not in v
    chosen = [e.text for e in s.events if e.kind == "chosen"]
    assert chosen[:2] == ["North has chosen a hand.", "East has chosen a hand."]
    # a blind foot is unknown even to its owner: a sample redeals it
    sampled = s.sample(1, random.Random(5))
    assert isinstance(sampled, HandAndFoot)
    assert codes(sampled.hands[1]) == codes(s.hands[1]) and codes(sampled.feet[1]) != codes(s.feet[1])


def test_hand_choice_look_shows_both_packets_and_the_foot_stays_known() -> None:
    s = go_deal(choose=None, hand_choice="look")
    v = s.view(0)
    assert sorted(v["hand"]) == sorted(GO_KEPT[0].split())
    assert sorted(v["foot"]) == sorted(GO_RECEIVED[0].split())
    # nobody sees another player's packets
    assert s.view(1)["hand"] != v["hand"] and sorted(s.view(1)["foot"]) == sorted(GO_RECEIVED[1].split())
    for p in range(4):
        s.play("choose passed", p)
    v = s.view(0)
    assert sorted(v["hand"]) == sorted(GO_RECEIVED[0].split())
    assert sorted(v["foot"]) == sorted(GO_KEPT[0].split())
    # his foot is known to him: a sample keeps it, and redeals the others' feet
    sampled = s.sample(0, random.Random(5))
    assert isinstance(sampled, HandAndFoot)
    assert codes(sampled.feet[0]) == codes(s.feet[0])
    assert codes(sampled.feet[1]) != codes(s.feet[1])


@pytest.mark.parametrize(("cuts", "first"), [
    ({0: "KS", 1: "AS", 2: "QS", 3: "2S"}, 1),   # the high card starts
    ({0: "KS", 1: "QS", 2: "JS", 3: "AC"}, 3),   # aces high: the ace beats the king
    ({0: "9S", 1: "9D", 2: "TC", 3: "9C"}, 2),   # a tie below the top does not matter
])
def test_the_cut_high_card_starts_and_turns_up_his_piles_top(cuts: dict[int, str], first: int) -> None:
    piles = {p: f"{'789T'[p]}H" for p in range(4)}  # 7H 8H 9H TH on top of the four piles
    s = demeritt({}, piles=piles, cuts=cuts, avoid="789T")
    shown = ", ".join(f"{name} {C.LABEL_OF[C.card(cuts[p])]}" for p, name in
                      enumerate(("North", "East", "South", "West")))
    assert [e.text for e in s.events if e.kind == "cut"] == [f"The cut: {shown}."]
    assert (s.turn, s.phase()) == (first, "draw")
    # he turns up the top of his own pile, which he alone may take
    assert codes(s.discards) == [piles[first]]
    assert [len(p) for p in s.stocks] == [27 if p == first else 28 for p in range(4)]
    assert f"take {piles[first]}" in texts(s)


def test_a_joker_has_no_rank_so_its_holder_cuts_again() -> None:
    s = demeritt({}, cuts={0: "JK", 1: "4C", 2: "6D", 3: "5H"})
    cuts = [e.text for e in s.events if e.kind == "cut"]
    # the first cut shows the joker; North alone cuts again (every seat stays in the second line)
    assert cuts[0] == "The cut: North Joker, East 4♣, South 6♦, West 5♥."
    assert len(cuts) >= 2 and "North Joker" not in cuts[-1] and "South 6♦" in cuts[-1]


def test_a_tie_at_the_top_cuts_again_among_the_tied() -> None:
    s = demeritt({}, cuts={0: "AS", 1: "4C", 2: "AD", 3: "KC"})
    cuts = [e.text for e in s.events if e.kind == "cut"]
    assert len(cuts) >= 2 and cuts[0] == "The cut: North A♠, East 4♣, South A♦, West K♣."
    assert cuts[1].startswith("The cut: North ") and "South" in cuts[1] and "East" not in cuts[1]
    assert s.turn in (0, 2)


def test_only_the_starter_may_take_the_upcard_and_only_on_his_first_turn() -> None:
    s = demeritt({0: "9C 9D 5C 5D 6C 6D 7C 7D 8C 8D TC TD JC", 1: "QC QD 4C 4D 5H 5S 6H 6S 7H 7S 8H 8S JD"},
                 piles={0: "KH", 1: "AH AD"}, avoid="KQA")
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4", "take KH"]
    s.play("take KH")
    # 13 + the upcard; he need not play it at once, and everyone knows he holds it
    assert len(s.hands[0]) == 14 and C.card("KH") in s.hands[0] and s.discards == []
    assert s.phase() == "play" and s.view(2)["known_cards"][0] == ["KH"]
    s.play("discard JC")
    assert C.card("KH") in s.hands[0] and codes(s.discards) == ["JC"]
    # East holds no jacks: a single card on the pile is not his to take
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    refused(s, "take JC", "Only the first player of the hand may take")


def test_the_starter_who_draws_may_not_take_the_upcard_any_more() -> None:
    s = demeritt({}, piles={0: "KH 4S", 1: "9S"}, avoid="K")
    s.play("draw 1")
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    refused(s, "take KH", "Only the first player")
    s.play("draw 2")
    assert codes(s.hands[0][-2:]) == ["4S", "9S"] and codes(s.discards) == ["KH"]


def test_a_draw_is_two_cards_each_from_the_top_of_any_pile() -> None:
    s = demeritt({}, piles={0: "7H", 2: "9S TS"})
    refused(s, "draw", "Say which stock pile")
    s.play("draw 3")
    # one card drawn, one to come: still the draw, and no pile pickup now
    assert s.phase() == "draw" and s.draws_left == 1 and texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    s.play("draw 3")
    assert s.phase() == "play" and codes(s.hands[0][-2:]) == ["9S", "TS"]
    # 28 - 1 upcard = 27 in North's pile, 28 - 2 in South's
    assert [len(p) for p in s.stocks] == [27, 28, 26, 28]
    assert s.view(1)["stock_piles"] == [27, 28, 26, 28] and s.view(1)["stock"] == 109
    assert "North draws a card from stock pile 3." in s.view(1)["events"]
    # an empty pile cannot be drawn from
    s.play(Move("discard", C.CARD(s.hands[0][0])))
    # an empty fourth pile: its cards under the first
    set_position(s, zones={"stock/4": "", "stock/1": ["...", *s.stocks[0]]})
    assert texts(s) == ["draw 1", "draw 2", "draw 3"]
    refused(s, "draw 4", "That stock pile is empty")


def test_a_fresh_process_replays_a_demeritt_game() -> None:
    # 'draw N' moves exist only once some legal-move list has been built: a fresh process that
    # replays a log (nothing listed yet) must still read 'draw 1' as the legal move
    s = demeritt({}, piles={0: "7H 4S", 1: "9S"})
    play(s, "draw 1", "draw 2", "discard 9S")
    code = ("import gamenight, json, sys; s = gamenight.replay(json.load(sys.stdin)); "
            "print(s.turn, len(s.moves))")
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(s.log), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "7"]


def test_six_players_have_six_piles_and_two_teams_of_three() -> None:
    s = demeritt({}, players=6, cuts={p: ("AS" if p == 4 else "5S") for p in range(6)})
    assert len(s.deck_template()) == 6 * 54
    assert [len(p) for p in s.stocks] == [28, 28, 28, 28, 27, 28] and s.turn == 4
    assert [s.team_of(p) for p in range(6)] == [0, 1, 0, 1, 0, 1] and s.partner_of(4) == 0
    assert texts(s)[:6] == [f"draw {i}" for i in range(1, 7)]
    assert zones(s) == Counter(s.deck_template())


# ---- books: groups only, more naturals than wilds, naturals close, unnaturals grow ----------

def test_demeritt_books_groups_only_ratio_and_unnaturals_growing_past_seven() -> None:
    # §6.3 case 2: 4 naturals + 3 wilds is a valid unnatural, 3 + 3 is not; 5 + 4 (nine cards) is
    s = demeritt({0: "KC KD KH KS KC KD 2C 2D 2H JK 5C 6C 7C"}, piles={0: "4H KH KS"}, avoid="567K")
    play(s, "draw 1", "draw 1")
    refused(s, "meld 5C 6C 7C", "runs are not melds")
    refused(s, "meld JK 2C 2D", "wild cards only are not allowed")
    s.play("meld KC KC 2C")                          # 2 naturals + 1 wild
    refused(s, "add 1 2D", "more naturals than wild cards")   # 2 + 2
    s.play("add KD")                                 # 3 + 1: K K K 2 = 10 + 10 + 10 + 20 = 50, opened
    assert s.opened[0]
    s.play("add 1 2D")                               # 3 + 2
    refused(s, "add 1 2H", "more naturals than wild cards")   # 3 + 3
    play(s, "add KD", "add 1 2H")                    # 4 + 3: seven cards, an unnatural canasta
    book = s.view(0)["team_books"][0]["books"][0]
    assert (book["naturals"], book["wilds"], book["canasta"], book["closed"]) == (4, 3, True, False)
    assert book["kind"] == "dirty"
    play(s, "add KH", "add 1 JK")                    # 5 + 4: nine cards, still open
    book = s.view(0)["team_books"][0]["books"][0]
    assert (book["naturals"], book["wilds"], book["closed"]) == (5, 4, False)
    assert s.books[0][0].describe(s.turn_rules.books) == "black canasta of kings (9 cards, 4 wild)"
    # the unnatural never closes, so the team never starts a second book of kings
    refused(s, "meld KH KS KS", "already has an open book of that rank")
    s.play("add KH")
    assert s.books[0][0].size == 10 and team_canastas(s.books[0], s.turn_rules.books) == (0, 1, 0)


def test_a_natural_closes_at_seven_and_only_then_a_second_book_of_its_rank_starts() -> None:
    s = demeritt({0: "5C 5D 5H 5S 5C 5D 5H 5S 9C 9D 2C TC JC"}, piles={0: "4H 5C 5D"}, avoid="59")
    play(s, "draw 1", "draw 1", "meld 5C 5C 5C", "add 5D", "add 5D", "add 5D", "add 5H")
    book = s.books[0][0]
    assert book.size == 7 and book.wilds == 0 and book.closed
    # §6.3 case 2: a clean 7-card natural cannot take an 8th card, natural or wild
    refused(s, "add 1 5H", "Book 1 is closed")
    refused(s, "add 1 2C", "Book 1 is closed")
    # 5 x 7 = 35 below the minimum of 50: provisional, no discard
    assert s.prov_value == 35 and not s.opened[0]
    assert not any(m.startswith("discard") for m in texts(s))
    # the second book of fives may start now: 35 + 15 = 50
    s.play("meld 5H 5S 5S")
    assert s.opened[0] and [b.size for b in s.books[0]] == [7, 3]


# ---- the minimum by team score ----------------------------------------------------------------

@pytest.mark.parametrize(("score", "minimum"), [(-200, 50), (0, 50), (1499, 50), (1500, 90), (2999, 90),
                                                 (3000, 120), (4999, 120), (5000, 150), (12000, 150)])
def test_minimum_by_team_score(score: int, minimum: int) -> None:
    s = demeritt({})
    s.sheet.add("Earlier", [score, 0])
    assert s.minimum(0) == minimum and s.minimum(1) == 50
    assert [t["minimum"] for t in s.view(1)["team_books"]] == [minimum, 50]


def test_case_1_initial_meld_at_a_side_score_of_1600() -> None:
    # §6.3 case 1: side score 1,600 needs 90
    s = demeritt({0: "KC KD KH AC AD 2C JC JD JH 9C 9D 9H 4C", 2: "4D 4H 4S"}, piles={0: "6C 7D 7S"},
                 avoid="KAJ94")
    s.sheet.add("Earlier", [1600, 0])
    assert s.minimum(0) == 90
    play(s, "draw 1", "draw 1")
    # J J J (30) + 9 9 9 (30) = 60: rejected, he cannot end his turn there
    play(s, "meld JC JD JH", "meld 9C 9D 9H")
    assert s.view(0).get("provisional") == 60 and not s.opened[0]
    refused(s, "discard 4C", "60 of the 90 points")
    s.play("retract")
    assert s.books[0] == [] and len(s.hands[0]) == 15
    # K K K (30) + A A 2 (20 + 20 + 20 = 60) = 90: legal
    play(s, "meld KC KD KH", "meld AC AD 2C")
    assert s.opened[0] and "Team North–South has met its minimum of 90 with 90 points." in s.view(1)["events"]
    s.play("discard 4C")
    # after that his partner melds freely: East passes, South lays 4 4 4 (15)
    play(s, "draw 2", "draw 2")
    s.play(Move("discard", C.CARD(s.hands[1][-1])))
    play(s, "draw 3", "draw 3", "meld 4D 4H 4S")
    assert s.books[0][-1].size == 3 and any(m.startswith("discard") for m in texts(s))


def test_the_minimum_follows_the_score_from_hand_to_hand() -> None:
    # North goes out on his first turn (see below): 1,205 and -910 after hand 1, on top of 400 earlier
    s = go_deal()
    s.sheet.add("Earlier", [400, 0])
    play(s, *GO_OUT_MOVES)
    assert s.sheet.totals == [1605, -910] and s.deal_no == 2 and s.phase() == "choose"
    # 1,605 needs 90; a negative score needs 50
    assert (s.minimum(0), s.minimum(1)) == (90, 50)
    assert "Round 2: East deals. First meld: North–South 90, East–West 50." in [e.text for e in s.events]


# ---- the pile ---------------------------------------------------------------------------------

PILE_KEPT = {0: "AD 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D TC TD",
             1: "KS 3C 3H 2S JK 4H 4S 5H 5S 6H 6S 7H 7S",
             2: "KC KD AC 9C 9D 9H 4C 4D 5C 5D 6C 6D QC"}


def pile_game(discard: str) -> HandAndFoot:
    """North turns up A♠ and discards A♦, East discards ``discard``: South's turn."""
    s = demeritt(PILE_KEPT, piles={0: "AS 8H 8S", 1: "TH TS"}, avoid="KA9Q",
                 reserve="3C 3S 3D 3H 2C 2D JK JK QD 7C 7D 8C 8D")
    play(s, "draw 1", "draw 1", "discard AD", "draw 2", "draw 2", f"discard {discard}")
    assert s.turn == 2
    return s


def test_the_pile_is_taken_whole_with_a_natural_pair_the_top_counting_toward_the_minimum() -> None:
    s = pile_game("KS")
    assert codes(s.discards) == ["AD", "AS", "KS"]
    # K K K (30) + 9 9 9 (30) reaches the minimum of 50: the pair of kings takes the pile
    assert "pickup KC KD" in texts(s)
    refused(s, "pickup KC 2S", "do not hold")
    s.play("pickup KC KD")
    assert s.discards == [] and codes(list(s.books[0][0].cards)) == ["KC", "KD", "KS"]
    # the rest of the pile goes to the hand (13 - 2 + 2) and everyone knows those cards
    assert len(s.hands[2]) == 13 and s.view(1)["known_cards"][2] == ["AD", "AS"]
    # the top card counts: K K K = 30 provisional; the pile's aces wait for the minimum
    assert s.view(2).get("provisional") == 30
    refused(s, "meld AC AD AS", "Cards taken from the pile may not be melded")
    s.play("meld 9C 9D 9H")                            # 30 + 30 = 60
    assert s.opened[0]
    s.play("meld AC AD AS")
    assert [b.size for b in s.books[0]] == [3, 3, 3]


@pytest.mark.parametrize(("top", "why"), [("3C", "A three on top"), ("3H", "A three on top"),
                                          ("2S", "wild card on top"), ("JK", "wild card on top")])
def test_a_three_or_a_wild_card_on_top_blocks_the_pile(top: str, why: str) -> None:
    s = pile_game(top)
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    pair = {"3C": "3C 3S", "3H": "3D 3H", "2S": "2C 2D", "JK": "JK JK"}[top]
    holding(s, 2, f"{pair} KC KD AC 9C 9D 9H 4C 4D 5C")
    assert texts(s) == ["draw 1", "draw 2", "draw 3", "draw 4"]
    refused(s, f"pickup {pair}", why)


def test_the_pile_needs_a_natural_pair_not_a_wild_card() -> None:
    s = pile_game("KS")
    holding(s, 2, "KC 2C 9C 9D 9H 4C 4D 5C 5D 6C 6D QC QD")
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup KC 2C", "natural pair of kings")


def test_the_pile_is_not_taken_when_the_hand_cannot_make_the_minimum() -> None:
    # K K K is 30 and the rest of South's hand lays nothing: the pile's two aces do not count
    s = pile_game("KS")
    holding(s, 2, "KC KD 4C 4D 5C 5D 6C 6D 7C 7D 8C 8D QC")
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup KC KD", "cannot reach your team's first-meld minimum of 50")


# ---- threes ---------------------------------------------------------------------------------

def test_threes_are_never_melded_red_threes_are_dead_and_only_discarded() -> None:
    s = demeritt({0: "3C 3C 3S 3H 3D 9C 9D 9H AC AD AH 5C 6C", 1: "3D 3H 4H 4S 5H 5S 6H 6S 7H 7S 8H 8S TC"},
                 piles={0: "7C 3H 8C"}, avoid="9A")
    s.play("draw 1")
    # a red three drawn stays in the hand, nothing is laid out or replaced
    assert C.card("3H") in s.hands[0][-1:] and s.draws_left == 1 and s.red3 == [[], []]
    s.play("draw 1")
    assert len(s.hands[0]) == 15 and sum(1 for c in s.hands[0] if C.RANK_OF[c] == C.THREE) == 6
    refused(s, "meld 3C 3C 3S", "Threes can never be melded")
    refused(s, "meld 3D 3H 3H", "Threes can never be melded")
    assert not any(m.startswith(("meld 3", "add 3")) for m in texts(s))
    play(s, "meld 9C 9D 9H", "meld AC AD AH")          # 30 + 60 = 90: opened
    s.play("discard 3H")
    # a three on top blocks the pile even for East's natural pair of red threes
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup 3D 3H", "A three on top")


def test_black_threes_are_discarded_one_at_a_time_even_from_the_foot() -> None:
    s = demeritt({}, piles={0: "7C 8C 9C"}, reserve=f"{READY} 3C 3C 3S 3S 3C 3S 4D")
    put_books(s, 0, NAT_K, NAT_5, UNNAT_Q)
    in_foot(s, 0, "3C 3C 3S 3S 3C 3S 4D")
    play(s, "draw 1", "draw 1")
    refused(s, "discard 3C 3C 3C 3S 3S 3S", "Discard one card")
    refused(s, "meld 3C 3C 3S", "Threes can never be melded")
    s.play("discard 3C")
    assert len(s.hands[0]) == 8


# ---- going out and scoring: §6.3 cases 3-6 ----------------------------------------------------

GO_OUT_MOVES = ["draw 1", "draw 2", "meld KC KC KD", "add KD", "add KH", "add KH", "add KS",
                "meld QC QC QD", "add QH", "add QS", "meld 8C 8D 8H",       # the hand is melded out
                "add QD", "add QH", "meld JC JD JH", "add JS", "add 4 2C", "add 4 2D", "add 4 JK",
                "meld 9C 9D 9H", "discard 4C"]


def test_going_out_on_the_first_turn_scores_every_card_left_in_hands_and_unplayed_feet() -> None:
    s = go_deal()
    play(s, *GO_OUT_MOVES[:11])
    # the last card of the hand melded: the foot comes up at once and he plays on
    assert s.in_foot[0] and s.turn == 0 and s.phase() == "play" and len(s.hands[0]) == 13
    play(s, *GO_OUT_MOVES[11:])
    r = row(s)
    assert r.note == "North went out"
    # North–South: naturals K and Q (500 + 500) + the unnatural of jacks (300) = 1,300;
    # melded 7 x 10 (K) + 7 x 10 (Q) + (4 x 10 + 2 x 20 + 50) (J) + 30 (8s) + 30 (9s) = 330; out 200;
    # South holds his 13 (A 20 + 7 5 + red 3 300 + black 3 100 + nine of 4-6 x 5 = 45 -> 470) and his
    # unplayed foot (T x 4 = 40 + JK 50 + 2 20 + 9 10 + 8 10 + 6 x 3 = 15 + 7 x 2 = 10 -> 155): 625
    # 1,300 + 330 + 200 - 625 = 1,205
    # East–West: East holds 9 9 9 9 T T T T 8 8 8 8 J (13 x 10 = 130) and his foot (red 3 300, black 3
    # 100, 2 20, JK 50, A A 40, 7 7 10, 5 x 4 = 20, 4 5 -> 545); West 13 cards of 4-7 (13 x 5 = 65) and
    # his foot (A x 4 = 80, K x 4 = 40, Q Q 20, J J J 30 -> 170): 130 + 545 + 65 + 170 = 910
    assert r.points == [1205, -910]
    assert r.details == ["going out +200, canastas +1300, cards melded +330, cards left -625",
                         "cards left -910"]
    # nobody has 10,000: the next hand is dealt from fresh own decks
    assert not s.is_over and s.deal_no == 2 and s.phase() == "choose"
    assert [len(p) for p in s.stocks] == [28] * 4 and s.discards == []


def case_3_position(*, team0: tuple[str, ...] = (NAT_K, NAT_5, UNNAT_Q), **options: Any) -> HandAndFoot:
    """§6.3 cases 3 and 4: North, in his foot, holds one card after his draw."""
    others = "9C AS 7D 3H 8C 8C 8D 8D 8H 8H 8S JC JD 2H KC KD 9S 4C JK 3D 3C"
    s = demeritt({}, piles={0: "7C 4S 4H"}, reserve=f"{' '.join(team0)} {others}", **options)
    play(s, "draw 1", "draw 1")
    put_books(s, 0, *team0)
    in_foot(s, 0, "9C")
    in_foot(s, 2, "AS 7D 3H")                        # the partner still holds A, 7 and a red 3
    put_books(s, 1, "8C 8C 8D 8D 8H 8H 8S", "JC JD 2H")
    in_foot(s, 1, "KC KD 9S 4C JK")                  # player X: K K 9 4 Joker
    in_foot(s, 3, "3D 3C")                           # player Y: a red 3 and a black 3
    return s


def test_cases_3_and_4_going_out_side_1390_and_other_side_125() -> None:
    s = case_3_position()
    assert zones(s) == Counter(s.deck_template())
    assert texts(s) == ["discard 9C"]
    s.play("discard 9C")
    # case 3: 7 kings (500 + 70), 7 fives (500 + 35), 6 queens + joker (300 + 60 + 50), out 200,
    # partner A 7 red-3 = 20 + 5 + 300 = 325: 1,000 + 300 + 70 + 35 + 110 + 200 - 325 = 1,390
    # case 4: 7 eights (500 + 70), J J 2 (40), X's K K 9 4 Joker (85), Y's red and black 3 (400):
    # 500 + 70 + 40 - 85 - 400 = 125
    assert row(s).points == [1390, 125]
    assert row(s).details == ["going out +200, canastas +1300, cards melded +215, cards left -325",
                              "canastas +500, cards melded +110, cards left -485"]


def test_case_5_a_side_without_an_unnatural_may_not_go_out() -> None:
    # two naturals and no unnatural: the one foot card may not be discarded
    s = case_3_position(team0=(NAT_K, NAT_5))
    assert texts(s) == []
    refused(s, "discard 9C",
            "may not discard your last card: to go out your team needs 2 red and 1 black canastas")


def test_a_player_may_not_meld_down_to_a_last_card_he_cannot_go_out_with() -> None:
    # North, in his foot with 9 9, draws 9H 4C; his team has two naturals and no unnatural
    s = demeritt({}, piles={0: "7C 9H 4C"}, avoid="9", reserve=f"{NAT_K} {NAT_5} 9C 9D")
    put_books(s, 0, NAT_K, NAT_5)
    in_foot(s, 0, "9C 9D")
    play(s, "draw 1", "draw 1")
    refused(s, "meld 9C 9D 9H", "You must keep a card you can discard without going out: to go out your team")
    assert "meld 9C 9D 9H" not in texts(s)
    s.play("discard 4C")                             # three cards left: fine
    assert len(s.hands[0]) == 3 and s.turn == 1


@pytest.mark.parametrize(("books", "ok"), [
    ((NAT_K, NAT_5, UNNAT_Q), True),
    ((NAT_K, NAT_5, "AC AC AD AD AH AH AS"), False),        # three naturals, no unnatural
    ((NAT_K, UNNAT_Q, "AC AC AD AD 2C 2C JK"), False),      # one natural, two unnaturals
    ((NAT_K, NAT_5, "QC QC QD QD QH JK"), False),           # the unnatural has only six cards
])
def test_going_out_needs_two_naturals_and_one_unnatural(books: tuple[str, ...], ok: bool) -> None:
    s = case_3_position(team0=books)
    assert (texts(s) == ["discard 9C"]) is ok


def game_end(before: list[int], **options: Any) -> HandAndFoot:
    """Case 3's hand (+1,390 and +125) played after a sheet of ``before``."""
    s = case_3_position(**options)
    s.sheet.add("Earlier", before)
    s.play("discard 9C")
    return s


@pytest.mark.parametrize(("before", "totals"), [
    ([8810, 9925], [10200, 10050]),   # 8,810 + 1,390 = 10,200; 9,925 + 125 = 10,050: A wins
    ([8810, 9865], [10200, 9990]),    # 9,865 + 125 = 9,990: A wins
])
def test_case_6_the_game_ends_after_a_hand_with_a_side_at_10000(before: list[int], totals: list[int]) -> None:
    s = game_end(before)
    assert s.sheet.totals == totals and s.is_over
    assert s.outcome is not None
    assert s.outcome.winners == (0, 2) and s.outcome.scores == (totals[0], totals[1], totals[0], totals[1])
    assert s.outcome.reason == "A team reached 10000."


def test_a_tie_at_the_top_plays_another_hand_and_below_10000_play_goes_on() -> None:
    # 8,710 + 1,390 = 10,100 = 9,975 + 125: a tie, another hand
    s = game_end([8710, 9975])
    assert s.sheet.totals == [10100, 10100] and not s.is_over and s.deal_no == 2 and s.phase() == "choose"
    # 8,600 + 1,390 = 9,990: nobody has 10,000
    s = game_end([8600, 0])
    assert s.sheet.totals == [9990, 125] and not s.is_over and s.deal_no == 2


@pytest.mark.parametrize("hands", [40, 41, 100])
def test_without_a_side_at_10000_play_goes_on_however_many_hands(hands: int) -> None:
    # the seed has no cap: the 40th hand (or any) ending below 10,000 is followed by another
    s = case_3_position()
    set_position(s, deal=hands, scores=[8000, 9000])  # the scores of the hands before
    s.play("discard 9C")
    assert not s.is_over and s.deal_no == hands + 1 and s.phase() == "choose"
    assert s.sheet.totals == [9390, 9125]


def test_max_hands_ends_the_match_without_a_side_at_the_target() -> None:
    s = game_end([0, 0], max_hands=1)
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (0, 2) and s.outcome.reason == "Nobody reached 10000 in 1 round."


def test_the_target_is_an_option() -> None:
    s = game_end([0, 0], target=1000)
    assert s.is_over and s.outcome is not None and s.outcome.reason == "A team reached 1000."


def test_the_hand_ends_when_the_piles_cannot_supply_a_draw_of_two() -> None:
    s = demeritt({}, piles={0: "7C 9H 4H"}, avoid="94", reserve=f"{READY} 9C 9D 4C 4D 6D 3H 3S 3D AS")
    put_books(s, 0, NAT_K, NAT_5, UNNAT_Q)
    in_foot(s, 0, "9C 9D 4C 4D 6D")
    in_foot(s, 2, "3H 3S")
    in_foot(s, 1, "3D")
    in_foot(s, 3, "AS")
    play(s, "draw 1", "draw 1", "meld 9C 9D 9H")
    # one card is left in all the piles: East cannot draw two, so the hand ends when his turn begins
    kept = s.stocks[2][-1]  # the piles' other cards under the discard pile
    set_position(s, zones={"stock/1": "", "stock/2": "", "stock/3": [kept], "stock/4": "",
                           "discards": ["...", *s.discards]})
    s.play("discard 6D")
    r = row(s)
    assert r.note == "the stock ran out" and s.deal_no == 2
    # North–South: canastas 500 + 500 + 300 = 1,300; melded K 70 + 5s 35 + Q 110 + 9s 30 = 245; no going
    # out; held North's 4 4 4 (15) and South's red and black three (300 + 100): 1,300 + 245 - 415 = 1,130
    # East–West: a red three 300 and an ace 20: -320
    assert r.points == [1130, -320]
    assert r.details == ["canastas +1300, cards melded +245, cards left -415", "cards left -320"]


# ---- asking partner: optional, and binding ------------------------------------------------------

def test_asking_is_optional_and_offered_only_before_melding() -> None:
    s = ask_position()
    assert "ask" in texts(s)
    # he may go out without asking
    play(s, "meld 9C 9D 9H")
    refused(s, "ask", "Ask right after drawing, before you meld")
    play(s, "meld 4C 4D 4H", "discard 6D")
    assert row(s).note == "North went out"


def test_answer_no_binds_north_may_not_go_out_this_turn() -> None:
    s = ask_position()
    s.play("ask")
    assert s.phase() == "answer" and s.to_act == frozenset({2}) and texts(s, 2) == ["answer yes", "answer no"]
    refused(s, "meld 9C 9D 9H", "not your turn", seat=0)
    s.play("answer no", 2)
    assert s.phase() == "play" and s.turn == 0 and s.view(1).get("asked") == "no"
    refused(s, "ask", "asked already")
    s.play("meld 9C 9D 9H")
    refused(s, "meld 4C 4D 4H", "your partner said no, so you may not go out this turn")
    s.play("discard 6D")
    assert s.turn == 1 and not s.sheet.rows


def test_answer_yes_binds_north_must_go_out() -> None:
    s = ask_position()
    play(s, "ask")
    s.play("answer yes", 2)
    refused(s, "discard 6D", "Your partner said yes: you must go out this turn")
    play(s, "meld 9C 9D 9H", "meld 4C 4D 4H", "discard 6D")
    assert row(s).note == "North went out"


def test_asking_is_only_for_a_player_who_could_go_out() -> None:
    # without the unnatural the team cannot go out: no asking
    s = ask_position(books=(NAT_K, NAT_5))
    assert "ask" not in texts(s)
    refused(s, "ask", "only ask when you could go out this turn")
    # still in his hand: no asking either
    s = demeritt({}, piles={0: "7C 9H 4H"}, reserve=READY)
    put_books(s, 0, NAT_K, NAT_5, UNNAT_Q)
    play(s, "draw 1", "draw 1")
    refused(s, "ask", "only ask when you are playing from your foot")

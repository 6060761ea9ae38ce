"""Hand and Foot presets (``hand-and-foot``, presets ``demeritt`` and ``ultimate``): stacked-deck
scenarios for every rule the two presets change, the worked cases of ``shared/rules/other-seeds.md``
§6.3 (DeMeritt, seed 003) and §8.6 (Ultimate, seed 004 variation 6) with their numbers, and the
options those presets introduce, also mixed into other rule sets.

**DeMeritt** deals from own decks: a stacked deck is the concatenation of each player's 54-card
deck; player p's first 13 cards are the packet he keeps ("dealt"), the next 13 go to his left
neighbour (the packet that neighbour "received"), the rest is his own stock pile (the next card
on top) and the deck's last card is his cut. :func:`own_decks` writes that from what each seat
keeps and receives, the tops of the piles (the starter's first card is turned up) and the cuts,
filling the rest with inert cards. Seats 0 and 2 are North–South (team 0), 1 and 3 East–West.

**Ultimate** deals from one shoe of five decks and ten jokers (dealer seat 0, seat 1 first):
:func:`ultimate` fills the 13-card hands and feet a test does not spell out with inert cards.

Positions deep in a hand (books laid on earlier turns, a player already in his foot) are set up
on a real game object by moving cards out of the stock (:func:`from_stock`; the builders' ``reserve``
keeps those cards in the stock), so every card of the deck stays accounted for; the moves under
test are then played for real. The score parts are read from the score sheet's row details.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

import gamenight
from gamenight.core.errors import OptionError
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, book_of, team_canastas
from gamenight.families.canasta_turn import is_wild
from gamenight.games.hand_and_foot import HandAndFoot
from tests.helpers import codes, hand_and_foot_deck, play, refused, texts, zones

#: inert filler: naturals four to ace (no threes, no wild cards), at most two of a rank in a
#: packet, so no packet holds a book by accident
INERT = [r + s for r in "456789TJQKA" for s in "CDHS"]


def _pool(decks: int) -> Counter[str]:
    return Counter(C.CODE_OF[c] for c in C.standard_deck(decks=decks, jokers=2 * decks))


def _take(left: Counter[str], text: str) -> list[str]:
    got = text.split()
    for code in got:
        left[code] -= 1
        assert left[code] >= 0, f"the deck holds too few {code}"
    return got


def _fill(left: Counter[str], got: list[str], size: int, avoid: str = "", start: int = 0) -> list[str]:
    """``got`` padded to ``size`` with inert cards, never ranks in ``avoid`` unless the deck runs
    short of the others; packet ``start`` starts at its own rank so the packets share them out."""
    got = list(got)
    per = Counter(c[0] for c in got)
    order = INERT[4 * (3 * start % 11):] + INERT[:4 * (3 * start % 11)]
    for skip in (avoid, ""):
        for code in order * 4:
            if len(got) < size and left[code] > 0 and per[code[0]] < 2 and code[0] not in skip:
                got.append(code)
                left[code] -= 1
                per[code[0]] += 1
    assert len(got) == size, f"cannot fill {got}"
    return got


def own_decks(kept: Mapping[int, str], received: Mapping[int, str] | None = None,
              piles: Mapping[int, str] | None = None, cuts: Mapping[int, str] | None = None,
              *, players: int = 4, avoid: str = "", reserve: str = "") -> list[str]:
    """A stacked DeMeritt deck: ``kept[p]`` is the packet p deals himself, ``received[p]`` the one
    his right-hand neighbour passes him, ``piles[p]`` the top of p's stock pile (top first; the
    starter's first card is turned up), ``cuts[p]`` p's cut (his deck's last card). By default
    North cuts the ace of spades and everybody else a six, so North starts.
    ``reserve`` lies at the bottoms of the piles, for :func:`from_stock`."""
    received = received or {}
    piles = piles or {}
    cuts = cuts or {0: "AS", 1: "6S", 2: "6H", 3: "6D", 4: "6C", 5: "6S"}
    left = _pool(players)
    explicit = {p: (_take(left, kept.get(p, "")), _take(left, received.get(p, "")),
                    _take(left, piles.get(p, "")), _take(left, cuts[p])) for p in range(players)}
    reserved = _take(left, reserve)
    packets = {p: (_fill(left, explicit[p][0], 13, avoid, 2 * p),
                   _fill(left, explicit[p][1], 13, avoid, 2 * p + 1)) for p in range(players)}
    # the rest of the deck fills the piles, wild cards and threes sinking to the last players' piles
    rest = sorted(left.elements(), key=lambda code: (code in INERT, code))
    deck: list[str] = []
    for p in range(players):
        top, cut = explicit[p][2], explicit[p][3]
        bottom, reserved = reserved[:20], reserved[20:]
        under = 54 - 26 - len(top) - len(cut) - len(bottom)
        # p's deck: his kept packet, the packet he passes left, his pile from the top, his cut
        deck += packets[p][0] + packets[(p + 1) % players][1] + top + rest[-under:] + bottom + cut
        del rest[-under:]
    assert not rest and not reserved and len(deck) == 54 * players
    return deck


def demeritt(kept: Mapping[int, str], received: Mapping[int, str] | None = None,
             piles: Mapping[int, str] | None = None, cuts: Mapping[int, str] | None = None, *,
             choose: str | None = "dealt", players: int = 4, avoid: str = "", reserve: str = "",
             seed: int = 1, **options: Any) -> HandAndFoot:
    """A DeMeritt game on a stacked deck; with ``choose`` every seat chooses that packet."""
    deck = own_decks(kept, received, piles, cuts, players=players, avoid=avoid, reserve=reserve)
    s = gamenight.new("hand-and-foot", preset="demeritt", players=players, seed=seed, deck=deck,
                      options=options)
    assert isinstance(s, HandAndFoot)
    if choose is not None:
        for p in range(players):
            s.play(f"choose {choose}", p)
    return s


def ultimate(hands: Mapping[int, str] | None = None, feet: Mapping[int, str] | None = None,
             up: str = "9S", rest: str = "", *, avoid: str = "", reserve: str = "", seed: int = 1,
             preset: str | None = "ultimate", hand_size: int = 13, **options: Any) -> HandAndFoot:
    """An Ultimate game (or, with ``preset=None`` and 15-card hands, the family book's) on a
    stacked five-deck shoe; ``rest`` lies on top of the stock (the next draws), and the cards in
    ``reserve`` are kept out of the hands and feet (they lie in the stock, shuffled)."""
    hands = hands or {}
    feet = feet or {}
    left = _pool(5)
    _take(left, reserve)
    given_h = {p: _take(left, hands.get(p, "")) for p in range(4)}
    given_f = {p: _take(left, feet.get(p, "")) for p in range(4)}
    _take(left, up)
    _take(left, rest)
    hand_packets = [" ".join(_fill(left, given_h[p], hand_size, avoid, p)) for p in range(4)]
    foot_packets = [" ".join(_fill(left, given_f[p], 13, avoid, p + 4)) for p in range(4)]
    deck = hand_and_foot_deck(hand_packets, foot_packets, up, rest)
    s = gamenight.new("hand-and-foot", preset=preset, players=4, seed=seed, deck=deck, options=options)
    assert isinstance(s, HandAndFoot)
    return s


# ---- looking at and changing positions -------------------------------------------------------

def from_stock(s: HandAndFoot, text: str) -> list[int]:
    """Take these cards from the bottoms of the stock piles (the stacked tops stay put)."""
    out = []
    for code in text.split():
        c = C.card(code)
        pile = next(p for p in s.stocks if c in p[:-4])  # never one of the next few draws
        pile.remove(c)
        out.append(c)
    return out


def to_stock(s: HandAndFoot, cards: list[int]) -> None:
    """Put cards back under the last stock pile."""
    s.stocks[-1][:0] = cards


def put_books(s: HandAndFoot, team: int, *books: str) -> None:
    """The team laid these books on earlier turns (and so met its minimum)."""
    rules = s.turn_rules.books
    for text in books:
        cards = from_stock(s, text)
        naturals = {C.RANK_OF[c] for c in cards if not is_wild(c)}
        rank = naturals.pop() if naturals else WILD
        wilds = sum(1 for c in cards if is_wild(c))
        assert rules.valid(rank, len(cards) - wilds, wilds), text
        s.books[team].append(book_of(rank, cards, wilds, rules))
    s.opened[team] = True
    s._legal_cache = {}


def in_foot(s: HandAndFoot, seat: int, hand: str, *, played: bool = True) -> None:
    """``seat`` played his hand on earlier turns and now holds these cards of his foot."""
    to_stock(s, s.hands[seat] + s.feet[seat])
    s.hands[seat] = from_stock(s, hand)
    s.feet[seat] = []
    s.in_foot[seat] = True
    s.played_foot[seat] = played
    s._legal_cache = {}


def holding(s: HandAndFoot, seat: int, hand: str) -> None:
    """``seat`` (still in his hand) holds these cards; his foot is untouched."""
    to_stock(s, s.hands[seat])
    s.hands[seat] = from_stock(s, hand)
    s._legal_cache = {}


def row(s: HandAndFoot, i: int = 0) -> Any:
    return s.sheet.rows[i]


#: DeMeritt books that let a team go out: two naturals (kings, fives) and an unnatural (queens)
NAT_K = "KC KC KD KD KH KH KS"
NAT_5 = "5C 5C 5D 5D 5H 5H 5S"
UNNAT_Q = "QC QC QD QD QH QH JK"
READY = f"{NAT_K} {NAT_5} {UNNAT_Q}"


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
    assert (o.ask_partner, o.rounds, o.target, o.max_hands) == ("optional", 0, 10000, 40)
    assert (o.pile_limit, o.wild_top, o.stock_out) == (0, False, "end")
    # card values (D3's table): joker 50, ace and two 20, K-8 10, 7-4 5
    values = [s.values[C.card(x)] for x in ("JK", "AS", "2H", "KD", "8C", "7S", "4H")]
    assert values == [50, 20, 20, 10, 10, 5, 5]
    assert s.turn_rules.need.describe() == "2 clean, 1 dirty canastas"
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
    s.stocks[3].clear()
    s._legal_cache = {}
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
    assert s.books[0][0].describe(s.turn_rules.books) == "dirty canasta of kings (9 cards)"
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
    assert "Hand 2: East deals. First meld: North–South 90, East–West 50." in [e.text for e in s.events]


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
    assert r.details == ["going out +200, canastas +1300, melded +330, held -625", "held -910"]
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
    assert row(s).details == ["going out +200, canastas +1300, melded +215, held -325",
                              "canastas +500, melded +110, held -485"]


def test_case_5_a_side_without_an_unnatural_may_not_go_out() -> None:
    # two naturals and no unnatural: the one foot card may not be discarded
    s = case_3_position(team0=(NAT_K, NAT_5))
    assert texts(s) == []
    refused(s, "discard 9C", "may not discard your last card: to go out your team needs 2 clean, 1 dirty")


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


def test_max_hands_ends_the_match_without_a_side_at_the_target() -> None:
    s = game_end([0, 0], max_hands=1)
    assert s.is_over and s.outcome is not None
    assert s.outcome.winners == (0, 2) and s.outcome.reason == "Nobody reached 10000 in 1 hands."


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
    kept = s.stocks[2][-1]
    for pile in s.stocks:
        pile.clear()
    s.stocks[2].append(kept)
    s.play("discard 6D")
    r = row(s)
    assert r.note == "the stock ran out" and s.deal_no == 2
    # North–South: canastas 500 + 500 + 300 = 1,300; melded K 70 + 5s 35 + Q 110 + 9s 30 = 245; no going
    # out; held North's 4 4 4 (15) and South's red and black three (300 + 100): 1,300 + 245 - 415 = 1,130
    # East–West: a red three 300 and an ace 20: -320
    assert r.points == [1130, -320]
    assert r.details == ["canastas +1300, melded +245, held -415", "held -320"]


# ---- asking partner: optional, and binding ------------------------------------------------------

def ask_position(*, books: tuple[str, ...] = (NAT_K, NAT_5, UNNAT_Q), **options: Any) -> HandAndFoot:
    """North in his foot with 9 9 4 4 6, drawing 9H 4H: he can go out (9 9 9, 4 4 4, discard 6)."""
    s = demeritt({}, piles={0: "7C 9H 4H"}, avoid="94", reserve=f"{READY} 9C 9D 4C 4D 6D", **options)
    put_books(s, 0, *books)
    in_foot(s, 0, "9C 9D 4C 4D 6D")
    play(s, "draw 1", "draw 1")
    return s


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


# =============================================================================================
# Ultimate (seed 004 variation 6; other-seeds.md §8.6)
# =============================================================================================

def test_ultimate_preset_options_and_deal() -> None:
    s = ultimate({1: "KC KD KH"}, rest="4C 5C", avoid="9")
    o = s.options
    assert (o.extra_decks, o.hand_size, o.foot_size, o.opening, o.rounds) == (1, 13, 13, "50-90-120-150", 4)
    assert (o.clean_bonus, o.dirty_bonus, o.wild_bonus) == (700, 300, 1500)
    assert (o.out_bonus, o.red_three_bonus) == (100, 100)
    assert (o.need_clean, o.need_dirty, o.need_wild, o.all_in_foot) == (2, 2, 1, True)
    assert (o.max_wilds, o.pile_limit, o.wild_top, o.ask_partner) == (2, 7, True, "required")
    assert (o.black_threes, o.stock_out, o.deuce_value) == ("group_out", "play_on", 20)
    # five decks and ten jokers: 270 cards; two 13-card packets each; 270 - 104 - 1 = 165 in the stock
    template = s.deck_template()
    assert len(template) == 270 and template.count(C.JOKER) == 10
    assert [len(h) for h in s.hands] == [13] * 4 and [len(f) for f in s.feet] == [13] * 4
    assert len(s.stocks) == 1 and len(s.stocks[0]) == 165 and len(s.discards) == 1
    assert (s.turn, texts(s)) == (1, ["draw"])
    assert zones(s) == Counter(template)
    # standard canasta values: joker 50, ace and two 20, K-8 10, 7-4 and a black three 5
    values = [s.values[C.card(x)] for x in ("JK", "AS", "2H", "KD", "8C", "7S", "4H", "3C")]
    assert values == [50, 20, 20, 10, 10, 5, 5, 5]
    with pytest.raises(OptionError, match="for 4 players"):
        gamenight.new("hand-and-foot", preset="ultimate", players=6, seed=1)


@pytest.mark.parametrize(("deal", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_ultimate_minimum_by_hand(deal: int, minimum: int) -> None:
    s = ultimate()
    s.deal_no = deal
    assert s.minimum(0) == s.minimum(1) == minimum


def pass_turn(s: HandAndFoot) -> None:
    """The player to move draws two from the stock and discards the second card drawn."""
    seat = s.turn
    s.play("draw")
    s.play(Move("discard", C.CARD(s.hands[seat][-1])))


def test_8_6_test_2_a_twelve_card_pile_gives_up_its_top_seven() -> None:
    # eleven turns each keep the first card drawn and discard the second: the pile is the upcard 9S
    # and those eleven, 8C on top
    kept = ["4H", "4S", "4D", "5H", "5S", "6H", "6S", "7H", "7S", "JH", "JS"]
    discarded = ["5C", "5D", "6C", "6D", "7C", "7D", "QC", "QD", "QH", "TC", "8C"]
    drawn = " ".join(f"{k} {d}" for k, d in zip(kept, discarded, strict=True))
    s = ultimate({0: "8D 8S KC KD KH"}, rest=drawn + " 4S 5S", avoid="8KQ")
    for _ in range(11):
        pass_turn(s)
    assert s.turn == 0 and len(s.discards) == 12
    assert codes(s.discards) == codes(C.cards("9S 5C 5D 6C 6D 7C 7D QC QD QH TC 8C"))
    # 8 8 8 (30) + K K K (30) = 60 reaches 50
    s.play("pickup 8D 8S")
    # the top seven: 8C to the book with 8D 8S, six to the hand; five stay in the pile
    assert codes(s.discards) == codes(C.cards("9S 5C 5D 6C 6D"))
    assert codes(list(s.books[0][0].cards)) == ["8C", "8D", "8S"]
    # 13 dealt + two cards kept from his two earlier turns - the pair + six from the pile
    assert len(s.hands[0]) == 13 + 2 - 2 + 6
    assert sorted(s.view(1)["known_cards"][0]) == codes(C.cards("7C 7D QC QD QH TC"))
    assert "North takes the pile: 8♣ and 6 more cards, laying 8♣ with 8♦ 8♠." in s.view(1)["events"]
    # the six from the pile wait until the minimum is met with the top card and the hand
    refused(s, "meld QC QD QH", "Cards taken from the pile may not be melded")
    s.play("meld KC KD KH")
    assert s.opened[0]
    s.play("meld QC QD QH")
    assert zones(s) == Counter(s.deck_template())


def test_8_6_test_3_a_three_on_top_blocks_and_a_wild_top_needs_two_wild_cards() -> None:
    # East discards 3♠: South's pair of black threes cannot take it
    s = ultimate({1: "3S", 2: "3C 3C 2C KC KD KH"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard 3S")
    refused(s, "pickup 3C 3C", "A three on top")
    assert texts(s) == ["draw"]
    # a joker on top, South holding one wild card: rejected
    s = ultimate({1: "JK", 2: "2C KC KD KH 4C"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard JK")
    assert texts(s) == ["draw"]
    refused(s, "pickup 2C", "two wild cards")


def test_8_6_test_3_a_wild_top_is_taken_with_two_wild_cards_into_a_wild_book() -> None:
    # the joker and South's two twos form a wild book (50 + 20 + 20 = 90 >= 50)
    s = ultimate({1: "JK", 2: "2C 2D KC KD KH 4C"}, rest="4S 5S 4D 5D", avoid="K")
    play(s, "draw", "discard JK")
    assert "pickup 2C 2D" in texts(s)
    s.play("pickup 2C 2D")
    book = s.books[0][0]
    assert book.rank == WILD and codes(list(book.cards)) == ["2C", "2D", "JK"] and s.opened[0]


def test_8_6_test_4_a_dirty_book_holds_at_most_two_wild_cards_and_every_book_closes_at_seven() -> None:
    s = ultimate({1: "QC QD QH QS QC QD 2C 2D JK"}, rest="4S 5S", avoid="Q")
    play(s, "draw", "meld QC QC 2C", "add 1 2D")     # Q Q 2 2: as many naturals as wild cards
    refused(s, "add 1 JK", "at most 2 wild cards")    # Q Q 2 2 Joker
    play(s, "add QD")
    refused(s, "add 1 JK", "at most 2 wild cards")    # Q Q Q 2 2 Joker: §8.6 test 4
    play(s, "add QD")
    refused(s, "add 1 JK", "at most 2 wild cards")    # 4 naturals + 3 wilds: the ratio allows, the cap not
    s.play("add QH")                                  # 5 + 2 = 7: a dirty canasta, closed
    book = s.books[1][0]
    assert book.size == 7 and book.wilds == 2 and book.closed
    refused(s, "add 1 QS", "Book 1 is closed")


#: South's hand for §8.6 test 5: T T, K K K, Q Q Q, 4 4 4 4 and a nine
TEST_5_HAND = "TD TH KC KD KH QC QD QH 4C 4D 4H 4S 9C"


def test_8_6_test_5_before_the_minimum_only_the_pile_top_counts() -> None:
    # deal 3: the minimum is 120; the pile is the turned-up A♣ under East's discard 10♣
    s = ultimate({1: "TC", 2: TEST_5_HAND}, up="AC", rest="5S 6S 5D 6D", avoid="TKQ4A")
    s.deal_no = 3
    assert s.minimum(0) == 120
    play(s, "draw", "discard TC")
    # top 10 + T T 20 + K K K 30 + Q Q Q 30 + 4 4 4 4 20 = 110 (the 9 cannot be laid): rejected,
    # though the ace below would make it 130
    assert not any(m.startswith("pickup") for m in texts(s))
    refused(s, "pickup TD TH", "cannot reach your team's first-meld minimum of 120")


def test_8_6_test_5_a_third_ten_reaches_the_minimum() -> None:
    # the same with a ten for the nine: 10 + 20 + 10 + 80 = 120, accepted
    hand = TEST_5_HAND
    s = ultimate({1: "TC", 2: hand.replace("9C", "TS")}, up="AC", rest="5S 6S 5D 6D", avoid="TKQ4A")
    s.deal_no = 3
    play(s, "draw", "discard TC")
    assert "pickup TD TH" in texts(s) and "pickup TD TH TS" in texts(s)


#: cards the Ultimate going-out positions take from the stock
ULT_RESERVE = ("KC KC KD KD KH KH KS 5C 5C 5D 5D 5H 5H 5S QC QD QH QS JK JK 9C 9C 9D 9D 9H 9H 2C "
               "JK JK JK 2C 2D 2H 3H 3D 3H 3H 3D QS AH 7C 3C 3C 3C 3S 3S 8D KC 4D 9S 4C 4S 4S")


def going_out_position(*, partner_played: bool = True, rest: str = "2S 8C 4S 5S", east: str = "QS",
                       **options: Any) -> HandAndFoot:
    """§8.6 test 1's table for East–West; East in his foot holds Q♠ and draws 2♠ 8♣ (he can go out
    adding the queen and the two and discarding the eight); West, in his foot, holds A♥ 7♣."""
    s = ultimate(rest=rest, avoid="Q", reserve=ULT_RESERVE, **options)
    put_books(s, 1,
              "KC KC KD KD KH KH KS",          # 1 clean: 7 kings (70)
              "5C 5C 5D 5D 5H 5H 5S",          # 2 clean: 7 fives (35)
              "QC QD QH QS JK JK",             # 3 dirty: 4 queens + 2 jokers, the 5th queen to come
              "9C 9C 9D 9D 9H 9H 2C",          # 4 dirty: 6 nines + a two (60 + 20 = 80)
              "JK JK JK 2C 2D 2H")             # 5 wild: 3 jokers + 3 twos, the 4th two to come
    s.red3[1].extend(from_stock(s, "3H 3D 3H"))
    in_foot(s, 1, east)
    in_foot(s, 3, "AH 7C", played=partner_played)
    s.play("draw")
    assert zones(s) == Counter(s.deck_template())
    return s


def test_8_6_test_1_the_going_out_side_scores_4440() -> None:
    s = going_out_position()
    assert "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S")
    assert team_canastas(s.books[1], s.turn_rules.books) == (2, 2, 1)
    s.play("discard 8C")
    # clean 70 + 35, dirty 5 Q + 2 JK (50 + 100 = 150) and 6 nines + a two (80), wild 3 JK + four 2s
    # (150 + 80 = 230): 565; bonuses 2 x 700 + 2 x 300 + 1,500 = 3,500; out 100; 3 red threes 300;
    # partner A + 7 = 25: 565 + 3,900 - 25 = 4,440
    assert row(s).points[1] == 4440 and row(s).note == "East went out"
    assert row(s).details[1] == "going out +100, canastas +3500, red threes +300, melded +565, held -25"


def test_red_threes_count_against_a_team_that_never_met_its_minimum() -> None:
    s = going_out_position()
    s.red3[0].extend(from_stock(s, "3H 3D"))
    in_foot(s, 0, "KC 4D")
    in_foot(s, 2, "9S")
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "discard 8C")
    # North–South never opened: two red threes -200; held K 10 + 4 5 + 9 10 = 25: -225
    assert row(s).points == [-225, 4440]
    assert row(s).details[0] == "red threes -200, held -25"


def test_8_6_test_6_every_partner_must_have_played_from_his_foot() -> None:
    # West has reached his foot but not played from it: East may not even ask
    s = going_out_position(partner_played=False)
    assert "ask" not in texts(s)
    refused(s, "ask", "only ask when you could go out")
    # the same table with asking off: the going out itself is refused, naming the rule
    s = going_out_position(partner_played=False, ask_partner="off")
    s.play("add 3 QS")
    refused(s, "add 5 2S", "every player of your team must have played from his foot")
    assert "discard 8C" in texts(s)
    # once West has played from his foot, East goes out
    s = going_out_position(ask_partner="off")
    play(s, "add 3 QS", "add 5 2S", "discard 8C")
    assert row(s).note == "East went out"


def test_going_out_needs_two_clean_two_dirty_and_a_wild_canasta() -> None:
    # East holds 4♦ instead of Q♠ and his team has an open book of fours: the queens stay a
    # 6-card book, one dirty canasta short (asking off, so only the requirement stands in the way)
    s = going_out_position(ask_partner="off", east="4D")
    put_books(s, 1, "4C 4S 4S")
    play(s, "add 6 4D")
    refused(s, "add 5 2S", "You must keep a card you can discard without going out: to go out your team "
                           "needs 2 clean, 2 dirty, 1 wild canastas")
    assert team_canastas(s.books[1], s.turn_rules.books) == (2, 1, 0)
    s.play("discard 8C")
    assert s.turn == 2 and not s.sheet.rows


def test_asking_is_required_and_the_answer_binds() -> None:
    # not asked: going out is refused
    s = going_out_position()
    s.play("add 3 QS")
    refused(s, "add 5 2S", "you must ask your partner")
    # no: not this turn
    s = going_out_position()
    s.play("ask")
    assert s.to_act == frozenset({3}) and texts(s, 3) == ["answer yes", "answer no"]
    s.play("answer no", 3)
    s.play("add 3 QS")
    refused(s, "add 5 2S", "your partner said no")
    s.play("discard 8C")
    assert s.turn == 2 and not s.sheet.rows
    # yes: he must go out; a discard that does not go out is refused
    s = going_out_position()
    s.play("ask")
    s.play("answer yes", 3)
    refused(s, "discard 8C", "you must go out this turn")
    refused(s, "discard QS", "you must go out this turn")


def test_after_a_no_he_waits_a_turn_and_asks_again() -> None:
    # East's draws: 2S 8C now, 4D 8D next turn; South, West and North draw 5-6 of clubs, diamonds, hearts
    s = going_out_position(rest="2S 8C 5C 6C 5D 6D 5H 6H 4D 8D")
    put_books(s, 1, "4C 4S 4S")                      # 6: an open book of fours
    s.play("ask")
    s.play("answer no", 3)
    s.play("discard 8C")                             # he keeps Q♠ 2♠
    for _ in range(3):
        pass_turn(s)
    assert s.turn == 1
    s.play("draw")
    assert codes(s.hands[1]) == ["2S", "4D", "8D", "QS"] and "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "add 6 4D", "discard 8D")
    assert row(s).note == "East went out"


def test_black_threes_go_down_as_a_group_only_when_going_out() -> None:
    s = going_out_position()
    s.hands[1].extend(from_stock(s, "3C 3S 3S"))
    s._legal_cache = {}
    # East holds Q♠ 2♠ 8♣ 3♣ 3♠ 3♠: the group is not his last cards yet
    refused(s, "meld 3C 3S 3S", "Black threes go down only as the last cards of a player going out")
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "meld 3C 3S 3S", "discard 8C")
    assert row(s).note == "East went out"
    # the threes are a book on the table at 5 each, no canasta: melded 565 + 15 = 580
    assert row(s).points[1] == 4440 + 15 and "melded +580" in row(s).details[1]


def test_a_group_of_four_black_threes_goes_out() -> None:
    s = going_out_position()
    s.hands[1].extend(from_stock(s, "3C 3C 3S 3S"))
    s._legal_cache = {}
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S", "meld 3C 3C 3S 3S", "discard 8C")
    assert row(s).note == "East went out" and row(s).points[1] == 4440 + 20


def test_two_black_threes_never_go_down() -> None:
    s = going_out_position()
    s.hands[1].extend(from_stock(s, "3C 3S"))
    s._legal_cache = {}
    # Q♠ 2♠ 8♣ 3♣ 3♠: the queen and the two go down, but three cards cannot leave with one discard
    assert "ask" not in texts(s)
    refused(s, "meld 3C 3S 8C", "Threes can never be melded")


def test_five_black_threes_are_a_group_of_four_and_a_discard() -> None:
    s = going_out_position()
    s.hands[1].extend(from_stock(s, "3C 3C 3C 3S 3S"))
    to_stock(s, [s.hands[1].pop(s.hands[1].index(C.card("8C")))])
    s._legal_cache = {}
    # Q♠ 2♠ and five black threes: the queen, the two, four threes, and the fifth discarded
    assert "ask" in texts(s)
    s.play("ask")
    s.play("answer yes", 3)
    play(s, "add 3 QS", "add 5 2S")
    group = [m for m in s.legal_moves() if m.verb == "meld"]
    assert [len(m.cards) for m in group] == [4]
    s.play(group[0])
    s.play(Move("discard", C.CARD(s.hands[1][0])))
    assert row(s).note == "East went out"


# ---- the exhausted stock: play on while the pile must and can be taken --------------------------

def dry_stock(**options: Any) -> HandAndFoot:
    """East draws, the stock then holds a single card (the rest is set aside), and East discards
    9C; South holds 9D 9H K K K 4C."""
    s = ultimate({1: "9C", 2: "9D 9H KC KD KH 4C"}, rest="4S 5S", avoid="9K4", **options)
    s.play("draw")
    del s.stocks[0][:-1]
    s.play("discard 9C")
    return s


def test_an_exhausted_stock_lets_play_go_on_while_the_pile_must_and_can_be_taken() -> None:
    s = dry_stock()
    # South cannot draw (one card is not a draw of two) and must take the pile
    assert s.turn == 2 and s.phase() == "draw" and texts(s) == ["pickup 9D 9H"]
    refused(s, "draw", "The stock is empty")
    s.play("pickup 9D 9H")
    s.play("meld KC KD KH")                             # 9 9 9 + K K K = 60: opened
    s.play("discard 4C")
    # West holds no four: he cannot take the pile, the hand is over and nobody went out
    assert s.deal_no == 2
    r = row(s)
    assert r.note == "the stock ran out"
    assert not any("going out" in d for d in r.details)
    assert "The stock is exhausted: the hand is over." in [e.text for e in s.events]


def test_with_stock_out_end_the_hand_ends_even_when_the_pile_could_be_taken() -> None:
    s = dry_stock(stock_out="end")
    assert s.deal_no == 2 and row(s).note == "the stock ran out"


# ---- four hands --------------------------------------------------------------------------------

def end_hand(s: HandAndFoot) -> None:
    """The player to move draws, the stock and the pile are emptied, and he discards."""
    seat = s.turn
    s.play("draw")
    s.stocks[0].clear()
    s.discards.clear()
    s.play(Move("discard", C.CARD(s.hands[seat][0])))


def test_four_hands_with_rising_minimums_and_the_deal_moving_left() -> None:
    s = ultimate(stock_out="end")
    deals = []
    for hand in range(1, 5):
        assert s.deal_no == hand and s.turn == (s.dealer + 1) % 4
        deals.append((s.dealer, s.minimum(0)))
        end_hand(s)
    assert deals == [(0, 50), (1, 90), (2, 120), (3, 150)]
    assert s.is_over and len(s.sheet.rows) == 4
    assert s.outcome is not None and s.outcome.reason == "After 4 hands."
    assert "Hand 3: South deals. First meld: North–South 120, East–West 120." in [e.text for e in s.events]


# =============================================================================================
# The options these presets introduce, mixed into other rule sets
# =============================================================================================

def test_option_checks() -> None:
    with pytest.raises(OptionError, match="extra_decks"):
        gamenight.new("hand-and-foot", seed=1, options={"deal": "own_decks"})
    with pytest.raises(OptionError, match="wild canasta cannot be required"):
        gamenight.new("hand-and-foot", seed=1, options={"wild_books": False})
    # DeMeritt's deal with the family book's books is a legal mix
    s = gamenight.new("hand-and-foot", seed=1, options={"deal": "own_decks", "extra_decks": 0})
    assert isinstance(s, HandAndFoot) and s.phase() == "choose" and len(s.stocks) == 4
    assert [len(h) for h in s.hands] == [15] * 4 and [len(p) for p in s.stocks] == [26] * 4


def test_pile_limit_mixed_into_the_family_books_rules() -> None:
    # the family book's game (15-card hands, minimum 90) with a pile take of three: East, South and
    # West each discard the second card drawn, so the pile is 9S 4C 5C 8C; North takes the top three
    s = ultimate({0: "8D 8H KC KD KH AC AD AH"}, rest="6D 4C 6H 5C 6S 8C 7D 7H", avoid="8KA",
                 preset=None, hand_size=15, pile_limit=3)
    assert s.minimum(0) == 90 and s.options.deuce_value == 25
    for _ in range(3):
        pass_turn(s)
    # 8 8 8 (30) + K K K (30) + A A A (60) = 120 >= 90
    s.play("pickup 8D 8H")
    assert codes(s.discards) == ["9S"] and codes(list(s.books[0][0].cards)) == ["8C", "8D", "8H"]
    assert codes(s.knowledge.public("hand/0")) == ["4C", "5C"]


def test_wild_top_mixed_into_the_family_books_rules() -> None:
    # the family book's game with the Ultimate's wild top: East discards a joker, South takes it
    # with two twos into a wild book (50 + 25 + 25 = 100 >= 90)
    s = ultimate({1: "JK", 2: "2C 2D"}, rest="6D 6H", preset=None, hand_size=15, wild_top=True)
    play(s, "draw", "discard JK")
    assert "pickup 2C 2D" in texts(s)
    s.play("pickup 2C 2D")
    assert s.books[0][0].rank == WILD and s.opened[0]
    # without the option a wild top freezes the pile
    s = ultimate({1: "JK", 2: "2C 2D"}, rest="6D 6H", preset=None, hand_size=15)
    play(s, "draw", "discard JK")
    refused(s, "pickup 2C 2D", "freezes it")


def test_ask_partner_required_mixed_into_demeritt() -> None:
    s = ask_position(ask_partner="required")
    s.play("meld 9C 9D 9H")
    refused(s, "meld 4C 4D 4H", "you must ask your partner")


def test_ratio_more_and_dirty_books_growing_on_the_family_books_rules() -> None:
    s = gamenight.new("hand-and-foot", seed=3, options={"ratio": "more", "dirty_closes": False})
    assert isinstance(s, HandAndFoot)
    rules = s.turn_rules.books
    assert rules.valid(C.KING, 4, 3) and not rules.valid(C.KING, 3, 3) and rules.valid(C.KING, 5, 4)
    assert not rules.closes(C.KING, 4, 3) and rules.closes(C.KING, 7, 0)
    s = gamenight.new("hand-and-foot", seed=3, options={"max_wilds": 2})
    assert isinstance(s, HandAndFoot)
    assert s.turn_rules.books.valid(C.KING, 2, 2) and not s.turn_rules.books.valid(C.KING, 4, 3)

"""Hand and Foot preset scenarios, shared by the DeMeritt and the Ultimate tests.

**DeMeritt** deals from own decks: a stacked deck is the concatenation of each player's 54-card
deck; player p's first 13 cards are the packet he keeps ("dealt"), the next 13 go to his left
neighbour (the packet that neighbour "received"), the rest is his own stock pile (the next card
on top) and the deck's last card is his cut. :func:`own_decks` writes that from what each seat
keeps and receives, the tops of the piles (the starter's first card is turned up) and the cuts,
filling the rest with inert cards. Seats 0 and 2 are North–South (team 0), 1 and 3 East–West.

**Ultimate** deals from one shoe of five decks and ten jokers (dealer seat 0, seat 1 first):
:func:`ultimate` fills the 13-card hands and feet a test does not spell out with inert cards.

Positions deep in a hand (books laid on earlier turns, a player already in his foot) are set up
on a real game object by describing them to :func:`gamenight.core.position.set_position`, which
takes their cards from the stock's bottom (the builders' ``reserve`` keeps them there), so every
card of the deck stays accounted for; the moves under test are then played for real. The score
parts are read from the score sheet's row details.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, book_of
from gamenight.families.canasta_turn import is_wild
from gamenight.games.hand_and_foot import HandAndFoot
from tests.helpers import hand_and_foot_deck, play, set_position

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
    ``reserve`` lies at the bottoms of the piles, for the positions set later in a hand."""
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

def put_books(s: HandAndFoot, team: int, *books: str) -> None:
    """The team laid these books on earlier turns (and so met its minimum): their cards come from
    the stock's bottom (the stacked next draws stay)."""
    rules = s.turn_rules.books
    laid = [list(b) for b in s.books]
    for text in books:
        cards = C.cards(text)
        naturals = {C.RANK_OF[c] for c in cards if not is_wild(c)}
        rank = naturals.pop() if naturals else WILD
        wilds = sum(1 for c in cards if is_wild(c))
        assert rules.valid(rank, len(cards) - wilds, wilds), text
        laid[team].append(book_of(rank, cards, wilds, rules))
    opened = [o or t == team for t, o in enumerate(s.opened)]
    set_position(s, extra={"books": laid, "opened": opened}, bottom_first=True)


def in_foot(s: HandAndFoot, seat: int, hand: str, *, played: bool = True) -> None:
    """``seat`` played his hand on earlier turns and now holds these cards of his foot (his hand
    and foot go under the stock)."""
    flags = {"in_foot": [x == seat or f for x, f in enumerate(s.in_foot)],
             "played_foot": [played if x == seat else f for x, f in enumerate(s.played_foot)]}
    set_position(s, zones={f"hand/{seat}": hand, f"foot/{seat}": ""}, extra=flags, bottom_first=True)


def more(s: HandAndFoot, key: str, codes: str) -> None:
    """Zone ``key`` (``hand/1``, ``red3/0``) holds these cards besides its own, from the stock's bottom."""
    set_position(s, zones={key: [*s.card_zones()[key], *codes.split()]}, bottom_first=True)


def holding(s: HandAndFoot, seat: int, hand: str) -> None:
    """``seat`` (still in his hand) holds these cards; his foot is untouched."""
    set_position(s, zones={f"hand/{seat}": hand}, bottom_first=True)


def row(s: HandAndFoot, i: int = 0) -> Any:
    return s.sheet.rows[i]


#: DeMeritt books that let a team go out: two naturals (kings, fives) and an unnatural (queens)
NAT_K = "KC KC KD KD KH KH KS"
NAT_5 = "5C 5C 5D 5D 5H 5H 5S"
UNNAT_Q = "QC QC QD QD QH QH JK"
READY = f"{NAT_K} {NAT_5} {UNNAT_Q}"


def ask_position(*, books: tuple[str, ...] = (NAT_K, NAT_5, UNNAT_Q), **options: Any) -> HandAndFoot:
    """North in his foot with 9 9 4 4 6, drawing 9H 4H: he can go out (9 9 9, 4 4 4, discard 6)."""
    s = demeritt({}, piles={0: "7C 9H 4H"}, avoid="94", reserve=f"{READY} 9C 9D 4C 4D 6D", **options)
    put_books(s, 0, *books)
    in_foot(s, 0, "9C 9D 4C 4D 6D")
    play(s, "draw 1", "draw 1")
    return s

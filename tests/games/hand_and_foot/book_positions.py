"""The stacked-shoe positions the family-book tests of Hand and Foot build on (``test_family_book.py``
and ``test_family_book_out.py``): a deal with every hand and foot filled by inert cards, books put
down, a player already in his foot, the turn passed. See ``test_family_book.py`` for the seating."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import gamenight
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, BookRules, book_of
from gamenight.games.hand_and_foot import HandAndFoot
from tests.helpers import hand_and_foot_deck, set_position

FILL_ORDER = [r + s for r in "456789TJQKA" for s in "CDHS"]
GOLDEN = Path(__file__).parents[2] / "golden" / "hand_and_foot_match.json"

#: the book's card values, written out independently of the engine: joker 50, two 25, ace 20,
#: K-8 10, 7-4 5, black three 5 (a red three left in hand or foot costs 100, G-HF-7)
VALUE = {"2": 25, "A": 20, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 10, "8": 10,
         "7": 5, "6": 5, "5": 5, "4": 5}


def value(code: str, *, held: bool = False) -> int:
    if code == "JK":
        return 50
    if code[0] == "3":
        return 100 if held and code[1] in "DH" else 5
    return VALUE[code[0]]


def hf(players: int = 4, hands: dict[int, str] | None = None, feet: dict[int, str] | None = None,
       up: str = "9S", rest: str = "", *, avoid: str = "", seed: int = 1, **options: Any) -> HandAndFoot:
    """A game on a stacked shoe: ``hands``/``feet`` give some cards of a seat's packet, the rest is
    filled with inert cards (ranks in ``avoid`` never used as filler)."""
    hands = hands or {}
    feet = feet or {}
    decks = players + 1
    left = Counter(C.CODE_OF[c] for c in C.standard_deck(decks=decks, jokers=2 * decks))
    for text in [*hands.values(), *feet.values(), up, rest]:
        for code in text.split():
            left[code] -= 1
            assert left[code] >= 0, f"the shoe holds too few {code}"

    def fill(text: str, size: int) -> str:
        got = text.split()
        per = Counter(c[0] for c in got)
        # first without the ranks to avoid, then (a packet with few other ranks left) with them
        for skip in (avoid, ""):
            for code in FILL_ORDER * 2:
                if len(got) < size and left[code] > 0 and per[code[0]] < 2 and code[0] not in skip:
                    got.append(code)
                    left[code] -= 1
                    per[code[0]] += 1
        assert len(got) == size, f"cannot fill {text!r}"
        return " ".join(got)

    hand_packets = [fill(hands.get(s, ""), 15) for s in range(players)]
    foot_packets = [fill(feet.get(s, ""), 13) for s in range(players)]
    deck = hand_and_foot_deck(hand_packets, foot_packets, up, rest)
    s = gamenight.new("hand-and-foot", players=players, seed=seed, deck=deck, options=options)
    assert isinstance(s, HandAndFoot)
    return s


def holds(cards: list[int], text: str) -> bool:
    """Whether ``cards`` include all of these (with repeats)."""
    return not Counter(C.cards(text)) - Counter(cards)


def make_book(cards: list[int], rules: BookRules) -> Book:
    naturals = {C.RANK_OF[c] for c in cards if C.RANK_OF[c] not in (C.TWO, 13)}
    rank = naturals.pop() if naturals else WILD
    return book_of(rank, cards, sum(1 for c in cards if C.RANK_OF[c] in (C.TWO, 13)), rules)


def side_opened(s: HandAndFoot, team: int) -> HandAndFoot:
    """The side met its minimum earlier in the hand."""
    return set_position(s, extra={"opened": [o or t == team for t, o in enumerate(s.opened)]})


def put_books(s: HandAndFoot, team: int, *books: str) -> None:
    """The team has laid these books earlier (and so met its minimum): their cards come from the
    bottom of the stock (the stacked draws on top stay put)."""
    laid = [list(b) for b in s.books]
    laid[team].extend(make_book(C.cards(text), s.turn_rules.books) for text in books)
    set_position(side_opened(s, team), extra={"books": laid}, bottom_first=True)


def in_foot(s: HandAndFoot, seat: int, hand: str) -> None:
    """``seat`` has played his hand earlier and now holds these cards of his foot (his hand and
    foot go under the stock)."""
    set_position(s, zones={f"hand/{seat}": hand, f"foot/{seat}": ""}, bottom_first=True,
                 extra={"in_foot": [x == seat or f for x, f in enumerate(s.in_foot)]})


def pass_turn(s: HandAndFoot) -> None:
    """The player to move draws two and discards the second card drawn."""
    seat = s.turn
    s.play("draw")
    s.play(Move("discard", C.CARD(s.hands[seat][-1])))


#: three canastas of every kind for team 1 (East–West): clean kings, dirty aces, wild
RED_K = "KC KD KH KS KC KD KH"
BLACK_A = "AC AD AH AS 2C 2D JK"
WILD_7 = "JK JK JK JK 2C 2D 2H"

"""Playing cards as small ints, and the decks the rule books call for.

A card is an ``int``: ``suit * 13 + rank`` for the 52 suited cards, with ranks
``0..12`` standing for ``2 3 4 5 6 7 8 9 T J Q K A`` and suits ``0..3`` for
clubs, diamonds, hearts and spades (bridge order). The joker is ``52``.
Several decks shuffled together hold the same ints more than once: identical
cards are interchangeable, so moves name a card and never a copy of it.

Every table here is computed once at import so that hot paths index lists
instead of calling functions.

The Rook deck (:func:`rook_deck`, 57 cards) follows the joker: four colours red, green,
yellow and black, each numbered 1 to 14, are ``53 + colour * 14 + number - 1`` (53..108), and
the Rook bird is ``109`` (:data:`ROOK_BIRD`). The colours take the suit slots ``0..3`` in that
order, so the trick kernel's follow-suit and power tables work unchanged; their ``RANK_OF`` is
the Kentucky order, the 1 highest (``2..14`` are ``0..12``, the 1 is ``13``), and
:data:`ROOK_NUMBER_OF` keeps the printed number. Their codes are the number then the colour's
letter (``14R``, ``1G``, ``5Y``, ``10B``) and the bird is ``RB``: none can be read as a card of
the 52-card deck, whose suit letters are ``C D H S``.

Move notation: :data:`CARD` (a card code, ``QS``; ``10H`` reads as ``TH``; the joker is
``JK``; Rook cards as above), :data:`SUIT` (one letter ``C D H S``; a suit's name or symbol
also reads) and :data:`COLOUR` (a Rook colour as ``R G Y B`` or its name, in a suit's slot)
are the kinds of move argument cards bring; :data:`CARD_ARG` holds the argument of every card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache

from gamenight.core.errors import DeckError
from gamenight.core.moves import Move, on_age
from gamenight.core.notation import NUMBER, WORD, Arg, Kind

Card = int

RANKS = "23456789TJQKA"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "jack", "queen", "king", "ace",
)  # fmt: skip
#: the plural of each rank, for sentences ("a book of sixes")
RANK_PLURALS = (
    "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
    "jacks", "queens", "kings", "aces",
)  # fmt: skip

CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
JOKER: Card = 52
NO_SUIT = 4  # the joker's suit

#: rank index of each card (jokers: 13)
RANK_OF: list[int] = [c % 13 for c in range(52)] + [13]
#: printed suit of each card (jokers: NO_SUIT)
SUIT_OF: list[int] = [c // 13 for c in range(52)] + [NO_SUIT]
#: two-character code of each card
CODE_OF: list[str] = [RANKS[c % 13] + SUITS[c // 13] for c in range(52)] + ["JK"]
#: human label of each card, with the suit symbol
LABEL_OF: list[str] = [
    ("10" if c % 13 == TEN else RANKS[c % 13]) + SUIT_SYMBOLS[c // 13] for c in range(52)
] + ["Joker"]
#: "the queen of spades" and so on, for sentences
NAME_OF: list[str] = [
    f"the {RANK_NAMES[c % 13]} of {SUIT_NAMES[c // 13]}" for c in range(52)
] + ["a joker"]
#: colour of each suit: 0 black, 1 red
SUIT_COLOUR = (0, 1, 1, 0)
#: the other suit of the same colour (the left bower's suit in Euchre)
SAME_COLOUR_SUIT = (SPADES, HEARTS, DIAMONDS, CLUBS)

# ---- the Rook deck: four colours numbered 1..14 and the Rook bird, after the joker ----------

ROOK_COLOURS = "RGYB"
ROOK_COLOUR_NAMES = ("red", "green", "yellow", "black")
RED, GREEN, YELLOW, BLACK = range(4)
ROOK_FIRST: Card = 53
ROOK_BIRD: Card = ROOK_FIRST + 4 * 14
#: how many card ints there are: every table here has this many entries
CARD_COUNT = ROOK_BIRD + 1


def rook_card(number: int, colour: int) -> Card:
    """The Rook card numbered ``number`` (1..14) of ``colour`` (0..3: red, green, yellow, black)."""
    return ROOK_FIRST + colour * 14 + number - 1


def _rook_number(c: Card) -> int:
    return (c - ROOK_FIRST) % 14 + 1


_ROOK = range(ROOK_FIRST, ROOK_BIRD)
#: printed number of each Rook card (1..14; 0 for every other card, the bird included)
ROOK_NUMBER_OF: list[int] = [0] * ROOK_FIRST + [_rook_number(c) for c in _ROOK] + [0]
#: is this card of the Rook deck (a coloured card or the bird)?
IS_ROOK_DECK: list[bool] = [False] * ROOK_FIRST + [True] * (CARD_COUNT - ROOK_FIRST)
# the Kentucky order: the 1 ranks above the 14, which ranks like an ace's king
RANK_OF += [13 if _rook_number(c) == 1 else _rook_number(c) - 2 for c in _ROOK] + [13]
SUIT_OF += [(c - ROOK_FIRST) // 14 for c in _ROOK] + [NO_SUIT]
CODE_OF += [f"{_rook_number(c)}{ROOK_COLOURS[(c - ROOK_FIRST) // 14]}" for c in _ROOK] + ["RB"]
LABEL_OF += [CODE_OF[c] for c in _ROOK] + ["Rook"]
NAME_OF += [f"the {ROOK_COLOUR_NAMES[SUIT_OF[c]]} {_rook_number(c)}" for c in _ROOK] + ["the Rook"]

_PARSE: dict[str, Card] = {}
for _c, _code in enumerate(CODE_OF):
    _PARSE[_code] = _c
    _PARSE[_code.lower()] = _c
    if _c < JOKER and RANK_OF[_c] == TEN:
        _PARSE["10" + _code[1]] = _c
        _PARSE["10" + _code[1].lower()] = _c
_PARSE["jk"] = JOKER
_PARSE["JOKER"] = JOKER
_PARSE["joker"] = JOKER

_COLOUR_PARSE: dict[str, int] = {}
for _s, _letter in enumerate(ROOK_COLOURS):
    _COLOUR_PARSE[_letter] = _s
    _COLOUR_PARSE[_letter.lower()] = _s
    _COLOUR_PARSE[ROOK_COLOUR_NAMES[_s]] = _s

_SUIT_PARSE: dict[str, int] = {}
for _s, _letter in enumerate(SUITS):
    _SUIT_PARSE[_letter] = _s
    _SUIT_PARSE[_letter.lower()] = _s
    _SUIT_PARSE[SUIT_NAMES[_s]] = _s
    _SUIT_PARSE[SUIT_SYMBOLS[_s]] = _s


def _read_card(word: str) -> Card | None:
    return _PARSE.get(word)


def _read_suit(word: str) -> int | None:
    """One character (``H``, ``h``, ``♥``), or a whole word such as ``hearts``, in any case."""
    if len(word) == 1:
        return _SUIT_PARSE.get(word)
    return _SUIT_PARSE.get(word.lower()) if word.isalpha() else None


def _read_colour(word: str) -> int | None:
    """One letter (``R``, ``g``) or a colour's name in any case (``yellow``)."""
    return _COLOUR_PARSE.get(word if len(word) == 1 else word.lower())


#: a card in a move: its code (``QS``, ``TH``, ``JK``); pieces slot
CARD = Kind("card", "pieces", CODE_OF.__getitem__, _read_card, priority=10, words=LABEL_OF.__getitem__)
#: a suit in a move: its letter (``H``); suit slot
SUIT = Kind("suit", "suit", SUITS.__getitem__, _read_suit, priority=20, words=SUIT_NAMES.__getitem__)
#: a Rook colour in a move: its letter (``R``); suit slot, so ``move.suit`` is the colour's slot
#: (unlisted: sentences about unreadable words keep naming the kinds every card game reads)
COLOUR = Kind("colour", "suit", ROOK_COLOURS.__getitem__, _read_colour, priority=21, listed=False,
              words=ROOK_COLOUR_NAMES.__getitem__)
#: the move argument of every card (``CARD_ARG[c] is CARD(c)``)
CARD_ARG: list[Arg] = [CARD(c) for c in range(CARD_COUNT)]
#: the move argument of every suit
SUIT_ARG: list[Arg] = [SUIT(s) for s in range(4)]
#: the move argument of every Rook colour
COLOUR_ARG: list[Arg] = [COLOUR(s) for s in range(4)]


def card_args(cs: Iterable[Card]) -> tuple[Arg, ...]:
    """The move arguments naming these cards, in order: ``Move("meld", *card_args(cs))``."""
    return tuple(map(CARD_ARG.__getitem__, cs))


_CARD_MOVES: dict[tuple[object, ...], Move] = {}
#: the memo above is emptied when it reaches this size, and whenever the move table's working set
#: ages (a memo only: the moves it held are built again, or found in the move table, when next asked
#: for), so it holds no move longer than the move table would
CARD_MOVES_MAX = 1 << 12
on_age(_CARD_MOVES.clear)


def card_move(
    verb: str, cs: tuple[Card, ...] = (), number: int | None = None, suit: int | None = None,
    flag: str | None = None,
) -> Move:
    """The interned move ``verb [suit] [number] [cards...] [flag]``, in the order card games'
    texts have always had (``meld H 5 JK JK 2C run``, ``layoff 1 QS low``, ``add 2 7H``).

    Memoised on the plain values, so legal-move lists built on the fly (melds, lay-offs,
    pickups) cost one dict look-up per move, as before moves had typed arguments."""
    key = (verb, cs, number, suit, flag)
    move = _CARD_MOVES.get(key)
    if move is None:
        args: list[Arg] = []
        if suit is not None:
            args.append(SUIT_ARG[suit])
        if number is not None:
            args.append(NUMBER(number))
        args.extend(map(CARD_ARG.__getitem__, cs))
        if flag is not None:
            args.append(WORD(flag))
        if len(_CARD_MOVES) >= CARD_MOVES_MAX:
            _CARD_MOVES.clear()
        move = _CARD_MOVES[key] = Move(verb, *args)
    return move


def card(code: str) -> Card:
    """The card for a code such as ``"QS"``, ``"10h"`` or ``"JK"``; ``ValueError`` if none."""
    try:
        return _PARSE[code.strip()]
    except KeyError:
        raise ValueError(f"{code!r} is not a card (write rank then suit, like QS or 10H)") from None


def is_card_code(text: str) -> bool:
    return text in _PARSE


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes, given as a list or one space-separated string."""
    if isinstance(codes, str):
        codes = codes.split()
    return [card(c) for c in codes]


def suit(text: str) -> int:
    """The suit for ``"H"``, ``"hearts"`` or ``"♥"``; ``ValueError`` if none."""
    try:
        return _SUIT_PARSE[text.strip()]
    except KeyError:
        raise ValueError(f"{text!r} is not a suit (C, D, H or S)") from None


def is_suit_code(text: str) -> bool:
    return text in _SUIT_PARSE


def code(c: Card) -> str:
    return CODE_OF[c]


def codes(cs: Iterable[Card]) -> list[str]:
    return [CODE_OF[c] for c in cs]


def make_card(rank: int, suit_: int) -> Card:
    return suit_ * 13 + rank


_ONE_DECK: tuple[Card, ...] = tuple(range(52))


def standard_deck(*, decks: int = 1, jokers: int = 0, ranks: Sequence[int] | None = None) -> list[Card]:
    """``decks`` 52-card decks (optionally only ``ranks``), plus ``jokers`` jokers in all.

    Filtered decks serve games that "remove all but Ace to 9" (Euchre) and the like.
    """
    # built for every deal: the suits' ranks are read once per set of ranks, then copied
    one = _ONE_DECK if ranks is None else _ranked_deck(tuple(ranks))
    return [*one] * decks + [JOKER] * jokers


@cache
def _ranked_deck(ranks: tuple[int, ...]) -> tuple[Card, ...]:
    """One 52-card deck's cards of these ranks, suit by suit."""
    return tuple(s * 13 + r for s in range(4) for r in ranks)


EUCHRE_RANKS = (NINE, TEN, JACK, QUEEN, KING, ACE)


def euchre_deck() -> list[Card]:
    """The 24-card Euchre deck: nine to ace in each suit."""
    return standard_deck(ranks=EUCHRE_RANKS)


def rook_deck() -> list[Card]:
    """The 57-card Rook deck: red, green, yellow and black numbered 1 to 14, and the Rook bird."""
    return [*_ROOK, ROOK_BIRD]


def shuffled(deck: Sequence[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy of ``deck``: exactly ``rng.shuffle``'s order (so a seed deals what it always
    dealt), without its two Python calls a card (every deal of every card game shuffles)."""
    out = list(deck)
    if type(rng) is not random.Random:  # another generator draws its own way
        rng.shuffle(out)
        return out
    bits = rng.getrandbits
    for i, k in _swaps(len(out)):
        # random.Random._randbelow_with_getrandbits(i + 1), inlined: rejection sampling on k bits
        j = bits(k)
        while j > i:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out


@cache
def _swaps(size: int) -> tuple[tuple[int, int], ...]:
    """The positions ``random.shuffle`` fills, last first, with the bits each draw takes."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def deck_problem(deck: Sequence[Card], top: Sequence[str]) -> str:
    """Why the cards named in ``top`` cannot lie on top of ``deck`` (a code that is no card, a
    card the deck does not hold, or holds fewer times), or ``""`` when they can."""
    left = Counter(deck)
    for text in top:
        c = _PARSE.get(text.strip()) if isinstance(text, str) else None
        if c is None:
            shown = repr(text) if len(repr(text)) <= 20 else repr(text)[:17] + "..."
            return (f"{shown} in the stacked deck is not a card: write rank then suit, like QS or 10H "
                    "(the joker is JK).")
        if not left[c]:
            held = Counter(deck)[c]
            times = "it has none" if not held else "once" if held == 1 else f"{held} times"
            return f"The stacked deck names {CODE_OF[c]} more often than this game's deck holds it ({times})."
        left[c] -= 1
    return ""


def stack_deck(deck: Sequence[Card], top: Sequence[str], rng: random.Random) -> list[Card]:
    """The deck with the cards named in ``top`` on top in that order, the rest shuffled below.

    Raises :class:`~gamenight.core.errors.DeckError` (a ``ValueError``) if ``top`` names a card
    the deck does not hold (or more copies of it than the deck has), so a mistyped stacked deal
    fails loudly.
    """
    why = deck_problem(deck, top)
    if why:
        raise DeckError(why)
    remaining = list(deck)
    head: list[Card] = []
    for text in top:
        c = card(text)
        remaining.remove(c)
        head.append(c)
    rng.shuffle(remaining)
    return head + remaining


def sort_hand(
    hand: Iterable[Card], suit_order: Sequence[int] = (SPADES, HEARTS, CLUBS, DIAMONDS)
) -> list[Card]:
    """A hand sorted for display: by suit (alternating colours), then rank high to low."""
    pos = {s: i for i, s in enumerate(suit_order)}
    pos[NO_SUIT] = len(suit_order)
    return sorted(hand, key=lambda c: (pos[SUIT_OF[c]], -RANK_OF[c]))


#: the piece codec card zones print with (``core.zones.PieceCodec``): the card kind itself
CARD_TEXT = CARD

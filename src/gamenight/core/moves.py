"""Moves: the atomic steps a person takes at the table, with a text notation that round-trips.

A move is a verb and its arguments: ``play QS``, ``bid 3``, ``call H alone``, ``pass``.
``str(move)`` prints it and :func:`parse_move` reads it back to an equal move, so a
game log is a list of strings and a terminal player types exactly what they read.
Games intern their moves (one object per distinct move), so building legal-move lists
allocates nothing and membership tests hit the identity fast path.
"""

from __future__ import annotations

from typing import ClassVar

from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C


class Move:
    """One atomic step: a verb plus optional suit, number, cards and a trailing word.

    Moves are interned: ``Move(...)`` with the same fields returns the same object, so
    equality and hashing are identity (C speed in legal-move membership tests). Only
    :func:`parse_move` makes throwaway moves, for text naming a move no game ever built;
    such a move cannot be legal, and is only used to explain why.
    """

    __slots__ = ("_text", "cards", "flag", "number", "suit", "verb")
    _interned: ClassVar[dict[tuple[object, ...], Move]] = {}

    _text: str
    verb: str
    cards: tuple[int, ...]
    number: int | None
    suit: int | None
    flag: str | None

    def __new__(
        cls,
        verb: str,
        cards: tuple[int, ...] = (),
        number: int | None = None,
        suit: int | None = None,
        flag: str | None = None,
    ) -> Move:
        key = (verb, cards, number, suit, flag)
        move = cls._interned.get(key)
        if move is None:
            move = cls._interned[key] = cls._make(verb, cards, number, suit, flag)
        return move

    @classmethod
    def _make(
        cls, verb: str, cards: tuple[int, ...], number: int | None, suit: int | None, flag: str | None
    ) -> Move:
        move = object.__new__(cls)
        move.verb = verb
        move.cards = tuple(cards)
        move.number = number
        move.suit = suit
        move.flag = flag
        parts = [verb]
        if suit is not None:
            parts.append(C.SUITS[suit])
        if number is not None:
            parts.append(str(number))
        parts.extend(C.CODE_OF[c] for c in cards)
        if flag is not None:
            parts.append(flag)
        move._text = " ".join(parts)
        return move

    @classmethod
    def existing(
        cls, verb: str, cards: tuple[int, ...], number: int | None, suit: int | None, flag: str | None
    ) -> Move:
        """The interned move with these fields, or a throwaway one that no game has built."""
        move = cls._interned.get((verb, cards, number, suit, flag))
        return move if move is not None else cls._make(verb, cards, number, suit, flag)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Move, (self.verb, self.cards, self.number, self.suit, self.flag))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: object) -> Move:
        return self

    def to_json(self) -> str:
        return self._text

    @property
    def card(self) -> int:
        """The move's single card (for ``play`` and ``discard`` moves)."""
        return self.cards[0]


def parse_move(text: str) -> Move:
    """Read a move from its text. Words are: the verb, then any of a suit letter, a number,
    card codes, and one trailing word (such as ``alone``). Raises :class:`IllegalMove`."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("Type a move, for example 'play QS' or 'pass'.")
    verb = words[0].lower()
    if not verb.isalpha():
        raise IllegalMove(f"{text.strip()!r} is not a move: a move starts with a word such as 'play'.")
    found: list[int] = []
    number: int | None = None
    suit: int | None = None
    flag: str | None = None
    for word in words[1:]:
        if len(word) == 1 and C.is_suit_code(word):
            if suit is not None:
                raise IllegalMove(f"{text.strip()!r} names two suits.")
            suit = C.suit(word)
        elif word.lstrip("-").isdigit():
            if number is not None:
                raise IllegalMove(f"{text.strip()!r} names two numbers.")
            number = int(word)
        elif C.is_card_code(word):
            found.append(C.card(word))
        elif word.isalpha() and flag is None and C.is_suit_code(word.lower()):
            suit = C.suit(word.lower())
        elif word.isalpha() and flag is None:
            flag = word.lower()
        else:
            raise IllegalMove(f"{word!r} in {text.strip()!r} is not a card, suit, number or word I know.")
    return Move.existing(verb, tuple(found), number, suit, flag)

"""Moves: the atomic steps a person takes at the table, with a text notation that round-trips.

A move is a verb and its arguments: ``play QS``, ``bid 3``, ``call H alone``, ``pass``.
``str(move)`` prints it and :func:`parse_move` reads it back to an equal move, so a
game log is a list of strings and a terminal player types exactly what they read.
Games intern their moves (one object per distinct move), so building legal-move lists
allocates nothing and membership tests hit the identity fast path.
"""

from __future__ import annotations

from dataclasses import dataclass

from gamenight.core.errors import IllegalMove
from gamenight.equipment import cards as C


@dataclass(frozen=True, slots=True)
class Move:
    """One atomic step: a verb plus optional suit, number, cards and a trailing word."""

    verb: str
    cards: tuple[int, ...] = ()
    number: int | None = None
    suit: int | None = None
    flag: str | None = None

    def __str__(self) -> str:
        parts = [self.verb]
        if self.suit is not None:
            parts.append(C.SUITS[self.suit])
        if self.number is not None:
            parts.append(str(self.number))
        parts.extend(C.CODE_OF[c] for c in self.cards)
        if self.flag is not None:
            parts.append(self.flag)
        return " ".join(parts)

    def to_json(self) -> str:
        return str(self)

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
    return Move(verb, tuple(found), number, suit, flag)

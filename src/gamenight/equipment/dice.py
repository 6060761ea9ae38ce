"""Dice as data: a die is its faces; a roll is a list of face values.

Rolls take the game's own ``random.Random`` (never the global one), so a seeded game
rolls the same dice every time.

Move notation: :data:`FACE` is a die's face in a move, printed as its number, so
``Move("keep", FACE(1), FACE(5), FACE(5))`` reads ``keep 1 5 5``; faces fill a move's
``numbers``. Typed back in, the digits read as plain numbers, and
:func:`~gamenight.core.moves.parse_move` returns the move the game built with that text.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from gamenight.core.notation import Kind, read_digits


@dataclass(frozen=True)
class Die:
    """A die: the values on its faces, each equally likely."""

    name: str
    faces: tuple[int, ...]

    @property
    def sides(self) -> int:
        return len(self.faces)


#: the common six-sided die
D6 = Die("d6", (1, 2, 3, 4, 5, 6))
#: the faces of a six-sided die
FACES = D6.faces


def roll(rng: random.Random, n: int, die: Die = D6) -> list[int]:
    """``n`` dice rolled with ``rng``, in the order they landed."""
    faces = die.faces
    return [faces[rng.randrange(len(faces))] for _ in range(n)]


def counts(dice: Iterable[int], die: Die = D6) -> list[int]:
    """How many dice show each value: ``counts([1, 5, 5])[5] == 2`` (index by face value)."""
    out = [0] * (max(die.faces) + 1)
    for d in dice:
        out[d] += 1
    return out


def _read_face(word: str) -> int | None:
    return read_digits(word) if word[:1] != "0" else None


#: a die's face in a move, printed as its number; numbers slot
FACE = Kind("face", "numbers", str, _read_face, priority=32, listed=False)


# ---- rolling through a game's own RNG, with stacked dice for tests --------------------------


def read_stack(codes: Iterable[str], die: Die = D6) -> list[int] | str:
    """The faces a stacked ``deck=`` lays down for dice, in the order they will be rolled: each
    code is one or more faces written as digits (``"11153"`` or ``"1"``; spaces ignored). A
    sentence saying what is wrong instead, for a code that names no face of ``die``."""
    faces: list[int] = []
    for code in codes:
        for ch in str(code).replace(" ", ""):
            if not ch.isdigit() or int(ch) not in die.faces:
                return f"{code!r} is not a list of die faces (digits {die.faces[0]} to {die.faces[-1]})."
            faces.append(int(ch))
    return faces


def roll_stacked(rng: random.Random, n: int, stack: list[int], pos: int,
                 die: Die = D6) -> tuple[list[int], int]:
    """``n`` dice: the stacked faces from ``stack[pos:]`` first (a test's stacked rolls), then
    rolls of ``rng``; returns the faces and the new position in the stack. The stack is never
    changed, so a state's clone may share it."""
    take = stack[pos:pos + n]
    rest = n - len(take)
    return (take + roll(rng, rest, die) if rest else list(take)), pos + len(take)


def multisets(n: int, die: Die = D6) -> list[tuple[tuple[int, ...], int]]:
    """Every roll of ``n`` dice as a sorted tuple of faces, with the number of ordered rolls that
    give it (its weight out of ``sides ** n``): the sums an exact expectation over rolls runs on."""
    from itertools import combinations_with_replacement
    from math import factorial

    out = []
    for faces in combinations_with_replacement(die.faces, n):
        weight = factorial(n)
        for f in set(faces):
            weight //= factorial(faces.count(f))
        out.append((faces, weight))
    return out

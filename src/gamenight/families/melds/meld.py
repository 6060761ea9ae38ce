"""The words of the meld kernel: meld kinds, ace modes, wild ratios, run positions, the
small value tables, and :class:`Meld`, a validated meld as plain data (see the package
docstring of :mod:`gamenight.families.melds`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from gamenight.core import layout
from gamenight.core.moves import Move
from gamenight.equipment import cards as C

SET: Final = "set"
RUN: Final = "run"
KINDS: Final = (SET, RUN)

ACE_LOW: Final = "low"
ACE_HIGH: Final = "high"
ACE_EITHER: Final = "either"
ACE_AROUND: Final = "around"
ACE_MODES: Final = (ACE_LOW, ACE_HIGH, ACE_EITHER, ACE_AROUND)

ANY: Final = "any"
AT_MOST_NATURALS: Final = "at_most_naturals"
FEWER_THAN_NATURALS: Final = "fewer_than_naturals"
WILD_RATIOS: Final = (ANY, AT_MOST_NATURALS, FEWER_THAN_NATURALS)

#: longest run: thirteen ranks
LONGEST_RUN: Final = 13
#: "no limit" for wild counts and meld sizes inside the solver
_UNLIMITED: Final = 1 << 20
#: rank each run position stands for: 0 ace (low), 1..12 two..king, 13 ace (high), then on round
#: the corner (position p is rank POS_RANK[p]; any p in 0..38)
POS_RANK: Final[tuple[int, ...]] = tuple(C.ACE if p % 13 == 0 else p % 13 - 1 for p in range(39))
RANK_PLURAL: Final = C.RANK_PLURALS
RANK_SHORT: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
NUMBER_WORDS: Final = layout.NUMBER_WORDS

#: the usual rummy deadwood values: ace 1, two to nine their face, ten and courts 10, joker 0
#: (Standard Rummy, Gin Rummy, The Card Game — where a wild counts its face value)
RUMMY_VALUES: Final[tuple[int, ...]] = tuple(
    [1 if C.RANK_OF[c] == C.ACE else min(10, C.RANK_OF[c] + 2) for c in range(52)] + [0])


def values_by_rank(per_rank: Sequence[int], joker: int = 0) -> tuple[int, ...]:
    """A 53-entry value table from 13 values for the ranks two..ace (and the joker's)."""
    if len(per_rank) != 13:
        raise ValueError("give one value for each rank, two to ace")
    return (*tuple(per_rank[C.RANK_OF[c]] for c in range(52)), joker)


words = layout.number_word


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


def _plural(n: int, noun: str) -> str:
    return f"{words(n)} {noun}{'' if n == 1 else 's'}"


# ---- melds ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Meld:
    """A valid meld with one explicit reading.

    ``cards``: a set's naturals (sorted) then its wilds (sorted); a run's cards low to high.
    ``wild``: bit ``i`` is set when ``cards[i]`` is a wild card. ``rank``: a set's rank index
    (0..12, two..ace), -1 for a run. ``suit`` and ``start``: a run's suit and the position of
    its first card (0 = an ace below the two, 1..12 = two..king), -1 for a set.
    Build melds through :class:`MeldRules` (``check``, ``meld``, ``read``), not by hand.
    """

    kind: str
    cards: tuple[int, ...]
    wild: int
    rank: int = -1
    suit: int = -1
    start: int = -1

    @property
    def is_set(self) -> bool:
        return self.kind == SET

    @property
    def is_run(self) -> bool:
        return self.kind == RUN

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def wilds(self) -> int:
        return self.wild.bit_count()

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wild.bit_count()

    @property
    def all_wild(self) -> bool:
        return self.wild.bit_count() == len(self.cards)

    def is_wild_at(self, i: int) -> bool:
        return bool(self.wild >> i & 1)

    def wild_cards(self) -> list[int]:
        return [c for i, c in enumerate(self.cards) if self.wild >> i & 1]

    def natural_cards(self) -> list[int]:
        return [c for i, c in enumerate(self.cards) if not self.wild >> i & 1]

    @property
    def end(self) -> int:
        """A run's last position (``start + size - 1``; past 13 when it goes round the corner)."""
        return self.start + len(self.cards) - 1

    def rank_at(self, i: int) -> int:
        """The rank card ``i`` stands for."""
        return self.rank if self.kind == SET else POS_RANK[self.start + i]

    def stand_in(self, i: int) -> int | None:
        """The exact card that card ``i`` stands for: itself if natural; in a run, the card of
        its place; ``None`` for a wild in a set (a set's wild stands for a rank, not a suit)."""
        if not self.wild >> i & 1:
            return self.cards[i]
        if self.kind == SET:
            return None
        return self.suit * 13 + POS_RANK[self.start + i]

    def number(self) -> int:
        """The number an all-wild meld's move names: a set's rank 2..14, a run's first card 1..13."""
        return self.rank + 2 if self.kind == SET else self.start + 1

    def to_move(self, verb: str = "meld") -> Move:
        """The interned move laying this meld: ``meld 5H 6H JK run``; an all-wild meld also names
        its rank (``meld 7 JK JK 2C set``) or its suit and first card (``meld H 5 JK JK 2C run``)."""
        if self.all_wild:
            suit = self.suit if self.kind == RUN else None
            return C.card_move(verb, self.cards, self.number(), suit, self.kind)
        return C.card_move(verb, self.cards, None, None, self.kind)

    @property
    def text(self) -> str:
        """The move text without its verb, e.g. ``5H 6H JK run``."""
        head = ""
        if self.all_wild:
            head = f"{C.SUITS[self.suit]} {self.number()} " if self.kind == RUN else f"{self.number()} "
        return head + " ".join(C.CODE_OF[c] for c in self.cards) + " " + self.kind

    def __str__(self) -> str:
        return self.text

    def describe(self) -> str:
        """A phrase for events and views: ``run of hearts 5–7: 5♥ 6♥ Joker (as 7♥)``."""
        parts = []
        for i, c in enumerate(self.cards):
            label = C.LABEL_OF[c]
            if self.wild >> i & 1:
                stood = self.stand_in(i)
                label += f" (as {C.LABEL_OF[stood] if stood is not None else RANK_SHORT[self.rank]})"
            parts.append(label)
        if self.kind == SET:
            head = f"set of {RANK_PLURAL[self.rank]}"
        else:
            head = (f"run of {C.SUIT_NAMES[self.suit]} {RANK_SHORT[POS_RANK[self.start]]}–"
                    f"{RANK_SHORT[POS_RANK[self.end]]}")
        return f"{head}: {' '.join(parts)}"

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind, "cards": C.codes(self.cards), "text": self.text,
                                  "wild": [i for i in range(len(self.cards)) if self.wild >> i & 1]}
        if self.kind == SET:
            out["rank"] = RANK_SHORT[self.rank]
        else:
            out["suit"] = C.SUITS[self.suit]
            out["stands_for"] = [C.CODE_OF[self.suit * 13 + POS_RANK[self.start + i]]
                                 for i in range(len(self.cards))]
        return out


def lay_off_end(before: Meld, after: Meld) -> str | None:
    """Which end of a run a lay-off extended (``"low"`` or ``"high"``); ``None`` for a set.
    Use it as the trailing word of a lay-off move where :meth:`MeldRules.lay_offs` offers two."""
    if before.kind == SET:
        return None
    return "high" if after.cards[: len(before.cards)] == before.cards else "low"

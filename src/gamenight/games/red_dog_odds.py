"""Red Dog's exact odds: what a spread pays, what a unit raised is worth, what a round is worth to
a player raising well, and the house's edge, all as exact fractions from the counts of each value
left in the shoe (``shared/rules/other-seeds.md`` §2.2). The game (:mod:`gamenight.games.red_dog`)
shows them while raising, and its bot raises and bets by them (:mod:`gamenight.bots.games.red_dog`)."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache

from gamenight.equipment import cards as C

#: what a spread of 1, 2 or 3 pays; 4 or more pays 1 to 1
SPREAD_PAYS: dict[int, int] = {1: 5, 2: 4, 3: 2}
#: what three of a kind pays on a pair
PAIR_PAYS = 11


def spread_pays(spread: int) -> int:
    """The payout for a spread of 1 or more: 5, 4, 2, then 1 (to 1)."""
    return SPREAD_PAYS.get(spread, 1)


def value_of(card: int, ace_low: bool = False) -> int:
    """A card's value for the spread: 2..13, the ace 14 (or 1, ace low)."""
    rank = C.RANK_OF[card]
    if rank == C.ACE:
        return 1 if ace_low else 14
    return rank + 2


def spread_of(a: int, b: int) -> int:
    """The number of values strictly between two different values (0: consecutive)."""
    return abs(a - b) - 1


def shoe_counts(cards: Sequence[int], ace_low: bool = False) -> list[int]:
    """How many cards of each value (index 0..14) lie in ``cards``."""
    counts = [0] * 15
    for c in cards:
        counts[value_of(c, ace_low)] += 1
    return counts


def full_counts(decks: int, ace_low: bool = False) -> list[int]:
    """The value counts of a fresh shoe of ``decks`` decks (index 0..14)."""
    return [0] + [4 * decks] * 13 + [0] if ace_low else [0, 0] + [4 * decks] * 13


def raise_value(counts: Sequence[int], low: int, high: int) -> Fraction:
    """What a unit staked on the spread between values ``low`` < ``high`` is worth, the third card
    coming from a shoe of ``counts`` (the two up-cards already out of it): pays × P(between) −
    P(not between). Positive: raising pays (§2.2)."""
    left = sum(counts)
    between = sum(counts[low + 1:high])
    return Fraction(spread_pays(high - low - 1) * between - (left - between), left)


def round_value(counts: Sequence[int], max_raise_multiple: int = 1, *, raising: str = "best") -> Fraction:
    """The exact value to a player of one round, per unit of first bet, the two up-cards and the
    third card dealt from a shoe of ``counts`` (by value), the player raising by the whole
    ``max_raise_multiple`` when that pays (``raising="best"``), never (``"never"``) or always
    (``"always"``). Integer sums over the common denominator N(N−1)(N−2), so exact and quick."""
    n = sum(counts)
    values = [v for v in range(15) if counts[v]]
    prefix = [0] * 16
    for v in range(15):
        prefix[v + 1] = prefix[v] + counts[v]
    rest = n - 2
    total = 0  # numerator over n(n-1)(rest)
    for a in values:
        ca = counts[a]
        if ca >= 2:  # a pair: the third card of its rank pays 11 to 1, else a push
            total += ca * (ca - 1) * PAIR_PAYS * (ca - 2)
        for b in values:
            if b <= a + 1:
                continue
            between = prefix[b] - prefix[a + 1]
            unit = spread_pays(b - a - 1) * between - (rest - between)
            up = 1
            if raising == "always" or (raising == "best" and unit > 0):
                up += max_raise_multiple
            total += 2 * ca * counts[b] * up * unit  # either card may come first
    return Fraction(total, n * (n - 1) * rest)


@lru_cache(maxsize=4096)
def remembered_round_value(counts: tuple[int, ...], max_raise_multiple: int) -> Fraction:
    """:func:`round_value` remembered: a fresh shoe's comes back every round."""
    return round_value(counts, max_raise_multiple)


@lru_cache(maxsize=64)
def house_edge(decks: int = 6, max_raise_multiple: int = 1, *, raising: str = "best",
               ace_low: bool = False) -> Fraction:
    """The house's exact edge per unit of first bet on a fresh shoe of ``decks`` decks (§2.2:
    six decks, best raising: 17533/626665 = 2.7978%)."""
    return -round_value(full_counts(decks, ace_low), max_raise_multiple, raising=raising)


def percent(f: Fraction | float, places: int = 2) -> str:
    return f"{float(f) * 100:.{places}f}%"


def signed_units(f: Fraction) -> str:
    return f"{float(f):+.3f}"


__all__ = ["PAIR_PAYS", "SPREAD_PAYS", "full_counts", "house_edge", "percent", "raise_value",
           "remembered_round_value", "round_value", "shoe_counts", "signed_units", "spread_of", "spread_pays",
           "value_of"]

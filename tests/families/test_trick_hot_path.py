"""The fast paths under the trick games' deals (bench/trick_bench.py) do what the plain code did.

The listings' fast paths (``legal_plays``, a one-kind phase's list) are checked against the move
kinds by the conformance suite (tests/conformance/test_kinds.py); here the deal's own: the shuffle
must deal exactly what ``random.Random.shuffle`` dealt, or every seed would deal other hands and
no saved game would replay.
"""

from __future__ import annotations

import random

import pytest

from gamenight.equipment import cards as C


@pytest.mark.parametrize("size", [0, 1, 2, 3, 24, 32, 52, 53, 57, 108, 110])
def test_a_shuffle_deals_what_random_shuffle_dealt(size: int) -> None:
    deck = list(range(size))
    for seed in range(60):
        expected = list(deck)
        random.Random(seed).shuffle(expected)
        assert C.shuffled(deck, random.Random(seed)) == expected
    assert deck == list(range(size)), "the deck shuffled is a copy"


def test_a_shuffle_leaves_the_generator_where_random_shuffle_left_it() -> None:
    ours, theirs = random.Random(11), random.Random(11)
    C.shuffled(C.standard_deck(), ours)
    theirs.shuffle(C.standard_deck())
    assert ours.getstate() == theirs.getstate()


def test_another_generator_shuffles_its_own_way() -> None:
    class Reversing(random.Random):
        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            x.reverse()

    assert C.shuffled([1, 2, 3], Reversing(1)) == [3, 2, 1]


def test_the_decks_are_the_cards_they_always_were() -> None:
    one = [s * 13 + r for s in range(4) for r in range(13)]
    assert C.standard_deck() == one
    assert C.standard_deck(decks=2, jokers=2) == one * 2 + [C.JOKER] * 2
    assert C.euchre_deck() == [s * 13 + r for s in range(4) for r in C.EUCHRE_RANKS]
    sevens_up = range(C.SEVEN, 13)
    assert C.standard_deck(ranks=sevens_up) == [s * 13 + r for s in range(4) for r in sevens_up]
    a, b = C.standard_deck(), C.standard_deck()
    a.append(0)
    assert a is not b and len(b) == 52, "every deck is a fresh list"

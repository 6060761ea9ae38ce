"""A seeded fuzz of Hand and Foot's suit shorthand (issue 11, item 1): at every step of random
matches under each rule set, the legal moves are typed again naming other cards of the same ranks
(other suits, other orders), as a person may, since suits never matter in books.

Each typed move is either refused with :class:`IllegalMove` and the state untouched, or accepted
as a legal move: one listed move has the same verb, book number and card ranks, the cards named
were cards the move may use (below the minimum after a pickup, not the pile's), and afterwards
every seat's ``legal_moves`` and ``view`` still work. The matches go on from a typed move now and
then, so positions reached through the shorthand are fuzzed too. The moves are steered to where
the pile's cards wait: pickups below the minimum (:func:`choose`), naming the cards taken with
the pile (:func:`retyped`). Before the fix, the default tier's match failed within its first 40
steps under each of the three rule sets.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn.rules import CLASS
from gamenight.games.hand_and_foot import HandAndFoot

#: the family book's, DeMeritt's and the Ultimate Book's rules
PRESETS = (None, "demeritt", "ultimate")
#: steps fuzzed of one match per rule set in the default tier (the slow tier plays whole matches)
STEPS = 80
#: legal moves retyped at each step, and typings of each
BASES, TYPINGS = 3, 3
#: every card code of each class of interchangeable cards (a rank, the jokers, red/black threes)
BY_CLASS: dict[int, list[str]] = {}
for _card, _code in enumerate(C.CODE_OF[:C.JOKER + 1]):  # the 52 and the joker (not the Rook deck)
    BY_CLASS.setdefault(CLASS[_card], []).append(_code)


def retyped(move: Move, hand: list[int], from_pile: list[int], rng: random.Random) -> str:
    """``move`` with every card named as another card of its class, in a random order: mostly one
    the seat holds (first those everyone saw it take with the pile), sometimes any card."""
    words = str(move).split()
    at = [i for i, w in enumerate(words) if C.is_card_code(w)]
    named = []
    for i in at:
        cls = CLASS[C.card(words[i])]
        pile = [C.CODE_OF[c] for c in from_pile if CLASS[c] == cls]
        held = [C.CODE_OF[c] for c in hand if CLASS[c] == cls]
        roll = rng.random()
        named.append(rng.choice(pile if pile and roll < 0.5 else held if held and roll < 0.8
                                else BY_CLASS[cls]))
    rng.shuffle(named)
    for i, code in zip(at, named, strict=True):
        words[i] = code
    return " ".join(words)


def choose(s: HandAndFoot, seat: int, legal: list[Move], rng: random.Random) -> Move:
    """A random legal move, steered to where the pile's cards wait in a hand: the pile is taken
    whenever it may be, a team holds its books back until it takes the pile (so the pile grows
    and is taken below the minimum), and then lays them."""
    pickups = [m for m in legal if m.verb == "pickup"]
    books = [m for m in legal if m.verb in ("meld", "add")]
    if pickups and rng.random() < 0.9:
        return rng.choice(pickups)
    if not s.opened[s.team_of(seat)] and not s.prov_active and rng.random() < 0.9:
        others = [m for m in legal if m not in books]
        return rng.choice(others or legal)
    return rng.choice(books if books and rng.random() < 0.7 else legal)


def snapshot(s: HandAndFoot, seat: int) -> str:
    """The log, every zone's cards in order, and what the seat and a spectator see."""
    return json.dumps([s.log, s.card_zones(), s.view(seat), s.view(None)], sort_keys=True)


def shape(move: Move) -> tuple[str, int | None, list[int]]:
    """What interchangeable moves share: the verb, the book number and the cards' classes."""
    return move.verb, move.number, sorted(CLASS[c] for c in move.cards)


def may_use(s: HandAndFoot, seat: int, verb: str) -> Counter[int]:
    """The cards a move of ``verb`` may lay: below the minimum after a pickup the pile's cards wait
    (written here from the kernel's record of them, not from the shorthand's code)."""
    hand = Counter(s.hands[seat])
    if verb in ("meld", "add"):
        hand -= Counter(s.locked)
    return hand


def check_typed(s: HandAndFoot, seat: int, text: str, before: str) -> HandAndFoot | None:
    """Type ``text`` for ``seat`` on a copy of ``s`` (whose :func:`snapshot` is ``before``): refused
    and untouched, or accepted as a legal move and the table still playable. Returns the copy
    after an accepted move."""
    legal = s.legal_moves(seat)
    t = s.clone()
    assert isinstance(t, HandAndFoot)
    try:
        t.play(text, seat)
    except IllegalMove as e:
        assert str(e), f"{text!r} was refused without a sentence"
        assert snapshot(t, seat) == before, f"refusing {text!r} changed the game"
        return None
    played = t.moves[-1][1]
    assert any(shape(m) == shape(played) for m in legal), f"{text!r} was taken as {played}, not a legal move"
    if played.verb != "take":  # (the starter's turned-up card is not in his hand)
        assert not Counter(played.cards) - may_use(s, seat, played.verb), \
            f"{text!r} laid cards {seat} may not use now"
    for other in (None, *range(t.num_players)):
        t.view(other, layout=other == seat)
    assert t.is_over or any(t.legal_moves(other) for other in t.to_act), f"nobody can act after {text!r}"
    return t


def fuzz_match(preset: str | None, seed: int, steps: int | None) -> int:
    """Fuzz one match for ``steps`` steps (``None``: to its end); returns the typed moves accepted."""
    s = gamenight.new("hand-and-foot", preset=preset, players=4, seed=seed,
                      options={"max_hands": 2} if preset == "demeritt" else {"rounds": 2})
    assert isinstance(s, HandAndFoot)
    rng = random.Random(seed)
    accepted = 0
    step = 0
    while not s.is_over and (steps is None or step < steps):
        step += 1
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        legal = s.legal_moves(seat)
        assert legal, f"seat {seat} is to act but has no legal move"
        # books first: a discard is accepted or not whatever the suit, a lay may not use the pile's cards
        with_cards = sorted((m for m in legal if m.cards), key=lambda m: (m.verb == "discard", rng.random()))
        after: list[HandAndFoot] = []
        before = snapshot(s, seat)
        from_pile = s.knowledge.known_to(None, f"hand/{seat}")
        for base in with_cards[:BASES]:
            for _ in range(TYPINGS):
                t = check_typed(s, seat, retyped(base, s.hands[seat], from_pile, rng), before)
                if t is not None:
                    accepted += 1
                    after.append(t)
        if after and rng.random() < 0.3:
            s = rng.choice(after)
        else:
            s.play(choose(s, seat, legal, rng), seat)
    return accepted


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p or "family")
def test_typing_same_rank_cards_never_sticks_the_table(preset: str | None) -> None:
    assert fuzz_match(preset, 1, STEPS) > 0


#: the slow tier's whole matches: one a rule set, each from its own seed (three seeds of each rule
#: set, nine matches, were a third of a minute of CI's CPU for one shorthand's fuzz, and the
#: default tier's 80 steps of each rule set found the defect this fuzz was written for)
WHOLE_MATCHES = list(zip(PRESETS, (2, 3, 4), strict=True))


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "seed"), WHOLE_MATCHES, ids=[p or "family" for p in PRESETS])
def test_typing_same_rank_cards_through_whole_matches(preset: str | None, seed: int) -> None:
    assert fuzz_match(preset, seed, None) > 0

"""Each rule written once: the kinds of move (:class:`gamenight.core.phases.MoveKind`) of every game.

At every step of a seeded random playout of every game × preset (its usual player count), for the
seat to act and every kind of move its phase is made of:

* the kind's legal moves are exactly its candidates that verify (a kind's fast ``legal`` is checked
  against the definition), with no duplicates, and the phase lists the kinds' moves in order;
* every legal move verifies;
* a refused near-miss of a legal move (``tests.helpers.near_misses``) whose verb is the kind's is
  refused with exactly the kind's ``verify`` sentence;
* every legal move is described in words: no empty text, no move code left in it.

A game still written the old way (a phase not made of kinds, or a :class:`ByName` kind whose
listing and refusal are separate code) is skipped by these checks and must be named in
``NOT_YET_ON_KINDS``; the list is checked both ways, so it only ever shrinks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

import gamenight
from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind
from gamenight.core.registry import get as get_spec
from gamenight.core.state import State
from tests.helpers import near_misses

#: steps of each playout checked (the first deal and into the next, in most games)
STEPS = 120
#: near-misses tried at each step
NEAR_MISSES = 12

#: the games some of whose phases or kinds are still written the old way (listing and refusal apart)
NOT_YET_ON_KINDS: set[str] = set()


def rule_sets() -> list[tuple[str, str | None]]:
    return [(spec.id, preset) for spec in gamenight.games() for preset in [None, *spec.presets]]


RULE_SETS = rule_sets()
IDS = [f"{g}-{p or 'default'}" for g, p in RULE_SETS]


def kinds_of(s: State, seat: int) -> Sequence[MoveKind[Any]] | None:
    """The kinds of move ``seat`` has now, or ``None`` where the phase is written as a whole."""
    move_kinds = getattr(s, "move_kinds", None)
    return None if move_kinds is None else move_kinds(seat)


def old_style(s: State, seat: int) -> bool:
    kinds = kinds_of(s, seat)
    return kinds is None or any(k.legacy for k in kinds)


def foreign(s: State, move: Move) -> bool:
    """Whether ``move`` names a kind of piece the game has none of (refused before any rule)."""
    kinds = s.ARG_KINDS
    return kinds is not None and any(arg.kind.name not in kinds for arg in move.args)


def check_kinds_at(s: State, seat: int, pick: random.Random) -> None:
    kinds = kinds_of(s, seat)
    assert kinds is not None
    legal = s.legal_moves(seat)
    listed: list[Move] = []
    for kind in kinds:
        fast = kind.legal(s, seat)
        assert len(set(fast)) == len(fast), f"{type(kind).__name__} lists a move twice"
        by_rule = [m for m in kind.candidates(s, seat) if kind.verify(s, seat, m) is None]
        assert set(fast) == set(by_rule), (
            f"{type(kind).__name__}: listed {sorted(map(str, set(fast) - set(by_rule)))} but the rule "
            f"refuses them; the rule allows {sorted(map(str, set(by_rule) - set(fast)))}, not listed")
        for m in fast:
            assert m.verb in kind.verbs, f"{type(kind).__name__} lists {m}, not one of its verbs"
            words = s.describe_move(m, seat)
            assert words.strip() and str(m) not in words, f"{m} is described as {words!r}"
        listed.extend(fast)
    assert listed == legal, "the phase's legal moves are not its kinds' moves in order"
    by_verb = {verb: kind for kind in kinds for verb in kind.verbs}
    bases = pick.sample(legal, min(3, len(legal)))
    for bad in near_misses(s, seat, legal, bases=bases)[:NEAR_MISSES]:
        its_kind = by_verb.get(bad.verb)
        if its_kind is None or foreign(s, bad) or s._resolve(seat, bad, legal) is not None:
            continue  # another phase's verb (the phase's own sentence), a piece the game has none of
            # (the state's sentence, before any rule reads it), or a shorthand for a legal move
        expected = its_kind.verify(s, seat, bad)
        assert expected is not None, f"{type(its_kind).__name__} allows {bad}, which is not listed"
        with pytest.raises(gamenight.IllegalMove) as refused:
            s.play(bad, seat)
        assert str(refused.value) == expected, f"{bad} refused with another sentence than its kind's"


def playout(game: str, preset: str | None, steps: int, check: bool) -> set[str]:
    """Play ``steps`` seeded random steps; check the kinds at each (``check``); return the names of
    the phases met that are written the old way."""
    spec = get_spec(game)
    counts = spec.presets[preset].players if preset else None
    n = spec.default_players if not counts or spec.default_players in counts else min(counts)
    s = gamenight.new(game, preset=preset, players=n, seed=5)
    rng, pick = random.Random(3), random.Random(4)
    old: set[str] = set()
    for _ in range(steps):
        if s.is_over:
            break
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        if old_style(s, seat):
            old.add(s.phase())
        elif check:
            check_kinds_at(s, seat, pick)
        legal = s.legal_moves(seat)
        s.play(legal[rng.randrange(len(legal))], seat)
    return old


@pytest.mark.parametrize(("game", "preset"), RULE_SETS, ids=IDS)
def test_every_kind_lists_what_its_rule_allows_and_refuses_with_its_own_sentence(game: str,
                                                                                 preset: str | None) -> None:
    old = playout(game, preset, STEPS, check=True)
    if game in NOT_YET_ON_KINDS:
        return  # the kinds it has are checked; NOT_YET_ON_KINDS is checked below
    assert not old, f"{game} has phases written the old way ({', '.join(sorted(old))}): see NOT_YET_ON_KINDS"


def test_the_games_not_yet_on_kinds_are_named_exactly() -> None:
    """NOT_YET_ON_KINDS only shrinks: a game moved onto kinds leaves it, and none is missing."""
    still_old = {spec.id for spec in gamenight.games() if playout(spec.id, None, STEPS, check=False)}
    assert still_old == NOT_YET_ON_KINDS


def test_a_one_move_kind_refuses_words_after_its_verb() -> None:
    s = gamenight.new("ten-thousand", players=2, deck=["11153"])
    with pytest.raises(gamenight.IllegalMove, match="takes nothing after it"):
        s.play("roll 5")


def test_kinds_register_themselves() -> None:
    from gamenight.games.ten_thousand import Keep, TakeOver

    assert Keep in MoveKind.registry and TakeOver in MoveKind.registry

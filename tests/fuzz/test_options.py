"""Fuzzing every game's option parser: any JSON value for each option, any option name, any
preset and player count, as a lobby's request or a program's call to ``gamenight.new`` gives them.

``new`` either starts a game that plays (its first random moves apply, and every view and list of
legal moves works) or raises :class:`~gamenight.OptionError` (or its documented subclass
:class:`~gamenight.DeckError`) with a sentence. Nothing else may escape: a ``ValueError`` from
``int()``, a ``TypeError`` from an unhashable name, an error from a combination of options the
game's checks let through would be a 500 at the server.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamenight
from tests.fuzz.positions import FAST, SLOW

GAMES = [spec.id for spec in gamenight.games()]
#: values written as people write numbers and switches, right and wrong
TEXT_VALUES = ["²", "٥", "--5", "+5", "-", "", " 5 ", "5.0", "1e3", "9" * 12, "9" * 5000, "on", "OFF",
               "true", "yes", "0", "1", "-1", "none", "null"]
#: random moves a game that starts must play
FIRST_MOVES = 12

json_values: st.SearchStrategy[Any] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
    | st.sampled_from(TEXT_VALUES),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


def value_for(info: gamenight.core.OptionInfo) -> st.SearchStrategy[Any]:
    """Mostly values near the option's own (its choices in other cases, numbers around its
    bounds, as text), sometimes any JSON value."""
    near: list[Any] = [info.default]
    if info.choices:
        near += [*info.choices, *(c.upper() for c in info.choices), *(f" {c}" for c in info.choices)]
    for bound in (info.minimum, info.maximum):
        if bound is not None:
            near += [bound - 1, bound, bound + 1, str(bound), str(bound + 1)]
    numbers = st.integers(-10, 10_000) | st.integers(-10, 10_000).map(str)
    return st.sampled_from(near) | numbers | json_values


@st.composite
def table_request(draw: st.DrawFn, game: str) -> dict[str, Any]:
    spec = gamenight.core.get(game)
    names = [o.name for o in spec.options]
    infos = {o.name: o for o in spec.options}
    chosen = draw(st.lists(st.sampled_from(names), max_size=6, unique=True)) if names else []
    options: Any = {name: draw(value_for(infos[name])) for name in chosen}
    if draw(st.integers(0, 5)) == 0:  # an option no game has
        options[draw(st.text(max_size=10))] = draw(json_values)
    if draw(st.integers(0, 9)) == 0:  # options that are no mapping
        options = draw(json_values)
    preset = draw(st.none() | st.sampled_from([*spec.presets, "standard", ""]) | st.text(max_size=8)
                  | json_values)
    players = draw(st.none() | st.sampled_from(spec.players) | st.integers(-1, 9) | json_values)
    return {"options": options, "preset": preset, "players": players}


def check_request(game: str, request: dict[str, Any]) -> None:
    try:
        s = gamenight.new(game, seed=3, **request)
    except gamenight.OptionError as e:
        assert str(e).strip(), f"{request!r} was refused without a sentence"
        return
    rng = random.Random(3)
    for _ in range(FIRST_MOVES):
        if s.is_over:
            break
        for seat in (None, *range(s.num_players)):
            s.view(seat)
        seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
        s.play(rng.choice(s.legal_moves(seat)), seat)


@pytest.mark.parametrize("game", GAMES)
def test_any_options_start_a_game_or_are_refused_with_a_sentence(game: str) -> None:
    @FAST
    @given(table_request(game))
    def run(request: dict[str, Any]) -> None:
        check_request(game, request)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_many_more_options_start_a_game_or_are_refused(game: str) -> None:
    @SLOW
    @given(table_request(game))
    def run(request: dict[str, Any]) -> None:
        check_request(game, request)

    run()

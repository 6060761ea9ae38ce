"""The canasta turn kernel's own contracts: phases show as today's strings, the view carries the
rules in effect as plain data the kernel rebuilds, and a query (legal moves, a refusal, the view)
never changes the state."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.equipment import cards as C
from gamenight.families.canasta_turn import (
    ANSWER_PHASE,
    CHOOSE_PHASE,
    DRAW_PHASE,
    OVER,
    PLAY_PHASE,
    Phase,
    turn_rules_from_json,
)
from gamenight.games.hand_and_foot import HandAndFoot

PRESETS = [None, "demeritt", "ultimate"]


def test_phases_show_as_the_strings_views_compare() -> None:
    assert [str(p) for p in (DRAW_PHASE, PLAY_PHASE, ANSWER_PHASE, CHOOSE_PHASE, OVER)] == [
        "draw", "play", "answer", "choose", "over"]
    assert Phase("play") is PLAY_PHASE and PLAY_PHASE == "play"
    s = gamenight.new("hand-and-foot", players=4, seed=3)
    assert s.view(0)["phase"] == "draw" and json.loads(json.dumps(s.view(0)))["phase"] == "draw"


@pytest.mark.parametrize("preset", PRESETS)
def test_the_view_carries_the_rules_the_kernel_rebuilds(preset: str | None) -> None:
    s = gamenight.new("hand-and-foot", preset=preset, players=4, seed=5)
    assert isinstance(s, HandAndFoot)
    for seat in (None, 0, 1):
        data = json.loads(json.dumps(s.view(seat)["rules"]))  # plain JSON data
        assert turn_rules_from_json(data) == s.turn_rules


def _snapshot(s: HandAndFoot) -> dict[str, Any]:
    caches = ("_legal_cache", "_view_cache")
    return {k: copy.deepcopy(v) for k, v in vars(s).items() if k not in (*caches, "rng", "sheet")}


@pytest.mark.parametrize("preset", PRESETS)
def test_queries_never_change_the_state(preset: str | None) -> None:
    """Through a bot match: the legal moves, the refusal of every verb and the view leave the
    state as they found it (asking partner once flipped ``asked`` inside the legality query)."""
    s = gamenight.new("hand-and-foot", preset=preset, players=4, seed=11)
    assert isinstance(s, HandAndFoot)
    bots = [make_bot("heuristic", "hand-and-foot") for _ in range(4)]
    rng = random.Random(11)
    probes = [Move("ask"), Move("retract"), Move("draw"), Move("answer", WORD("yes")),
              C.card_move("discard", (0,)), C.card_move("pickup", (0, 0))]
    for _ in range(250):
        if s.is_over:
            break
        seat = min(s.to_act)
        before = _snapshot(s)
        s._legal(seat)
        for m in probes:
            s._why_illegal(seat, m)
        s.view(seat)
        assert _snapshot(s) == before
        s.play(bots[seat].choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)

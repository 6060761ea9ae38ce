"""The head-to-head bench with OpenSpiel's ISMCTS (``bench/vs_openspiel.py``): one Euchre deal in
lockstep, both sides deciding in their seats, the deal ending where the engine scores it, the
advantage read from that score, and the same seed playing the same deal again."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel (pyspiel) is not installed: the peer extra is off")

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def bench() -> Iterator[ModuleType]:
    spec = importlib.util.spec_from_file_location("vs_openspiel", BENCH / "vs_openspiel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["vs_openspiel"] = module  # its dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("vs_openspiel", None)


def test_a_deal_in_lockstep_is_scored_as_the_engine_scored_it(bench: ModuleType) -> None:
    game = bench.deal_game_class("euchre")("euchre", bench.SETUPS["euchre"])
    ours = bench.our_seats(game.deal(4).state, swapped=True)
    assert ours == {1, 3}  # partners against partners
    sides = (bench.Side(), bench.Side())
    done = bench.play_deal(game, "casual", 4, ours, 2, sides)
    assert sides[0].times and sides[1].times  # both sides decided
    assert done.is_terminal() and len(done.state.sheet.rows) == 1 and not done.state.is_over
    ns, ew = done.state.sheet.rows[0].points
    advantage = bench.deal_advantage(done.state, ours, done.start)
    assert advantage == ew - ns != 0
    assert done.returns() == [-advantage / 4, advantage / 4] * 2  # scaled by Euchre's largest swing
    again = bench.play_deal(game, "casual", 4, ours, 2, (bench.Side(), bench.Side()))
    assert again.state.moves == done.state.moves

    row = bench.run("euchre", "casual", 1, 4, 2, None).row()
    assert (row["deals"], row["sims"], row["verdict"]) == (1, 2, "too few deals")

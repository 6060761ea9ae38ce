"""``arena --ray`` and ``sim --ray``: the matches as Ray tasks give the results the local pool gives
for the same seeds, on a local Ray instance started once (about 4 to 7 s of wall time and 5 to 8 s
of CPU, Ray's own processes included, on the 2-core machine: hence one fixture and one test that
uses it); and Ray is never imported unless asked for."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight import arena
from gamenight.arena import MatchResult
from gamenight.cli import app

GAME = "whist-with-10s"
USER_BOT = "tests.client.test_sim_bot:make_first_move_bot"


@pytest.fixture(scope="module")
def local_ray() -> Iterator[Any]:
    """A local Ray instance with one CPU, joined by every ``--ray`` run of this module: started
    once, and stopped after the module rather than at the session's end, so that no later test
    of this worker forks a process pool while Ray's threads run."""
    ray = pytest.importorskip("ray", reason='Ray is not installed (pip install "gamenight[ray]")')
    # address="local": a new instance of our own, even where a cluster is running on this machine
    ray.init(address="local", num_cpus=1, include_dashboard=False, logging_level="error")
    yield ray
    ray.shutdown()


def invoke(*args: str) -> str:
    result = CliRunner().invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.output


def summary(output: str) -> list[str]:
    """The results table's rows (the timing lines differ from run to run)."""
    return [line for line in output.splitlines() if re.match(r"\s*\d \w", line)]


def test_ray_plays_the_same_matches_as_the_local_pool(request: pytest.FixtureRequest) -> None:
    in_pool = arena.run(GAME, ["casual", "random"], 4, seed=3, workers=2)  # forked before Ray's threads start
    local_ray = request.getfixturevalue("local_ray")
    seen: list[MatchResult] = []
    on_ray = arena.run(GAME, ["casual", "random"], 4, seed=3, ray="auto", on_match=seen.append)
    assert on_ray.matches == in_pool.matches and [m.match for m in on_ray.matches] == [0, 1, 2, 3]
    assert seen == on_ray.matches  # the progress bar advances once a match, in order
    assert local_ray.is_initialized()  # the run joined the session's instance and left it running

    out = invoke("arena", GAME, "--bots", "casual,random", "--matches", "2", "--ray", "local")
    assert "2 matches" in out and "casual" in out

    # sim: your own bot, loaded by its path on the Ray worker, adds up as in this process
    sim = ("sim", GAME, "--games", "3", "--seed", "5", "--bots", "random", "--bot", USER_BOT)
    rows = summary(invoke(*sim, "--ray", "local"))
    assert len(rows) == 4 and rows == summary(invoke(*sim, "--workers", "1"))  # (in this process: no fork)


def test_a_bad_address_is_refused_in_one_sentence_before_any_match() -> None:
    result = CliRunner().invoke(app, ["arena", GAME, "--bots", "casual,random", "--ray", "cluster-7"])
    said = "--ray takes local, auto or ray://HOST:PORT, not 'cluster-7'."
    assert result.exit_code == 2 and said in result.output
    result = CliRunner().invoke(app, ["sim", "red-dog", "--rounds", "10", "--ray", "local"])
    assert result.exit_code == 2 and "--ray spreads --games" in " ".join(result.output.split())


def test_ray_is_not_imported_unless_asked_for() -> None:
    code = ("import sys; from gamenight.cli import app; from gamenight import arena; "
            f"arena.run({GAME!r}, ['casual', 'random'], 1, workers=1); "
            "assert 'ray' not in sys.modules, 'ray was imported'")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr

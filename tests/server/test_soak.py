"""The soak bench (``bench/soak.py``): its check of what was acknowledged against what is stored
catches every kind of loss, and a short run on each database loses nothing."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import gamenight
from gamenight.server.storage import MoveRow, SeatRecord, Storage, TableRecord, utc_now

BENCH = Path(__file__).resolve().parents[2] / "bench"


@pytest.fixture(scope="module")
def soak() -> Iterator[ModuleType]:
    sys.path.insert(0, str(BENCH))  # soak.py imports its sibling server_load, as when run as a script
    try:
        spec = importlib.util.spec_from_file_location("soak", BENCH / "soak.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["soak"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.modules.pop("soak", None)
        sys.path.remove(str(BENCH))


def stored_game(storage: Storage, table_id: str, moves: int) -> list[str]:
    """A Euchre table with its first ``moves`` moves stored; the public view's hash at each version."""
    record = TableRecord(id=table_id, game="euchre", preset=None, options={}, players=4, seed=7,
                         seats=(SeatRecord("bot", "random"),) * 4, bot_delay_ms=0, created_at=utc_now())
    state = gamenight.new("euchre", players=4, seed=7)
    rows: list[MoveRow] = []
    hashes: list[str] = []
    for number in range(1, moves + 1):
        (seat,) = state.to_act
        move = str(state.legal_moves(seat)[0])
        state.play(move, seat)
        rows.append(MoveRow(table_id, number, seat, move))
        hashes.append(json.dumps(state.view(None), sort_keys=True))
    with storage.engine.begin() as conn:
        Storage.write_batch(conn, [record, *rows])
    return hashes


def test_verify_finds_moves_shown_but_not_stored(soak: ModuleType, tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'soak.db'}")
    views = stored_game(storage, "t1", 3)
    stored = storage.load_table("t1")
    assert stored is not None
    faithful = soak.Watch("t1", "euchre")
    for version, view in enumerate(views, 1):
        faithful.observe({"version": version, "view": json.loads(view)})
    assert soak.verify(storage, [faithful]) == soak.Verdict(moves_acknowledged=3)

    ahead = soak.Watch("t1", "euchre", seen=dict(faithful.seen), acked=5)  # shown 5, 3 stored
    forked = soak.Watch("t1", "euchre", seen={**faithful.seen, 2: "another game"}, acked=3)
    wrong_log = soak.Watch("t1", "euchre", seen=dict(faithful.seen), acked=3, log_moves=stored.moves[:2])
    gone = soak.Watch("nosuchtable", "euchre", seen={0: "x", 4: "y"}, acked=4)
    verdict = soak.verify(storage, [ahead, forked, wrong_log, gone])
    assert verdict.moves_acknowledged == 5 + 3 + 3 + 4
    assert verdict.moves_lost == 2 + 4
    assert verdict.tables_diverged == ["t1", "t1"]
    assert verdict.tables_missing == ["nosuchtable"]
    storage.close()


@pytest.mark.slow
def test_a_short_soak_loses_nothing(soak: ModuleType, db_url: str, tmp_path: Path) -> None:
    out = tmp_path / "soak.json"
    code = soak.main(["--tables", "6", "--duration", "6", "--kill-every", "2", "--bot-delay-ms", "20",
                      "--poll", "0.2", "--db", db_url, "--json", str(out)])
    report = json.loads(out.read_text())
    assert code == 0, report
    assert report["kills"] >= 2 and report["moves_acknowledged"] > 50
    assert report["acknowledged_moves_lost"] == 0 and report["tables_broken"] == 0
    assert report["restart_s"]["median"] > 0 and report["server_rss_mib"]["peak"] > 0

"""Memory while tables are played, archived and collected (issue 31, F8): what an archived table held
is let go, the move table included, so rounds of tables leave the live objects where they were.

Counts, not the resident set: the number of moves in the table and of live objects by type are the
same from run to run, where the resident set depends on the allocator. The soak that watches the
resident set over a long run is ``bench/memsoak.py``.
"""

from __future__ import annotations

import gc
from collections import Counter
from pathlib import Path

from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.server.clock import ManualClock
from gamenight.server.limits import Limits
from gamenight.server.live import LiveTable, SeatRequest
from gamenight.server.service import MOVES_AGE_S, TableService
from gamenight.server.storage import Storage
from tests.asyncrun import run_async

#: a game whose matches list thousands of distinct moves (its marble moves), each new deal new ones
GAME = "jokers-wild"
ARCHIVE_AFTER_S = 60.0
#: moves a round may leave in the table beyond those of the round before (a game's constants built
#: late, a memo's working set): far fewer than the thousands a round of this game lists
MOVES_LEFT = 200
#: live objects a round may leave beyond the round before (bots' bounded memos of positions)
OBJECTS_LEFT = 3_000


def census() -> Counter[str]:
    gc.collect()
    return Counter(type(o).__name__ for o in gc.get_objects())


async def play_round(service: TableService, clock: ManualClock, seeds: range) -> None:
    """Bot tables of GAME played to the end, then archived by the archiver's passes over two of its
    periods of ageing the move table."""
    tables = [(await service.create_table(GAME, [SeatRequest("bot", "random")] * 4, bot_delay_ms=0,
                                          trick_pause_ms=0, seed=seed))[0] for seed in seeds]
    await clock.advance(0)  # bots with no delay play the whole game, the clock standing still
    assert all(t.is_done for t in tables)
    await clock.advance(max(ARCHIVE_AFTER_S, MOVES_AGE_S))
    assert service.archive_idle() == len(tables)
    await clock.advance(MOVES_AGE_S)
    service.archive_idle()
    assert service.tables == {}


async def rounds(tmp_path: Path) -> tuple[list[int], list[Counter[str]]]:
    clock = ManualClock()
    storage = Storage(f"sqlite:///{tmp_path / 'memory.db'}")
    service = TableService(storage, Limits(archive_after_s=ARCHIVE_AFTER_S), clock=clock)
    service.writer.start()
    sizes: list[int] = []
    counts: list[Counter[str]] = []
    try:
        for number in range(2):  # the first round loads the game, its constants and its bots' memos
            await play_round(service, clock, range(10 * number, 10 * number + 1))
            counts.append(census())
            sizes.append(Move.table_size())
    finally:
        await service.stop()
    return sizes, counts


def games_alive() -> list[object]:
    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, (LiveTable, State))]


def test_tables_played_archived_and_collected_leave_the_live_objects_as_they_were(tmp_path: Path) -> None:
    # tables and games other tests of this process still hold are theirs to let go, not this test's
    # (held here, so no object made by the rounds can take one of their ids)
    earlier = games_alive()
    sizes, counts = run_async(rounds(tmp_path))
    for before, after, size_before, size_after in zip(counts, counts[1:], sizes, sizes[1:], strict=False):
        assert size_after <= size_before + MOVES_LEFT, f"the move table grew {size_before} -> {size_after}"
        assert after["Move"] <= before["Move"] + MOVES_LEFT
        grown = {kind: after[kind] - before[kind] for kind in after if after[kind] > before[kind]}
        assert sum(grown.values()) <= OBJECTS_LEFT, sorted(grown.items(), key=lambda kv: -kv[1])[:10]
    known = {id(o) for o in earlier}
    live = [o for o in games_alive() if id(o) not in known]
    assert live == [], f"{len(live)} tables or game states outlived their archiving"

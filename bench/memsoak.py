"""Memory soak: rounds of bot tables played out, archived and collected in one process, the resident
set measured after each round (issue 31, F8: "memory flat within a stated band over a long run with
archiving").

The bench runs the table service itself, without HTTP (``TableService`` on a fresh SQLite file, or the
database ``--db`` names), on the real clock with the service's own archiver (``--archive-after``
seconds of quiet). Each round creates ``--tables`` tables whose seats are all bots (each game's
default bot, no delay, fresh random deals), the games taken in turn from ``--games`` (default: every
game), waits until every one has ended and the archiver has dropped it from memory, then runs the
garbage collector and prints, for that round:

* the resident set (``/proc/self/statm``), and with ``--trim`` the resident set after
  ``malloc_trim(0)`` (what the C allocator held free: fragmentation, not objects); what SQLite
  itself holds (``sqlite3_memory_used``: its page caches, native memory Python does not see);
* the blocks Python's allocator holds (``sys.getallocatedblocks``) and the objects the garbage
  collector tracks — counts that do not depend on the allocator;
* the move table (live moves, and those the table itself keeps: its working set).

After the run it states the band: the lowest and highest resident set after the ``--warmup``
rounds (the first rounds load every game's modules, constants and bots' memos), and whether the
spread stays within ``--band-mib`` (exit status 1 if not). The whole run is one process, so the
figures are the service's own.

Usage::

    python bench/memsoak.py [--rounds 8] [--tables 34] [--warmup 2] [--band-mib 24]
                            [--games euchre,jokers-wild] [--archive-after 0.5] [--db URL]
                            [--trim] [--json out.json]

Short run (about 3 minutes of CPU on this machine): the defaults. Long run: ``--rounds 60``.
"""

from __future__ import annotations

import argparse
import asyncio
import ctypes
import ctypes.util
import gc
import json
import logging
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import gamenight
from gamenight.core.moves import Move
from gamenight.server.limits import Limits
from gamenight.server.live import SeatRequest
from gamenight.server.service import TableService
from gamenight.server.storage import Storage

PAGE = os.sysconf("SC_PAGE_SIZE")
MIB = 1 << 20
#: how long one round may take before the bench gives up on it
ROUND_TIMEOUT_S = 600.0


@dataclass
class Round:
    """What one round left in memory, once its tables were archived and collected."""

    number: int
    tables: int
    seconds: float
    cpu_seconds: float
    live_tables: int
    rss_mib: float
    rss_trimmed_mib: float | None
    sqlite_mib: float | None
    blocks: int
    gc_objects: int
    moves: int
    moves_held: int


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * PAGE / MIB


def sqlite_mib() -> float | None:
    """What SQLite itself holds (its page caches and statements: native memory Python does not see),
    where the sqlite3 module uses the system's library; None elsewhere."""
    name = ctypes.util.find_library("sqlite3")
    if name is None:
        return None
    try:
        used = ctypes.CDLL(name).sqlite3_memory_used
    except (OSError, AttributeError):
        return None
    used.restype = ctypes.c_int64
    return round(int(used()) / MIB, 1)


def malloc_trim() -> bool:
    """Give the C allocator's free memory back to the system (glibc only); False where there is none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    libc = ctypes.CDLL(name)
    if not hasattr(libc, "malloc_trim"):
        return False
    libc.malloc_trim(0)
    return True


def moves_held() -> int:
    """The moves the table itself keeps alive (-1 on a tree older than ``Move.held_by_table``, so the
    bench runs through ``bench/compare.py --this-script`` against one)."""
    held = getattr(Move, "held_by_table", None)
    return int(held()) if held is not None else -1


def players_of(game: str) -> int:
    return gamenight.new(game, seed=0).num_players


async def play_round(service: TableService, games: list[str], start: int, count: int,
                     players: dict[str, int]) -> None:
    """``count`` all-bot tables, the games taken in turn from ``start``, played to the end and archived."""
    ids = []
    for k in range(count):
        game = games[(start + k) % len(games)]
        table, _, _ = await service.create_table(game, [SeatRequest("bot")] * players[game], bot_delay_ms=0,
                                                 trick_pause_ms=0)
        ids.append(table.id)
    deadline = time.monotonic() + ROUND_TIMEOUT_S
    while any(i in service.tables for i in ids):  # the service's archiver drops each once it has ended
        if time.monotonic() > deadline:
            raise SystemExit(f"a round did not end within {ROUND_TIMEOUT_S:.0f} s")
        await asyncio.sleep(0.1)


def measure(number: int, tables: int, started: float, cpu: float, service: TableService, trim: bool) -> Round:
    gc.collect()
    rss = rss_mib()
    trimmed = rss_mib() if trim and malloc_trim() else None
    return Round(number=number, tables=tables, seconds=round(time.perf_counter() - started, 1),
                 cpu_seconds=round(time.process_time() - cpu, 1), live_tables=len(service.tables),
                 rss_mib=round(rss, 1), rss_trimmed_mib=None if trimmed is None else round(trimmed, 1),
                 sqlite_mib=sqlite_mib(),
                 blocks=sys.getallocatedblocks(), gc_objects=len(gc.get_objects()), moves=Move.table_size(),
                 moves_held=moves_held())


def show(r: Round) -> None:
    trimmed = "" if r.rss_trimmed_mib is None else f"  trimmed {r.rss_trimmed_mib:6.1f}"
    trimmed += "" if r.sqlite_mib is None else f"  SQLite {r.sqlite_mib:4.1f}"
    print(f"round {r.number:3d}  {r.tables} tables  {r.seconds:6.1f} s ({r.cpu_seconds:5.1f} s CPU)  "
          f"RSS {r.rss_mib:6.1f} MiB{trimmed}  blocks {r.blocks:8d}  objects {r.gc_objects:7d}  "
          f"moves {r.moves:6d} (held by the table {r.moves_held:5d})  live tables {r.live_tables}",
          flush=True)


async def soak(args: argparse.Namespace) -> list[Round]:
    games = [g.strip() for g in args.games.split(",") if g.strip()] if args.games else [
        g.id for g in gamenight.games()]
    players = {g: players_of(g) for g in games}
    url = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='gamenight-memsoak-')) / 'soak.db'}"
    service = TableService(Storage(url), Limits(archive_after_s=args.archive_after))
    await service.start()
    rounds: list[Round] = []
    try:
        for number in range(args.rounds):
            started, cpu = time.perf_counter(), time.process_time()
            await play_round(service, games, number * args.tables, args.tables, players)
            rounds.append(measure(number, args.tables, started, cpu, service, args.trim))
            show(rounds[-1])
    finally:
        await service.stop()
    return rounds


def slope(values: list[float]) -> float:
    """The least-squares trend of ``values``, per round (0 for fewer than two)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean_x, mean_y = (n - 1) / 2, sum(values) / n
    return sum((x - mean_x) * (y - mean_y) for x, y in enumerate(values)) / sum(
        (x - mean_x) ** 2 for x in range(n))


def band(rounds: list[Round], warmup: int, limit: float) -> dict[str, float | bool | int]:
    """The lowest and highest resident set after the warm-up rounds, its trend per round, and whether
    it stays in the band."""
    after = [r.rss_mib for r in rounds[warmup:]] or [r.rss_mib for r in rounds]
    low, high = min(after), max(after)
    return {"warmup_rounds": warmup, "rss_low_mib": low, "rss_high_mib": high,
            "spread_mib": round(high - low, 1), "trend_mib_per_round": round(slope(after), 2),
            "band_mib": limit, "flat": high - low <= limit}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--tables", type=int, default=34, help="tables per round")
    parser.add_argument("--warmup", type=int, default=2, help="first rounds left out of the band")
    parser.add_argument("--band-mib", type=float, default=24.0,
                        help="the most the resident set may move after the warm-up")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--archive-after", type=float, default=0.5,
                        help="seconds of quiet before the archiver drops a table")
    parser.add_argument("--db", default="", help="an SQLite path or URL, or a PostgreSQL URL (default: a "
                                                 "fresh SQLite file)")
    parser.add_argument("--trim", action="store_true", help="also measure after malloc_trim(0)")
    parser.add_argument("--json", type=Path, help="write the rounds and the band here")
    args = parser.parse_args()
    # a slow commit is the busy machine's, not what this bench measures
    logging.getLogger("gamenight.server.storage").setLevel(logging.ERROR)
    rounds = asyncio.run(soak(args))
    result = band(rounds, args.warmup, args.band_mib)
    first = rounds[0].rss_mib
    print(f"\nRSS after the first round {first:.1f} MiB; after the {result['warmup_rounds']} warm-up rounds "
          f"{result['rss_low_mib']:.1f}-{result['rss_high_mib']:.1f} MiB (spread {result['spread_mib']:.1f} "
          f"MiB, trend {result['trend_mib_per_round']:+.2f} MiB a round, band {args.band_mib:g} MiB): "
          f"{'flat' if result['flat'] else 'NOT flat'}")
    if args.json:
        args.json.write_text(json.dumps({"rounds": [asdict(r) for r in rounds], "band": result}, indent=2))
    if not result["flat"]:
        sys.exit(1)


if __name__ == "__main__":
    main()

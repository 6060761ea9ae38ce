"""Several ``gamenight serve`` processes on one PostgreSQL, under load, and killed (issue 31).

The bench starts ``--processes`` servers on one database (a throwaway PostgreSQL cluster it starts
itself, as the tests do, unless ``--db`` names an empty database) and plays ``--tables`` tables of
``--game``, every seat a person: each seat watches over a WebSocket on one process and sends its
moves over HTTP, with a move id, to *another* process (when there are several), so each move is
made by its table's owner wherever it arrives and seen on a socket of a process that did not make
it. A seat thinks ``--think MIN MAX`` seconds before each move; a finished table is replaced.

``--kill-every S`` (the soak): every S seconds one process, chosen at random, is killed with SIGKILL
and a new one started on its port; sockets reconnect to a live process and a move whose answer was
lost is sent again with its id to another. At the end every acknowledged move is looked up in the
database: lost (its id not stored at its version) and made twice (an id stored twice) must be 0.

Reported: tables, moves acknowledged and per second, move-to-update latency across processes (from
sending a move to its seat's socket on another process showing that version) p50/p99/max, errors
by kind, kills, acknowledged moves lost or doubled, and each process's CPU seconds and resident
memory, per table. Usage::

    python bench/multiproc.py [--processes 2] [--tables 40] [--duration 20] [--game euchre]
                              [--think 0.5 1.5] [--kill-every 30] [--db postgresql://...] [--json F]

The long runs: ``--processes 4 --tables 1000 --duration 600`` (load), and ``--processes 4 --tables
200 --duration 1800 --kill-every 30`` (soak). The throwaway cluster allows 60 connections (each
process may hold up to 17): for 4 processes under heavy load give ``--db`` a server with more.
Run the bench on a machine of its own: it plays every seat itself, and on a busy machine its own
event loop, not the servers, sets the latencies.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from server_load import free_port, percentile, proc_cpu_s, proc_rss_kib  # noqa: E402

#: how long a move is retried (its process killed, the table being taken over) before it is an error
MOVE_DEADLINE_S = 30.0
#: how long a seat waits for its socket to show an acknowledged move
UPDATE_DEADLINE_S = 10.0


class Process:
    """One ``gamenight serve`` on the shared database."""

    def __init__(self, db_url: str, folder: Path, index: int) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.log = folder / f"serve-{index}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.cpu_before = 0.0  # the CPU of the processes this one replaced
        self.alive = asyncio.Event()

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> None:
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "gamenight", "serve", "--port", str(self.port), "--db", self.db_url,
                 "--moves-per-minute", "0", "--tables-per-minute", "0", "--connections-per-client", "0",
                 "--requests-per-client", "0", "--http-connections-per-client", "0"],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        async with httpx.AsyncClient(base_url=self.base, timeout=5) as http:
            deadline = time.monotonic() + 60
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get("/api/games")).status_code == 200:
                        break
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"a server did not start: see {self.log}")
                await asyncio.sleep(0.05)
        self.alive.set()

    def kill(self) -> None:
        assert self.proc is not None
        self.alive.clear()
        self.cpu_before += proc_cpu_s(self.proc.pid) or 0.0
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, str, int]] = field(default_factory=list)  # (table, move id, version)
    errors: Counter[str] = field(default_factory=Counter)
    tables: int = 0
    kills: int = 0


@dataclass
class Bench:
    procs: list[Process]
    game: str
    players: int
    think: tuple[float, float]
    rng: random.Random
    tally: Tally = field(default_factory=Tally)
    seats: list[Seat] = field(default_factory=list)
    clients: dict[int, httpx.AsyncClient] = field(default_factory=dict)
    measuring: bool = False
    stopping: bool = False

    def http(self, proc: Process) -> httpx.AsyncClient:
        """One client per process (making one costs tens of milliseconds: it would be the latency)."""
        client = self.clients.get(proc.port)
        if client is None:
            client = self.clients[proc.port] = httpx.AsyncClient(
                base_url=proc.base, timeout=15, limits=httpx.Limits(max_connections=200))
        return client

    def live(self, avoid: Process | None = None) -> Process:
        alive = [p for p in self.procs if p.alive.is_set()]
        others = [p for p in alive if p is not avoid] or alive or self.procs
        return self.rng.choice(others)


class Seat:
    """A seat's socket on one process; its moves go to another."""

    def __init__(self, bench: Bench, table_id: str, seat: int, token: str, home: Process) -> None:
        self.bench, self.table_id, self.seat, self.token, self.home = bench, table_id, seat, token, home
        self.frame: dict[str, Any] | None = None
        self.arrivals: list[tuple[int, float]] = []
        self.changed = asyncio.Event()
        self.moving = False
        self.over = False
        self.mover: asyncio.Task[None] | None = None

    async def watch(self) -> None:
        while not self.bench.stopping and not self.over:
            if not self.home.alive.is_set():
                self.home = self.bench.live()
            url = f"ws://127.0.0.1:{self.home.port}/ws/tables/{self.table_id}?token={self.token}"
            try:
                async with websockets.connect(url, open_timeout=10, ping_interval=None,
                                              compression=None) as ws:
                    async for raw in ws:
                        self.heard(json.loads(raw), time.perf_counter())
                        if self.over:
                            return
            except (OSError, websockets.WebSocketException, TimeoutError):
                await asyncio.sleep(0.1)  # its process died: the next live one, after a breath

    def heard(self, msg: dict[str, Any], at: float) -> None:
        if msg.get("type") != "state":
            return
        self.frame = msg
        self.arrivals.append((msg["version"], at))
        del self.arrivals[:-64]
        self.changed.set()
        self.over = bool(msg["view"]["is_over"])
        if not self.over and not self.moving and self.seat in msg["view"]["to_act"]:
            self.moving = True
            self.mover = asyncio.create_task(self.move())

    async def move(self) -> None:
        try:
            await asyncio.sleep(self.bench.rng.uniform(*self.bench.think))
            frame = self.frame
            if frame is None or self.bench.stopping or self.seat not in frame["view"]["to_act"]:
                return
            body = {"token": self.token, "move": self.bench.rng.choice(frame["view"]["legal_moves"]),
                    "version": frame["version"], "move_id": secrets.token_hex(8)}
            sent = time.perf_counter()
            version = await self.post(body)
            if version is not None:
                await self.seen(version, sent)
        finally:
            self.moving = False
            frame = self.frame
            if (frame is not None and not self.over and not self.bench.stopping
                    and self.seat in frame["view"]["to_act"]):
                self.heard(frame, time.perf_counter())  # still to act: choose again

    async def post(self, body: dict[str, Any]) -> int | None:
        tally = self.bench.tally
        deadline = time.monotonic() + MOVE_DEADLINE_S
        while time.monotonic() < deadline and not self.bench.stopping:
            to = self.bench.live(avoid=self.home)
            try:
                r = await self.bench.http(to).post(f"/api/tables/{self.table_id}/moves", json=body)
            except httpx.TransportError:
                await asyncio.sleep(0.1)
                continue  # the same id to another process
            if r.status_code == 200:
                version: int = r.json()["version"]
                tally.acked.append((self.table_id, body["move_id"], version))
                return version
            code = r.json().get("error", {}).get("code", str(r.status_code))
            if r.status_code != 503:
                tally.errors[code] += 1
                return None
            await asyncio.sleep(0.1)
        tally.errors["move_unanswered"] += 1
        return None

    async def seen(self, version: int, sent: float) -> None:
        deadline = time.monotonic() + UPDATE_DEADLINE_S
        while True:
            arrived = next((at for v, at in self.arrivals if v >= version), None)
            if arrived is not None:
                if self.bench.measuring:
                    self.bench.tally.latencies.append(max(0.0, arrived - sent))
                return
            if time.monotonic() > deadline:
                self.bench.tally.errors["update_not_seen"] += 1
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)


async def table_slot(bench: Bench, index: int) -> None:
    """One table at a time, made on process ``index``'s turn; a finished one is replaced."""
    while not bench.stopping:
        maker = bench.procs[index % len(bench.procs)]
        if not maker.alive.is_set():
            maker = bench.live()
        try:
            asked = [{"kind": "human"}] * bench.players
            r = await bench.http(maker).post("/api/tables", json={"game": bench.game, "seats": asked})
            r.raise_for_status()
        except (httpx.TransportError, httpx.HTTPStatusError):
            await asyncio.sleep(0.2)
            continue
        created = r.json()
        bench.tally.tables += 1
        bench.seats[:] = [s for s in bench.seats if not s.over]
        seats = [Seat(bench, created["table_id"], s["seat"], s["token"],
                      bench.procs[(index + s["seat"]) % len(bench.procs)]) for s in created["seats"]]
        bench.seats.extend(seats)
        await asyncio.gather(*(s.watch() for s in seats))


async def killer(bench: Bench, every: float) -> None:
    while not bench.stopping:
        await asyncio.sleep(every)
        if bench.stopping:
            return
        victim = bench.rng.choice(bench.procs)
        victim.kill()
        bench.tally.kills += 1
        await victim.start()


def check_database(db_url: str, acked: list[tuple[str, str, int]]) -> dict[str, int]:
    """Every acknowledged move at its version, and no move id stored twice for a table."""
    from sqlalchemy import text

    from gamenight.server.storage import Storage

    storage = Storage(db_url)
    try:
        with storage.engine.connect() as conn:
            stored = {(t, i): n for t, i, n in conn.execute(text(
                "SELECT table_id, move_id, number FROM moves WHERE move_id IS NOT NULL"))}
            doubled = conn.execute(text(
                "SELECT count(*) FROM (SELECT table_id, move_id FROM moves WHERE move_id IS NOT NULL "
                "GROUP BY table_id, move_id HAVING count(*) > 1) AS d")).scalar() or 0
    finally:
        storage.close()
    lost = sum(1 for t, i, n in acked if stored.get((t, i)) != n)
    return {"acknowledged": len(acked), "lost": lost, "doubled": int(doubled)}


async def run(args: argparse.Namespace, db_url: str, folder: Path) -> dict[str, Any]:
    import gamenight

    procs = [Process(db_url, folder, i) for i in range(args.processes)]
    await procs[0].start()  # one first: it creates the database's tables
    await asyncio.gather(*(p.start() for p in procs[1:]))
    rss_before = sum(proc_rss_kib(p.proc.pid) or 0 for p in procs if p.proc)
    cpu_before = sum(proc_cpu_s(p.proc.pid) or 0.0 for p in procs if p.proc)
    spec = gamenight.new(args.game, seed=1)
    bench = Bench(procs, args.game, spec.num_players, tuple(args.think), random.Random(args.seed))
    slots = [asyncio.create_task(table_slot(bench, i)) for i in range(args.tables)]
    kills = asyncio.create_task(killer(bench, args.kill_every)) if args.kill_every else None
    await asyncio.sleep(min(5.0, args.duration / 4))  # tables made and sockets open
    bench.measuring = True
    started = time.perf_counter()
    acked_before = len(bench.tally.acked)
    await asyncio.sleep(args.duration)
    elapsed = time.perf_counter() - started
    bench.measuring = False
    moves = len(bench.tally.acked) - acked_before
    cpu = sum(p.cpu_before + (proc_cpu_s(p.proc.pid) or 0.0) for p in procs if p.proc) - cpu_before
    rss = sum(proc_rss_kib(p.proc.pid) or 0 for p in procs if p.proc)
    bench.stopping = True
    if kills is not None:
        kills.cancel()
    movers = [s.mover for s in bench.seats if s.mover is not None]
    for task in [*slots, *movers]:
        task.cancel()
    await asyncio.gather(*slots, *movers, *([kills] if kills else []), return_exceptions=True)
    for client in bench.clients.values():
        await client.aclose()
    for p in procs:
        p.stop()
    lat = bench.tally.latencies
    grown = None if bench.tally.kills else round(max(0, rss - rss_before) / args.tables, 1)
    return {
        "processes": args.processes, "tables": args.tables, "game": args.game, "seconds": round(elapsed, 1),
        "tables_started": bench.tally.tables, "moves": moves, "moves_per_s": round(moves / elapsed, 1),
        "latency_ms": {"p50": round(percentile(lat, 0.5) * 1000, 1), "n": len(lat),
                       "p99": round(percentile(lat, 0.99) * 1000, 1),
                       "max": round(max(lat, default=0.0) * 1000, 1)},
        "errors": dict(bench.tally.errors), "kills": bench.tally.kills,
        "server_cpu_s": round(cpu, 1), "rss_mib": round(rss / 1024, 1), "rss_kib_per_table": grown,
        "server_cpu_ms_per_table_per_s": round(cpu / args.tables / elapsed * 1000, 2),
        "moves_checked": check_database(db_url, bench.tally.acked),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    p.add_argument("--game", default="euchre")
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"))
    p.add_argument("--kill-every", type=float, default=0.0, metavar="S", help="SIGKILL a process every S s")
    p.add_argument("--db", help="an empty PostgreSQL database (default: a throwaway cluster)")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--json", type=Path, help="write the report here too")
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gamenight-multiproc-"))
    pg = None
    db_url = args.db
    if db_url is None:
        from tests.server.conftest import find_pg_bin, start_postgres

        bin_dir = find_pg_bin()
        if bin_dir is None:
            sys.exit("PostgreSQL's initdb and postgres were not found: give --db postgresql://...")
        pg = start_postgres(bin_dir)
        db_url = pg.url(pg.new_database())
    try:
        report = asyncio.run(run(args, db_url, folder))
    finally:
        if pg is not None:
            from tests.server.conftest import stop_postgres

            stop_postgres(pg)
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

"""Load on a gamenight server: N concurrent tables, every seat played over its own real WebSocket.

The bench starts a server (``python -m gamenight serve`` on a free loopback port, a fresh SQLite file)
or targets a running one (``--url``, loopback only). It creates ``--tables`` tables of ``--game``
with every seat a person, opens one WebSocket per seat, and then, for ``--duration`` seconds, each
seat plays like an attentive person: when its frame says it may act it waits a think time drawn
from ``--think MIN MAX`` seconds and sends a random legal move from that frame. A table whose game
ends is replaced by a new one, so the load stays level.

Reported: tables, connections, moves and moves/s, the move-to-update latency (from sending a move to
receiving the state frame with a version past the one the move was chosen at) as p50 / p99 / max,
errors (refusals by code, dropped connections, moves left unanswered for 5 s), the server's CPU use
and, when the bench started the server (or ``--pid`` names it), its memory per table (the growth of
its resident set from before the tables to the end, divided by the tables). Usage::

    python bench/server_load.py [--tables 500] [--game euchre] [--duration 60] [--think 0.5 1.5]
                                [--url http://127.0.0.1:8000 [--pid PID]] [--json out.json]

In a simultaneous phase (Hearts passing) another seat's move can be the first to pass the version,
so latencies there can read a little short; Euchre, the default, has none.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

LOOPBACK = {"127.0.0.1", "localhost", "::1"}
#: a move with no answer after this long counts as an error
ANSWER_TIMEOUT_S = 5.0


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    moves_sent: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    frames: int = 0
    games_finished: int = 0
    tables_started: int = 0


@dataclass
class Bench:
    base: str
    game: str
    think: tuple[float, float]
    stats: Stats
    rng: random.Random
    players: int
    started: asyncio.Event = field(default_factory=asyncio.Event)
    stopping: asyncio.Event = field(default_factory=asyncio.Event)
    connect_gate: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(64))

    @property
    def ws_base(self) -> str:
        return "ws" + self.base.removeprefix("http")


class SeatPlayer:
    """One seat: reads its frames, and moves after a think time whenever it may act."""

    def __init__(self, bench: Bench, ws: ClientConnection, seat: int) -> None:
        self.bench = bench
        self.ws = ws
        self.seat = seat
        self.latest: dict[str, Any] | None = None
        self.sent_at: float | None = None
        self.expect = 0
        self.mover: asyncio.Task[None] | None = None
        self.over = asyncio.Event()

    async def run(self) -> None:
        stats = self.bench.stats
        try:
            async for raw in self.ws:
                now = time.perf_counter()
                msg = json.loads(raw)
                stats.frames += 1
                if msg["type"] == "error":
                    stats.errors[msg["code"]] += 1
                    self.sent_at = None
                elif msg["version"] >= self.expect and self.sent_at is not None:
                    if self.bench.started.is_set() and not self.bench.stopping.is_set():
                        stats.latencies.append(now - self.sent_at)
                    self.sent_at = None
                if msg["type"] == "state":
                    self.latest = msg
                    if msg["view"]["is_over"]:
                        self.over.set()
                        return
                self.maybe_move()
        except websockets.ConnectionClosed:
            if not self.bench.stopping.is_set():
                stats.errors["connection_dropped"] += 1
        finally:
            self.over.set()

    def maybe_move(self) -> None:
        latest = self.latest
        if latest is None or self.sent_at is not None or (self.mover is not None and not self.mover.done()):
            return
        if self.seat in latest["view"]["to_act"] and latest["view"]["legal_moves"]:
            self.mover = asyncio.create_task(self.move_after_thinking())

    async def move_after_thinking(self) -> None:
        bench = self.bench
        await bench.started.wait()
        await asyncio.sleep(bench.rng.uniform(*bench.think))
        latest = self.latest
        if bench.stopping.is_set() or latest is None or self.seat not in latest["view"]["to_act"]:
            return
        move = bench.rng.choice(latest["view"]["legal_moves"])
        self.expect = latest["version"] + 1
        self.sent_at = time.perf_counter()
        bench.stats.moves_sent += 1
        try:
            await self.ws.send(json.dumps({"move": move, "version": latest["version"]}))
        except websockets.ConnectionClosed:
            self.sent_at = None

    def overdue(self) -> bool:
        return self.sent_at is not None and time.perf_counter() - self.sent_at > ANSWER_TIMEOUT_S


async def watch_lag(bench: Bench, lags: list[float]) -> None:
    """How late the bench's own event loop wakes (a late client inflates the latencies it measures)."""
    while not bench.stopping.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        if bench.started.is_set():
            lags.append(time.perf_counter() - t - 0.01)


async def create_table(bench: Bench, http: httpx.AsyncClient) -> dict[str, Any]:
    seats = [{"kind": "human"}] * bench.players
    r = await http.post("/api/tables", json={"game": bench.game, "seats": seats})
    r.raise_for_status()
    created: dict[str, Any] = r.json()
    bench.stats.tables_started += 1
    return created


async def open_seats(bench: Bench, created: dict[str, Any]) -> list[SeatPlayer]:
    players = []
    for seat in created["seats"]:
        async with bench.connect_gate:
            ws = await websockets.connect(
                f"{bench.ws_base}/ws/tables/{created['table_id']}?token={seat['token']}",
                compression=None, max_size=2**22, open_timeout=60, ping_interval=None)
        players.append(SeatPlayer(bench, ws, seat["seat"]))
    return players


async def table_slot(
    bench: Bench, http: httpx.AsyncClient, ready: asyncio.Event, live: list[SeatPlayer]
) -> None:
    """One table's place in the load: play it out, then start another, until the bench stops."""
    first = True
    while not bench.stopping.is_set():
        try:
            players = await open_seats(bench, await create_table(bench, http))
        except (httpx.HTTPError, OSError, websockets.WebSocketException) as e:
            bench.stats.errors[f"setup:{type(e).__name__}"] += 1
            await asyncio.sleep(1)
            continue
        live.extend(players)
        if first:
            ready.set()
            first = False
        tasks = [asyncio.create_task(p.run()) for p in players]
        done = asyncio.gather(*(p.over.wait() for p in players))
        stop = asyncio.create_task(bench.stopping.wait())
        await asyncio.wait({asyncio.ensure_future(done), stop}, return_when=asyncio.FIRST_COMPLETED)
        if any(p.latest and p.latest["view"]["is_over"] for p in players):
            bench.stats.games_finished += 1
        for p in players:
            live.remove(p)
            if p.overdue():
                bench.stats.errors["unanswered"] += 1
            await p.ws.close()
        for t in tasks:
            t.cancel()
        stop.cancel()


def read_pressure() -> dict[str, float] | None:
    """How much of the last minute runnable tasks on this machine waited for a CPU (Linux PSI)."""
    try:
        line = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    fields = dict(item.split("=") for item in line.split()[1:])
    return {"some_avg10": float(fields["avg10"]), "some_avg60": float(fields["avg60"])}


def proc_rss_kib(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def proc_cpu_s(pid: int) -> float | None:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(folder: Path, log_path: Path | None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    log = (log_path or folder / "server.log").open("wb")
    # every client of the bench is this one machine: the per-client limits would measure themselves
    unlimited = ["--tables-per-minute", "0", "--moves-per-minute", "0", "--connections-per-client", "0"]
    proc = subprocess.Popen([sys.executable, "-m", "gamenight", "serve", "--port", str(port),
                             "--db", str(folder / "bench.db"), *unlimited],
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: see {folder / 'server.log'}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/games", timeout=2).status_code == 200:
                return proc, base
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def run_bench(args: argparse.Namespace, base: str, pid: int | None) -> dict[str, Any]:
    stats = Stats()
    games = {g["id"]: g for g in httpx.get(base + "/api/games", timeout=10).json()}
    if args.game not in games:
        raise SystemExit(f"No game {args.game!r} on that server: {', '.join(games)}")
    bench = Bench(base=base, game=args.game, think=(args.think[0], args.think[1]), stats=stats,
                  rng=random.Random(args.seed), players=games[args.game]["default_players"])
    limits = httpx.Limits(max_connections=32)
    rss_before = proc_rss_kib(pid) if pid else None
    live: list[SeatPlayer] = []
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        setup_started = time.perf_counter()
        readies = [asyncio.Event() for _ in range(args.tables)]
        slots = [asyncio.create_task(table_slot(bench, http, ready, live)) for ready in readies]
        await asyncio.gather(*(r.wait() for r in readies))
        setup_s = time.perf_counter() - setup_started
        connections = len(live)
        rss_ready = proc_rss_kib(pid) if pid else None
        print(f"setup: {args.tables} tables, {connections} connections in {setup_s:.1f} s; "
              f"playing for {args.duration:g} s", flush=True)
        # the bench's own heap is as large as the server's: keep its collector from pausing it for long
        gc.set_threshold(50_000, 20, 10)
        gc.freeze()
        cpu_before = proc_cpu_s(pid) if pid else None
        own_before = time.process_time()
        lags: list[float] = []
        lag_watch = asyncio.create_task(watch_lag(bench, lags))
        started = time.perf_counter()
        bench.started.set()
        await asyncio.sleep(args.duration)
        elapsed = time.perf_counter() - started
        cpu_after = proc_cpu_s(pid) if pid else None
        own_cpu = time.process_time() - own_before
        rss_end = proc_rss_kib(pid) if pid else None
        overdue = sum(1 for p in live if p.overdue())
        server_stats = (await http.get("/api/stats")).json() if args.server_stats else None
        pressure = read_pressure()
        bench.stopping.set()
        await asyncio.gather(*slots, lag_watch, return_exceptions=True)
    if overdue:
        stats.errors["unanswered"] += overdue
    lat = stats.latencies
    report: dict[str, Any] = {
        "game": args.game, "tables": args.tables, "connections": connections, "duration_s": round(elapsed, 2),
        "think_s": list(args.think), "setup_s": round(setup_s, 2),
        "moves": len(lat), "moves_per_s": round(len(lat) / elapsed, 1),
        "latency_ms": {"p50": round(percentile(lat, 0.50) * 1000, 2),
                       "p99": round(percentile(lat, 0.99) * 1000, 2),
                       "max": round(max(lat, default=float("nan")) * 1000, 2),
                       "mean": round(sum(lat) / len(lat) * 1000, 2) if lat else None},
        "errors": dict(stats.errors), "error_count": sum(stats.errors.values()),
        "games_finished": stats.games_finished, "tables_started": stats.tables_started,
        "frames_received": stats.frames, "bench_cpu_percent": round(100 * own_cpu / elapsed, 1),
        "bench_loop_lag_ms": {"p99": round(percentile(lags, 0.99) * 1000, 2),
                              "max": round(max(lags, default=float("nan")) * 1000, 2)},
    }
    if server_stats is not None:
        report["server_side"] = {k: server_stats[k] for k in ("move_ms", "commit_ms", "commits", "writes")}
    if pressure:
        report["machine_cpu_pressure"] = pressure
    if cpu_before is not None and cpu_after is not None:
        report["server_cpu_percent"] = round(100 * (cpu_after - cpu_before) / elapsed, 1)
    if rss_before and rss_ready and rss_end:
        report["server_rss_mib"] = {"before": round(rss_before / 1024, 1),
                                    "ready": round(rss_ready / 1024, 1), "end": round(rss_end / 1024, 1)}
        report["memory_per_table_kib"] = round((rss_end - rss_before) / args.tables, 1)
    return report


def print_report(r: dict[str, Any]) -> None:
    lat = r["latency_ms"]
    print(f"{r['game']}: {r['tables']} tables, {r['connections']} WebSocket connections, "
          f"{r['duration_s']} s, think {r['think_s'][0]}–{r['think_s'][1]} s")
    print(f"moves: {r['moves']} ({r['moves_per_s']}/s); move-to-update latency p50 {lat['p50']} ms, "
          f"p99 {lat['p99']} ms, max {lat['max']} ms")
    print(f"errors: {r['error_count']} {r['errors'] or ''}; games finished {r['games_finished']}")
    if "server_cpu_percent" in r:
        lag = r["bench_loop_lag_ms"]
        print(f"server CPU {r['server_cpu_percent']}% of a core; bench CPU {r['bench_cpu_percent']}%, its "
              f"event loop late by p99 {lag['p99']} ms, max {lag['max']} ms")
    if "server_side" in r:
        side = r["server_side"]
        print(f"server side: move (arrival to broadcast, commit included) p50 {side['move_ms']['p50']} ms, "
              f"p99 {side['move_ms']['p99']} ms; commit p50 {side['commit_ms']['p50']} ms, "
              f"p99 {side['commit_ms']['p99']} ms, {side['writes']} writes in {side['commits']} commits")
    if "machine_cpu_pressure" in r:
        print(f"machine CPU pressure (share of time tasks waited for a CPU): "
              f"{r['machine_cpu_pressure']['some_avg60']}% over the last minute")
    if "memory_per_table_kib" in r:
        m = r["server_rss_mib"]
        print(f"server memory: {m['before']} MiB before, {m['end']} MiB with the tables: "
              f"{r['memory_per_table_kib']} KiB per table (its {r['connections'] // r['tables']} connections "
              f"included)")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=500)
    p.add_argument("--game", default="euchre")
    p.add_argument("--duration", type=float, default=60.0, help="Seconds of play measured (at most 600).")
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"),
                   help="Each seat waits a uniform time in [MIN, MAX] seconds before moving.")
    p.add_argument("--url", help="A running server (loopback only); default: start one.")
    p.add_argument("--pid", type=int, help="The running server's process id, for its memory and CPU.")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, help="Also write the report here.")
    p.add_argument("--server-log", type=Path, help="Where the server the bench starts writes its log.")
    p.add_argument("--db-dir", type=Path, help="Folder for the database of the server the bench starts.")
    p.add_argument("--no-server-stats", dest="server_stats", action="store_false",
                   help="Do not read GET /api/stats (for servers without it).")
    args = p.parse_args()
    args.duration = min(args.duration, 600.0)
    proc = None
    folder = None
    if args.url:
        host = urlparse(args.url).hostname or ""
        if host not in LOOPBACK:
            allowed = ", ".join(sorted(LOOPBACK))
            raise SystemExit(f"--url must be a loopback address ({allowed}), not {host!r}")
        base, pid = args.url.rstrip("/"), args.pid
    else:
        folder = tempfile.TemporaryDirectory(prefix="gamenight-bench-", dir=args.db_dir)
        proc, base = start_server(Path(folder.name), args.server_log)
        pid = proc.pid
    try:
        with contextlib.suppress(ImportError):
            import uvloop

            asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
        report = asyncio.run(run_bench(args, base, pid))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(timeout=30)
        if folder is not None:
            folder.cleanup()
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

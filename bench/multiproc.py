"""Several ``gamenight serve`` processes on one PostgreSQL, under load, and killed (issue 31).

The bench starts ``--processes`` servers on one database (a throwaway PostgreSQL cluster it starts
itself, as the tests do, allowing ``--max-connections``, unless ``--db`` names an empty database)
and plays ``--tables`` tables of ``--game``, every seat a person: each seat watches over a WebSocket
on one process and sends its moves over HTTP, with a move id, to *another* process (when there are
several), so each move is made by its table's owner wherever it arrives and seen on a socket of a
process that did not make it. A seat thinks ``--think MIN MAX`` seconds before each move; a
finished table is replaced.

The seats are played by ``--clients`` bench processes (the tables split between them), so the
bench's own event loop is not the ceiling it measures; this process only starts, samples and kills.

``--kill-every S`` (the soak): every S seconds one process, chosen at random, is killed with SIGKILL
and a new one started on its port; sockets reconnect to another process and a move whose answer was
lost is sent again with its id to another. At the end every acknowledged move is looked up in the
database: lost (its id not stored at its version) and made twice (an id stored twice) must be 0.

Reported: tables, moves acknowledged and per second, move-to-update latency across processes (from
sending a move to its seat's socket on another process showing that version) p50/p99/max, the HTTP
answer's own latency, errors by kind, kills, acknowledged moves lost or doubled; CPU (each server,
PostgreSQL, the bench's clients) as a share of a core, the machine's load average; each server
slot's resident memory sampled every ``--sample-every`` s (first/median/last/max, and a line a
minute with ``--rss-lines``), and per table. ``--profile S`` samples each server with py-spy for S
seconds mid-run and reports the functions it was in most. Usage::

    python bench/multiproc.py [--processes 2] [--tables 40] [--duration 20] [--game euchre]
                              [--think 0.5 1.5] [--clients 2] [--kill-every 30] [--json F]

The long runs: ``--processes 4 --tables 1000 --duration 600`` (load), and ``--processes 4 --tables
200 --duration 1800 --kill-every 30`` (soak). Each server may hold up to 17 PostgreSQL connections.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import shutil
import signal
import statistics
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
#: how long the clients play before measuring (tables made, sockets open)
WARMUP_S = 8.0


# ---- the servers (this process) ------------------------------------------------------------------

class Process:
    """One ``gamenight serve`` on the shared database, on a port that stays its slot's."""

    def __init__(self, db_url: str, folder: Path, index: int) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.log = folder / f"serve-{index}.log"
        self.proc: subprocess.Popen[bytes] | None = None
        self.cpu_before = 0.0  # the CPU of the processes this one replaced
        self.rss: list[tuple[float, int]] = []  # (seconds into the run, KiB)
        self.started_at = 0.0

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
        self.started_at = time.monotonic()
        async with httpx.AsyncClient(base_url=self.base, timeout=5) as http:
            deadline = time.monotonic() + 60
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get("/api/games")).status_code == 200:
                        break
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"a server did not start: see {self.log}")
                await asyncio.sleep(0.05)

    def cpu_s(self) -> float:
        return self.cpu_before + (proc_cpu_s(self.proc.pid) or 0.0 if self.proc else 0.0)

    def kill(self) -> None:
        assert self.proc is not None
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


def tree_cpu_s(pid: int) -> float:
    """A process's CPU with its children's, living (by /proc) and reaped (cutime, cstime): PostgreSQL's
    postmaster and its backends."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    with contextlib.suppress(OSError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += sum(int(f) for f in fields[11:15]) / tick
    for child in Path("/proc").iterdir():
        if not child.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError):
            fields = (child / "stat").read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                total += (int(fields[11]) + int(fields[12])) / tick
    return total


@dataclass
class Orchestra:
    procs: list[Process]
    pg_pid: int | None
    clients: list[subprocess.Popen[bytes]] = field(default_factory=list)
    kills: int = 0
    t0: float = field(default_factory=time.monotonic)

    def cpu(self) -> dict[str, float]:
        return {"servers": sum(p.cpu_s() for p in self.procs),
                "postgres": tree_cpu_s(self.pg_pid) if self.pg_pid else 0.0,
                "clients": sum(proc_cpu_s(c.pid) or 0.0 for c in self.clients),
                **{f"server{i}": p.cpu_s() for i, p in enumerate(self.procs)}}


async def sample_memory(orch: Orchestra, every: float) -> None:
    while True:
        at = time.monotonic() - orch.t0
        for p in orch.procs:
            rss = proc_rss_kib(p.proc.pid) if p.proc else None
            if rss:
                p.rss.append((at, rss))
        await asyncio.sleep(every)


async def killer(orch: Orchestra, every: float, rng: random.Random) -> None:
    while True:
        await asyncio.sleep(every)
        victim = rng.choice(orch.procs)
        victim.kill()
        orch.kills += 1
        await victim.start()


async def profile(orch: Orchestra, seconds: float, folder: Path) -> dict[str, Any]:
    """py-spy on every server at once for ``seconds``: the functions each was in most (own time)."""
    spy = shutil.which("py-spy")
    if spy is None:
        return {"error": "py-spy is not installed"}
    runs = []
    for i, p in enumerate(orch.procs):
        out = folder / f"profile-{i}.txt"
        runs.append((out, await asyncio.create_subprocess_exec(
            spy, "record", "-p", str(p.proc.pid if p.proc else 0), "-d", str(int(seconds)), "-r", "50",
            "-f", "raw", "--nonblocking", "--gil", "-o", str(out),
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL)))
    report: dict[str, Any] = {}
    for i, (out, run) in enumerate(runs):
        await run.wait()
        report[f"server{i}"] = top_frames(out) if out.exists() else "no profile"
    return report


def top_frames(path: Path, n: int = 12) -> dict[str, Any]:
    """Of py-spy's collapsed stacks, the share of samples in each function itself, and under each
    of gamenight's own functions."""
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        samples = int(count)
        total += samples
        frames = stack.split(";")
        own[frames[-1]] += samples
        for frame in set(frames):
            if "gamenight/" in frame:
                under[frame] += samples
    share = {k: round(100 * v / max(1, total), 1) for k, v in own.most_common(n)}
    inside = {k: round(100 * v / max(1, total), 1) for k, v in under.most_common(n)}
    return {"samples": total, "own_percent": share, "under_percent": inside}


def rss_summary(p: Process) -> dict[str, float]:
    values = [kib / 1024 for _, kib in p.rss]
    if not values:
        return {}
    return {"first": round(values[0], 1), "median": round(statistics.median(values), 1),
            "last": round(values[-1], 1), "max": round(max(values), 1), "min": round(min(values), 1)}


def rss_lines(orch: Orchestra, every: float = 60.0) -> list[str]:
    """A line a minute: each slot's resident MiB (a slot's process may be a new one after a kill)."""
    lines = []
    minute = 0.0
    end = max((at for p in orch.procs for at, _ in p.rss), default=0.0)
    while minute <= end:
        row = []
        for p in orch.procs:
            near = min(p.rss, key=lambda s: abs(s[0] - minute), default=None)
            row.append(f"{near[1] / 1024:6.1f}" if near else "     -")
        lines.append(f"{minute / 60:5.1f} min: " + " ".join(row))
        minute += every
    return lines


# ---- the seats (the client processes) ------------------------------------------------------------

@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    when: list[float] = field(default_factory=list)  # seconds into the window of each latency
    answers: list[float] = field(default_factory=list)
    acked: list[tuple[str, str, int]] = field(default_factory=list)  # (table, move id, version)
    errors: Counter[str] = field(default_factory=Counter)
    tables: int = 0
    moves_measured: int = 0
    lags: list[float] = field(default_factory=list)


@dataclass
class Bench:
    ports: list[int]
    game: str
    players: int
    think: tuple[float, float]
    rng: random.Random
    window: tuple[float, float]  # wall-clock seconds (time.time) measured: the same in every client
    by_table: bool = False  # every page and move of a table to the process that made it
    tally: Tally = field(default_factory=Tally)
    clients: dict[int, httpx.AsyncClient] = field(default_factory=dict)
    stopping: bool = False

    @property
    def measuring(self) -> bool:
        return self.window[0] <= time.time() < self.window[1]

    def http(self, port: int) -> httpx.AsyncClient:
        """One client per process (making one costs tens of milliseconds: it would be the latency)."""
        client = self.clients.get(port)
        if client is None:
            client = self.clients[port] = httpx.AsyncClient(
                base_url=f"http://127.0.0.1:{port}", timeout=15, limits=httpx.Limits(max_connections=200))
        return client

    def other(self, avoid: int | None = None) -> int:
        """Another process than the seat's socket's (a killed one refuses at once: the next try
        goes to another); with ``--routing table``, the same one while it lives."""
        if self.by_table and avoid is not None:
            return avoid
        others = [p for p in self.ports if p != avoid] or self.ports
        return self.rng.choice(others)


class Seat:
    """A seat's socket on one process; its moves go to another."""

    def __init__(self, bench: Bench, table_id: str, seat: int, token: str, home: int) -> None:
        self.bench, self.table_id, self.seat, self.token, self.home = bench, table_id, seat, token, home
        self.frame: dict[str, Any] | None = None
        self.arrivals: list[tuple[int, float]] = []
        self.changed = asyncio.Event()
        self.moving = False
        self.over = False
        self.mover: asyncio.Task[None] | None = None

    async def watch(self) -> None:
        while not self.bench.stopping and not self.over:
            url = f"ws://127.0.0.1:{self.home}/ws/tables/{self.table_id}?token={self.token}"
            try:
                async with websockets.connect(url, open_timeout=10, ping_interval=None,
                                              compression=None, max_size=2**22) as ws:
                    async for raw in ws:
                        self.heard(json.loads(raw), time.perf_counter())
                        if self.over:
                            return
            except TimeoutError:
                continue  # a busy process: the same one again
            except (OSError, websockets.WebSocketException):
                pass
            self.home = self.bench.other(avoid=self.home)  # its process died: another, after a breath
            await asyncio.sleep(0.1)

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
            measured = self.bench.measuring
            sent = time.perf_counter()
            version = await self.post(body)
            if version is not None:
                if measured:
                    self.bench.tally.moves_measured += 1
                    self.bench.tally.answers.append(time.perf_counter() - sent)
                await self.seen(version, sent, measured)
        finally:
            self.moving = False
            frame = self.frame
            if (frame is not None and not self.over and not self.bench.stopping
                    and self.seat in frame["view"]["to_act"]):
                self.heard(frame, time.perf_counter())  # still to act: choose again

    async def post(self, body: dict[str, Any]) -> int | None:
        tally = self.bench.tally
        deadline = time.monotonic() + MOVE_DEADLINE_S
        to = self.bench.other(avoid=self.home)
        while time.monotonic() < deadline and not self.bench.stopping:
            try:
                r = await self.bench.http(to).post(f"/api/tables/{self.table_id}/moves", json=body)
            except httpx.TransportError:
                to = self.bench.other(avoid=to)
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
        if not self.bench.stopping:
            tally.errors["move_unanswered"] += 1
        return None

    async def seen(self, version: int, sent: float, measured: bool) -> None:
        deadline = time.monotonic() + UPDATE_DEADLINE_S
        while True:
            arrived = next((at for v, at in self.arrivals if v >= version), None)
            if arrived is not None:
                if measured:
                    self.bench.tally.latencies.append(max(0.0, arrived - sent))
                    self.bench.tally.when.append(time.time() - self.bench.window[0])
                return
            if time.monotonic() > deadline:
                if not self.bench.stopping:
                    self.bench.tally.errors["update_not_seen"] += 1
                return
            self.changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), 1.0)


async def table_slot(bench: Bench, index: int, delay: float) -> None:
    """One table at a time, made on process ``index``'s turn after ``delay`` (the tables arrive
    over the warm-up, as a family's do, not all in one instant); a finished one is replaced."""
    await asyncio.sleep(delay)
    while not bench.stopping:
        maker = bench.ports[index % len(bench.ports)]
        try:
            asked = [{"kind": "human"}] * bench.players
            r = await bench.http(maker).post("/api/tables", json={"game": bench.game, "seats": asked})
            r.raise_for_status()
        except (httpx.TransportError, httpx.HTTPStatusError):
            await asyncio.sleep(0.2 + bench.rng.random())
            index += 1
            continue
        created = r.json()
        bench.tally.tables += 1
        homes = [maker if bench.by_table else bench.ports[(index + s["seat"]) % len(bench.ports)]
                 for s in created["seats"]]
        seats = [Seat(bench, created["table_id"], s["seat"], s["token"], home)
                 for s, home in zip(created["seats"], homes, strict=True)]
        try:
            await asyncio.gather(*(s.watch() for s in seats))
        finally:
            for s in seats:
                if s.mover is not None:
                    s.mover.cancel()


async def watch_lag(bench: Bench) -> None:
    """How late this client's event loop wakes: a late client inflates the latencies it measures."""
    while not bench.stopping:
        t = time.perf_counter()
        await asyncio.sleep(0.05)
        if bench.measuring:
            bench.tally.lags.append(time.perf_counter() - t - 0.05)


async def play(spec: dict[str, Any]) -> dict[str, Any]:
    """A client process: its share of the tables, until the end of the measured window."""
    import gc

    bench = Bench(spec["ports"], spec["game"], spec["players"], tuple(spec["think"]),
                  random.Random(spec["seed"]), tuple(spec["window"]), spec["routing"] == "table")
    gc.set_threshold(50_000, 20, 10)  # the seats' frames make a large heap: no long collector pauses
    ramp = spec["ramp"] / max(1, spec["tables"])
    slots = [asyncio.create_task(table_slot(bench, i, i * ramp)) for i in spec["slots"]]
    lag = asyncio.create_task(watch_lag(bench))
    cpu = 0.0
    while time.time() < bench.window[1]:
        await asyncio.sleep(min(1.0, max(0.0, bench.window[1] - time.time())))
        if time.time() < bench.window[0]:
            cpu = time.process_time()
    cpu = time.process_time() - cpu
    bench.stopping = True
    for task in [*slots, lag]:
        task.cancel()
    await asyncio.gather(*slots, lag, return_exceptions=True)
    for client in bench.clients.values():
        with contextlib.suppress(Exception):
            await client.aclose()
    t = bench.tally
    return {"latencies": t.latencies, "when": t.when, "answers": t.answers, "acked": t.acked,
            "errors": dict(t.errors),
            "tables": t.tables, "moves": t.moves_measured, "cpu_s": cpu,
            "lag_p99_ms": round(percentile(t.lags, 0.99) * 1000, 1)}


def client_main(spec_path: str) -> None:
    spec = json.loads(Path(spec_path).read_text())
    with contextlib.suppress(ImportError):
        import uvloop

        asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    result = asyncio.run(play(spec))
    Path(spec["out"]).write_text(json.dumps(result))


# ---- the run -------------------------------------------------------------------------------------

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


def by_tenth(results: list[dict[str, Any]], seconds: float) -> list[tuple[float, float]]:
    """The latency's p50 and p99 in each tenth of the measured window (is it level, or still
    settling from the tables' arrival?)."""
    tenths: list[list[float]] = [[] for _ in range(10)]
    for r in results:
        for at, lat in zip(r["when"], r["latencies"], strict=True):
            tenths[min(9, max(0, int(10 * at / seconds)))].append(lat)
    return [(round(percentile(t, 0.5) * 1000, 1), round(percentile(t, 0.99) * 1000, 1)) for t in tenths]


async def server_stats(procs: list[Process]) -> list[dict[str, Any]]:
    """Each server's own timings (``/api/stats``): a move's time under its table's lock, a commit's."""
    out = []
    async with httpx.AsyncClient(timeout=10) as http:
        for p in procs:
            try:
                got = (await http.get(p.base + "/api/stats")).json()
                out.append({k: got.get(k) for k in ("process", "tables_owned", "tables_followed", "move_ms",
                                                     "commit_ms", "commits", "writes")})
            except (httpx.HTTPError, ValueError):
                out.append({})
    return out


def start_clients(args: argparse.Namespace, orch: Orchestra, players: int, window: tuple[float, float],
                  folder: Path) -> list[Path]:
    outs = []
    for c in range(args.clients):
        spec = {"ports": [p.port for p in orch.procs], "game": args.game, "players": players,
                "think": list(args.think), "seed": args.seed * 1000 + c, "window": list(window),
                "slots": list(range(c, args.tables, args.clients)), "out": str(folder / f"client-{c}.json"),
                "tables": args.tables, "ramp": 0.7 * (window[0] - time.time()), "routing": args.routing}
        path = folder / f"client-{c}.spec.json"
        path.write_text(json.dumps(spec))
        outs.append(Path(spec["out"]))
        orch.clients.append(subprocess.Popen(
            [sys.executable, __file__, "--client", str(path)],
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")}))
    return outs


async def run(args: argparse.Namespace, db_url: str, folder: Path, pg_pid: int | None) -> dict[str, Any]:
    import gamenight

    procs = [Process(db_url, folder, i) for i in range(args.processes)]
    await procs[0].start()  # one first: it creates the database's tables
    await asyncio.gather(*(p.start() for p in procs[1:]))
    orch = Orchestra(procs, pg_pid)
    rss_before = sum(proc_rss_kib(p.proc.pid) or 0 for p in procs if p.proc)
    players = gamenight.new(args.game, seed=1).num_players
    warmup = max(WARMUP_S, args.tables / 15)  # every process loads every table: some 15 a second
    window = (time.time() + warmup, time.time() + warmup + args.duration)
    outs = start_clients(args, orch, players, window, folder)
    sampler = asyncio.create_task(sample_memory(orch, args.sample_every))
    rng = random.Random(args.seed)
    await asyncio.sleep(max(0.0, window[0] - time.time()))
    load_before = os.getloadavg()
    cpu_before = orch.cpu()
    kills = asyncio.create_task(killer(orch, args.kill_every, rng)) if args.kill_every else None
    profiled = None
    if args.profile:
        await asyncio.sleep(max(0.0, (args.duration - args.profile) / 2))
        profiled = await profile(orch, args.profile, folder)
    await asyncio.sleep(max(0.0, window[1] - time.time()))
    cpu_after = orch.cpu()
    load_after = os.getloadavg()
    rss = sum(proc_rss_kib(p.proc.pid) or 0 for p in procs if p.proc)
    if kills is not None:
        kills.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await kills
    server_side = await server_stats(procs)
    for c in orch.clients:
        await asyncio.to_thread(c.wait, 120)
    sampler.cancel()
    for p in procs:
        p.stop()
    results = [json.loads(o.read_text()) for o in outs if o.exists()]
    lat = [x for r in results for x in r["latencies"]]
    answers = [x for r in results for x in r["answers"]]
    acked = [tuple(a) for r in results for a in r["acked"]]
    errors: Counter[str] = Counter()
    for r in results:
        errors.update(r["errors"])
    if len(results) < args.clients:
        errors["client_failed"] += args.clients - len(results)
    moves = sum(r["moves"] for r in results)
    elapsed = args.duration
    used = {k: cpu_after[k] - cpu_before.get(k, 0.0) for k in cpu_after}
    client_cpu = sum(r["cpu_s"] for r in results)

    def ms(xs: list[float], q: float) -> float:
        return round(percentile(xs, q) * 1000, 1)

    report: dict[str, Any] = {
        "processes": args.processes, "tables": args.tables, "game": args.game, "clients": args.clients,
        "routing": args.routing,
        "think_s": list(args.think), "seconds": elapsed,
        "tables_started": sum(r["tables"] for r in results), "moves": moves,
        "moves_per_s": round(moves / elapsed, 1),
        "latency_ms": {"p50": ms(lat, 0.5), "p90": ms(lat, 0.9), "p99": ms(lat, 0.99),
                       "max": round(max(lat, default=0.0) * 1000, 1), "n": len(lat)},
        "answer_ms": {"p50": ms(answers, 0.5), "p99": ms(answers, 0.99)},
        "latency_p50_p99_ms_by_tenth": by_tenth(results, elapsed),
        "errors": dict(errors), "kills": orch.kills,
        "cpu_percent_of_a_core": {
            "servers": round(100 * used["servers"] / elapsed, 1),
            **{f"server{i}": round(100 * used[f"server{i}"] / elapsed, 1) for i in range(args.processes)},
            "postgres": round(100 * used["postgres"] / elapsed, 1) if pg_pid else None,
            "clients": round(100 * client_cpu / elapsed, 1)},
        "client_loop_lag_p99_ms": [r["lag_p99_ms"] for r in results],
        "server_cpu_ms_per_move": round(1000 * used["servers"] / max(1, moves), 2),
        "load_average": {"before": [round(x, 2) for x in load_before],
                         "after": [round(x, 2) for x in load_after]},
        "rss_mib": round(rss / 1024, 1),
        "rss_kib_per_table": None if orch.kills else round(max(0, rss - rss_before) / args.tables, 1),
        "rss_per_server_mib": [rss_summary(p) for p in procs],
        "server_side": server_side,
        "moves_checked": check_database(db_url, acked),
    }
    if args.rss_lines:
        report["rss_a_minute_mib"] = rss_lines(orch)
    if profiled is not None:
        report["profile"] = profiled
    return report


def start_pg(max_connections: int) -> tuple[Any, str]:
    from tests.server.conftest import find_pg_bin, start_postgres

    bin_dir = find_pg_bin()
    if bin_dir is None:
        sys.exit("PostgreSQL's initdb and postgres were not found: give --db postgresql://...")
    pg = start_postgres(bin_dir, (f"max_connections={max_connections}", "shared_buffers=128MB"))
    return pg, pg.url(pg.new_database())


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--client":
        client_main(sys.argv[2])
        return
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--processes", type=int, default=2)
    p.add_argument("--tables", type=int, default=40)
    p.add_argument("--duration", type=float, default=20.0, help="seconds measured")
    p.add_argument("--game", default="euchre")
    p.add_argument("--think", type=float, nargs=2, default=(0.5, 1.5), metavar=("MIN", "MAX"))
    p.add_argument("--clients", type=int, default=2, help="bench processes playing the seats")
    p.add_argument("--routing", choices=("spread", "table"), default="spread",
                   help="spread: a table's pages on every process, its moves sent to another one "
                        "(the worst case); table: all of a table's pages and moves on the process that "
                        "made it (a proxy hashing the table's id)")
    p.add_argument("--kill-every", type=float, default=0.0, metavar="S", help="SIGKILL a process every S s")
    p.add_argument("--db", help="an empty PostgreSQL database (default: a throwaway cluster)")
    p.add_argument("--max-connections", type=int, default=200, help="the throwaway cluster's")
    p.add_argument("--sample-every", type=float, default=10.0, help="seconds between memory samples")
    p.add_argument("--rss-lines", action="store_true", help="report each server's memory a minute")
    p.add_argument("--profile", type=float, default=0.0, metavar="S", help="py-spy each server S s")
    p.add_argument("--seed", type=int, default=31)
    p.add_argument("--json", type=Path, help="write the report here too")
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gamenight-multiproc-"))
    pg = None
    db_url = args.db
    if db_url is None:
        pg, db_url = start_pg(args.max_connections)
    try:
        report = asyncio.run(run(args, db_url, folder, pg.proc.pid if pg is not None else None))
    finally:
        if pg is not None:
            from tests.server.conftest import stop_postgres

            stop_postgres(pg)
    report["folder"] = str(folder)
    print(json.dumps(report, indent=2))
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()

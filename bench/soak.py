"""Soak: all-bot tables on a real ``gamenight serve``, SIGKILLed at random and restarted, losing nothing.

The bench starts ``python -m gamenight serve`` on a free loopback port (a fresh SQLite file, or the
database ``--db`` names: an SQLite path or URL, or a PostgreSQL URL of an empty database), creates
``--tables`` tables whose seats are all bots (``--bot-delay-ms`` between their moves), and follows
each over the HTTP API only: it polls ``GET /api/tables/{id}`` every ``--poll`` seconds and records
every version it is shown with a hash of the public view at that version; a version the server
showed is a move it acknowledged (the service commits a move before anything can see it). A
table whose game ends has its log read (``GET /api/tables/{id}/log``) and is replaced by a new
one, so the load stays level. Meanwhile the server is killed with SIGKILL ``--kill-every``
seconds on average (uniformly 0.5–1.5 times that) after it last answered, and started again on the
same database.

When ``--duration`` is up the bench reads every table once more, kills and restarts the server one
last time, checks that every table loads and that every unfinished one moves on by itself (its
bots resume), stops the server and then reads the database directly. Reported:

* acknowledged moves lost — for each table, the versions it was shown beyond the moves stored,
  plus tables whose stored moves replay to a different public view at a version it was shown, or
  differ from the log it was given (must be 0);
* tables broken — a table that answers 404/500, or does not move on after the last restart;
* restart time — from starting the process to its first answer (every unfinished table is
  replayed before the server listens), median and max;
* the server's memory — resident set size, peak, at the end, and just after each restart.

Usage::

    python bench/soak.py [--tables 200] [--duration 600] [--kill-every 30] [--db URL]
                         [--bot-delay-ms 200] [--poll 1.0] [--games euchre,hearts] [--json out.json]

Everything it sends goes to the server it started, on 127.0.0.1; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

import gamenight
from gamenight.server.storage import Storage, StoredTable, normalise_db_url
from server_load import free_port, proc_rss_kib

#: the longest soak the bench runs, in seconds
MAX_DURATION_S = 3600.0
#: how long a server may take to answer after it is started
START_TIMEOUT_S = 300.0
#: after the last restart, how long an unfinished table may take to make its next move
RESUME_TIMEOUT_S = 60.0
#: requests the bench has in flight at once
CONNECTIONS = 32


def view_hash(view: Any) -> str:
    """A digest of a view as JSON, the same whichever encoder wrote it (keys sorted, tuples as lists)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


@dataclass
class Watch:
    """What the bench was shown of one table: each version acknowledged, with its public view's hash."""

    table_id: str
    game: str
    seen: dict[int, str] = field(default_factory=dict)
    acked: int = 0
    over: bool = False
    log_moves: list[tuple[int, str]] | None = None
    #: why the table could not be loaded or continued, if it could not
    broken: str | None = None

    def observe(self, snapshot: dict[str, Any]) -> None:
        version: int = snapshot["version"]
        self.seen.setdefault(version, view_hash(snapshot["view"]))
        self.acked = max(self.acked, version)
        self.over = self.over or bool(snapshot["view"].get("is_over"))


@dataclass
class Tally:
    kills: int = 0
    restart_s: list[float] = field(default_factory=list)
    rss_samples_kib: list[int] = field(default_factory=list)
    rss_after_restart_kib: list[int] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    created: int = 0
    unacknowledged_creates: int = 0
    games_finished: int = 0
    #: requests tried again at once after a transport error while the server was up
    retried: int = 0


class ServerProcess:
    """``gamenight serve`` in a subprocess on a loopback port, its output appended to ``log``."""

    def __init__(self, db_url: str, log: Path) -> None:
        self.db_url = db_url
        self.log = log
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc is not None and self.proc.poll() is None else None

    def start(self) -> float:
        """Start the server; the seconds until it answered."""
        started = time.perf_counter()
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                # one client drives every table here: the per-client limits, meant for people, are off
                [sys.executable, "-m", "gamenight", "serve", "--port", str(self.port), "--db", self.db_url,
                 "--tables-per-minute", "0", "--moves-per-minute", "0", "--connections-per-client", "0"],
                stdout=out, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
        with httpx.Client(base_url=self.base, timeout=5) as client:
            while True:
                if self.proc.poll() is not None:
                    raise SystemExit(f"the server exited with {self.proc.returncode}: see {self.log}")
                try:
                    if client.get("/api/games").status_code == 200:
                        return time.perf_counter() - started
                except httpx.TransportError:
                    pass
                if time.perf_counter() - started > START_TIMEOUT_S:
                    self.proc.kill()
                    raise SystemExit(f"the server did not answer in {START_TIMEOUT_S:g} s: see {self.log}")
                time.sleep(0.02)

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)


class Soak:
    """The tables, the killer and the samplers of one run."""

    def __init__(self, args: argparse.Namespace, server: ServerProcess, http: httpx.AsyncClient,
                 games: list[dict[str, Any]]) -> None:
        self.args = args
        self.server = server
        self.http = http
        self.games = games
        self.rng = random.Random(args.seed)
        self.watches: list[Watch] = []
        self.tally = Tally()
        self.up = asyncio.Event()
        self.up.set()
        self.stopping = asyncio.Event()
        #: the machine's load when the run began (1, 5, 15 minutes): other work skews every figure
        self.load_at_start = [round(x, 1) for x in os.getloadavg()]

    # ---- requests that survive the server's death ----------------------------------------------

    async def request(self, method: str, url: str, **kwargs: Any) -> httpx.Response | None:
        """The response, or None if the server could not answer (killed, restarting): the caller
        tries again, once the server is back."""
        for attempt in range(2):
            try:
                return await self.http.request(method, url, **kwargs)
            except httpx.TransportError as e:
                if not self.up.is_set():
                    break
                if attempt == 0:  # a pooled connection to the server killed before: once more, afresh
                    self.tally.retried += 1
                    continue
                # not a kill of ours: a real failure of the server or the network
                self.tally.errors[f"transport error while up: {type(e).__name__}"] += 1
                await asyncio.sleep(0.5)
        await self.up.wait()
        return None

    def refused(self, what: str, response: httpx.Response) -> str:
        try:
            code = response.json()["error"]["code"]
        except (ValueError, KeyError, TypeError):
            code = "?"
        reason = f"{what}: {response.status_code} {code}"
        self.tally.errors[reason] += 1
        return reason

    # ---- tables ------------------------------------------------------------------------------------

    async def create(self, game: dict[str, Any]) -> Watch | None:
        body = {"game": game["id"], "seats": [{"kind": "bot"}] * game["default_players"],
                "bot_delay_ms": self.args.bot_delay_ms}
        while not self.stopping.is_set():
            r = await self.request("POST", "/api/tables", json=body)
            if r is None:  # killed mid-request: the table may exist, but nobody was told so
                self.tally.unacknowledged_creates += 1
                continue
            if r.status_code != 201:
                self.refused("create", r)
                await asyncio.sleep(1.0)
                continue
            watch = Watch(r.json()["table_id"], game["id"])
            self.watches.append(watch)
            self.tally.created += 1
            return watch
        return None

    async def poll(self, watch: Watch) -> bool:
        """One look at the table; False if it is broken (unknown or unreadable after acknowledgement)."""
        r = await self.request("GET", f"/api/tables/{watch.table_id}")
        if r is None:
            return True
        if r.status_code == 200:
            watch.observe(r.json())
            return True
        reason = self.refused("read", r)
        if r.status_code in (404, 500):
            watch.broken = reason
            return False
        return True

    async def read_log(self, watch: Watch) -> None:
        while watch.log_moves is None:
            r = await self.request("GET", f"/api/tables/{watch.table_id}/log")
            if r is None:
                continue
            if r.status_code != 200:
                watch.broken = self.refused("log", r)
                return
            watch.log_moves = [(int(seat), str(move)) for seat, move in r.json()["moves"]]

    async def follow(self, watch: Watch) -> None:
        """Poll the table until its game is over (then read its log) or the run ends."""
        while not self.stopping.is_set():
            await asyncio.sleep(self.args.poll * self.rng.uniform(0.75, 1.25))
            if not await self.poll(watch):
                return
            if watch.over:
                self.tally.games_finished += 1
                await self.read_log(watch)
                return

    async def slot(self, index: int) -> None:
        """One of the ``--tables`` places: a table followed to its end, then the next game's."""
        turn = index
        while not self.stopping.is_set():
            watch = await self.create(self.games[turn % len(self.games)])
            if watch is None:
                return
            await self.follow(watch)
            turn += 1

    # ---- the killer and the samplers -------------------------------------------------------------

    async def restart(self) -> None:
        self.up.clear()
        self.server.kill()
        self.tally.kills += 1
        took = await asyncio.to_thread(self.server.start)
        self.tally.restart_s.append(took)
        if (rss := proc_rss_kib(self.server.pid or 0)) is not None:
            self.tally.rss_after_restart_kib.append(rss)
        self.up.set()

    async def killer(self) -> None:
        while True:
            wait = self.args.kill_every * self.rng.uniform(0.5, 1.5)
            try:
                await asyncio.wait_for(self.stopping.wait(), timeout=wait)
                return
            except TimeoutError:
                await self.restart()

    async def sample_memory(self) -> None:
        while not self.stopping.is_set():
            if self.up.is_set() and (rss := proc_rss_kib(self.server.pid or 0)) is not None:
                self.tally.rss_samples_kib.append(rss)
            await asyncio.sleep(1.0)

    def status(self) -> str:
        t = self.tally
        moves = sum(w.acked for w in self.watches)
        restart = f"{statistics.median(t.restart_s):.2f} s" if t.restart_s else "-"
        rss = f"{t.rss_samples_kib[-1] / 1024:.0f} MiB" if t.rss_samples_kib else "-"
        broken = sum(1 for w in self.watches if w.broken)
        return (f"tables {len(self.watches)} ({t.games_finished} over) · moves seen {moves:,} "
                f"· kills {t.kills} · restart p50 {restart} · RSS {rss} · broken {broken} "
                f"· errors {sum(t.errors.values())}")

    # ---- the run ---------------------------------------------------------------------------------

    async def run(self) -> None:
        tasks = [asyncio.create_task(self.slot(i)) for i in range(self.args.tables)]
        killer = asyncio.create_task(self.killer())
        sampler = asyncio.create_task(self.sample_memory())
        progress = Progress(TextColumn("[bold]soak"), BarColumn(), TimeElapsedColumn(), TextColumn("/"),
                            TimeRemainingColumn(), TextColumn("{task.fields[status]}"),
                            console=Console(stderr=True), transient=False)
        with progress:
            bar = progress.add_task("soak", total=self.args.duration, status="starting")
            started = time.monotonic()
            while (elapsed := time.monotonic() - started) < self.args.duration:
                progress.update(bar, completed=elapsed, status=self.status())
                await asyncio.sleep(0.5)
            progress.update(bar, completed=self.args.duration, status=self.status())
        self.stopping.set()
        await asyncio.gather(killer, sampler)
        await asyncio.gather(*tasks)

    async def final_check(self) -> None:
        """Read every table, kill and restart the server once more, then every table must load and
        every unfinished one must move on by itself."""
        gate = asyncio.Semaphore(CONNECTIONS)

        async def look(watch: Watch) -> None:
            async with gate:
                await self.poll(watch)

        live = [w for w in self.watches if not w.broken]
        await asyncio.gather(*(look(w) for w in live))
        before = {w.table_id: w.acked for w in live}
        await self.restart()

        async def resumes(watch: Watch) -> None:
            deadline = time.monotonic() + RESUME_TIMEOUT_S
            async with gate:
                if not await self.poll(watch):
                    return
            while not watch.over and watch.acked <= before[watch.table_id]:
                if time.monotonic() > deadline:
                    watch.broken = f"no move within {RESUME_TIMEOUT_S:g} s of the restart"
                    return
                await asyncio.sleep(0.5)
                async with gate:
                    if not await self.poll(watch):
                        return
            if watch.over:
                await self.read_log(watch)

        await asyncio.gather(*(resumes(w) for w in live if not w.broken))


# ---- what was acknowledged against what is stored ---------------------------------------------------


@dataclass
class Verdict:
    moves_acknowledged: int = 0
    moves_lost: int = 0
    tables_missing: list[str] = field(default_factory=list)
    tables_diverged: list[str] = field(default_factory=list)


def stored_views(stored: StoredTable, versions: Iterable[int]) -> dict[int, str]:
    """The public view's hash at each of ``versions`` (at most the stored moves), by replaying the
    stored moves as the server does at start-up."""
    record = stored.record
    wanted = sorted(v for v in set(versions) if v <= len(stored.moves))
    state = gamenight.new(record.game, players=record.players, seed=record.seed, options=record.options)
    state.preset = record.preset
    out: dict[int, str] = {}
    played = 0
    for version in wanted:
        for seat, move in stored.moves[played:version]:
            state.play(move, seat)
        played = version
        out[version] = view_hash(state.view(None))
    return out


def verify(storage: Storage, watches: Iterable[Watch]) -> Verdict:
    """Every version a client was shown must be stored, and replay to the view it was shown."""
    verdict = Verdict()
    for watch in watches:
        verdict.moves_acknowledged += watch.acked
        stored = storage.load_table(watch.table_id)
        if stored is None:
            verdict.tables_missing.append(watch.table_id)
            verdict.moves_lost += watch.acked
            continue
        verdict.moves_lost += max(0, watch.acked - len(stored.moves))
        try:
            replayed = stored_views(stored, watch.seen)
        except gamenight.GameError:
            replayed = {}
        shown = {v: h for v, h in watch.seen.items() if v <= len(stored.moves)}
        if replayed != shown or (watch.log_moves is not None and watch.log_moves != stored.moves):
            verdict.tables_diverged.append(watch.table_id)
    return verdict


# ---- report -------------------------------------------------------------------------------------


def mib(kib: Iterable[int]) -> dict[str, float | None]:
    values = list(kib)
    if not values:
        return {"median": None, "max": None}
    return {"median": round(statistics.median(values) / 1024, 1), "max": round(max(values) / 1024, 1)}


def build_report(args: argparse.Namespace, soak: Soak, verdict: Verdict, db_kind: str,
                 first_start_s: float, elapsed_s: float) -> dict[str, Any]:
    t = soak.tally
    broken = [w for w in soak.watches if w.broken]
    return {
        "database": db_kind, "tables": args.tables, "duration_s": round(elapsed_s, 1),
        "kill_every_s": args.kill_every, "bot_delay_ms": args.bot_delay_ms,
        "games": [g["id"] for g in soak.games],
        "tables_created": t.created, "games_finished": t.games_finished,
        "unacknowledged_creates": t.unacknowledged_creates,
        "moves_acknowledged": verdict.moves_acknowledged,
        "acknowledged_moves_lost": verdict.moves_lost,
        "tables_missing": verdict.tables_missing, "tables_diverged": verdict.tables_diverged,
        "tables_broken": len(broken),
        "broken": {w.table_id: w.broken for w in broken[:20]},
        "kills": t.kills,
        "first_start_s": round(first_start_s, 2),
        "restart_s": {"median": round(statistics.median(t.restart_s), 2) if t.restart_s else None,
                      "max": round(max(t.restart_s), 2) if t.restart_s else None},
        "server_rss_mib": {"peak": mib(t.rss_samples_kib)["max"],
                           "end": round(t.rss_samples_kib[-1] / 1024, 1) if t.rss_samples_kib else None,
                           "after_restart": mib(t.rss_after_restart_kib)},
        "errors": dict(t.errors), "retried_requests": t.retried,
        "load_average": {"start": soak.load_at_start, "end": [round(x, 1) for x in os.getloadavg()]},
    }


def print_report(r: dict[str, Any]) -> None:
    lost_ok = r["acknowledged_moves_lost"] == 0 and not r["tables_missing"] and not r["tables_diverged"]
    print(f"soak on {r['database']}: {r['tables']} tables of {', '.join(r['games'])} "
          f"for {r['duration_s']} s, bots every {r['bot_delay_ms']} ms, "
          f"SIGKILL every ~{r['kill_every_s']:g} s")
    print(f"tables created {r['tables_created']} ({r['games_finished']} games finished); "
          f"moves acknowledged {r['moves_acknowledged']:,}")
    print(f"acknowledged moves lost: {r['acknowledged_moves_lost']} "
          f"(tables missing {len(r['tables_missing'])}, diverged {len(r['tables_diverged'])}) "
          f"{'OK' if lost_ok else 'FAILED'}")
    print(f"tables broken: {r['tables_broken']} {r['broken'] or ''}")
    rs = r["restart_s"]
    print(f"kills {r['kills']}; restart (start to first answer) median {rs['median']} s, max {rs['max']} s; "
          f"first start {r['first_start_s']} s")
    m = r["server_rss_mib"]
    print(f"server RSS: peak {m['peak']} MiB, at the end {m['end']} MiB, just after a restart median "
          f"{m['after_restart']['median']} MiB, max {m['after_restart']['max']} MiB")
    print(f"errors: {sum(r['errors'].values())} {r['errors'] or ''} ({r['retried_requests']} requests "
          f"retried once on a fresh connection); machine load average "
          f"(1/5/15 min) {r['load_average']['start']} at the start, {r['load_average']['end']} at the end")


async def soak_run(args: argparse.Namespace, server: ServerProcess) -> tuple[Soak, float]:
    limits = httpx.Limits(max_connections=CONNECTIONS)
    async with httpx.AsyncClient(base_url=server.base, timeout=30, limits=limits) as http:
        listed = (await http.get("/api/games")).json()
        wanted = args.games.split(",") if args.games else [g["id"] for g in listed]
        games = [g for g in listed if g["id"] in wanted]
        unknown = set(wanted) - {g["id"] for g in games}
        if unknown:
            known = ", ".join(g["id"] for g in listed)
            raise SystemExit(f"No game {', '.join(sorted(unknown))} on that server: {known}")
        soak = Soak(args, server, http, games)
        started = time.monotonic()
        await soak.run()
        await soak.final_check()
        return soak, time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200, help="Tables in play at once.")
    p.add_argument("--duration", type=float, default=600.0,
                   help=f"Seconds of play (at most {MAX_DURATION_S:g}).")
    p.add_argument("--kill-every", type=float, default=30.0, help="Mean seconds between SIGKILLs.")
    p.add_argument("--db", help="Database: an SQLite file or URL, or postgresql://... (an empty database); "
                               "default: a new SQLite file in a temporary folder.")
    p.add_argument("--bot-delay-ms", type=int, default=200, help="The tables' bot delay.")
    p.add_argument("--poll", type=float, default=1.0, help="Seconds between two reads of a table.")
    p.add_argument("--games", help="Comma-separated game ids (default: every game), dealt round the tables.")
    p.add_argument("--seed", type=int, default=1, help="Seeds the kill times and poll jitter.")
    p.add_argument("--json", type=Path, help="Also write the report here.")
    p.add_argument("--server-log", type=Path,
                   help="Where the server writes its log (default: the temporary folder).")
    args = p.parse_args(argv)
    args.duration = min(args.duration, MAX_DURATION_S)
    with tempfile.TemporaryDirectory(prefix="gamenight-soak-") as folder:
        db_url = normalise_db_url(args.db) if args.db else f"sqlite:///{Path(folder) / 'soak.db'}"
        server = ServerProcess(db_url, args.server_log or Path(folder) / "server.log")
        first_start = server.start()
        try:
            soak, elapsed = asyncio.run(soak_run(args, server))
        finally:
            server.stop()
        storage = Storage(db_url)
        try:
            verdict = verify(storage, soak.watches)
        finally:
            storage.close()
        db_kind = storage.engine.dialect.name
        report = build_report(args, soak, verdict, db_kind, first_start, elapsed)
    print_report(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    failed = report["acknowledged_moves_lost"] or report["tables_missing"] or report["tables_diverged"] \
        or report["tables_broken"]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

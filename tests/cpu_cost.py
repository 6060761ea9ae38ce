"""What each test costs in CPU seconds: a pytest plugin, off unless asked for.

The machine CI and the engineers share is busy, so wall time says little about what a test costs;
CPU time does. With ``--cpu-report=PATH`` (or ``GAMENIGHT_CPU_REPORT=PATH`` in the environment)
every test's setup, call and teardown is charged

* the CPU time of the process running it (``time.process_time()``: all of its threads), and
* the CPU time of its descendants (the uvicorn server, Chromium and its helpers, PostgreSQL):
  the live ones read from ``/proc`` (their own time and their reaped children's), the exited ones
  from ``getrusage(RUSAGE_CHILDREN)``,

and PATH receives the report: the total, every file's cost, then every test's, costliest first,
plus each worker's whole CPU (collection and imports included). Each line also has the wall
seconds the test held its worker: on a busy machine that is inflated for a test that computes,
but a test whose wall time far exceeds its CPU is waiting (a page, a server, a timeout), which
CPU figures alone would hide. A module-scoped fixture (a server,
a browser) is charged to the test that first needs it (setup) and the one after which it goes
(teardown): the per-file sums are the figures to compare. It works with and without xdist (the
figures travel in each report's ``user_properties``). Example, a slice of the slow tier:

    PYTHONPATH=src python3 -m pytest -m slow tests/conformance -n 2 --cpu-report=/tmp/cpu.txt
"""

from __future__ import annotations

import os
import resource
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path
from typing import Any, cast

import pytest

#: the key of the figures in a report's ``user_properties``
KEY = "cpu_cost"
#: the report is rewritten every this many tests, so a run stopped by a timeout leaves figures
PARTIAL_EVERY = 25
_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--cpu-report", default=os.environ.get("GAMENIGHT_CPU_REPORT") or None, metavar="PATH",
        help="write every test's CPU seconds (its process and its children: server, browser, "
             "database) to PATH, costliest first (also GAMENIGHT_CPU_REPORT=PATH)",
    )


def _descendants() -> list[int]:
    """The pids below this process, read from ``/proc`` (empty where there is none)."""
    parents: dict[int, list[int]] = defaultdict(list)
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for name in names:
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        parents[int(fields[1])].append(int(name))
    found, todo = [], [os.getpid()]
    while todo:
        kids = parents.get(todo.pop(), [])
        found.extend(kids)
        todo.extend(kids)
    return found


def _live_children_cpu() -> float:
    """CPU seconds of the live descendants: their own (utime, stime) and their reaped children's
    (cutime, cstime), so a helper that exits inside Chromium stays counted."""
    total = 0
    for pid in _descendants():
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / _TICK


def _children_cpu() -> float:
    done = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done.ru_utime + done.ru_stime + _live_children_cpu()


class CpuCost:
    def __init__(self, path: Path, in_worker: bool) -> None:
        self.path = path
        self.in_worker = in_worker
        self.start: dict[str, tuple[float, float, float]] = {}
        self.tests: dict[str, list[float]] = {}
        self.workers: dict[str, tuple[float, float]] = {}
        #: when the run began, and when each worker's last test ended (seconds on the controller's
        #: clock): the gap between the workers' ends is the run's tail, one core idle
        self.began = time.perf_counter()
        self.ended: dict[str, float] = {}
        self.last_test: dict[str, str] = {}

    # --- in the process that runs the tests (a worker, or the only one) ---

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        self.start[item.nodeid] = (time.process_time(), _children_cpu(), time.perf_counter())
        yield
        self.start.pop(item.nodeid, None)

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_makereport(self, item: pytest.Item,
                                  call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
        outcome = yield
        if call.when != "teardown" or item.nodeid not in self.start:
            return
        own, kids, wall = self.start[item.nodeid]
        # a descendant that leaves the tree without being reaped into it (Chromium's helpers when
        # the browser closes) takes its time with it: counted while it lived, not taken back here
        children = max(0.0, _children_cpu() - kids)
        outcome.get_result().user_properties.append(
            (KEY, (time.process_time() - own, children, time.perf_counter() - wall)))

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        workeroutput = getattr(session.config, "workeroutput", None)
        if workeroutput is not None:  # an xdist worker: its whole CPU, collection included
            workeroutput[KEY] = (time.process_time(), _children_cpu())
        else:
            self.workers.setdefault("main", (time.process_time(), _children_cpu()))
            self.write()

    # --- in the process that reports (the xdist controller, or the only one) ---

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.in_worker:  # the controller gathers and writes; a worker only measures
            return
        for key, value in report.user_properties:
            if key == KEY:
                self.tests[report.nodeid] = [float(v) for v in cast("list[float]", value)]
                node = getattr(report, "node", None)  # the xdist worker that ran it
                worker = str(node.gateway.id) if node is not None else "main"
                self.ended[worker] = time.perf_counter() - self.began
                self.last_test[worker] = report.nodeid
                if len(self.tests) % PARTIAL_EVERY == 0:  # a run cut short still leaves its figures
                    self.write()

    def pytest_testnodedown(self, node: Any, error: object) -> None:
        figures = getattr(node, "workeroutput", {}).get(KEY)
        if figures:
            self.workers[node.gateway.id] = (float(figures[0]), float(figures[1]))

    def write(self) -> None:
        by_file: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
        for nodeid, (own, kids, wall) in self.tests.items():
            entry = by_file[nodeid.split("::")[0]]
            entry[0] += own
            entry[1] += kids
            entry[2] += wall
            entry[3] += 1
        own_total = sum(v[0] for v in self.tests.values())
        kids_total = sum(v[1] for v in self.tests.values())
        wall_total = sum(v[2] for v in self.tests.values())
        lines = [f"CPU seconds: {len(self.tests)} tests, {own_total + kids_total:.1f} "
                 f"(in the test processes {own_total:.1f}, in their children {kids_total:.1f}); "
                 f"wall {wall_total:.1f} summed over the tests (a test waiting holds its worker)"]
        for name, (own, kids) in sorted(self.workers.items()):
            if name == "main":  # its children are the workers, reaped: the whole run
                lines.append(f"the whole run: {own + kids:.1f} (this process {own:.1f}, its children "
                             f"{kids:.1f}: the workers and theirs), collection and imports included")
            else:
                lines.append(f"worker {name}: {own + kids:.1f} (own {own:.1f}, children {kids:.1f}); its "
                             f"last test ended {self.ended.get(name, 0):.0f} s into the run "
                             f"({self.last_test.get(name, '-')})")
        lines += ["", f"{'total':>9} {'own':>8} {'children':>8} {'wall':>8} {'tests':>6}  file"]
        for name, (own, kids, wall, count) in sorted(by_file.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
            lines.append(f"{own + kids:9.2f} {own:8.2f} {kids:8.2f} {wall:8.1f} {int(count):6d}  {name}")
        lines += ["", f"{'total':>9} {'own':>8} {'children':>8} {'wall':>8}  test"]
        for nodeid, (own, kids, wall) in sorted(self.tests.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
            lines.append(f"{own + kids:9.2f} {own:8.2f} {kids:8.2f} {wall:8.1f}  {nodeid}")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text("\n".join(lines) + "\n")

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        terminalreporter.write_line(f"CPU report: {self.path}")


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--cpu-report")
    if path:
        plugin = CpuCost(Path(path), in_worker=hasattr(config, "workerinput"))
        config.pluginmanager.register(plugin, "gamenight-cpu-cost")

import os
import random
from collections.abc import Generator
from typing import Any

import pytest
from _pytest.skipping import evaluate_skip_marks

#: ``--cpu-report=PATH`` (or GAMENIGHT_CPU_REPORT): every test's CPU seconds, see tests/cpu_cost.py
pytest_plugins = ["tests.cpu_cost"]

#: why a slow test did not run, in the summary of every default run (``-rs``)
SLOW_REASON = "slow tier (the full conformance matrix, long matches, soak runs): run with --all, as CI does"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all", action="store_true", default=False,
        help="also run the tests marked slow (the README's test command and CI do)",
    )


@pytest.hookimpl(trylast=True)  # after ``-k`` and ``-m`` have deselected what they do
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` are skipped, with the reason, unless ``--all`` (or ``-m`` naming
    ``slow``) asks for them: the default run is the fast tier."""
    if config.getoption("--all") or "slow" in (config.option.markexpr or ""):
        deselect_prefixes_of_slow(config, items)
        return
    skip = pytest.mark.skip(reason=SLOW_REASON)
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(12345)


def deselect_prefixes_of_slow(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ``prefix_of_slow("test_name")`` checks, step for step, what the slow test of
    that name with the same parameters checks first (the fast tier's first forty steps of a
    playout the slow tier plays every step of, same seeds): when that slow test is collected to
    run, the prefix is deselected rather than run twice."""
    selected = {item.nodeid for item in items}
    dropped = []
    for item in items:
        marker = item.get_closest_marker("prefix_of_slow")
        if marker is None:
            continue
        callspec = getattr(item, "callspec", None)
        params = f"[{callspec.id}]" if callspec is not None else ""
        if f"{item.nodeid.split('::')[0]}::{marker.args[0]}{params}" in selected:
            dropped.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [item for item in items if item not in dropped]


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


#: what a skip under CI=true says instead
CI_MUST_RUN = ("CI=true: this test must run, not skip (.ci/run installs every tool the tests use: "
               "the [dev] extra, Chromium, PostgreSQL); it was skipped because: ")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    """Under ``CI=true`` a test that skips for a missing tool (``importorskip``, a fixture's
    ``pytest.skip``: no Playwright, no Chromium, no peer engine) fails instead: a CI machine that
    lost a tool must not pass for one that has it. A skip its own marks ask for (the slow tier
    without ``--all``, a platform's ``skipif``) stays a skip."""
    outcome = yield
    report = outcome.get_result()
    if not (in_ci() and report.skipped) or hasattr(report, "wasxfail") or evaluate_skip_marks(item):
        return
    report.outcome = "failed"
    report.longrepr = CI_MUST_RUN + skip_reason(report.longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> Generator[None, Any, None]:
    """Under ``CI=true`` a module that skips as it is collected (``importorskip`` at its top: a
    missing Playwright, server, peer engine) is an error, not a skip."""
    outcome = yield
    report = outcome.get_result()
    if in_ci() and report.skipped:
        report.outcome = "failed"
        report.longrepr = CI_MUST_RUN + skip_reason(report.longrepr)


def skip_reason(longrepr: object) -> str:
    """A skip report's reason (its ``longrepr`` is ``(path, line, "Skipped: reason")``)."""
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)

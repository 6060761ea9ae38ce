import random

import pytest

#: ``--cpu-report=PATH`` (or GAMENIGHT_CPU_REPORT): every test's CPU seconds, see tests/cpu_cost.py
pytest_plugins = ["tests.cpu_cost"]

#: why a slow test did not run, in the summary of every default run (``-rs``)
SLOW_REASON = "slow tier (the full conformance matrix, long matches, soak runs): run with --all, as CI does"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--all", action="store_true", default=False,
        help="also run the tests marked slow (the README's test command and CI do)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` are skipped, with the reason, unless ``--all`` (or ``-m`` naming
    ``slow``) asks for them: the default run is the fast tier."""
    if config.getoption("--all") or "slow" in (config.option.markexpr or ""):
        return
    skip = pytest.mark.skip(reason=SLOW_REASON)
    for item in items:
        if item.get_closest_marker("slow") is not None:
            item.add_marker(skip)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(12345)

"""The browser tests' two fixtures, for every module here: ``server`` (the real app under uvicorn
in a subprocess, with its own SQLite database) and ``browser`` (Debian's Chromium driven by
Playwright), each started once per test process and shared by its modules: starting them costs
about 2.2 and 1.5 CPU seconds, paid some forty times a run when each module had its own. Tests
stay apart through their own tables and their own browser contexts (a context has its own
storage and cookies). The shared server has no limit on new tables a minute, since a worker's
modules together open far more than one client may; a module that needs the limit, test-only
games or other settings defines its own ``server``, which takes precedence. The helpers they use
live in ``test_browser.py``.

Every table a test starts through the API (``Api.call("/api/tables", ...)``) is dealt from
``BROWSER_SEED`` unless the test names a seed of its own: a browser test meets the same deal every
run, so a failure is met again by running it again. (Tables started by clicking the lobby are
dealt at random, as a person's are.)"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

#: the seed of every table a browser test starts through the API without naming one
BROWSER_SEED = 20_261_206


@pytest.fixture(autouse=True)
def seeded_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """``Api.call`` posting a new table adds ``BROWSER_SEED`` when the body names no seed."""
    from tests.web.test_browser import Api

    call = Api.call

    def seeded(api: Api, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        if path == "/api/tables" and body is not None and "seed" not in body:
            body = {**body, "seed": BROWSER_SEED}
        return call(api, path, body)

    monkeypatch.setattr(Api, "call", seeded)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    pytest.importorskip("gamenight.server.app", reason="the server package is not there")
    from tests.web.test_browser import Server

    running = Server(tmp_path_factory.mktemp("browser") / "tables.db", tables_per_minute=0).start()
    try:
        yield running.base
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    from tests.web.test_browser import chromium_path

    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium (Debian's package 'chromium-headless-shell', or 'chromium')")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable)
        try:
            yield StillBrowser(launched)
        finally:
            launched.close()


class StillBrowser:
    """The browser, whose pages prefer reduced motion unless a context asks otherwise (the motion
    tests ask for both): a card fades in place instead of travelling, so Chromium lays a move out
    in a frame or two instead of a quarter second of frames (a Hearts page at 390×844: 17% less
    of its main thread, a third fewer layouts, no frames composited for the flights). Chromium's
    own switch for it is not read by its headless shell."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", "reduce")
        return self._browser.new_context(**options)

    def new_page(self, **options: Any) -> Any:
        options.setdefault("reduced_motion", "reduce")
        return self._browser.new_page(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)

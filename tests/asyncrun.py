"""``asyncio.run`` for a test, on a thread of its own.

Playwright's sync API (the session's browser, tests/web/conftest.py) keeps an event loop running on
the worker's main thread for as long as the browser is open, and ``asyncio.run`` refuses to start
where a loop runs: a test that drives coroutines itself would pass or fail by whether a browser
test ran before it in the same worker. On its own thread the coroutine gets a loop of its own
whatever ran before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run ``coroutine`` to its end on a new event loop in a thread of its own; its result."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()

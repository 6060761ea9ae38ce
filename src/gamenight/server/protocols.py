"""uvicorn's HTTP protocols with a header timeout.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive``, but once a client has
sent its first byte nothing limits how long it may take over the rest of the request's headers: a
client trickling them (slowloris) holds a connection for as long as it likes, and enough of them
hold every one. :func:`header_timeout_protocol` returns uvicorn's protocol class (httptools' when it
is installed, else h11's) with a timer from the connection's start, and again from each response's
end, to its request's headers being complete; a client that has not sent them in time is
disconnected. ``gamenight serve`` passes it as uvicorn's ``http`` setting.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)


def _base_protocol() -> type[asyncio.Protocol]:
    """httptools' protocol where it is installed (uvicorn's own choice), else h11's."""
    try:
        module = importlib.import_module("uvicorn.protocols.http.httptools_impl")
    except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
        return H11Protocol
    base: type[asyncio.Protocol] = module.HttpToolsProtocol
    return base


def header_timeout_protocol(
    seconds: float, base: type[asyncio.Protocol] | None = None
) -> type[asyncio.Protocol]:
    """``base`` (default: uvicorn's protocol) disconnecting a client whose request headers take longer
    than ``seconds`` (0: no limit, ``base`` as it is)."""
    base = base or _base_protocol()
    if seconds <= 0:
        return base

    class HeaderTimeout(base):  # type: ignore[valid-type,misc]
        """Arms a timer when a request may begin; a new request cycle (the headers parsed) or a switch
        to the WebSocket protocol disarms it."""

        header_timeout = seconds

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_timer: asyncio.TimerHandle | None = None
            self._waiting_cycle: object = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self._header_timer is not None and (
                    self.cycle is not self._waiting_cycle or self.transport.get_protocol() is not self):
                self._disarm()  # the headers are in: the request is the app's to time

        def on_response_complete(self) -> None:
            finished = self.cycle
            super().on_response_complete()
            # a pipelined request already parsed has started a new cycle: its headers are in
            if not self.transport.is_closing() and self.cycle is finished:
                self._arm()

        def _arm(self) -> None:
            self._disarm()
            self._waiting_cycle = self.cycle
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

        def _disarm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def _headers_too_slow(self) -> None:
            self._header_timer = None
            if not self.transport.is_closing():
                log.info("closed a connection whose request headers took over %.0f s", self.header_timeout)
                self.transport.close()

    HeaderTimeout.__name__ = HeaderTimeout.__qualname__ = f"HeaderTimeout{base.__name__}"
    return HeaderTimeout


__all__ = ["header_timeout_protocol"]

"""uvicorn's HTTP protocols with a header timeout.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive``, but once a client has
sent its first byte nothing limits how long it may take over the rest of the request's headers: a
client trickling them (slowloris) holds a connection for as long as it likes, and enough of them
hold every one. :func:`header_timeout_protocol` returns uvicorn's protocol class (httptools' when it
is installed, else h11's) with a timer from the connection's start, and again from each response's
end, to its request's headers being complete; a client that has not sent them in time is
disconnected. ``gamenight serve`` passes it as uvicorn's ``http`` setting.

It also caps the connections one address may hold open at once (``per_peer``): past it a new one is
answered 503 with ``Retry-After`` and closed, before it can hold a file descriptor for the header
timeout (1,100 trickling connections from one address used up all 1,024). A connection stops
counting when it closes or becomes a WebSocket (those are capped by the app, per client). A reverse
proxy's address (``trusted``: what ``--forwarded-allow-ips`` names) is not capped here: every
visitor comes from it, and the app caps each one's requests by their real address.
"""

from __future__ import annotations

import asyncio
import importlib
import ipaddress
import logging
from collections import Counter
from collections.abc import Collection
from typing import Any

from uvicorn.protocols.http.h11_impl import H11Protocol

log = logging.getLogger(__name__)

#: what a connection past its address's cap is told before it is closed
TOO_MANY_CONNECTIONS_BODY = (b'{"error":{"code":"too_many_requests","message":"Too many connections from '
                             b'your address: close some, then try again.","retry_after":5}}')
TOO_MANY_CONNECTIONS = (b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
                        b"Retry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s"
                        % (len(TOO_MANY_CONNECTIONS_BODY), TOO_MANY_CONNECTIONS_BODY))


def trusted_peers(addresses: Collection[str]) -> Any:
    """A test of whether a peer is one of ``addresses`` (addresses or networks; ``*``: any)."""
    if "*" in addresses:
        return lambda _host: True
    networks = []
    for address in addresses:
        try:
            networks.append(ipaddress.ip_network(address.strip(), strict=False))
        except ValueError:
            log.warning("not an address or a network, ignored: %r", address)

    def trusted(host: str) -> bool:
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in network for network in networks)

    return trusted


def _base_protocol() -> type[asyncio.Protocol]:
    """httptools' protocol where it is installed (uvicorn's own choice), else h11's."""
    try:
        module = importlib.import_module("uvicorn.protocols.http.httptools_impl")
    except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
        return H11Protocol
    base: type[asyncio.Protocol] = module.HttpToolsProtocol
    return base


def header_timeout_protocol(
    seconds: float, base: type[asyncio.Protocol] | None = None, *, per_peer: int = 0,
    trusted: Collection[str] = (),
) -> type[asyncio.Protocol]:
    """``base`` (default: uvicorn's protocol) disconnecting a client whose request headers take longer
    than ``seconds`` (0: no limit), and refusing an address's connections past ``per_peer`` open at
    once (0: no cap) unless it is ``trusted``; with neither, ``base`` as it is."""
    base = base or _base_protocol()
    if seconds <= 0 and per_peer <= 0:
        return base
    is_trusted = trusted_peers(trusted)
    #: open connections per address, for every connection of this server (one event loop)
    open_per_peer: Counter[str] = Counter()

    class HeaderTimeout(base):  # type: ignore[valid-type,misc]
        """Arms a timer when a request may begin; a new request cycle (the headers parsed) or a switch
        to the WebSocket protocol disarms it."""

        header_timeout = seconds
        #: open connections per address (shared by every connection of the server)
        connections_open = open_per_peer

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._header_timer: asyncio.TimerHandle | None = None
            self._waiting_cycle: object = None
            self._counted: str | None = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            if not self._count(transport):
                return
            self._arm()

        def _count(self, transport: Any) -> bool:
            """Count the connection against its address's cap; past it, answer 503 and close."""
            peer = transport.get_extra_info("peername")
            host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if per_peer <= 0 or is_trusted(host):
                return True
            if open_per_peer[host] >= per_peer:
                log.info("refused a connection from %s: %d open already", host, per_peer)
                transport.write(TOO_MANY_CONNECTIONS)
                transport.close()
                return False
            open_per_peer[host] += 1
            self._counted = host
            return True

        def _uncount(self) -> None:
            host, self._counted = self._counted, None
            if host is not None:
                open_per_peer[host] -= 1
                if open_per_peer[host] <= 0:
                    del open_per_peer[host]

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            upgraded = self.transport.get_protocol() is not self
            if upgraded:
                self._uncount()  # a WebSocket now: the app caps those per client
            if self._header_timer is not None and (self.cycle is not self._waiting_cycle or upgraded):
                self._disarm()  # the headers are in: the request is the app's to time

        def on_response_complete(self) -> None:
            finished = self.cycle
            super().on_response_complete()
            # a pipelined request already parsed has started a new cycle: its headers are in
            if not self.transport.is_closing() and self.cycle is finished:
                self._arm()

        def _arm(self) -> None:
            self._disarm()
            if seconds <= 0:
                return
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

"""What keeps one client from holding the server's connections: a time limit on a request's body,
and a cap on the HTTP requests one client may have in progress at once.

uvicorn's header timeout (:mod:`gamenight.server.protocols`) ends once the headers are in; nothing
then limits how long the body may take, so a client sending it a byte at a time held its
connection (and a file descriptor) for as long as it liked, and enough of them left none for
anyone. :class:`SlowClients` gives the body ``Limits.body_timeout_s`` from the headers' arrival to
its last byte (answered 408 ``request_timeout``, the connection closed), and counts each client's
requests in progress (past ``Limits.requests_per_client``: 429 ``too_many_requests`` with
``Retry-After``). The client is the address the limits count by (behind a named proxy, the real
one). A response sent before the body is all in closes the connection, so a client cannot keep it
by dribbling a body nobody reads.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from gamenight.server.limits import ConnectionCount, TooMany

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CLOSE = (b"connection", b"close")


def has_body(scope: Scope) -> bool:
    """Whether the request declares a body (a length over 0, or a chunked one)."""
    headers = dict(scope.get("headers") or [])
    length = headers.get(b"content-length", b"0").strip()
    return b"transfer-encoding" in headers or not length.isdigit() or int(length) > 0


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


async def answer(send: Send, status: int, code: str, message: str, headers: dict[str, str] | None = None
                 ) -> None:
    """A JSON error like every other of the API's, and the connection closed after it."""
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    extra = [(k.lower().encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()), CLOSE, *extra]})
    await send({"type": "http.response.body", "body": body})


class SlowClients:
    """The body's time limit and the per-client cap on requests in progress (0: none)."""

    def __init__(self, app: ASGIApp, requests: ConnectionCount, body_timeout_s: float) -> None:
        self.app = app
        self.requests = requests
        self.body_timeout_s = body_timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = client_address(scope)
        try:
            self.requests.acquire(client)
        except TooMany as e:
            await answer(send, 429, "too_many_requests", f"Too many requests: {e.what}. Try again in "
                         f"{e.retry_after_header} s.", {"Retry-After": e.retry_after_header})
            return
        try:
            await self._timed(scope, receive, send)
        finally:
            self.requests.release(client)

    async def _timed(self, scope: Scope, receive: Receive, send: Send) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout_s
        body_done = not has_body(scope)
        timed_out = started = False

        async def timed_receive() -> Message:
            nonlocal body_done, timed_out
            if body_done or self.body_timeout_s <= 0:
                return await receive()  # after the body: a disconnect, whenever it comes
            try:
                message = await asyncio.wait_for(receive(), deadline - loop.time())
            except TimeoutError:
                timed_out = True
                return {"type": "http.disconnect"}  # the app stops reading; the 408 is sent below
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message

        async def closing_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if not body_done:  # answered before the body is in: nothing waits for its rest
                    message["headers"] = [*message.get("headers", []), CLOSE]
            await send(message)

        await self.app(scope, timed_receive, closing_send)
        if timed_out and not started:
            await answer(send, 408, "request_timeout", f"The request's body took longer than "
                         f"{self.body_timeout_s:g} s to arrive: send it again.")


__all__ = ["SlowClients", "has_body"]

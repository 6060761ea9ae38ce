"""Seat tokens never reach a log line.

uvicorn's access log prints every request's path with its query string, and its error logger the
WebSocket handshakes, so an invite link's ``?token=`` (still accepted, for links already shared)
would otherwise write a seat's secret to stdout. :class:`RedactTokens` rewrites every record of
the loggers it is installed on, and of their handlers, before any handler formats it.

The router reads a query's keys percent-decoded (Starlette: ``?tok%65n=T`` is ``token``), while a
log line shows them as sent: redaction decodes each key the same way before deciding it names a
secret. A key that names a secret only once decoded has no use but hiding it from a log or a
filter, so :class:`PlainSecretKeys` refuses such a request (400; a WebSocket handshake: 403).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import unquote_plus

#: what a secret looks like where it can appear: a query parameter, a subprotocol, a bearer header
SECRET_RES = (
    re.compile(r"((?:host_)?token=)[^&\s\"'#]+", re.IGNORECASE),
    re.compile(r"(gamenight\.token\.)[A-Za-z0-9_-]+"),
    re.compile(r"(bearer\s+)[A-Za-z0-9_.~+/=-]+", re.IGNORECASE),
)
REDACTED = "[redacted]"
#: the query keys that carry a secret, as the router reads them (decoded; lower case)
SECRET_KEYS = frozenset({"token", "host_token"})
#: one query parameter of a URL in a log line: the character before it, its key as sent, its value
QUERY_PARAM_RE = re.compile(r"([?&;])([^=&;\s\"'#?]+)=([^&;\s\"'#]*)")
#: the loggers whose records can carry a request's address
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "uvicorn.asgi", "gamenight")


def names_a_secret(raw_key: str) -> bool:
    """Whether a query key, decoded as Starlette decodes it (``+`` a space, then ``%XX``), is a
    secret's (case aside: ``?Token=`` is redacted too, though it opens nothing)."""
    return unquote_plus(raw_key).strip().lower() in SECRET_KEYS


def _redact_param(match: re.Match[str]) -> str:
    if not names_a_secret(match.group(2)):
        return match.group(0)
    return f"{match.group(1)}{match.group(2)}={REDACTED}"


def redact(text: str) -> str:
    for pattern in SECRET_RES:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    if "%" in text or "+" in text:  # a key spelled plainly is redacted above already
        text = QUERY_PARAM_RE.sub(_redact_param, text)
    return text


Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]


def hidden_secret_key(query_string: bytes) -> bool:
    """Whether a query names a secret's key only once decoded (``tok%65n``, ``%74oken``)."""
    query = query_string.decode("latin-1")
    if "%" not in query and "+" not in query:
        return False
    for pair in query.split("&"):
        raw = pair.split("=", 1)[0]
        if raw.lower() not in SECRET_KEYS and names_a_secret(raw):
            return True
    return False


#: the answer to a request that hides a secret's key (JSON, as every error of the API)
HIDDEN_KEY_BODY = (b'{"error":{"code":"bad_request","message":"Spell the token\'s name plainly (?token=), '
                   b'or better, send the token in the Authorization header."}}')


class PlainSecretKeys:
    """Refuses HTTP requests and WebSocket handshakes whose query hides a secret's key in
    percent-encoding: the router would read it as the token, every log and proxy filter would not."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                       send: Callable[[Message], Awaitable[None]]) -> None:
        query: bytes = scope.get("query_string", b"")
        if scope["type"] not in ("http", "websocket") or not hidden_secret_key(query):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # before accepting: a 403 answer
            return
        await send({"type": "http.response.start", "status": 400,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(HIDDEN_KEY_BODY)).encode())]})
        await send({"type": "http.response.body", "body": HIDDEN_KEY_BODY})


def _redact_arg(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, bytes):
        return redact(value.decode("latin-1")).encode("latin-1")
    return value


class RedactTokens(logging.Filter):
    """Rewrites a record's message and arguments with every secret replaced by ``[redacted]``."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redact_arg(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redact_arg(v) for k, v in record.args.items()}
        return True


def install_redaction(names: tuple[str, ...] = LOGGERS) -> None:
    """Put the filter on each named logger and on every handler they and the root logger have
    (a logger's filter sees only the records logged on it, a handler's every record it writes);
    calling it again adds nothing twice. Call it after logging is configured (uvicorn configures
    it when it starts): the app does, at start-up."""
    targets: list[logging.Filterer] = []
    for logger in (logging.getLogger(), *(logging.getLogger(n) for n in names)):
        targets.append(logger)
        targets.extend(logger.handlers)
    for target in targets:
        if not any(isinstance(f, RedactTokens) for f in target.filters):
            target.addFilter(RedactTokens())


__all__ = ["PlainSecretKeys", "RedactTokens", "hidden_secret_key", "install_redaction", "redact"]

"""Seat tokens never reach a log line.

uvicorn's access log prints every request's path with its query string, and its error logger the
WebSocket handshakes, so an invite link's ``?token=`` (still accepted, for links already shared)
would otherwise write a seat's secret to stdout. :class:`RedactTokens` rewrites every record of
the loggers it is installed on, and of their handlers, before any handler formats it.
"""

from __future__ import annotations

import logging
import re
from typing import Any

#: what a secret looks like where it can appear: a query parameter, a subprotocol, a bearer header
SECRET_RES = (
    re.compile(r"((?:host_)?token=)[^&\s\"'#]+", re.IGNORECASE),
    re.compile(r"(gamenight\.token\.)[A-Za-z0-9_-]+"),
    re.compile(r"(bearer\s+)[A-Za-z0-9_.~+/=-]+", re.IGNORECASE),
)
REDACTED = "[redacted]"
#: the loggers whose records can carry a request's address
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "uvicorn.asgi", "gamenight")


def redact(text: str) -> str:
    for pattern in SECRET_RES:
        text = pattern.sub(lambda m: m.group(1) + REDACTED, text)
    return text


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


__all__ = ["RedactTokens", "install_redaction", "redact"]

"""How the server writes what it sends and what it keeps of a secret: compact JSON (orjson when it is
installed) and SHA-256 digests of tokens and seeds; and how deep a client's JSON may nest."""

from __future__ import annotations

import hashlib
import importlib
import json
import re
from collections.abc import Callable
from typing import Any


def json_dumps(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def _make_dumps() -> Callable[[Any], str]:
    """Compact JSON text; orjson when it is installed (optional: several times faster). orjson
    refuses what the standard library writes (integers past 64 bits): those go the slow way, the
    same text, rather than fail a frame."""
    try:
        # imported by name: orjson is an optional extra, and the type checker must not need it
        orjson = importlib.import_module("orjson")
    except ImportError:  # pragma: no cover - depends on the environment
        return json_dumps
    refused: type[Exception] = orjson.JSONEncodeError

    def dumps(obj: Any) -> str:
        try:
            encoded: bytes = orjson.dumps(obj)
        except refused:
            return json_dumps(obj)
        return encoded.decode()

    return dumps


dumps = _make_dumps()


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


#: an escaped character (an escaped quote does not end a string), a string (brackets inside are text;
#: an unterminated one runs to the end), and everything but brackets
_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"?')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def json_nests_deeper_than(text: str, limit: int) -> bool:
    """Whether ``text`` opens more than ``limit`` arrays or objects inside each other (brackets in
    strings do not count). No recursion, linear time (the regular expressions cannot backtrack):
    checked before any parser, which recurses once per level and raises ``RecursionError`` on a
    message a few kilobytes long. A message with few brackets costs two counts."""
    if text.count("[") + text.count("{") <= limit:
        return False
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    depth = 0
    for char in brackets:
        depth += 1 if char in "[{" else -1
        if depth > limit:
            return True
    return False


__all__ = ["dumps", "json_dumps", "json_nests_deeper_than", "sha256_hex"]

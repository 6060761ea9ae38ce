"""How the server writes what it sends and what it keeps of a secret: compact JSON (orjson when it is
installed) and SHA-256 digests of tokens and seeds."""

from __future__ import annotations

import hashlib
import importlib
import json
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



__all__ = ["dumps", "json_dumps", "sha256_hex"]

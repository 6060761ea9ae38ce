"""The web service: lobby, tables, storage and WebSockets, for every registered game.

``create_app(db_url, limits)`` is the FastAPI app; ``gamenight serve`` runs it under uvicorn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamenight.server.app import create_app


def __getattr__(name: str) -> Any:
    # imported on first use: the CLI reads the server's settings without loading FastAPI (seconds)
    if name == "create_app":
        from gamenight.server.app import create_app

        return create_app
    raise AttributeError(name)


__all__ = ["create_app"]

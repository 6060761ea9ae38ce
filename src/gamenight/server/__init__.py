"""The web service: lobby, tables, storage and WebSockets, for every registered game.

``create_app(db_url)`` is the FastAPI app; ``gamenight serve`` runs it under uvicorn.
"""

from gamenight.server.app import create_app

__all__ = ["create_app"]

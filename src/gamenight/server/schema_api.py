"""``GET /api/schema``: the JSON Schema every view satisfies (:mod:`gamenight.core.view_schema`).

A client reads a view by this one declared shape — the envelope every game shares, the layout, the
moves with their typed arguments, and each game's own entries typed by the kind of field that shows
them — instead of guessing from key names. The state frames of ``WS /ws/tables/{id}`` and
``GET /api/tables/{id}`` carry views of exactly this shape.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from gamenight.core.view_schema import view_schema

router = APIRouter()


@router.get("/api/schema", response_model=dict[str, Any], tags=["games"],
            summary="The shape of a view",
            description="A JSON Schema (draft 2020-12) of what a seat's view holds, for every game: the "
                        "envelope every game shares (seats, phase, who is to act, the score sheet, the "
                        "events, the outcome), `legal_moves` and `moves` (each move's verb and typed "
                        "arguments: cards and tiles by the codes the zones show, numbers, die faces, "
                        "board spaces, holes, words), the `layout` renderers draw from, and under "
                        "`$defs/Game_<id>` each game's own entries typed by the kind of field that shows "
                        "them.")
async def get_view_schema() -> dict[str, Any]:
    # built once, off the event loop: the first call imports every game to read its fields
    return await asyncio.to_thread(view_schema)


__all__ = ["router"]

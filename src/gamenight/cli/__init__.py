"""The command line: ``gamenight serve | list | rules | play | sim | replay``.

The CLI knows no game by name. It reads the registry (``core.registry.games()``), starts
games with ``gamenight.new``, draws each seat's screen from that seat's ``view`` and asks bots
through ``gamenight.bots.make_bot``. A new game displays without changes here: the view keys
the card-table conventions name (hand, trick, trump, dealer, tricks won...) get their own
layout, per-seat lists become columns of the seat table, and anything else is shown as
``key: value`` lines.

The package has three layers, each importing only the ones before it: rendering
(``render``: view dicts in, Rich renderables out, no I/O), the loops (``setup`` for games,
options and bots from the command line; ``loops`` for a person's match, bot-vs-bot
simulation, replay), and the Typer commands (``commands``, whose ``app`` the ``gamenight``
script and ``python -m gamenight`` run).
"""

from __future__ import annotations

from gamenight.cli.commands import app, main
from gamenight.cli.loops import moves_with_cards
from gamenight.cli.render import (
    display_order,
    number_verb,
    render_events,
    render_moves,
    render_outcome,
    render_sheet,
    render_view,
)

__all__ = [
    "app", "display_order", "main", "moves_with_cards", "number_verb", "render_events", "render_moves",
    "render_outcome", "render_sheet", "render_view",
]

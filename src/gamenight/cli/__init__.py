"""The command line: ``gamenight serve | list | rules | play | sim | replay | arena | pad``.

The CLI knows no game by name. It reads the registry (``core.registry.games()``), starts
games with ``gamenight.new``, draws each seat's screen from that seat's view's layout
description (``core.layout``: zones and declared fields, by label and kind) and asks bots
through ``gamenight.bots.make_bot``. A new game displays without changes here. A turn fits the
terminal (80×24 when the output is no terminal): the hand and the moves whole, the rest of
the table as detailed as there is room for (``render.LEVELS``).

The package has three layers, each importing only the ones before it: rendering
(``render``: the table; ``menu``: the moves; ``catalog``: the game list and rules pages; view
dicts in, Rich renderables out, no I/O), the loops (``setup`` for games, options and bots
from the command line; ``loops`` for a person's match, bot-vs-bot simulation, replay), and the
Typer commands (``commands``, whose ``app`` the ``gamenight`` script and ``python -m
gamenight`` run).
"""

from __future__ import annotations

from gamenight.cli import arena as _arena  # noqa: F401  (registers ``gamenight arena`` on the app)
from gamenight.cli import pad as _pad  # noqa: F401  (registers ``gamenight pad`` on the app)
from gamenight.cli.commands import app, main
from gamenight.cli.loops import moves_with_cards
from gamenight.cli.menu import display_order, number_verb, render_moves
from gamenight.cli.render import render_events, render_outcome, render_sheet, render_view

__all__ = [
    "app", "display_order", "main", "moves_with_cards", "number_verb", "render_events", "render_moves",
    "render_outcome", "render_sheet", "render_view",
]

"""No internals on any screen a player reads (issue 27).

Every game, at its usual player count, plays a seeded match between heuristic bots for a few
dozen decisions; at two of them the seat to act is drawn as the terminal draws a turn
(80×24: table, moves, hint), with the help (``?``) and the events since the last shot. None
of those screens, nor ``gamenight rules GAME`` for any game, may show a gap code, a file path,
a module name, markup, the engine's words ("kernel", "None") or a rule book's seed number.
"""

from __future__ import annotations

import io
import re

from rich.console import Console, RenderableType

import gamenight
from gamenight.cli.catalog import render_rules
from gamenight.cli.loops import help_text
from gamenight.cli.menu import display_order
from gamenight.cli.render import hand_pieces, render_events
from gamenight.cli.screen import turn_screen
from gamenight.cli.setup import bot_move, bot_rng, build_bot

WIDTH, HEIGHT = 80, 24
#: decisions played per game, and how often the seat to act is drawn
STEPS, EVERY = 36, 18

#: what a player must never read: gap codes, paths, module names, markup, engine words
INTERNAL = re.compile(
    r"G-[A-Z]+-\d|GEN-\d|shared/|\w\.md\b|\w\.py\b|gamenight\.|\b[a-z]+\.[a-z_]+\.[a-z_]+\b|\*\*|`"
    r"|\bkernel\b|(?-i:\bNone\b)|seed 00",  # "None" with its capital: a sentence may say "none"
    re.IGNORECASE)


def text_of(*parts: RenderableType) -> str:
    console = Console(width=WIDTH, record=True, color_system=None, file=io.StringIO())
    for part in parts:
        console.print(part)
    return console.export_text()


def internals(text: str) -> list[str]:
    return [m.group(0) for m in INTERNAL.finditer(text)]


def test_no_screen_of_any_game_shows_internals() -> None:
    found: dict[str, list[str]] = {}
    for spec in gamenight.games():
        state = gamenight.new(spec.id, seed=5)
        bots = {s: (build_bot("heuristic", spec.id), bot_rng(5, s)) for s in range(state.num_players)}
        seen = 0
        for step in range(STEPS):
            if state.is_over:
                break
            seat = min(state.to_act)
            if step % EVERY == 0:
                view = state.view(seat)
                moves = display_order(view["legal_moves"], hand_pieces(view))
                events = [e.text for e in state.events[seen:] if e.visible_to(seat)]
                seen = len(state.events)
                text = text_of(*turn_screen(view, moves, WIDTH, HEIGHT), help_text(view, moves),
                               render_events(events))
                if bad := internals(text):
                    found.setdefault(spec.id, []).extend(bad)
            bot, rng = bots[seat]
            bot_move(state, seat, bot, rng)
    assert not found, found


def test_no_rules_page_shows_internals() -> None:
    pages = {spec.id: text_of(render_rules(spec, None)) for spec in gamenight.games()}
    found = {game: bad for game, page in pages.items() if (bad := internals(page))}
    assert not found, found

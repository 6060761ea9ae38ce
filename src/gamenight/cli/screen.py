"""A person's turn on one screen: the table, the moves and how to answer, fitted to the terminal.

The moves and the hint are drawn whole (the moves broken only between items; a menu too long to
leave the hand its room folds its biggest verbs into a line each, and ``m`` lists them all), and
the table takes the lines left, as detailed as they allow (``render.LEVELS``): the hand always, the rest
summarised as room runs short. Data in, renderables out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, RenderableType

from gamenight.cli.menu import menu_lines, number_labels, prompt_hint
from gamenight.cli.render import LEVELS, drawn_lines, fit_view

#: the lines below the screen's last drawn line that the answer takes (the prompt)
PROMPT_LINES = 1


def turn_screen(view: dict[str, Any], moves: Sequence[str], width: int, height: int) -> list[RenderableType]:
    """What a person sees when it is their turn, in at most ``height`` lines of ``width`` columns
    where the moves leave room for the hand: the table, the numbered moves, the hint."""
    if not moves:  # not this seat's turn: the table alone
        return [fit_view(view, width, height)[0]]
    console = Console(width=width, color_system=None, legacy_windows=False)
    hint = prompt_hint(moves)
    hint_lines = len(hint.wrap(console, width))
    least = drawn_lines(view, LEVELS[-1], width)  # the table at its least detail: the hand, whole
    menu = menu_lines(moves, width, most=height - least[1] - hint_lines - PROMPT_LINES,
                      labels=number_labels(view.get("moves") or []))
    room = height - len(menu) - hint_lines - PROMPT_LINES
    table, _ = fit_view(view, width, room, known={LEVELS[-1]: least})
    return [table, *menu, hint]


__all__ = ["PROMPT_LINES", "turn_screen"]

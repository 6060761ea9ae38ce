"""``gamenight arena GAME --bots strong,casual``: bots measured against each other (``gamenight.arena``)."""

from __future__ import annotations

import math
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from gamenight import arena as arena_lib
from gamenight.bots import LEVELS
from gamenight.bots.loader import is_bot_path
from gamenight.cli.commands import USAGE_ERROR, app
from gamenight.cli.setup import CliError, game_spec
from gamenight.spread import RAY_ADDRESSES


def _signed(x: float) -> str:
    return "+inf" if x == math.inf else "-inf" if x == -math.inf else f"{x:+.0f}"


def render_result(result: arena_lib.ArenaResult) -> Table:
    """Every pair's score and Elo difference with their 95% intervals, then the fitted ratings."""
    table = Table(title=f"{result.game}: {len(result.matches)} matches, seats rotated")
    for name in ("Bot", "Against", "Matches", "Score (95%)", "Elo difference (95%)", "Points per match"):
        table.add_column(name, justify="right" if name != "Bot" and name != "Against" else "left")
    for p in result.pairs():
        table.add_row(p.a, p.b, str(p.matches), f"{p.score:.2f} ({p.score_low:.2f} to {p.score_high:.2f})",
                      f"{_signed(p.elo)} ({_signed(p.elo_low)} to {_signed(p.elo_high)})",
                      f"{p.points:+.1f} ± {p.points_half:.1f}")
    if len(result.bots) > 2:
        ratings = arena_lib.ratings(result)
        table.caption = "Ratings: " + ", ".join(f"{b} {ratings[b]:.0f}" for b in result.bots)
    return table


@app.command()
def arena(
    game: Annotated[str, typer.Argument(help="The game's id (see `gamenight list`).")],
    bots: Annotated[str, typer.Option(
        "--bots", help=f"Two or more bots to compare: {', '.join(LEVELS)}, heuristic, random, or your own "
                       "as module:Name (as in 'gamenight sim --bot').")
    ] = "strong,casual",
    matches: Annotated[int, typer.Option("--matches", min=1, help="How many matches to play.")] = 20,
    seed: Annotated[int, typer.Option(
        "--seed", help="The first deal's seed; each deal is played once per rotation of the seats.")] = 0,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, help="Processes to play in (default: every core of this machine).")] = None,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help=f"Play the matches as tasks on a Ray cluster instead: {RAY_ADDRESSES} (local: a Ray instance "
             "on this machine for the run). Needs the ray extra.")] = None,
) -> None:
    """Let bots play seeded matches against each other, seats rotated, and measure them: each bot's
    score with a 95% interval and the Elo difference it implies."""
    console = Console()
    # a level's name in any case; your own bot's path as written (module paths are case-sensitive)
    kinds = [k.strip() if is_bot_path(k) else k.strip().lower() for k in bots.split(",") if k.strip()]
    try:
        spec = game_spec(game)
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task(f"{spec.title}: {' against '.join(kinds)}", total=matches)
            result = arena_lib.run(spec.id, kinds, matches, seed, workers=workers, ray=ray,
                                   on_match=lambda _r: progress.advance(task))
    except (ValueError, CliError, arena_lib.StuckMatch) as e:
        console.print(f"[red]{e}[/red]")
        raise typer.Exit(USAGE_ERROR) from None
    console.print(render_result(result))

"""The Typer app and its commands: ``gamenight serve | list | rules | play | sim | replay``."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.padding import Padding
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from gamenight.bots import heuristic_games
from gamenight.cli.catalog import render_games, render_rules
from gamenight.cli.loops import (
    Quit,
    RateColumn,
    Session,
    SimTotals,
    leave_table,
    load_log,
    render_sim,
    replay_log,
    sim_match,
    step_through,
)
from gamenight.cli.render import render_outcome, render_sheet
from gamenight.cli.setup import CliError, bot_kinds, bot_rng, build_bot, game_spec, save_log, start_game
from gamenight.core import registry
from gamenight.core.options import build
from gamenight.core.state import State

app = typer.Typer(
    help="Play the family's card games in the terminal, against bots, or let bots play each other.",
    no_args_is_help=True,
    add_completion=False,
)

#: exit status for a bad command line or a file that cannot be used (as Click uses for usage errors)
USAGE_ERROR = 2


# =========================================================================================
# Commands
# =========================================================================================


def fail(console: Console, message: str) -> NoReturn:
    console.print(Text.assemble(("Error: ", "bold red"), message), soft_wrap=True)  # one line, unwrapped
    raise typer.Exit(USAGE_ERROR)


def err_console() -> Console:
    return Console(stderr=True, highlight=False)


def out_console() -> Console:
    # highlight=False: Rich would otherwise colour numbers and words in engine sentences at random
    return Console(highlight=False)


@app.command("list")
def list_games() -> None:
    """List the games: id, title, family, players, presets and the bots that play them."""
    out_console().print(render_games(registry.games(), heuristic_games()))


@app.command()
def rules(
    game: GameArg,
    preset: PresetOpt = None,
) -> None:
    """Show a game's rules in effect: summary, rules, options (defaults or a preset's) and presets."""
    try:
        spec = game_spec(game)
        if preset is not None and preset not in spec.presets:
            known = ", ".join(spec.presets) or "none"
            raise CliError(f"Unknown preset {preset!r} for {spec.title}; its presets are: {known}.")
    except CliError as e:
        fail(err_console(), str(e))
    out_console().print(render_rules(spec, preset))


GameArg = Annotated[str, typer.Argument(help="Game id, as 'gamenight list' shows it.")]
PresetOpt = Annotated[str | None, typer.Option("--preset", "-p", help="A named rule set.")]
OptionOpt = Annotated[list[str] | None, typer.Option(
    "--option", "-o", help="A house rule as NAME=VALUE (repeat for several); see 'gamenight rules GAME'.")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-n", help="Number of players.")]


@app.command()
def play(
    game: GameArg,
    seat: Annotated[int, typer.Option("--seat", help="Your seat, from 0 (North when four play).")] = 0,
    bots: Annotated[str, typer.Option("--bots", help="The bots' kind: heuristic or random.")] = "heuristic",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    seed: Annotated[int | None, typer.Option("--seed", help="Fix the shuffles (random otherwise).")] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Write the game log here (at the end, on q).")]
    = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Go on with a game saved unfinished.")]
    = None,
) -> None:
    """Play a full match against bots in the terminal."""
    console = out_console()
    notes: list[str] = []
    try:
        if resume is None:
            state = start_game(game, players=players, seed=seed, options=option or [], preset=preset)
        else:
            state = resume_game(game, resume, ruled=bool(option or preset or players or seed is not None))
        if not 0 <= seat < state.num_players:
            raise CliError(f"There is no seat {seat}: this table has seats 0 to {state.num_players - 1}.")
        kinds = bot_kinds(bots, state.spec.id, state.num_players, notes)
        table = Session(state, seat, {s: (build_bot(kinds[s], state.spec.id), bot_rng(state.seed, s))
                                     for s in range(state.num_players) if s != seat},
                       console, ask_line(console))
    except CliError as e:
        fail(err_console(), str(e))
    introduce(state, seat, kinds, notes, console)
    try:
        try:
            table.run()
        except KeyboardInterrupt:  # Ctrl-C while the bots think
            raise Quit("interrupted") from None
    except Quit as q:
        leave_table(state, q.how, save, console, table.ask)
        raise typer.Exit(130 if q.how == "interrupted" else 0) from None
    if save is not None:
        save_log(state, save, console)


def resume_game(game: str, path: Path, *, ruled: bool) -> State:
    """A saved game, replayed to where it was left."""
    if ruled:
        raise CliError("--resume takes the rules, players and seed from the saved game: "
                       "leave out --preset, --option, --players and --seed.")
    log = load_log(path)
    spec = game_spec(game)
    if log["game"] != spec.id:
        raise CliError(f"{str(path)!r} is a game of {log['game']}, not {spec.id}.")
    state = replay_log(log, path)
    if state.is_over:
        raise CliError(f"The game in {str(path)!r} is over: see it with 'gamenight replay {path}'.")
    return state


def ask_line(console: Console) -> Callable[[str], str]:
    """Read a line from the person, with line editing when it is a real terminal."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (input() edits lines once it is loaded)
    return lambda prompt: console.input(Text(prompt, style="bold cyan"))


def introduce(state: State, seat: int, kinds: Sequence[str], notes: Sequence[str], console: Console) -> None:
    spec = state.spec
    preset = spec.presets.get(state.preset) if state.preset else None
    # a preset is its own rule set: its description, not the book's summary
    console.print(Text(f"{spec.title}: {preset.description if preset else spec.summary}", style="bold"))
    partners = len({state.column_of(s) for s in range(state.num_players)}) < state.num_players
    if spec.teams and partners:  # two players of a team game are no teams
        console.print(f"Teams: {spec.teams}.")
    others = ", ".join(f"{state.names[s]} ({kinds[s]})" for s in range(state.num_players) if s != seat)
    console.print(f"You are {state.names[seat]} (seat {seat}). Bots: {others}.")
    # the options set beyond the rule set in play (the book's, or the preset's)
    base = build(spec.options_cls, spec.presets, preset=state.preset, values=None,
                 players=state.num_players).to_json()
    infos = {o.name: o for o in spec.options}
    changed = [(infos[k], v) for k, v in state.options.to_json().items() if v != base[k]]
    rules = f"the {preset.name} rules" if preset else "the book's rules"
    if not changed:
        console.print(f"Rules: {rules}. Seed {state.seed}.")
    else:
        console.print(f"Rules: {rules}, with (seed {state.seed}):")
        for info, value in changed:
            line = Text.assemble((info.label, "bold"), f" — {info.value_label(value)}")
            console.print(Padding(line, (0, 0, 0, 2)))
    for note in notes:
        console.print(Text(note, style="yellow"))
    if state.moves:
        console.print(f"Resuming after {len(state.moves)} moves.")
    console.print(Text("Type ? at the prompt for help.", style="dim"))


@app.command()
def sim(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="How many matches to play.")],
    bots: Annotated[str, typer.Option(
        "--bots", help="One bot kind for every seat, or one per seat: heuristic,random,random,random.")
    ] = "heuristic",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Match i is played with seed SEED+i.")] = 0,
) -> None:
    """Let bots play N full matches against each other and tally wins and scores."""
    console = out_console()
    notes: list[str] = []
    try:
        first = start_game(game, players=players, seed=seed, options=option or [], preset=preset)
        kinds = bot_kinds(bots, first.spec.id, first.num_players, notes)
    except CliError as e:
        fail(err_console(), str(e))
    for note in notes:
        console.print(Text(note, style="yellow"))
    totals = SimTotals(first.num_players)
    started = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        RateColumn(), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                        console=console)
    try:
        with progress:
            task = progress.add_task(first.spec.title, total=games)
            for i in range(games):
                totals.add(sim_match(first.spec.id, kinds, seed=seed + i, players=first.num_players,
                                     options=option or [], preset=preset))
                progress.advance(task)
    except KeyboardInterrupt:
        console.print(Text(f"Interrupted: the summary covers the {totals.games} matches finished.",
                           style="yellow"))
        if not totals.games:
            raise typer.Exit(130) from None
    elapsed = time.perf_counter() - started
    done = totals.games
    title = f"{first.spec.title}: {done} matches, seeds {seed}–{seed + done - 1}"
    console.print(render_sim(totals, first.names, kinds, title))
    console.print(f"Moves: {totals.moves} in all, {totals.moves / totals.games:.1f} a match.")
    console.print(f"Time: {elapsed:.2f} s ({done / elapsed:.1f} games/s, "
                  f"{totals.moves / elapsed:.0f} moves/s).")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game log saved with 'gamenight play --save'.")],
    seat: Annotated[int | None, typer.Option("--seat", help="See the game as this seat (else: spectator).")]
    = None,
    step: Annotated[bool, typer.Option("--step", help="Print every move's events as it replays.")] = False,
) -> None:
    """Replay a saved game and print its score sheet and outcome."""
    console = out_console()
    try:
        log = load_log(file)
        if seat is not None and not (isinstance(log["players"], int) and 0 <= seat < log["players"]):
            raise CliError(f"There is no seat {seat} in this game.")
        state = step_through(log, file, seat, console) if step else replay_log(log, file)
    except CliError as e:
        fail(err_console(), str(e))
    console.print(Text(f"{state.spec.title}, seed {state.seed}, {len(state.moves)} moves replayed.",
                       style="bold"))
    console.print(render_sheet(state.score_sheet.to_json(), title="Final score sheet" if state.is_over
                               else "Score sheet"))
    outcome = state.outcome
    if outcome is None:
        console.print(Text(f"The game is not finished: {state.names[min(state.to_act)]} is to act."
                           if state.to_act else "The game is not finished."))
    else:
        console.print(render_outcome(outcome.to_json(), state.names, seat))


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Address to listen on (0.0.0.0: every network).")]
    = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help="Database URL (sqlite:///FILE, postgresql://...) or an SQLite file path; default: "
                     "gamenight.db in your data folder.")] = None,
) -> None:
    """Serve the lobby and the tables in the browser, at http://HOST:PORT/."""
    import uvicorn
    from sqlalchemy.engine import make_url

    from gamenight.server.app import MAX_WS_FRAME, create_app, tune_gc
    from gamenight.server.storage import default_db_url, normalise_db_url

    url = normalise_db_url(db) if db else default_db_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        application = create_app(url)
    except Exception as e:  # a bad URL, a missing driver, an unwritable folder: one line for the person
        fail(err_console(), f"Cannot use the database given ({type(e).__name__}): {e}")
    out_console().print(f"gamenight: open http://{host}:{port}/ (tables stored in {shown})", soft_wrap=True)
    tune_gc()
    uvicorn.run(application, host=host, port=port, ws_max_size=MAX_WS_FRAME, log_level="info")


def main() -> None:  # pragma: no cover - the console script calls app() directly
    app()

"""The Typer app and its commands: ``gamenight serve | list | rules | play | sim | replay``."""

from __future__ import annotations

import contextlib
import io
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

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

from gamenight.arena import StuckMatch
from gamenight.bots import KINDS, heuristic_games
from gamenight.bots.loader import BotLoadError, offer_bot, place_bot
from gamenight.cli.catalog import render_games, render_rules
from gamenight.cli.loops import (
    Quit,
    RateColumn,
    Session,
    SimTotals,
    leave_table,
    load_log,
    render_house,
    render_sim,
    replay_log,
    sim_match,
    step_through,
)
from gamenight.cli.render import render_outcome, render_sheet
from gamenight.cli.setup import (
    CliError,
    bot_kinds,
    bot_rng,
    build_bot,
    game_spec,
    parse_option_pairs,
    save_log,
    start_game,
)
from gamenight.cli.sim_runner import sim_matches
from gamenight.core import registry
from gamenight.core.options import build
from gamenight.core.state import State
from gamenight.families.house import HouseGame, HouseRound, edge_estimate
from gamenight.server.limits import Limits as _Limits
from gamenight.spread import RAY_ADDRESSES, SpreadError, check_ray_address

#: the defaults of ``gamenight serve``'s limits
LIMITS = _Limits()
#: the most a request's line and headers may take (h11's buffer; httptools has its own bound)
HEADER_BYTES = 16 * 1024

if TYPE_CHECKING:
    from gamenight.server.links import LinkBase

app = typer.Typer(
    help="Play the family's card games in the terminal, against bots, or let bots play each other.",
    no_args_is_help=True,
    add_completion=False,
)

#: rounds a simulation of a game against the house plays when not told
HOUSE_ROUNDS = 100_000

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


def show_version(asked: bool) -> None:
    if asked:
        from gamenight import __version__

        out_console().print(f"gamenight {__version__}")
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[bool, typer.Option(
        "--version", callback=show_version, is_eager=True,
        help="Print gamenight's version and exit.")] = False,
) -> None:
    """Play the family's card games in the terminal, against bots, or let bots play each other."""


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
    seat: Annotated[int, typer.Option(
        "--seat", help="Your seat, counted from 1 in seat order (1 is North when four play).")] = 1,
    bots: Annotated[str, typer.Option(
        "--bots", help="The bots' level: beginner, casual, strong or expert (or heuristic, random).")
    ] = "heuristic",
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
        (mine,) = people_seats([seat], state.num_players)
        kinds = bot_kinds(bots, state.spec.id, state.num_players, notes)
        table = Session(state, mine, {s: (build_bot(kinds[s], state.spec.id), bot_rng(state.seed, s))
                                     for s in range(state.num_players) if s != mine},
                       console, ask_line(console))
    except CliError as e:
        fail(err_console(), str(e))
    introduce(state, mine, kinds, notes, console)
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
    console.print(f"You are {state.names[seat]} (seat {seat + 1}). Bots: {others}.")
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


def people_seats(seats: list[int], players: int) -> list[int]:
    """Seats as people count them (from 1, as ``play --seat`` does), as the engine counts them."""
    for seat in seats:
        if not 1 <= seat <= players:
            raise CliError(f"There is no seat {seat}: this table has seats 1 to {players}.")
    return [seat - 1 for seat in seats]


@app.command()
def sim(
    game: GameArg,
    games: Annotated[int | None, typer.Option("--games", "-g", min=1,
                                              help="How many matches to play.")] = None,
    rounds: Annotated[int | None, typer.Option(
        "--rounds", "-r", min=1,
        help="Games against the house: play matches until this many rounds are settled, and measure the "
             "house edge.")] = None,
    bots: Annotated[str, typer.Option(
        "--bots", help="One bot for every seat, or one per seat: strong,casual,casual,casual (levels: "
                      "beginner, casual, strong, expert; or heuristic, random).")
    ] = "heuristic",
    preset: PresetOpt = None,
    option: OptionOpt = None,
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="Match i is played with seed SEED+i.")] = 0,
    bot: Annotated[str | None, typer.Option(
        "--bot", help="Your own bot, as module:Class or module:function (given the game's id if it takes "
                      "one argument); it plays the --seat seats, the others play --bots.")] = None,
    seat: Annotated[list[int] | None, typer.Option(
        "--seat", help="A seat your --bot plays, counted from 1 (repeat for more; default: seat 1).")] = None,
    workers: Annotated[int | None, typer.Option(
        "--workers", min=1, help="Processes to play --games in (default: every core of this machine; "
                                 "1: this process).")] = None,
    ray: Annotated[str | None, typer.Option(
        "--ray", metavar="ADDRESS",
        help=f"Play --games as tasks on a Ray cluster instead: {RAY_ADDRESSES} (local: a Ray instance on "
             "this machine for the run). Needs the ray extra.")] = None,
) -> None:
    """Let bots play N full matches against each other and tally wins and scores; for a game against
    the house, play N rounds and measure the house edge with its 95% confidence interval."""
    console = out_console()
    notes: list[str] = []
    try:
        first = start_game(game, players=players, seed=seed, options=option or [], preset=preset)
        kinds = bot_kinds(bots, first.spec.id, first.num_players, notes)
        if seat and bot is None:
            raise CliError("--seat says where your --bot plays: give --bot too.")
        if bot is not None:
            kinds = place_bot(kinds, bot, people_seats(seat or [1], first.num_players), first.spec.id)
        if ray is not None:
            check_ray_address(ray)
        chosen = parse_option_pairs(option or [])
    except (CliError, BotLoadError, SpreadError) as e:
        fail(err_console(), str(e))
    house = isinstance(first, HouseGame)
    if rounds is not None and not house:
        fail(err_console(), f"{first.spec.title} is not played against the house: count matches with "
                            "--games.")
    if games is not None and rounds is not None:
        fail(err_console(), "Give --games or --rounds, not both.")
    if games is None and rounds is None:
        if not house:
            fail(err_console(), "Say how many matches to play: --games N.")
        rounds = HOUSE_ROUNDS
    if rounds is not None and ray is not None:
        fail(err_console(), "--rounds plays its matches in this process (it stops once enough rounds are "
                            "settled): --ray spreads --games.")
    for note in notes:
        console.print(Text(note, style="yellow"))
    totals = SimTotals(first.num_players)
    settled: list[HouseRound] = []
    started = time.perf_counter()
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        RateColumn("matches" if rounds is None else "rounds"), TimeElapsedColumn(),
                        TextColumn("ETA"), TimeRemainingColumn(), console=console)
    try:
        with progress:
            if rounds is None:
                assert games is not None
                task = progress.add_task(first.spec.title, total=games)
                for played in sim_matches(first.spec.id, kinds, range(seed, seed + games),
                                        players=first.num_players, options=chosen, preset=preset,
                                        workers=workers, ray=ray):
                    totals.add_match(played.outcome, played.moves)
                    settled.extend(played.house_rounds)
                    progress.advance(task)
            else:
                task = progress.add_task(f"{first.spec.title}, rounds", total=rounds)
                while len(settled) < rounds:
                    state = sim_match(first.spec.id, kinds, seed=seed + totals.games,
                                      players=first.num_players, options=option or [], preset=preset)
                    totals.add(state)
                    assert isinstance(state, HouseGame)
                    got = list(state.house_rounds())[:rounds - len(settled)]
                    if not got:
                        fail(err_console(), f"A match of {first.spec.title} settled no round.")
                    settled.extend(got)
                    progress.advance(task, len(got))
    except KeyboardInterrupt:
        console.print(Text(f"Interrupted: the summary covers the {totals.games} matches finished.",
                           style="yellow"))
        if not totals.games:
            raise typer.Exit(130) from None
    except (SpreadError, StuckMatch) as e:  # Ray out of reach (found when the first match is sent), a loop
        fail(err_console(), str(e))
    elapsed = time.perf_counter() - started
    done = totals.games
    title = f"{first.spec.title}: {done} matches, seeds {seed}–{seed + done - 1}"
    console.print(render_sim(totals, first.names, kinds, title, house=house))
    if isinstance(first, HouseGame) and settled:
        console.print(render_house(edge_estimate(settled), first.exact_house_edge(), kinds))
    console.print(f"Moves: {totals.moves} in all, {totals.moves / totals.games:.1f} a match.")
    rate = (f"{len(settled) / elapsed:.1f} rounds/s" if rounds is not None
            else f"{done / elapsed:.1f} matches/s")
    console.print(f"Time: {elapsed:.2f} s ({rate}, {totals.moves / elapsed:.0f} moves/s).")


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game log saved with 'gamenight play --save'.")],
    seat: Annotated[int | None, typer.Option(
        "--seat", help="See the game as this seat, counted from 1 (else: as a spectator).")] = None,
    step: Annotated[bool, typer.Option("--step", help="Print every move's events as it replays.")] = False,
) -> None:
    """Replay a saved game and print its score sheet and outcome."""
    console = out_console()
    try:
        log = load_log(file)
        if seat is not None and not (isinstance(log["players"], int) and 1 <= seat <= log["players"]):
            raise CliError(f"There is no seat {seat} in this game.")
        mine = None if seat is None else seat - 1  # people count seats from 1, the engine from 0
        state = step_through(log, file, mine, console) if step else replay_log(log, file)
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
        console.print(render_outcome(outcome.to_json(), state.names, mine))


@app.command()
def serve(
    host: Annotated[str | None, typer.Option(
        "--host", metavar="HOST",
        help="Address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network).")] = None,
    port: Annotated[int, typer.Option("--port", metavar="PORT", min=1, max=65535,
                                      help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", metavar="URL",
        help="Database URL (sqlite:///FILE, postgresql://...) or an SQLite file path; default: "
             "gamenight.db in your data folder.")] = None,
    lan: Annotated[bool, typer.Option(
        "--lan", help="Let phones and laptops on your home network join: listen on every network and "
                      "build the shared links from this machine's local address.")] = False,
    public_url: Annotated[str | None, typer.Option(
        "--public-url", metavar="URL",
        help="The address people open when the server is behind a proxy or a tunnel "
             "(https://games.example.org): shared links are built from it.")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        "--forwarded-allow-ips", metavar="ADDR", show_envvar=False, envvar="GAMENIGHT_FORWARDED_ALLOW_IPS",
        help="The reverse proxy's address (or addresses, comma-separated): X-Forwarded-For and "
             "X-Forwarded-Proto are believed from it only. Default: from nobody, so each client is "
             "the address its connection comes from.")] = None,
    tables_per_minute: Annotated[int, typer.Option(
        "--tables-per-minute", metavar="N", min=0, show_envvar=False, envvar="GAMENIGHT_TABLES_PER_MINUTE",
        rich_help_panel="Limits",
        help="New tables one client (address) may create per minute; 0: no limit.")]
    = LIMITS.tables_per_minute,
    moves_per_minute: Annotated[int, typer.Option(
        "--moves-per-minute", metavar="N", min=0, show_envvar=False, envvar="GAMENIGHT_MOVES_PER_MINUTE",
        rich_help_panel="Limits",
        help="Moves one client may send per minute (bots are not counted); 0: no limit.")]
    = LIMITS.moves_per_minute,
    renames_per_minute: Annotated[int, typer.Option(
        "--renames-per-minute", metavar="N", min=0, show_envvar=False, envvar="GAMENIGHT_RENAMES_PER_MINUTE",
        rich_help_panel="Limits",
        help="Seat renames one client may make per minute; 0: no limit.")] = LIMITS.renames_per_minute,
    connections_per_client: Annotated[int, typer.Option(
        "--connections-per-client", metavar="N", min=0, show_envvar=False,
        envvar="GAMENIGHT_CONNECTIONS_PER_CLIENT",
        rich_help_panel="Limits",
        help="WebSockets one client may hold open; 0: no limit.")] = LIMITS.connections_per_client,
    connections_per_table: Annotated[int, typer.Option(
        "--connections-per-table", metavar="N", min=0, show_envvar=False,
        envvar="GAMENIGHT_CONNECTIONS_PER_TABLE", rich_help_panel="Limits",
        help="WebSockets one table may have open (seats and spectators); 0: no limit.")]
    = LIMITS.connections_per_table,
    max_moves: Annotated[int, typer.Option(
        "--max-moves", metavar="N", min=0, show_envvar=False, envvar="GAMENIGHT_MAX_MOVES",
        rich_help_panel="Limits",
        help="Moves after which an unfinished table ends as abandoned; 0: no limit.")] = LIMITS.max_moves,
    archive_after: Annotated[float, typer.Option(
        "--archive-after", metavar="SECONDS", min=0.0, show_envvar=False, envvar="GAMENIGHT_ARCHIVE_AFTER",
        rich_help_panel="Limits",
        help="Seconds a table nobody watches stays in memory after its last change (it stays stored and "
             "loads again on first use).")] = LIMITS.archive_after_s,
    header_timeout: Annotated[float, typer.Option(
        "--header-timeout", metavar="SECONDS", min=0.0, show_envvar=False, envvar="GAMENIGHT_HEADER_TIMEOUT",
        rich_help_panel="Limits",
        help="Seconds a client has to send a request's headers; 0: no limit.")] = LIMITS.header_timeout_s,
    body_timeout: Annotated[float, typer.Option(
        "--body-timeout", metavar="SECONDS", min=0.0, show_envvar=False, envvar="GAMENIGHT_BODY_TIMEOUT",
        rich_help_panel="Limits",
        help="Seconds a client has to send a request's body once its headers are in; 0: no limit.")]
    = LIMITS.body_timeout_s,
    requests_per_client: Annotated[int, typer.Option(
        "--requests-per-client", metavar="N", min=0, show_envvar=False,
        envvar="GAMENIGHT_REQUESTS_PER_CLIENT", rich_help_panel="Limits",
        help="HTTP requests one client may have in progress at once; 0: no limit.")]
    = LIMITS.requests_per_client,
    http_connections_per_client: Annotated[int, typer.Option(
        "--http-connections-per-client", metavar="N", min=0, show_envvar=False,
        envvar="GAMENIGHT_HTTP_CONNECTIONS_PER_CLIENT", rich_help_panel="Limits",
        help="HTTP connections one address may hold open at once (not the proxy's named by "
             "--forwarded-allow-ips); 0: no limit.")] = LIMITS.http_connections_per_client,
    keep_alive: Annotated[int, typer.Option(
        "--keep-alive", metavar="SECONDS", min=1, show_envvar=False, envvar="GAMENIGHT_KEEP_ALIVE",
        rich_help_panel="Limits",
        help="Seconds an idle keep-alive connection stays open.")] = LIMITS.keep_alive_s,
    admin_token: Annotated[str | None, typer.Option(
        "--admin-token", metavar="TOKEN", show_envvar=False, envvar="GAMENIGHT_ADMIN_TOKEN",
        rich_help_panel="Limits", show_default=False,
        help="Opens /api/stats to other machines (as Authorization: Bearer); without it only this "
             "machine may read it.")] = None,
    workers: Annotated[int, typer.Option(
        "--workers", metavar="N", min=1, max=64,
        help="Server processes sharing the tables (a PostgreSQL database only): each takes a share of "
             "the connections, and the others take over the tables of one that dies.")] = 1,
    listen_fd: Annotated[int | None, typer.Option("--listen-fd", hidden=True)] = None,
    bot: Annotated[list[str] | None, typer.Option(
        "--bot", metavar="MODULE:NAME",
        help="Your own bot, offered for a seat in the lobby under its own name (repeat for more): a class "
             "or function as in 'gamenight sim --bot'; its games attribute (game ids) limits where.")] = None,
) -> None:
    """Serve the lobby and the tables in the browser, at http://HOST:PORT/.

    Each limit may also be set by an environment variable: GAMENIGHT_ and the option's name in capitals, with underscores (GAMENIGHT_MAX_MOVES=5000).
    """  # noqa: E501 - one line: the help screen keeps a docstring's line breaks
    import uvicorn
    from sqlalchemy.engine import make_url

    from gamenight.cli.workers import NEEDS_POSTGRES, inherited_socket, supervise
    from gamenight.server.limits import Limits
    from gamenight.server.storage import Storage, default_db_url, normalise_db_url

    console = out_console()
    try:
        bind, links, notes = reach(host, port, lan=lan, public_url=public_url)
        offered = [offer_bot(path, [g.id for g in registry.games()], KINDS) for path in bot or []]
    except (CliError, BotLoadError) as e:
        fail(err_console(), str(e))
    limits = Limits(
        tables_per_minute=tables_per_minute, moves_per_minute=moves_per_minute,
        connections_per_client=connections_per_client, connections_per_table=connections_per_table,
        renames_per_minute=renames_per_minute,
        max_moves=max_moves, archive_after_s=archive_after, header_timeout_s=header_timeout,
        body_timeout_s=body_timeout, requests_per_client=requests_per_client,
        http_connections_per_client=http_connections_per_client,
        keep_alive_s=keep_alive, admin_token=admin_token or None)
    url = normalise_db_url(db) if db else default_db_url()
    try:
        shown = make_url(url).render_as_string(hide_password=True)
        sqlite = make_url(url).get_backend_name() == "sqlite"
    except Exception as e:  # a bad URL: one line for the person
        fail(err_console(), f"Cannot use the database given ({type(e).__name__}): {e}")
    if workers > 1 and sqlite:
        fail(err_console(), NEEDS_POSTGRES.format(n=workers))
    if workers > 1:  # this process only watches: no app here, the database's tables made once
        try:
            Storage(url).close()
        except Exception as e:
            fail(err_console(), f"Cannot use the database given ({type(e).__name__}): {e}")
        tell(console, bind, port, shown, notes, offered, links)
        console.print(f"{workers} server processes share the tables.", soft_wrap=True)
        raise typer.Exit(supervise(workers, bind, port, sys.argv[1:]))
    from gamenight.server.app import create_app, tune_gc

    try:
        application = create_app(url, limits, links=links)
    except Exception as e:  # a missing driver, an unwritable folder: one line for the person
        fail(err_console(), f"Cannot use the database given ({type(e).__name__}): {e}")
    if listen_fd is not None:  # a worker of `serve --workers`: the watcher said it all
        tune_gc()
        serve_on(application, inherited_socket(listen_fd), uvicorn_settings(limits, forwarded_allow_ips))
        return
    tell(console, bind, port, shown, notes, offered, links)
    tune_gc()
    uvicorn.run(application, host=bind, port=port, **uvicorn_settings(limits, forwarded_allow_ips))


def tell(console: Console, bind: str, port: int, shown: str, notes: Sequence[str], offered: Sequence[Any],
         links: LinkBase) -> None:
    """Where to open the lobby, what the person should know, and the address to share."""
    local = f"http://{'127.0.0.1' if bind == '0.0.0.0' else bind}:{port}/"
    console.print(f"gamenight: open {local} (tables stored in {shown})", soft_wrap=True)
    for note in notes:
        console.print(Text(note, style="yellow"), soft_wrap=True)
    for own in offered:
        console.print(f"Your bot {own.name!r} is offered for a seat in {offered_games(own.games)}.",
                      soft_wrap=True)
    if links.shared:
        announce(links.shared + "/", console)


def uvicorn_settings(limits: _Limits, forwarded_allow_ips: str | None) -> dict[str, Any]:
    """How uvicorn serves: the frame and header bounds, the header timeout, the proxy it believes."""
    from gamenight.server.app import MAX_WS_FRAME
    from gamenight.server.protocols import header_timeout_protocol

    return {"ws_max_size": MAX_WS_FRAME, "log_level": "info",
            "http": header_timeout_protocol(
                limits.header_timeout_s, per_peer=limits.http_connections_per_client,
                trusted=(forwarded_allow_ips or "").split(",") if forwarded_allow_ips else ()),
            "timeout_keep_alive": limits.keep_alive_s, "h11_max_incomplete_event_size": HEADER_BYTES,
            **proxy_settings(forwarded_allow_ips)}


def serve_on(application: Any, sock: Any, settings: dict[str, Any]) -> None:
    """uvicorn on a socket already listening (a worker's, from ``serve --workers``)."""
    import uvicorn

    uvicorn.Server(uvicorn.Config(application, **settings)).run(sockets=[sock])


def proxy_settings(forwarded_allow_ips: str | None) -> dict[str, Any]:
    """uvicorn believes X-Forwarded-For from 127.0.0.1 by default: any local process, or a tunnel
    that connects from loopback without setting it, could then choose the address every limit
    counts by. Only a proxy the person names is believed."""
    if not forwarded_allow_ips:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": forwarded_allow_ips}


def offered_games(games: Sequence[str]) -> str:
    every = len(registry.games())
    titles = [registry.get(g).title for g in games]
    return f"every game ({every})" if len(games) == every else ", ".join(titles)


def reach(
    host: str | None, port: int, *, lan: bool, public_url: str | None
) -> tuple[str, LinkBase, list[str]]:
    """Where to listen, what shared links are built on, and what the person should know about it."""
    from gamenight.server.links import LinkBase, lan_address, lan_url, normalise_public_url

    notes: list[str] = []
    if lan and host is not None and host != "0.0.0.0":
        raise CliError(f"--lan listens on every network of this machine; leave out --host {host}.")
    bind = "0.0.0.0" if lan else (host or "127.0.0.1")
    public = None
    if public_url is not None:
        try:
            public = normalise_public_url(public_url)
        except ValueError as e:
            raise CliError(f"--public-url: {e}.") from None
    address = lan_address() if lan else None
    if lan and address is None:
        notes.append("No local network address was found (is this machine on Wi-Fi or a cable?): "
                     "links will use the address your browser opened the lobby at.")
    return bind, LinkBase(public_url=public, lan_url=lan_url(address, port) if address else None), notes


def announce(url: str, console: Console) -> None:
    """The address to share, and a QR code of it for a phone's camera."""
    import segno

    console.print(Text.assemble("Share this address with the family: ", (url, "bold")), soft_wrap=True)
    console.print("Or scan this with a phone's camera to open the lobby:")
    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True, border=2)
    console.out(buffer.getvalue(), end="", highlight=False)


def main() -> None:  # pragma: no cover - the console script calls app() directly
    app()

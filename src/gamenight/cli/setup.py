"""Setting up: games, options and bots from the command line, and the error a mistake in them
raises."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

import gamenight
from gamenight.bots import KINDS, Bot, heuristic_games, make_bot, sampler_for
from gamenight.bots.loader import is_bot_path, load_bot
from gamenight.core import registry
from gamenight.core.errors import GameError, UnknownGame
from gamenight.core.events import Event
from gamenight.core.registry import GameSpec
from gamenight.core.state import State


class CliError(Exception):
    """A mistake on the command line or in a file: one line for the person, exit status 2."""


# =========================================================================================
# Setting up: games, options and bots from the command line
# =========================================================================================


def game_spec(game_id: str) -> GameSpec:
    try:
        return registry.get(game_id)
    except UnknownGame as e:
        raise CliError(str(e)) from None


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``k=v`` words into a dict; the values are coerced (and checked) by the game's options.
    ``k=@FILE`` takes the value from a text file (a family's own list of Sticks' sticks)."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CliError(f"Write each option as NAME=VALUE, for example --option low_nt_ranking=reversed "
                           f"(not {pair!r}).")
        value = value.strip()
        if value.startswith("@"):
            value = _read_option_file(name.strip(), value[1:])
        out[name.strip()] = value
    return out


def _read_option_file(name: str, path: str) -> str:
    try:
        return Path(path).expanduser().read_text(encoding="utf-8").strip()
    except OSError as e:
        raise CliError(f"Could not read {path!r} for the option {name}: {e.strerror or e}.") from None
    except UnicodeDecodeError:
        raise CliError(f"Could not read {path!r} for the option {name}: it is not UTF-8 text.") from None


def start_game(game_id: str, *, players: int | None, seed: int | None, options: Sequence[str],
               preset: str | None) -> State:
    spec = game_spec(game_id)
    try:
        return gamenight.new(spec.id, players=players, seed=seed, options=parse_option_pairs(options),
                             preset=preset)
    except GameError as e:
        raise CliError(str(e)) from None


def bot_kinds(kinds: str, game_id: str, players: int, notes: list[str]) -> list[str]:
    """The bot kind of every seat from ``kind`` or ``kind,kind,...``; a heuristic the game does not
    have yet falls back to random, with a note saying so."""
    wanted = [k.strip().lower() for k in kinds.split(",") if k.strip()]
    if len(wanted) == 1:
        wanted *= players
    if len(wanted) != players:
        raise CliError(f"--bots names {len(wanted)} bots for {players} seats: "
                       "give one kind, or one per seat.")
    for k in wanted:
        if k not in KINDS:
            raise CliError(f"Unknown bot {k!r}; the bots are: {', '.join(KINDS)}.")
    if "heuristic" in wanted and game_id not in heuristic_games():
        notes.append(f"There is no heuristic bot for {game_id} yet: random bots play instead.")
        wanted = ["random" if k == "heuristic" else k for k in wanted]
    return wanted


def build_bot(kind: str, game_id: str) -> Bot:
    try:
        return load_bot(kind, game_id) if is_bot_path(kind) else make_bot(kind, game_id)
    except ValueError as e:
        raise CliError(str(e)) from None


def bot_rng(seed: int, seat: int) -> random.Random:
    """Each bot's own RNG, fixed by the game's seed and its seat, so a seeded run reproduces."""
    return random.Random(f"gamenight-bot:{seed}:{seat}")


def bot_move(state: State, seat: int, bot: Bot, rng: random.Random) -> list[Event]:
    """Ask a bot for its move from its own view only, and play it."""
    legal = state.legal_moves(seat)
    move = bot.choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)
    return state.play(move, seat)


def save_log(state: State, path: Path, console: Console) -> None:
    try:
        path.write_text(json.dumps(state.log, indent=1) + "\n", encoding="utf-8")
    except OSError as e:
        console.print(Text(f"Could not save the game to {path}: {e.strerror or e}.", style="bold red"))
        return
    then = "replay" if state.is_over else f"play {state.spec.id} --resume"
    console.print(f"Saved the game to {path} ({len(state.moves)} moves): gamenight {then} {path}",
                  soft_wrap=True)  # a command to copy: never broken across lines

"""The loops: a person's match at the terminal, bot-vs-bot simulation, and stepping through a
saved game."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.progress import ProgressColumn, Task
from rich.table import Table
from rich.text import Text

import gamenight
from gamenight import arena as bots_arena
from gamenight.bots import Bot
from gamenight.bots.hints import hint_for
from gamenight.cli.amend import AMEND_HELP, AMEND_WORD, amend_answer
from gamenight.cli.menu import display_order, number_labels, number_verb, render_moves, typed_move
from gamenight.cli.pieces import engine_space
from gamenight.cli.render import (
    hand_pieces,
    own_hand,
    render_events,
    render_news,
    render_outcome,
    render_sheet,
    render_view,
    styled_sentence,
)
from gamenight.cli.screen import turn_screen
from gamenight.cli.setup import CliError, bot_move, bot_rng, build_bot, save_log, start_game
from gamenight.core.errors import GameError, IllegalMove
from gamenight.core.events import Event
from gamenight.core.moves import parse_move
from gamenight.core.registry import amend_at, amendments_by_move
from gamenight.core.registry import get as get_spec
from gamenight.core.scoring import Outcome, amount_text, money
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.house import EdgeEstimate

# =========================================================================================
# A person's match
# =========================================================================================


class Quit(Exception):
    """The person left the table (q, end of input or Ctrl-C)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


#: events shown again when a saved game is resumed
RESUME_EVENTS = 8
#: the screen a turn is drawn for when the output is no terminal (the classic 80×24)
SCREEN = (80, 24)
QUIT_WORDS = frozenset({"q", "quit", "exit"})
HELP_WORDS = frozenset({"?", "h", "help"})
SCORE_WORDS = frozenset({"s", "score", "sheet"})
TABLE_WORDS = frozenset({"t", "table"})
MOVES_WORDS = frozenset({"m", "moves"})
SYMBOL_LETTERS = str.maketrans({"♣": "C", "♦": "D", "♥": "H", "♠": "S"})

#: how each kind of piece is typed, for the help of a game whose hand holds that kind
PIECE_HELP = {
    "card": "Cards are rank then suit: 2-9, T or 10, J, Q, K, A, then C, D, H or S ('QS', '10H').",
    "tile": "A domino is its two ends: '12-7' (or '12|7').",
}

HELP_KEYS = """\
A move the rules do not allow is refused with the reason; choose again.
  s, score   the score sheet so far
  t, table   the whole table in full detail (a small terminal shows it in brief)
  m, moves   every legal move, numbered (a long list is folded on a small terminal)
  ?, help    this help, and the move the strong bot would play
  q, quit    leave the table (and save the game to resume it later
             with 'gamenight play GAME --resume FILE')"""


def help_text(view: dict[str, Any], moves: Sequence[str]) -> str:
    """The help for this turn: examples from the moves on offer (a dice game's 'keep 1 5', not
    a card), how the hand's pieces are typed where the hand holds any, then the keys."""
    examples: list[str] = []
    for move in moves:
        verb = move.split()[0]
        if all(e.split()[0] != verb for e in examples):
            examples.append(typed_move(move))
    shown = ", ".join(f"'{e}'" for e in examples[:3])
    lines = [f"Type the number of a move, or the move itself ({shown})." if shown
             else "Type the number of a move, or the move itself."]
    hand = own_hand(view)
    if hand is not None and hand[2] in PIECE_HELP:
        lines.append(PIECE_HELP[hand[2]])
    amends = get_spec(view["game"]).options_cls.AMENDABLE if isinstance(view.get("game"), str) else ()
    return "\n".join([*lines, HELP_KEYS, *([AMEND_HELP] if amends else [])])


@dataclass
class Session:
    """A person's seat at a table of bots, and what has been shown to them so far."""

    state: State
    human: int
    bots: dict[int, tuple[Bot, random.Random]]
    console: Console
    ask: Callable[[str], str]
    pending: list[Event] = field(default_factory=list, init=False)
    rows_shown: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        # what happened before the person's first turn: the first deal's announcement, or the
        # last moves of a resumed game (whose score sheet so far is not news)
        seen = [e for e in self.state.events if self.state.is_news(e, self.human)]
        self.pending = seen[-RESUME_EVENTS:]
        self.rows_shown = len(self.state.score_sheet.rows)

    def note(self, events: Iterable[Event]) -> None:
        self.pending.extend(e for e in events if self.state.is_news(e, self.human))

    def run(self) -> None:
        """Play to the end of the match: bots act for their seats (first, in a simultaneous
        phase), the person for theirs."""
        state = self.state
        while not state.is_over:
            acting = state.to_act
            bot_seat = next((s for s in sorted(acting) if s != self.human), None)
            if bot_seat is not None:
                bot, rng = self.bots[bot_seat]
                self.note(bot_move(state, bot_seat, bot, rng))
            elif self.human in acting:
                self.note(self.human_turn())
            else:
                raise RuntimeError(f"{state.spec.title}: nobody may act but the game is not over")
        self.show_news()
        self.console.print(render_sheet(state.score_sheet.to_json(), title="Final score sheet"))
        outcome = state.outcome
        assert outcome is not None
        self.console.print(render_outcome(outcome.to_json(), state.names, self.human))

    def show_news(self) -> None:
        """Events since the person last acted, with the score sheet after a deal's score (the
        final one is shown with the outcome)."""
        rows = len(self.state.score_sheet.rows)
        new_row = rows > self.rows_shown and not self.state.is_over
        sheet = self.state.score_sheet.to_json() if new_row else None
        self.console.print(render_news(self.pending, sheet))
        self.pending = []
        self.rows_shown = rows

    def screen(self) -> tuple[int, int]:
        """The columns and lines a turn is drawn in: the terminal's, or 80×24."""
        if self.console.is_terminal:
            return self.console.size.width, self.console.size.height
        return self.console.width, SCREEN[1]

    def human_turn(self) -> list[Event]:
        """Show the table, the moves and how to answer, fitted to the screen (the hand and the
        moves always whole, the rest as detailed as there is room for); then ask until the
        person gives a legal move. Every refusal says why, and nothing is lost."""
        self.show_news()
        view = self.state.view(self.human)
        moves = display_order(view["legal_moves"], hand_pieces(view))
        width, height = self.screen()
        for part in turn_screen(view, moves, width, height):
            self.console.print(part)
        while True:
            try:
                answer = self.ask("> ").strip()
            except EOFError:
                raise Quit("end of input") from None
            except KeyboardInterrupt:
                raise Quit("interrupted") from None
            word = answer.lower()
            if word in QUIT_WORDS:
                raise Quit("quit")
            if word in HELP_WORDS:
                self.console.print(help_text(view, moves))
                # the strong bot's suggestion, from this seat's view only (gamenight.bots.hints)
                self.console.print(hint_for(self.state, self.human, random.Random(len(self.state.moves)))[1])
                continue
            if word in SCORE_WORDS:
                self.console.print(render_sheet(self.state.score_sheet.to_json()))
                continue
            if word in TABLE_WORDS:
                self.console.print(render_view(view))
                continue
            if word in MOVES_WORDS:
                self.console.print(render_moves(moves, width, number_labels(view.get("moves") or [])))
                continue
            if word.split()[:1] == [AMEND_WORD]:  # a house rule changed from the next deal (cli.amend)
                self.console.print(amend_answer(self.state, answer[len(AMEND_WORD):]), markup=False)
                continue
            try:
                return self.play_answer(answer, moves)
            except IllegalMove as e:
                why = styled_sentence(quoted_as_typed(str(e)))
                self.console.print(Text.assemble(("✗ ", "bold red"), why))

    def play_answer(self, answer: str, moves: Sequence[str]) -> list[Event]:
        """A number picks from the list; anything else is read by the game (its ``parse``)."""
        if not answer:
            if len(moves) == 1:
                return self.state.play(moves[0], self.human)
            raise IllegalMove(f"Type a move: a number from 1 to {len(moves)}, or the move itself.")
        verb = number_verb(moves)
        if verb is not None and answer.lstrip("-").isdigit():
            return self.state.play(f"{verb} {int(answer)}", self.human)  # the engine says why not
        if answer.isdigit():
            number = int(answer)
            if not 1 <= number <= len(moves):
                raise IllegalMove(f"There is no move {number}: choose 1 to {len(moves)}.")
            return self.state.play(moves[number - 1], self.human)
        text = engine_text(answer)
        try:
            return self.state.play(text, self.human)
        except IllegalMove:
            # "8D" where the game reads only "play 8D": the one legal move with exactly these cards
            match = moves_with_cards(text, moves)
            if match is None:
                raise
            return self.state.play(match, self.human)


#: a move quoted in an engine sentence ("... for example 'play 7H 0,4'.")
QUOTED = re.compile(r"'([^']+)'")


def quoted_as_typed(sentence: str) -> str:
    """An engine sentence with the moves it quotes as a person types them here (a board space
    counted from 1), so its example can be typed as shown."""
    return QUOTED.sub(lambda m: f"'{typed_move(m[1])}'", sentence)


def engine_text(answer: str) -> str:
    """A typed move in the engine's words: suit symbols as letters, a domino drawn 12|6 as the
    engine's 12-6, a board space counted from 1 (``1,5``) as the engine's from 0 (``0,4``)."""
    words = []
    for word in answer.translate(SYMBOL_LETTERS).split():
        space = engine_space(word)
        if space is None:
            raise IllegalMove(f"Rows and columns count from 1, as the board shows them: {word!r} names no "
                              "space.")
        words.append(word.replace("|", "-") if tile_key(word) else space)
    return " ".join(words)


#: a domino as people type it: its two ends, with a dash or a bar as the screen draws it
TILE_TEXT = re.compile(r"^(\d{1,2})[-|](\d{1,2})$")


def tile_key(word: str) -> tuple[int, int] | None:
    """A typed domino's ends, either way round ("6-12", "12|6" are one tile); None if no tile."""
    m = TILE_TEXT.match(word)
    return None if m is None else tuple(sorted((int(m[1]), int(m[2]))))  # type: ignore[return-value]


def moves_with_cards(text: str, moves: Sequence[str]) -> str | None:
    """The one legal move naming exactly the cards typed (and nothing else), if there is one; or
    the one move naming the domino typed ("12|6" where it fits one train only)."""
    words = text.split()
    if not words:
        return None
    if all(C.is_card_code(w) for w in words):
        typed = sorted(C.card(w) for w in words)
        found = [m for m in moves if sorted(parse_move(m).cards) == typed]
        return found[0] if len(found) == 1 else None
    tiles = [k for w in words if (k := tile_key(w)) is not None]
    if len(tiles) != len(words):
        return None
    found = [m for m in moves if sorted(k for w in m.split() if (k := tile_key(w))) == sorted(tiles)]
    return found[0] if len(found) == 1 else None


def leave_table(
    state: State, how: str, save: Path | None, console: Console, ask: Callable[[str], str]
) -> None:
    """On quit: save where --save says, or offer to; at end of input, save only if --save was given."""
    console.print()
    if save is not None:
        save_log(state, save, console)
    elif how in ("quit", "interrupted"):  # Ctrl-C is a way out like q: offer to keep the game
        try:
            answer = ask("Save this game? Type a file name, or press Enter to leave without saving: ").strip()
        except (EOFError, KeyboardInterrupt):
            answer = ""
        if answer:
            save_log(state, Path(answer), console)
    console.print(f"Left the table after {len(state.moves)} moves.")


# =========================================================================================
# Bot-vs-bot simulation
# =========================================================================================


class RateColumn(ProgressColumn):
    """What the bar counts per second: matches, or rounds against the house."""

    def __init__(self, unit: str = "matches") -> None:
        super().__init__()
        self.unit = unit

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"–  {self.unit}/s" if speed is None else f"{speed:.1f} {self.unit}/s", style="cyan")


@dataclass
class SimTotals:
    """What a run of bot-vs-bot matches adds up to, per seat."""

    players: int
    games: int = 0
    moves: int = 0
    wins: list[int] = field(default_factory=list)
    shares: list[float] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    #: the scores' unit (the score sheet's: "" points, "cents" money)
    unit: str = ""

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.shares = [0.0] * self.players
        self.scores = [0] * self.players

    def add(self, state: State) -> None:
        assert state.outcome is not None
        self.add_match(state.outcome, len(state.moves))

    def add_match(self, outcome: Outcome, moves: int) -> None:
        """One finished match, by its outcome and its number of moves (what a worker sends back)."""
        self.games += 1
        self.moves += moves
        self.unit = outcome.unit
        for w in outcome.winners:
            self.wins[w] += 1
            self.shares[w] += 1 / len(outcome.winners)
        for s, score in enumerate(outcome.scores):
            self.scores[s] += score


def sim_match(game_id: str, kinds: Sequence[str], *, seed: int, players: int | None, options: Sequence[str],
              preset: str | None) -> State:
    return play_bots(start_game(game_id, players=players, seed=seed, options=options, preset=preset), kinds)


def play_bots(state: State, kinds: Sequence[str]) -> State:
    """Play ``state`` to its end with a bot of ``kinds`` in every seat, each with its seeded RNG."""
    game_id, seed = state.spec.id, state.seed
    bots = [(build_bot(k, game_id), bot_rng(seed, s)) for s, k in enumerate(kinds)]
    for moves in itertools.count():
        if state.is_over:
            break
        if moves > bots_arena.MATCH_MOVE_BOUND:
            raise bots_arena.StuckMatch.of(state.spec.title, seed)
        acting = state.to_act
        if not acting:
            raise RuntimeError(f"{state.spec.title}: nobody may act but the game is not over")
        seat = min(acting)
        bot, rng = bots[seat]
        bot_move(state, seat, bot, rng)
    return state


def render_sim(totals: SimTotals, names: Sequence[str], kinds: Sequence[str], title: str, *,
               house: bool = False) -> RenderableType:
    """Per seat: the bot, its wins, win %, share of the wins and mean final score; in a game against
    the house, where every player plays the house and nobody wins against another, the bot and the
    mean result alone."""
    if house:
        return render_house_seats(totals, names, kinds, title)
    out = Table(title=title, box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
    for name, justify in (("Seat", "left"), ("Bot", "left"), ("Wins", "right"), ("Win %", "right"),
                          ("Share", "right"), ("Mean score", "right")):
        out.add_column(name, justify=justify)  # type: ignore[arg-type]
    n = max(totals.games, 1)
    for s, name in enumerate(names):
        out.add_row(f"{s + 1} {name}", kinds[s], str(totals.wins[s]), f"{100 * totals.wins[s] / n:.1f}",
                    f"{totals.shares[s]:.2f}", f"{totals.scores[s] / n:.1f}")
    legend = Text("Wins: matches the seat was among the winners (a team's win counts for each partner, a tie "
                  "for each tied seat). Share: each match split equally among its winners, so the shares "
                  "add up to the matches played.", style="dim")
    return Group(out, legend)


def render_house_seats(totals: SimTotals, names: Sequence[str], kinds: Sequence[str],
                       title: str) -> RenderableType:
    out = Table(title=title, box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
    for name, justify in (("Seat", "left"), ("Bot", "left"), ("Mean result a match", "right")):
        out.add_column(name, justify=justify)  # type: ignore[arg-type]
    n = max(totals.games, 1)
    for s, name in enumerate(names):
        mean = amount_text(round(totals.scores[s] / n), totals.unit, signed=True)
        out.add_row(f"{s + 1} {name}", kinds[s], mean)
    legend = Text("Each player plays the house, not the others: the result is what a player took from "
                  "the house, or lost to it, in a match.", style="dim")
    return Group(out, legend)


def render_house(estimate: EdgeEstimate, exact: Fraction | None, kinds: Sequence[str]) -> RenderableType:
    """A game against the house: the house edge measured over the rounds, its 95% confidence
    interval, and the exact figure of the rules where the game gives one."""
    out = Table(title="Against the house", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False,
                show_header=False)
    out.add_column("what")
    out.add_column("value", justify="right")
    out.add_row("Rounds settled", f"{estimate.rounds:,}")
    out.add_row("First bets", money(estimate.bets))
    out.add_row("Bets and raises", money(estimate.wagered))
    out.add_row("Players' net", money(estimate.net, signed=True))
    out.add_row("House edge (per unit of first bet)",
                f"{100 * estimate.edge:.3f}% ± {100 * estimate.half_width:.3f}%")
    out.add_row("95% confidence interval", f"{100 * estimate.low:.3f}% to {100 * estimate.high:.3f}%")
    out.add_row("Per unit bet or raised", f"{100 * estimate.edge_wagered:.3f}%")
    lines: list[RenderableType] = [out]
    if exact is not None:
        inside = estimate.covers(float(exact))
        out.add_row("Exact, best play on a fresh shoe", f"{100 * float(exact):.4f}% ({exact})")
        best = all(k == "heuristic" for k in kinds)
        verdict = ("within the interval" if inside else "OUTSIDE the interval") if best else \
            "(the exact figure is for the best play: these bots do not all play it)"
        lines.append(Text(f"The exact edge is {verdict}.", style="green" if inside and best else "yellow"))
    return Group(*lines)


# =========================================================================================
# Replay
# =========================================================================================


def load_log(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CliError(f"No file {str(path)!r}.") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"Cannot read {str(path)!r}: {e}.") from None
    except json.JSONDecodeError as e:
        raise CliError(f"{str(path)!r} is not a saved game: it is not JSON ({e}).") from None
    needed = ("game", "players", "seed", "options", "moves")
    if not isinstance(data, dict) or any(k not in data for k in needed):
        raise CliError(f"{str(path)!r} is not a saved game: a game log has the keys {', '.join(needed)}.")
    if not isinstance(data["moves"], list) or not all(
        isinstance(m, list) and len(m) == 2 and isinstance(m[0], int) and isinstance(m[1], str)
        for m in data["moves"]
    ):
        raise CliError(f"{str(path)!r} is not a saved game: its moves must be [seat, \"move\"] pairs.")
    return data


def replay_log(log: dict[str, Any], path: Path) -> State:
    """``gamenight.replay``, with any failure turned into one line naming the file."""
    try:
        return gamenight.replay(log)
    except (GameError, KeyError, TypeError, ValueError) as e:
        raise CliError(f"{str(path)!r} does not replay: {e}") from None


def step_through(log: dict[str, Any], path: Path, seat: int | None, console: Console) -> State:
    """Replay move by move, printing what ``seat`` (or a spectator) saw happen, and each new score row."""
    state = replay_log({**log, "moves": [], "amendments": []}, path)
    console.print(render_events([e.text for e in state.events if e.visible_to(seat)]))
    rows = 0
    try:
        amended = amendments_by_move(log)  # house rules the table changed, made at their moves
    except GameError as e:
        raise CliError(f"{str(path)!r} does not replay: {e}") from None
    for i, (who, text) in enumerate(log["moves"]):
        try:
            events = [*amend_at(state, amended.get(i, ())), *state.play(text, who)]
        except (GameError, ValueError) as e:
            raise CliError(f"{str(path)!r} does not replay: "
                           f"move {i + 1} ({text!r} by seat {who}): {e}") from None
        new_row = len(state.score_sheet.rows) > rows and not state.is_over
        rows = len(state.score_sheet.rows)
        console.print(render_news([e for e in events if e.visible_to(seat)],
                                  state.score_sheet.to_json() if new_row else None))
    try:
        last = amend_at(state, amended.get(len(log["moves"]), ()))
    except GameError as e:
        raise CliError(f"{str(path)!r} does not replay: {e}") from None
    if last:
        console.print(render_news([e for e in last if e.visible_to(seat)], None))
    return state

"""Our bots against OpenSpiel's ISMCTS, head to head, deal by deal, at equal time per decision.

Which game is played. OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts`` with its
random-rollout evaluator, as OpenSpiel ships it) plays *our* game through our OpenSpiel registration
(:mod:`gamenight.interop.openspiel`), so both sides play the same rules and the same engine: the
comparison is of the two searches, not of two rule books or a C++ engine against a Python one. The
registration's returns are the match's result; here a deal is the unit, so the bench wraps the
registered game in a one-deal game (:class:`DealState`): terminal when the deal is scored, its
returns each seat's points for the deal minus the others' mean (teams share them; fewer-points-win
games have the sign flipped), divided by the largest swing a deal gives (:data:`SETUPS`) so that
OpenSpiel's usual exploration constant (2, for returns within ±1) fits. Its worlds come from the
registration's ``resample_from_infostate``, which is our game's own ``sample``: it knows exactly
what our bot knows.

Lockstep. One pyspiel state per deal; at each turn the seat's side decides: our level's bot from the
seat's view and sampler (its move then applied as its atomic actions), or ISMCTS from the pyspiel
state (an atomic action at a time: a Hearts pass of three cards is three searches). Partners against
partners in Euchre; in four-seat games without partnerships our bot holds seats 0 and 2 and ISMCTS 1
and 3; in Gin one seat each. Every deal is played twice from the same seed (the same cards), the
sides swapped; the pair's mean of our seats' advantage is one sample, reported with a 95% interval
(mean ± 1.96 standard errors) per game and level.

Equal time. Our levels' budgets are rollout moves, not seconds (a reproducible run), and OpenSpiel's
ISMCTS counts simulations. Before the deals, both are timed on the same decisions
(:data:`CALIBRATION_DECISIONS` decisions with a choice of seeded deals the casual bot plays): our
level's CPU time per decision, and ISMCTS's at two budgets (:data:`PROBE_SIMULATIONS`), which part
its cost per decision from its cost per simulation; the simulations that would fit in our level's
time are timed once more and scaled by what they took (a deeper tree costs more a simulation).
ISMCTS then gets that many simulations a decision (at least :data:`MIN_SIMULATIONS`). Both sides'
CPU time per decision with a choice is measured over the whole run and reported, so how well the
times matched can be read off (the calibration's deals are not the run's: within a third, seen).
``--sims`` fixes the simulations instead: with it a run is deterministic under ``--seed`` (the
calibration reads the clock). Usage::

    python bench/vs_openspiel.py [--game euchre,hearts,oh-hell,gin-rummy] [--level strong,expert]
        [--deals 100] [--seconds 900] [--sims N] [--seed 0] [--keep]

``--deals`` is the paired deals per game and level, ``--seconds`` the CPU time after which a game and
level begins no new pair (the pairs done are reported), ``--keep`` stores the rows in
docs/vs_openspiel.json and rewrites docs/BOTS.md.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from gamenight import arena
from gamenight.bots import Bot, make_bot, sampler_for
from gamenight.bots.search import _lowest_wins
from gamenight.bots.search_doc import OPENSPIEL_FILE
from gamenight.core.state import State
from gamenight.interop.actions import actions_for
from gamenight.interop.openspiel import TERMINAL, GamenightGame, GamenightState, short_name

#: decisions with a choice timed on each side to match ISMCTS's simulations to our level's time
#: (a search's cost changes over a deal: the calibration takes decisions from all of it)
CALIBRATION_DECISIONS = 40
#: the calibration deal's seed, after the first deal's: a deal the run does not measure
CALIBRATION_SEED = 1_000_000
#: the two budgets ISMCTS is timed at: its cost per simulation, and apart from it its cost per
#: decision (the tree's reset, the root's information state)
PROBE_SIMULATIONS = (2, 6)
#: ISMCTS's fewest simulations: with one, its root has no child yet and it cannot choose
MIN_SIMULATIONS = 2
#: OpenSpiel's usual UCT exploration constant for returns within ±1 (its examples use 2)
UCT_C = 2.0


@dataclass(frozen=True)
class Setup:
    """How a game is played here: its rule set and house rules, and the largest swing of one deal's
    advantage (points), which scales ISMCTS's returns to about ±1."""

    options: dict[str, Any] = field(default_factory=dict)
    swing: float = 1.0
    preset: str = ""
    #: atomic actions after which a deal is stopped and scored 0 for all (the registration's
    #: ``max_steps``): random play must end for a rollout to
    max_steps: int = 20_000


#: Gin's random play may draw and throw the discard for ever (13,000 actions a deal, seen): a
#: random rollout stops after four times a long deal's actions, a tie
GIN_STEPS = 400
#: the four games of the head to head. Oh Hell's book starts a match with one card each, a deal
#: without play; ``down_up`` deals the largest hand (ten cards) first, as a full deal should be.
#: Gin is the usual two-handed game (ten cards, one hand scored on one sheet, as OpenSpiel's
#: ``gin_rummy``), not the book's Hollywood scoring, whose sheet keeps three games at once.
SETUPS = {
    "euchre": Setup({}, 4.0),
    "hearts": Setup({}, 26.0),
    "oh-hell": Setup({"order": "down_up"}, 20.0),
    "gin-rummy": Setup({}, 100.0, "standard", GIN_STEPS),
}


# ---- the one-deal game ISMCTS searches -----------------------------------------------------------

class DealGame(GamenightGame):
    """A registered gamenight game, one deal long (the module's text); built directly, not loaded."""

    def __init__(self, game_id: str, setup: Setup) -> None:
        registered = pyspiel.load_game(short_name(game_id))
        type(self).spec = registered.spec
        type(self).game_type = registered.game_type
        self.swing = setup.swing
        super().__init__({"options": json.dumps(setup.options), "preset": setup.preset,
                          "max_steps": setup.max_steps})

    def deal(self, seed: int) -> DealState:
        return DealState(self, self._deal(seed))


def deal_game_class(game_id: str) -> type[DealGame]:
    """A :class:`DealGame` subclass of one game (the registration keeps its spec on the class)."""
    return type(f"Deal_{game_id.replace('-', '_')}", (DealGame,), {})


class DealState(GamenightState):
    """A registered game's state that ends when its first deal is scored (the module's text)."""

    def __init__(self, game: DealGame, state: State) -> None:
        super().__init__(game, state)
        self.swing = game.swing
        self.rows, self.deal_no = len(state.sheet.rows), state.deal_no
        self.start = list(state.sheet.totals)

    def deal_over(self) -> bool:
        s = self.state
        return s.is_over or len(s.sheet.rows) != self.rows or s.deal_no != self.deal_no

    def is_terminal(self) -> bool:
        return bool(self.stopped) or self.deal_over()

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else int(super().current_player())

    def returns(self) -> list[float]:
        return [deal_advantage(self.state, {seat}, self.start) / self.swing
                for seat in range(self.state.num_players)]


def deal_advantage(state: State, seats: set[int], start: list[int]) -> float:
    """The points ``seats`` (one side) gained since ``start`` minus the other columns' mean, sign
    flipped where fewer points win."""
    gains = [t - s for t, s in zip(state.sheet.totals, start, strict=True)]
    cols = {state.column_of(s) for s in seats}
    others = [g for c, g in enumerate(gains) if c not in cols]
    adv = sum(gains[c] for c in cols) / len(cols) - (sum(others) / len(others) if others else 0.0)
    return -adv if _lowest_wins(state) else adv


# ---- the two sides ---------------------------------------------------------------------------------

def openspiel_bot(game: DealGame, sims: int, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS with its random-rollout evaluator, seeded; its worlds are drawn with a
    seeded sampler (OpenSpiel's default one seeds itself from the system)."""
    rs = np.random.RandomState(seed & 0xFFFFFFFF)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=UCT_C,
                           max_simulations=sims, random_state=rs)
    draw = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draw.random))
    return bot


@dataclass
class Side:
    """One side's CPU seconds per decision with a choice (ISMCTS's summed over a move's actions)."""

    times: list[float] = field(default_factory=list)


def our_move(bot: Bot, spiel: DealState, rng: random.Random, side: Side) -> None:
    """Our bot decides from the seat's view and sampler; its move is applied as atomic actions."""
    state, seat = spiel.state, spiel.current_player()
    legal = state.legal_moves(seat)
    t = time.process_time()
    move = bot.choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)
    if len(legal) > 1:
        side.times.append(time.process_time() - t)
    for action in actions_for(spiel.game_.space, move, legal):
        spiel.apply_action(action)


def their_move(bot: ismcts.ISMCTSBot, spiel: DealState, side: Side) -> None:
    """ISMCTS decides atomic actions until the seat's move is made (its selection is cleared)."""
    seat = spiel.current_player()
    moves, spent, chose = len(spiel.state.moves), 0.0, False
    while not spiel.is_terminal() and spiel.current_player() == seat and len(spiel.state.moves) == moves:
        chose = chose or len(spiel.legal_actions()) > 1
        t = time.process_time()
        action = bot.step(spiel)
        spent += time.process_time() - t
        spiel.apply_action(action)
    if chose:
        side.times.append(spent)


def play_deal(game: DealGame, level: str, seed: int, ours: set[int], sims: int,
              sides: tuple[Side, Side]) -> DealState:
    """One deal from ``seed`` with our level in ``ours``, ISMCTS elsewhere, played out."""
    spiel = game.deal(seed)
    n = spiel.state.num_players
    tag = f"{seed}:{sorted(ours)}"
    bots = {s: make_bot(level, game.spec.id, timed=False) for s in ours}
    theirs = {s: openspiel_bot(game, sims, random.Random(f"{tag}:{s}").getrandbits(31)) for s in range(n)
              if s not in ours}
    rng = random.Random(tag)
    while not spiel.is_terminal():
        seat = spiel.current_player()
        if seat in ours:
            our_move(bots[seat], spiel, rng, sides[0])
        else:
            their_move(theirs[seat], spiel, sides[1])
    return spiel


def our_seats(state: State, swapped: bool) -> set[int]:
    """Partners in a partnership game, alternate seats in other four-seat games, one seat at two."""
    n = state.num_players
    first = {s for s in range(n) if s % 2 == 0} if n % 2 == 0 else {0}
    return set(range(n)) - first if swapped else first


# ---- equal time --------------------------------------------------------------------------------------

def calibration_decisions(game: DealGame, level: str, seed: int) -> tuple[list[DealState], float]:
    """The decisions with a choice of deals the casual bot plays (:data:`CALIBRATION_DECISIONS`, a
    few deals' worth: one deal's cost is not the next one's), and our level's mean CPU seconds on
    them."""
    casual = make_bot("casual", game.spec.id)
    ours = make_bot(level, game.spec.id, timed=False)
    rng = random.Random(seed)
    states: list[DealState] = []
    spent = 0.0
    spiel = game.deal(seed)
    while len(states) < CALIBRATION_DECISIONS:
        if spiel.is_terminal():
            seed += 1
            spiel = game.deal(seed)
        state, seat = spiel.state, spiel.current_player()
        legal = state.legal_moves(seat)
        if len(legal) > 1 and len(spiel.legal_actions()) > 1 and not spiel.selections[seat].pending:
            states.append(spiel.clone())
            t = time.process_time()
            view = state.view(seat, layout=False)
            ours.choose(view, legal, sampler_for(state, seat), random.Random(len(states)))
            spent += time.process_time() - t
        move = casual.choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)
        for action in actions_for(game.space, move, legal):
            spiel.apply_action(action)
    return states, spent / max(1, len(states))


def ismcts_seconds(game: DealGame, states: list[DealState], sims: int, seed: int) -> float:
    """ISMCTS's mean CPU seconds a decision with ``sims`` simulations, on ``states``."""
    bot = openspiel_bot(game, sims, seed)
    t = time.process_time()
    for state in states:
        bot.step(state)
    return (time.process_time() - t) / max(1, len(states))


def matched_sims(game: DealGame, level: str, seed: int) -> int:
    """The simulations that make ISMCTS's time per decision our level's: timed at two budgets
    (its cost per decision apart from its cost per simulation), then once at the budget that
    gives and scaled by what that took (a deeper tree costs more a simulation)."""
    states, ours = calibration_decisions(game, level, seed)
    few, many = PROBE_SIMULATIONS
    t_few, t_many = (ismcts_seconds(game, states, n, seed) for n in PROBE_SIMULATIONS)
    per_sim = max(1e-9, (t_many - t_few) / (many - few))
    sims = max(MIN_SIMULATIONS, round((ours - max(0.0, t_few - few * per_sim)) / per_sim))
    if sims <= many:
        return sims
    return max(MIN_SIMULATIONS, round(sims * ours / ismcts_seconds(game, states, sims, seed)))


# ---- the run -----------------------------------------------------------------------------------------

@dataclass
class Result:
    game: str
    level: str
    sims: int
    pairs: list[float] = field(default_factory=list)
    sides: tuple[Side, Side] = field(default_factory=lambda: (Side(), Side()))

    def row(self) -> dict[str, Any]:
        mean, half = interval(self.pairs)
        ours, theirs = (1000 * sum(s.times) / max(1, len(s.times)) for s in self.sides)
        return {"game": self.game, "level": self.level, "sims": self.sims, "deals": len(self.pairs),
                "advantage": mean, "half": half, "ours_ms": ours, "theirs_ms": theirs,
                "verdict": verdict(mean, half, len(self.pairs))}


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
    return mean, 1.96 * math.sqrt(var / n)


def verdict(mean: float, half: float, pairs: int) -> str:
    """Ours wins, loses, or the interval is too wide to tell (or too few pairs to read it)."""
    if pairs < 20:
        return "too few deals"
    return "ours wins" if mean - half > 0 else "ours loses" if mean + half < 0 else "too wide to tell"


def run(game_id: str, level: str, deals: int, seed: int, sims: int | None, seconds: float | None,
        tick: Callable[[], None] = lambda: None) -> Result:
    """``deals`` paired deals of ``game_id`` (seeds ``seed``, ``seed + 1``...), fewer if the CPU
    time ``seconds`` runs out first."""
    game = deal_game_class(game_id)(game_id, SETUPS.get(game_id, Setup()))
    if sims is None:
        sims = matched_sims(game, level, seed + CALIBRATION_SEED)
    result = Result(game_id, level, sims)
    start = time.process_time()
    for k in range(deals):
        if seconds is not None and result.pairs and time.process_time() - start > seconds:
            break
        probe = game.deal(seed + k).state
        pair = []
        for swapped in (False, True):
            ours = our_seats(probe, swapped)
            done = play_deal(game, level, seed + k, ours, result.sims, result.sides)
            pair.append(deal_advantage(done.state, ours, done.start))
        result.pairs.append(sum(pair) / 2)
        tick()
    return result


def keep(rows: list[dict[str, Any]]) -> None:
    """Merge ``rows`` into docs/vs_openspiel.json (a game and level's longer run is kept) and
    rewrite docs/BOTS.md."""
    docs = Path(__file__).resolve().parents[1] / "docs"
    store = docs / OPENSPIEL_FILE
    kept: dict[str, dict[str, Any]] = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
    for row in rows:
        key = f"{row['game']}/{row['level']}"
        if key not in kept or int(kept[key]["deals"]) <= int(row["deals"]):
            kept[key] = row
    store.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    arena.main(["--doc", "--kept", "--docs", str(docs)])


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--game", default=",".join(SETUPS), help="game ids, comma separated")
    parser.add_argument("--level", default="strong", help="our levels, comma separated")
    parser.add_argument("--deals", type=int, default=100, help="paired deals per game and level")
    parser.add_argument("--seconds", type=float, default=None,
                        help="CPU seconds per game and level after which no new pair is begun")
    parser.add_argument("--sims", type=int, default=None,
                        help="ISMCTS's simulations a decision (default: matched to our level's time)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--keep", action="store_true", help="keep the rows and rewrite docs/BOTS.md")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    rows = []
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, disable=args.quiet, transient=True) as bar:
        for game_id in args.game.split(","):
            for level in args.level.split(","):
                task = bar.add_task(f"{game_id} {level}", total=args.deals)
                result = run(game_id, level, args.deals, args.seed, args.sims, args.seconds,
                             lambda task=task: bar.advance(task))  # type: ignore[misc]
                row = result.row()
                rows.append(row)
                bar.console.print(
                    f"{game_id:<12}{level:<8} {row['deals']:>4} pairs  ours {row['advantage']:+.3f} ± "
                    f"{row['half']:.3f} points a deal ({row['verdict']})  CPU ms a decision: ours "
                    f"{row['ours_ms']:.0f}, ISMCTS {row['theirs_ms']:.0f} ({row['sims']} simulations)")
    if args.keep:
        keep(rows)
    return rows


if __name__ == "__main__":
    main()

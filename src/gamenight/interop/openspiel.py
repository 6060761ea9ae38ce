"""OpenSpiel: every gamenight game registered with ``pyspiel`` as a Python game.

    >>> import pyspiel
    >>> import gamenight.interop.openspiel  # registers gamenight_euchre, gamenight_hearts, ...
    >>> game = pyspiel.load_game("gamenight_euchre", {"seed": 3})
    >>> state = game.new_initial_state()

Each game is ``gamenight_`` and its id with ``_`` for ``-`` (``gamenight_oh_hell``), with the
parameters ``preset`` (a rule set's name, ``""`` for the default rules), ``options`` (house rules
as JSON, ``"{}"`` for none), ``players`` (``0``: the game's default), ``seed`` (the first deal's
seed; each new initial state takes the next) and ``max_steps`` (atomic actions after which a match
is stopped and scored 0 for everyone, so random play always ends).

**Chance** is *sampled* (``ChanceMode.SAMPLED_STOCHASTIC``): the engine shuffles, deals and rolls
from its own seeded generator in the middle of applying a move (the next deal is dealt inside the
move that ends the last one), so there are no chance nodes; a state's future is fixed by its seed.
Exposing explicit chance nodes would need every kernel to stop before each shuffle and roll; the
sampled mode is what OpenSpiel offers for engines that draw their own randomness. Algorithms that
need another world ask :meth:`GamenightState.resample_from_infostate`, answered by the game's own
``State.sample(seat, rng)``: every piece the seat cannot see redealt consistently with all it
knows, and a fresh generator for what is still to be dealt.

**Turns** are sequential: where several seats may act at once (Hearts' passing) the lowest seat
acts first, and a seat keeps the turn while its move (a few atomic actions: see
:mod:`gamenight.interop.actions`) is under way. **Returns** are the match result: +1 to each
winner, -1 to every other seat, at the end only (general-sum: a shared win rewards each winner).

**Strings and tensors**: the information state string is everything the seat has been told (every
event it saw, from the first) with the zones as it sees them and its selection so far; the
observation string is the view's text; the observation tensor is
:class:`~gamenight.interop.observe.Observer`'s. The information-state tensor is the same vector:
what the seat sees now, with what the deal's auction settled (the bids, the contract, trump, the
maker) and the tricks and melds on record, and its selection. It is not a perfect-recall summary of
the match (that would have no fixed size): the order in which the cards of a finished trick were
played, for one, is in the string and not in the tensor.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

import gamenight
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.core.zones import zone_view
from gamenight.interop.actions import ActionSpace, Selection, space_for
from gamenight.interop.observe import Observer, text
from gamenight.interop.pettingzoo import LOSS, WIN, match_rewards

#: atomic actions after which a match is stopped (scored 0 for all) unless a game says otherwise
MAX_STEPS = 20_000
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


def short_name(game_id: str) -> str:
    """The pyspiel name of a gamenight game: ``gamenight_oh_hell``."""
    return "gamenight_" + game_id.replace("-", "_")


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    low, high = min(spec.players), max(spec.players)
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"gamenight {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"preset": "", "options": "{}", "players": 0, "seed": 0,
                                 "max_steps": MAX_STEPS},
    )


class GamenightGame(pyspiel.Game):  # type: ignore[misc]
    """One gamenight game, rule set and player count, as a pyspiel game."""

    spec: GameSpec
    game_type: pyspiel.GameType

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**self.game_type.parameter_specification, **(params or {})}
        self.preset = str(params["preset"]) or None
        self.house = json.loads(str(params["options"])) or None
        self.max_steps = int(params["max_steps"])
        self._seeds = random.Random(int(params["seed"]))
        self.wanted = int(params["players"]) or None
        probe = self._deal(0)
        self.players: int = probe.num_players
        self.wanted = self.players
        self.space: ActionSpace = space_for(probe)
        self.observer_template = Observer(probe, self.space)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size, max_chance_outcomes=0, num_players=self.players,
            min_utility=LOSS, max_utility=WIN, utility_sum=None, max_game_length=self.max_steps)
        super().__init__(self.game_type, info, params)

    def _deal(self, seed: int) -> State:
        return gamenight.new(self.spec.id, players=self.wanted, seed=seed, preset=self.preset,
                             options=self.house)

    def new_initial_state(self) -> GamenightState:
        """A new match, dealt from the next seed of the game's ``seed`` parameter."""
        return GamenightState(self, self._deal(self._seeds.getrandbits(32)))

    def __deepcopy__(self, memo: dict[int, Any]) -> GamenightGame:
        # a game is shared, never copied (pyspiel copies a Python state's attributes deeply, and a
        # sampled game cannot be pickled: it has no generator state to save)
        return self

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SpielObserver:
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SpielObserver(self, perfect_recall=recall)


class Match:
    """The engine's state and each seat's selection, copied with the engine's own clone when
    pyspiel deep-copies a state (which keeps the state's history on pyspiel's side)."""

    def __init__(self, state: State, selections: list[Selection]) -> None:
        self.state = state
        self.selections = selections

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return Match(self.state.clone(), [s.copy() for s in self.selections])


class GamenightState(pyspiel.State):  # type: ignore[misc]
    """A match in progress: the engine's state and each seat's pending selection."""

    def __init__(self, game: GamenightGame, state: State) -> None:
        super().__init__(game)
        self.game_ = game
        self.match = Match(state, [Selection(game.space, seat) for seat in range(game.players)])
        self.steps = 0
        self.stopped = False

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def selections(self) -> list[Selection]:
        return self.match.selections

    def current_player(self) -> int:
        match = self.match
        if self.stopped or match.state.is_over:
            return TERMINAL
        for selection in match.selections:
            if selection.pending:
                return selection.seat
        return min(match.state.to_act)

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self.selections[player].allowed(self.state.legal_moves(player)))

    def _apply_action(self, action: int) -> None:
        seat = self.current_player()
        selection = self.selections[seat]
        move = selection.choose(int(action), self.state.legal_moves(seat))
        self.steps += 1
        if move is not None:
            selection.clear()
            self.state.play(move, seat)
        if not self.state.is_over and self.steps >= self.game_.max_steps:
            self.stopped = True

    def _action_to_string(self, player: int, action: int) -> str:
        return self.game_.space.name(action)

    def is_terminal(self) -> bool:
        return self.stopped or self.match.state.is_over

    def returns(self) -> list[float]:
        if self.state.is_over:
            return match_rewards(self.state)
        return [0.0] * self.game_.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> GamenightState:
        """A state ``player_id`` cannot tell from this one: the game's own ``sample`` redeals all
        it cannot see (its selection so far kept), seeded from OpenSpiel's sampler."""
        rng = random.Random(int(probability_sampler() * 2**53))
        other: GamenightState = self.clone()
        other.match.state = self.state.sample(player_id, rng)
        return other

    def __str__(self) -> str:
        moves = " | ".join(f"{seat}:{move}" for seat, move in self.state.moves[-12:])
        pending = {s.seat: s.pending for s in self.selections if s.pending}
        return f"{self.state.spec.id} seed {self.state.seed}, move {len(self.state.moves)}: {moves} {pending}"


class SpielObserver:
    """OpenSpiel's observer: strings and tensors of what one seat sees (see the module's text)."""

    def __init__(self, game: GamenightGame, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.observer = game.observer_template
        # the information-state tensor is the observation's vector (see the module's text)
        self.tensor = np.zeros(self.observer.size, np.float32)
        self.dict = {"information_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: GamenightState, player: int) -> None:
        self.tensor[:] = self.observer.observe(state.state, player, state.selections[player].pending)

    def string_from(self, state: GamenightState, player: int) -> str:
        if self.perfect_recall:
            return information_state(state, player)
        return text(state.state.view(player)) + _pending_text(state, player)


def information_state(state: GamenightState, player: int) -> str:
    """Everything ``player`` has been told since the first deal, the zones as it sees them now,
    the seats to act and its selection so far: equal for every state it cannot tell apart."""
    engine = state.state
    told = [e.text for e in engine.events if e.visible_to(player)]
    zones = [zone_view(z, player, engine.knowledge) for z in engine.zones()]
    seen = [f"{z['key']}:{z['count']}:{' '.join(p or '?' for p in z['pieces'] or [])}" for z in zones]
    head = f"seat {player}; to act {sorted(engine.to_act)}"
    return "\n".join([head, *told, *seen]) + _pending_text(state, player)


def _pending_text(state: GamenightState, player: int) -> str:
    pending = state.selections[player].pending
    return "\nselected: " + ", ".join(state.game_.space.name(a) for a in pending) if pending else ""


def _register(spec: GameSpec) -> None:
    game_type = _game_type(spec)
    cls = type(f"Gamenight_{spec.id.replace('-', '_')}", (GamenightGame,),
               {"spec": spec, "game_type": game_type})
    pyspiel.register_game(game_type, cls)


def register_all() -> list[str]:
    """Register every gamenight game with pyspiel (once); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for spec in gamenight.games():
        name = short_name(spec.id)
        if name not in registered:
            _register(spec)
        names.append(name)
    return names


GAMES = register_all()

"""A search bot for every game: determinized Monte Carlo search over the game's own ``sample``.

The search runs in rounds. Each round draws one determinization of the hidden pieces from the
seat's ``sampler`` (the game's ``State.sample``, which keeps voids, shown cards and known melds) and
plays every live candidate move on its own copy of it, then lets every acting seat's heuristic bot
play each copy on (several seats in a simultaneous phase: each is asked in turn), all copies with
the same rollout randomness. This is one step of policy improvement over the heuristic (a
*rollout algorithm*): each move's value is what the heuristic would make of the deal after it, and
the rollouts play from each seat's own view of the sampled deal, so nobody in them sees the
others' cards.

Comparing moves on the same deals (common random numbers) takes the luck of the deal out of their
differences, which a small budget cannot average away. The heuristic's move, the prior, is kept
unless another beats it on those same deals by :data:`OVERRULE_Z` standard errors (a noisy
best-of-eight would otherwise pick lucky moves). The budget goes where the decision is open: after
:data:`RACE_AFTER` rounds a move that trails the leader by :data:`DROP_Z` standard errors is dropped
(racing), and once only the prior is left the decision is made, the rest of the budget unspent.

Why flat, not a tree. Information-set MCTS (:mod:`gamenight.bots.ismcts`: UCB over the seat's
information set, a fresh determinization each iteration, the heuristic as prior and rollout) was
measured on the same budget and deals: in Euchre it gained +0.03 ± 0.26 points a deal on the
heuristic over 100 paired deals, where this search gains +0.21 ± 0.18 over 150. At a table's budget
(a hundred or two rollouts a decision) a tree's deeper nodes get a few visits each, for choices the
heuristic already makes, and its root compares moves on different deals; here every rollout lands
on a root move and moves are compared on the same deals.

What a rollout costs. A decision's time is copying, applying and the heuristics' views: the
rollouts ask each heuristic with a *bot view* (:func:`bot_view`: the game's own entries and the few
general ones bots read), not the page's view with its move words, events and layout, which bots
never read and which cost most of a rollout; the options' JSON is made once per decision.

How far a rollout goes. A whole match is long, so a rollout stops at the end of the current deal:
the generic signals in core are the score sheet gaining a row and ``State.deal_no`` moving on (every
kernel that deals keeps both). Games without deals (a board game, a dice race) are capped at
:data:`ROLLOUT_CAP` decisions. Either way the rollout is scored by the score sheet.

Exact endgames. With ``endgame`` set (the expert level), a rollout in a trick game's play stops
once every hand holds that many cards or fewer (one more where two sides play) and the rest of the
sampled deal is solved exactly (:mod:`gamenight.bots.endgame`: every seat plays its best with all
hands known), its deal score difference the rollout's value: the heuristics' mistakes in the last
tricks no longer blur the comparison of moves, and from there on a decision is perfect-information
Monte Carlo with exact play. The solver's nodes count against the budget (:data:`NODES_A_STEP`);
games whose scoring it does not know roll out to the end as before.

Inference. The game's ``sample`` keeps what the seat saw of the cards (voids, shown cards) but not
what the others' decisions say of their hands: a seat that bid four tricks is dealt as many low cards
as any other. With ``infer`` set to k and a heuristic that reads decisions (:class:`Plausible`: its
``plausibility(world, seat)``, how likely the others' past decisions of the deal are in a sampled
world under the heuristic's own model of play), each round draws k worlds and keeps one with chance
in proportion to its plausibility (sampling-importance-resampling, the policy-based inference of
Skat and bridge programs), deterministic under the bot's rng. The candidates cost a ``sample`` and a
plausibility each, not counted in ``steps`` (the benches' CPU column counts them); a game whose
heuristic has no hook is searched exactly as without ``infer``. Oh Hell's and Euchre's bots read the
bids (:mod:`gamenight.bots.games.oh_hell`, :mod:`gamenight.bots.games.euchre`); what it gained is
said in :mod:`gamenight.bots.levels`.

The reward. A rollout's value for the searching seat is the deal's score difference: the change of
its column's total minus the mean change of the other columns (the sheet's columns are teams in
partnerships, ``State.column_of``), sign flipped where the lowest total wins (the kernel's
``match_rules.lowest_wins``, unless the sheet counts money). A rollout that ends the match adds the
result (+1 a win, shared wins split, -1 a loss) times the largest difference seen, so a won match
weighs like the best deal.

Budget and determinism. ``steps`` caps the moves played in the rollouts of one decision (the
root moves among them): the work of a decision, about the same time in every game and at every
point of a deal (a rollout from the first bid of a Hearts deal plays some sixty moves, one from
its last tricks a few, so a budget of rollouts would cost ten times more early than late).
``simulations`` caps the rollouts; ``seconds`` caps the time on an injected ``clock``
(``time.perf_counter`` by default: the engine never reads it). With ``seconds=None`` the bot is
deterministic: the same ``rng`` state and budget give the same move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, cast, runtime_checkable

from gamenight.bots.base import Bot, Sampler, sampler_for
from gamenight.bots.endgame import Solver, cards_left, in_play, position, scoring_for, solver_for
from gamenight.core.errors import GameError
from gamenight.core.moves import Move
from gamenight.core.state import State

#: decisions a rollout plays at most, where the game has no deal to end it
ROLLOUT_CAP = 200
#: root moves compared at most: the heuristic's choice and a sample of the rest (a rummy turn may
#: list hundreds of melds; spreading a small budget over all of them would learn nothing)
MAX_CHILDREN = 8
#: how sure the search must be before it overrules the heuristic: the other move's mean gain over
#: the heuristic's, on the same determinizations, must exceed this many standard errors
OVERRULE_Z = 1.0
#: rounds every candidate gets before racing may drop it
RACE_AFTER = 6
#: how far behind the leader (standard errors of the paired difference) a move is dropped
DROP_Z = 2.0
#: endgame solver nodes that cost about one rollout move (a heuristic's choice and the engine's
#: step): how the solver's work counts against the step budget
NODES_A_STEP = 4
#: the extra card a hand solved where two sides play (Euchre's partnerships): alpha-beta solves a
#: Euchre endgame of four cards a hand in 1.5 ms of CPU on average, where max^n (three or more
#: sides: Hearts, Oh Hell) takes about as long at three (tests/bots/test_endgame.py's positions)
TWO_SIDES_DEEPER = 1


@runtime_checkable
class MatchStanding(Protocol):
    """A game state that says what its match is won on where its sheet keeps something else
    (:func:`standing`)."""

    def match_standing(self) -> list[int]:
        """Per score-sheet column, the side's standing in the match, more being better."""
        ...


@runtime_checkable
class Plausible(Protocol):
    """A heuristic bot that can say how likely the other seats' past decisions (bids) are in a
    sampled world, under its own model of play: the search's inference (:attr:`SearchBot.infer`)."""

    def plausibility(self, world: State, seat: int) -> float:
        """A weight, 0 or more, in proportion to the chance of the others' decisions in ``world``
        (sampled by ``seat``); 1 where they tell nothing."""
        ...


@dataclass
class _Arm:
    """One root move, and its value in each round it was played (``None``: not legal there)."""

    move: Move
    values: dict[int, float | None] = field(default_factory=dict)


@dataclass
class SearchBot:
    """Determinized search with heuristic rollouts (see the module's docstring)."""

    rollout: Callable[[], Bot]
    simulations: int = 200
    seconds: float | None = None
    steps: int | None = None
    clock: Callable[[], float] = time.perf_counter
    name: str = "search"
    max_children: int = MAX_CHILDREN
    #: solve the deal exactly once every hand in a trick game's play holds this many cards or
    #: fewer (:mod:`gamenight.bots.endgame`; 0: roll out to the end, as where no solver applies)
    endgame: int = 0
    #: the standard errors by which another move must beat the heuristic's (:data:`OVERRULE_Z`)
    overrule_z: float = OVERRULE_Z
    #: candidate worlds drawn a round where the heuristic reads the others' past decisions
    #: (:class:`Plausible`): one is kept by its plausibility (sampling-importance-resampling;
    #: 0 or 1: the sampler's worlds as they come)
    infer: int = 0
    #: the simulations the last decision ran (0 where it had one legal move): for benches and tests
    last_simulations: int = 0
    #: how many root moves the last decision compared
    last_moves: int = 0
    #: the moves its rollouts played
    last_steps: int = 0
    #: the rollouts of the last decision that ended in an exact endgame
    last_solved: int = 0
    #: the candidate worlds the last decision's inference drew (:attr:`infer`)
    last_candidates: int = 0
    _policies: dict[int, Bot] = field(default_factory=dict, repr=False)
    _options: Any = field(default=None, repr=False)
    #: the decision's endgame solvers, one per scoring context (their tables serve every world)
    _solvers: dict[Any, Solver] = field(default_factory=dict, repr=False)

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        self.last_simulations = self.last_moves = self.last_steps = self.last_solved = 0
        self.last_candidates = 0
        self._solvers = {}
        if len(legal) == 1:
            return legal[0]
        deadline = None if self.seconds is None else self.clock() + self.seconds
        seat = view.get("seat")
        first = sampler(rng)
        if not isinstance(seat, int):
            seat = _acting_seat(first, legal)
        self._options = first.options.to_json()
        policy = self._policy(seat)
        prior = policy.choose(view, legal, sampler_for(first, seat), rng)
        plausible = policy if self.infer > 1 and isinstance(policy, Plausible) else None
        arms = self._arms(legal, prior, rng)
        self.last_moves = len(arms)
        live, done = arms, 0
        steps = math.inf if self.steps is None else self.steps
        while done < self.simulations and self.last_steps < steps and len(live) > 1:
            if deadline is not None and done and self.clock() >= deadline:
                break
            rnd = len(arms[0].values)
            if plausible is not None:
                world = self._plausible_world(sampler, rng, plausible, seat)
            else:
                world = first if rnd == 0 else sampler(rng)
            done += self._round(live, rnd, world, seat, rng.getrandbits(32), deadline)
            if rnd + 1 >= RACE_AFTER:
                live = _race(live, arms[0])
        self.last_simulations = done
        return _best(arms, self.overrule_z)

    def _plausible_world(self, sampler: Sampler, rng: random.Random, plausible: Plausible,
                         seat: int) -> State:
        """One of :attr:`infer` sampled worlds, drawn with chance in proportion to how likely the
        others' past decisions are in it (uniform where none explains them at all)."""
        worlds = [sampler(rng) for _ in range(self.infer)]
        weights = [plausible.plausibility(w, seat) for w in worlds]
        self.last_candidates += len(worlds)
        total = sum(weights)
        if total <= 0:
            return worlds[rng.randrange(len(worlds))]
        return rng.choices(worlds, weights=weights)[0]

    def _arms(self, legal: list[Move], prior: Move, rng: random.Random) -> list[_Arm]:
        """The heuristic's move first, then others, as many as leave a few rounds in the budget."""
        others = [m for m in legal if m != prior]
        room = min(self.max_children, max(2, self.simulations // 3)) - 1
        if len(others) > room:
            others = rng.sample(others, room)
        return [_Arm(prior)] + [_Arm(m) for m in others]

    def _round(self, arms: list[_Arm], rnd: int, state: State, seat: int, seed: int,
               deadline: float | None) -> int:
        """Every arm played out on the same determinization with the same rollout randomness, so
        the arms' differences are the moves', not the deal's luck; the rollouts played. Past the
        ``deadline`` the round stops between two arms (the comparisons use the rounds both arms
        played), so a decision overruns its time by one rollout at most: where a deal's rollouts
        are too long for the time, the heuristic's move (the first arm) is the answer."""
        start = standing(state)
        last = len(arms) - 1
        for i, arm in enumerate(arms):
            if i and deadline is not None and self.clock() >= deadline:
                return i
            copy = state if i == last else state.clone()  # the last arm may use the sample itself
            try:
                copy.play(arm.move, seat)
            except GameError:  # a move the seat's information allows but this determinization does not
                arm.values[rnd] = None
                continue
            played, solved = self._play_out(copy, random.Random(seed), seat)
            self.last_steps += 1 + played
            arm.values[rnd] = self._score(copy, seat, start) if solved is None else solved
        return len(arms)

    def reach_words(self) -> str:
        """How far its rollouts play each move, in a player's words (a hint says why it chose)."""
        return "playing each to the end of the deal"

    def _score(self, state: State, seat: int, start: list[float]) -> float:
        """A played-out copy's value for ``seat`` (a subclass may estimate an unfinished deal:
        :mod:`gamenight.bots.horizon`)."""
        return _value(state, seat, start)

    def _roll_out(self, state: State, rng: random.Random) -> int:
        """Every acting seat's heuristic plays on to the end of the deal, or the cap; the moves
        played (information-set MCTS's rollouts too)."""
        return self._play_out(state, rng, None)[0]

    def _play_out(self, state: State, rng: random.Random, seat: int | None) -> tuple[int, float | None]:
        """:meth:`_roll_out`, but stopping at an endgame the solver plays exactly where ``seat`` is
        the searching seat and ``endgame`` is set; the moves played (and the solver's nodes), and
        the solved deal's value for ``seat`` (``None``: the rollout stopped unsolved, scored by
        :meth:`_score`). A subclass may stop sooner (:mod:`gamenight.bots.horizon`)."""
        sheet = state.sheet
        rows, deal = len(sheet.rows), state.deal_no
        played = 0
        for _ in range(ROLLOUT_CAP):
            if state.is_over or len(sheet.rows) != rows or state.deal_no != deal:
                break
            if seat is not None and self.endgame and in_play(state) and \
                    cards_left(state) <= self._endgame_cards(state):
                solved = self._solve(state, seat)
                if solved is not None:
                    return played + solved[1], solved[0]
            moved = self._each_seat_once(state, rng)
            if moved is None:  # a seat to act with no legal move: the rollout ends where it is
                return played, None
            played += moved
        return played, None

    def _each_seat_once(self, state: State, rng: random.Random) -> int | None:
        """Every seat to act plays its heuristic's move once (several in a simultaneous phase, each
        in turn); the moves played, or ``None`` where a seat to act had no legal move."""
        played = 0
        for who in sorted(state.to_act):
            if who in state.to_act:
                move = self._rollout_move(state, who, rng)
                if move is None:
                    return None
                state.play(move, who)
                played += 1
        return played

    def _endgame_cards(self, state: State) -> int:
        """The cards a hand at which the deal is solved: one more where the sheet has two sides,
        whose minimax alpha-beta prunes (:data:`TWO_SIDES_DEEPER`)."""
        return self.endgame + (TWO_SIDES_DEEPER if len(state.sheet.columns) == 2 else 0)

    def _solve(self, state: State, seat: int) -> tuple[float, int] | None:
        """The deal's score difference for ``seat`` under exact play from here, and the solver's
        cost in rollout moves (:data:`NODES_A_STEP` nodes each); ``None`` where the game's
        scoring is not the solver's. The match's result is not added (a rollout's is): the
        solver scores the deal."""
        scoring = scoring_for(state)
        if scoring is None:
            return None
        s: Any = state
        key = (scoring.context, s.trump, s.bowers, s.low_ranking, tuple(s.active))
        solver = self._solvers.get(key)
        if solver is None:
            solver = self._solvers[key] = solver_for(state, scoring, _lowest_wins(state))
        before = solver.nodes
        hands, turn, trick, seats, tricks, rel, broken = position(state, scoring)
        value = solver.value(hands, turn, trick, seats, tricks, rel, broken, seat)
        self.last_solved += 1
        return value, (solver.nodes - before) // NODES_A_STEP

    def _rollout_move(self, state: State, seat: int, rng: random.Random) -> Move | None:
        legal = state.legal_moves(seat)
        if len(legal) <= 1:  # no choice: skip the view, the dearest part of a rollout
            return legal[0] if legal else None
        view = bot_view(state, seat, self._options)
        return self._policy(seat).choose(view, legal, sampler_for(state, seat), rng)

    def _policy(self, seat: int) -> Bot:
        if seat not in self._policies:
            self._policies[seat] = self.rollout()
        return self._policies[seat]


def bot_view(state: State, seat: int, options: Any) -> dict[str, Any]:
    """What a heuristic reads of ``seat``'s view: the game's own entries (``State._view``) and the
    general ones bots use, without the page's move words, events, score sheet and layout (most of
    the cost of ``State.view``, and read by no bot: tests/bots/test_search_speed.py checks every
    game's heuristic chooses alike from both). ``options`` is the options' JSON, made once."""
    out: dict[str, Any] = {
        "game": state.spec.id,
        "seat": seat,
        "players": state.names,
        "phase": state.phase(),
        "to_act": sorted(state.to_act),
        "options": options,
        "preset": state.preset,
        "move_number": len(state.moves),
        "is_over": state.is_over,
    }
    out.update(state._view(seat))
    return out


def _paired(arm: _Arm, other: _Arm) -> tuple[float, float, int]:
    """The mean of ``arm``'s value minus ``other``'s on the rounds both played, its standard
    error, and how many rounds that is."""
    diffs = []
    for rnd, value in arm.values.items():
        base = other.values.get(rnd)
        if value is not None and base is not None:
            diffs.append(value - base)
    n = len(diffs)
    if n < 2:
        return 0.0, math.inf, n
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    return mean, sd / math.sqrt(n), n


def _race(live: list[_Arm], prior: _Arm) -> list[_Arm]:
    """The live arms without those that trail the best of them by :data:`DROP_Z` standard errors
    (the prior is never dropped: it is the default answer)."""
    gains = {id(arm): _paired(arm, prior)[0] for arm in live}
    leader = max(live, key=lambda arm: gains[id(arm)])
    kept = []
    for arm in live:
        if arm is prior or arm is leader:
            kept.append(arm)
            continue
        mean, se, _ = _paired(arm, leader)
        if mean + DROP_Z * se >= 0:
            kept.append(arm)
    return kept


def _best(arms: list[_Arm], overrule_z: float = OVERRULE_Z) -> Move:
    """The heuristic's move, unless another gained more on the same determinizations, surely
    enough (:data:`OVERRULE_Z` standard errors)."""
    prior = arms[0]
    best, best_gain = prior, 0.0
    for arm in arms[1:]:
        mean, se, n = _paired(arm, prior)
        if n >= 2 and mean > best_gain and mean > overrule_z * se:
            best, best_gain = arm, mean
    return best.move


def _acting_seat(state: State, legal: list[Move]) -> int:
    """The seat whose legal moves these are, where the view does not say."""
    for who in sorted(state.to_act):
        if state.legal_moves(who) == legal:
            return who
    return min(state.to_act)


def _lowest_wins(state: State) -> bool:
    """Whether fewer points on the score sheet are better: the kernel's match rules say so
    (families.match.MatchPlay), unless the sheet counts money, where more is always better (Golf
    wins on the fewest strokes but keeps its sheet in cents)."""
    if state.sheet.unit == "cents":
        return False
    rules = getattr(state, "match_rules", None)
    return bool(getattr(rules, "lowest_wins", False))


def _value(state: State, seat: int, start: list[float]) -> float:
    """The deal's score difference for ``seat`` since ``start``, and the match's result on top
    (+1 won, -1 lost, in units of the difference's scale: :func:`_result_weight`)."""
    adv = _advantage(state, seat, start)
    out = state.outcome
    if out is None:
        return adv
    won = 1.0 / len(out.winners) if seat in out.winners else -1.0
    return adv + won * _result_weight(state)


def _result_weight(state: State) -> float:
    """What a won match is worth in :func:`standing`'s points: a typical deal's swing, read as the
    mean absolute score of the sheet's rows so far (1 where the sheet has none); where the game
    says its own standing (Golf's strokes), the standing's absolute total a deal so far."""
    rows = state.sheet.rows
    if not rows:
        return 1.0
    if says_its_standing(state):
        total = sum(abs(v) for v in standing(state))
    else:
        total = sum(abs(p) for row in rows for p in row.points)
    return max(1.0, total / len(rows))


def says_its_standing(state: State) -> bool:
    """Whether the game's state says its own :class:`MatchStanding` (asked of its class: a rollout
    asks twice, and a protocol check costs some 15 µs where this costs a fraction of one)."""
    return hasattr(type(state), "match_standing")


def standing(state: State) -> list[float]:
    """How each score-sheet column stands in the match, more being better: the sheet's totals
    (negated where fewer points win), unless the game's state says what its match is won on
    (``match_standing()``, in the same direction). Golf needs it: its sheet keeps the money, and a
    hole moves money only from its highest score, while the pot at the end goes to the fewest
    strokes; weighed by a hole's money, the search saw a sparse reward that missed the strokes."""
    if says_its_standing(state):
        return [float(v) for v in cast(MatchStanding, state).match_standing()]
    totals = state.sheet.totals
    return [float(-t) for t in totals] if _lowest_wins(state) else [float(t) for t in totals]


def _advantage(state: State, seat: int, start: list[float]) -> float:
    """The seat's column's gain in :func:`standing` minus the other sides' mean gain since
    ``start`` (the standing at the decision). Only columns some seat scores in count: Gin's
    Hollywood sheet keeps each side's three games beside its total, and counting them as sides made
    a loss weigh a third of a win."""
    now = standing(state)
    if len(now) != len(start) or not now:
        return 0.0
    gains = [t - s for t, s in zip(now, start, strict=True)]
    own = state.column_of(seat)
    sides = sorted({state.column_of(s) for s in range(state.num_players)})
    others = [gains[c] for c in sides if c != own]
    return gains[own] - (sum(others) / len(others) if others else 0.0)


__all__ = ["MAX_CHILDREN", "OVERRULE_Z", "ROLLOUT_CAP", "MatchStanding", "Plausible", "SearchBot", "bot_view",
           "says_its_standing", "standing"]

"""Exact play of a trick game's last tricks, for the expert's search (double-dummy endgames).

In each sampled deal every hand is known, so once few cards are left the rest of the play can be
solved exactly instead of rolled out by the heuristics: the classic perfect-information Monte
Carlo search of bridge and Skat programs (GIB), with the endgame played perfectly. This module is
that solver, generic over the trick kernel (:mod:`gamenight.families.tricks`): follow suit by the
deal's effective suits, trumps, the winner by the deal's powers, seats sitting out, who leads.

Each player plays to maximise its own deal score difference (its column's points minus the
other columns' mean, sign flipped where fewer points win): *max^n* search, which is plain
minimax where the sheet has two columns (Euchre's partnerships). Of two moves equal for the
player, it takes the one worse for the searching seat, then the one whose score row is greatest:
a total order, so the value of a position does not depend on the order moves are tried in (the
test compares it with an exhaustive search through the real engine, tests/bots/test_endgame.py).

What makes it fast enough for a table: cards are bits of an int (a hand is a mask); positions at
the start of a trick are remembered (a transposition table keyed by the hands, the leader and
what the score can still depend on); and cards of one suit with no live card between them in
power, worth the same to the score, are one move (playing either gives the same deal).

What it costs (CPU of one core, a fresh solver, random endgames of tests/bots/test_endgame.py, mean
and worst of 10 to 20): max^n, Hearts at three cards a hand 1.4 ms (6 ms), at four 29 ms (119 ms),
at five (before equal hearts merged) 1.9 s; Oh Hell at three 0.8 ms (4 ms), four 7 ms (31 ms), five
103 ms; Euchre's alpha-beta at four 1.5 ms (9 ms), at five, the whole play, 5.5 ms (35 ms). A
rollout's remaining moves cost some 30 microseconds each, so the expert solves from three cards a
hand (four where two sides play): dearer, a decision would sample too few deals within its time.
What it gains, measured (bench/search_strength.py, docs/BOTS.md): nothing measurable over strong in
Euchre, Hearts and Oh Hell; in Oh Hell solving from four cards is worse
(:mod:`gamenight.bots.levels` has the figures).

A deal's score must be a function the solver can compute: :data:`SCORINGS` holds, per game, how
its rows are made from the tricks each seat took and the scoring cards each took (the games' own
row functions: ``euchre.deal_row``, ``hearts.hand_row``, ``oh_hell.round_row``), and its lead
restriction (Hearts: no heart led until broken). A game without an entry, a deal with identical
cards (two decks), or a phase other than the play is not solved (:func:`scoring_for` says
``None``) and its rollouts run to the end of the deal as before.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from gamenight.core.state import State
from gamenight.equipment import cards as C

#: a score row: each sheet column's points for the deal
Row = tuple[int, ...]
T = TypeVar("T")


@dataclass(frozen=True)
class Scoring:
    """How one deal of one game is scored from its play, and its play's extra rules."""

    #: what the row function reads besides the tricks (bids, makers, options): part of every key
    context: Hashable
    #: the row from each seat's tricks (whole deal) and the mask of scoring cards it took
    row: Callable[[tuple[int, ...], tuple[int, ...]], Row]
    #: the cards whose taker the row reads
    relevant: int = 0
    #: cards that may not be led until ``breaks`` is broken, unless the hand holds nothing else
    restricted: int = 0
    #: a trick won with one of these breaks the restriction
    breaks: int = 0
    broken: bool = True
    #: scoring cards of one suit score alike (the row reads how many of them each seat took), so
    #: equal-ranking ones may be merged like the others
    alike: bool = False


def mask_of(cards: list[int]) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def _euchre(s: Any) -> Scoring:
    from gamenight.games.euchre import deal_row

    makers, alone = s.team_of(s.maker), bool(s.alone)

    def row(tricks: tuple[int, ...], _rel: tuple[int, ...]) -> Row:
        return tuple(deal_row(makers, [tricks[0] + tricks[2], tricks[1] + tricks[3]], alone)[0])

    return Scoring(("euchre", makers, alone), row)


def _hearts(s: Any) -> Scoring | None:
    from gamenight.games.hearts import POINTS, QUEEN_OF_SPADES, hand_row

    if s.first_trick:  # the kitty's taker and the first trick's own rule: not an endgame yet
        return None
    hearts = mask_of([c for c in range(C.CARD_COUNT) if C.SUIT_OF[c] == C.HEARTS])
    scoring = mask_of([c for c in range(len(POINTS)) if POINTS[c]])
    kitty = mask_of(list(s.kitty)) & scoring
    taker, moon, queen = s.kitty_taker, s.options.moon, 1 << QUEEN_OF_SPADES
    n = s.num_players

    def row(_tricks: tuple[int, ...], rel: tuple[int, ...]) -> Row:
        piles = [rel[p] | (kitty if p == taker else 0) for p in range(n)]
        counts = [(pile & hearts).bit_count() for pile in piles]
        holder = next(p for p in range(n) if piles[p] & queen)
        return tuple(hand_row(counts, holder, moon)[0])

    return Scoring(("hearts", kitty, taker, moon), row, relevant=scoring, restricted=hearts,
                   breaks=scoring, broken=bool(s.broken), alike=True)


def _oh_hell(s: Any) -> Scoring:
    from gamenight.games.oh_hell import round_row

    bids, formula = list(s.bids), s.options.score_formula

    def row(tricks: tuple[int, ...], _rel: tuple[int, ...]) -> Row:
        return tuple(round_row(bids, list(tricks), formula)[0])

    return Scoring(("oh-hell", tuple(bids), formula), row)


#: each solvable game's scoring, read from a state in its play phase
SCORINGS: dict[str, Callable[[Any], Scoring | None]] = {
    "euchre": _euchre,
    "hearts": _hearts,
    "oh-hell": _oh_hell,
}


def in_play(state: State) -> bool:
    return getattr(state, "phase_name", None) == "play" and state.outcome is None


def scoring_for(state: State) -> Scoring | None:
    """The deal's scoring where the solver can play it out exactly from here, else ``None``."""
    make = SCORINGS.get(state.spec.id)
    if make is None or not in_play(state):
        return None
    s: Any = state
    hands = [h for p, h in enumerate(s.hands) if s.active[p]]
    cards = [c for h in hands for c in h] + list(s.trick)
    if len(set(cards)) != len(cards):  # identical cards: a mask cannot tell them apart
        return None
    return make(state)


def cards_left(state: State) -> int:
    """The most cards any seat taking part still holds (0 outside a trick game's play)."""
    s: Any = state
    return max((len(h) for p, h in enumerate(s.hands) if s.active[p]), default=0)


@dataclass
class Solver:
    """The exact endgame of one deal's rules and scoring (see the module's docstring); its
    tables are kept across the positions of one decision, whose sampled deals share them."""

    seats: int
    active: tuple[bool, ...]
    suit_of: tuple[int, ...]
    power: tuple[int, ...]
    trump: int | None
    columns: tuple[int, ...]  # each seat's sheet column
    lowest_wins: bool
    later_identical_wins: bool
    scoring: Scoring
    #: positions solved (the start of a trick) and rows scored
    memo: dict[Hashable, Row] = field(default_factory=dict)
    rows: dict[Hashable, Row] = field(default_factory=dict)
    #: alpha-beta's bounds of positions (two-column sheets): (at least, at most)
    bounds: dict[Hashable, tuple[float, float]] = field(default_factory=dict)
    #: the nodes searched (for the search's budget and the benches)
    nodes: int = 0

    def __post_init__(self) -> None:
        self._next = [self._next_active(p) for p in range(self.seats)]
        self._n_active = sum(self.active)
        suits = sorted(set(self.suit_of))
        self._suit_mask = {su: mask_of([c for c in range(C.CARD_COUNT) if self.suit_of[c] == su])
                           for su in suits}
        #: each suit's cards, lowest power first
        self._order = {su: sorted((c for c in range(C.CARD_COUNT) if self.suit_of[c] == su),
                                  key=lambda c: self.power[c]) for su in suits}
        self._ncols = max(self.columns) + 1

    def _next_active(self, p: int) -> int:
        for k in range(1, self.seats + 1):
            q = (p + k) % self.seats
            if self.active[q]:
                return q
        return p

    def advantage(self, row: Row, seat: int) -> float:
        """``seat``'s column's points minus the others' mean (positive: better for it)."""
        own = row[self.columns[seat]]
        if self._ncols < 2:
            return float(own)
        adv = own - (sum(row) - own) / (self._ncols - 1)
        return -adv if self.lowest_wins else adv

    def solve(self, hands: list[int], turn: int, trick: list[int], trick_seats: list[int],
              tricks: list[int], rel: list[int], broken: bool, searcher: int) -> Row:
        """The deal's row under perfect play from here: ``hands`` as masks (seats sitting out
        hold 0), the trick so far, each seat's tricks this deal and scoring cards taken."""
        self._searcher = searcher
        self._hands, self._tricks, self._rel, self._broken = list(hands), list(tricks), list(rel), broken
        return self._node(turn, list(trick), list(trick_seats))

    def value(self, hands: list[int], turn: int, trick: list[int], trick_seats: list[int],
              tricks: list[int], rel: list[int], broken: bool, searcher: int) -> float:
        """``searcher``'s deal score difference under perfect play from here (:meth:`solve`'s
        row, read for it). Where the sheet has two columns one side's gain is the other's loss, and
        max^n is minimax: alpha-beta finds the same value without the whole tree."""
        if self._ncols != 2:
            return self.advantage(self.solve(hands, turn, trick, trick_seats, tricks, rel, broken, searcher),
                                  searcher)
        self._searcher = searcher
        self._hands, self._tricks, self._rel, self._broken = list(hands), list(tricks), list(rel), broken
        return self._alphabeta(turn, trick=list(trick), seats=list(trick_seats),
                               alpha=-math.inf, beta=math.inf)

    def _alphabeta(self, turn: int, *, trick: list[int], seats: list[int],
                   alpha: float, beta: float) -> float:
        """Minimax of the searcher's advantage within (alpha, beta); the table keeps bounds."""
        hands = self._hands
        key: Hashable = None
        if not trick:
            if not hands[turn]:
                return self.advantage(self._row(), self._searcher)
            key = (tuple(hands), turn, tuple(self._tricks), tuple(self._rel), self._broken, self._searcher)
            low, high = self.bounds.get(key, (-math.inf, math.inf))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        window = alpha, beta
        ours = self.columns[turn] == self.columns[self._searcher]
        best = -math.inf if ours else math.inf
        for c in self._moves(turn, trick):
            bit = 1 << c
            hands[turn] ^= bit
            trick.append(c)
            seats.append(turn)
            if len(trick) == self._n_active:
                lead = partial(self._alphabeta, trick=[], seats=[], alpha=alpha, beta=beta)
                v = self._after_trick(trick, seats, lead)
            else:
                v = self._alphabeta(self._next[turn], trick=trick, seats=seats, alpha=alpha, beta=beta)
            trick.pop()
            seats.pop()
            hands[turn] ^= bit
            if ours:
                best = max(best, v)
                alpha = max(alpha, best)
            else:
                best = min(best, v)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.bounds.get(key, (-math.inf, math.inf))
            if best <= window[0]:
                high = min(high, best)  # failed low: the value is at most this
            elif best >= window[1]:
                low = max(low, best)  # failed high: at least this
            else:
                low = high = best
            self.bounds[key] = (low, high)
        return best

    def _node(self, turn: int, trick: list[int], seats: list[int]) -> Row:
        hands = self._hands
        key: Hashable = None
        if not trick:
            if not hands[turn]:
                return self._row()
            key = (tuple(hands), turn, tuple(self._tricks), tuple(self._rel), self._broken, self._searcher)
            known = self.memo.get(key)
            if known is not None:
                return known
        self.nodes += 1
        best: Row | None = None
        best_key: tuple[float, float, Row] | None = None
        for c in self._moves(turn, trick):
            bit = 1 << c
            hands[turn] ^= bit
            trick.append(c)
            seats.append(turn)
            if len(trick) == self._n_active:
                row = self._after_trick(trick, seats, self._next_trick)
            else:
                row = self._node(self._next[turn], trick, seats)
            trick.pop()
            seats.pop()
            hands[turn] ^= bit
            k = (self.advantage(row, turn), -self.advantage(row, self._searcher), row)
            if best_key is None or k > best_key:
                best, best_key = row, k
        assert best is not None
        if key is not None:
            self.memo[key] = best
        return best

    def _next_trick(self, leader: int) -> Row:
        return self._node(leader, [], [])

    def _after_trick(self, trick: list[int], seats: list[int], then: Callable[[int], T]) -> T:
        """``then(winner)`` with the full trick gathered by its winner, and undone after."""
        winner = self._winner(trick, seats)
        taken = mask_of(trick)
        rel_before, broken_before = self._rel[winner], self._broken
        self._tricks[winner] += 1
        self._rel[winner] |= taken & self.scoring.relevant
        if taken & self.scoring.breaks:
            self._broken = True
        out = then(winner)
        self._tricks[winner] -= 1
        self._rel[winner], self._broken = rel_before, broken_before
        return out

    def _row(self) -> Row:
        key = (tuple(self._tricks), tuple(self._rel))
        row = self.rows.get(key)
        if row is None:
            row = self.rows[key] = self.scoring.row(*key)
        return row

    def _winner(self, trick: list[int], seats: list[int]) -> int:
        """The kernel's rule (TrickState.trick_winner), on distinct cards."""
        so, pw, trump, led = self.suit_of, self.power, self.trump, self.suit_of[trick[0]]
        best, best_i = -1, 0
        for i, c in enumerate(trick):
            s = so[c]
            if s == trump:
                k = 200 + pw[c]
            elif s == led:
                k = 100 + pw[c]
            else:
                continue
            if k > best:
                best, best_i = k, i
        return seats[best_i]

    def _moves(self, turn: int, trick: list[int]) -> list[int]:
        """The legal cards, one of each run of equivalent ones."""
        hand = self._hands[turn]
        if trick:
            cand = hand & self._suit_mask[self.suit_of[trick[0]]] or hand
        else:
            cand = hand
            if not self._broken and self.scoring.restricted:
                cand = hand & ~self.scoring.restricted or hand
        live = mask_of(trick)
        for h in self._hands:
            live |= h
        out: list[int] = []
        relevant, alike = self.scoring.relevant, self.scoring.alike
        for su, order in self._order.items():
            if not cand & self._suit_mask[su]:
                continue
            run = False
            run_scores = False
            for c in order:
                bit = 1 << c
                if not live & bit:
                    continue
                if cand & bit:
                    scores = bool(relevant & bit)
                    if run and scores == run_scores and (alike or not scores):
                        continue
                    out.append(c)
                    run, run_scores = True, scores
                else:
                    run = False
        return out


def solver_for(state: State, scoring: Scoring, lowest_wins: bool) -> Solver:
    s: Any = state
    n = state.num_players
    return Solver(n, tuple(bool(a) for a in s.active), tuple(s.suit_of), tuple(s.power), s.trump,
                  tuple(state.column_of(p) for p in range(n)), lowest_wins,
                  bool(s.later_identical_wins), scoring)


#: a position for :meth:`Solver.solve`: hands, turn, trick, its seats, tricks, scoring cards, broken
Position = tuple[list[int], int, list[int], list[int], list[int], list[int], bool]


def position(state: State, scoring: Scoring) -> Position:
    """The solver's position of a state in its play: hands, turn, trick, its seats, tricks,
    scoring cards taken, broken."""
    s: Any = state
    hands = [mask_of(h) if s.active[p] else 0 for p, h in enumerate(s.hands)]
    rel = [mask_of(t) & scoring.relevant for t in s.taken]
    return hands, s.turn, list(s.trick), list(s.trick_seats), list(s.tricks_won), rel, scoring.broken


__all__ = ["SCORINGS", "Scoring", "Solver", "cards_left", "in_play", "mask_of", "position",
           "scoring_for", "solver_for"]

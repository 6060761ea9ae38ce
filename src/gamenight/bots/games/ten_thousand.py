"""10,000: stopping by the exact expected value of rolling on.

The turn is a Markov decision over (count, dice left to roll). :func:`turn_table` solves it
exactly by dynamic programming over every roll of one to five dice (each sorted roll weighted by
how many ordered rolls give it, out of 6**n): the value of holding a count ``t`` with ``n`` dice
to roll is ``max(bank(t), E[best keep of the roll])``, a roll with nothing to keep worth 0 (blew
it), a keep of all five dice leaving five to roll again (hot dice). ``bank(t)`` is the count for a
player on the board, and 0 below the opening count for one who is not. Counts only grow, so the
table is filled from the largest count down; past ``CAP`` every player stops (the table's own
thresholds lie far below it). One table per (on the board?, opening count), built once
(a few hundred milliseconds); each decision after that is a lookup.

* Start of a turn: take over the count before when its exact value (the chance that the free dice
  save it, under the rules in effect, times the best continuation) beats a fresh roll of five.
* After a roll: keep the dice whose kept value plus the value of going on from there is largest.
* Then stop exactly when banking is worth at least the expectation of rolling on — or when
  banking reaches the target (and, in the last turns, only once the count beats the leader).
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment.dice import multisets
from gamenight.games.ten_thousand import DICE, keeps_of, saves

#: counts are multiples of 50: the table's unit
UNIT = 50
#: the largest count the table holds (in points); above it a player always stops
CAP = 12000


@cache
def _rolls(n: int) -> tuple[tuple[float, tuple[tuple[int, int], ...], tuple[int, ...]], ...]:
    """Each roll of ``n`` dice: its probability, its keeps as (value in units, dice left to roll
    after keeping) and the faces."""
    total = 6 ** n
    out = []
    for faces, weight in multisets(n):
        keeps = tuple((v // UNIT, (n - len(k)) or DICE) for k, v in keeps_of(faces))
        out.append((weight / total, keeps, faces))
    return tuple(out)


@cache
def turn_table(melded: bool, meld: int = 1000) -> tuple[tuple[float, ...], ...]:
    """``table[n][t]``: the expected banked points of a turn standing at count ``t * UNIT`` with
    ``n`` dice to roll (1..5), playing on optimally; row 0 is the value of banking."""
    top = CAP // UNIT
    bank = [float(t * UNIT) if melded or t * UNIT >= meld else 0.0 for t in range(top + 1)]
    value = [[0.0] * (top + 1) for _ in range(DICE + 1)]
    value[0] = bank
    rolls = [_rolls(n) if n else () for n in range(DICE + 1)]
    for t in range(top, -1, -1):
        for n in range(1, DICE + 1):
            on = 0.0
            for p, keeps, _ in rolls[n]:
                best = 0.0
                for dv, left in keeps:
                    u = t + dv
                    v = value[left][u] if u <= top else u * UNIT
                    if v > best:
                        best = v
                on += p * best
            value[n][t] = max(bank[t], on)
    return tuple(tuple(row) for row in value)


def roll_on_value(table: tuple[tuple[float, ...], ...], t: int, n: int, *, save: str | None = None) -> float:
    """The expected banked points of rolling ``n`` dice at count ``t`` units now (with ``save``,
    as a take-over: a roll that does not save it under that rule is worth nothing)."""
    top = len(table[0]) - 1
    on = 0.0
    for p, keeps, faces in _rolls(n):
        if save is not None and not saves(faces, save):
            continue
        best = 0.0
        for dv, left in keeps:
            u = t + dv
            v = table[left][u] if u <= top else u * UNIT
            best = max(best, v)
        on += p * best
    return on


def should_stop(table: tuple[tuple[float, ...], ...], t: int, n: int) -> bool:
    """Stop when banking is worth at least rolling on (the exact expectation)."""
    if t >= len(table[0]):
        return True
    return table[n][t] <= table[0][t]  # the value of going on is max(bank, roll on)


def thresholds(melded: bool = True, meld: int = 1000) -> dict[int, int | None]:
    """For each number of dice left, the smallest count at which stopping is best (and stays
    best above it), the table the bot's stops imply."""
    table = turn_table(melded, meld)
    out: dict[int, int | None] = {}
    top = len(table[0]) - 1
    for n in range(1, DICE + 1):
        first = None
        for t in range(top, -1, -1):
            if not should_stop(table, t, n):
                break
            first = t * UNIT
        out[n] = first
    return out


class TenThousandBot:
    name = "expectation"
    #: the exact expectation already decides every move: the levels above casual keep this bot (bots.levels)
    exact = True

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        seat = view["seat"]
        rules = view["rules"]
        melded = view["melded"][seat]
        table = turn_table(melded, rules["meld"])
        dice = view["dice"]
        t = view["turn_total"] // UNIT
        verbs = {m.verb for m in legal}
        if "keep" in verbs:
            return self._keep(table, t, len(dice["held"]), legal)
        if "take" in verbs:
            total, free = view["offer_count"]
            taken = roll_on_value(table, total // UNIT, free, save=rules["save"])
            fresh = roll_on_value(table, 0, DICE)
            return next(m for m in legal if m.verb == ("take" if taken > fresh else "roll"))
        stop = next(m for m in legal if m.verb == "stop")
        roll = next(m for m in legal if m.verb == "roll")
        return stop if self._stops(view, table, t, seat, melded, rules) else roll

    @staticmethod
    def _keep(table: tuple[tuple[float, ...], ...], t: int, held: int, legal: list[Move]) -> Move:
        top = len(table[0]) - 1
        best, pick = -1.0, legal[0]
        for m in legal:
            kept = m.numbers
            u = t + (keeps_value(kept) // UNIT)
            left = (DICE - held - len(kept)) or DICE
            v = table[left][u] if u <= top else u * UNIT
            if v > best:
                best, pick = v, m
        return pick

    @staticmethod
    def _stops(view: dict[str, Any], table: tuple[tuple[float, ...], ...], t: int, seat: int,
               melded: bool, rules: dict[str, Any]) -> bool:
        count = t * UNIT
        banks = count if melded or count >= rules["meld"] else 0
        mine = view["scores"][seat] + banks
        last = view.get("last_seats")
        if last is not None:  # my last turn: only beating the leader matters
            return banks > 0 and mine > max(s for i, s in enumerate(view["scores"]) if i != seat)
        if banks and mine >= rules["target"]:
            return True
        held = len(view["dice"]["held"])
        return should_stop(table, t, (DICE - held) or DICE)


@cache
def keeps_value(kept: tuple[int, ...]) -> int:
    from gamenight.games.ten_thousand import score

    return score(kept) or 0


GAME_BOTS = {"ten-thousand": TenThousandBot}

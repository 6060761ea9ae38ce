"""Match play: when a match of many deals ends, and who wins it.

The books end their matches in a handful of ways, and every game names its own with
:class:`MatchRules`: a target total ("first team to 10"), a fixed schedule of deals ("six deals",
"rounds of 3 to 13 cards"), the lowest total winning (Hearts, penalty rummy: reaching the target
*ends* the match), playing on while the best totals are tied at the target, and a cap on the
number of deals (a bound for simulations; off unless a rule set says so).

:func:`match_end` is pure (rules, totals, deals played → why the match ends, or ``None``);
:class:`MatchPlay` applies it to a state after each scored deal. Multi-table play — couples at
several tables, one team moving a table each round so everyone meets everyone — is
:func:`rotation_pairs`; three games scored at once on one sheet (Hollywood) is
:class:`HollywoodSheet`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from gamenight.core.scoring import ScoreSheet


class MatchEnd(StrEnum):
    """Why a match ended."""

    TARGET = "target"  # a total reached the target
    SCHEDULE = "schedule"  # the last scheduled deal is played
    CAP = "cap"  # the most deals a match may have


@dataclass(frozen=True, slots=True)
class MatchRules:
    """How a game's match ends. Zero means "no such rule"."""

    #: a total reaching this ends the match (after the deal in which it happens)
    target: int = 0
    #: the match is exactly this many deals
    deals: int = 0
    #: the lowest total wins (reaching the target ends the match for everyone)
    lowest_wins: bool = False
    #: at the target, best totals tied: play another deal
    play_on_tied: bool = False
    #: after this many deals the match ends whatever the totals
    cap: int = 0


def best_of(totals: Sequence[int], lowest_wins: bool) -> int:
    return min(totals) if lowest_wins else max(totals)


def match_end(rules: MatchRules, totals: Sequence[int], deals_played: int) -> MatchEnd | None:
    """Why the match ends now that ``deals_played`` deals are scored, or ``None`` to deal again."""
    if rules.deals and deals_played >= rules.deals:
        return MatchEnd.SCHEDULE
    if rules.target and max(totals) >= rules.target:
        best = best_of(totals, rules.lowest_wins)
        if not (rules.play_on_tied and list(totals).count(best) > 1):
            return MatchEnd.TARGET
    if rules.cap and deals_played >= rules.cap:
        return MatchEnd.CAP
    return None


def rotation_pairs(players: int, round_no: int) -> list[tuple[int, int]]:
    """Couples at ``players // 2`` tables in round ``round_no`` (from 1): the even seats stay, the
    odd seats move one table each round, so every odd seat meets every even one in turn."""
    k = players // 2
    return [(2 * t, 2 * ((t + round_no - 1) % k) + 1) for t in range(k)]


class HollywoodRound(NamedTuple):
    """What one round's awards did to a :class:`HollywoodSheet`."""

    sheet: HollywoodSheet
    #: the games the points award went into
    credited: list[int]
    #: the games where the bonuses (Gins) were circled
    circled: list[int]


class GameClosed(NamedTuple):
    """A game that closed: its winner, each side's final score in it, and the change to each."""

    game: int
    winner: int
    final: tuple[int, ...]
    change: tuple[int, ...]


def _grid(sides: int, games: int, value: int) -> tuple[tuple[int, ...], ...]:
    return tuple((value,) * games for _ in range(sides))


@dataclass(frozen=True, slots=True)
class HollywoodSheet:
    """Several games (columns) scored at once for two sides — Hollywood scoring, as the family
    book plays Gin and Court Whist plays its rubbers. Immutable: every method returns a new sheet.

    * A side's award goes into every open game it has scored in and into the first open game it
      has not (1st award Game 1, 2nd Games 1-2, then all three; a side first scoring after Game 1
      closed starts in the first open game).
    * Bonuses (Gins) won in a round are circled in the open games where the side had points before
      that round.
    * A game closes when a side reaches ``target`` in it: ``target`` + ``bonus_value`` a circled
      bonus to that side, ``bonus_value`` a circled bonus alone to the other. Closed games take
      nothing more; when every game is closed the match is over.
    """

    target: int
    bonus_value: int = 0
    games: int = 3
    #: per side, per game: its points / circled bonuses / whether it has scored there
    points: tuple[tuple[int, ...], ...] = field(default=())
    bonuses: tuple[tuple[int, ...], ...] = field(default=())
    entered: tuple[tuple[bool, ...], ...] = field(default=())
    #: per game, the side that won it (-1: still open)
    winner_of: tuple[int, ...] = field(default=())

    @classmethod
    def start(cls, target: int, bonus_value: int = 0, games: int = 3, sides: int = 2) -> HollywoodSheet:
        return cls(target, bonus_value, games, _grid(sides, games, 0), _grid(sides, games, 0),
                   tuple((False,) * games for _ in range(sides)), (-1,) * games)

    @property
    def closed(self) -> bool:
        """Every game is closed: the match is over."""
        return min(self.winner_of) >= 0

    def open_games(self) -> list[int]:
        return [j for j in range(self.games) if self.winner_of[j] < 0]

    def award_games(self, side: int) -> list[int]:
        """The games an award to ``side`` goes into: its open games, then the first open one it has
        not scored in."""
        opened = self.open_games()
        new = [j for j in opened if not self.entered[side][j]][:1]
        return [j for j in opened if self.entered[side][j]] + new

    def totals(self) -> list[int]:
        """Each side's grand total over the games."""
        return [sum(p) for p in self.points]

    def record(self, award: tuple[int, int] | None, bonus: tuple[int, int] | None) -> HollywoodRound:
        """A round's awards: ``award`` (side, points) and ``bonus`` (side, bonuses to circle)."""
        points = [list(p) for p in self.points]
        entered = [list(e) for e in self.entered]
        bonuses = [list(b) for b in self.bonuses]
        credited: list[int] = []
        circled: list[int] = []
        if award is not None:
            side, amount = award
            credited = self.award_games(side)
            for j in credited:
                points[side][j] += amount
                entered[side][j] = True
        if bonus is not None:
            side, count = bonus
            # where the side had points before this round's award
            circled = [j for j in self.open_games() if self.entered[side][j]]
            for j in circled:
                bonuses[side][j] += count
        sheet = HollywoodSheet(self.target, self.bonus_value, self.games, _tuples(points), _tuples(bonuses),
                               tuple(tuple(e) for e in entered), self.winner_of)
        return HollywoodRound(sheet, credited, circled)

    def close(self) -> tuple[HollywoodSheet, list[GameClosed]]:
        """Close every open game a side has reached, in game order."""
        points = [list(p) for p in self.points]
        winner_of = list(self.winner_of)
        closed: list[GameClosed] = []
        sides = range(len(points))
        for j in self.open_games():
            reached = [t for t in sides if points[t][j] >= self.target]
            if not reached:
                continue
            win = winner_of[j] = reached[0]
            final = tuple(self.bonus_value * self.bonuses[t][j] + (self.target if t == win else 0)
                          for t in sides)
            change = tuple(final[t] - points[t][j] for t in sides)
            for t in sides:
                points[t][j] = final[t]
            closed.append(GameClosed(j, win, final, change))
        if not closed:
            return self, closed
        sheet = HollywoodSheet(self.target, self.bonus_value, self.games, _tuples(points), self.bonuses,
                               self.entered, tuple(winner_of))
        return sheet, closed


def _tuples(rows: list[list[int]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(r) for r in rows)


class MatchPlay:
    """A state whose match is a series of scored deals on one score sheet."""

    match_rules: MatchRules
    deal_no: int

    if TYPE_CHECKING:  # provided by core.state.State
        sheet: ScoreSheet

        def finish_on_totals(self, reason: str, *, lowest_wins: bool = False) -> None: ...

    def match_over(self, reason: Callable[[MatchEnd, list[int]], str]) -> bool:
        """After a deal is scored: end the match if its rules say so (``reason`` words why, from
        the kind of end and the totals) and return True; return False to deal again."""
        totals = self.sheet.totals
        why = match_end(self.match_rules, totals, self.deal_no)
        if why is None:
            return False
        self.finish_on_totals(reason(why, totals), lowest_wins=self.match_rules.lowest_wins)
        return True


__all__ = ["GameClosed", "HollywoodRound", "HollywoodSheet", "MatchEnd", "MatchPlay", "MatchRules", "best_of",
           "match_end", "rotation_pairs"]

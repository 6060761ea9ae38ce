"""Match play: when a match of many deals ends, and who wins it.

The books end their matches in a handful of ways, and every game names its own with
:class:`MatchRules`: a target total ("first team to 10"), a fixed schedule of deals ("six deals",
"rounds of 3 to 13 cards"), the lowest total winning (Hearts, penalty rummy: reaching the target
*ends* the match), playing on while the best totals are tied at the target, and a cap on the
number of deals (a bound for simulations; off unless a rule set says so).

:func:`match_end` is pure (rules, totals, deals played → why the match ends, or ``None``);
:class:`MatchPlay` applies it to a state after each scored deal. Multi-table play — couples at
several tables, one team moving a table each round so everyone meets everyone — is
:func:`rotation_pairs`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

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


__all__ = ["MatchEnd", "MatchPlay", "MatchRules", "best_of", "match_end", "rotation_pairs"]

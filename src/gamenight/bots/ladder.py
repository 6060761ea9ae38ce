"""The levels' ladder in ``docs/BOTS.md``: for every game, each level against the level below.

Each level's step is read from the finest measure kept for it: the search's paired deals
(``bench/search_strength.py``, a deal played with and without the level) where they exist, else the
arena's whole matches (``python -m gamenight.arena --doc``). Where a level is the same bot as the
one below in a game (the heuristic bot is exact, or the search was too dear or gained nothing:
:mod:`gamenight.bots.levels`), the step says so and why, rather than measuring a bot against itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gamenight
from gamenight.bots import make_bot
from gamenight.bots.levels import HORIZON, NO_GAIN, TOO_DEAR

#: one game's kept results, by level and the level it was measured against
Rows = dict[str, dict[str, Any]]
#: the deals or matches below which an interval is not read as sure either way
MIN_SAMPLES = 20


@dataclass(frozen=True)
class Step:
    """One level's step over the level below in one game."""

    #: the cell's words
    text: str
    #: the step is a different bot, measured significantly stronger
    sure: bool
    #: the level is the same bot as the one below (nothing to measure)
    same: bool = False


def same_bot_reason(game: str, level: str) -> str | None:
    """Why ``level`` plays as the level below it in ``game``, or None where it is a bot of its own."""
    if level in ("beginner", "casual"):
        return None
    if getattr(make_bot("casual", game), "exact", False):
        return EXACT
    if game in HORIZON:
        return None
    if game in NO_GAIN:
        return "same bot: the search gained nothing"
    if game in TOO_DEAR:
        return "same bot: the search is too dear"
    return None


def paired_step(row: dict[str, Any]) -> Step:
    """A step from the search's paired deals: the gain per deal with its 95% interval."""
    gain, half, deals = float(row["gain"]), float(row["half"]), int(row["deals"])
    sure = deals >= MIN_SAMPLES and gain - half > 0
    verdict = "" if sure else " (too few deals)" if deals < MIN_SAMPLES else " (not sure)"
    return Step(f"{gain:+.2f} ± {half:.2f} a deal, {deals} deals{verdict}", sure)


def match_step(row: dict[str, Any]) -> Step:
    """A step from the arena's whole matches: the share of wins with its 95% interval."""
    score, low, high = float(row["score"]), float(row["score_low"]), float(row["score_high"])
    matches = int(row["matches"])
    sure = matches >= MIN_SAMPLES and low > 0.5
    verdict = "" if sure else " (too few matches)" if matches < MIN_SAMPLES else " (not sure)"
    return Step(f"wins {score:.2f} ({low:.2f} to {high:.2f}), {matches} matches{verdict}", sure)


def step(game: str, level: str, below: str, paired: dict[str, dict[str, Any]],
         matches: dict[str, dict[str, Any]]) -> Step:
    """``level``'s step over ``below`` in ``game``: the same bot, or its finest measure."""
    reason = same_bot_reason(game, level)
    if reason is not None:
        return Step(reason, False, same=True)
    # the paired bench keeps "strong" (against casual) and "expert/strong"; the arena "level/below"
    key = level if below == "casual" else f"{level}/{below}"
    if key in paired:
        return paired_step(paired[key])
    if f"{level}/{below}" in matches:
        return match_step(matches[f"{level}/{below}"])
    return Step("not measured", False)


def game_steps(game: str, paired: Rows, matches: Rows) -> list[Step]:
    """The game's ladder: casual over beginner, strong over casual, expert over strong."""
    return [step(game, level, below, paired, matches)
            for below, level in (("beginner", "casual"), ("casual", "strong"), ("strong", "expert"))]


def game_row(game: str, paired: Rows, matches: Rows) -> str:
    """The game's row: each level against the one below, and whether every step holds."""
    return _row(game, game_steps(game, paired, matches))


def _row(game: str, steps: list[Step]) -> str:
    return f"| {game} | " + " | ".join(s.text for s in steps) + f" | {verdict(steps)} |"


def verdict(steps: list[Step]) -> str:
    """Whether each level is a stronger bot than the one below: *yes*; *exact* where the casual bot
    is already exact (nothing can play better); *no* where a step is unsure, unmeasured, or a level
    is the casual bot for want of a search that pays."""
    if all(s.sure for s in steps):
        return "yes"
    if all(s.sure or s.text == EXACT for s in steps):
        return "exact"
    return "no"


#: a step's words where the casual bot is exact
EXACT = "same bot: the casual bot is exact"


Kept = dict[str, Rows]


def section(paired: Kept, matches: Kept) -> list[str]:
    """The ladder's table for every game, with a count of the games where every level holds."""
    games = sorted(g.id for g in gamenight.games())
    ladders = {g: game_steps(g, paired.get(g, {}), matches.get(g, {})) for g in games}
    verdicts = [verdict(steps) for steps in ladders.values()]
    # strong is the casual bot for want of a search that pays (not because casual is exact)
    same = sum(steps[1].same and steps[1].text != EXACT for steps in ladders.values())
    return [
        "## Each level against the level below, game by game",
        "",
        "The summary of the tables below: each level's step over the level below, read from the finest",
        "measure kept (the search's paired deals, *a deal*, where they exist; else whole matches in the",
        "arena, *wins*: the share of wins, 0.5 even), with its 95% interval. *Same bot*: the level plays",
        "as the one below in that game (why: the levels above). *Holds*: *yes* where every level is",
        "measured significantly stronger than the one below; *exact* where the casual bot is exact, so",
        "the levels above it are that bot; *no* otherwise.",
        "",
        "| Game | Casual over beginner | Strong over casual | Expert over strong | Holds |",
        "|---|---|---|---|---|",
        *(_row(g, steps) for g, steps in ladders.items()),
        "",
        f"Every level holds in {verdicts.count('yes')} of {len(games)} games, and the casual bot is exact "
        f"in {verdicts.count('exact')}.",
        f"Strong and expert are the casual bot in {same} games (the search too dear or of no gain there).",
        "",
    ]


__all__ = ["EXACT", "MIN_SAMPLES", "Step", "game_row", "game_steps", "same_bot_reason", "section", "step",
           "verdict"]

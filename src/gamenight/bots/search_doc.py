"""The search's part of ``docs/BOTS.md``: the levels in words, and the search's gain deal by deal.

``python -m gamenight.arena --doc`` writes the whole page and asks this module for two parts: the
levels' table (from :data:`gamenight.bots.levels.BUDGETS`, so the page says the budgets the code
has) and the search's gain in points per deal, kept in ``docs/search_strength.json`` by
``python bench/search_strength.py --keep`` (the same deal played with and without the search: a far
finer measure than whole matches, whose wins swing on the cards).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

from gamenight.bots.endgame import SCORINGS
from gamenight.bots.horizon import REACH_WORDS
from gamenight.bots.levels import (
    BUDGETS,
    HORIZON,
    HORIZON_BUDGETS,
    NO_GAIN,
    STRONG_SHARE,
    TOO_DEAR,
    level_steps,
)
from gamenight.bots.search import TWO_SIDES_DEEPER

#: where the bench keeps its results, beside BOTS.md
GAIN_FILE = "search_strength.json"
#: where bench/level_latency.py keeps the server bot's answer times
LATENCY_FILE = "level_latency.json"
#: where bench/vs_openspiel.py keeps the head to head with OpenSpiel's ISMCTS
OPENSPIEL_FILE = "vs_openspiel.json"
#: the deals below which an interval is not read as sure either way (the normal approximation)
MIN_DEALS = 20


def levels_section() -> list[str]:
    """The levels' table and how the search works, in the page's words."""
    strong, expert = BUDGETS["strong"], BUDGETS["expert"]
    return [
        "| Level | The bot |",
        "|---|---|",
        "| beginner | the game's heuristic bot, one move in three a random legal move |",
        "| casual | the game's heuristic bot (`heuristic` is its older name) |",
        f"| strong | the search bot: {strong.steps:,} rollout moves a decision "
        f"(at most {strong.seconds:g} s on a server){_shares()} |",
        f"| expert | the search bot: {expert.steps:,} rollout moves a decision, the deal solved exactly "
        f"from {expert.endgame} cards a hand ({expert.endgame + TWO_SIDES_DEEPER} where two sides play) in "
        f"{', '.join(sorted(SCORINGS))} (at most {expert.seconds:g} s on a server){_deeper()} |",
        "",
        "The search bot (`gamenight.bots.search`) samples the hidden cards from what the seat has seen",
        "(the game's own `sample`: every sampled deal looks to the seat exactly like the true one), plays",
        "the heuristic's move and up to seven others on each sampled deal with the heuristic bots playing",
        "every seat to the end of the deal from their own views, and scores each by the deal's points for",
        "its side. Moves are compared on the same sampled deals; a move falling well behind is dropped",
        "(racing), and the heuristic's move is kept unless another did better by a standard error. The",
        "budget counts the moves played in those rollouts, so a decision costs about the same time at any",
        "point of a deal. In 10,000 and Red Dog the heuristic bot is exact (a dynamic programme, the exact",
        "odds), so strong and expert are that bot there.",
        "",
        "Expert's rollouts stop where every hand in a trick game's play holds a few cards, and the rest",
        "of the sampled deal is solved exactly (`gamenight.bots.endgame`: every seat playing the cards to",
        "the best deal score for its side, all hands known, a transposition table, equal cards merged),",
        "the way bridge programs play their sampled deals; where a game's scoring has no solver, its",
        "rollouts run to the end of the deal as strong's do.",
        *_heuristic_only(),
    ]


def _share_words(game: str, share: float) -> str:
    """"600 in euchre"; a horizon game's with the horizon budget it is a share of."""
    words = f"{level_steps('strong', HORIZON.get(game), share):,} in {game}"
    if game in HORIZON:
        words += f" (of the horizon search's {HORIZON_BUDGETS['strong'].steps:,})"
    return words


def _shares() -> str:
    """Where strong plays a share of its budget, so that expert is a level above it."""
    if not STRONG_SHARE:
        return ""
    games = ", ".join(_share_words(game, share) for game, share in sorted(STRONG_SHARE.items()))
    return f"; fewer where its whole budget gained what expert's did (`STRONG_SHARE`): {games}"


def _deeper() -> str:
    """Where expert's horizon rollouts look further than strong's, so that expert is a level above it."""
    games = [f"{game}, {REACH_WORDS[horizon.stop_of('expert')]} (strong's {REACH_WORDS[horizon.stop]})"
             for game, horizon in sorted(HORIZON.items()) if horizon.stop_of("expert") != horizon.stop]
    if not games:
        return ""
    return ("; its rollouts stop further on where more of them to strong's horizon gained nothing "
            f"(`Horizon.expert_stop`): {'; '.join(games)}")


def _heuristic_only() -> list[str]:
    """Where strong and expert are the heuristic, and why."""
    dear = ("* too dear at a table's pace, where a strong decision's rollouts take over a quarter of a "
            "second of one core (meld solving, long deals), so that within the server's cap the search plays "
            "too few rounds to overrule the heuristic (bench/search_strength.py's CPU column, and a few "
            f"decisions each): {', '.join(sorted(TOO_DEAR))}. A horizon search (`gamenight.bots.horizon`: "
            "rollouts stopped a turn or a few on and scored by the game's own estimate of the deal, "
            "`deal_estimate`; strong plays "
            f"{HORIZON_BUDGETS['strong'].steps:,} rollout moves a decision, expert "
            f"{HORIZON_BUDGETS['expert'].steps:,}, or a game's share of them) was measured where its "
            "estimate exists and is adopted only where it gained significantly (the table below): "
            f"{', '.join(sorted(HORIZON)) or 'nowhere yet'}.")
    return ["", "Strong and expert are the heuristic bot too where the search does not help",
            "(`SEARCH_DOES_NOT_HELP` in `gamenight.bots.levels`):", "",
            f"* measured, no gain: {', '.join(sorted(NO_GAIN))} (the table below);",
            *textwrap.wrap(dear, 100, subsequent_indent="  ", break_on_hyphens=False)]


def gain_section(docs: Path) -> list[str]:
    """The search's gain over the heuristic in points per deal, from the bench's kept results."""
    kept = kept_gains(docs)
    if not kept:
        return []
    lines = [
        "## The search's gain, deal by deal",
        "",
        "Written by `python bench/search_strength.py --keep` (kept in `docs/search_strength.json`). Each",
        "deal is played twice from the same cards, once with the level in the tested seats (a partnership in",
        "partnership games, else one seat in turn) and once with the casual bot there, the rest of the table",
        "casual both times. *Gain*: the tested seats' points minus the others' mean, with the level minus",
        "without it, per deal, with its 95% interval (fewer-points-win games counted so that positive is",
        "better); *Sure*: yes where the interval lies above zero, worse where below (from 20 deals on).",
        "*CPU ms*: one core's time per decision with a choice, mean and 99th percentile. A level with a",
        "word in brackets is a variant measured and not adopted: *ismcts*, information-set MCTS",
        "(`gamenight.bots.ismcts`) on the level's budget; *every move*, every root move compared, not eight;",
        "*to reply*, *to turn*, *to three turns*: the horizon search (`gamenight.bots.horizon`) on its own",
        "budget, each rollout stopped when the seat is to act again, when that turn is over, or three turns",
        "on, and scored by the game's `deal_estimate`; *z 2*: a move overrules the heuristic's only by two",
        "standard errors (horizon rows without it: by one). A plain level row of a game the horizon search",
        "is adopted in (`HORIZON` in `gamenight.bots.levels`) is that search as the level plays it;",
        "*full budget*: on the level's whole budget where it plays a share (half the horizon budget, or",
        "strong's share in `STRONG_SHARE`); *half budget*, *quarter budget*: the level on that share of its",
        "rollout moves, measured and not adopted; *seeds N-M*: the deals of that run; *pips only*: Mexican",
        "Train's estimate before it credited the own train's chain; *drawing*: Gin's estimate with a card",
        "one from a meld charged half, as Rummy's; *deal N*: the match's N-th deal (the deals before it",
        "played by casual). Rummy's rows in brackets had the plain deadwood; *plain way*: Jokers Wild's",
        "estimate counting a marble by its way round alone, before it took the casual bot's valuation;",
        "*melds free*: Canasta's estimate charging nothing for the cards in hand that could meld.",
        "*expert to two turns*: expert's rollouts stopped two of its turns on, on its whole horizon budget,",
        "while strong's stop at its own horizon (`bench/search_strength.py --expert-stop`).",
        "*rollouts only*, expert before its exact endgames (rollouts to the end of the deal); *endgame at",
        "3 cards*, Euchre solved from three cards a hand, not four; *endgame at 4 cards*, Oh Hell from four,",
        "not three (worse: solved with every hand known, the deal looks easier to steer than it is);",
        "*reads bids*, each round's world kept from eight sampled by how likely the others' bids are in it",
        "under the casual bot's own bidding (`SearchBot.infer`), its *strong* strong's whole budget (2,500",
        "moves, as before `STRONG_SHARE`); *strong's budget*, on that budget without the endgames, so only",
        "the inference differs from strong; *sharply*, sixteen worlds and a spread of half a trick, not",
        "one; *full rollouts*: the search to the end of the deal in a game whose levels now stop at a",
        "horizon; *cents*: Golf's hole weighed by its money, before the search and the bench weighed it by",
        "the strokes (`match_standing`: Golf's rows are strokes a hole, fewer counted as better). Oh",
        "Hell is dealt its largest hand (ten cards) first (`order=down_up`): the book's first deal has",
        "one card each and almost no play.",
        "",
        "| Game | Level | Against | Deals | Gain per deal (95%) | Sure | CPU ms | CPU ms (p99) |",
        "|---|---|---|---:|---|---|---:|---:|",
    ]
    for game in sorted(kept):
        for key in sorted(kept[game], key=_order):
            r = kept[game][key]
            mean, half = float(r["gain"]), float(r["half"])
            sure = ("too few deals" if int(r["deals"]) < MIN_DEALS else
                    "yes" if mean - half > 0 else "worse" if mean + half < 0 else "no")
            lines.append(f"| {game} | {key.split('/')[0]} | {r['against']} | {r['deals']} | {mean:+.3f} ± "
                         f"{half:.3f} | {sure} | {float(r['ms']):.0f} | {float(r['p99']):.0f} |")
    return [*lines, "", *_latency(docs), *_openspiel(docs)]


def _latency(docs: Path) -> list[str]:
    """The server's timed bot's answer times, where bench/level_latency.py kept them."""
    path = docs / LATENCY_FILE
    if not path.exists():
        return []
    kept: dict[str, dict[str, dict[str, float]]] = json.loads(path.read_text(encoding="utf-8"))
    lines = ["## How long a server's searching bot takes", "",
             "Written by `python bench/level_latency.py --keep` (kept in `docs/level_latency.json`): the",
             "level's bot with its time cap, as a server asks it, timed on the wall clock at every third",
             "decision with a choice of seeded casual matches, against the table's default bot pause. The",
             "wall clock counts whatever else the machine was doing.", "",
             "| Game | Level | Answers | Median ms | p99 ms | Slowest ms | p99 within the pause |",
             "|---|---|---:|---:|---:|---:|---|"]
    for level, games in sorted(kept.items()):
        for game, r in sorted(games.items()):
            within = "yes" if r["p99"] <= r["pause"] else "no"
            lines.append(f"| {game} | {level} | {int(r['answers'])} | {r['median']:.0f} | {r['p99']:.0f} | "
                         f"{r['slowest']:.0f} | {within} ({r['pause']:.0f} ms) |")
    return [*lines, ""]


def _openspiel(docs: Path) -> list[str]:
    """The head to head with OpenSpiel's ISMCTS, where bench/vs_openspiel.py kept it."""
    path = docs / OPENSPIEL_FILE
    if not path.exists():
        return []
    kept: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    lines = ["## Head to head with OpenSpiel", "",
             "Written by `python bench/vs_openspiel.py --keep` (kept in `docs/vs_openspiel.json`; the",
             "bench's text says how it plays). Our level against OpenSpiel's ISMCTS (random rollouts) in our",
             "game through our OpenSpiel registration, one deal at a time, each deal played twice with the",
             "sides swapped; partners against partners in Euchre, alternate seats in Hearts and Oh Hell (ten",
             "cards first), one seat each in Gin (ten cards, one sheet). ISMCTS gets the simulations that",
             "fit in our level's measured time per decision (two at least). *Advantage*: our seats' points",
             "minus theirs per deal (fewer-points-win games counted so that positive is better), with its",
             "95% interval. *CPU ms*: each side's time per decision with a choice.", "",
             "Both sides play on our Python engine, so a simulation of ISMCTS costs what our registration",
             "costs (several milliseconds: every atomic action goes through the adapter); OpenSpiel's C++",
             "games would give it more simulations in the same time, on their own rules. Gin's casual,",
             "strong and expert are the heuristic bot (about a millisecond), where ISMCTS's two simulations",
             "already take far longer: there it has more time than ours, not equal time. The calibration",
             "can miss by a third (the CPU columns show it); Euchre's strong row fixed ISMCTS's",
             "simulations (`--sims 9`), which also makes the run reproduce. The runs here were short (a few",
             "minutes of one core each); the long run, hours of one core:", "",
             "    python bench/vs_openspiel.py --game euchre,hearts,oh-hell,gin-rummy \\",
             "        --level strong,expert --deals 400 --keep", "",
             "| Game | Our level | Paired deals | Our advantage per deal (95%) | Verdict "
             "| ISMCTS simulations | CPU ms ours | CPU ms ISMCTS |",
             "|---|---|---:|---|---|---:|---:|---:|"]
    for key in sorted(kept, key=lambda k: (k.split("/")[0], _order(k.split("/")[1]))):
        r = kept[key]
        lines.append(f"| {r['game']} | {r['level']} | {r['deals']} | {float(r['advantage']):+.3f} ± "
                     f"{float(r['half']):.3f} | {r['verdict']} | {r['sims']} | {float(r['ours_ms']):.0f} | "
                     f"{float(r['theirs_ms']):.0f} |")
    return [*lines, ""]


def _order(key: str) -> tuple[int, str]:
    """Strong before expert, each against casual before against the level below; other methods last."""
    level = key.split("/")[0]
    return (list(BUDGETS).index(level) if level in BUDGETS else len(BUDGETS), key)


def kept_gains(docs: Path) -> dict[str, dict[str, dict[str, Any]]]:
    """The search's paired-deal results kept beside BOTS.md in ``docs`` (empty where none are)."""
    path = docs / GAIN_FILE
    if not path.exists():
        return {}
    data: dict[str, dict[str, dict[str, Any]]] = json.loads(path.read_text(encoding="utf-8"))
    return data


__all__ = ["GAIN_FILE", "LATENCY_FILE", "MIN_DEALS", "OPENSPIEL_FILE", "gain_section", "kept_gains",
           "levels_section"]

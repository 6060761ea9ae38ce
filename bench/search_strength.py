"""How much the search levels gain over the heuristic, in points per deal, and what a decision costs.

Each deal is played twice from the same seed (the same cards): once with the level under test in
its seats, once with the heuristic there instead; the rest of the table is the heuristic both times.
The paired difference of the tested seats' advantage (their points minus the others' mean, sign
flipped where fewer points win, as in Hearts) is the level's gain, reported with a 95% interval
(mean ± 1.96 standard errors). In partnership games the level holds a partnership (the pair swaps
every deal); otherwise one seat, rotating. The searching levels run without their time cap (the
simulation budget alone), so a run reproduces; the time per decision is measured on this machine.
Usage::

    python bench/search_strength.py [--deals 200] [--only euchre,hearts] [--levels strong,expert] [--keep]

The baseline (the heuristic in the tested seats) is played once per deal and shared by the levels;
each level is also compared with the one before it on the same deals (expert against strong).
``--keep`` stores the results in docs/search_strength.json and rewrites docs/BOTS.md.

A run on one worker stopped early (Ctrl-C, or ``kill`` of its process: SIGTERM is taken as Ctrl-C)
reports, and with ``--keep`` keeps, the deals it finished, its CPU columns included; the deal in
progress is dropped and the games after it in ``--only`` are not played.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import gamenight
from gamenight import arena
from gamenight.bots import Bot, make_bot, sampler_for
from gamenight.bots.horizon import STOPS
from gamenight.bots.ismcts import ISMCTSBot
from gamenight.bots.levels import BUDGETS, HORIZON, Horizon, search_bot
from gamenight.bots.search import SearchBot, standing
from gamenight.bots.search_doc import GAIN_FILE
from gamenight.core.state import State

#: Oh Hell's book starts a match with one card each, a deal with no play to speak of: the bench
#: deals the largest hand (ten cards) first, as bench/vs_openspiel.py does
OPTIONS = {"oh-hell": {"order": "down_up"}}


@dataclass
class Deal:
    advantage: float  # the tested seats' points minus the others' mean (positive: better)
    seconds: list[float]  # the level's decisions with a real choice, CPU seconds


def tested_seats(state: State, deal: int) -> set[int]:
    spec = state.spec
    if spec.teams and state.num_players == 4:
        return {deal % 2, deal % 2 + 2}
    return {deal % state.num_players}


@dataclass(frozen=True)
class Override:
    """A budget to try instead of the level's own (``None``: the level's)."""

    sims: int | None = None
    steps: int | None = None
    #: "flat" (the levels' search) or "ismcts" (bots.ismcts, the same budget)
    method: str = "flat"
    #: a horizon to stop the rollouts at (bots.horizon.STOPS), on the horizon budget
    stop: str | None = None
    #: a horizon for expert's rollouts alone, on its whole horizon budget (a deeper look than strong's,
    #: where more rollouts to strong's horizon gain nothing)
    expert_stop: str | None = None
    #: the standard errors a move must gain by to overrule the heuristic's
    z: float | None = None
    #: deals played by casual at every seat before the tested one (a later deal: The Card Game's grow)
    skip: int = 0
    #: test each of a match's first ``rounds`` deals in turn: seed d skips ``skip + d % rounds`` deals
    #: first (the mean over a match's deals where they differ, as The Card Game's hands grow; 0: off)
    rounds: int = 0
    #: the cards left at which the search solves the deal exactly (SearchBot.endgame)
    endgame: int | None = None
    #: the standard errors by which expert must beat the heuristic's move (SearchBot.overrule_z)
    overrule: float | None = None
    #: candidate worlds a round expert's inference weighs by the others' bids (SearchBot.infer)
    infer: int | None = None
    #: the spread of the others' decisions about the heuristic's own, where its bot reads them
    #: (the rollout bot's ``sigma``: Oh Hell's bids, in tricks)
    sigma: float | None = None


def tested_bot(game: str, level: str, budget: Override) -> Bot:
    """The level's bot, untimed, with ``budget`` overriding a searching level's budget."""
    bot = make_bot(level, game, timed=False)
    if level in BUDGETS and not isinstance(bot, SearchBot) and not getattr(bot, "exact", False):
        bot = search_bot(level, type(bot), timed=False)  # a game where the level does not search: measure it
    own = HORIZON.get(game)
    if level in BUDGETS and budget.stop is not None and (own is None or own.stop != budget.stop):
        bot = search_bot(level, type(make_bot("heuristic", game)), timed=False, horizon=Horizon(budget.stop))
    if level == "expert" and budget.expert_stop is not None:
        heuristic = type(make_bot("heuristic", game))
        bot = search_bot(level, heuristic, timed=False, horizon=Horizon(budget.expert_stop))
    if isinstance(bot, SearchBot) and budget.method == "ismcts":
        bot = ISMCTSBot(bot.rollout, simulations=bot.simulations, steps=bot.steps, name=bot.name)
    if isinstance(bot, SearchBot):
        if budget.sims is not None:
            bot.simulations = budget.sims
        if budget.steps is not None:
            bot.steps = budget.steps
        if budget.z is not None:
            bot.overrule_z = budget.z
        if budget.endgame is not None and level == "expert":
            bot.endgame = budget.endgame
        if budget.overrule is not None and level == "expert":
            bot.overrule_z = budget.overrule
        if budget.infer is not None and level == "expert":
            bot.infer = budget.infer
        if budget.sigma is not None and level == "expert":
            bot.rollout = with_sigma(bot.rollout, budget.sigma)
    return bot


def with_sigma(make: Callable[[], Bot], sigma: float) -> Callable[[], Bot]:
    """``make``'s bots, each reading the others' decisions with spread ``sigma`` where it reads them."""
    def made() -> Bot:
        bot = make()
        if hasattr(bot, "sigma"):
            vars(bot)["sigma"] = sigma  # this instance's: the class's stays for every other bot
        return bot
    return made


def play_deal(game: str, deal: int, level: str | None,
              budget: Override = Override()) -> tuple[float, list[float]]:
    """The tested seats' advantage over one deal, and their decision times (``level=None``: heuristic)."""
    state = gamenight.new(game, seed=deal, options=OPTIONS.get(game))
    skip_deals(state, budget.skip + (deal % budget.rounds if budget.rounds else 0), random.Random(-1 - deal))
    seats = tested_seats(state, deal)
    bots = {s: tested_bot(game, level, budget) if (level and s in seats) else make_bot("heuristic", game)
            for s in range(state.num_players)}
    rng = random.Random(deal)
    rows = len(state.sheet.rows)
    before = standing(state)
    times: list[float] = []
    while not state.is_over and len(state.sheet.rows) == rows:
        for seat in sorted(state.to_act):
            if seat in state.to_act:
                legal = state.legal_moves(seat)
                t = time.process_time()  # the CPU this process used: fair on a shared machine
                move = bots[seat].choose(state.view(seat, layout=False), legal, sampler_for(state, seat), rng)
                if isinstance(bots[seat], SearchBot) and len(legal) > 1:
                    times.append(time.process_time() - t)
                state.play(move, seat)
    # the deal's change in what the match is won on (the sheet's row, or Golf's strokes), more better
    points = [a - b for a, b in zip(standing(state), before, strict=True)]
    cols = {state.column_of(s) for s in seats}
    own = sum(points[c] for c in cols) / len(cols)
    others = [p for c, p in enumerate(points) if c not in cols]
    return own - sum(others) / len(others), times


def skip_deals(state: State, deals: int, rng: random.Random) -> None:
    """The match's first ``deals`` deals played by casual at every seat, alike for the level and its
    baseline (the same seed), so the tested deal is a later one."""
    bot = make_bot("heuristic", state.spec.id)
    # counted by the sheet's rows, as play_deal counts its deal: a party of tables (Court Whist)
    # keeps no deal number of its own, and counting by it played the whole match away
    while not state.is_over and len(state.sheet.rows) < deals:
        seat = min(state.to_act)
        view = state.view(seat, layout=False)
        state.play(bot.choose(view, state.legal_moves(seat), sampler_for(state, seat), rng), seat)


def measure_deal(args: tuple[str, int, str | None, Override]) -> Deal:
    """One deal with ``level`` in the tested seats (``None``: the heuristic, the baseline)."""
    game, deal, level, budget = args
    advantage, times = play_deal(game, deal, level, budget)
    return Deal(advantage, times)


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, 1.96 * math.sqrt(var / n)


def measure_levels(job: tuple[str, int, tuple[str, ...], Override]) -> list[Deal]:
    """One deal played with the heuristic in the tested seats, then with each level there."""
    game, deal, levels, budget = job
    return [measure_deal((game, deal, level, budget)) for level in (None, *levels)]


#: a progress line on stderr after this many deals (a run takes hours: its table comes at the end)
PROGRESS_EVERY = 10


def progress(game: str, played: list[list[Deal]], total: int, levels: tuple[str, ...],
             began: float) -> None:
    """The deals played so far and each level's running step over the level below, on stderr, so a
    long run shows how it goes and a trial going nowhere can be stopped early."""
    if len(played) % PROGRESS_EVERY and len(played) != total:
        return
    steps = []
    for k, level in enumerate(levels, start=1):
        gains = [deal[k].advantage - deal[k - 1].advantage for deal in played]
        mean, half = interval(gains)
        steps.append(f"{level} {mean:+.2f} ± {half:.2f}")
    minutes = (time.monotonic() - began) / 60
    print(f"{game}: {len(played)}/{total} deals, {minutes:.0f} min; each over the one below: "
          + ", ".join(steps), file=sys.stderr, flush=True)


def run(game: str, deals: range, levels: tuple[str, ...], budget: Override, workers: int,
        minutes: float | None) -> tuple[list[list[Deal]], bool]:
    """Each deal's baseline and levels; with ``minutes``, the deals begun within that time. Also
    whether the run was stopped (one worker: Ctrl-C or SIGTERM ends it with the deals finished)."""
    jobs = [(game, d, levels, budget) for d in deals]
    out: list[list[Deal]] = []
    began = time.monotonic()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            for played in pool.map(measure_levels, jobs, chunksize=2):
                out.append(played)
                progress(game, out, len(jobs), levels, began)
        return out, False
    stop = None if minutes is None else began + 60 * minutes
    try:
        for job in jobs:
            if stop is not None and out and time.monotonic() > stop:
                break
            out.append(measure_levels(job))
            progress(game, out, len(jobs), levels, began)
    except KeyboardInterrupt:
        print(f"{game}: stopped after {len(out)} deals; the table covers them", file=sys.stderr, flush=True)
        return out, True
    return out, False


def report(game: str, level: str, against: str, gains: list[float], times: list[float]) -> dict[str, object]:
    mean, half = interval(gains)
    times = sorted(times)
    ms = 1000 * sum(times) / max(1, len(times))
    p99 = 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0.0
    print(f"{game:<20}{level:<16}{against:<8}{len(gains):>6}{mean:>+12.3f} ± {half:<5.3f}{ms:>13.1f}"
          f"{p99:>9.1f}", flush=True)
    return {"deals": len(gains), "gain": mean, "half": half, "ms": ms, "p99": p99, "against": against}


def keep(results: dict[str, dict[str, dict[str, object]]]) -> None:
    """Merge ``results`` into docs/search_strength.json and rewrite docs/BOTS.md from everything kept."""
    docs = Path(__file__).resolve().parents[1] / "docs"
    store = docs / GAIN_FILE
    kept = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
    for game, levels in results.items():
        for key, row in levels.items():
            before = kept.setdefault(game, {}).get(key)
            if before is None or int(before["deals"]) <= int(str(row["deals"])):  # more deals are kept
                kept[game][key] = row
    store.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    arena.main(["--doc", "--kept", "--docs", str(docs)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--only", default="euchre,hearts")
    parser.add_argument("--levels", default="strong,expert")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--sims", type=int, default=None, help="override the levels' rollouts a decision")
    parser.add_argument("--steps", type=int, default=None,
                        help="override the levels' rollout moves a decision")
    parser.add_argument("--endgame", type=int, default=None,
                        help="override expert's endgame: solve exactly at this many cards a hand (0: never)")
    parser.add_argument("--overrule", type=float, default=None,
                        help="override expert's standard errors to overrule the heuristic's move")
    parser.add_argument("--infer", type=int, default=None,
                        help="override expert's inference: candidate worlds a round, one kept by how likely "
                             "the others' bids are in it (0: none)")
    parser.add_argument("--sigma", type=float, default=None,
                        help="override the spread of the others' bids about the heuristic's estimate, "
                             "in tricks, where expert's inference reads them")
    parser.add_argument("--variant", default="",
                        help="the word in brackets naming a variant of expert's (its rows: 'expert (word)')")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--method", choices=("flat", "ismcts"), default="flat",
                        help="the search to measure (the levels use the flat one)")
    parser.add_argument("--stop", choices=tuple(STOPS), default=None,
                        help="stop the rollouts at this horizon (bots.horizon), where the game estimates")
    parser.add_argument("--expert-stop", choices=tuple(STOPS), default=None,
                        help="stop expert's rollouts alone at this horizon, on expert's whole horizon budget "
                             "(strong's as --stop or its own)")
    parser.add_argument("--z", type=float, default=None, help="override the standard errors to overrule by")
    parser.add_argument("--skip", type=int, default=0, help="deals played by casual before the tested one")
    parser.add_argument("--rounds", type=int, default=0,
                        help="test each of a match's first ROUNDS deals in turn, by the seed (0: only one)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop a game's deals after this long (one worker; the deals done are reported)")
    parser.add_argument("--keep", action="store_true",
                        help="keep the results in docs/search_strength.json and rewrite docs/BOTS.md")
    args = parser.parse_args()
    budget = Override(args.sims, args.steps, args.method, stop=args.stop, expert_stop=args.expert_stop,
                      z=args.z, skip=args.skip, rounds=args.rounds, endgame=args.endgame,
                      overrule=args.overrule, infer=args.infer, sigma=args.sigma)
    deals = range(args.first, args.first + args.deals)
    print(f"{'game':<20}{'level':<16}{'against':<8}{'deals':>6}{'gain per deal':>20}{'CPU ms':>13}"
          f"{'p99 ms':>9}")
    results: dict[str, dict[str, dict[str, object]]] = {}
    levels = tuple(args.levels.split(","))
    if args.workers == 1:  # a kill reports like Ctrl-C: the table of the deals finished, CPU included
        signal.signal(signal.SIGTERM, signal.default_int_handler)
    for game in args.only.split(","):
        played, stopped = run(game, deals, levels, budget, args.workers, args.minutes)
        if not played:
            break
        baseline = [deal[0].advantage for deal in played]
        below, below_adv = "casual", baseline
        for k, level in enumerate(levels, start=1):
            adv = [deal[k].advantage for deal in played]
            times = [t for deal in played for t in deal[k].seconds]
            variant = args.variant or ("" if args.method == "flat" else args.method)
            # --endgame, --overrule and --infer change expert alone; --method every level
            changed = level == "expert" or args.method != "flat"
            label = f"{level} ({variant})" if variant and changed else level
            if args.stop is not None and (game not in HORIZON or HORIZON[game].stop != args.stop):
                label = f"{label} (to {args.stop})"
            if args.expert_stop is not None and level == "expert":
                label = f"{label} (expert to {args.expert_stop})"
            if args.z is not None:
                label = f"{label} (z {args.z:g})"
            if args.skip and not args.rounds:
                label = f"{label} (deal {args.skip + 1})"
            if args.rounds:
                label = f"{label} (deals {args.skip + 1}-{args.skip + args.rounds})"
            row = report(game, label, "casual", [a - b for a, b in zip(adv, baseline, strict=True)], times)
            results.setdefault(game, {})[label] = row
            if below != "casual":  # the level against the one below it, on the same deals
                step = report(game, level, below, [a - b for a, b in zip(adv, below_adv, strict=True)], times)
                results[game][f"{label}/{below}"] = step
            below, below_adv = level, adv
        if args.keep:  # game by game: a long run keeps what it measured
            keep({game: results[game]})
        if stopped:
            break


if __name__ == "__main__":
    main()

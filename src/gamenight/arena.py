"""The arena: bots of different levels play seeded matches, seats rotated, and are measured.

Seating. Match ``m`` gives seat ``s`` the entrant ``(s + m) % k`` of the ``k`` named: with two
entrants at a four-handed partnership table each partnership is one entrant (seats 0 and 2 sit
opposite), and the partnerships swap every match; at a two-handed table the entrants swap seats.
Each deal is played once per rotation: match ``m`` deals from seed ``seed + m // k``, so the same
shuffles come to each entrant's seats in turn (the luck of the deal cancels in pairs; the interval
still treats matches as independent, so it is if anything too wide). Every bot has its own RNG from
the same numbers, and the searching levels play without their time cap (the step budget
alone): a run reproduces.

Scores. A match's win is shared among its winners. For two entrants A and B, A's *score* in a
match is its win share per seat divided by both entrants' shares per seat (1: A won, 0: B won,
between: a shared win), so unequal seat counts (three players) compare fairly; 0.5 is equal
strength. Over the matches the arena reports the mean score with its 95% interval (Wilson's,
which keeps a width after a clean sweep: :func:`wilson`), the Elo difference that score implies
(:func:`elo`) with its interval mapped through the same curve, and the mean final-score advantage
per match (A's mean seat score minus B's, sign flipped where the lowest total wins) with mean ±
1.96 standard errors (:func:`interval`). With more entrants every pair is scored on the matches
it shared and Elo-style ratings are fitted to all pairs (:func:`ratings`).

Where. The matches are jobs of their own seeds, played over the local cores, in this process or as
Ray tasks (:mod:`gamenight.spread`), and collected in order: the results do not depend on where.

``python -m gamenight.arena --doc`` measures each level against the level below in the games
asked for, keeps the results in ``docs/bots_arena.json`` and rewrites ``docs/BOTS.md`` from all the
results kept (games measured earlier keep their rows).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import gamenight
from gamenight.bots import LEVELS, Bot, ladder, make_bot, sampler_for, search_doc
from gamenight.bots.loader import is_bot_path, load_bot
from gamenight.spread import check_ray_address, spread

#: the 95% interval's normal quantile
Z95 = 1.96
#: the rating the weakest entrant's fit is anchored near (the mean of all ratings)
MEAN_RATING = 1500.0
DOCS = Path(__file__).resolve().parents[2] / "docs"
#: the moves after which a bots' match that has not ended is stuck (a game's or a bot's defect), not
#: long: the longest matches of casual bots take about 1,200 moves (Mexican Train's), random bots'
#: a few times that, so the bound is far above any real match and ends a loop with a clear error
MATCH_MOVE_BOUND = 200_000


class StuckMatch(RuntimeError):
    """A bots' match went past :data:`MATCH_MOVE_BOUND` moves without ending (its one argument the
    message, so that it crosses from a worker process intact)."""

    @classmethod
    def of(cls, title: str, seed: int) -> StuckMatch:
        return cls(f"{title} with seed {seed} did not end in {MATCH_MOVE_BOUND:,} moves: a game or a bot "
                   "is looping")


@dataclass(frozen=True)
class MatchResult:
    """One match: the entrant of every seat, the final scores and the winners."""

    match: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    lowest_wins: bool


@dataclass
class PairResult:
    """A against B over the matches both played."""

    a: str
    b: str
    matches: int
    score: float  # A's mean score, 0.5: equal
    score_low: float  # the 95% interval (Wilson's, on the mean score)
    score_high: float
    elo: float  # A's rating minus B's
    elo_low: float
    elo_high: float
    points: float  # A's mean seat score minus B's, per match (positive: A did better)
    points_half: float


@dataclass
class ArenaResult:
    game: str
    bots: list[str]
    matches: list[MatchResult] = field(default_factory=list)

    def pairs(self) -> list[PairResult]:
        return [pair_result(self, i, j) for i in range(len(self.bots)) for j in range(i + 1, len(self.bots))]


def seating(entrants: int, players: int, match: int) -> tuple[int, ...]:
    """Which entrant sits in each seat in match ``match`` (rotated every match)."""
    return tuple((s + match) % entrants for s in range(players))


def bot_rng(seed: int, match: int, seat: int) -> random.Random:
    return random.Random((seed * 1_000_003 + match) * 16 + seat)


def lowest_wins(scores: Sequence[int], winners: Sequence[int]) -> bool:
    """Whether the outcome's scores count the fewer the better, read from the outcome itself: the
    winners hold the lowest score and not the highest (a game's sheet may count strokes while its
    outcome counts money, so the kernel's own rules are not the outcome's)."""
    if not winners:
        return False
    best = [scores[w] for w in winners]
    return all(b == min(scores) for b in best) and not all(b == max(scores) for b in best)


def entrant(kind: str, game: str) -> Bot:
    """An entrant's bot for one match: a level (searching without its time cap, so a run
    reproduces), or your own bot by its path, ``module:Name`` (:mod:`gamenight.bots.loader`)."""
    return load_bot(kind, game) if is_bot_path(kind) else make_bot(kind, game, timed=False)


def play_match(game: str, bots: Sequence[str], match: int, seed: int,
               players: int | None = None) -> MatchResult:
    """One seeded match of ``game`` with the entrants ``bots`` seated for match ``match``."""
    state = gamenight.new(game, seed=seed + match // len(bots), players=players)
    seats = seating(len(bots), state.num_players, match)
    table = [entrant(bots[e], game) for e in seats]
    rngs = [bot_rng(seed, match, s) for s in range(state.num_players)]
    moves = 0
    while not state.is_over:
        for seat in sorted(state.to_act):
            if seat in state.to_act:
                view = state.view(seat, layout=False)
                move = table[seat].choose(view, state.legal_moves(seat), sampler_for(state, seat), rngs[seat])
                state.play(move, seat)
                moves += 1
        if moves > MATCH_MOVE_BOUND:
            raise StuckMatch.of(state.spec.title, state.seed)
    out = state.outcome
    assert out is not None
    scores, winners = tuple(out.scores), tuple(out.winners)
    return MatchResult(match, seats, scores, winners, lowest_wins(scores, winners))


def _play(job: tuple[str, tuple[str, ...], int, int, int | None]) -> MatchResult:
    return play_match(*job)


def run(game: str, bots: Sequence[str], matches: int, seed: int = 0, *, workers: int | None = None,
        players: int | None = None, on_match: Callable[[MatchResult], None] | None = None,
        ray: str | None = None) -> ArenaResult:
    """Play ``matches`` matches over ``workers`` processes (default: every local core; 1: in this one),
    or as Ray tasks on the cluster at ``ray`` (:mod:`gamenight.spread`): the same seeds give the same
    results wherever they are played."""
    if len(bots) < 2:
        raise ValueError("The arena needs at least two bots to compare.")
    for kind in bots:
        entrant(kind, game)  # an unknown bot or game, a path that makes no bot: refused before any match
    if ray is not None:
        check_ray_address(ray)
    result = ArenaResult(game, list(bots))
    jobs = [(game, tuple(bots), m, seed, players) for m in range(matches)]
    for r in spread(_play, jobs, workers=workers, ray=ray):
        result.matches.append(r)
        if on_match:
            on_match(r)
    return result


# ---- the arithmetic ---------------------------------------------------------------------------


def interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval: 1.96 standard errors (sample deviation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, Z95 * math.sqrt(var / n)


def elo(score: float) -> float:
    """The rating difference at which the expected score is ``score`` (±inf at 1 and 0)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def match_score(r: MatchResult, a: int, b: int) -> float | None:
    """Entrant ``a``'s score against ``b`` in one match (None: neither won, or one did not play)."""
    seats_a = [s for s, e in enumerate(r.seats) if e == a]
    seats_b = [s for s, e in enumerate(r.seats) if e == b]
    if not seats_a or not seats_b:
        return None
    share_a = sum(1 for w in r.winners if w in seats_a) / len(r.winners) / len(seats_a)
    share_b = sum(1 for w in r.winners if w in seats_b) / len(r.winners) / len(seats_b)
    if share_a + share_b == 0:
        return None
    return share_a / (share_a + share_b)


def wilson(score: float, n: int) -> tuple[float, float]:
    """The 95% interval of a mean score in [0, 1] over ``n`` matches, by Wilson's formula: unlike
    mean ± 1.96 standard errors it stays inside [0, 1] and has a width after a clean sweep."""
    if n == 0:
        return 0.0, 1.0
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 / (1 + z2 / n) * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def point_advantage(r: MatchResult, a: int, b: int) -> float | None:
    seats_a = [r.scores[s] for s, e in enumerate(r.seats) if e == a]
    seats_b = [r.scores[s] for s, e in enumerate(r.seats) if e == b]
    if not seats_a or not seats_b:
        return None
    adv = sum(seats_a) / len(seats_a) - sum(seats_b) / len(seats_b)
    return -adv if r.lowest_wins else adv


def pair_result(result: ArenaResult, a: int, b: int) -> PairResult:
    scores = [s for r in result.matches if (s := match_score(r, a, b)) is not None]
    points = [p for r in result.matches if (p := point_advantage(r, a, b)) is not None]
    score = sum(scores) / len(scores) if scores else 0.5
    low, high = wilson(score, len(scores))
    pts, pts_half = interval(points)
    return PairResult(result.bots[a], result.bots[b], len(scores), score, low, high, elo(score),
                      elo(low), elo(high), pts, pts_half)


def ratings(result: ArenaResult, rounds: int = 2000) -> dict[str, float]:
    """Elo-style ratings fitted to every pair's mean score (a Bradley-Terry fit by gradient steps),
    their mean :data:`MEAN_RATING`."""
    n = len(result.bots)
    r = [0.0] * n
    pairs = [(p, result.bots.index(p.a), result.bots.index(p.b)) for p in result.pairs() if p.matches]
    for _ in range(rounds):
        grad = [0.0] * n
        for p, i, j in pairs:
            expected = 1.0 / (1.0 + 10 ** ((r[j] - r[i]) / 400.0))
            grad[i] += p.matches * (p.score - expected)
            grad[j] -= p.matches * (p.score - expected)
        total = sum(p.matches for p, _, _ in pairs) or 1
        r = [x + 400.0 * g / total for x, g in zip(r, grad, strict=True)]
        r = [max(-4000.0, min(4000.0, x)) for x in r]  # an undefeated entrant has no finite rating
    mean = sum(r) / n
    return {bot: MEAN_RATING + x - mean for bot, x in zip(result.bots, r, strict=True)}


# ---- docs/BOTS.md -----------------------------------------------------------------------------


def _signed(x: float) -> str:
    return "+∞" if x == math.inf else "−∞" if x == -math.inf else f"{x:+.0f}"


def doc_rows(stored: dict[str, dict[str, dict[str, object]]]) -> list[str]:
    lines = ["| Game | Level | Against | Matches | Score (95%) | Elo difference (95%) | Points per match |",
             "|---|---|---|---:|---|---|---|"]
    for game in sorted(stored):
        for key in sorted(stored[game], key=lambda k: LEVELS.index(k.split("/")[0])):
            p = stored[game][key]
            low, high = float(p["score_low"]), float(p["score_high"])  # type: ignore[arg-type]
            lines.append(
                f"| {game} | {p['a']} | {p['b']} | {p['matches']} | {float(p['score']):.2f} "  # type: ignore[arg-type]
                f"({low:.2f} to {high:.2f}) | "
                f"{_signed(float(p['elo']))} ({_signed(float(p['elo_low']))} to "  # type: ignore[arg-type]
                f"{_signed(float(p['elo_high']))}) | "  # type: ignore[arg-type]
                f"{float(p['points']):+.1f} ± {float(p['points_half']):.1f} |")  # type: ignore[arg-type]
    return lines


def write_doc(stored: dict[str, dict[str, dict[str, object]]], path: Path) -> None:
    pairs: dict[str, list[str]] = {}
    for game in sorted(stored):
        for key in stored[game]:
            pairs.setdefault(key.replace("/", " against "), []).append(game)
    measured = "; ".join(f"{pair} in {len(games)} games ({', '.join(games)})" for pair, games in
                         sorted(pairs.items(), key=lambda kv: LEVELS.index(kv[0].split()[0]))) or "none yet"
    missing = sorted({g.id for g in gamenight.games()} - set(stored))
    text = "\n".join([
        "# The bots, measured",
        "",
        "Written by `python -m gamenight.arena --doc` from the results kept in `docs/bots_arena.json`;",
        "`--games` and `--matches` say what to measure (games measured before keep their rows).",
        "",
        "## The levels",
        "",
        *search_doc.levels_section(),  # the levels and their budgets, as bots.levels has them
        "",
        *ladder.section(search_doc.kept_gains(path.parent), stored),  # every game's steps, in one table
        *search_doc.gain_section(path.parent),  # the search's paired-deal gain, kept by its bench
        "## Each level against the level below, whole matches",
        "",
        "Seeded full matches, seats rotated every match (partnerships swap); the searching levels",
        "without their time cap (the step budget alone), so a run reproduces. *Score*: the",
        "level's share of the wins against the level below, per seat (0.5: equal), with its 95% interval;",
        "*Elo difference*: the rating gap that score implies; *points*: its final score minus the",
        "level below's, per match (fewer-points-win games counted so that positive is better).",
        "",
        *doc_rows(stored),
        "",
        f"Measured: {measured}.",
        "",
        f"No level measured yet: {', '.join(missing) or 'none'}.",
        "",
    ])
    path.write_text(text, encoding="utf-8")


def measure_levels(game: str, matches: int, seed: int, workers: int | None,
                   levels: Sequence[str] = LEVELS) -> dict[str, dict[str, object]]:
    """Each level of ``levels`` against the one below it in ``game``."""
    out: dict[str, dict[str, object]] = {}
    for below, level in itertools.pairwise(levels):
        result = run(game, [level, below], matches, seed, workers=workers)
        pair = result.pairs()[0]
        out[f"{level}/{below}"] = asdict(pair)
        print(f"{game}: {level} against {below}: {pair.score:.3f} ({pair.score_low:.3f} to "
              f"{pair.score_high:.3f}) over {pair.matches} matches", file=sys.stderr, flush=True)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m gamenight.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--doc", action="store_true", help="measure the levels and rewrite docs/BOTS.md")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: every game)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="the levels, weakest first")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--docs", type=Path, default=DOCS, help="the docs folder to write in")
    parser.add_argument("--kept", action="store_true", help="rewrite docs/BOTS.md from the kept results only")
    args = parser.parse_args(argv)
    if not args.doc:
        parser.error("say --doc (the arena's matches are the `gamenight arena` command)")
    store = args.docs / "bots_arena.json"
    stored = json.loads(store.read_text(encoding="utf-8")) if store.exists() else {}
    if args.kept:
        write_doc(stored, args.docs / "BOTS.md")
        return
    games = [g for g in args.games.split(",") if g] or [g.id for g in gamenight.games()]
    for game in games:
        levels = args.levels.split(",")
        measured = measure_levels(game, args.matches, args.seed, args.workers, levels)
        stored.setdefault(game, {}).update(measured)
        store.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        write_doc(stored, args.docs / "BOTS.md")


if __name__ == "__main__":
    main()

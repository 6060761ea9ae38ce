"""Games against the house: the measured house edge and its 95% interval (``families.house``)."""

from __future__ import annotations

import math
import random

from gamenight.families.house import Z95, HouseRound, edge_estimate


def test_the_edge_is_the_house_share_of_the_first_bets() -> None:
    rounds = [HouseRound(100, 200, -200), HouseRound(100, 100, 100), HouseRound(200, 200, 0)]
    e = edge_estimate(rounds)
    assert e.rounds == 3 and e.bets == 400 and e.wagered == 500 and e.net == -100
    assert e.edge == 0.25 and e.edge_wagered == 0.2


def test_the_interval_is_the_ratio_estimate_s() -> None:
    rounds = [HouseRound(100, 100, n) for n in (-100, 100, -100, 100, 500, -100)]
    e = edge_estimate(rounds)
    ys = [-r.net / 100 for r in rounds]
    mean = sum(ys) / len(ys)
    sd = math.sqrt(sum((y - mean) ** 2 for y in ys) / (len(ys) - 1))
    assert math.isclose(e.edge, mean) and math.isclose(e.half_width, Z95 * sd / math.sqrt(len(ys)))


def test_rounds_nobody_bet_in_are_left_out_and_too_few_give_no_interval() -> None:
    assert edge_estimate([HouseRound(0, 0, 0)]).rounds == 0
    assert math.isinf(edge_estimate([HouseRound(100, 100, 100)]).half_width)


def test_the_interval_covers_a_known_edge_about_95_times_in_100() -> None:
    rng = random.Random(16)
    covered = 0
    for _ in range(200):  # an even-money bet won 48% of the time: edge 4%
        rounds = [HouseRound(1, 1, 1 if rng.random() < 0.48 else -1) for _ in range(400)]
        covered += edge_estimate(rounds).covers(0.04)
    assert 180 <= covered <= 199

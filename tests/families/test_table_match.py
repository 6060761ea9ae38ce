"""The table and match kernels: seating, partnerships and when a match ends."""

from __future__ import annotations

import random

from gamenight.families.match import MatchEnd, MatchRules, match_end, rotation_pairs
from gamenight.families.table import Seating


class Table(Seating):
    def __init__(self, n: int, teams: int = 1, stacked: bool = False) -> None:
        self.num_players = n
        self.stacked_deck = [] if stacked else None
        self.rng = random.Random(4)
        self.init_seating(teams=teams)


def test_a_stacked_deal_starts_with_seat_0_dealing_and_play_passes_left_skipping_who_sits_out() -> None:
    t = Table(4, teams=2, stacked=True)
    assert t.dealer == 0 and t.left_of_dealer() == 1
    t.sit_out(2)
    assert [t.next_seat(s) for s in range(4)] == [1, 3, 3, 0]
    t.pass_deal()
    assert t.dealer == 1 and t.seats_from(3) == [3, 0, 1, 2]


def test_partners_sit_alternately() -> None:
    four, six, alone = Table(4, teams=2), Table(6, teams=2), Table(3)
    assert [four.team_of(s) for s in range(4)] == [0, 1, 0, 1] and four.partner(1) == 3
    assert six.teammates(1) == [1, 3, 5] and six.partner(5) == 1
    assert [alone.column_of(s) for s in range(3)] == [0, 1, 2] and alone.partner(0) is None
    assert Table(2, teams=2).partner(0) is None


def test_a_target_ends_the_match_unless_the_best_totals_are_tied_and_the_rules_play_on() -> None:
    rules = MatchRules(target=100)
    assert match_end(rules, [99, 40], 5) is None
    assert match_end(rules, [100, 40], 5) is MatchEnd.TARGET
    tied = MatchRules(target=100, play_on_tied=True)
    assert match_end(tied, [120, 120, 3], 5) is None
    assert match_end(tied, [120, 110, 3], 5) is MatchEnd.TARGET
    # lowest wins: reaching the target ends it; a tie for the *lowest* total plays on
    hearts = MatchRules(target=100, lowest_wins=True, play_on_tied=True)
    assert match_end(hearts, [104, 30, 30, 50], 9) is None
    assert match_end(hearts, [104, 30, 31, 50], 9) is MatchEnd.TARGET


def test_a_schedule_and_a_cap() -> None:
    assert match_end(MatchRules(deals=6), [0, 0], 5) is None
    assert match_end(MatchRules(deals=6), [0, 0], 6) is MatchEnd.SCHEDULE
    assert match_end(MatchRules(target=10_000, cap=40), [900, 800], 40) is MatchEnd.CAP
    assert match_end(MatchRules(target=10_000), [900, 800], 400) is None


def test_rotation_lets_every_odd_seat_meet_every_even_seat() -> None:
    assert rotation_pairs(6, 1) == [(0, 1), (2, 3), (4, 5)]
    assert rotation_pairs(6, 2) == [(0, 3), (2, 5), (4, 1)]
    met = {pair for r in (1, 2, 3) for pair in rotation_pairs(6, r)}
    assert len(met) == 9

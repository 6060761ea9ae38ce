"""House-rule amendments on a game in progress (``State.amend``, core/amend.py).

The conformance check proves every option a game declares ``AMENDABLE``: at the last decision of
the first deal every one of them is amended to a value other than its own (one amendment: a
playout and its replay per option cost seconds of CI for the same code paths), the next deal
begins under them (the options in force, the sheet's mark), random moves go on with every piece in
one place, and the log replays to the same game.
"""

from __future__ import annotations

import json
import random

import pytest

import gamenight
from gamenight.core.amend import amendable
from gamenight.core.options import OptionInfo
from gamenight.core.registry import get as get_spec
from gamenight.core.state import State
from tests.conformance.test_conformance import BOUNDED, check_conservation, snapshot

#: random moves played once the amended deal began, each step checked
STEPS_AFTER = 25
AMENDING = [spec.id for spec in gamenight.games() if spec.options_cls.AMENDABLE]


def other_value(info: OptionInfo) -> object:
    """A value of ``info`` other than its default, within its bounds."""
    if info.type == "bool":
        return not info.default
    if info.choices:
        return next(c for c in info.choices if c != info.default)
    assert isinstance(info.default, int)
    for value in (info.default + 1, info.default - 1):
        low, high = info.minimum, info.maximum
        if (low is None or value >= low) and (high is None or value <= high):
            return value
    raise AssertionError(f"{info.name} has one value only")


def random_step(s: State, rng: random.Random) -> None:
    seat = sorted(s.to_act)[rng.randrange(len(s.to_act))]
    moves = s.legal_moves(seat)
    s.play(moves[rng.randrange(len(moves))], seat)


def last_decision_of_first_deal(game: str) -> State:
    """The game at its first deal's last decision: the next move begins the second deal."""
    s = gamenight.new(game, seed=3, options=BOUNDED.get((game, None)))
    rng = random.Random(3)
    first = s.deal_no
    while True:
        before = s.clone()
        random_step(s, rng)
        assert not s.is_over, f"{game} ended in its first deal"
        if s.deal_no != first:
            return before


def test_the_amendable_options_are_declared_by_the_games_that_have_them() -> None:
    assert {"hand-and-foot", "canasta", "mexicana", "joker-canasta", "rummy", "hearts"} <= set(AMENDING)
    structural = {"extra_decks", "deal", "hand_size", "foot_size", "rounds", "target"}
    assert not structural & get_spec("hand-and-foot").options_cls.AMENDABLE


@pytest.mark.parametrize("game", AMENDING)
def test_every_amendable_option_applies_from_the_next_deal_and_replays(game: str) -> None:
    boundary = last_decision_of_first_deal(game)
    s = boundary.clone()
    changes = {info.name: other_value(info) for info in amendable(boundary.spec)}
    (event,) = s.amend(changes)
    deal_word, next_deal = s.DEAL_WORD, boundary.deal_no + 1
    labels = [info.label for info in amendable(boundary.spec)]
    assert event.text.startswith(f"From {deal_word} {next_deal}: ")
    assert all(label in event.text for label in labels)
    assert all(getattr(s.options, name) != value for name, value in changes.items()), "it waits for the deal"
    rng = random.Random(5)
    while s.deal_no == boundary.deal_no:
        random_step(s, rng)
    assert {name: getattr(s.options, name) for name in changes} == changes
    # marked before the row the amended deal will write: the first after the rows written so far
    assert s.sheet.to_json()["marks"] == [{"row": len(s.sheet.rows), "text": event.text[:-1]}]
    for _ in range(STEPS_AFTER):
        if s.is_over:
            break
        random_step(s, rng)
        check_conservation(s)
    again = gamenight.replay(json.loads(json.dumps(s.log)))
    assert snapshot(again) == snapshot(s), f"{game}: the amended game does not replay"


def test_going_out_needs_what_the_amendment_says_from_the_next_round() -> None:
    s = gamenight.new("hand-and-foot", seed=5)
    assert s.turn_rules.need.clean == 1  # type: ignore[attr-defined]
    (event,) = s.amend({"need_clean": 2, "out_bonus": "250"})
    assert event.text == "From round 2: Red canastas to go out: 2; Going out: 250."
    s.deal_no += 1  # (a kernel's next deal beginning)
    assert s.turn_rules.need.clean == 2 and s.options.out_bonus == 250  # type: ignore[attr-defined]


def test_the_rummy_kernel_makes_its_rules_again_from_the_amended_options() -> None:
    s = gamenight.new("rummy", seed=5)
    assert s.rummy.max_melds_per_turn == 1  # type: ignore[attr-defined]
    s.amend({"max_new_melds_per_turn": 0})
    s.deal_no += 1
    assert s.rummy == gamenight.new("rummy", seed=5, options={"max_new_melds_per_turn": 0}).rummy  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "changes", "words"), [
    ("hand-and-foot", {"extra_decks": 2}, "Extra decks is set when the game is made"),
    ("hand-and-foot", {"need_clean": 9}, "must be at most 5"),
    ("hand-and-foot", {"colour": 1}, "Hand and Foot has no house rule 'colour'"),
    ("hand-and-foot", {}, "Say which house rule changes"),
    ("hand-and-foot", {"out_bonus": 100}, "Going out is 100 already: nothing to change"),
    ("euchre", {"deck": "32"}, "Deck is set when the game is made"),
    ("whist-with-10s", {"low_nt_ranking": "reversed"}, "Whist with 10s has no house rule that may change"),
])
def test_a_change_the_rules_refuse_is_refused_in_words(game: str, changes: dict[str, object],
                                                       words: str) -> None:
    s = gamenight.new(game, seed=1)
    log = json.dumps(s.log)
    with pytest.raises(gamenight.OptionError, match=words):
        s.amend(changes)
    assert json.dumps(s.log) == log and not s.amendments


def test_a_log_with_an_amendment_that_does_not_apply_is_refused() -> None:
    s = gamenight.new("canasta", seed=1)
    s.amend({"out_bonus": 300})
    log = s.log
    assert gamenight.replay(log).log == log
    with pytest.raises(gamenight.LogError, match="Amendment 1 of the log"):
        gamenight.replay({**log, "amendments": [{"move": 99, "changes": {}}]})
    with pytest.raises(gamenight.LogError, match=r"does not apply: .*set when the game is made"):
        gamenight.replay({**log, "amendments": [{"move": 0, "changes": {"hand_size": 12}}]})


def test_two_amendments_before_a_deal_apply_in_the_order_they_were_made() -> None:
    s = gamenight.new("canasta", seed=2)
    s.amend({"out_bonus": 300})
    s.amend({"out_bonus": 100, "mixed_bonus": 250})  # back, checked against the rules to come
    with pytest.raises(gamenight.OptionError, match="Going out is 100 already"):
        s.amend({"out_bonus": 100})
    s.deal_no += 1
    assert (s.options.out_bonus, s.options.mixed_bonus) == (100, 250)  # type: ignore[attr-defined]
    assert [text for _, text in s.sheet.marks] == ["From hand 2: Going out: 300",
                                                   "From hand 2: Going out: 100; Mixed canasta: 250"]

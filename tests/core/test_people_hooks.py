"""The engine's two hooks for the people at a table: seats called by their own names, and speech
counted where a game's rules say so (a logged, replayable entry among the moves)."""

from __future__ import annotations

from typing import Any

import pytest

import gamenight
from gamenight.core.errors import IllegalMove
from gamenight.core.events import Event
from gamenight.core.registry import _REGISTRY
from gamenight.core.state import SPEECH
from tests.core.quiet_game import SPEC, quiet


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test-only game, registered for this test alone (replay looks games up by id)."""
    monkeypatch.setitem(_REGISTRY, SPEC.id, SPEC)


# ---- names -------------------------------------------------------------------------------------


def test_named_seats_are_used_in_sentences_views_and_the_sheet() -> None:
    state = gamenight.new("hearts", players=4, seed=3)
    dealer_line = state.events[0].text
    state.name_seats(["Ann", None, "Bob", None])
    assert state.names == ["Ann", "East", "Bob", "West"]
    assert state.view(1)["players"] == ["Ann", "East", "Bob", "West"]
    assert state.score_sheet.columns == ["Ann", "East", "Bob", "West"]
    assert state.events[0].text == dealer_line  # East deals: nothing to reword
    seat = min(state.to_act)
    state.play(state.legal_moves(seat)[0], seat)
    assert state.log["names"] == ["Ann", None, "Bob", None]


def test_what_was_said_at_set_up_is_reworded_whole_words_only() -> None:
    state = quiet()
    state.events.append(Event("note", "Player 1 beats Player 10; Player 2 watches."))
    state.name_seats(["Ann", "Bob"])
    assert [e.text for e in state.events] == ["Ann starts the count.", "Ann beats Player 10; Bob watches."]


def test_names_can_be_swapped_in_one_go() -> None:
    state = quiet()
    state.name_seats(["Player 2", "Player 1"])
    assert state.names == ["Player 2", "Player 1"] and state.events[0].text == "Player 2 starts the count."


def test_naming_after_the_first_move_is_refused_and_changes_nothing() -> None:
    state = quiet()
    state.play("count", 0)
    with pytest.raises(ValueError, match="before the first move"):
        state.name_seats(["Ann", "Bob"])
    assert state.names == ["Player 1", "Player 2"] and "names" not in state.log


def test_a_named_log_replays_with_its_names() -> None:
    state = gamenight.new("euchre", seed=11)
    state.name_seats(["Ann", "Bo", "Cy", "Di"])
    for _ in range(6):
        seat = min(state.to_act)
        state.play(state.legal_moves(seat)[0], seat)
    again = gamenight.replay(state.log)
    assert again.names == state.names and [e.text for e in again.events] == [e.text for e in state.events]
    plain = gamenight.replay({**state.log, "names": None})
    assert plain.names == ["North", "East", "South", "West"]
    assert plain.view(0)["legal_moves"] == state.view(0)["legal_moves"]  # names change no rule


# ---- speech --------------------------------------------------------------------------------------


def test_speech_is_nothing_in_a_game_whose_rules_do_not_count_it() -> None:
    state = gamenight.new("hearts", players=4, seed=3)
    before: dict[str, Any] = state.log
    assert state.speak(2) == [] and state.log == before
    with pytest.raises(IllegalMove):
        state.play("speak", min(state.to_act))
    with pytest.raises(IllegalMove, match="no seat 9"):
        state.speak(9)


def test_speech_counts_only_when_the_game_says_so() -> None:
    state = quiet()
    assert state.speak(1) == [] and state.moves == []  # before play starts: free
    state.play("count", 0)
    events = state.speak(1)  # out of turn: speech is not a move in turn
    assert [e.kind for e in events] == ["speech", "penalty"]
    assert events[0].text == "Player 2 spoke." and events[0].seat == 1
    assert state.moves[-1] == (1, SPEECH) and state.log["moves"][-1] == [1, "speak"]
    assert state.view(0)["penalties"] == [0, 3] and state.to_act == frozenset((1,))


def test_speech_replays_at_the_same_point(registered: None) -> None:
    state = quiet()
    state.name_seats(["Ann", "Bob"])
    state.play("count", 0)
    state.speak(1)
    state.speak(1)
    while not state.is_over:
        seat = min(state.to_act)
        state.play("count", seat)
        if len(state.moves) == 5:
            state.speak(0)
    assert state.outcome is not None and list(state.outcome.scores) == [0, -3]
    again = gamenight.replay(state.log)
    assert again.outcome == state.outcome and [e.text for e in again.events] == [e.text for e in state.events]
    assert "Bob loses 3 points for speaking." in [e.text for e in again.events]
    assert state.speak(0) == []  # the game is over: nothing counts any more


def test_a_speech_entry_that_could_not_have_counted_does_not_replay(registered: None) -> None:
    log = {**quiet().log, "moves": [[1, "speak"]]}  # before play started
    with pytest.raises(IllegalMove, match="Move 1"):
        gamenight.replay(log)

"""The Hand and Foot score pad: a pad filled from a played match gives the engine's own sheet (every
rule set), impossible rounds are refused in words, a correction recomputes, an amendment applies
from its round on once everyone accepted it."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from gamenight.pad import Entry, Pad, PadError
from tests.pad.hand_and_foot_record import play_match
from tests.pad.record import refused

ONE_ROUND = {"rounds": 1}


@pytest.mark.parametrize(("players", "bot", "seed", "preset", "options"), [
    (4, "heuristic", 3, None, {"rounds": 2}),  # every rule set, cheaply: two rounds each
    (4, "heuristic", 3, "demeritt", {"max_hands": 2}),
    (4, "heuristic", 3, "ultimate", {"rounds": 2}),
    (2, "random", 5, None, {"rounds": 2}),  # two stock-outs, teams of one
    (6, "heuristic", 2, None, {"rounds": 1}),
])
def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet(
        players: int, bot: str, seed: int, preset: str | None, options: dict[str, Any]) -> None:
    s, rounds = play_match(players, seed, bot, preset, options)
    pad = Pad.create("hand-and-foot", s.names, preset=preset, options=options)
    for entry in rounds:
        pad.add(json.loads(json.dumps(entry)))  # as it comes over the wire
    sheet = pad.sheet()
    if players == 6:  # the engine names six players' teams by seat numbers, the pad by their names
        assert sheet.sheet.columns == ["Player 1, Player 3, Player 5", "Player 2, Player 4, Player 6"]
        sheet.sheet.columns = s.score_sheet.columns
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == sorted({w % 2 for w in outcome.winners})  # partners alternate
    assert sheet.over["reason"] == outcome.reason
    assert pad.to_json()["entries"] == rounds


@pytest.fixture(scope="module")
def played() -> tuple[list[str], list[Entry]]:
    s, rounds = play_match(4, 3, "heuristic", options=ONE_ROUND)
    return s.names, rounds



def test_impossible_rounds_are_refused_in_words(played: tuple[list[str], list[Entry]]) -> None:
    names, rounds = played
    pad = Pad.create("hand-and-foot", names, options=ONE_ROUND)
    good = rounds[0]

    def changed(**values: Any) -> Entry:
        entry = copy.deepcopy(good)
        entry.update(values)
        return entry

    melded = sum(good[f"melded_{k}"][0] for k in ("jokers", "twos", "aces", "high", "low"))
    assert refused(pad, changed(clean=[melded // 7 + 1, 0])).startswith("Round 1: North–South: ")
    assert "canastas take at least" in refused(pad, changed(clean=[melded // 7 + 1, 0]))
    assert "impossible, a count is never below 0" in refused(pad, changed(left_aces=[-1, 0]))
    assert "5 decks hold 10 jokers" in refused(pad, changed(left_jokers=[6, 5], melded_jokers=[0, 0]))
    assert "choose one of North, East, South, West, Nobody" in refused(pad, changed(out=[0, 1]))
    no_wild = changed(wild=[0, 0], out=0)
    assert refused(pad, no_wild).endswith("North cannot have gone out: going out needs 1 red, 1 black "
                                          "and 1 wild canasta.")
    assert "no field 'melded_black_threes'" in refused(pad, changed(melded_black_threes=[3, 0]))
    assert "a whole number" in refused(pad, changed(clean=["2", 0]))
    assert "one value for each of North–South, East–West" in refused(pad, changed(dirty=[1]))
    assert pad.entries == [] and pad.sheet().sheet.rows == []
    for entry in rounds:
        pad.add(entry)
    assert refused(pad, good) == "The match is over: North–South wins. After 1 round. There is no round 2."


def test_a_team_of_one_going_out_holds_nothing_and_books_keep_their_rules() -> None:
    two = Pad.create("hand-and-foot", ["Ann", "Bob"])
    entry = two.form_for(1).blank()
    entry |= {"clean": [1, 0], "dirty": [1, 0], "wild": [1, 0], "melded_jokers": [4, 0],
              "melded_twos": [4, 0], "melded_aces": [7, 0], "melded_high": [6, 0],
              "left_low": [2, 3], "out": 0}
    assert refused(two, entry) == "Round 1: Ann went out, so no cards were left in his hand and foot."
    entry["left_low"] = [0, 3]
    assert two.add(entry).sheet.rows[0].points == [100 + 2800 + 200 + 100 + 140 + 60, -15]
    ultimate = Pad.create("hand-and-foot", ["Ann", "Bob", "Cid", "Dee"], preset="ultimate")
    entry = ultimate.form_for(1).blank() | {"melded_high": [3, 3], "melded_black_threes": [0, 3]}
    assert refused(ultimate, entry).endswith("Bob–Dee: black threes go down only with the team going out.")
    demeritt = Pad.create("hand-and-foot", ["Ann", "Bob", "Cid", "Dee"], preset="demeritt")
    entry = demeritt.form_for(1).blank() | {"melded_twos": [3, 0], "melded_high": [3, 0]}
    assert refused(demeritt, entry).endswith("Ann–Cid: every book holds more natural cards than wild cards "
                                             "(these rules have no wild books), and the team melded 3 wild "
                                             "and 3 natural.")


def test_a_correction_recomputes_and_one_that_would_end_the_match_early_is_refused() -> None:
    pad = Pad.create("hand-and-foot", ["Ann", "Bob", "Cid", "Dee"], options={"rounds": 0, "target": 500})
    first = pad.form_for(1).blank() | {"melded_high": [3, 4], "left_low": [1, 0]}
    pad.add(first)
    second = pad.form_for(2).blank() | {"melded_aces": [0, 3]}
    assert pad.add(second).sheet.totals == [25, 100]
    corrected = first | {"melded_high": [5, 4]}
    assert pad.replace(0, corrected).sheet.totals == [45, 100]
    assert pad.sheet().sheet.rows[0].details == ["cards melded +50, cards left -5", "cards melded +40"]
    huge = first | {"clean": [1, 0], "melded_aces": [7, 0], "melded_high": [3, 4]}
    over = "The match is over: Ann–Cid wins. A team reached 500. There is no round 2."
    with pytest.raises(PadError, match=re.escape(over)):
        pad.replace(0, huge)
    assert pad.entries[0] == corrected
    with pytest.raises(PadError, match=re.escape("There is no round 3 to correct yet.")):
        pad.replace(2, first)


def test_an_amendment_applies_from_its_round_once_everyone_accepts_it() -> None:
    pad = Pad.create("hand-and-foot", ["Ann", "Bob", "Cid", "Dee"])
    hand = pad.form_for(1).blank() | {"melded_high": [3, 3]}
    pad.add(hand)
    with pytest.raises(PadError, match=re.escape("Kali is not at this table.")):
        pad.propose(2, {"deuce_value": 50}, "Kali")
    with pytest.raises(PadError, match=re.escape("Unknown option 'twos'")):
        pad.propose(2, {"twos": 50}, "Ann")
    pad.propose(2, {"deuce_value": 50}, "Ann", note="Twos are worth more")
    with_twos = hand | {"melded_twos": [1, 0]}
    assert pad.add(with_twos).sheet.rows[1].points == [55, 30]  # still 25: not accepted yet
    for p in ("Bob", "Cid"):
        pad.vote(0, p, True)
    assert pad.amendment_words()[0]["status"] == "pending"
    pad.vote(0, "Dee", True)
    words = pad.amendment_words()[0]
    assert words["status"] == "accepted" and words["words"] == "From round 2: Two's value: 50"
    rows = pad.sheet().sheet.rows
    assert [r.points for r in rows] == [[30, 30], [80, 30]]
    twos = [[f.help for f in pad.form_for(h).fields if f.key == "melded_twos"] for h in (1, 2)]
    assert twos == [["25 each."], ["50 each."]]
    with pytest.raises(PadError, match=re.escape("accepted already")):
        pad.vote(0, "Ann", False)
    pad.propose(3, {"out_bonus": 0}, "Bob")
    pad.vote(1, "Cid", False)
    assert pad.amendment_words()[1]["status"] == "refused"
    again = Pad.from_json(json.loads(json.dumps(pad.to_json())))
    assert again.sheet().to_json() == pad.sheet().to_json()


def test_a_pad_is_set_up_as_a_table_is(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(PadError, match=re.escape("Hand and Foot is played by 2, 4, 6 players, not 3.")):
        Pad.create("hand-and-foot", ["Ann", "Bob", "Cid"])
    with pytest.raises(PadError, match=re.escape("The 'ultimate' rules are for 4 players, not 6.")):
        Pad.create("hand-and-foot", list("ABCDEF"), preset="ultimate")
    with pytest.raises(PadError, match=re.escape("must be at most 3, not 9")):
        Pad.create("hand-and-foot", list("ABCD"), options={"extra_decks": 9})
    with pytest.raises(PadError, match=re.escape("Two players have the same name")):
        Pad.create("hand-and-foot", ["Ann", "ann", "Cid", "Dee"])
    # every game gets a pad in turn: a game without one is made by looking for its module elsewhere
    monkeypatch.setattr("gamenight.pad.game.pad_module", lambda spec: "gamenight.games.no_such_pad")
    with pytest.raises(PadError, match=re.escape("Hearts has no score pad yet.")):
        Pad.create("hearts", list("ABCD"))
    monkeypatch.undo()
    with pytest.raises(PadError, match=re.escape("No game 'hand-and-fot'")):
        Pad.create("hand-and-fot", list("ABCD"))


@pytest.mark.slow
@pytest.mark.parametrize(("players", "preset", "options"), [
    (4, None, {"rounds": 2}), (4, "demeritt", {"max_hands": 2}), (4, "ultimate", {"rounds": 2}),
    (2, None, {"rounds": 2}), (6, None, {"rounds": 1}), (6, "demeritt", {"max_hands": 1}),
])
def test_no_played_round_is_refused_and_every_sheet_matches(players: int, preset: str | None,
                                                             options: dict[str, Any]) -> None:
    """Many seeded matches, random and heuristic: a round that happened is never refused as
    impossible, and the pad's sheet is the engine's (48 matches, about 6 s of CPU; 96 were swept
    once, with range(8))."""
    for seed in range(4):
        for bot in ("random", "heuristic"):
            s, rounds = play_match(players, seed, bot, preset, options)
            pad = Pad.create("hand-and-foot", s.names, preset=preset, options=options)
            for entry in rounds:
                pad.add(entry)
            rows = [r.to_json() for r in pad.sheet().sheet.rows]
            assert rows == [r.to_json() for r in s.score_sheet.rows], (seed, bot)

"""The Gin Rummy score pad: a pad filled from a played match gives the engine's sheet exactly — one
game with its box and game bonus rows after the last round, and the book's three Hollywood games
with a row for each game closed — its winners and reason; impossible hands are refused in words; a
correction recomputes.

Each table's hand is read from the engine's state as it is scored (how it ended, the deadwood
counted), and a round's entry gathers its tables."""

from __future__ import annotations

from typing import Any

import gamenight
from gamenight.games.gin_kinds import HandResult
from gamenight.games.gin_rummy import GinRummy
from gamenight.pad import Entry, Pad
from tests.pad.record import check_pad_matches, play_with_bots, refused
from tests.pad.rummy_record import recording


def table_hand(s: GinRummy, result: HandResult) -> Entry:
    """One table's hand: its round and table, how it ended, each player's deadwood as scored."""
    a, b = s.pair
    dead = {p: s.solver.deadwood(s.hands[p]) for p in (a, b)}
    if result.how in ("gin", "double gin"):
        ended = f"{'double' if result.how == 'double gin' else 'gin'}:{result.winner}"
    elif result.how in ("knock", "undercut", "tie"):
        ended, dead[s.knocker] = f"knock:{s.knocker}", s.knock_deadwood
    else:
        ended = None
    return {"round": s.round_no, "table": s.table_no, "ended": ended, "dead": dead}


def rounds_of(s: GinRummy, tables: list[Entry]) -> list[Entry]:
    """The tables' hands gathered into a round's entry each."""
    rounds: list[Entry] = []
    for t in tables:
        if t["table"] == 0:
            rounds.append({"deadwood": [0] * s.num_players})
        rounds[-1][f"end_{t['table'] + 1}"] = t["ended"]
        for p, d in t["dead"].items():
            rounds[-1]["deadwood"][p] = d
    return rounds


def play_gin(players: int, seed: int, preset: str | None,
             options: dict[str, Any]) -> tuple[GinRummy, list[Entry]]:
    """A seeded match between bots, and its rounds as entries."""
    with recording(GinRummy, "_hand_over", table_hand) as tables:
        s = gamenight.new("gin-rummy", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, "heuristic", seed)
    assert isinstance(s, GinRummy)
    return s, rounds_of(s, tables)


def test_a_pad_filled_from_a_played_match_gives_the_engines_sheet() -> None:
    matches: tuple[tuple[int, int, str | None, dict[str, Any]], ...] = (
        (2, 1, "standard", {"target": 60}),  # one game: box and game bonuses after the last round
        (4, 1, None, {"target": 60}))  # Hollywood at two tables: Gins circled, games closed one by one
    for players, seed, preset, options in matches:
        s, rounds = play_gin(players, seed, preset, options)
        hollywood = s.options.scoring == "hollywood"
        check_pad_matches(s, rounds, preset=preset, options=options,
                          side=(lambda w: 4 * (w % 2) + 3) if hollywood else (lambda w: w % 2))


def test_impossible_hands_are_refused_and_a_correction_recomputes_the_bonuses() -> None:
    pad = Pad.create("gin-rummy", ["Ann", "Bob"], preset="standard", options={"target": 30})
    first: Entry = {"end_1": "knock:0", "deadwood": [5, 13]}
    assert refused(pad, first | {"deadwood": [12, 13]}) == \
        "Round 1: Ann knocked with 12: a knock takes 1 to 10 deadwood (with none it is a Gin)."
    assert refused(pad, {"end_1": "gin:1", "deadwood": [5, 3]}) == \
        "Round 1: Bob went Gin, so every card of his was melded: no deadwood."
    assert pad.add(first).sheet.rows[0].note == "Ann knocked with 5, Bob has 13: Ann scores 8."
    done = pad.add({"end_1": "gin:1", "deadwood": [10, 0]})  # 10 and the Gin's 25: Bob reaches 30
    assert [(r.label, r.points) for r in done.sheet.rows] == [
        ("Round 1", [8, 0]), ("Round 2", [0, 35]), ("Box bonus", [25, 25]), ("Game bonus", [0, 100])]
    assert done.over is not None and done.over["text"] == "Bob wins. Bob reached 30. Ann 33, Bob 160."
    assert done.hand_rows == [0, 1] and done.extras[2]["added"]
    # Bob had 4, not 13: he undercut Ann (the difference and 25), and won both boxes
    sheet = pad.replace(0, first | {"deadwood": [5, 4]}).sheet
    assert sheet.rows[0].points == [0, 26] and sheet.rows[2].details == ["0 won", "2 won"]
    assert sheet.totals == [0, 211]

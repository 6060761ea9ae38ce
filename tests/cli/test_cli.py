"""The command line, driven through Typer's CliRunner: list, rules, sim, play, replay.

Whist with 10s is the game played here (it is fully deterministic under a seed and has a
heuristic bot); a copy of it registered under another id with a preset stands in for a game
with presets, so these tests do not depend on which other games have landed.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import gamenight
from gamenight import arena, cli
from gamenight.cli import app, display_order, moves_with_cards, number_verb, render_view
from gamenight.cli.setup import parse_option_pairs
from gamenight.core import registry
from gamenight.core.options import Preset

runner = CliRunner()
GAME = "whist-with-10s"
#: a full match of Whist with 10s: 6 deals of 13 tricks, 13 cards a deal for each player
HUMAN_MOVES = 6 * 13


@pytest.fixture
def preset_game(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Whist with 10s again, under another id and with a preset (removed after the test)."""
    spec = dataclasses.replace(
        registry.get(GAME), id="whist-presets", title="Whist with presets",
        presets={"upside": Preset("upside", "Low no-trump with the two high.",
                                  {"low_nt_ranking": "reversed"})},
    )
    monkeypatch.setitem(registry._REGISTRY, spec.id, spec)
    yield spec.id


def run(*args: str, input: str | None = None, columns: int | None = None) -> tuple[int, str]:
    env = {"COLUMNS": str(columns)} if columns is not None else None
    result = runner.invoke(app, list(args), input=input, env=env)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


# ---- list and rules -------------------------------------------------------------------


def test_list_shows_every_registered_game() -> None:
    code, out = run("list", columns=200)
    assert code == 0
    for spec in registry.games():
        assert spec.id in out
    assert "Whist with 10s" in out and "trick-taking" in out


def test_list_wraps_rather_than_cuts_in_a_narrow_terminal() -> None:
    code, out = run("list", columns=80)
    assert code == 0
    assert "…" not in out
    for spec in registry.games():
        assert spec.id in out  # ids stay whole, to be copied


def test_list_names_the_presets(preset_game: str) -> None:
    code, out = run("list", columns=200)
    assert code == 0
    line = next(line for line in out.splitlines() if preset_game in line)
    assert "upside" in line


def test_rules_show_summary_rules_text_and_options() -> None:
    code, out = run("rules", GAME)
    assert code == 0
    assert "Partnership whist over six deals" in out  # summary
    assert "Low no-trump keeps the normal ranking" in out  # the docstring's house decisions, in words
    assert "G-W10-2" not in out  # without the gap id the docstring cites them by
    assert "low_nt_ranking = normal" in out  # option with its default
    assert "normal | reversed" in out  # and its choices
    assert "This game has no presets." in out


def test_rules_with_a_preset_mark_its_values(preset_game: str) -> None:
    code, out = run("rules", preset_game, "--preset", "upside")
    assert code == 0
    assert "low_nt_ranking = reversed" in out
    assert "(preset upside; default normal)" in out
    assert "Low no-trump with the two high." in out


def test_rules_without_a_preset_list_the_presets(preset_game: str) -> None:
    code, out = run("rules", preset_game)
    assert code == 0
    assert "low_nt_ranking = normal" in out
    assert "upside" in out and "sets low_nt_ranking=reversed" in out


@pytest.mark.parametrize(("args", "message"), [
    (("rules", "no-such-game"), "No game 'no-such-game'"),
    (("rules", GAME, "--preset", "nope"), "Unknown preset 'nope'"),
    (("play", "no-such-game"), "No game 'no-such-game'"),
    (("sim", GAME, "--games", "1", "--option", "low_nt_ranking=sideways"), "low_nt_ranking"),
    (("sim", GAME, "--games", "1", "--option", "colour=blue"), "Unknown option 'colour'"),
    (("sim", GAME, "--games", "1", "--option", "oops"), "NAME=VALUE"),
    (("sim", GAME, "--games", "1", "--option", "low_nt_ranking=@/no/such/file"),
     "Could not read '/no/such/file'"),
    (("sim", GAME, "--games", "1", "--players", "3"), "4 players, not 3"),
    (("sim", GAME, "--games", "1", "--bots", "genius"), "Unknown bot 'genius'"),
    (("sim", GAME, "--games", "1", "--bots", "random,random"), "2 bots for 4 seats"),
    (("play", GAME, "--seat", "5"), "no seat 5"),
    (("play", GAME, "--seat", "0"), "no seat 0"),
])
def test_bad_command_lines_exit_2_with_one_line(args: tuple[str, ...], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out
    assert "Traceback" not in out
    assert len([line for line in out.splitlines() if line.strip()]) <= 2


def test_an_option_value_may_come_from_a_file(tmp_path: Path) -> None:
    rule = tmp_path / "ranking.txt"
    rule.write_text("reversed\n", encoding="utf-8")
    assert parse_option_pairs([f"low_nt_ranking=@{rule}"]) == {"low_nt_ranking": "reversed"}
    code, out = run("sim", GAME, "--games", "1", "--option", f"low_nt_ranking=@{rule}")
    assert code == 0, out


# ---- sim --------------------------------------------------------------------------------


def summary_rows(out: str) -> list[str]:
    """The summary table's seat rows (they carry everything but the timings)."""
    return [line.strip() for line in out.splitlines() if re.match(r"^\s*\d (North|East|South|West)\b", line)]


def test_sim_plays_the_matches_and_summarises_them() -> None:
    code, out = run("sim", GAME, "--games", "3", "--seed", "7")
    assert code == 0
    assert "3 matches, seeds 7–9" in out
    rows = summary_rows(out)
    assert len(rows) == 4
    wins = [int(r.split()[3]) for r in rows]
    # partners share every result; someone wins each match
    assert wins[0] == wins[2] and wins[1] == wins[3] and wins[0] + wins[1] >= 3
    assert "Moves: 936 in all" in out  # 312 moves in each match


def test_sim_stops_a_match_past_the_move_bound_with_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena, "MATCH_MOVE_BOUND", 100)  # a match here takes 312 moves: counted as looping
    code, out = run("sim", GAME, "--games", "2", "--seed", "7", "--workers", "1")
    assert code == 2
    assert "did not end in 100 moves" in out and "Traceback" not in out


def test_sim_reproduces_with_the_same_seed_and_varies_with_another() -> None:
    first = summary_rows(run("sim", GAME, "--games", "3", "--seed", "11")[1])
    again = summary_rows(run("sim", GAME, "--games", "3", "--seed", "11")[1])
    other = summary_rows(run("sim", GAME, "--games", "3", "--seed", "12")[1])
    assert first == again
    assert first != other


def test_a_game_without_a_heuristic_bot_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli.setup, "heuristic_games", lambda: [])
    code, out = run("sim", GAME, "--games", "1")
    assert code == 0
    assert "There is no heuristic bot for whist-with-10s yet: random bots play instead." in out
    assert [r.split()[2] for r in summary_rows(out)] == ["random"] * 4


def test_sim_takes_a_bot_per_seat() -> None:
    code, out = run("sim", GAME, "--games", "2", "--bots", "heuristic,random,heuristic,random")
    assert code == 0
    kinds = [r.split()[2] for r in summary_rows(out)]
    assert kinds == ["heuristic", "random", "heuristic", "random"]


# ---- play and replay -----------------------------------------------------------------


def test_play_a_full_match_save_it_and_replay_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # three refusals first (a move of another phase, a number off the list, an unreadable card),
    # then always the first legal move
    answers = ["bid 3", "99", "play ZZ", *["1"] * HUMAN_MOVES]
    code, out = run("play", GAME, "--seed", "1", "--seat", "3", "--save", str(save),
                    input="\n".join(answers) + "\n")
    assert code == 0, out
    # each refusal is the engine's own sentence, and the game goes on from the same prompt
    assert "It is time to play a card, for example 'play QS'." in out
    assert "There is no move 99" in out
    assert "Play exactly one card, for example 'play QS'." in out
    assert out.count("Score sheet") >= 5  # after deals 1 to 5; the sixth is the final sheet
    assert "Final score sheet" in out
    assert "You win!" in out or "You lose." in out

    log = json.loads(save.read_text())
    state = gamenight.replay(log)
    assert state.is_over
    human_moves = [text for seat, text in log["moves"] if seat == 2]
    assert len(human_moves) == HUMAN_MOVES
    # answering 1 played the first move as listed on screen
    assert [human_moves[0]] == first_listed_move(log)

    outcome = state.outcome
    assert outcome is not None
    totals = state.score_sheet.totals
    code, replayed = run("replay", str(save))
    assert code == 0
    assert f"Total {totals[0]} {totals[1]}" in " ".join(replayed.split())
    assert "Result:" in replayed
    assert f"Final scores: North {outcome.scores[0]}" in replayed


def first_listed_move(log: dict[str, object]) -> list[str]:
    """Replay the log to the human's first turn and list that turn's moves in screen order."""
    state = gamenight.replay({**log, "moves": []})
    moves = log["moves"]
    assert isinstance(moves, list)
    for seat, text in moves:
        if seat == 2:
            view = state.view(2)
            return display_order(view["legal_moves"], view["hand"])[:1]
        state.play(text, seat)
    raise AssertionError("the human never moved")


def test_play_accepts_a_bare_card_and_refuses_one_not_held() -> None:
    state = gamenight.new(GAME, seed=1)
    while state.to_move != 0:
        state.play(state.legal_moves()[0])
    # North's hand at seed 1 (the bots' moves before North's turn never change it)
    hand = state.view(0)["hand"]
    missing = next(code for code in ("AS", "KS", "QS", "JS", "2C", "3C") if code not in hand)
    code, out = run("play", GAME, "--seed", "1", "--seat", "1", input=f"{missing}\n")
    assert code == 0
    assert "You do not hold the" in out


def test_end_of_input_leaves_cleanly_and_saves_when_asked(tmp_path: Path) -> None:
    save = tmp_path / "partial.json"
    code, out = run("play", GAME, "--seed", "2", "--save", str(save), input="1\n1\n")
    assert code == 0
    assert "Traceback" not in out
    assert "Left the table" in out
    log = json.loads(save.read_text())
    assert len([m for m in log["moves"] if m[0] == 0]) == 2
    code, replayed = run("replay", str(save))
    assert code == 0
    assert "not finished" in replayed


def test_quit_offers_to_save(tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    code, out = run("play", GAME, "--seed", "3", input=f"1\nq\n{save}\n")
    assert code == 0
    assert "Save this game?" in out
    assert json.loads(save.read_text())["game"] == GAME


def test_a_saved_unfinished_game_resumes_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "resume.json"
    run("play", GAME, "--seed", "4", "--save", str(save), input="1\n1\n1\nq\n")
    before = json.loads(save.read_text())["moves"]
    code, out = run("play", GAME, "--resume", str(save), "--save", str(save),
                    input="\n".join(["1"] * HUMAN_MOVES) + "\n")
    assert code == 0, out
    assert "Result:" in out
    after = json.loads(save.read_text())
    assert after["moves"][: len(before)] == before
    assert gamenight.replay(after).is_over
    code, out = run("play", GAME, "--resume", str(save))
    assert code == 2 and "is over" in out
    code, out = run("play", GAME, "--resume", str(save), "--seed", "3")
    assert code == 2 and "--resume takes the rules" in out


def test_replay_step_prints_the_moves(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    state = gamenight.new(GAME, seed=5)
    for _ in range(20):
        state.play(state.legal_moves()[0])
    save.write_text(json.dumps(state.log))
    code, out = run("replay", str(save), "--step")
    assert code == 0
    plays = [line for line in out.splitlines() if " plays " in line]
    assert len(plays) == 20


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "not JSON"),
    ('{"game": "whist-with-10s"}', "not a saved game"),
    ('{"game": "nope", "players": 4, "seed": 1, "options": {}, "moves": []}', "No game 'nope'"),
    ('{"game": "whist-with-10s", "players": 4, "seed": 1, "options": {}, "moves": [[0, "play 2C"], '
     '[1, "play 2C"]]}', "does not replay"),
])
def test_replay_refuses_a_bad_file(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, out = run("replay", str(bad))
    assert code == 2
    assert message in out
    assert "Traceback" not in out


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    code, out = run("replay", str(tmp_path / "nothing.json"))
    assert code == 2
    assert "No file" in out


# ---- rendering ----------------------------------------------------------------------------


def test_render_view_shows_declared_fields_and_per_seat_lists() -> None:
    """A new game's declared fields display without CLI changes: per-seat lists become seat-table
    columns, seats read as names, anything else as 'Label: value' (by the layout's fields)."""
    from rich.console import Console

    view = gamenight.new(GAME, seed=1).view(0)
    view.update(bids=[2, None, 3, 1], declarer_seat=3, kitty=["QS", "TH"], mood="cheerful")
    view["layout"]["fields"] += [
        {"key": "bids", "label": "Bids", "kind": "number", "per_seat": True},
        {"key": "declarer_seat", "label": "Declarer seat", "kind": "seat", "per_seat": False},
        {"key": "kitty", "label": "Kitty", "kind": "pieces", "per_seat": False, "piece": "card"},
        {"key": "mood", "label": "Mood", "kind": "text", "per_seat": False},
    ]
    console = Console(width=100, record=True)
    console.print(render_view(view))
    text = console.export_text()
    assert "Bids" in text  # a column of the seat table
    assert "Declarer seat: West" in text
    assert "Kitty: Q♠   10♥" in text  # cards, a wider gap between suits
    assert "Mood: cheerful" in text
    assert "Your hand:" in text and "Deal 1 of 6" in text


def test_moves_are_listed_in_hand_order_and_cards_alone_find_their_move() -> None:
    legal = ["play 8D", "play 4D", "play 3D", "play 5D"]
    hand = ["JH", "8D", "5D", "4D", "3D"]
    assert display_order(legal, hand) == ["play 8D", "play 5D", "play 4D", "play 3D"]
    assert display_order(["pass", "discard 9C", "order"], ["9C"]) == ["pass", "order", "discard 9C"]
    assert moves_with_cards("5d", legal) == "play 5D"
    assert moves_with_cards("QS", legal) is None
    assert moves_with_cards("bid 3", legal) is None


def test_a_choice_of_numbers_is_typed_as_the_number() -> None:
    assert number_verb(["bid 0", "bid 1", "bid 2"]) == "bid"
    assert number_verb(["pass", "bid 1"]) is None
    assert number_verb(["play 8D", "play 5D"]) is None


# ---- a match's introduction: the rule set in play, in words ---------------------------------


def test_two_handed_gin_under_standard_is_introduced_as_itself() -> None:
    """No tournament banner, no teams, and only the options set beyond the preset, in words."""
    code, out = run("play", "gin-rummy", "--preset", "standard", "--seed", "3", "--option", "target=150",
                    input="q\n\n", columns=100)
    assert code == 0
    intro = " ".join(out.split("Type ? at the prompt")[0].split())
    assert "Gin Rummy: Standard two-handed gin" in intro
    assert "tournament" not in intro and "Teams:" not in intro and "Guys" not in intro
    assert "Rules: the standard rules, with (seed 3): Game target — 150" in intro
    assert "target=" not in intro and "hand_size" not in intro
    code, out = run("play", "gin-rummy", "--players", "4", "--seed", "3", input="q\n\n", columns=100)
    assert "Teams: Guys against Girls" in out and "Rules: the book's rules. Seed 3." in out


def test_a_changed_choice_is_introduced_by_its_sentence() -> None:
    code, out = run("play", "euchre", "--seed", "2", "--option", "loner_lead=left_of_maker",
                    input="q\n\n", columns=120)
    assert code == 0
    assert "Who leads against a loner — The player left of the lone player (North American rule)" in out
    assert "left_of_maker" not in out.split("Type ? at the prompt")[0]


def test_sim_against_the_house_counts_rounds_and_shows_no_win_table() -> None:
    """Every Red Dog player plays the house: no seat 'wins' against the others, and the speed is in
    rounds, the thing counted."""
    code, out = run("sim", "red-dog", "--rounds", "40")
    assert code == 0
    assert "rounds/s" in out and "games/s" not in out
    assert "Win %" not in out and "Mean result a match" in out

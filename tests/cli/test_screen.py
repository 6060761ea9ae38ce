"""A turn at the terminal fits the classic 80×24 and reads as a table, not as data (issue 10).

Every game, under every preset, at its usual and at its largest player count, is drawn at
several points of a seeded match between heuristic bots, as the seat to act sees it: the
table, the moves and the hint take at most 23 lines of at most 80 columns (the 24th is the
prompt), the hand and every move always whole. Menus break between items, never inside one;
melds read as cards; hints name a ten as it is typed (10C), and a typed 10C is read.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

import gamenight
from gamenight.cli.loops import moves_with_cards
from gamenight.cli.menu import display_order, menu_lines, prompt_hint, typed
from gamenight.cli.render import LEVELS, hand_pieces, own_hand, render_view
from gamenight.cli.screen import PROMPT_LINES, turn_screen
from gamenight.cli.setup import bot_move, bot_rng, build_bot
from gamenight.core.registry import GameSpec
from gamenight.core.state import State
from gamenight.equipment import cards as C

WIDTH, HEIGHT = 80, 24
#: the decisions drawn: every STRIDE-th, at most SHOTS of them (eight over the first ~420
#: decisions: the same stretch of a match as twelve every 41st, a third fewer screens drawn)
STRIDE, SHOTS = 61, 8
#: games whose matches between bots run to fewer than three strides: a shorter stride
SHORT_STRIDES = {"five-in-a-row": 13, "red-dog": 41}


def configs() -> list[tuple[str, str | None, int]]:
    out = []
    for spec in gamenight.games():
        for preset in [None, *spec.presets]:
            written = spec.presets[preset].players if preset else None
            allowed = written or spec.tested_players or spec.players
            counts = sorted({spec.default_players if spec.default_players in allowed else min(allowed),
                             max(allowed)})
            out += [(spec.id, preset, n) for n in counts]
    return out


def screen_text(view: dict[str, Any], width: int = WIDTH, height: int = HEIGHT) -> str:
    console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))  # noqa: SIM115
    moves = display_order(view["legal_moves"], hand_pieces(view))
    for part in turn_screen(view, moves, width, height):
        console.print(part)
    return console.export_text()


def shots(game: str, preset: str | None, players: int, seed: int = 7) -> list[dict[str, Any]]:
    """Views of the seat to act at several points of a seeded match between heuristic bots."""
    state = gamenight.new(game, seed=seed, preset=preset, players=players)
    bots = {s: (build_bot("heuristic", game), bot_rng(seed, s)) for s in range(players)}
    out: list[dict[str, Any]] = []
    step = 0
    while not state.is_over and len(out) < SHOTS:
        seat = min(state.to_act)
        if step % SHORT_STRIDES.get(game, STRIDE) == 0 and state.legal_moves(seat):
            out.append(state.view(seat))
        bot, rng = bots[seat]
        bot_move(state, seat, bot, rng)
        step += 1
    return out


#: what would show a record or a value as the program holds it
RAW = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\bNone\b|\bTrue\b|\bFalse\b|[{}\[\]]|\b(?:team|group)/\d")


@pytest.mark.parametrize(("game", "preset", "players"), configs())
def test_a_turn_fits_80_by_24_and_shows_no_raw_data(game: str, preset: str | None, players: int) -> None:
    views = shots(game, preset, players)
    assert len(views) >= 3, "the match is long enough to look at several points"
    for view in views:
        text = screen_text(view)
        lines = text.splitlines()
        assert len(lines) + PROMPT_LINES <= HEIGHT, f"{len(lines)} lines:\n{text}"
        assert max(map(len, lines)) <= WIDTH, text
        assert not RAW.findall(text), (RAW.findall(text), text)
        hand = own_hand(view)
        if hand and hand[1]:  # the hand always whole, under its own name ("Your tiles", "Your drawn card")
            assert f"{hand[0]}:" in text
        # every move numbered, or in a verb folded into one line with its numbers ('m' lists them)
        folded = [range(int(a), int(b) + 1) for a, b in re.findall(r"\((\d+)–(\d+)\): \d+ ways", text)]
        for number in range(1, len(view["legal_moves"]) + 1):
            assert re.search(rf"(?<!\d){number}\) ", text) or "Your move (" in text \
                or any(number in r for r in folded), (number, text)


def test_a_small_terminal_summarises_and_a_large_one_shows_everything() -> None:
    """Hand and Foot late in a round: in 24 lines the books are brief; in 60 every book is drawn."""
    views = shots("hand-and-foot", None, 4)
    view = views[-1]
    small, large = screen_text(view, height=24), screen_text(view, height=60)
    assert len(small.splitlines()) < len(large.splitlines())
    assert "✓" in large  # a closed book drawn with its cards
    assert render_view(view, LEVELS[-1]) is not None


def labelled(text: str) -> str:
    """A move's words as the screen shows them: cards by their labels (10♣, Joker)."""
    return " ".join(C.LABEL_OF[C.card(w)] if C.is_card_code(w) else w for w in text.split())


def test_menus_break_between_items_never_inside_one() -> None:
    moves = ["meld 5C 5D 5H", "meld KC KD JK", "meld TC TD TH"]
    moves += [f"add {n} {card}" for n in range(1, 8) for card in ("2D", "JK")]
    moves += [f"discard {card}" for card in ("3C", "5C", "TC", "JC", "KC", "2D", "5D", "6D", "TD", "QD")]
    for width in (40, 60, 80):
        lines = [line.plain for line in menu_lines(moves, width)]
        assert all(len(line) <= width for line in lines), lines
        for i, move in enumerate(moves, 1):  # each item whole on one line: its number, then its words
            verb, _, args = move.partition(" ")
            item = re.compile(rf"(?<!\d){i}\) (?:{verb} )?{re.escape(labelled(args))}(?!\S)")
            assert sum(1 for line in lines if item.search(line)) == 1, (width, move, lines)
        assert any(line.startswith("discard:") for line in lines)  # a long menu goes verb by verb
        assert any(line.startswith("meld:") for line in lines)


def test_a_menu_too_long_for_its_room_folds_its_biggest_verb_first() -> None:
    moves = ["done", *(f"meld {a} {b} JK set" for a in ("3C", "3D", "3H") for b in ("4C", "4D", "4H"))]
    moves += [f"layoff {n} JK" for n in (1, 2)]
    whole = [line.plain for line in menu_lines(moves, 40)]
    assert len(whole) > 4 and not any("ways" in line for line in whole)
    folded = [line.plain for line in menu_lines(moves, 40, most=4)]
    assert len(folded) <= 4 and max(map(len, folded)) <= 40, folded
    assert "meld (2–10): 9 ways ('m' lists them)" in folded  # the example would not fit
    wide = [line.plain for line in menu_lines(moves, 80, most=3)]
    assert "meld (2–10): 9 ways, as 'meld 3C 4C JK set' ('m' lists them)" in wide
    assert "layoff: 11) 1 Joker   12) 2 Joker" in folded  # the small verb keeps its items
    assert [t.plain for t in menu_lines(moves, 40, most=len(whole))] == whole


def test_a_short_menu_lists_whole_moves() -> None:
    lines = [line.plain for line in menu_lines(["pass", "pickup", "pickup alone"], 80)]
    assert lines == ["Your move:", "1) pass   2) pickup   3) pickup alone"]


def test_hints_name_a_ten_as_the_hand_shows_it_and_a_typed_10c_is_read() -> None:
    hint = prompt_hint(["discard TC", "discard 4H"]).plain
    assert "'10C'" in hint and "'discard 10C'" in hint and "TC" not in hint
    assert typed("TC") == "10C" and typed("QS") == "QS"
    state = gin_with_a_ten()
    ten = next(m for m in state.legal_moves() if m.verb == "discard" and C.RANK_OF[m.cards[0]] == C.TEN)
    code = C.CODE_OF[ten.cards[0]]
    assert moves_with_cards(typed(code), [str(m) for m in state.legal_moves()]) == str(ten)
    state.play(f"discard {typed(code)}")
    assert state.moves[-1][1] == ten


def gin_with_a_ten() -> State:
    """Gin's first turn (the opener discards) for a seat holding a ten."""
    for seed in range(1, 50):
        state = gamenight.new("gin-rummy", seed=seed)
        if any(m.verb == "discard" and C.RANK_OF[m.cards[0]] == C.TEN for m in state.legal_moves()):
            return state
    raise AssertionError("no seed deals a ten to the opener")


def test_gin_melds_read_as_cards_and_kinds_not_as_records() -> None:
    state = gamenight.new("gin-rummy", seed=1)
    bots = {s: (build_bot("heuristic", "gin-rummy"), bot_rng(1, s)) for s in range(2)}
    while not state.is_over and state.phase() != "layoff":
        seat = min(state.to_act)
        bot_move(state, seat, *bots[seat])
    view = state.view(min(state.to_act))
    text = screen_text(view)
    assert re.search(r"Meld 1 \((run|set)\): [0-9AJQK]", text), text
    for raw in ("owner", "number 1", "describe", "text ", "kind "):
        assert raw not in text, (raw, text)


@pytest.mark.parametrize(("players", "shown"), [(2, False), (4, True)])
def test_gin_shows_the_tournament_only_with_several_tables(players: int, shown: bool) -> None:
    preset = "standard" if players == 2 else None
    view = gamenight.new("gin-rummy", seed=2, players=players, preset=preset).view(0)
    keys = {f["key"] for f in view["layout"]["fields"]}
    assert ({"tables", "dealing_team", "table_of"} <= keys) is shown
    assert not ({"tables", "dealing_team", "table_of"} & keys) or shown
    text = screen_text(view)
    assert ("Dealing team" in text or "Tables" in text or "Table 1 of" in text) is shown, text


def test_every_registered_game_is_covered() -> None:
    games: set[str] = {game for game, _, _ in configs()}
    assert games == {spec.id for spec in gamenight.games()}
    assert all(isinstance(spec, GameSpec) for spec in gamenight.games())


def test_a_headline_too_long_for_the_width_gives_the_phase_a_line_of_its_own() -> None:
    view = gamenight.new("the-card-game", seed=1, options={"going_out_score": "vote"}).view(0)
    label = view["phase_label"]
    for width in (60, 80):
        text = screen_text(view, width=width)
        assert label in text, text  # whole, never cut by the border
        assert all(len(line) <= width for line in text.splitlines())


def test_a_card_with_many_moves_folds_alone_and_the_other_moves_stay_listed() -> None:
    """5 in a Row with a two-eyed jack: its 40 spaces fold into one line, the other cards' plays
    and the other verbs stay on the menu (issue 27: "play (1–104): 104 ways" hid them)."""
    moves = ["play 2H 4,1", "play 2H 7,0", *(f"play JC {r},{c}" for r in range(4) for c in range(10)),
             "remove JH 3,3", "remove JH 5,1"]
    lines = [line.plain for line in menu_lines(moves, 80, most=4)]
    assert len(lines) <= 4, lines
    assert "play: 1) 2♥ 5,2   2) 2♥ 8,1" in lines  # spaces as people count them, from 1
    assert "play J♣ (3–42): 40 ways, as 'play JC 1,1' ('m' lists them)" in lines
    assert "remove: 43) J♥ 4,4   44) J♥ 6,2" in lines

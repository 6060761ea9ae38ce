"""Move notation: typed move arguments from every kind of equipment, and the text that
round-trips them (cards, domino tiles, dice, board spaces), with the core knowing none of it."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
import sys
from pathlib import Path

import pytest

import gamenight
from gamenight.core.moves import Move, parse_move
from gamenight.core.notation import NUMBER, WORD, Arg, kinds
from gamenight.equipment import boards as B
from gamenight.equipment import cards as C
from gamenight.equipment import dice as D
from gamenight.equipment import dominoes as DOM
from gamenight.equipment.boards import HOLE, SPACE
from gamenight.equipment.cards import CARD, SUIT
from gamenight.equipment.dice import FACE
from gamenight.equipment.dominoes import TILE
from gamenight.games import oklahoma_melds  # noqa: F401  (registers the named wild card kind, JK=9H)

SRC = Path(gamenight.__file__).resolve().parent

# ---- dominoes ------------------------------------------------------------------------

def test_domino_tile_move_prints_high_end_first_and_its_reverse_is_the_same_tile() -> None:
    t = DOM.tile(12, 7)
    assert DOM.tile(7, 12) == t and DOM.ends(t) == (12, 7) and DOM.PIPS[t] == 19
    m = Move("play", TILE(t))
    assert str(m) == "play 12-7" and m.cards == m.pieces == (t,) and m.card == t
    assert parse_move("play 12-7") is m
    assert parse_move("play 7-12") is m  # the reverse names the same tile
    assert parse_move(str(m)) is m


def test_domino_sets_are_data() -> None:
    assert len(DOM.DOUBLE_SIX) == 28 and len(DOM.DOUBLE_NINE) == 55 and len(DOM.DOUBLE_TWELVE) == 91
    six = list(DOM.DOUBLE_SIX.tiles)
    assert sorted({DOM.ends(t) for t in six}) == sorted((a, b) for a in range(7) for b in range(a + 1))
    assert [t for t in six if DOM.IS_DOUBLE[t]] == list(DOM.DOUBLE_SIX.doubles)
    assert DOM.pip_count(six) == 168  # every end 0..6 appears eight times
    assert DOM.other_end(DOM.tile(9, 4), 4) == 9 and DOM.other_end(DOM.tile(5, 5), 5) == 5
    assert DOM.has_end(DOM.tile(3, 0), 0) and not DOM.has_end(DOM.tile(3, 0), 1)
    with pytest.raises(ValueError, match="no 2 end"):
        DOM.other_end(DOM.tile(3, 0), 2)
    assert DOM.tiles("0-0 12-12") == [0, DOM.DOUBLE[12]]
    rng = random.Random(5)
    assert sorted(DOM.DOUBLE_NINE.shuffled(rng)) == list(DOM.DOUBLE_NINE.tiles)
    for t in range(len(DOM.CODE_OF)):
        assert DOM.tile_of(DOM.CODE_OF[t]) == t


# ---- dice ----------------------------------------------------------------------------

def test_keep_dice_move_prints_and_parses_with_three_numbers() -> None:
    keep = Move("keep", FACE(1), FACE(5), FACE(5))
    assert str(keep) == "keep 1 5 5"
    assert keep.numbers == (1, 5, 5) and keep.number == 1 and keep.cards == ()
    assert parse_move("keep 1 5 5") is keep  # digits read as numbers; the game's move comes back
    assert parse_move("  KEEP   1 5 5 ") is keep


def test_dice_roll_move_uses_the_games_rng() -> None:
    faces = D.roll(random.Random(7), 3)
    assert faces == D.roll(random.Random(7), 3) and len(faces) == 3 and set(faces) <= set(D.FACES)
    rolled = Move("roll", *map(FACE, sorted(faces)))
    assert str(rolled) == "roll " + " ".join(map(str, sorted(faces)))
    assert parse_move(str(rolled)) is rolled
    shown = Move("roll", FACE(3), FACE(5), FACE(6))
    assert str(shown) == "roll 3 5 6" and parse_move("roll 3 5 6") is shown
    many = D.roll(random.Random(1), 600)
    assert set(many) == set(D.FACES)
    assert D.counts([1, 5, 5])[5] == 2 and sum(D.counts(many)) == 600


# ---- boards --------------------------------------------------------------------------

def test_board_space_move() -> None:
    sq = B.square(4, 2)
    place = Move("place", CARD(C.card("3C")), SPACE(sq))
    assert str(place) == "place 3C 4,2"
    assert place.spaces == (sq,) and place.cards == (C.card("3C"),)
    assert parse_move("place 3C 4,2") is place and parse_move("place 3c 04,2") is place
    assert (B.row(sq), B.col(sq)) == (4, 2)
    board = B.FIVE_IN_A_ROW
    assert len(board.squares) == 100 and board.contains(sq) and not board.contains(B.square(4, 10))
    assert len(board.corners) == 4
    # every line of five: 6 per row and per column, 36 per diagonal direction
    assert len(board.lines(5)) == 10 * 6 * 2 + 6 * 6 * 2


def test_track_board_holes() -> None:
    jw = B.JOKERS_WILD
    assert jw.loop == 72 and jw.seats == 4 and jw.size == 72 + 4 * 10
    assert jw.entry == (8, 26, 44, 62) and jw.exit == (3, 21, 39, 57)
    assert all(jw.owner[h] == 2 for h in (*jw.start[2], *jw.finish[2]))
    assert jw.ahead(70, 5) == 3 and jw.ahead(2, -8) == 66
    move = Move("move", HOLE(30), HOLE(jw.finish[0][4]))
    assert str(move) == f"move 30 {jw.finish[0][4]}" and move.spaces == (30, jw.finish[0][4])
    assert parse_move(str(move)) is move


# ---- cards ---------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["play QS", "call H alone", "pass", "bid 3", "meld H 5 JK JK 2C run",
                                  "layoff 1 TH low", "discard JK"])
def test_card_moves_round_trip_text(text: str) -> None:
    m = parse_move(text)
    assert str(m) == text
    built = Move(m.verb, *m.args)
    assert str(built) == text and parse_move(text) is built


def test_card_move_attributes_and_aliases() -> None:
    m = Move("call", SUIT(C.HEARTS), WORD("alone"))
    assert (m.suit, m.flag, m.cards, m.number) == (C.HEARTS, "alone", (), None)
    assert parse_move("call hearts alone") is m and parse_move("call h ALONE") is m
    ten = Move("play", CARD(C.card("TH")))
    assert parse_move("play 10h") is ten and str(ten) == "play TH"
    queen = Move("play", C.CARD_ARG[C.card("QS")])  # a move some game built (text of no live move
    assert parse_move("play QS") is queen             # parses to a throwaway: see parse_move)
    # the card games' helper: suit, number, cards, flag, in the order their texts have always had
    lay = C.card_move("layoff", (C.card("QS"),), 1, None, "low")
    assert lay is Move("layoff", NUMBER(1), CARD(C.card("QS")), WORD("low")) and str(lay) == "layoff 1 QS low"
    wild = C.card_move("meld", tuple(C.cards("JK JK 2C")), 5, C.HEARTS, "run")
    assert str(wild) == "meld H 5 JK JK 2C run" and parse_move(str(wild)) is wild
    assert parse_move("meld run H 5 JK JK 2C") is wild  # words out of order still find the move


# ---- parse errors --------------------------------------------------------------------

@pytest.mark.parametrize("text", ["²", "bid ²", "bid ٣", "--5", "bid --5", "", "   ", "play Q?", "play 12-",
                                  "play 1,", "#!", "bid 5 ☃", "play 12-7-3", "1 2 3"])
def test_unreadable_text_is_an_illegal_move_with_a_sentence(text: str) -> None:
    with pytest.raises(gamenight.IllegalMove) as e:
        parse_move(text)
    sentence = str(e.value)
    assert sentence[:1].isupper() or sentence[:1] == "'"
    assert sentence.endswith(".")


def test_unreadable_word_names_what_a_word_may_be() -> None:
    with pytest.raises(gamenight.IllegalMove,
                       match=r"'²' in 'bid ²' is not a card, named wild card, suit, number, tile"):
        parse_move("bid ²")


def test_numbers_are_ascii_digits_with_an_optional_minus() -> None:
    assert NUMBER.parse("-20") == -20 and NUMBER.parse("007") == 7
    for word in ["²", "٣", "--5", "-", "+5", "5-", "1_000", " 5"]:
        assert NUMBER.parse(word) is None, word
    assert parse_move("bid -1").numbers == (-1,)


def test_two_numbers_in_one_move() -> None:
    m = Move("stake", NUMBER(2), NUMBER(40))
    assert str(m) == "stake 2 40" and (m.number, m.numbers) == (2, (2, 40))
    assert parse_move("stake 2 40") is m
    assert parse_move("stake 40 2") is not m and parse_move("stake 40 2").numbers == (40, 2)


# ---- interning -----------------------------------------------------------------------

def test_interning_identity_copy_and_pickle() -> None:
    m = Move("meld", NUMBER(7), CARD(C.JOKER), CARD(C.JOKER), CARD(C.card("2C")), WORD("set"))
    assert Move("meld", NUMBER(7), *map(CARD, (C.JOKER, C.JOKER, C.card("2C"))), WORD("set")) is m
    assert m == Move("meld", *m.args) and m != Move("meld", *m.args[:-1])
    assert copy.copy(m) is m and copy.deepcopy(m) is m
    assert pickle.loads(pickle.dumps(m)) is m
    assert NUMBER(7) is NUMBER(7) and isinstance(NUMBER(7), Arg) and NUMBER(7) != FACE(7)


def test_two_moves_never_share_a_text() -> None:
    Move("zzshared", NUMBER(4))
    with pytest.raises(ValueError, match="would both read 'zzshared 4'"):
        Move("zzshared", FACE(4))
    with pytest.raises(ValueError, match="would both read 'zzshared 4'"):
        Move("zzshared", HOLE(4))


def test_arguments_must_be_typed_and_print_back() -> None:
    with pytest.raises(TypeError, match="typed"):
        Move("play", (5,))  # type: ignore[arg-type]  # an untyped card, as moves were built before
    NUMBER(1)  # a cached 1 must not stand in for True
    for kind, bad in [(CARD, C.CARD_COUNT), (CARD, -1), (SUIT, 4), (C.COLOUR, 4), (WORD, "Alone"),
                      (WORD, "two words"), (NUMBER, True), (NUMBER, 2.0), (TILE, -1), (SPACE, -1), (FACE, 0)]:
        with pytest.raises(ValueError, match="is not a"):
            kind(bad)


def test_kinds_are_offered_a_word_in_a_fixed_order() -> None:
    order = [k.name for k in kinds()]
    assert order.index("card") < order.index("suit") < order.index("number") < order.index("face")
    assert order.index("number") < order.index("hole") and order[-1] == "word"
    assert {"tile", "space"} <= set(order)


# ---- layering ------------------------------------------------------------------------

def test_core_imports_no_equipment() -> None:
    # The package's own __init__ registers every game (and so loads equipment); load the
    # core on its own, as a package with no __init__ side effects, and see what it pulls in.
    code = (
        "import sys, types\n"
        f"pkg = types.ModuleType('gamenight'); pkg.__path__ = [{str(SRC)!r}]\n"
        "sys.modules['gamenight'] = pkg\n"
        "import gamenight.core, gamenight.core.moves, gamenight.core.notation\n"
        "m = gamenight.core.moves.parse_move('bid 3')\n"
        "assert str(m) == 'bid 3', m\n"
        "print(sorted(n for n in sys.modules if n.startswith('gamenight.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    loaded = eval(out)
    assert "gamenight.core.moves" in loaded
    assert not [n for n in loaded if n.startswith(("gamenight.equipment", "gamenight.games",
                                                   "gamenight.families"))], loaded


def test_core_sources_name_no_equipment() -> None:
    for path in sorted((SRC / "core").glob("*.py")):
        text = path.read_text()
        assert "gamenight.equipment" not in text and "from gamenight import equipment" not in text, path

"""The Python API's entry points refuse what is not theirs with a sentence (issue 11, items 4 and 7).

``new``, ``replay`` and a state's ``view``, ``legal_moves``, ``play`` and ``sample`` check what
they are given before anything happens: a seat is a whole number at the table (never ``-1``
counted from the end, ``'1'``, ``1.0`` or ``True``), a deck a list of codes the game can deal
(each stacked deal, up front), a log what ``State.log`` gives, a number in a move or an option
ASCII digits of bounded length. The errors are :class:`~gamenight.SeatError` (an
``IllegalMove`` and a ``ValueError``), :class:`~gamenight.DeckError` (an ``OptionError``),
:class:`~gamenight.LogError` (a ``ValueError``), ``OptionError`` and ``IllegalMove``, and the
state is untouched.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import gamenight
from gamenight.core.notation import MAX_DIGITS, NUMBER, WORD, read_arg
from gamenight.core.options import MAX_DIGITS as OPTION_DIGITS
from gamenight.core.state import State

GAMES = [spec.id for spec in gamenight.games()]
#: what a seat is not, at a four-player table: (the value, what the sentence says)
NOT_SEATS: list[tuple[object, str]] = [
    (-1, "no seat -1"), (4, "no seat 4"), ("1", "'1' is not a seat"), (1.0, "1.0 is not a seat"),
    (True, "True is not a seat"), (False, "False is not a seat"), ([1], r"\[1\] is not a seat"),
]


def started(game: str = "whist-with-10s", steps: int = 5, seed: int = 3) -> State:
    s = gamenight.new(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = min(s.to_act)
        s.play(rng.choice(s.legal_moves(seat)), seat)
    return s


def fingerprint(s: State) -> str:
    return json.dumps([s.log, s.card_zones(), [s.view(seat) for seat in (None, *range(s.num_players))]],
                      sort_keys=True)


# ---- seats --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seat", "why"), NOT_SEATS)
def test_view_legal_moves_and_sample_refuse_what_is_no_seat(seat: object, why: str) -> None:
    s = started()
    before = fingerprint(s)
    for call in (lambda: s.view(seat), lambda: s.legal_moves(seat),  # type: ignore[arg-type]
                 lambda: s.sample(seat, random.Random(1))):  # type: ignore[arg-type]
        with pytest.raises(gamenight.SeatError, match=why) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert str(e.value).endswith("seats are whole numbers from 0 to 3.")
    assert fingerprint(s) == before


def test_view_minus_one_is_not_the_last_seats_hand() -> None:
    s = started()
    with pytest.raises(ValueError, match="no seat -1"):
        s.view(-1)
    assert s.view(3)["hand"] and s.view(None).get("hand") is None


@pytest.mark.parametrize(("seat", "why"), NOT_SEATS)
def test_play_refuses_what_is_no_seat_even_the_seat_to_act_in_disguise(seat: object, why: str) -> None:
    s = started()
    to_act = min(s.to_act)
    move = s.legal_moves(to_act)[0]
    before = fingerprint(s)
    for disguised in (seat, float(to_act), str(to_act), to_act == 1):
        with pytest.raises(gamenight.IllegalMove):
            s.play(move, disguised)  # type: ignore[arg-type]
    with pytest.raises(gamenight.SeatError, match=why):
        s.play(move, seat)  # type: ignore[arg-type]
    assert fingerprint(s) == before
    s.play(move, to_act)  # the seat itself still plays
    assert s.log["moves"][-1] == [to_act, str(move)]


def test_true_is_not_seat_one_and_never_reaches_the_log() -> None:
    s = gamenight.new("hearts", seed=1, players=4)
    seat = min(s.to_act)
    while seat != 1:  # play on until seat 1 is to act alone
        s.play(s.legal_moves(seat)[0], seat)
        seat = min(s.to_act)
    with pytest.raises(gamenight.SeatError, match="True is not a seat"):
        s.play(s.legal_moves(1)[0], True)
    assert all(type(entry[0]) is int for entry in s.log["moves"])


def test_a_whole_number_of_another_int_type_is_the_seat() -> None:
    class SeatNo(int):
        pass

    s = started()
    to_act = min(s.to_act)
    assert s.legal_moves(SeatNo(to_act)) == s.legal_moves(to_act)
    assert s.view(SeatNo(to_act))["seat"] == to_act
    s.play(s.legal_moves(to_act)[0], SeatNo(to_act))
    assert type(s.log["moves"][-1][0]) is int


def test_sample_needs_a_random_generator() -> None:
    with pytest.raises(TypeError, match=r"random\.Random"):
        started().sample(0, 7)  # type: ignore[arg-type]


# ---- new() --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("kwargs", "error", "why"), [
    ({"players": "4"}, gamenight.OptionError, "not '4'"),
    ({"players": 4.0}, gamenight.OptionError, "not 4.0"),
    ({"players": True}, gamenight.OptionError, "not True"),
    ({"seed": "7"}, gamenight.OptionError, "The seed is a whole number"),
    ({"seed": 1.5}, gamenight.OptionError, "The seed is a whole number"),
    ({"seed": False}, gamenight.OptionError, "The seed is a whole number"),
    ({"options": ["target", 5]}, gamenight.OptionError, "Options are given by name"),
    ({"options": "target=5"}, gamenight.OptionError, "Options are given by name"),
    ({"options": {5: 1}}, gamenight.OptionError, "Unknown option 5"),
    ({"preset": ["x"]}, gamenight.OptionError, "Unknown preset"),
    ({"deck": "AS KS"}, gamenight.DeckError, "a list of codes"),
    ({"deck": ["AS", 7]}, gamenight.DeckError, "a list of codes"),
    ({"deck": 52}, gamenight.DeckError, "a list of codes"),
    ({"deck": ["AS", "XX"]}, gamenight.DeckError, "'XX' in the stacked deck is not a card"),
    ({"deck": ["AS", "AS"]}, gamenight.DeckError, r"names AS more often than .* holds it \(once\)"),
    ({"deck": ["JK"]}, gamenight.DeckError, r"holds it \(it has none\)"),
])
def test_new_refuses_bad_arguments_with_a_sentence(kwargs: dict[str, Any], error: type[Exception],
                                                   why: str) -> None:
    with pytest.raises(error, match=why) as e:
        gamenight.new("hearts", **kwargs)
    assert isinstance(e.value, ValueError)


def test_a_game_id_is_a_string() -> None:
    with pytest.raises(gamenight.UnknownGame, match="a string such as 'hearts'"):
        gamenight.new(["hearts"])  # type: ignore[arg-type]


def test_a_deck_error_is_an_option_error_and_a_value_error() -> None:
    assert issubclass(gamenight.DeckError, gamenight.OptionError)
    assert issubclass(gamenight.DeckError, ValueError)
    assert issubclass(gamenight.SeatError, gamenight.IllegalMove)
    assert issubclass(gamenight.SeatError, ValueError)
    assert issubclass(gamenight.LogError, ValueError) and issubclass(gamenight.LogError, gamenight.GameError)


def test_gins_later_stacked_deals_are_checked_when_the_game_starts() -> None:
    # the first deal is fine; the third names a card no deck has: refused now, not after two hands
    good = ["AS", "KS", "QS"]
    with pytest.raises(gamenight.DeckError, match="Stacked deal 3: 'ZZ' in the stacked deck is not a card"):
        gamenight.new("gin-rummy", deck=[*good, "/", *good, "/", "ZZ"], seed=1)
    with pytest.raises(gamenight.DeckError, match="Stacked deal 2: The stacked deck names AS more often"):
        gamenight.new("gin-rummy", deck=[*good, "/", "AS", "AS"], seed=1)
    s = gamenight.new("gin-rummy", deck=[*good, "/", *good], seed=1)
    assert s.log["deck"] == [*good, "/", *good]


def test_a_stacked_deck_is_kept_as_given_in_the_log() -> None:
    s = gamenight.new("hearts", deck=("AS", "KS"), seed=1)
    assert s.log["deck"] == ["AS", "KS"]
    assert gamenight.replay(json.loads(json.dumps(s.log))).log == s.log


# ---- replay() -----------------------------------------------------------------------------------

def a_log() -> dict[str, Any]:
    return json.loads(json.dumps(started("hearts", steps=6).log))  # type: ignore[no-any-return]


@pytest.mark.parametrize("key", ["game", "players", "seed", "options", "moves"])
def test_replay_names_a_missing_key(key: str) -> None:
    log = a_log()
    del log[key]
    with pytest.raises(gamenight.LogError, match=f"The log has no '{key}'"):
        gamenight.replay(log)


@pytest.mark.parametrize(("key", "value", "why"), [
    ("game", 5, "The log's 'game' is the game's id, not 5"),
    ("players", "4", "'players' is the number of players"),
    ("players", True, "'players' is the number of players"),
    ("seed", None, "'seed' is the seed"),
    ("options", [], "'options' is the options by name"),
    ("moves", "play 2C", "'moves' is the moves"),
    ("moves", [[0]], "Move 1 of the log is not a \\[seat, text\\] pair"),
    ("moves", [[0, 5]], "Move 1 of the log is not a \\[seat, text\\] pair"),
    ("format", 2, "format 2; this gamenight reads format 1"),
    ("preset", "nope", "rule set 'nope' Hearts does not have"),
    ("deck", 5, "The log's 'deck' is not 5"),
])
def test_replay_refuses_a_malformed_log(key: str, value: object, why: str) -> None:
    log = a_log()
    log[key] = value
    with pytest.raises(gamenight.LogError, match=why):
        gamenight.replay(log)


@pytest.mark.parametrize("log", [None, [], "log", 5])
def test_replay_refuses_what_is_no_log(log: object) -> None:
    with pytest.raises(gamenight.LogError, match=r"A log is the mapping State\.log gives"):
        gamenight.replay(log)  # type: ignore[arg-type]


def test_replay_names_a_move_by_a_seat_that_is_none() -> None:
    log = a_log()
    log["moves"][2][0] = -1
    with pytest.raises(gamenight.IllegalMove, match=r"Move 3 .* does not replay: There is no seat -1"):
        gamenight.replay(log)


# ---- numbers in moves ---------------------------------------------------------------------------

BAD_NUMBERS = ["²", "٥", "５", "--5", "+5", "5.0", "1e3", "9" * (MAX_DIGITS + 1), "9" * 5000,
               "-" + "9" * 5000]


def test_a_number_is_ascii_digits_of_bounded_length() -> None:
    assert NUMBER.parse("9" * MAX_DIGITS) == int("9" * MAX_DIGITS)
    assert NUMBER.parse("-" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS)
    for word in BAD_NUMBERS:
        assert NUMBER.parse(word) is None, word


def test_typed_words_and_numbers_are_not_kept() -> None:
    before = (len(NUMBER._args), len(WORD._args))
    for i in range(50):
        assert read_arg(str(987_654_000 + i)) is not None and read_arg(f"zz{'q' * i}") is not None
    assert (len(NUMBER._args), len(WORD._args)) == before


@pytest.mark.parametrize("game", GAMES)
def test_every_games_verbs_refuse_unreadable_numbers(game: str) -> None:
    s = started(game, steps=4)
    verbs = {m.verb for seat in range(s.num_players) for m in s.legal_moves(seat)} | {"bid", "add", "draw"}
    seat = min(s.to_act)
    legal = s.legal_moves(seat)
    card = next((str(m).split()[-1] for m in legal if m.cards), "KH")
    before = fingerprint(s)
    for verb in sorted(verbs):
        for bad in BAD_NUMBERS:
            for text in (f"{verb} {bad}", f"{verb} {bad} {card}"):
                with pytest.raises(gamenight.IllegalMove):
                    s.play(text, seat)
    assert fingerprint(s) == before


# ---- numbers in options -------------------------------------------------------------------------

BAD_OPTION_NUMBERS: list[object] = ["²", "٥", "--5", "+5", "5.0", "", "-", "9" * (OPTION_DIGITS + 1),
                                    "9" * 5000, 5.0, True, None, [5], {"n": 5}, 10 ** (OPTION_DIGITS + 1)]


@pytest.mark.parametrize("game", GAMES)
def test_every_int_option_refuses_what_is_no_whole_number(game: str) -> None:
    spec = gamenight.games()[GAMES.index(game)]
    for info in (o for o in spec.options if o.type == "int"):
        for bad in BAD_OPTION_NUMBERS:
            with pytest.raises(gamenight.OptionError, match=f"Option '{info.name}'") as e:
                gamenight.new(game, options={info.name: bad}, seed=1)
            assert len(str(e.value)) < 300, "a refusal never echoes a whole pasted value"
        if info.minimum is not None:
            with pytest.raises(gamenight.OptionError, match=f"at least {info.minimum}"):
                gamenight.new(game, options={info.name: info.minimum - 1}, seed=1)
        if info.maximum is not None:
            with pytest.raises(gamenight.OptionError, match=f"at most {info.maximum}"):
                gamenight.new(game, options={info.name: str(info.maximum + 1)}, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_every_bool_and_choice_option_refuses_other_values(game: str) -> None:
    spec = gamenight.games()[GAMES.index(game)]
    for info in spec.options:
        if info.type == "bool":
            bad: list[object] = [1, 0, "maybe", None, [], "²"]
        elif info.type == "str":
            bad = [5, None, True, [], "x" * 5000, *(c.upper() for c in info.choices or () if c != c.upper())]
        else:
            continue
        for value in bad:
            with pytest.raises(gamenight.OptionError, match=f"Option '{info.name}'"):
                gamenight.new(game, options={info.name: value}, seed=1)


def test_option_text_forms_still_read() -> None:
    text_forms = {"rounds": " 3 ", "max_hands": "-0", "wild_top": " ON "}
    s = gamenight.new("hand-and-foot", options=text_forms, seed=1)
    o = s.options
    assert (o.rounds, o.max_hands, o.wild_top) == (3, 0, True)  # type: ignore[attr-defined]


# ---- pieces of other equipment --------------------------------------------------------------------

#: a move word of another game's equipment, and the kind of piece it names
FOREIGN = (("12-7", "tile"), ("0-0 QS", "tile"), ("4,2", "space"))


@pytest.mark.parametrize("game", GAMES)
def test_a_domino_tile_or_a_board_space_in_another_game_is_refused(game: str) -> None:
    # '12-7' reads as a domino tile and '4,2' as a board square wherever they are typed; a card
    # rule reading a tile as a card ran off the end of the card tables (the fuzz suite found it).
    # A game's own kind of piece is not foreign to it (Mexican Train's tiles, 5 in a Row's spaces)
    s = started(game, steps=4)
    own = s.ARG_KINDS or frozenset({"card", "suit", "number", "word"})
    foreign = [words for words, kind in FOREIGN if kind not in own]
    seat = min(s.to_act)
    verbs = sorted({m.verb for m in s.legal_moves(seat)} | {"play", "pass", "discard", "meld"})
    before = fingerprint(s)
    for verb in verbs:
        for words in foreign:
            with pytest.raises(gamenight.IllegalMove, match=r"has no (tiles|spaces): its moves name "):
                s.play(f"{verb} {words}", seat)
    assert fingerprint(s) == before

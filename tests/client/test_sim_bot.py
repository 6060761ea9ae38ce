"""``gamenight sim GAME --bot module:Name``: a bot class of the user's own (here, one defined in this
module) plays the seats given by ``--seat``, built with the game's id; a path that does not import
or names no bot is refused in one sentence before any match."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamenight.bots.loader import BotLoadError, load_bot
from gamenight.cli import app
from gamenight.core.moves import Move

GAME = "whist-with-10s"
HERE = __name__
#: the game ids the bots below were built with, and how many moves each chose
BUILT: list[str] = []
CHOSEN: list[int] = []


class LastMoveBot:
    """Plays the last legal move; built with the game's id (its one argument)."""

    name = "last-move"

    def __init__(self, game_id: str) -> None:
        BUILT.append(game_id)

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        CHOSEN.append(view["seat"])
        return legal[-1]


class NoChoose:
    name = "silent"


NOT_A_BOT = 42


class FirstMoveBot:
    name = "first-move"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        CHOSEN.append(view["seat"])
        return legal[0]


def make_first_move_bot() -> FirstMoveBot:
    """A factory that takes no argument."""
    return FirstMoveBot()


def sim(*args: str) -> tuple[int, str]:
    # --workers 1: the bots above count what they do in this process's lists
    result = CliRunner().invoke(app, ["sim", GAME, "--games", "2", "--workers", "1", *args],
                                env={"COLUMNS": "160"})
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_your_bot_plays_the_seats_you_give_it() -> None:
    BUILT.clear()
    CHOSEN.clear()
    code, out = sim("--bot", f"{HERE}:LastMoveBot", "--seat", "2", "--seat", "4", "--bots", "random")
    assert code == 0, out
    assert BUILT == [GAME] * 5  # once checked before any match, then per seat it plays in each match
    assert CHOSEN and set(CHOSEN) == {1, 3}
    assert out.count(f"{HERE}:LastMoveBot") == 2 and "2 matches" in out


def test_a_factory_is_called_with_no_argument_and_the_first_seat_is_the_default() -> None:
    assert isinstance(load_bot(f"{HERE}:make_first_move_bot", GAME), FirstMoveBot)
    CHOSEN.clear()
    code, out = sim("--bot", f"{HERE}:make_first_move_bot")
    assert code == 0, out
    assert set(CHOSEN) == {0}  # (the engine's seat 0: "seat 1" to people)


def test_a_seat_past_the_table_is_refused_as_people_count_seats() -> None:
    code, out = sim("--bot", f"{HERE}:make_first_move_bot", "--seat", "5")
    assert code != 0 and "There is no seat 5: this table has seats 1 to 4." in out


@pytest.mark.parametrize(("path", "says"), [
    ("no_such_module_for_gamenight:Bot", "The bot 'no_such_module_for_gamenight:Bot' does not import: "),
    (f"{HERE}:Missing", f"The module '{HERE}' has no 'Missing'"),
    (f"{HERE}:NOT_A_BOT", "is not a bot class or a function that makes one (it is an int)."),
    (f"{HERE}:NoChoose", "made a NoChoose, which has no choose(view, legal, sampler, rng) method"),
    ("nocolon", "is not a bot path: write it as module:Name"),
])
def test_a_path_that_makes_no_bot_is_refused_in_one_sentence(path: str, says: str) -> None:
    with pytest.raises(BotLoadError) as caught:
        load_bot(path, GAME)
    assert says in str(caught.value)
    if ":" in path:
        code, out = sim("--bot", path)
        assert code != 0 and says in " ".join(out.split()) and "Traceback" not in out


def readme_bot() -> str:
    """The README's ``mybot.py``: the Python block that starts with that name."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.S)
    found: list[str] = [b for b in blocks if b.startswith("# mybot.py\n")]
    assert len(found) == 1
    return found[0]


def test_the_readme_bot_plays_from_the_current_directory(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mybot.py").write_text(readme_bot())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "mybot", raising=False)
    code, out = sim("--bot", "mybot:FirstChoice")
    assert code == 0, out
    assert "mybot:FirstChoice" in out and "2 matches" in out
    monkeypatch.delitem(sys.modules, "mybot")

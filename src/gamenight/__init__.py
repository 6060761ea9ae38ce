"""gamenight: the games of a family's rule books, playable, rule-enforced and scored.

    >>> import gamenight
    >>> s = gamenight.new("euchre", seed=1)
    >>> s.legal_moves()          # doctest: +SKIP
    >>> s.play("pass")           # doctest: +SKIP
"""

import sys
from types import ModuleType

# Games are imported when first asked for (core.registry), so `import gamenight` stays light. The
# equipment's move notation is small and registers now, so move text reads the same in a process
# that has loaded no game yet (a log replayed, a move typed before the game is built).
import gamenight.equipment  # noqa: F401 - registers the kinds of move argument
from gamenight.core import (
    DeckError,
    GameError,
    GameSpec,
    IllegalMove,
    LogError,
    Move,
    OptionError,
    Outcome,
    SeatError,
    State,
    UnknownGame,
    games,
    new,
    replay,
)

__all__ = [
    "DeckError", "GameError", "GameSpec", "IllegalMove", "LogError", "Move", "OptionError", "Outcome",
    "SeatError", "State", "UnknownGame", "games", "new", "replay",
]
__version__ = "0.1.0"


class _Package(ModuleType):
    """``gamenight.games`` is the protocol's function. Python binds a subpackage to its parent's
    attribute when it is first imported (here: ``gamenight.games``, the package of game modules,
    which a direct ``import gamenight.games.euchre`` loads), so that one binding is refused."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "games" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package

"""gamenight: the games of a family's rule books, playable, rule-enforced and scored.

    >>> import gamenight
    >>> s = gamenight.new("euchre", seed=1)
    >>> s.legal_moves()          # doctest: +SKIP
    >>> s.play("pass")           # doctest: +SKIP
"""

# Games are imported when first asked for (core.registry), so `import gamenight` stays light.
from gamenight.core import (
    GameError,
    GameSpec,
    IllegalMove,
    Move,
    OptionError,
    Outcome,
    State,
    UnknownGame,
    games,
    new,
    replay,
)

__all__ = [
    "GameError", "GameSpec", "IllegalMove", "Move", "OptionError", "Outcome", "State",
    "UnknownGame", "games", "new", "replay",
]
__version__ = "0.1.0"

"""The protocol every game speaks."""

from gamenight.core.errors import (
    DeckError,
    GameError,
    IllegalMove,
    LogError,
    OptionError,
    SeatError,
    UnknownGame,
)
from gamenight.core.events import Event
from gamenight.core.moves import Move, parse_move
from gamenight.core.options import OptionInfo, Options, Preset, option
from gamenight.core.registry import GameSpec, games, get, new, register, replay
from gamenight.core.scoring import Outcome, ScoreRow, ScoreSheet
from gamenight.core.state import State

__all__ = [
    "DeckError", "Event", "GameError", "GameSpec", "IllegalMove", "LogError", "Move", "OptionError",
    "OptionInfo", "Options", "Outcome", "Preset", "ScoreRow", "ScoreSheet", "SeatError", "State",
    "UnknownGame", "games", "get", "new", "option", "parse_move", "register", "replay",
]

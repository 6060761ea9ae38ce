"""The game registry and the module-level protocol: ``games()``, ``new()``, ``replay()``."""

from __future__ import annotations

import importlib
import pkgutil
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.errors import IllegalMove, OptionError, UnknownGame
from gamenight.core.options import OptionInfo, Options, Preset, build, describe
from gamenight.core.state import State


@dataclass(frozen=True)
class GameSpec:
    """A registered game: what the lobby, the CLI and the conformance suite know of it."""

    id: str
    title: str
    family: str
    players: tuple[int, ...]
    default_players: int
    options_cls: type[Options]
    state_cls: type[State]
    summary: str
    presets: Mapping[str, Preset] = field(default_factory=dict)
    teams: str = ""
    rules: str = ""
    options: tuple[OptionInfo, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(describe(self.options_cls)))
        if self.default_players not in self.players:
            raise ValueError(f"{self.id}: default player count not among the allowed ones")

    @property
    def deal_word(self) -> str:
        """The game's one word for a deal ("deal", "round"), as its headline, log and sheet use it."""
        return self.state_cls.DEAL_WORD

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id, "title": self.title, "family": self.family, "deal_word": self.deal_word,
            "players": list(self.players), "default_players": self.default_players,
            "summary": self.summary, "teams": self.teams,
            "presets": {p.name: {"description": p.description, "values": dict(p.values),
                                 "players": list(p.players) if p.players else None}
                        for p in self.presets.values()},
            "options": [o.to_json() for o in self.options],
        }


#: where game modules live; each registers its ``GameSpec`` when imported
GAMES_PACKAGE = "gamenight.games"
_REGISTRY: dict[str, GameSpec] = {}
_loaded = False


def register(spec: GameSpec) -> GameSpec:
    if spec.id in _REGISTRY:
        raise ValueError(f"game {spec.id!r} is registered twice")
    _REGISTRY[spec.id] = spec
    return spec


def _ensure_loaded() -> None:
    """Import every game module (for listings): each registers itself on import."""
    global _loaded
    if not _loaded:
        package = importlib.import_module(GAMES_PACKAGE)
        for module in pkgutil.iter_modules(package.__path__):
            importlib.import_module(f"{GAMES_PACKAGE}.{module.name}")
        _loaded = True


def _load_one(game_id: str) -> None:
    """Import the module of one game: a game's module is named after its id (``oh-hell`` is
    ``games/oh_hell.py``), so starting or replaying one game imports only that game."""
    name = game_id.replace("-", "_")
    if not name.isidentifier():
        return
    try:
        importlib.import_module(f"{GAMES_PACKAGE}.{name}")
    except ModuleNotFoundError as e:
        if e.name != f"{GAMES_PACKAGE}.{name}":
            raise


def games() -> list[GameSpec]:
    """Every registered game, in title order."""
    _ensure_loaded()
    return sorted(_REGISTRY.values(), key=lambda g: g.title.lower())


def get(game_id: str) -> GameSpec:
    spec = _REGISTRY.get(game_id)
    if spec is None and isinstance(game_id, str):
        _load_one(game_id)
        spec = _REGISTRY.get(game_id)
    if spec is None:
        _ensure_loaded()
        known = ", ".join(sorted(_REGISTRY))
        raise UnknownGame(f"No game {game_id!r}; the games are: {known}.")
    return spec


def new(
    game_id: str,
    *,
    players: int | None = None,
    seed: int | None = None,
    options: Mapping[str, object] | None = None,
    preset: str | None = None,
    deck: Sequence[str] | None = None,
) -> State:
    """Start a game. ``seed`` fixes every shuffle; ``deck`` stacks the first deal (card codes,
    top of the deck first; cards not named are shuffled below them). With a stacked deck the
    first dealer is seat 0, so the deal is fully determined by the deck."""
    spec = get(game_id)
    n = spec.default_players if players is None else players
    if n not in spec.players:
        allowed = ", ".join(map(str, spec.players))
        raise OptionError(f"{spec.title} is played by {allowed} players, not {n}.")
    opts = build(spec.options_cls, spec.presets, preset=preset, values=options, players=n)
    if seed is None:
        seed = secrets.randbits(63)
    return spec.state_cls(spec, opts, n, seed, deck, preset)


def replay(log: Mapping[str, Any]) -> State:
    """Rebuild a game from its ``log``, move for move. Raises ``IllegalMove`` naming the
    first move that does not replay."""
    state = new(log["game"], players=log["players"], seed=log["seed"], options=log["options"],
                deck=log.get("deck"))
    state.preset = log.get("preset")
    if log.get("names"):
        state.name_seats(log["names"])
    for i, (seat, text) in enumerate(log["moves"]):
        try:
            state.play(text, seat)
        except IllegalMove as e:
            raise IllegalMove(f"Move {i + 1} ({text!r} by seat {seat}) does not replay: {e}") from None
    return state

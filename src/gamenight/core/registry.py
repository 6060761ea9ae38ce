"""The game registry and the module-level protocol: ``games()``, ``new()``, ``replay()``."""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.errors import DeckError, IllegalMove, LogError, OptionError, UnknownGame
from gamenight.core.events import Event
from gamenight.core.kinds import kind_of
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
    #: the player counts the suites exercise (conformance, the terminal's screens), where the game
    #: allows many (a party of any size): a sensible few; empty: every allowed count
    tested_players: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", tuple(describe(self.options_cls)))
        if self.default_players not in self.players:
            raise ValueError(f"{self.id}: default player count not among the allowed ones")

    @property
    def deal_word(self) -> str:
        """The game's one word for a deal ("deal", "round"), as its headline, log and sheet use it."""
        return self.state_cls.DEAL_WORD

    def to_json(self) -> dict[str, Any]:
        kind = kind_of(self.family)
        return {
            "id": self.id, "title": self.title, "family": self.family, "deal_word": self.deal_word,
            "kind": kind.words, "kind_order": kind.order,
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
    if not isinstance(game_id, str):
        raise UnknownGame(f"A game is named by its id, a string such as 'hearts', not {_shown(game_id)}.")
    spec = _REGISTRY.get(game_id)
    if spec is None and isinstance(game_id, str):
        _load_one(game_id)
        spec = _REGISTRY.get(game_id)
    if spec is None:
        _ensure_loaded()
        raise UnknownGame(f"No game {_shown(game_id)}.{_did_you_mean(game_id)} The games are: "
                          f"{', '.join(sorted(_REGISTRY))}.")
    return spec


def _did_you_mean(typed: str) -> str:
    """" Did you mean 'euchre'?" for a near miss of a game's id or title (``euchr``, ``Euchre``)."""
    by_name = {spec.id: spec.id for spec in _REGISTRY.values()}
    by_name.update({spec.title.lower(): spec.id for spec in _REGISTRY.values()})
    close = difflib.get_close_matches(typed.lower().strip(), by_name, n=1, cutoff=0.7)
    return f" Did you mean {by_name[close[0]]!r}?" if close else ""


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
    first dealer is seat 0, so the deal is fully determined by the deck.

    Every argument is checked before play starts: an unknown game is :class:`UnknownGame`, a bad
    player count, seed, preset or option :class:`OptionError`, a deck that cannot be dealt (each
    stacked deal, where a game takes several) :class:`DeckError`, an ``OptionError`` too."""
    spec = get(game_id)
    n = spec.default_players if players is None else players
    chosen = spec.presets.get(preset) if isinstance(preset, str) else None
    if players is None and chosen is not None and chosen.players and n not in chosen.players:
        n = chosen.players[0]  # a rule set for other player counts (Rook's five-player game): its own
    allowed = ", ".join(map(str, spec.players))
    if not _whole(n) or n not in spec.players:
        raise OptionError(f"{spec.title} is played by {allowed} players, not {_shown(n)}.")
    if seed is not None and not _whole(seed):
        raise OptionError(f"The seed is a whole number, not {_shown(seed)}.")
    stacked = _deck_codes(deck)
    opts = build(spec.options_cls, spec.presets, preset=preset, values=options, players=n)
    if seed is None:
        seed = secrets.randbits(63)
    state = spec.state_cls(spec, opts, n, seed, stacked, preset)
    why = state._deck_problem()
    if why:
        raise DeckError(why)
    return state


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: object) -> str:
    """A value as a sentence quotes it, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _deck_codes(deck: object) -> list[str] | None:
    """A stacked deck as the list of codes it must be (a string is refused, not read letter by
    letter); whether the game can deal them is the game's to say, once it is built."""
    if deck is None:
        return None
    if isinstance(deck, (str, bytes)) or not isinstance(deck, Sequence) \
            or not all(isinstance(code, str) for code in deck):
        raise DeckError(f"A stacked deck is a list of codes, top first, such as ['AS', 'KH', 'JK'], "
                        f"not {_shown(deck)}.")
    return list(deck)


def replay(log: Mapping[str, Any]) -> State:
    """Rebuild a game from its ``log`` (``State.log``), move for move. Raises :class:`LogError`
    (a ``ValueError``) for a log that is not one, and ``IllegalMove`` naming the first move that
    does not replay."""
    _check_log(log)
    state = new(log["game"], players=log["players"], seed=log["seed"], options=log["options"],
                deck=log.get("deck"))
    preset = log.get("preset")
    if preset is not None and preset not in state.spec.presets:
        raise LogError(f"The log names a rule set {_shown(preset)} {state.spec.title} does not have.")
    state.preset = preset
    if log.get("names"):
        state.name_seats(log["names"])
    amended = amendments_by_move(log)
    for i, (seat, text) in enumerate(log["moves"]):
        amend_at(state, amended.get(i, ()))
        try:
            state.play(text, seat)
        except IllegalMove as e:
            raise IllegalMove(f"Move {i + 1} ({_shown(text)} by seat {seat}) does not replay: {e}") from None
    amend_at(state, amended.get(len(log["moves"]), ()))
    return state


def amendments_by_move(log: Mapping[str, Any]) -> dict[int, list[Mapping[str, object]]]:
    """The log's house-rule amendments (``State.amend``), by the number of moves made before each."""
    out: dict[int, list[Mapping[str, object]]] = {}
    entries = log.get("amendments") or []
    if not isinstance(entries, (list, tuple)):
        raise LogError(f"The log's 'amendments' is a list, not {_shown(entries)}.")
    for k, entry in enumerate(entries):
        move = entry.get("move") if isinstance(entry, Mapping) else None
        if not isinstance(move, int) or not _whole(move) or not 0 <= move <= len(log["moves"]) \
                or not isinstance(entry.get("changes"), Mapping):
            raise LogError(f"Amendment {k + 1} of the log is not {{'move': n, 'changes': {{...}}}}: "
                           f"{_shown(entry)}.")
        out.setdefault(move, []).append(entry["changes"])
    return out


def amend_at(state: State, changes: Sequence[Mapping[str, object]]) -> list[Event]:
    """Make the log's amendments due at this point (``LogError`` for one that does not apply)."""
    events: list[Event] = []
    for one in changes:
        try:
            events += state.amend(one)
        except (OptionError, IllegalMove) as e:
            raise LogError(f"An amendment of the log does not apply: {e}") from None
    return events


#: what a log holds: key, the types its value may have, and what it is (for the sentence)
LOG_KEYS: tuple[tuple[str, tuple[type, ...], str], ...] = (
    ("game", (str,), "the game's id"),
    ("players", (int,), "the number of players"),
    ("seed", (int,), "the seed"),
    ("options", (Mapping, type(None)), "the options by name"),
    ("moves", (list, tuple), "the moves, as [seat, text] pairs"),
)


def _check_log(log: object) -> None:
    """The log's shape, before anything is built from it."""
    if not isinstance(log, Mapping):
        raise LogError(f"A log is the mapping State.log gives, not {_shown(log)}.")
    if log.get("format", 1) != 1:
        raise LogError(f"This log is in format {_shown(log['format'])}; this gamenight reads format 1.")
    for key, types, what in LOG_KEYS:
        if key not in log:
            raise LogError(f"The log has no {key!r} ({what}).")
        value = log[key]
        if not isinstance(value, types) or isinstance(value, bool):
            raise LogError(f"The log's {key!r} is {what}, not {_shown(value)}.")
    for key in ("preset", "deck"):
        if log.get(key) is not None and not isinstance(log[key], (str, list, tuple)):
            raise LogError(f"The log's {key!r} is not {_shown(log[key])}.")
    for i, entry in enumerate(log["moves"]):
        if not (isinstance(entry, (list, tuple)) and len(entry) == 2 and isinstance(entry[1], str)):
            raise LogError(f"Move {i + 1} of the log is not a [seat, text] pair: {_shown(entry)}.")

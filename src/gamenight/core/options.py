"""House-rule options and named presets.

Each game declares its options as a frozen, keyword-only dataclass whose fields are made
with :func:`option`, carrying a label, a help line naming the rule it changes and, where
it is a choice, the allowed values. A preset is a named set of overrides. Options are
fixed when a game starts; a bad name, value or combination raises :class:`OptionError`
and nothing is silently corrected.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from gamenight.core.errors import OptionError

OptionValue = bool | int | str


def option(
    default: OptionValue,
    label: str,
    help: str,
    *,
    choices: Sequence[str] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A dataclass field describing one house rule."""
    meta = {"label": label, "help": help, "choices": tuple(choices) if choices else None,
            "minimum": minimum, "maximum": maximum}
    return field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """What a lobby or ``gamenight rules`` shows for one option."""

    name: str
    default: OptionValue
    label: str
    help: str
    type: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class Preset:
    """A named rule set: who wrote it down, and the options it changes."""

    name: str
    description: str
    values: Mapping[str, OptionValue]
    #: the player counts this rule set is written for (None: every count the game allows)
    players: tuple[int, ...] | None = None


class Options:
    """Base of every game's options dataclass; gives validation and a JSON form."""

    def check(self, players: int) -> None:
        """Raise :class:`OptionError` for combinations the rules do not allow."""

    def to_json(self) -> dict[str, OptionValue]:
        # every view carries the options: dataclasses.fields() per call was a tenth of a view
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))  # type: ignore[arg-type]
        return {name: getattr(self, name) for name in names}


OptionsT = TypeVar("OptionsT", bound=Options)

#: each options class's field names, read once
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def describe(cls: type[Options]) -> list[OptionInfo]:
    out = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        m = f.metadata
        out.append(OptionInfo(
            name=f.name, default=f.default, label=m.get("label", f.name),  # type: ignore[arg-type]
            help=m.get("help", ""), type=type(f.default).__name__, choices=m.get("choices"),
            minimum=m.get("minimum"), maximum=m.get("maximum"),
        ))
    return out


def _coerce(info: OptionInfo, value: object) -> OptionValue:
    """Accept JSON values and the text forms a command line gives (``alone=on``)."""
    if info.type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in ("1", "true", "yes", "on"):
            return True
        if isinstance(value, str) and value.lower() in ("0", "false", "no", "off"):
            return False
        raise OptionError(f"Option {info.name!r} is on or off (true/false), not {value!r}.")
    if info.type == "int":
        if isinstance(value, bool):
            raise OptionError(f"Option {info.name!r} takes a whole number, not {value!r}.")
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and value.strip().lstrip("-").isdigit():
            number = int(value)
        else:
            raise OptionError(f"Option {info.name!r} takes a whole number, not {value!r}.")
        if info.minimum is not None and number < info.minimum:
            raise OptionError(f"Option {info.name!r} must be at least {info.minimum}, not {number}.")
        if info.maximum is not None and number > info.maximum:
            raise OptionError(f"Option {info.name!r} must be at most {info.maximum}, not {number}.")
        return number
    if not isinstance(value, str):
        raise OptionError(f"Option {info.name!r} takes one of {info.choices}, not {value!r}.")
    if info.choices and value not in info.choices:
        raise OptionError(f"Option {info.name!r} takes one of: {', '.join(info.choices)} (not {value!r}).")
    return value


def build(
    cls: type[OptionsT],
    presets: Mapping[str, Preset],
    *,
    preset: str | None,
    values: Mapping[str, object] | None,
    players: int,
) -> OptionsT:
    """The options in force: defaults, then the preset's, then the caller's values."""
    infos = {i.name: i for i in describe(cls)}
    chosen: dict[str, object] = {}
    if preset is not None:
        if preset not in presets:
            known = ", ".join(presets) or "none"
            raise OptionError(f"Unknown preset {preset!r}; this game has: {known}.")
        chosen_preset = presets[preset]
        if chosen_preset.players is not None and players not in chosen_preset.players:
            counts = ", ".join(map(str, chosen_preset.players))
            raise OptionError(f"The {preset!r} rules are for {counts} players, not {players}.")
        chosen.update(chosen_preset.values)
    for name, value in (values or {}).items():
        if name not in infos:
            raise OptionError(f"Unknown option {name!r}; this game has: {', '.join(infos)}.")
        chosen[name] = value
    coerced = {name: _coerce(infos[name], value) for name, value in chosen.items()}
    opts = cls(**coerced)
    opts.check(players)
    return opts

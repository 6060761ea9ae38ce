"""House-rule options and named presets.

Each game declares its options as a frozen, keyword-only dataclass whose fields are made
with :func:`option`, carrying a label, a help line saying in players' words what the rule
changes and, where it is a choice, the allowed values with a sentence for each (the value
is what a program sends; the sentence is what a person reads). Rule citations (gap ids, seed
numbers, other engines) belong in the game's docstring, shown by ``gamenight rules``, never
in these words. A preset is a named set of overrides. Options are
fixed when a game starts; a bad name, value or combination raises :class:`OptionError`
and nothing is silently corrected.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, TypeVar

from gamenight.core.errors import OptionError

OptionValue = bool | int | str


def option(
    default: OptionValue,
    label: str,
    help: str,
    *,
    choices: Mapping[str, str] | Sequence[str] | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
) -> Any:
    """A dataclass field describing one house rule. ``choices`` maps each allowed value to the
    sentence a person reads for it (``{"round1_only": "Only when ordering up in the first round"}``);
    a bare sequence of values is accepted for a program's own options, with no sentences."""
    labels = dict(choices) if isinstance(choices, Mapping) else None
    meta = {"label": label, "help": help, "choices": tuple(choices) if choices else None,
            "choice_labels": labels, "minimum": minimum, "maximum": maximum}
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
    #: per allowed value, the sentence a person reads for it (the lobby's form, ``gamenight rules``)
    choice_labels: Mapping[str, str] | None = field(default=None, hash=False)

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["choice_labels"] = dict(self.choice_labels) if self.choice_labels else None
        return out

    def value_label(self, value: OptionValue) -> str:
        """The words for one value of this option: its sentence, on/off, or the number."""
        if isinstance(value, bool):
            return "on" if value else "off"
        if self.choice_labels and isinstance(value, str) and value in self.choice_labels:
            return self.choice_labels[value]
        return str(value)


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

    #: the options that may change between deals of a match in progress (``State.amend``): only
    #: those the kernel reads as it plays (scoring, bonuses, going-out rules, meld minimums) or
    #: re-derives when they change; never one read only when the game is made (players, decks,
    #: partnerships). Each is proven by tests/core/test_amend_conformance.py
    AMENDABLE: ClassVar[frozenset[str]] = frozenset()

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


def value_type(default: object) -> str:
    """An option's type as programs read it: ``bool``, ``int`` or ``str`` (a rule's word that a
    kernel keeps as an enum is a word to the people and programs choosing it)."""
    for kind in (bool, int, str):
        if isinstance(default, kind):
            return kind.__name__
    return type(default).__name__


def plain(value: object) -> object:
    """A word kept as an enum member, as the plain word (what JSON and a form show)."""
    return str(value) if isinstance(value, str) else value


def plain_list(choices: object) -> tuple[str, ...] | None:
    return None if choices is None else tuple(str(c) for c in choices)  # type: ignore[attr-defined]


def plain_keys(labels: Mapping[str, str] | None) -> dict[str, str] | None:
    return None if labels is None else {str(k): v for k, v in labels.items()}


def describe(cls: type[Options]) -> list[OptionInfo]:
    out = []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        m = f.metadata
        out.append(OptionInfo(
            name=f.name, default=plain(f.default), label=m.get("label", f.name),  # type: ignore[arg-type]
            help=m.get("help", ""), type=value_type(f.default), choices=plain_list(m.get("choices")),
            minimum=m.get("minimum"), maximum=m.get("maximum"),
            choice_labels=plain_keys(m.get("choice_labels")),
        ))
    return out


#: the most digits a whole-number option takes: every house rule's number is far smaller, and a
#: bound keeps a pasted 5,000-digit string from reaching ``int`` (which refuses over 4,300 digits)
MAX_DIGITS = 9
_LIMIT = 10 ** MAX_DIGITS


def _coerce(info: OptionInfo, value: object) -> OptionValue:
    """Accept JSON values and the text forms a command line gives (``alone=on``)."""
    if info.type == "bool":
        return _on_or_off(info, value)
    if info.type == "int":
        return _in_range(info, _whole_number(info, value))
    if not isinstance(value, str) or (info.choices and value not in info.choices):
        raise OptionError(f"Option {info.name!r} takes one of: {', '.join(info.choices or ())} "
                          f"(not {_shown(value)}).")
    return value


def _on_or_off(info: OptionInfo, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("0", "false", "no", "off"):
        return False
    raise OptionError(f"Option {info.name!r} is on or off (true/false), not {_shown(value)}.")


def _whole_number(info: OptionInfo, value: object) -> int:
    """An int (never a bool), or its text in ASCII digits with an optional ``-``: not ``²``,
    ``٥``, ``--5``, ``5.0`` or a number of more than :data:`MAX_DIGITS` digits."""
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = int(value)
    elif isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] == "-" else text
        if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
            number = int(text)
    if number is None:
        raise OptionError(f"Option {info.name!r} takes a whole number, not {_shown(value)}.")
    if not -_LIMIT < number < _LIMIT:
        raise OptionError(f"Option {info.name!r} takes a whole number of at most {MAX_DIGITS} digits.")
    return number


def _in_range(info: OptionInfo, number: int) -> int:
    if info.minimum is not None and number < info.minimum:
        raise OptionError(f"Option {info.name!r} must be at least {info.minimum}, not {number}.")
    if info.maximum is not None and number > info.maximum:
        raise OptionError(f"Option {info.name!r} must be at most {info.maximum}, not {number}.")
    return number


def _shown(value: object) -> str:
    """A value as a sentence quotes it, cut short (a refusal never echoes a whole pasted page)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


#: each options class's options by name (see _infos)
_INFOS: dict[type, Mapping[str, OptionInfo]] = {}


def _infos(cls: type[Options]) -> Mapping[str, OptionInfo]:
    """A class's options by name, read once: every new game builds its options (OptionInfo is frozen)."""
    infos = _INFOS.get(cls)
    if infos is None:
        infos = _INFOS[cls] = MappingProxyType({i.name: i for i in describe(cls)})
    return infos


def build(
    cls: type[OptionsT],
    presets: Mapping[str, Preset],
    *,
    preset: str | None,
    values: Mapping[str, object] | None,
    players: int,
) -> OptionsT:
    """The options in force: defaults, then the preset's, then the caller's values."""
    infos = _infos(cls)
    chosen: dict[str, object] = {}
    if values is not None and not isinstance(values, Mapping):
        raise OptionError(f"Options are given by name, such as {{'{next(iter(infos), 'target')}': ...}}, "
                          f"not as {_shown(values)}.")
    if preset is not None:
        if not isinstance(preset, str) or preset not in presets:
            known = ", ".join(presets) or "none"
            raise OptionError(f"Unknown preset {_shown(preset)}; this game has: {known}.")
        chosen_preset = presets[preset]
        if chosen_preset.players is not None and players not in chosen_preset.players:
            counts = ", ".join(map(str, chosen_preset.players))
            raise OptionError(f"The {preset!r} rules are for {counts} players, not {players}.")
        chosen.update(chosen_preset.values)
    for name, value in (values or {}).items():
        if not isinstance(name, str) or name not in infos:
            raise OptionError(f"Unknown option {_shown(name)}; this game has: {', '.join(infos)}.")
        chosen[name] = value
    coerced = {name: _coerce(infos[name], value) for name, value in chosen.items()}
    opts = cls(**coerced)
    opts.check(players)
    return opts

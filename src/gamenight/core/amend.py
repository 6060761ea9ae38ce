"""House-rule amendments on a game in progress: option changes that apply from the next deal on.

The family book's "Kali Effect": a player may propose a house-rule change mid-match and the table
accepts it or not. Whoever runs the vote (a server, a terminal), the engine's part is here: which
options may change (each game's options class names them in ``AMENDABLE``: structural options,
read only when the game is made, never may), the changes checked through the options class exactly
as :func:`gamenight.new` checks them, and the words that say what changes from which deal.

:meth:`State.amend <gamenight.core.state.State.amend>` records an amendment in the state's log (at
the number of moves made, so ``replay`` makes it at the same point); the options change when the
kernel begins its next deal (``deal_no`` moves on), before a card of it is dealt, and the kernel
re-derives whatever it built from the options (``State._options_changed``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamenight.core.errors import OptionError
from gamenight.core.options import OptionInfo, Options, OptionValue, build

if TYPE_CHECKING:
    from gamenight.core.registry import GameSpec

#: the most options one amendment changes (a form sends a handful; a bound on what a program posts)
MAX_CHANGES = 12


@dataclass(frozen=True, slots=True)
class Amendment:
    """Option values in force from deal ``from_deal`` on, made after ``move`` moves of the log."""

    move: int
    from_deal: int
    changes: dict[str, OptionValue]
    words: str
    applied: bool = False
    #: the score sheet's row the deal ``from_deal`` writes (its mark), once it applied
    row: int | None = None

    def log_entry(self) -> dict[str, Any]:
        return {"move": self.move, "changes": dict(self.changes)}

    def to_json(self) -> dict[str, Any]:
        return {"from_deal": self.from_deal, "changes": dict(self.changes), "words": self.words,
                "applied": self.applied}


def amendable(spec: GameSpec) -> list[OptionInfo]:
    """The options of ``spec`` that may change between deals, as the lobby describes them."""
    names = spec.options_cls.AMENDABLE
    return [info for info in spec.options if info.name in names]


def checked_changes(spec: GameSpec, current: Options, players: int, changes: object, *,
                    proposed: bool = True) -> tuple[dict[str, OptionValue], Options]:
    """``changes`` as the option values they are, and the options they make with ``current``:
    :class:`OptionError`, in words, for an unknown option, one that may not change mid-match, a bad
    value or a combination the rules refuse (the options class's own check), and for a ``proposed``
    change to the value in force (an amendment applied, already checked, is not refused so)."""
    if not isinstance(changes, Mapping) or not changes:
        raise OptionError("Say which house rule changes, and to what.")
    if len(changes) > MAX_CHANGES:
        raise OptionError(f"One amendment changes at most {MAX_CHANGES} house rules.")
    infos = {info.name: info for info in spec.options}
    allowed = spec.options_cls.AMENDABLE
    for name in changes:
        if not isinstance(name, str) or name not in infos:
            raise OptionError(f"{spec.title} has no house rule {str(name)[:40]!r}.")
        if name not in allowed:
            raise OptionError(_fixed(spec, infos[name]))
    values = {**current.to_json(), **changes}
    try:
        made = build(spec.options_cls, {}, preset=None, values=values, players=players)
    except OptionError as e:
        # the people at the table read each rule by its label, not by the name programs send
        text = str(e)
        for name in changes:
            text = text.replace(f"Option {name!r}", infos[name].label)
        raise OptionError(text) from None
    coerced = {name: _plain(getattr(made, name)) for name in changes}
    same = [name for name, value in coerced.items() if value == _plain(getattr(current, name))]
    if same and proposed:
        info = infos[same[0]]
        raise OptionError(f"{info.label} is {info.value_label(coerced[same[0]])} already: nothing to change.")
    return coerced, made


def _fixed(spec: GameSpec, info: OptionInfo) -> str:
    if not spec.options_cls.AMENDABLE:
        return f"{spec.title} has no house rule that may change during a match."
    return f"{info.label} is set when the game is made and may not change during a match."


def _plain(value: object) -> OptionValue:
    """A value as JSON carries it (an enum member kept by a kernel is its word)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return int(value)
    return str(value)


def change_words(spec: GameSpec, changes: Mapping[str, object]) -> str:
    """What the changes say, by the options' labels: "Red canastas to go out: 2; Going out: 200"."""
    infos = {info.name: info for info in spec.options}
    parts = []
    for name, value in changes.items():
        info = infos.get(name)
        if info is not None and isinstance(value, (bool, int, str)):
            parts.append(f"{info.label}: {info.value_label(value)}")
    return "; ".join(parts)

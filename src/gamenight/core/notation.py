"""Move notation: the kinds of argument a move carries, each with its text form.

A move is a verb and typed arguments (:class:`Arg`): ``play QS`` is ``play`` with a card,
``keep 1 5 5`` is ``keep`` with three die faces, ``play 12-7`` is ``play`` with a domino tile.
The core knows no equipment: it defines the :class:`Kind` protocol and two kinds of its own,
:data:`NUMBER` and :data:`WORD`; each equipment module (cards, dice, dominoes, boards) defines
its kinds, which register themselves here when the module is imported.

A kind has

- a ``name`` (``"card"``) and a ``noun`` used in sentences about unreadable words;
- a ``slot``: which attribute of a move its values fill (``"pieces"``, ``"numbers"``,
  ``"suit"`` for a suit or any one-of-a-few named choice, ``"flag"`` for a trailing word,
  ``"spaces"`` for board spaces);
- ``format(value) -> str`` and ``parse(word) -> value | None`` (``None``: not of this kind);
- a ``priority``: the parser offers each word to the registered kinds in priority order and
  the first that reads it wins. Kinds whose text looks like another's (a die face or a
  numbered hole reads as a plain number) still print their own way; :func:`parse_move
  <gamenight.core.moves.parse_move>` finds the move a game built by its text.

Calling a kind makes an argument: ``NUMBER(3)`` is ``Arg(NUMBER, 3)``. Arguments are cached
per kind, and each value is checked once to print and read back to itself, so every move's
text round-trips.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any, Literal, NamedTuple

Slot = Literal["pieces", "numbers", "suit", "flag", "spaces"]
SLOTS: tuple[Slot, ...] = ("pieces", "numbers", "suit", "flag", "spaces")


class Arg(NamedTuple):
    """One typed argument of a move: its kind and its value (an int, or a word for flags)."""

    kind: Kind
    value: Any

    def __str__(self) -> str:
        return self.kind.format(self.value)

    def __repr__(self) -> str:
        return f"{self.kind.name.upper()}({self.value!r})"


class Kind:
    """One kind of move argument, with its text form. Registers itself on creation."""

    name: str
    slot: Slot
    format: Callable[[Any], str]
    parse: Callable[[str], Any]
    priority: int
    noun: str
    listed: bool
    #: how a person reads a value (``Q♠`` for the card ``QS``); by default its text
    words: Callable[[Any], str]

    def __init__(
        self,
        name: str,
        slot: Slot,
        format: Callable[[Any], str],
        parse: Callable[[str], Any],
        *,
        priority: int,
        noun: str | None = None,
        listed: bool = True,
        module: str | None = None,
        words: Callable[[Any], str] | None = None,
    ) -> None:
        """``listed=False`` leaves the kind out of the sentence naming what a word could be
        (for kinds whose text reads as another kind's, such as a die face). ``module`` is
        where the kind is defined (default: the caller's module), for pickling."""
        if slot not in SLOTS:
            raise ValueError(f"{slot!r} is not a move slot (one of {', '.join(SLOTS)})")
        self.name = name
        self.slot = slot
        self.format = format
        self.parse = parse
        self.priority = priority
        self.noun = name if noun is None else noun
        self.listed = listed
        self.words = format if words is None else words
        self.__module__ = module if module is not None else sys._getframe(1).f_globals["__name__"]
        self._args: dict[Any, Arg] = {}
        register(self)

    def __call__(self, value: Any) -> Arg:
        arg = self._args.get(value)
        if arg is None or arg.value.__class__ is not value.__class__:  # True is not NUMBER(1)
            arg = self._args[value] = self._check(value)
        return arg

    def _check(self, value: Any) -> Arg:
        try:
            text = self.format(value)
        except (IndexError, KeyError, TypeError, ValueError):
            raise ValueError(f"{value!r} is not a {self.name}") from None
        back = self.parse(text) if text and " " not in text else None
        if back is None or back != value or type(back) is not type(value):
            raise ValueError(f"{value!r} is not a {self.name}: it prints as {text!r}, which reads back "
                             f"as {back!r}")
        return Arg(self, value)

    def __repr__(self) -> str:
        return f"<kind {self.name}>"

    def __reduce__(self) -> tuple[object, ...]:
        return (kind_named, (self.name, self.__module__))


_KINDS: dict[str, Kind] = {}
#: the registered kinds, in the order the parser offers them a word
_ORDER: list[Kind] = []


def register(kind: Kind) -> None:
    """Add ``kind`` to the parser's kinds. Names and priorities are unique."""
    if kind.name in _KINDS:
        raise ValueError(f"a move argument kind named {kind.name!r} is already registered")
    for other in _ORDER:
        if other.priority == kind.priority:
            raise ValueError(f"kinds {other.name!r} and {kind.name!r} both have priority {kind.priority}")
    _KINDS[kind.name] = kind
    _ORDER.append(kind)
    _ORDER.sort(key=lambda k: k.priority)


def kinds() -> tuple[Kind, ...]:
    """The registered kinds, in parsing priority order."""
    return tuple(_ORDER)


def kind_named(name: str, module: str | None = None) -> Kind:
    """The registered kind ``name`` (importing ``module``, which defines it, if need be)."""
    if name not in _KINDS and module is not None:
        importlib.import_module(module)
    try:
        return _KINDS[name]
    except KeyError:
        raise ValueError(f"no move argument kind named {name!r}") from None


def read_arg(word: str) -> Arg | None:
    """The argument ``word`` stands for, read by the first kind that knows it, or ``None``.

    What a person types is not kept: an argument no game has made is checked and returned
    without entering the kind's cache, so typing endless new words or numbers grows nothing."""
    for kind in _ORDER:
        value = kind.parse(word)
        if value is not None:
            known = kind._args.get(value)
            if known is not None and known.value.__class__ is value.__class__:
                return known
            return kind._check(value)
    return None


def nouns() -> str:
    """What a word may be, for sentences: ``a card, suit, number, tile, space or word``."""
    names = list(dict.fromkeys(k.noun for k in _ORDER if k.listed))
    if len(names) == 1:
        return f"a {names[0]}"
    return f"a {', '.join(names[:-1])} or {names[-1]}"


#: the most digits a number in a move has: no game counts that far, and the bound keeps a pasted
#: 5,000-digit word from reaching ``int`` (which refuses more than 4,300 digits)
MAX_DIGITS = 9


def read_digits(text: str) -> int | None:
    """The whole number ``text`` spells in ASCII digits (at most :data:`MAX_DIGITS` of them, no
    sign), or ``None``: every kind that reads numbers (a die face, a tile's end, a hole) uses it."""
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None


def _read_number(word: str) -> int | None:
    if word[:1] == "-":
        magnitude = read_digits(word[1:])
        return None if magnitude is None else -magnitude
    return read_digits(word)


def _read_word(word: str) -> str | None:
    return word.lower() if word.isascii() and word.isalpha() else None


#: a whole number in ASCII digits (at most :data:`MAX_DIGITS`), with an optional leading ``-``
#: (``3``, ``-20``)
NUMBER = Kind("number", "numbers", str, _read_number, priority=30)
#: a word of ASCII letters, read lower-cased (``alone``, ``run``); the last resort of the parser
WORD = Kind("word", "flag", str, _read_word, priority=1000)

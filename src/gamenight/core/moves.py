"""Moves: the atomic steps a person takes at the table, with a text notation that round-trips.

A move is a verb and typed arguments (see :mod:`gamenight.core.notation`): ``play QS`` is
``Move("play", CARD(c))``, ``bid 3`` is ``Move("bid", NUMBER(3))``, ``call H alone`` is
``Move("call", SUIT(s), WORD("alone"))``, ``play 12-7`` is ``Move("play", TILE(t))`` and
``keep 1 5 5`` is ``Move("keep", FACE(1), FACE(5), FACE(5))``. ``str(move)`` prints the verb
and each argument's text in the order given, and :func:`parse_move` reads it back to the same
move, so a game log is a list of strings and a terminal player types exactly what they read.

Games intern their moves (one object per distinct move), so building legal-move lists
allocates nothing and membership tests hit the identity fast path. The table is bounded: it holds
every live move weakly (for identity), and strongly only the moves asked for lately, in two
generations of at most ``RECENT`` each (when the young one is full it becomes the old one, and the
old one is let go but for the moves asked for again meanwhile). So a move nobody holds any more (not
a game's constant, not in a log or a legal-move list) is let go, and a long-running server that
lists thousands of distinct moves (Jokers Wild's marble moves, the meld games' melds) keeps a table
of bounded size: what a table listed is let go soon after it is archived. A move let go is built
afresh when next asked for; as nothing held the old object, identity stays equality. The attributes games read
on their hot paths (``cards``, ``number``, ``suit``, ``flag``...) are computed once, when a
move is first built. Card games pass arguments in the order suit, numbers, cards, flag, the
order their texts have always had.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, ClassVar

from gamenight.core.errors import IllegalMove, NoVerb
from gamenight.core.notation import WORD, Arg, nouns, read_arg

#: slot order of the text before arguments could come in any order: a typed move whose words
#: came in another order is looked up again in this order (``meld run 5H 6H JK``)
_SLOT_ORDER = {"suit": 0, "numbers": 1, "pieces": 2, "spaces": 3, "flag": 4}
#: how many moves asked for lately one generation of the working set holds (the table keeps at most
#: twice this alive by itself): enough for the moves of a few turns of the largest game, so a list
#: built turn after turn is not rebuilt; few enough that the memory is bounded. A move costs about
#: 1.5 KB with what hangs on it (its text, its weak entries, its view entry: core.views), so the
#: 32,768 this once was held some 50 MB of moves nobody used any more (issue 31, F8)
RECENT = 1 << 12


class Move:
    """One atomic step: a verb plus typed arguments (:class:`~gamenight.core.notation.Arg`).

    Moves are interned: ``Move(...)`` with the same verb and arguments returns the same
    object, so equality and hashing are identity (C speed in legal-move membership tests).
    Two different moves never share a text: building one whose text another already has
    raises ``ValueError``. Only :func:`parse_move` makes throwaway moves, for text naming a
    move no game ever built; such a move cannot be legal, and is only used to explain why.

    Precomputed attributes: ``verb``; ``args`` (as given); ``pieces`` and its alias ``cards``
    (the values of piece arguments: cards, tiles); ``numbers`` and ``number`` (the first, or
    ``None``); ``suit`` (the first suit or named choice, or ``None``); ``flag`` (the first
    word, or ``None``); ``spaces`` (board spaces).
    """

    __slots__ = ("__weakref__", "_text", "args", "cards", "flag", "number", "numbers", "pieces", "spaces",
                 "suit", "verb")
    #: every live move, weakly, by its verb and arguments, and by its text
    _interned: ClassVar[dict[tuple[object, ...], _Entry]] = {}
    _by_text: ClassVar[dict[str, _Entry]] = {}
    #: the working set: moves asked for lately, held strongly, young and old (at most ``_limit``
    #: each: see RECENT); the fast path of ``Move(...)`` is one look-up in the young one
    _hot: ClassVar[dict[tuple[object, ...], Move]] = {}
    _old: ClassVar[dict[tuple[object, ...], Move]] = {}
    _limit: ClassVar[int] = RECENT

    _text: str
    verb: str
    args: tuple[Arg, ...]
    pieces: tuple[int, ...]
    cards: tuple[int, ...]
    numbers: tuple[int, ...]
    number: int | None
    suit: int | None
    flag: str | None
    spaces: tuple[int, ...]

    def __new__(cls, verb: str, *args: Arg) -> Move:
        move = cls._hot.get((verb, args))
        if move is None:
            move = cls._warm(verb, args)
        return move

    @classmethod
    def _warm(cls, verb: str, args: tuple[Arg, ...]) -> Move:
        """The live move with these arguments (built if none), put in the young generation."""
        key = (verb, args)
        move = cls._old.pop(key, None)
        if move is None:
            # bots choose in worker threads while the event loop lists moves: one thread at a time
            # looks a move up and builds it, so two threads never build the same move twice
            with _INTERNING:
                move = _alive(cls._interned.get(key))
                if move is None:
                    move = cls._intern(verb, args, key)
        hot = cls._hot
        if len(hot) >= cls._limit:
            cls.age()
            hot = cls._hot
        hot[key] = move
        return move

    @classmethod
    def age(cls) -> None:
        """The young generation grows old and the old one goes: a move asked for in neither since is
        let go unless someone holds it (then it stays live, and the same, in the weak table). Done
        when the young one is full, and by a server's archiver once a minute, so what archived tables
        listed is let go within two minutes; memos of moves (:func:`on_age`) are emptied with it."""
        cls._old = cls._hot
        cls._hot = {}
        for forget in _AGE_HOOKS:
            forget()

    @classmethod
    def _intern(cls, verb: str, args: tuple[Arg, ...], key: tuple[object, ...]) -> Move:
        move = cls._make(verb, args)
        text = move._text
        other = _alive(cls._by_text.get(text))
        if other is not None:
            raise ValueError(f"two different moves would both read {text!r}: "
                             f"{other.verb} {other.args!r} and {verb} {args!r}")
        cls._interned[key] = cls._by_text[text] = _Entry(move, key, text)
        return move

    @classmethod
    def table_size(cls) -> int:
        """How many moves the interning table holds now (bounded: see RECENT)."""
        return len(cls._interned)

    @classmethod
    def held_by_table(cls) -> int:
        """How many moves the table itself keeps alive (the working set: at most twice RECENT)."""
        return len(cls._hot) + len(cls._old)

    @classmethod
    def _make(cls, verb: str, args: tuple[Arg, ...]) -> Move:
        move = object.__new__(cls)
        move.verb = verb
        move.args = args
        pieces: list[Any] = []
        numbers: list[Any] = []
        spaces: list[Any] = []
        suit = flag = None
        parts = [verb]
        for arg in args:
            if type(arg) is not Arg:
                raise TypeError(f"the arguments of a move are typed, like Move('play', CARD(c)); "
                                f"got {arg!r} in a {verb!r} move")
            kind, value = arg
            slot = kind.slot
            if slot == "pieces":
                pieces.append(value)
            elif slot == "numbers":
                numbers.append(value)
            elif slot == "suit":
                if suit is None:
                    suit = value
            elif slot == "flag":
                if flag is None:
                    flag = value
            else:
                spaces.append(value)
            parts.append(kind.format(value))
        move.pieces = move.cards = tuple(pieces)
        move.numbers = tuple(numbers)
        move.number = numbers[0] if numbers else None
        move.suit = suit
        move.flag = flag
        move.spaces = tuple(spaces)
        move._text = " ".join(parts)
        return move

    @classmethod
    def existing(cls, verb: str, *args: Arg) -> Move:
        """The interned move with these arguments, or a throwaway one that no game has built."""
        move = _alive(cls._interned.get((verb, args)))
        return move if move is not None else cls._make(verb, args)

    @classmethod
    def named(cls, text: str) -> Move | None:
        """The interned move whose text is exactly ``text``, if a game built one."""
        return _alive(cls._by_text.get(text))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Move({self._text!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Move, (self.verb, *self.args))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: object) -> Move:
        return self

    def to_json(self) -> str:
        return self._text

    @property
    def card(self) -> int:
        """The move's single card (for ``play`` and ``discard`` moves)."""
        return self.cards[0]


class _Entry(weakref.ref[Move]):
    """A live move's entry in the table: a weak reference that knows its keys, so one shared
    callback (:func:`_forget`) takes it out when the move is let go (a closure per move cost three
    more objects a move)."""

    __slots__ = ("key", "text")
    key: tuple[object, ...]
    text: str

    def __new__(cls, move: Move, key: tuple[object, ...], text: str) -> _Entry:
        return super().__new__(cls, move, _forget)

    def __init__(self, move: Move, key: tuple[object, ...], text: str) -> None:
        # weakref.ref's own __init__ only checks its arguments, which differ here
        self.key = key
        self.text = text


#: held while a move is looked up in the weak table and built (see ``Move._warm``)
_INTERNING = threading.Lock()
#: what empties itself when the working set ages (memos that hold moves strongly: equipment.cards)
_AGE_HOOKS: list[Callable[[], None]] = []


def on_age(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever the working set ages: a memo of moves empties itself with it, so it
    holds no move longer than the table itself would."""
    _AGE_HOOKS.append(forget)


def _alive(ref: _Entry | None) -> Move | None:
    return None if ref is None else ref()


def _forget(ref: _Entry) -> None:
    """Take a move let go out of the table (unless a new move took its place meanwhile)."""
    if Move._interned.get(ref.key) is ref:
        del Move._interned[ref.key]
    if Move._by_text.get(ref.text) is ref:
        del Move._by_text[ref.text]


def parse_move(text: str) -> Move:
    """Read a move from its text: a verb, then words each read by the first registered kind
    that knows it (cards, suits, numbers, tiles, board spaces, a trailing word...).

    Returns the move a game built whose text the words spell (so a game that built ``keep``
    with die faces gets its own move back, although digits read as numbers), else a
    throwaway move no game built. Raises :class:`IllegalMove` with a sentence for text that
    is not a move."""
    # a move's own text (what the lists offer and clients send back) names that move: reading it
    # word by word would spell the same text again, so the table answers it directly
    move = _alive(Move._by_text.get(text))
    if move is not None:
        return move
    words = text.split()
    verb = WORD.parse(words[0]) if words else None
    if verb is None:
        raise NoVerb(text)
    args: list[Arg] = []
    for word in words[1:]:
        arg = read_arg(word)
        if arg is None:
            raise IllegalMove(f"{word!r} in {text.strip()!r} is not {nouns()} I know.")
        args.append(arg)
    by_text = Move._by_text
    move = _alive(by_text.get(" ".join([verb, *(a.kind.format(a.value) for a in args)])))
    if move is None:
        ordered = sorted(args, key=lambda a: _SLOT_ORDER[a.kind.slot])
        if ordered != args:
            move = _alive(by_text.get(" ".join([verb, *(a.kind.format(a.value) for a in ordered)])))
    return move if move is not None else Move._make(verb, tuple(args))

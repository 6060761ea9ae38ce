"""A fixed action space for every game: moves as short sequences of atomic actions.

A gamenight move is a verb and typed arguments (``meld run 5H 6H 7H``, ``keep 1 5 5``, ``bid 3``).
A learning program wants a fixed number of action ids and a mask. This module gives, for one
game, rule set and player count, a fixed vocabulary of *atomic actions*, built from the kinds of
argument the game's moves take and never from the game's id:

* one action per **piece** of the game's equipment (each card code of the deck actually dealt,
  each domino tile of the set), per **suit** or Rook colour, per **die face**, per **number** up to
  a bound, per **board space** and **track hole**;
* one action per **word** (a trailing flag such as ``alone``) and one per **verb** (``play``,
  ``meld``...), from the table's words (:data:`WORDS`);
* an **escape** for any value beyond those blocks: a number is spelled digit by digit between
  ``number`` and ``end`` actions, an unknown word letter by letter between ``spell`` and ``end``.

A move is the sequence of its arguments' actions, in the order the game lists them, then its
verb's action: select, then confirm, as at the table. The verb only ever ends a sequence, so no
move's sequence is the prefix of another's. A :class:`Selection` keeps one seat's pending prefix:
its mask is exactly the next actions that some legal move's sequence continues with, and as soon
as only one legal move is consistent with the prefix that move is made (a Hearts card is one
action; a meld of three cards is four at most). Every sequence the mask allows therefore ends in a
legal move, and every legal move has its sequence.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.moves import Move
from gamenight.core.notation import Arg
from gamenight.core.state import State

#: the words of the table: every verb and flag word the 34 games' moves use, each one action
#: (a word outside this list is still encodable, spelled letter by letter)
WORDS: tuple[str, ...] = (
    "add", "alone", "and", "answer", "ask", "bet", "bid", "blind", "bury", "buy", "call", "choose",
    "claim", "dead", "dealt", "dig", "discard", "done", "draw", "end", "exchange", "flip", "high",
    "keep", "knock", "lay", "layoff", "lead", "left", "low", "meld", "merge", "mexican", "move", "no",
    "nt", "order", "out", "pass", "passed", "pickup", "play", "push", "raise", "remove", "retract",
    "roll", "run", "set", "speak", "split", "stand", "stop", "swap", "take", "trump", "up", "yes",
)  # fmt: skip

#: how many values of each kind of argument have an action of their own (values 0 .. n-1; a piece
#: kind is narrowed to the pieces the game deals); larger values take the escape
DIRECT: dict[str, int] = {
    "card": 110, "tile": 91, "suit": 5, "colour": 4, "face": 21, "number": 64, "hole": 128,
    "space": 320,
}
#: the kinds whose values are pieces lying in the zones: their block is the equipment dealt
PIECE_KINDS = frozenset({"card", "tile"})

DIGITS = "0123456789"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
#: the escape actions, present in every game's space (so it stays fixed whatever a move names)
ESCAPE: tuple[tuple[str, str], ...] = (
    ("escape", "number"), ("escape", "minus"), *(("digit", d) for d in DIGITS),
    ("escape", "spell"), *(("letter", c) for c in LETTERS), ("escape", "end"),
)

Token = tuple[str, Any]


@dataclass(frozen=True)
class ActionSpace:
    """The fixed atomic actions of one game, rule set and player count.

    ``tokens[i]`` is action ``i`` as ``(block, value)``: ``("card", 12)``, ``("verb", "play")``,
    ``("digit", "7")``; :meth:`name` says it in words for people and logs."""

    game: str
    tokens: tuple[Token, ...]
    index: dict[Token, int] = field(repr=False, compare=False)
    formats: dict[str, Any] = field(repr=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.tokens)

    def name(self, action: int) -> str:
        """Action ``action`` as text: ``card QS``, ``verb play``, ``digit 7``."""
        block, value = self.tokens[action]
        fmt = self.formats.get(block)
        return f"{block} {fmt(value) if fmt is not None else value}"

    def encode(self, move: Move) -> tuple[int, ...]:
        """The actions that make ``move``: its arguments in order, then its verb."""
        out: list[int] = []
        for arg in move.args:
            out.extend(self._arg_actions(arg))
        verb = self.index.get(("verb", move.verb))
        out.extend([verb] if verb is not None else self._spelled(move.verb, verb=True))
        return tuple(out)

    def _arg_actions(self, arg: Arg) -> list[int]:
        kind, value = arg
        direct = self.index.get((kind.name, value))
        if direct is not None:
            return [direct]
        if isinstance(value, str):
            word = self.index.get(("word", value))
            return [word] if word is not None else self._spelled(value)
        return self._number(int(value))

    def _number(self, value: int) -> list[int]:
        """A value with no action of its own, digit by digit: ``number [minus] digits end``."""
        ix = self.index
        out = [ix[("escape", "number")]]
        if value < 0:
            out.append(ix[("escape", "minus")])
        out.extend(ix[("digit", d)] for d in str(abs(value)))
        out.append(ix[("escape", "end")])
        return out

    def _spelled(self, word: str, *, verb: bool = False) -> list[int]:
        """A word with no action of its own, letter by letter: ``spell letters end``; a verb
        spelled so ends with ``end`` too, which nothing follows, so sequences stay prefix-free."""
        ix = self.index
        letters = [ix[("letter", c)] for c in word if ("letter", c) in ix]
        if len(letters) != len(word):
            raise ValueError(f"{word!r} cannot be spelled with the letters a to z")
        tail = [ix[("escape", "end")]]
        if verb:  # an extra end marks "and this was the verb"
            tail.append(ix[("escape", "end")])
        return [ix[("escape", "spell")], *letters, *tail]


def space_for(state: State) -> ActionSpace:
    """The action space of ``state``'s game, rule set and player count (built from the game as
    dealt: its equipment and the kinds of argument its moves take)."""
    kinds = _kinds_of(state)
    dealt: dict[str, set[int]] = {}
    for zone in state.zones():
        dealt.setdefault(zone.codec.name, set()).update(zone.pieces)
    tokens: list[Token] = []
    formats: dict[str, Any] = {}
    for name, kind in kinds:
        values: Iterable[int] = range(DIRECT.get(name, 0))
        if name in PIECE_KINDS and dealt.get(name):
            values = sorted(dealt[name])
        elif name == "face":
            values = range(1, DIRECT["face"])
        for value in values:
            try:
                kind(value)
            except ValueError:
                continue  # not a value of this kind (a suit index past the suits)
            tokens.append((name, value))
        formats[name] = kind.format
    tokens.extend(("word", w) for w in WORDS)
    tokens.extend(("verb", w) for w in WORDS)
    tokens.extend(ESCAPE)
    return ActionSpace(state.spec.id, tuple(tokens), {t: i for i, t in enumerate(tokens)}, formats)


def _kinds_of(state: State) -> list[tuple[str, Any]]:
    """The kinds of argument with blocks of their own in this game, in a fixed order (words are a
    block of their own, whatever the game)."""
    from gamenight.core.notation import kinds

    allowed = state.ARG_KINDS
    return [(k.name, k) for k in kinds()
            if k.name in DIRECT and (allowed is None or k.name in allowed)]


class Selection:
    """One seat's pending selection: the atomic actions chosen so far towards a move.

    ``mask()`` is the next actions some legal move's sequence continues with; ``choose(action)``
    extends the selection and returns the move once only one legal move is consistent with it
    (the move is not played: the caller plays it, and calls :meth:`clear`)."""

    def __init__(self, space: ActionSpace, seat: int) -> None:
        self.space = space
        self.seat = seat
        self.pending: tuple[int, ...] = ()
        self._cache: dict[Move, tuple[int, ...]] = {}

    def sequences(self, legal: Sequence[Move]) -> dict[tuple[int, ...], Move]:
        """Each legal move by its action sequence (refusing two moves that read the same)."""
        cache = self._cache
        if len(cache) > 50_000:
            cache.clear()
        out: dict[tuple[int, ...], Move] = {}
        for move in legal:
            seq = cache.get(move)
            if seq is None:
                seq = cache[move] = self.space.encode(move)
            if seq in out:
                raise ValueError(f"{out[seq]} and {move} encode to the same actions")
            out[seq] = move
        return out

    def consistent(self, legal: Sequence[Move]) -> dict[tuple[int, ...], Move]:
        """The legal moves whose sequences start with the pending selection."""
        pending = self.pending
        n = len(pending)
        return {seq: m for seq, m in self.sequences(legal).items() if seq[:n] == pending}

    def allowed(self, legal: Sequence[Move]) -> set[int]:
        """The next actions that can still end in a legal move."""
        n = len(self.pending)
        return {seq[n] for seq in self.consistent(legal)}

    def choose(self, action: int, legal: Sequence[Move]) -> Move | None:
        """Add ``action`` to the selection; the move it completes, or ``None`` while several
        legal moves remain possible. ``ValueError`` for an action the mask does not allow."""
        extended = (*self.pending, action)
        n = len(extended)
        left = [m for seq, m in self.sequences(legal).items() if seq[:n] == extended]
        if not left:
            raise ValueError(f"action {action} ({self.space.name(action)}) cannot lead to a legal "
                             f"move now")
        self.pending = extended
        return left[0] if len(left) == 1 else None

    def clear(self) -> None:
        self.pending = ()

    def copy(self) -> Selection:
        """The same selection, sharing the space and the encoding cache (for a cloned state)."""
        other = Selection.__new__(Selection)
        other.space, other.seat = self.space, self.seat
        other.pending, other._cache = self.pending, self._cache
        return other


def actions_for(space: ActionSpace, move: Move, legal: Sequence[Move]) -> tuple[int, ...]:
    """The actions a :class:`Selection` takes to make ``move`` among ``legal``: its sequence cut
    where only ``move`` is left consistent (a single action for most card plays)."""
    sel = Selection(space, 0)
    seq = space.encode(move)
    for i, action in enumerate(seq):
        if sel.choose(action, legal) is not None:
            return seq[: i + 1]
    raise ValueError(f"{move} is not among the legal moves")

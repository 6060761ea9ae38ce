"""Domino games: the boneyard they draw from, the round's double, and lines of play as a picture.

Shared by the domino games (Mexican Train, Chicken Foot):

* :class:`DealsTiles` — a game's set, shuffled by its own RNG, except the first round of a game
  started with a stacked ``deck`` (tile codes, ``["12-12", "7-3", ...]``), which lies as stacked;
  the moves of a domino game name tiles, numbers and words, never a card.
* :func:`line_record` / :func:`lines_picture` — the value of a layout field of kind
  ``dominoes``: a centre tile and lines of play radiating from it, each line's tiles written as
  they lie (from the end touching the tile before to the open end), its open end, whether it
  carries a marker, and the word a move names it by (its ``target``), so a page can make a move
  by a tile selected in the hand and a click on a line's end. A line may branch off another
  (``from``: the line's key and the index of the tile it grows from: a chicken foot's toes);
  a line without ``from`` grows from the centre.
* The round's plumbing both games' books share: :func:`round_double` (the centre double of round
  k, the set's doubles taken downwards or upwards), :func:`deal_hands` (hands drawn in blocks, the
  rest the boneyard), :func:`draw_for_double` (nobody holds the round's double: everyone draws in
  turn until it turns up), :func:`draw_tile` (a player who cannot play draws one), and the hand's
  end: :func:`nobody_can_play` (a blocked hand) and :func:`score_hands_left` (the pips left in each
  hand, the double blank as the book charges it); :func:`longest_chain` (the longest run of a
  hand's tiles that can follow an open end: Mexican Train's bot plans its own train by it, and
  its deal estimate discounts those tiles).
* :class:`DrawOrPass` — the turn's way out when no tile fits, its two kinds of move
  (:class:`DrawTile`: draw once, then play or pass; :class:`PassTurn`), :func:`bare_tile_play` (a
  tile named alone where it fits one line only) and :func:`record_round`, the round's end on the
  score sheet and in the log.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from gamenight.core.moves import Move
from gamenight.core.phases import OneMove
from gamenight.core.state import State
from gamenight.equipment import dominoes as D

DRAW = Move("draw")
PASS = Move("pass")


class DealsTiles:
    """A domino game's boneyard for each round (the set shuffled, or stacked for the first)."""

    stacked_deck: list[str] | None
    deal_no: int
    rng: random.Random
    hands: list[list[int]]
    options: Any
    #: the set the game plays with
    domino_set: ClassVar[D.DominoSet] = D.DOUBLE_TWELVE
    #: a domino game's moves name tiles, numbers (a line) and words: never a card
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"tile", "number", "word"})

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each hand's pips as if
        the round were blocked now, the double blank counted as the game's option says (both books
        charge the pips left, fewer winning)."""
        blank = int(getattr(self.options, "double_blank", 0))
        return [float(HandLeft.of(h).points(blank)) for h in self.hands]

    def deck_template(self) -> list[int]:
        """Every tile of the set (the conformance suite checks they are all conserved)."""
        return list(self.domino_set.tiles)

    def _deck_problem(self) -> str:
        if self.stacked_deck is None:
            return ""
        return D.deck_problem(self.deck_template(), self.stacked_deck)

    def _fresh_boneyard(self, without: Sequence[int] = ()) -> list[int]:
        """The round's tiles face down and mixed (``without``: tiles kept out, a held-out engine)."""
        template = [t for t in self.deck_template() if t not in without]
        if self.deal_no == 1 and self.stacked_deck is not None:
            return D.stack(template, self.stacked_deck, self.rng)
        self.rng.shuffle(template)
        return template


def round_double(round_no: int, top: int, order: str = "descending") -> int:
    """The number of round ``round_no``'s centre double (rounds from 1) in a double-``top`` set:
    ``descending`` from the top-top down (Mexican Train), ``ascending`` from the 0-0 up (Chicken
    Foot)."""
    return top - (round_no - 1) if order == "descending" else round_no - 1


def deal_hands(hands: list[list[int]], bones: list[int], order: Sequence[int], size: int) -> list[int]:
    """Each seat of ``order`` in turn takes ``size`` tiles off the top of ``bones`` as one block (so
    a stacked boneyard names each hand whole); returns what is left: the boneyard."""
    for i, s in enumerate(order):
        hands[s] = bones[i * size:(i + 1) * size]
    return bones[len(order) * size:]


def holder_of(hands: Sequence[Sequence[int]], t: int) -> int | None:
    """The seat holding tile ``t``, if any."""
    for s, hand in enumerate(hands):
        if t in hand:
            return s
    return None


def draw_for_double(state: State, hands: list[list[int]], boneyard: list[int], double: int,
                    order: Sequence[int], *, whole_pass: bool = True, yard: str = "boneyard") -> int:
    """Nobody holds the round's ``double``: the seats of ``order`` draw a tile each in turn from
    the boneyard until it turns up, and the tiles drawn stay in the hands; returns its holder.
    ``whole_pass``: the drawing stops at the end of the pass round the table in which it turned up
    (Mexican Train); otherwise at once (Chicken Foot)."""
    holder = holder_of(hands, double)
    passes = 0
    while holder is None and boneyard:
        passes += 1
        drawers: list[str] = []
        for s in order:
            if not boneyard:
                break
            t = boneyard.pop(0)
            hands[s].append(t)
            drawers.append(state.names[s])
            if t == double:
                holder = s
                state.knowledge.tell(f"hand/{s}", [t])
            state.emit("draw", f"You draw the {D.CODE_OF[t]}.", seat=s, to=s, tile=D.CODE_OF[t])
            if holder is not None and not whole_pass:
                break
        if whole_pass:
            state.emit("draw", f"Nobody held the {D.CODE_OF[double]}: everyone draws a tile"
                               f"{' again' if passes > 1 else ''}.")
        else:
            state.emit("draw", f"Nobody held the {D.CODE_OF[double]}: {', '.join(drawers)} "
                               f"draw{'s' if len(drawers) == 1 else ''} from the {yard} in turn.")
    assert holder is not None, "the round's double is always in a hand or the boneyard"
    return holder


def draw_tile(state: State, hands: list[list[int]], boneyard: list[int], seat: int) -> int:
    """``seat`` cannot play and draws the top tile of the boneyard (the table hears he drew, he
    sees what); returns it."""
    t = boneyard.pop(0)
    hands[seat].append(t)
    state.emit("draw", f"{state.names[seat]} draws a tile.", seat=seat)
    state.emit("draw", f"You draw the {D.CODE_OF[t]}.", seat=seat, to=seat, tile=D.CODE_OF[t])
    return t


class DrawOrPass(State):
    """The domino turn's way out when no tile fits: draw one tile from the yard, once a turn,
    then play it or pass; pass at once when the yard is empty. The game says whether a seat can
    play now (``_play_moves``), names its yard (``YARD``: "boneyard", "chicken yard") and does the
    draw and the pass (``_draw``, ``_pass``); ``DRAWN_MAY_WAIT`` is whether a drawn tile that fits
    may still be kept (Chicken Foot's "may be played at once") or must be played (Mexican Train).
    The rules of both moves are the kinds :class:`DrawTile` and :class:`PassTurn`."""

    boneyard: list[int]
    #: the seat to act has drawn this turn
    drew: bool
    YARD: ClassVar[str] = "boneyard"
    DRAWN_MAY_WAIT: ClassVar[bool] = False

    def _play_moves(self, seat: int) -> list[Move]:
        raise NotImplementedError

    def _draw(self, seat: int, move: Move) -> None:
        raise NotImplementedError

    def _pass(self, seat: int, move: Move) -> None:
        raise NotImplementedError


T = TypeVar("T", bound=DrawOrPass)


class DrawTile(OneMove[T]):
    """Draw a tile from the yard: only when no tile in the hand fits, once a turn, and while the
    yard has tiles."""

    source = "boneyard"

    def rule(self, s: T, seat: int) -> str | None:
        if s.drew:
            if s.DRAWN_MAY_WAIT:
                return "You have drawn already: play the tile you drew if it fits, or pass."
            return "You have drawn already, and the tile you drew fits: play it."
        if s._play_moves(seat):
            return "You can play a tile, so you must: you draw only when you cannot play."
        if not s.boneyard:
            return f"The {s.YARD} is empty: pass."
        return None

    def legal(self, s: T, seat: int) -> list[Move]:
        # the hot path: the cheap conditions first, the hand's plays last
        return [self.move] if s.boneyard and not s.drew and not s._play_moves(seat) else []

    def apply(self, s: T, seat: int, move: Move) -> None:
        s._draw(seat, move)

    def describe(self, s: T, move: Move, viewer: int | None) -> str:
        return f"Draw from the {s.YARD}"


class PassTurn(OneMove[T]):
    """Pass the turn: when no tile fits and the yard is empty or the tile drawn does not fit (or,
    where a drawn tile may wait, once a tile has been drawn)."""

    def rule(self, s: T, seat: int) -> str | None:
        if s.drew and s.DRAWN_MAY_WAIT:
            return None
        if s._play_moves(seat):
            return "You can play a tile, so you must."
        if s.boneyard and not s.drew:
            return (f"Draw from the {s.YARD} first: you pass only when it is empty or the tile drawn "
                    "does not fit.")
        return None

    def legal(self, s: T, seat: int) -> list[Move]:
        # the hot path: while the yard has tiles and none was drawn, no pass (no need to look at the hand)
        if s.drew and s.DRAWN_MAY_WAIT:
            return [self.move]
        return [self.move] if (s.drew or not s.boneyard) and not s._play_moves(seat) else []

    def apply(self, s: T, seat: int, move: Move) -> None:
        s._pass(seat, move)

    def describe(self, s: T, move: Move, viewer: int | None) -> str:
        return "Keep the tile drawn and end your turn" if s.drew else "Pass"


def bare_tile_play(legal: Sequence[Move], move: Move) -> Move | None:
    """A tile named alone (``play 6-4``) where it fits exactly one line: the play on that line."""
    if len(move.args) != 1 or len(move.pieces) != 1:
        return None
    t = move.pieces[0]
    fits = [m for m in legal if m.verb == move.verb and m.pieces[:1] == (t,)]
    return fits[0] if len(fits) == 1 else None


@dataclass(frozen=True, slots=True)
class HandLeft:
    """What a hand left at a round's end counts for: its tiles, their pips, the double blank among
    them (which a book may charge more than its pips). A score pad enters these."""

    tiles: int
    pips: int
    double_blank: bool = False

    @classmethod
    def of(cls, hand: Sequence[int]) -> HandLeft:
        return cls(len(hand), sum(D.PIPS[t] for t in hand), 0 in hand)

    def points(self, double_blank: int) -> int:
        """The pips left, the double blank counting ``double_blank`` (D.pip_count's rule)."""
        return self.pips + (double_blank if self.double_blank else 0)


def round_row(names: Sequence[str], left: Sequence[HandLeft], out: int | None,
              double_blank: int) -> tuple[list[int], list[str], str]:
    """A round's row on the score sheet as both domino books write it, from what each hand left:
    the points (the pips left), each hand's tiles ("out" for the player who went out), and a note
    (who went out, or "blocked"). The engine and the score pad both score through this."""
    points = [h.points(double_blank) for h in left]
    details = [f"{h.tiles} tiles" if h.tiles else "out" for h in left]
    note = f"{names[out]} went out" if out is not None else "blocked"
    return points, details, note


def record_round(state: State, hands: Sequence[Sequence[int]], out: int | None,
                 double_blank: int) -> tuple[list[int], str]:
    """A round's end as both domino books score it: the player who went out (``out``; None: the
    hand is blocked) is named, every hand's pips left are shown and written on the score sheet, and
    the round is told in one sentence. Returns the points and that sentence."""
    n = state.num_players
    score_hands_left(state, hands, double_blank)
    points, details, note = round_row(state.names, [HandLeft.of(h) for h in hands], out, double_blank)
    label = state.deal_name()
    if out is not None:
        state.emit("out", f"{state.names[out]} plays his last tile and wins the {state.DEAL_WORD}.", seat=out)
    state.sheet.add(label, points, details=details, note=note)
    parts = ", ".join(f"{state.names[s]} {points[s]}" for s in range(n) if s != out)
    state.emit("score", f"{label}: {note}; {parts}.")
    return points, f"{note.capitalize()}; {parts}."


def in_hand_order(tiles: list[int]) -> list[int]:
    """A hand as players stand it: high tiles first."""
    return sorted(tiles, key=lambda t: (-D.HIGH[t], -D.LOW[t]))


def nobody_can_play(hands: Sequence[Sequence[int]], ends: Sequence[int]) -> bool:
    """No tile of any hand matches any of the open ``ends``: with the boneyard empty the hand is
    blocked."""
    high, low = D.HIGH, D.LOW
    wanted = set(ends)
    return not any(high[t] in wanted or low[t] in wanted for hand in hands for t in hand)


def score_hands_left(state: State, hands: Sequence[Sequence[int]], double_blank: int) -> list[int]:
    """The hand's end: each player's pips left (the double blank ``double_blank``), each hand
    shown to the table; returns the points."""
    points = [HandLeft.of(h).points(double_blank) for h in hands]
    for s, hand in enumerate(hands):
        if hand:
            state.emit("hand", f"{state.names[s]} holds {' '.join(D.codes(hand))}: {points[s]}.", seat=s,
                       tiles=D.codes(hand))
    return points


#: the most search steps spent on the own-train plan (a hand of 15 tiles is searched whole in
#: far fewer almost always)
CHAIN_BUDGET = 800


def longest_chain(end: int, tiles: list[int], budget: int = CHAIN_BUDGET) -> list[int]:
    """The longest run of ``tiles`` that can be laid one after another from an open ``end``
    (doubles count double: they shed two tiles' worth in one go)."""
    best: list[int] = []
    best_value = -1
    path: list[int] = []
    used = [False] * len(tiles)
    steps = 0

    def walk(e: int, value: int) -> None:
        nonlocal best, best_value, steps
        steps += 1
        if value > best_value:
            best, best_value = list(path), value
        if steps > budget:
            return
        for i, t in enumerate(tiles):
            if not used[i] and (D.HIGH[t] == e or D.LOW[t] == e):
                used[i] = True
                path.append(t)
                walk(D.other_end(t, e), value + (2 if D.IS_DOUBLE[t] else 1))
                path.pop()
                used[i] = False

    walk(end, 0)
    return best


def line_record(key: str, label: str, start: int, tiles: Sequence[int], *, target: str,
                seat: int | None = None, marked: bool = False, open_to_all: bool = False,
                branch: tuple[str, int] | None = None, note: str = "", turn: int | None = None,
                closed: bool = False, crosswise: Sequence[int] = ()) -> dict[str, Any]:
    """One line of play for a ``dominoes`` field (see the module's docstring). A branch may say
    which way it leaves its tile (``turn``: degrees from its parent line's direction; a page turns
    it a quarter otherwise); ``closed``: nothing more goes on the line's end (a chicken foot's
    double, whose toes carry on); ``crosswise``: the indexes of its tiles that lie across it."""
    out: dict[str, Any] = {
        "key": key, "label": label, "seat": seat, "tiles": D.laid(start, tiles),
        "open": D.open_end(start, tiles), "start": start, "marked": marked, "open_to_all": open_to_all,
        "target": target,
    }
    if branch is not None:
        out["from"] = {"line": branch[0], "index": branch[1]}
        if turn is not None:
            out["from"]["turn"] = turn
    if closed:
        out["closed"] = True
    if crosswise:
        out["crosswise"] = list(crosswise)
    if note:
        out["note"] = note
    return out


def lines_picture(centre: int | None, lines: list[dict[str, Any]], *, verb: str = "play",
                  marker_word: str = "marker", hint: str = "") -> dict[str, Any]:
    """The value of a ``dominoes`` field: the centre tile (``None``: none laid yet), the lines, and
    the move verb a tile and a line's ``target`` make (``play 12-7 3``); ``hint``: how a person
    plays a tile on the page, in the game's words (a page has its own otherwise)."""
    out: dict[str, Any] = {"centre": None if centre is None else D.CODE_OF[centre], "lines": lines,
                           "verb": verb, "marker": marker_word}
    if hint:
        out["hint"] = hint
    return out


__all__ = [
    "DRAW",
    "PASS",
    "DealsTiles",
    "DrawOrPass",
    "DrawTile",
    "HandLeft",
    "PassTurn",
    "bare_tile_play",
    "deal_hands",
    "draw_for_double",
    "draw_tile",
    "holder_of",
    "in_hand_order",
    "line_record",
    "lines_picture",
    "nobody_can_play",
    "record_round",
    "round_double",
    "round_row",
    "score_hands_left",
]

"""Jokers Wild — the family rule book (seed 000, p.23, "Jokers Wild (Board Game)").

A marble race played with cards, after Pegs and Jokers. Three decks with their jokers (162
cards). Two players, or four in two partnerships, partners opposite. The board is a loop of 72
holes, 18 to a side, played clockwise (hole numbers rise); each side has a Home of five holes
beside its come-out hole (hole 8 of its side, its corner counted 0: 8, 26, 44, 62) and a Castle
of five holes branching off its Castle entrance (hole 3 of the side: 3, 21, 39, 57). With two
players they sit at the first and the third side. Each player has five marbles, all in Home at
the start; five cards each, the rest face down as the draw pile; the player left of the dealer
begins.

On your turn you play one card and make its move, then draw back to five:

* an ace moves a marble 1 hole, a jack, queen or king 10; either may instead bring a marble out
  of Home onto your come-out hole (``out KH``);
* 2 to 6, 9 and 10 move a marble forward that many holes (``move 5H 30``: the marble on 30);
* an 8 moves a marble exactly 8 holes backward (``move 8C 30``);
* a 7 moves one marble 7 holes, or is split between two of your marbles (``split 7H 10 3 40 4``:
  the marble on 10 moves 3, then the marble on 40 moves 4);
* a joker moves one of your marbles on the loop to the hole of any other marble on the loop
  (``swap JK 10 50``): an opponent's marble goes back to its Home, a partner's to its Castle
  entrance — and an opponent on that entrance goes Home.

A marble may never pass or land on a marble of your own or your partner's; landing on an
opponent sends it Home (passing it is free). A forward move that reaches your Castle entrance
goes on into the Castle when it can end inside it with the exact count, passing no marble, and
otherwise goes on round the loop. Marbles in the Castle move further in by exact count. A player
who can make a move must, even one that hurts; with no move, you throw one card away
(``discard 5H``) and draw. When all five of your marbles are in your Castle your cards move your
partner's marbles (out of its Home too); a 7 that brings your last marble in moves a partner's
marble with the rest (``split 7H 2 2 60 5``), and the rest is lost only when no partner's marble
can use it (``split 7H 2 2``). The first side with all its marbles in its Castle wins (both
partners' ten; a single player's five).

Typed shorthands: the card first (``5H 30``, ``7H 10 3 40 4``, ``JK 10 50``), a Castle hole as
``C1``..``C5`` of the marble's owner, and a bare card with a single move.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §22, code JW):

* G-JW-1 — the spec's proposed geometry (pagat's Pegs and Jokers): holes 0–71, come-out hole
  ``18p + 8``, Castle entrance ``18p + 3``; Home and Castle holes are numbered after the loop
  (seat by seat: Home, then Castle C1..C5), as the picture shows.
* G-JW-2 — five marbles each (option ``marbles``: three to five).
* G-JW-3 — landing exactly on an opponent sends it Home; passing it is free.
* G-JW-4 — a normal move may not end on a partner's marble; only a joker displaces a partner.
  Option ``land_on_partner_sends_to_entrance`` (pagat): it may, and the partner's marble goes to
  its Castle entrance as with a joker.
* G-JW-5 — exact count into the Castle; a move that cannot end inside it goes on round the loop.
  A move that can end inside the Castle always does (the book's goal; never a choice). Option
  ``castle_overshoot`` ``must_wait``: a marble that cannot end inside its Castle may not move
  past its entrance at all.
* Backing in (option ``back_in_with_8``, on): a marble an 8 takes backward past its Castle
  entrance may enter on a later forward move. Off: it must go round the loop again first.
  An 8 never enters a Castle, and marbles in the Castle or in Home never move backward.
* G-JW-6 — the joker's own marble must be on the loop (out of Home, not in its Castle); its target
  is any other player's marble on the loop, never one in a Home or a Castle, never one's own.
* G-JW-7 — two players sit at the first and third sides (board seats 0 and 2); no partner rules.
* G-JW-8 — a joker that is the only card with a move must be played (the book: no pass while you
  have a play). Option ``joker_never_forced`` (pagat): when every move you have is a joker's,
  you may throw a card away instead.
* G-JW-9 — a joker (or, with the option of G-JW-4, a landing) that would send a partner's marble
  to its Castle entrance while a marble of your side holds that entrance is illegal.
* G-JW-10 — option ``nine_split``: a 9 may also be split between two marbles, the first part
  forward and then the rest backward (``split 9H 10 5 40 4``: 10 forward 5, then 40 back 4).
* G-JW-11 — jacks, queens and kings move 10 (the book).
* Option ``decks`` (OPT-JW-decks): three or four decks, each with its two jokers.
* The 7: each part moves at least one hole and the two parts move two different marbles, in the
  order written (the first may clear the way for the second); a part that brings your last marble
  into its Castle hands the rest to your partner's marbles, as above.
* Marbles that go Home fill its lowest free hole; a marble comes out from its lowest full one.
* A marble a joker moves (or one sent to its entrance) may turn into its Castle on its next
  forward move, whatever an 8 did to it before.
* No scores: the score sheet records, at the end, each side's marbles in its Castles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.errors import IllegalMove
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import ByName, KindsPhase, MoveKind, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.core.zones import Visibility
from gamenight.equipment import boards as B
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards, DrawsBack
from gamenight.families.table import Seating

BOARD = B.JOKERS_WILD
LOOP = BOARD.loop
HOLES = BOARD.size
EMPTY = B.EMPTY
HAND_SIZE = 5
#: each board seat's come-out hole, Castle entrance, Home and Castle holes
OUT_HOLE = BOARD.entry
ENTRANCE = BOARD.exit
HOME = BOARD.start
CASTLE = BOARD.finish
#: the Castle index (0 = C1) of each hole (-1: not a Castle hole), and each hole's owner
CASTLE_INDEX: tuple[int, ...] = BOARD.finish_index
IN_HOME: tuple[bool, ...] = BOARD.is_start
COLOURS = ("red", "blue", "green", "yellow")
SEAT_WORDS = ("first", "second", "third", "fourth")
JOKER = C.JOKER
OUT_RANKS = frozenset({C.ACE, C.JACK, C.QUEEN, C.KING})
#: how far each rank moves (the 8 backward)
STEPS: dict[int, int] = {C.ACE: 1, C.TWO: 2, C.THREE: 3, C.FOUR: 4, C.FIVE: 5, C.SIX: 6, C.SEVEN: 7,
                         C.EIGHT: -8, C.NINE: 9, C.TEN: 10, C.JACK: 10, C.QUEEN: 10, C.KING: 10}
CONTINUE, MUST_WAIT = "continue", "must_wait"
OWNER, PUBLIC, UNSEEN = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(4)]
HOLE_ARG = [B.HOLE(h) for h in range(HOLES)]
NUM_ARG = [NUMBER(k) for k in range(10)]


def hole_text(h: int) -> str:
    """A hole as a person reads it: ``30``; ``C2`` in a Castle; ``Home``."""
    if CASTLE_INDEX[h] >= 0:
        return f"C{CASTLE_INDEX[h] + 1}"
    return "Home" if IN_HOME[h] else str(h)


def steps_of(card: int) -> int:
    return STEPS.get(C.RANK_OF[card], 0) if card != JOKER else 0


# ---- the board's rules, on a position (pure: the game and its bot share them) ---------------------

@dataclass(frozen=True, slots=True)
class Rules:
    """What the moves depend on besides the position: the options, and each board seat's side."""

    marbles: int
    back_in: bool
    must_wait: bool
    land_partner: bool
    nine_split: bool
    #: the board seats of each board seat's side (itself and its partner)
    side: tuple[frozenset[int], ...]
    #: each board seat's partner (-1: none)
    partner: tuple[int, ...]


class Position:
    """Marbles on the holes (the board seat owning each, or EMPTY), and the holes whose marble
    backed past its Castle entrance and may not turn into it (option ``back_in_with_8`` off)."""

    __slots__ = ("bar", "holes")

    def __init__(self, holes: list[int], bar: set[int]) -> None:
        self.holes = holes
        self.bar = bar

    def copy(self) -> Position:
        return Position(self.holes[:], set(self.bar))

    def in_castle(self, b: int) -> int:
        holes = self.holes
        return sum(1 for h in CASTLE[b] if holes[h] == b)

    def in_home(self, b: int) -> list[int]:
        holes = self.holes
        return [h for h in HOME[b] if holes[h] == b]

    def marbles_of(self, b: int) -> list[int]:
        """The holes of ``b``'s marbles out of Home (the loop, then its Castle)."""
        holes = self.holes
        return [h for h in range(LOOP) if holes[h] == b] + [h for h in CASTLE[b] if holes[h] == b]


def mover_of(r: Rules, pos: Position, b: int) -> int:
    """Whose marbles board seat ``b``'s cards move: its own, or its partner's once its own are all
    in its Castle (-1: nobody's, the side has finished)."""
    if pos.in_castle(b) < r.marbles:
        return b
    q = r.partner[b]
    return q if q >= 0 and pos.in_castle(q) < r.marbles else -1


def send_home(pos: Position, hole: int, notes: list[str]) -> None:
    b = pos.holes[hole]
    free = next(h for h in HOME[b] if pos.holes[h] == EMPTY)
    pos.holes[free] = b
    pos.holes[hole] = EMPTY
    pos.bar.discard(hole)
    notes.append(f"the {COLOURS[b]} marble on {hole} goes Home")


def to_entrance(r: Rules, pos: Position, hole: int, notes: list[str]) -> str:
    """The partner's marble on ``hole`` goes to its Castle entrance (an opponent there goes Home);
    a marble of the side already there makes it illegal (G-JW-9). Returns why not, or ""."""
    q = pos.holes[hole]
    e = ENTRANCE[q]
    there = pos.holes[e]
    if e == hole or (there != EMPTY and there in r.side[q]):
        return (f"the partner's marble would go to its Castle entrance {e}, and a marble of your side "
                "is there")
    if there != EMPTY:
        send_home(pos, e, notes)
    pos.holes[hole] = EMPTY
    pos.bar.discard(hole)
    pos.holes[e] = q
    notes.append(f"the {COLOURS[q]} marble on {hole} goes to its Castle entrance {e}")
    return ""


def land(r: Rules, pos: Position, src: int, dst: int, barred: bool, notes: list[str]) -> str:
    """The marble on ``src`` ends on ``dst``: an opponent there goes Home, a partner (only with the
    option of G-JW-4, checked by the caller) to its entrance. Returns why not, or ""."""
    holes = pos.holes
    b = holes[src]
    holes[src] = EMPTY
    pos.bar.discard(src)
    there = holes[dst]
    if there != EMPTY:
        if there in r.side[b]:
            why = to_entrance(r, pos, dst, notes)
            if why:
                return why
        else:
            send_home(pos, dst, notes)
    holes[dst] = b
    if barred and dst < LOOP:
        pos.bar.add(dst)
    return ""


def forward(r: Rules, pos: Position, src: int, n: int) -> tuple[int, bool] | str:
    """Where the marble on ``src`` ends ``n`` holes forward (and whether it is still barred from
    its Castle), or why it cannot go."""
    holes = pos.holes
    b = holes[src]
    ci = CASTLE_INDEX[src]
    if ci >= 0:
        if ci + n > len(CASTLE[b]) - 1:
            return f"the marble on {hole_text(src)} cannot go {n} further in: the Castle ends sooner"
        for k in range(1, n + 1):
            if holes[CASTLE[b][ci + k]] != EMPTY:
                return f"the marble on {hole_text(src)} would pass or land on your own marble in the Castle"
        return CASTLE[b][ci + n], False
    if IN_HOME[src]:
        return "a marble in Home only comes out (an ace or a face card)"
    barred = src in pos.bar
    may = not barred
    entrance = ENTRANCE[b]
    cur, left = src, n
    while left > 0:
        if cur == entrance and may:
            castle = CASTLE[b]
            if left <= len(castle) and all(holes[castle[k]] == EMPTY for k in range(left)):
                return castle[left - 1], False
            if r.must_wait:
                return (f"the marble on {src} cannot end inside its Castle with {n}, and it may not go "
                        "past its entrance (it must wait)")
        if cur == entrance:
            barred = False  # past the entrance going forward: it may turn in next time round
        cur = cur + 1 if cur + 1 < LOOP else 0
        left -= 1
        why = _side_in_the_way(r, holes, src, cur, left)
        if why:
            return why
    return cur, barred


def _side_in_the_way(r: Rules, holes: list[int], src: int, cur: int, left: int) -> str:
    """Why the marble from ``src`` may not reach ``cur`` with ``left`` holes still to go: it never
    passes a marble of its side, and lands on one only on the partner's, with the option of G-JW-4."""
    b, there = holes[src], holes[cur]
    if there == EMPTY or there not in r.side[b] or cur == src:
        return ""
    if not left and r.land_partner and there != b:  # landing on the partner, allowed by the option
        return ""
    verb = "land on" if not left else "pass"
    whose = "your own" if there == b else "your partner's"
    return f"the marble on {src} would {verb} {whose} marble on {cur}"


def backward(r: Rules, pos: Position, src: int, n: int) -> tuple[int, bool] | str:
    holes = pos.holes
    b = holes[src]
    if src >= LOOP:
        where = "Home" if IN_HOME[src] else "the Castle"
        return f"only a marble on the loop moves backward, not one in {where}"
    barred = src in pos.bar
    cur = src
    for left in range(n - 1, -1, -1):
        cur = cur - 1 if cur else LOOP - 1
        if cur == ENTRANCE[b] and left and not r.back_in:
            barred = True
        why = _side_in_the_way(r, holes, src, cur, left)
        if why:
            return why
    return cur, barred


def goes(r: Rules, pos: Position, src: int, n: int) -> tuple[int, bool] | str:
    """Where the marble on ``src`` ends ``n`` holes on (backward when negative), or why not."""
    return forward(r, pos, src, n) if n > 0 else backward(r, pos, src, -n)


def step(r: Rules, pos: Position, src: int, n: int, notes: list[str]) -> str:
    """Move the marble on ``src`` ``n`` holes (backward when negative) on ``pos``; why not, or ""."""
    went = goes(r, pos, src, n)
    if isinstance(went, str):
        return went
    dst, barred = went
    return land(r, pos, src, dst, barred, notes)


def bring_out(r: Rules, pos: Position, b: int, notes: list[str]) -> str:
    home = pos.in_home(b)
    if not home:
        return "no marble is left in Home"
    o = OUT_HOLE[b]
    there = pos.holes[o]
    if there != EMPTY and there in r.side[b]:
        return f"the come-out hole {o} holds a marble of your side"
    if there != EMPTY:
        send_home(pos, o, notes)
    pos.holes[home[0]] = EMPTY
    pos.holes[o] = b
    return ""


def swap(r: Rules, pos: Position, b: int, src: int, dst: int, notes: list[str]) -> str:
    holes = pos.holes
    if not (0 <= src < LOOP) or holes[src] != b:
        return "a joker moves a marble of yours that is out on the loop (not in Home or the Castle)"
    if not (0 <= dst < LOOP) or holes[dst] == EMPTY or dst == src:
        return "a joker's marble takes the hole of another marble on the loop"
    there = holes[dst]
    if there == b:
        return "a joker's marble takes another player's marble's hole, not one of your own"
    holes[src] = EMPTY
    pos.bar.discard(src)
    if there in r.side[b]:
        why = to_entrance(r, pos, dst, notes)
        if why:
            return why
    else:
        send_home(pos, dst, notes)
    holes[dst] = b
    return ""


def holes_and_counts(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The holes a move names and, in a split, each part's count. Read from its arguments in
    order: typed text not built by the game reads every number as a count."""
    values = tuple(a.value for a in move.args[1:] if isinstance(a.value, int))
    if move.verb == "split":
        return values[0::2], values[1::2]
    return values, ()


def play_card(r: Rules, pos: Position, seat_b: int, move: Move, notes: list[str]) -> str:
    """Make ``move`` (a card's move by board seat ``seat_b``) on ``pos``; why not, or ""."""
    verb, card = move.verb, move.cards[0]
    b = mover_of(r, pos, seat_b)
    if b < 0:
        return "your side's marbles are all in their Castles"
    sp, nums = holes_and_counts(move)
    rank = C.RANK_OF[card] if card != JOKER else -1
    if verb == "out":
        if rank not in OUT_RANKS:
            return "only an ace or a face card (jack, queen, king) brings a marble out of Home"
        return bring_out(r, pos, b, notes)
    if verb == "swap":
        if card != JOKER:
            return "only a joker swaps marbles"
        if len(sp) != 2:
            return "name your marble and the other: 'swap JK 10 50'"
        return swap(r, pos, b, sp[0], sp[1], notes)
    if card == JOKER:
        return "a joker swaps two marbles: 'swap JK 10 50' (your marble on 10 takes the hole 50)"
    if verb == "move":
        if len(sp) != 1:
            return "name the hole of the marble to move: 'move 5H 30'"
        if pos.holes[sp[0]] != b:
            return _not_yours(pos, sp[0], b, seat_b)
        return step(r, pos, sp[0], steps_of(card), notes)
    # split
    total = 7 if rank == C.SEVEN else 9 if rank == C.NINE and r.nine_split else 0
    if not total:
        return "only a 7 (or a 9, with the option) is split between two marbles"
    if len(sp) != len(nums) or len(sp) not in (1, 2) or any(k < 1 for k in nums):
        return "write each part as a marble's hole and a count: 'split 7H 10 3 40 4'"
    if (len(sp) == 2 and sum(nums) != total) or (len(sp) == 1 and nums[0] >= total):
        return f"the two parts of a {total} add up to {total}"
    if pos.holes[sp[0]] != b:
        return _not_yours(pos, sp[0], b, seat_b)
    went = goes(r, pos, sp[0], nums[0])
    why = went if isinstance(went, str) else step(r, pos, sp[0], nums[0], notes)
    if why:
        return f"first part: {why}"
    first_end = went[0] if not isinstance(went, str) else -1
    after = mover_of(r, pos, seat_b)
    if len(sp) == 1:
        if after == b or total != 7:
            return f"the rest of the {total} must move another marble"
        if after >= 0 and any(not step(r, pos.copy(), h, total - nums[0], []) for h in pos.marbles_of(after)):
            return "the rest of the 7 must move a partner's marble when one can use it"
        return ""
    if after < 0:
        return "your side is home: the rest of the 7 is lost ('split' with one part)"
    if pos.holes[sp[1]] != after or sp[1] == first_end:
        whose = "of yours" if after == seat_b else "of your partner's"
        return f"the second part moves another marble {whose}"
    why = step(r, pos, sp[1], nums[1] if total == 7 else -nums[1], notes)
    return f"second part: {why}" if why else ""


def _not_yours(pos: Position, h: int, b: int, seat_b: int) -> str:
    whose = "your" if b == seat_b else "your partner's"
    if pos.holes[h] == EMPTY:
        return f"there is no marble on {h}"
    return f"the marble on {h} is not {whose}: you move {whose} marbles"


def marble_moves(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> list[Move]:
    """Every card move of board seat ``seat_b`` with ``hand`` (not the discards)."""
    b = mover_of(r, pos, seat_b)
    if b < 0:
        return []
    out: list[Move] = []
    mine = pos.marbles_of(b)
    loop_mine = [h for h in mine if h < LOOP]

    def ok(m: Move) -> bool:
        return not play_card(r, pos.copy(), seat_b, m, [])

    for card in sorted(set(hand)):
        arg = C.CARD_ARG[card]
        if card == JOKER:
            holes = pos.holes
            for src in loop_mine:
                for dst in range(LOOP):
                    if holes[dst] != EMPTY and holes[dst] != b:
                        m = Move("swap", arg, HOLE_ARG[src], HOLE_ARG[dst])
                        if ok(m):
                            out.append(m)
            continue
        rank = C.RANK_OF[card]
        if rank in OUT_RANKS:
            m = Move("out", arg)
            if ok(m):
                out.append(m)
        for h in mine:
            m = Move("move", arg, HOLE_ARG[h])
            if ok(m):
                out.append(m)
        total = 7 if rank == C.SEVEN else 9 if rank == C.NINE and r.nine_split else 0
        if total:
            out += _splits(r, pos, seat_b, b, card, total, mine)
    return out


def _splits(r: Rules, pos: Position, seat_b: int, b: int, card: int, total: int,
            mine: list[int]) -> list[Move]:
    """A 7 (or a 9, forward then back) split between two marbles: every legal pair of parts."""
    out: list[Move] = []
    arg = C.CARD_ARG[card]
    back = total == 9
    for h1 in mine:
        for a in range(1, total):
            went = goes(r, pos, h1, a)
            if isinstance(went, str):
                continue
            first = pos.copy()
            if land(r, first, h1, went[0], went[1], []):
                continue
            after = mover_of(r, first, seat_b)
            rest = total - a
            if after != b and not back:
                # the 7 brought the last marble in: the rest moves a partner's, or is lost
                found = False
                for h2 in first.marbles_of(after) if after >= 0 else []:
                    if not step(r, first.copy(), h2, rest, []):
                        out.append(Move("split", arg, HOLE_ARG[h1], NUM_ARG[a], HOLE_ARG[h2], NUM_ARG[rest]))
                        found = True
                if not found:
                    out.append(Move("split", arg, HOLE_ARG[h1], NUM_ARG[a]))
                continue
            if after < 0:
                continue
            for h2 in first.marbles_of(after):
                if h2 == went[0]:
                    continue
                n2 = -rest if back else rest
                if not step(r, first.copy(), h2, n2, []):
                    out.append(Move("split", arg, HOLE_ARG[h1], NUM_ARG[a], HOLE_ARG[h2], NUM_ARG[rest]))
    return out


def rules_from(data: dict[str, Any]) -> Rules:
    """The rules a view spells out (``view["rules"]``), for a program that plays from views."""
    partner = tuple(int(q) for q in data["partner"])
    side = tuple(frozenset({b, partner[b]} - {-1}) for b in range(BOARD.seats))
    return Rules(int(data["marbles"]), bool(data["back_in"]), bool(data["must_wait"]),
                 bool(data["land_partner"]), bool(data["nine_split"]), side, partner)


def side_done(r: Rules, pos: Position, b: int) -> bool:
    return all(pos.in_castle(q) >= r.marbles for q in r.side[b])


# ---- the game ---------------------------------------------------------------------------------------

@dataclass(frozen=True, kw_only=True)
class JokersWildOptions(Options):
    marbles: int = option(
        5, "Marbles each",
        "How many marbles each player brings home (Home and Castle hold five).",
        minimum=3, maximum=5,
    )
    decks: int = option(
        3, "Decks",
        "How many decks, each with its two jokers, make the draw pile.",
        minimum=3, maximum=4,
    )
    back_in_with_8: bool = option(
        True, "Back in with an 8",
        "A marble an 8 takes backward past its Castle entrance may enter on a later forward move; "
        "off, it must go round the loop again first.",
    )
    castle_overshoot: str = option(
        CONTINUE, "A move too long for the Castle",
        "What a marble does that reaches its Castle entrance but cannot end inside the Castle.",
        choices={CONTINUE: "It goes on round the loop", MUST_WAIT: "It may not move past its entrance"},
    )
    joker_never_forced: bool = option(
        False, "A joker is never forced",
        "When every move you have is a joker's, you may throw a card away instead.",
    )
    nine_split: bool = option(
        False, "Split a 9",
        "A 9 may also be split between two marbles: one forward, then the other backward the rest.",
    )
    land_on_partner_sends_to_entrance: bool = option(
        False, "Land on a partner",
        "A normal move may end on a partner's marble, which goes to its Castle entrance (as with "
        "a joker).",
    )


PRESETS: dict[str, Preset] = {
    "pegs-and-jokers": Preset("pegs-and-jokers", "Pagat's Pegs and Jokers: land on a partner, jokers never "
                                                 "forced, 9s split",
                              {"land_on_partner_sends_to_entrance": True, "joker_never_forced": True,
                               "nine_split": True}),
}


class JokersWildPhase(PhaseName):
    NONE = "", "Game over"
    PLAY = "play", "Playing a card: move a marble"


VERBS = ("out", "move", "split", "swap", "discard")


class PlayPhase(KindsPhase["JokersWild"]):
    def to_act(self, s: JokersWild) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: JokersWild) -> list[MoveKind[Any]]:
        return [ByName(VERBS, "_moves", "_why_not", "_make")]


class JokersWild(PhaseDispatch, DealsCards, DrawsBack, Seating, State):
    """Cards move marbles round a 72-hole loop, from Home to the Castle."""

    DEAL_WORD: ClassVar[str] = "game"
    VERB_WORDS: ClassVar[dict[str, str]] = {"out": "bring a marble out", "move": "move a marble",
                                            "split": "split between two marbles",
                                            "swap": "swap with another marble"}
    ARG_KINDS: ClassVar[frozenset[str] | None] = frozenset({"card", "hole", "number", "word"})
    options: JokersWildOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        JokersWildPhase.NONE: PhaseHandler(), JokersWildPhase.PLAY: PlayPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True),
        Field("track", "The board", Kind.TRACK),
        Field("castles", "In the Castles", Kind.TEXT),
        Field("helping", "Moving a partner's marbles", Kind.TEXT),
        Field("last_play", "Last play", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating(teams=2 if n == 4 else 1)
        self.phase_name: str = JokersWildPhase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discards: list[int] = []
        #: the board seat of each player: the first and third sides at two
        self.bseat: list[int] = [2 * s for s in range(n)] if n == 2 else list(range(n))
        self.player_of: dict[int, int] = {b: s for s, b in enumerate(self.bseat)}
        o = self.options
        side = [frozenset({b}) for b in range(BOARD.seats)]
        partner = [-1] * BOARD.seats
        if n == 4:
            for b in range(4):
                side[b] = frozenset({b, (b + 2) % 4})
                partner[b] = (b + 2) % 4
        self.rules = Rules(o.marbles, o.back_in_with_8, o.castle_overshoot == MUST_WAIT,
                           o.land_on_partner_sends_to_entrance, o.nine_split, tuple(side), tuple(partner))
        holes = BOARD.empty()
        for b in self.bseat:
            for h in HOME[b][:o.marbles]:
                holes[h] = b
        #: the marbles on the holes, and the holes of marbles barred from their Castle (the state's own
        #: lists, so a clone copies them; ``pos`` reads them as a Position)
        self.holes: list[int] = holes
        self.bar: set[int] = set()
        self.turn = 0
        self.last_play = ""
        self._deal()

    @property
    def pos(self) -> Position:
        return Position(self.holes, self.bar)

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.options.decks, jokers=2 * self.options.decks)

    def _sheet_columns(self) -> list[str]:
        if self.num_players == 4:
            return [f"{self.names[0]} & {self.names[2]}", f"{self.names[1]} & {self.names[3]}"]
        return list(self.names)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.num_players == 4 else seat

    def column_of(self, seat: int) -> int:
        return self.side_of(seat)

    # ---- the deal ---------------------------------------------------------------------------------

    def _deal(self) -> None:
        n = self.num_players
        self.deal_no = 1
        deck = self._fresh_deck()
        order = self.seats_from(self.left_of_dealer())
        for i, s in enumerate(order):
            self.hands[s] = deck[i:HAND_SIZE * n:n]
        self.stock = deck[HAND_SIZE * n:][::-1]
        self.turn = order[0]
        self.phase_name = JokersWildPhase.PLAY
        colours = "; ".join(f"{self.names[s]} plays {COLOURS[self.bseat[s]]}" for s in range(n))
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each; "
                          f"{colours}. "
                          f"{self.names[self.turn]} begins.", seat=self.dealer)

    # ---- what a seat may do ---------------------------------------------------------------------

    def card_moves(self, seat: int) -> list[Move]:
        return marble_moves(self.rules, self.pos, self.bseat[seat], self.hands[seat])

    def _moves(self, seat: int) -> list[Move]:
        moves = self.card_moves(seat)
        if moves and not (self.options.joker_never_forced and all(m.verb == "swap" for m in moves)):
            return moves
        return moves + [Move("discard", C.CARD_ARG[c]) for c in sorted(set(self.hands[seat]))]

    def _why_not(self, seat: int, move: Move) -> str:
        if len(move.cards) != 1 or move.cards[0] not in self.hands[seat]:
            if len(move.cards) != 1:
                return ("Name the card you play first: 'move 5H 30', 'out KH', 'split 7H 10 3 40 4', "
                        "'swap JK 10 50'.")
            return f"You do not hold {C.LABEL_OF[move.cards[0]]}."
        if move.verb == "discard":
            return "You have a move: a card is thrown away only when none of yours can move a marble."
        if any(not 0 <= h < HOLES for h in holes_and_counts(move)[0]):
            return "There is no such hole."
        why = play_card(self.rules, self.pos.copy(), self.bseat[seat], move, [])
        if why:
            return why[0].upper() + why[1:] + "."
        return "That move is not one the card makes."

    # ---- doing it ---------------------------------------------------------------------------------

    def _make(self, seat: int, move: Move) -> None:
        card = move.cards[0]
        self.hands[seat].remove(card)
        self.discards.append(card)
        name = self.names[seat]
        if move.verb == "discard":
            self.last_play = f"{name} could move no marble and threw {C.LABEL_OF[card]} away."
            self.emit("discard", f"{name} can move no marble and throws {C.LABEL_OF[card]} away.", seat=seat,
                      card=C.CODE_OF[card])
        else:
            before = self.pos.copy()
            notes: list[str] = []
            play_card(self.rules, self.pos, self.bseat[seat], move, notes)
            what = self._describe(move, before)
            extra = f"; {'; '.join(notes)}" if notes else ""
            self.last_play = f"{name} played {C.LABEL_OF[card]}: {what}{extra}."
            self.emit(move.verb, f"{name} plays {C.LABEL_OF[card]}: {what}{extra}.", seat=seat,
                      card=C.CODE_OF[card], move=str(move))
            b = self.bseat[seat]
            if side_done(self.rules, self.pos, b):
                self._won(seat)
                return
            q = self.rules.partner[b]
            if before.in_castle(b) < self.rules.marbles <= self.pos.in_castle(b) and q >= 0:
                self.emit("helping", f"All of {name}'s marbles are in the Castle: {name}'s cards now move "
                                     f"{self.names[self.player_of[q]]}'s marbles.", seat=seat)
        self.draw_card(seat)
        self.turn = self.next_seat(seat)

    def _describe(self, move: Move, before: Position) -> str:
        sp, nums = move.spaces, move.numbers
        if move.verb == "out":
            return "a marble comes out of Home"
        if move.verb == "swap":
            return f"the marble on {sp[0]} takes the hole {sp[1]}"
        if move.verb == "move":
            n = steps_of(move.cards[0])
            return f"the marble on {hole_text(sp[0])} moves {abs(n)} {'back' if n < 0 else 'on'}"
        parts = [f"the marble on {hole_text(h)} moves {k}" for h, k in zip(sp, nums, strict=True)]
        if len(parts) == 1:
            parts.append(f"the other {7 - nums[0]} are lost")
        elif C.RANK_OF[move.cards[0]] == C.NINE:
            parts[1] += " back"
        return ", then ".join(parts)

    def _won(self, seat: int) -> None:
        self.phase_name = JokersWildPhase.NONE
        n = self.num_players
        cols = len(self._sheet_columns())
        inside = [0] * cols
        for s in range(n):
            inside[self.side_of(s)] += self.pos.in_castle(self.bseat[s])
        self.sheet.add(f"{self.deal_name()}: marbles in the Castles", inside)
        side = self.side_of(seat)
        winners = [s for s in range(n) if self.side_of(s) == side]
        who = " and ".join(self.names[s] for s in winners)
        self.finish([inside[self.side_of(s)] for s in range(n)], winners,
                    f"{who} brought all {self.rules.marbles * len(winners)} marbles into the Castle"
                    f"{'s' if len(winners) > 1 else ''}.")

    # ---- typed shorthands -----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """The card first (``5H 30``, ``7H 10 3 40 4``, ``JK 10 50``, ``KH out``); ``C1``..``C5``
        for a hole of the moving marbles' Castle; a bare card with one move makes it."""
        words = text.split()
        if not words:
            return parse_move(text)
        if not self.is_over:
            b = mover_of(self.rules, self.pos, self.bseat[self.turn])
            if b >= 0:
                words = [str(CASTLE[b][int(w[1]) - 1]) if len(w) == 2 and w[0] in "cC" and w[1] in "12345"
                         else w for w in words]
        if C.is_card_code(words[0]):
            card = C.card(words[0])
            rest = words[1:]
            if rest == ["out"]:
                return parse_move(f"out {words[0]}")
            if len(rest) == 1:
                return parse_move(f"move {' '.join(words)}")
            if len(rest) == 2 and card == JOKER:
                return parse_move(f"swap {' '.join(words)}")
            if len(rest) in (2, 4):
                return parse_move(f"split {' '.join(words)}")
            if not rest and not self.is_over:
                legal = [m for m in self.legal_moves(self.turn) if card in m.cards]
                if len(legal) == 1:
                    return legal[0]
                if legal:
                    some = ", ".join(str(m) for m in legal[:4]) + ("…" if len(legal) > 4 else "")
                    raise IllegalMove(f"{C.LABEL_OF[card]} has {len(legal)} moves ({some}): name the marble "
                                      "too.")
        return parse_move(" ".join(words))

    # ---- what a seat sees -------------------------------------------------------------------------

    def track_view(self, seat: int | None) -> dict[str, Any]:
        """The board as a picture needs it: the loop's size and sides, each side's come-out hole,
        entrance, Home and Castle holes, every marble (its hole, its side) and, for the seat to
        act, the moves each marble of its can make."""
        holes = self.pos.holes
        legal: list[Move] = []
        if seat is not None and not self.is_over and seat == self.turn:
            legal = self.legal_moves(seat)
        mover = mover_of(self.rules, self.pos, self.bseat[seat]) if seat is not None else -1
        by_hole: dict[int, list[dict[str, str]]] = {}
        for m in legal:
            if m.verb == "discard":
                continue
            key = self.pos.in_home(mover)[0] if m.verb == "out" else m.spaces[0]
            by_hole.setdefault(key, []).append({"move": str(m), "label": self._move_label(m)})
        seats = []
        for b in range(BOARD.seats):
            s = self.player_of.get(b)
            seats.append({"name": self.names[s] if s is not None else None, "seat": s, "colour": COLOURS[b],
                          "out": OUT_HOLE[b], "entrance": ENTRANCE[b], "home": list(HOME[b]),
                          "castle": list(CASTLE[b])})
        marbles = [{"hole": h, "text": hole_text(h), "side": holes[h], "moves": by_hole.get(h, [])}
                   for h in range(HOLES) if holes[h] != EMPTY]
        return {"loop": LOOP, "per_side": LOOP // BOARD.seats, "seats": seats, "marbles": marbles,
                "mine": mover if seat is not None else None}

    def _move_label(self, m: Move) -> str:
        """What a move's button says beside its marble: ``5♥: to 25``, ``7♥: 3 here, 4 with 40``."""
        card = C.LABEL_OF[m.cards[0]]
        sp, nums = m.spaces, m.numbers
        if m.verb == "out":
            b = mover_of(self.rules, self.pos, self.bseat[self.turn])
            return f"{card}: out to {OUT_HOLE[b]}"
        if m.verb == "swap":
            return f"{card}: take {sp[1]}"
        if m.verb == "move":
            went = goes(self.rules, self.pos, sp[0], steps_of(m.cards[0]))
            return f"{card}: to {hole_text(went[0])}" if not isinstance(went, str) else card
        back = " back" if C.RANK_OF[m.cards[0]] == C.NINE else ""
        if len(sp) == 1:
            return f"{card}: {nums[0]} here, the rest lost"
        return f"{card}: {nums[0]} here, {nums[1]}{back} with {hole_text(sp[1])}"

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        r = self.rules
        castles = []
        for s in range(n):
            b = self.bseat[s]
            castles.append(f"{self.names[s]} ({COLOURS[b]}) {self.pos.in_castle(b)} of {r.marbles}")
        helping = [f"{self.names[s]} moves {self.names[self.player_of[r.partner[self.bseat[s]]]]}'s marbles"
                   for s in range(n) if r.partner[self.bseat[s]] >= 0
                   and self.pos.in_castle(self.bseat[s]) >= r.marbles]
        return {
            "deal": self.deal_no,
            "track": self.track_view(seat),
            "castles": castles,
            "helping": helping or None,
            "last_play": self.last_play or None,
            # what a program reads (not drawn: no field names them)
            "hand": C.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "board_seat": self.bseat[seat] if seat is not None else None,
            "board_seats": list(self.bseat),
            "holes": list(self.pos.holes),
            "barred": sorted(self.pos.bar),
            "stock_size": len(self.stock),
            "turn": self.turn,
            "rules": {"marbles": r.marbles, "back_in": r.back_in, "must_wait": r.must_wait,
                      "land_partner": r.land_partner, "nine_split": r.nine_split, "partner": list(r.partner)},
        }


SPEC: GameSpec = register(GameSpec(
    id="jokers-wild",
    title="Jokers Wild",
    family="board",
    players=(2, 4),
    default_players=4,
    options_cls=JokersWildOptions,
    state_cls=JokersWild,
    summary="Cards move your marbles from Home round a 72-hole loop into your Castle; jokers swap, 7s split, "
            "8s go back. Partners opposite race all ten home.",
    presets=PRESETS,
    teams="four: partners opposite",
    rules=__doc__ or "",
))

__all__ = ["SPEC", "JokersWild", "JokersWildOptions", "Position", "Rules", "marble_moves", "play_card",
           "rules_from"]

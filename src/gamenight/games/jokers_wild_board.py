"""Jokers Wild's board and its rules on a position: pure functions the game, its kinds of move
and its bot share (the game's rules are in :mod:`gamenight.games.jokers_wild`).

A :class:`Position` is the marbles on the holes; :class:`Rules` what the moves depend on besides
it. :func:`play_card` makes one card's move on a position, or says which rule it breaks (in a
clause: the game makes it a sentence); the ``*_candidates`` generators list the moves of each
kind a hand might make, and :func:`marble_moves` those that are legal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.equipment import boards as B
from gamenight.equipment import cards as C

BOARD = B.JOKERS_WILD
LOOP = BOARD.loop
HOLES = BOARD.size
EMPTY = B.EMPTY
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
    if holes[dst] == b:
        return "a joker's marble takes another player's marble's hole, not one of your own"
    return land(r, pos, src, dst, False, notes)  # the landing's rule, a partner sent to its entrance


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


def out_candidates(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> Iterator[Move]:
    """Bringing a marble out with each ace or face card held."""
    if mover_of(r, pos, seat_b) >= 0:
        for card in sorted(set(hand)):
            if card != JOKER and C.RANK_OF[card] in OUT_RANKS:
                yield Move("out", C.CARD_ARG[card])


def move_candidates(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> Iterator[Move]:
    """Each card but a joker on each marble the seat's cards move (out of Home)."""
    b = mover_of(r, pos, seat_b)
    if b < 0:
        return
    mine = pos.marbles_of(b)
    for card in sorted(set(hand)):
        if card != JOKER:
            arg = C.CARD_ARG[card]
            for h in mine:
                yield Move("move", arg, HOLE_ARG[h])


def swap_candidates(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> Iterator[Move]:
    """A joker held: each marble of the mover's on the loop onto each other marble's hole there."""
    b = mover_of(r, pos, seat_b)
    if b < 0 or JOKER not in hand:
        return
    arg, holes = C.CARD_ARG[JOKER], pos.holes
    for src in (h for h in pos.marbles_of(b) if h < LOOP):
        for dst in range(LOOP):
            if holes[dst] != EMPTY and holes[dst] != b:
                yield Move("swap", arg, HOLE_ARG[src], HOLE_ARG[dst])


def split_moves(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> list[Move]:
    """Every legal split of a 7 (or, with the option, a 9) held."""
    b = mover_of(r, pos, seat_b)
    if b < 0:
        return []
    out: list[Move] = []
    mine = pos.marbles_of(b)
    for card in sorted(set(hand)):
        rank = C.RANK_OF[card] if card != JOKER else -1
        total = 7 if rank == C.SEVEN else 9 if rank == C.NINE and r.nine_split else 0
        if total:
            out += _splits(r, pos, seat_b, b, card, total, mine)
    return out


def makes(r: Rules, pos: Position, seat_b: int, move: Move) -> bool:
    """Whether ``move`` is one the rules allow (tried on a copy of the position)."""
    return not play_card(r, pos.copy(), seat_b, move, [])


def moves_by_verb(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> dict[str, list[Move]]:
    """Every legal card move of board seat ``seat_b`` with ``hand``, by kind (its verb): the
    candidates above that the rule allows, in one pass over the hand (the hot path of listing)."""
    out: dict[str, list[Move]] = {"out": [], "move": [], "split": [], "swap": []}
    b = mover_of(r, pos, seat_b)
    if b < 0:
        return out
    outs, moves, splits, swaps = out["out"], out["move"], out["split"], out["swap"]
    mine = pos.marbles_of(b)
    holes = pos.holes

    def ok(m: Move) -> bool:
        return not play_card(r, pos.copy(), seat_b, m, [])

    for card in sorted(set(hand)):
        arg = C.CARD_ARG[card]
        if card == JOKER:
            for src in (h for h in mine if h < LOOP):
                for dst in range(LOOP):
                    if holes[dst] != EMPTY and holes[dst] != b:
                        m = Move("swap", arg, HOLE_ARG[src], HOLE_ARG[dst])
                        if ok(m):
                            swaps.append(m)
            continue
        rank = C.RANK_OF[card]
        if rank in OUT_RANKS:
            m = Move("out", arg)
            if ok(m):
                outs.append(m)
        for h in mine:
            m = Move("move", arg, HOLE_ARG[h])
            if ok(m):
                moves.append(m)
        total = 7 if rank == C.SEVEN else 9 if rank == C.NINE and r.nine_split else 0
        if total:
            splits += _splits(r, pos, seat_b, b, card, total, mine)
    return out


def marble_moves(r: Rules, pos: Position, seat_b: int, hand: list[int]) -> list[Move]:
    """Every card move of board seat ``seat_b`` with ``hand`` (not the discards), kind by kind."""
    return [m for moves in moves_by_verb(r, pos, seat_b, hand).values() for m in moves]


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



#: what a marble is worth in the Castle, and per hole deeper in (a deeper marble blocks nothing)
CASTLE_WORTH = 120.0
CASTLE_DEPTH = 4.0
#: what a marble out of Home is worth before it has come any way
OUT_WORTH = 30.0
#: a marble within reach of an opponent's card loses this share of its way round
EXPOSED = 0.25


def marble_worth(pos: Position, r: Rules, h: int, threats: list[int], playing: tuple[int, ...]) -> float:
    """What the marble on hole ``h`` (out of Home) is worth to its side: how far it has come, much
    more in its Castle, less where an opponent could land on it soon (a card's reach ahead of an
    opponent's marble, or on the come-out hole of an opponent with marbles at Home). ``threats``:
    the loop's holes with a marble. The casual bot's valuation and the horizon search's estimate."""
    b = pos.holes[h]
    ci = CASTLE_INDEX[h]
    if ci >= 0:
        return CASTLE_WORTH + CASTLE_DEPTH * ci
    to_go = (ENTRANCE[b] - h) % LOOP + (LOOP if h in pos.bar else 0)
    worth = OUT_WORTH + (LOOP - to_go)
    for t in threats:
        o = pos.holes[t]
        if o not in r.side[b] and 1 <= (h - t) % LOOP <= 10:
            worth -= EXPOSED * (worth - OUT_WORTH * 0.5) / 3
            break
    if any(h == OUT_HOLE[o] and o not in r.side[b] and o in playing for o in playing):
        worth -= 8.0
    return worth


def way_home(pos: Position, r: Rules, b: int, playing: tuple[int, ...]) -> float:
    """Board seat ``b``'s marbles out of Home, each worth :func:`marble_worth` counted in marbles in
    the Castle (:data:`CASTLE_WORTH` a marble): the horizon search's estimate of a race not yet won,
    on the sheet's scale."""
    holes = pos.holes
    threats = [h for h in range(LOOP) if holes[h] != EMPTY]
    return sum(marble_worth(pos, r, h, threats, playing) for h in pos.marbles_of(b)) / CASTLE_WORTH

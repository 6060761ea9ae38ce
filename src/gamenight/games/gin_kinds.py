"""Gin Rummy's kinds of move (:mod:`gamenight.core.phases`: each rule once) and the phases they
make: the upcard offered (:class:`UpcardPhase`), the wall (:class:`WallPhase`), the draw
(:class:`GinDraw`), the play with its endings (:class:`GinPlay`: a discard, or :class:`EndHand` —
knock, Gin, Double Gin), the knocker laying his melds as he arranges them (:class:`ArrangePhase`)
and the defender's lay-offs after a knock (:class:`LayOffPhase`). The rules of the game are in
:mod:`gamenight.games.gin_rummy`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, cast

from gamenight.core.moves import Move
from gamenight.core.notation import WORD
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, pile_top
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import DISCARD, DRAW, ONLY, TAKE, DrawDiscardState, DrawPhase, PlayPhase
from gamenight.families.match import HollywoodSheet
from gamenight.families.melds import RUMMY_VALUES, RUN, SET, Meld, MeldRules
from gamenight.families.pile_access import same
from gamenight.families.rummy_kinds import lay_off_move

if TYPE_CHECKING:
    from gamenight.core.views import Place
    from gamenight.games.gin_rummy import GinOptions, GinRummy

PASS, DONE, DOUBLE_GIN = Move("pass"), Move("done"), Move("double", WORD("gin"))
LAY, AND = "lay", WORD("and")
KNOCK = [Move("knock", C.CARD_ARG[c]) for c in range(52)]
GIN = [Move("gin", C.CARD_ARG[c]) for c in range(52)]

NOTHING_TO_PASS = "There is nothing to pass on now: draw, or discard."


class TakeUpcard(MoveKind["GinRummy"]):
    """Take the card on the discard pile: the upcard offered, or the last discard at the wall
    (``wall``: taken only to knock)."""

    verbs = ("take",)

    def __init__(self, *, wall: bool) -> None:
        self.wall = wall

    def candidates(self, s: GinRummy, seat: int) -> list[Move]:
        return [TAKE[s.discards[-1]]]

    def verify(self, s: GinRummy, seat: int, move: Move) -> str | None:
        top = s.discards[-1]
        if not same(move, TAKE[top]):
            return f"Only the top card of the discard pile can be taken: 'take {C.CODE_OF[top]}'."
        return None

    def places(self, s: GinRummy, seat: int, move: Move) -> list[Place | None]:
        return pile_top("discards", len(s.discards))

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s.take_discard(seat)
        s.wall_take = self.wall

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        card = C.LABEL_OF[move.cards[0]]
        return f"Take {card} to knock with it" if self.wall else f"Take {card}, the upcard"


class PassUpcard(OneMove["GinRummy"]):
    """Let the upcard go: to the dealer, then (both passed) the non-dealer draws."""

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s._pass_upcard(seat)

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        return "Pass the upcard"


class PassAtWall(OneMove["GinRummy"]):
    """Let the last discard go at the wall, which ends the hand."""

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s.emit("pass", f"{s.names[seat]} passes at the wall.", seat=seat)
        s._on_hand_over(None)

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        return "Pass, which ends the hand"


class UpcardPhase(KindsPhase["GinRummy"]):
    """The non-dealer, then the dealer, may take the upcard; when both pass the non-dealer draws."""

    def to_act(self, s: GinRummy) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: GinRummy) -> list[MoveKind[Any]]:
        return [TakeUpcard(wall=False), PassUpcard(PASS)]

    def why_illegal(self, s: GinRummy, seat: int, move: Move) -> str:
        if self.kind_of(s, move.verb) is None:
            return self.offer(s)
        return super().why_illegal(s, seat, move)

    def offer(self, s: GinRummy) -> str:
        return f"First the upcard is offered: take it ('take {C.CODE_OF[s.discards[-1]]}') or 'pass'."


class WallPhase(UpcardPhase):
    """The wall: the last discard may be taken only to knock; passing ends the hand."""

    def kinds(self, s: GinRummy) -> list[MoveKind[Any]]:
        return [TakeUpcard(wall=True), PassAtWall(PASS)]

    def offer(self, s: GinRummy) -> str:
        return (f"Only {len(s.stock)} cards are left in the stock: take the discard to knock "
                f"('take {C.CODE_OF[s.discards[-1]]}') or 'pass' to end the hand.")


# ---- the knocker lays his melds as he arranges them ---------------------------------------------
# The knocker, not the engine, says how his cards are melded (the book: he "lays down" his melds;
# Hoyle: the knocker arranges his hand), and the arrangement decides what the defender may lay off:
# 5♠ 6♠ 7♠ and 7♥ 7♦ 7♣ take the 4♠, 8♠ and 7♠; 7♠ 7♥ 7♦ 7♣ with 5♠ 6♠ loose take nothing.


def candidate_melds(hand: Sequence[int], rules: MeldRules) -> list[Meld]:
    """Every set and run the hand holds (each set of three or four of a rank, every stretch of
    three or more of a suit in order)."""
    out: list[Meld] = []
    by_rank: dict[int, list[int]] = {}
    for c in sorted(hand):
        by_rank.setdefault(C.RANK_OF[c], []).append(c)
    for cards in by_rank.values():
        out += [m for k in (3, 4) for combo in combinations(cards, k)
                if isinstance(m := rules.check(combo, SET), Meld)]
    for suit in range(4):
        held = sorted(c for c in hand if C.SUIT_OF[c] == suit)
        for k in range(3, len(held) + 1):
            out += [m for combo in combinations(held, k) if isinstance(m := rules.check(combo, RUN), Meld)]
    return out


def arrangements(hand: Sequence[int], rules: MeldRules, limit: int) -> list[tuple[Meld, ...]]:
    """Every way to lay the hand as melds and deadwood of at most ``limit``, least deadwood first;
    of ways the defender cannot tell apart (the same deadwood, the same cards he could ever lay
    off, as when any three of four 4s make the set) only the first."""
    melds = candidate_melds(hand, rules)
    total = sum(RUMMY_VALUES[c] for c in hand)

    def walk(start: int, used: frozenset[int], dead: int, chosen: tuple[Meld, ...]
             ) -> Iterator[tuple[int, tuple[Meld, ...]]]:
        if dead <= limit:
            yield dead, chosen
        for i in range(start, len(melds)):
            m = melds[i]
            if used.isdisjoint(m.cards):
                yield from walk(i + 1, used | set(m.cards), dead - sum(RUMMY_VALUES[c] for c in m.cards),
                                (*chosen, m))

    outside = [c for c in range(52) if c not in hand]
    found = sorted(walk(0, frozenset(), total, ()), key=lambda f: (f[0], -len(f[1]), lay_text(f[1])))
    seen: set[tuple[int, frozenset[int]]] = set()
    out: list[tuple[Meld, ...]] = []
    for dead, chosen in found:
        key = (dead, frozenset(c for m in chosen for c in lay_off_reach(m, outside, rules)))
        if key not in seen:
            seen.add(key)
            out.append(chosen)
    return out


def lay_off_reach(meld: Meld, outside: Sequence[int], rules: MeldRules) -> set[int]:
    """The cards from ``outside`` that could ever be laid off on ``meld`` (a run grows)."""
    got: set[int] = set()
    growing = [meld]
    while growing:
        m = growing.pop()
        for c in outside:
            if c not in got:
                ways = rules.lay_offs(m, c)
                if ways:
                    got.add(c)
                    growing += ways
    return got


def meld_order(m: Meld) -> tuple[int, int, int]:
    """Runs by suit, then sets by rank, each from its lowest card."""
    first = m.cards[0]
    return (0, C.SUIT_OF[first], C.RANK_OF[first]) if m.kind == RUN else (1, C.RANK_OF[first], 0)


def lay_text(melds: Sequence[Meld]) -> str:
    return str(lay_move(melds))


def lay_move(melds: Sequence[Meld]) -> Move:
    """``lay 5S 6S 7S and 7H 7D 7C``: the melds in order of their first card, each as it lies."""
    args: list[Any] = []
    for m in sorted(melds, key=meld_order):
        args += [*([AND] if args else []), *(C.CARD_ARG[c] for c in m.cards)]
    return Move(LAY, *args)


def groups_of(move: Move) -> list[tuple[int, ...]]:
    """The card groups a ``lay`` move names, split at each ``and``."""
    groups: list[list[int]] = [[]]
    for a in move.args:
        if a == AND:
            groups.append([])
        elif a.kind is C.CARD_ARG[0].kind:
            groups[-1].append(cast(int, a.value))
    return [tuple(g) for g in groups if g]


def same_arrangement(a: Move, b: Move) -> bool:
    """The same melds, whatever order they and their cards were named in."""
    return {frozenset(g) for g in groups_of(a)} == {frozenset(g) for g in groups_of(b)}


class LayMelds(MoveKind["GinRummy"]):
    """After a knock with more than one way to meld, the knocker lays his melds as he chooses."""

    verbs = (LAY,)

    def candidates(self, s: GinRummy, seat: int) -> list[Move]:
        return s._arrangement_moves(seat)

    def legal(self, s: GinRummy, seat: int) -> list[Move]:
        return s._arrangement_moves(seat)  # every arrangement listed is legal

    def verify(self, s: GinRummy, seat: int, move: Move) -> str | None:
        listed = s._arrangement_moves(seat)
        if any(same_arrangement(move, m) for m in listed):
            return None
        return ("Lay your melds as one of the listed arrangements (melds separated by 'and', "
                f"deadwood within {s.knock_limit}), for example '{listed[0]}'.")

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s._lay_down(seat, next(m for m in s._arrangement_moves(seat) if same_arrangement(m, move)))

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        groups = [" ".join(C.LABEL_OF[c] for c in g) for g in groups_of(move)]
        melds = groups[0] if len(groups) == 1 else f"{', '.join(groups[:-1])} and {groups[-1]}"
        laid = {c for g in groups_of(move) for c in g}
        dead = sum(RUMMY_VALUES[c] for c in s.hands[s.turn] if c not in laid)
        return f"Lay {melds}, {dead} deadwood"


class ArrangePhase(KindsPhase["GinRummy"]):
    """The knocker lays his melds: one of the arrangements within the knock limit."""

    otherwise = "Lay your melds first: choose one of the arrangements listed ('lay ...')."

    def to_act(self, s: GinRummy) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: GinRummy) -> list[MoveKind[Any]]:
        return [LayMelds()]


class LayOffOnKnocker(MoveKind["GinRummy"]):
    """After a knock, the defender lays a card off on one of the knocker's melds."""

    verbs = ("layoff",)

    def candidates(self, s: GinRummy, seat: int) -> list[Move]:
        return s._lay_off_choices(seat)

    def legal(self, s: GinRummy, seat: int) -> list[Move]:
        return s._lay_off_choices(seat)  # every choice fits a meld: none is refused

    def verify(self, s: GinRummy, seat: int, move: Move) -> str | None:
        if move.number is None or not 1 <= move.number <= len(s.melds) or len(move.cards) != 1:
            return f"Name one of the knocker's melds 1 to {len(s.melds)} and one card: 'layoff 1 8H'."
        missing = s._missing(seat, move.cards)
        if missing:
            return missing
        meld, c = s.melds[move.number - 1], move.cards[0]
        ways = s.meld_rules.lay_offs(meld, c)
        if not ways:
            return s.meld_rules.why_no_lay_off(meld, c)
        if len(ways) > 1 and move.flag not in ("low", "high"):
            return f"{C.LABEL_OF[c]} could go at either end: add 'low' or 'high'."
        canonical = lay_off_move(move.number, c, move.flag if len(ways) > 1 else None)
        return None if same(move, canonical) else f"Say it as '{canonical}'."

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        assert move.number is not None
        s.lay_off(seat, move.number - 1, move.cards[0], move.flag)
        s._offer_lay_offs(seat)

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        n = move.number or 1
        meld = s.melds[n - 1].describe().split(":")[0]
        end = f", at the {move.flag} end" if move.flag else ""
        return f"Lay {C.LABEL_OF[move.cards[0]]} off on the {meld}{end}"


class DoneLayingOff(OneMove["GinRummy"]):
    """The defender is done laying off: the hand is scored."""

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s._score_run(seat)

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        return "Done laying off"


class LayOffPhase(KindsPhase["GinRummy"]):
    """After a knock the defender lays off on the knocker's melds, one card at a time, or is done."""

    otherwise = "Lay off on the knocker's melds ('layoff 1 8H') or say 'done'."

    def to_act(self, s: GinRummy) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: GinRummy) -> list[MoveKind[Any]]:
        return [LayOffOnKnocker(), DoneLayingOff(DONE)]


class EndHand(MoveKind["GinRummy"]):
    """End the hand after drawing, in place of a discard: knock (a Run) with the deadwood the rules
    allow, go Gin (every card but the discard melded) or Double Gin (every card melded, no
    discard)."""

    verbs = ("knock", "gin", "double")

    def candidates(self, s: GinRummy, seat: int) -> list[Move]:
        cards = sorted(set(s.hands[seat]))
        return [*(KNOCK[c] for c in cards), *(GIN[c] for c in cards), DOUBLE_GIN]

    def legal(self, s: GinRummy, seat: int) -> list[Move]:
        return s._end_moves(seat)

    def verify(self, s: GinRummy, seat: int, move: Move) -> str | None:
        o = s.options
        if move.verb == "double":
            if not o.double_gin:
                return "Double Gin (going out without a discard) is not played under these rules."
            if not same(move, DOUBLE_GIN):
                return "Double Gin names no card: say 'double gin'."
            dw = s.solver.deadwood(s.hands[seat])
            return None if dw == 0 else \
                f"Double Gin needs every card in melds; your best arrangement leaves {dw} deadwood."
        if len(move.cards) != 1 or len(move.args) != 1:
            return f"Name the card to discard, for example '{move.verb} 9C'."
        missing = s._missing(seat, move.cards)
        if missing:
            return missing
        c = move.cards[0]
        if c == s.taken and not s.rummy.discard_taken:
            return "You may not discard the card you took from the discard pile this turn."
        dw, code = s.deadwood_after(s.hands[seat])[c], C.CODE_OF[c]
        if move.verb == "gin":
            return None if dw == 0 else \
                f"Gin needs every card but the discard in melds: without {code} you have {dw} deadwood."
        if dw == 0:
            return f"Without {code} every card melds: that is a Gin, declare 'gin {code}'."
        if dw > o.knock_limit:
            name = "for a Run" if o.scoring == "hollywood" else "to knock"
            return (f"You need {o.knock_limit} or less deadwood {name}: without {code} your best "
                    f"arrangement leaves {dw}.")
        return None

    def apply(self, s: GinRummy, seat: int, move: Move) -> None:
        s._declare(seat, move)

    def describe(self, s: GinRummy, move: Move, viewer: int | None) -> str:
        if move.verb == "double":
            return "Go Double Gin: every card melded, no discard"
        c = move.cards[0]
        if move.verb == "gin":
            return f"Go Gin, discarding {C.LABEL_OF[c]}"
        dw = s.deadwood_after(s.hands[s.turn])[c]
        return f"Knock with {dw} deadwood, discarding {C.LABEL_OF[c]}"

    def confirm(self, s: GinRummy, seat: int, move: Move) -> str | None:
        """Ending the hand shows it and cannot be taken back: asked before it is sent."""
        if move.verb == "knock":
            dw = s.deadwood_after(s.hands[seat])[move.cards[0]]
            return f"Knock with {dw} deadwood? The hand ends and your opponent may lay off on your melds."
        return "Go out? The hand ends now and is scored."


class GinDraw(DrawPhase):
    """The kernel's draw; a hand is ended (knock, gin) only after drawing."""

    wrong: ClassVar[dict[str, str]] = {
        **dict.fromkeys(("knock", "gin", "double"),
                        "Draw first: a hand is ended after drawing, in place of a discard."),
        "pass": NOTHING_TO_PASS}

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        # the kinds' moves without asking them: a gin turn never starts on an empty stock (the
        # hand ends at the wall) or discard pile, and every turn comes here
        return [DRAW, TAKE[s.discards[-1]]]


class GinPlay(PlayPhase):
    """The kernel's play (where melds and lay-offs are never legal): discard, or end the hand by
    knocking (a Run), going Gin or Double Gin."""

    wrong: ClassVar[dict[str, str]] = {**PlayPhase.wrong, "pass": NOTHING_TO_PASS}

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), EndHand()]

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        # the kinds' moves (no melds or lay-offs in Gin's turn: the discards, then the endings),
        # computed at once: every turn comes here, and the endings are rarely possible
        g = cast("GinRummy", s)  # only Gin's table has this phase
        hand = g.hands[seat]
        if g.wall_take:
            return g._end_moves(seat)
        taken = -1 if g.rummy.discard_taken or g.taken is None else g.taken
        discards = [DISCARD[c] for c in sorted(hand) if c != taken]
        if g.deadwood_floor(hand) > g.knock_limit:
            return discards  # the common case: no ending is possible
        return discards + g._endings(hand, taken)




# ---- scoring: pure functions over what the hands showed, the engine's and the score pad's ----------

GAMES = 3


class HandResult(NamedTuple):
    """One table's hand: the seat that scored (None: nobody), its points and Gins, and how."""

    table: int
    winner: int | None
    points: int
    gins: int
    how: str
    text: str


def run_score(runner: int, opponent: int, o: GinOptions) -> tuple[str, int]:
    """A knock (Run) with ``runner`` deadwood against ``opponent`` after lay-offs: what scores."""
    if opponent > runner:
        return "knock", opponent - runner
    if opponent == runner and not o.tie_is_undercut:
        return "tie", 0
    return "undercut", (2 * runner if o.undercut == "double" else runner - opponent) + o.undercut_bonus


def difference(per_team: list[int]) -> tuple[int, int] | None:
    """The team with more, and by how much (None when level)."""
    a, b = per_team
    return None if a == b else (0 if a > b else 1, abs(a - b))


def plural_gins(n: int) -> str:
    return "" if n == 0 else f"{n} Gin{'s' if n > 1 else ''}"


def gin_result(o: GinOptions, names: Sequence[str], table: int, seat: int, defender: int, y: int,
               kind: str) -> HandResult:
    """Gin (or Double Gin, ``kind``): the defender's deadwood ``y`` and the Gins' bonus."""
    gins = 2 if kind == "double gin" else 1
    points = y + gins * o.gin_bonus
    word = "Double Gin" if gins == 2 else "Gin"
    return HandResult(table, seat, points, gins, kind, (
        f"{names[seat]} goes {word} and catches {names[defender]} with {y}: {points} points "
        f"and {plural_gins(gins)}."))


def run_result(o: GinOptions, names: Sequence[str], table: int, knocker: int, defender: int, x: int,
               y: int) -> HandResult:
    """A knock (Run) with ``x`` deadwood, the defender left with ``y`` after his lay-offs."""
    how, points = run_score(x, y, o)
    r, d = names[knocker], names[defender]
    if how == "knock":
        return HandResult(table, knocker, points, 0, how,
                          f"{r} knocked with {x}, {d} has {y}: {r} scores {points}.")
    if how == "tie":
        return HandResult(table, None, 0, 0, how, f"{r} knocked with {x}, {d} has {y} too: no score.")
    return HandResult(table, defender, points, 0, how,
                      f"{d} undercuts {r} ({y} against {x}) and scores {points}.")


def stock_out_result(o: GinOptions, names: Sequence[str], table: int, pair: tuple[int, int],
                     deadwood: tuple[int, int]) -> HandResult:
    """The stock ran out: a draw, or both lay down and the lower deadwood scores the difference."""
    if o.stock_out == "draw":
        return HandResult(table, None, 0, 0, "draw", "The stock ran out: a drawn hand.")
    (a, b), (da, db) = pair, deadwood
    winner = a if da < db else b if db < da else None
    text = f"The stock ran out: {names[a]} {da}, {names[b]} {db}"
    text += f"; {names[winner]} scores {abs(da - db)}." if winner is not None else ": no score."
    return HandResult(table, winner, abs(da - db), 0, "stock out", text)


def round_awards(results: Sequence[HandResult],
                 players: int) -> tuple[tuple[int, int] | None, tuple[int, int] | None]:
    """A round's awards over its tables: the team with more points is awarded the difference, the
    team with more Gins the difference in Gins (teams: even seats and odd seats)."""
    points, gins = [0, 0], [0, 0]
    for r in results:
        if r.winner is not None:
            points[r.winner % 2] += r.points
            gins[r.winner % 2] += r.gins
    return difference(points), difference(gins)


class Row(NamedTuple):
    """A row of the match's sheet: its label, points per column, details and note."""

    label: str
    points: list[int]
    details: list[str] | None = None
    note: str = ""


def single_round(award: tuple[int, int] | None, boxes: Sequence[int]) -> tuple[list[int], list[int]]:
    """One-game scoring: the award to the team's column, a box to the team that won the round."""
    row, after = [0, 0], list(boxes)
    if award is not None:
        row[award[0]] = award[1]
        after[award[0]] += 1
    return row, after


def single_closing(o: GinOptions, boxes: Sequence[int], totals: Sequence[int]) -> list[Row]:
    """At the target: the box bonus for every round won, the game bonus to whoever reached it."""
    return [Row("Box bonus", [o.box_bonus * b for b in boxes], [f"{b} won" for b in boxes]),
            Row("Game bonus", [o.game_bonus if t >= o.target else 0 for t in totals])]


def hollywood_round(sheet: HollywoodSheet, award: tuple[int, int] | None, gin_award: tuple[int, int] | None,
                    team_names: Sequence[str], label: str) -> tuple[HollywoodSheet, Row]:
    """Three games at once: the award in the team's games, the Gins circled where it had points;
    the round's row over the eight columns (each team's three games and total)."""
    done = sheet.record(award, gin_award)
    row, note = [0] * 8, []
    if award is not None:
        team, amount = award
        for j in done.credited:
            row[4 * team + j] += amount
            row[4 * team + 3] += amount
        note.append(f"{team_names[team]} awarded {amount}")
    if gin_award is not None:
        team, count = gin_award
        where = ", ".join(f"Game {j + 1}" for j in done.circled) or "no game yet"
        note.append(f"{team_names[team]} {plural_gins(count)} ({where})")
    gins = done.sheet.bonuses
    details = [plural_gins(gins[t][j]) if j < GAMES else "" for t in (0, 1) for j in range(4)]
    return done.sheet, Row(label, row, details, "; ".join(note) or "no award")


def hollywood_closes(sheet: HollywoodSheet, team_names: Sequence[str]) -> tuple[HollywoodSheet, list[Row]]:
    """A game reached by a team closes: target + a Gin's value per Gin to the winner, the Gins'
    value alone to the loser; a row for each game closed."""
    sheet, closed = sheet.close()
    rows = []
    for j, win, final, change in closed:
        row = [0] * 8
        for t in (0, 1):
            row[4 * t + j] = row[4 * t + 3] = change[t]
        rows.append(Row(f"Game {j + 1} closed", row,
                        note=f"{team_names[win]} win Game {j + 1}: {final[win]} to {final[1 - win]}"))
    return sheet, rows


def match_words(team_names: Sequence[str], totals: Sequence[int], reason: str) -> tuple[list[int], str]:
    """The teams with the higher grand total, and why the match ended with the totals."""
    return ([t for t in (0, 1) if totals[t] == max(totals)],
            f"{reason} {team_names[0]} {totals[0]}, {team_names[1]} {totals[1]}.")


__all__ = ["DONE", "DOUBLE_GIN", "GAMES", "GIN", "KNOCK", "LAY", "PASS", "ArrangePhase", "EndHand", "GinDraw",
           "GinPlay", "HandResult", "LayOffPhase", "Row", "UpcardPhase", "WallPhase", "arrangements",
           "difference", "gin_result", "groups_of", "hollywood_closes", "hollywood_round", "lay_move",
           "match_words", "plural_gins", "round_awards", "run_result", "run_score", "same_arrangement",
           "single_closing", "single_round", "stock_out_result"]

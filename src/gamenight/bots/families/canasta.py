"""The canasta family's heuristic partner: one bot for every rule set on the canasta turn kernel
(Hand and Foot with its ``demeritt`` and ``ultimate`` presets, classic canasta for four, two and
three), the rules in effect read from the view's ``rules`` entry (and the sides from its
``team_books``: three-hand canasta's partnership forms during a hand).

It sees only its seat's view and legal moves, and leans on the family's exact searches
(:func:`~gamenight.families.canasta.best_meld_value`, :func:`~gamenight.families.canasta.can_go_out`)
run on counts rebuilt from the view, one move ahead of each candidate; the rules themselves
(whether a hand could go out, asking partner's permission, everyone in the foot, the pile's take,
what a held card costs) are the turn kernel's own pure functions, never copies:

* **Opening** (the team below its minimum): lay books only when the hand can reach the minimum
  this turn, naturals first (the most valuable first), then a pair with a wild card, then a wild
  book; every lay keeps the minimum reachable (laid points + the best the rest can lay), so the
  bot never strands itself; ``retract`` only if the minimum somehow cannot be reached (then no
  opening again that turn). The pile's cards taken below the minimum wait in the hand: the bot
  remembers which they are (the view's known cards lose one whenever an identical card is laid).
* **The pile**: each ``pickup`` is scored against drawing two blind cards: the top card and pair
  going down (a canasta closed by it counts more), wild cards and cards that pair or fit the
  team's books, red threes (bonus) taken; black threes (and dead red threes) cost; late in the
  hand every card is a penalty risk; in the foot with the team's canastas made, cards that do not
  fit count against. Before the minimum only the top card and the hand count (the engine lists
  only pickups that reach it).
* **Books**: naturals always go down (additions that close a canasta first). Wild cards are
  kept for books: one is held back while the team still needs a dirty canasta, they close a
  dirty canasta the team needs, and the rest build the wild book where the rules have one (a
  wild canasta is the biggest bonus); with no wild books (DeMeritt) spare wilds grow the
  unnatural canastas. While the team lacks clean canastas its biggest clean books get no wild
  card. A pair with a wild starts a book only when the hand is ending or wilds are spare. Late in
  the hand (the stock nearly out, or an opponent about to go out) everything that can go down
  does. In the foot, where a card must be kept, a lay that would leave only wild cards (or a
  pair, with a pile worth taking) to discard from is not made.
* **To the foot**: when the whole hand can be laid (one card discarded at most), it is, the
  exact search choosing each step so that emptying it stays possible.
* **Going out**: in the foot, once the team can go out this turn, every step keeps going out
  possible; under ``ask_partner=required`` it asks first; under ``optional`` it asks only when
  the partner still holds many cards (the partner knows best what his hand is worth).
* **Answering** ``ask``: no when its own hand could still lay 100 points or more (an unplayed
  foot close at hand counts 60) and the stock has more than two rounds left; otherwise yes.
* **Discards**: never a wild card while anything else will do; threes first (they block the pile;
  DeMeritt's dead threes cost 100-300); then singletons over pairs over triples; avoid ranks the
  next player (an opponent) is known to hold (cards he took from the pile) or his team has an
  open book of, the more so the bigger the pile; high cards are kept early (they make the
  minimum) and shed late (they are penalties).
* **DeMeritt's packets**: blind, the packet dealt; looking, the one that lays more as the hand.
* **Classic canasta** (no foot: the hand is the last packet, so the going-out rules apply from the
  start; canastas of any kind to go out): a pickup is weighed against one blind card where the
  draw is one; with the pile frozen only a natural pair of the top card threatens, so the discard
  fears only ranks the next player is known to hold twice; a wild card closes a mixed canasta the
  side still needs; after the stock, declining the pile (``draw``) ends the hand, so the bot takes
  it whenever that gains; a red three as the stock's last card: it lays what it wants, then ``end``.

Decisions take well under a millisecond typically; the exact searches are tried on the
preferred lays first and stop at the first that works, so even 40-card hands stay within a few
milliseconds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import (
    WILD,
    BookRules,
    Requirement,
    Table,
    best_meld_value,
    can_go_out,
    count_hand,
)
from gamenight.families.canasta_turn import (
    ASK,
    BONUS,
    END_HAND,
    NO,
    OPTIONAL,
    REQUIRED,
    RETRACT,
    YES,
    TurnRules,
    best_keeping,
    card_values,
    everyone_in_foot,
    hand_can_finish,
    held_cost,
    is_red_three,
    is_wild,
    permission,
    pile_take,
    turn_rules_from_json,
)

Outcome = tuple[int, int, int]
NOTHING = Requirement(0, 0, 0)
#: an answer says no when the hand could still lay this many points
NO_POINTS = 100


def _one(kind: str) -> Outcome:
    return (1, 0, 0) if kind == "clean" else (0, 1, 0) if kind == "dirty" else (0, 0, 1)


def _plus(x: Outcome, y: Outcome) -> Outcome:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2])


def _outcome(counts: Sequence[int]) -> Outcome:
    return (int(counts[0]), int(counts[1]), int(counts[2]))


def _rank_of(text: str) -> int:
    return WILD if text == "wild" else C.RANKS.index(text)


def _without(cards: Sequence[int], gone: Iterable[int]) -> list[int] | None:
    rest = list(cards)
    for c in gone:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


@dataclass
class Seen:
    """What the bot reads from its seat's view, as counts the searches take."""

    seat: int
    deal: int
    players: int
    partner: int | None
    opponents: list[int]
    options: dict[str, Any]
    #: the rules in effect, from the view
    turn: TurnRules
    rules: BookRules
    need: Requirement
    values: list[int]
    hand: list[int]
    #: the hand less the pile's cards that wait for the minimum
    usable: list[int]
    opened: bool
    minimum: int
    provisional: int | None
    in_foot: bool
    foot_left: int
    table: Table
    #: the team's book numbers: number -> (rank, naturals, wilds, closed)
    books: dict[int, tuple[int, int, int, bool]]
    have: Outcome
    opp_books: set[int]
    opp_have: Outcome
    stock: int
    #: own stock piles (DeMeritt), else empty
    stock_piles: list[int]
    pile: list[int]
    known: list[list[int]]
    hand_sizes: list[int]
    foot_sizes: list[int]
    played_foot: list[bool]
    asked: str
    #: the seats of the bot's side (itself included)
    team: list[int]
    #: the pile is frozen for the bot's side (classic canasta)
    frozen: bool

    @classmethod
    def of(cls, view: dict[str, Any]) -> Seen:
        seat = int(view["seat"])
        o = view["options"]
        turn = turn_rules_from_json(view["rules"])
        teams = view.get("team_books") or view["teams"]
        mine = next(t for t in teams if seat in t["seats"])
        theirs = [t for t in teams if t is not mine]
        n = len(view["hand_sizes"])
        team = sorted(mine["seats"])
        after = team[team.index(seat) + 1:] + team[:team.index(seat)]
        partner = after[0] if after else None
        open_books: dict[int, tuple[int, int]] = {}
        closed: Outcome = (0, 0, 0)
        books: dict[int, tuple[int, int, int, bool]] = {}
        for b in mine["books"]:
            rank = _rank_of(b["rank"])
            books[b["number"]] = (rank, b["naturals"], b["wilds"], b["closed"])
            if rank == C.THREE:
                continue
            if b["closed"]:
                if b["canasta"]:
                    closed = _plus(closed, _one(b["kind"]))
            else:
                open_books[rank] = (b["naturals"], b["wilds"])
        hand = C.cards(view["hand"] or [])
        in_foot = view.get("in_foot") or [True] * n  # no foot: the hand is the last packet
        known = [C.cards(k) for k in view["known_cards"]]
        usable = hand
        if not mine["opened"] and known[seat]:
            usable = _without(hand, known[seat]) or hand
        opp_books = {_rank_of(b["rank"]) for t in theirs for b in t["books"] if not b["closed"]}
        opp_have: Outcome = (0, 0, 0)
        for t in theirs:
            opp_have = _plus(opp_have, _outcome(t["canastas"]))
        piles = view.get("stock_piles") or view.get("stock_sizes") or []
        stock = view["stock"] if isinstance(view.get("stock"), int) else sum(piles)
        return cls(
            seat=seat, deal=int(view.get("deal") or 0), players=n, partner=partner,
            opponents=[s for s in range(n) if s not in team],
            options=o, turn=turn, rules=turn.books, need=turn.need,
            values=card_values(o.get("deuce_value", 20)), hand=hand, usable=usable, opened=mine["opened"],
            minimum=mine["minimum"], provisional=view.get("provisional"), in_foot=in_foot[seat],
            foot_left=view["foot_sizes"][seat], table=Table(open_books, closed), books=books,
            have=_outcome(mine["canastas"]), opp_books=opp_books, opp_have=opp_have,
            stock=stock, stock_piles=piles, pile=C.cards(view["discard_pile"]), known=known,
            hand_sizes=view["hand_sizes"], foot_sizes=view["foot_sizes"],
            played_foot=view.get("played_foot") or [False] * n, asked=view.get("asked") or "",
            team=team, frozen=str(view.get("pile_state", "")).startswith("frozen"),
        )

    # ---- the rules, as the view says (the kernel's own functions) ----------------------

    @property
    def turn_key(self) -> tuple[int, int, int]:
        """Names this turn (the stock does not change during a turn's play)."""
        return (self.deal, self.seat, self.stock)

    @property
    def bonus_threes(self) -> bool:
        return self.turn.red_threes == BONUS

    @property
    def wild_books(self) -> bool:
        return self.rules.wild_books

    def held_cost(self, c: int) -> int:
        return held_cost(c, self.values, int(self.options.get("red_three_held", 0)),
                         int(self.options.get("black_three_held", 5)))

    def rounds_left(self) -> float:
        return self.stock / (self.turn.draw * self.players)

    def late(self) -> bool:
        """The hand is ending: the stock nearly out, or an opponent about to go out."""
        if self.rounds_left() <= 2:
            return True
        if not self.need.met(self.opp_have):
            return False
        return any(self.foot_sizes[s] == 0 and self.hand_sizes[s] <= 3 for s in self.opponents)

    def everyone_in_foot(self) -> bool:
        return everyone_in_foot(self.turn, self.seat, self.team, self.played_foot)

    def permitted(self, asked: str) -> bool:
        return permission(self.turn.ask, self.partner is not None, asked)

    # ---- one move ahead --------------------------------------------------------------

    def after(self, move: Move, table: Table | None = None) -> tuple[list[int], Table] | None:
        """The usable hand and the team's table after a ``meld`` or ``add`` (None: not from it)."""
        table = table or self.table
        rest = _without(self.usable, move.cards)
        if rest is None:
            return None
        wilds = sum(1 for c in move.cards if is_wild(c))
        naturals = len(move.cards) - wilds
        if move.verb == "add":
            assert move.number is not None
            rank = self.books[move.number][0]
        else:
            nat = [c for c in move.cards if not is_wild(c)]
            rank = C.RANK_OF[nat[0]] if nat else WILD
        if rank == C.THREE:
            return rest, table
        open_books = dict(table.open_books)
        n, w = open_books.pop(rank, (0, 0))
        n, w = n + naturals, w + wilds
        closed = table.closed
        if self.rules.closes(rank, n, w):
            if self.rules.is_canasta(n, w):
                closed = _plus(closed, _one(self.rules.kind(rank, w)))
        else:
            open_books[rank] = (n, w)
        return rest, Table(open_books, closed)

    def strays(self, hand: Sequence[int], table: Table) -> int:
        """Naturals that can go nowhere: a lone card of a rank with no open book (one natural
        never starts a book), so each would need the turn's one discard."""
        if self.rules.valid(0, 1, 2):
            return 0
        counts: dict[int, int] = {}
        for c in hand:
            r = C.RANK_OF[c]
            if r > C.THREE and r != 13:
                counts[r] = counts.get(r, 0) + 1
        return sum(1 for r, k in counts.items() if k == 1 and r not in table.open_books)

    def could_finish(self, hand: Sequence[int], table: Table, asked: str) -> bool:
        """The turn kernel's test: can this hand go out this turn from the foot."""
        if not (self.opened and self.permitted(asked) and self.everyone_in_foot()):
            return False
        if self.strays(hand, table) > 1:  # a quick no before the exact search
            return False
        return hand_can_finish(self.turn, table, hand)

    def can_empty(self, hand: Sequence[int], table: Table) -> bool:
        """Whether the hand can all go down (one card discarded at most), reaching the foot."""
        if self.strays(hand, table) > 1:  # a quick no before the exact search
            return False
        return can_go_out(self.rules, table, count_hand(hand), NOTHING)

    def best(self, hand: Sequence[int], table: Table | None = None) -> int:
        """The most points ``hand`` can lay now onto ``table`` (the team's, by default)."""
        return best_meld_value(self.rules, table or self.table, count_hand(hand), self.values)

    def best_keep(self, hand: Sequence[int], table: Table | None = None) -> int:
        """The most points ``hand`` can lay while the turn can still end: without a foot two cards
        stay in the hand (the pile's waiting cards among them), one of them the discard."""
        if self.turn.foot:
            return self.best(hand, table)
        keep = max(0, 2 - (len(self.hand) - len(self.usable)))
        return best_keeping(self.rules, table or self.table, hand, self.values, keep)

    def book_wild_room(self, rank: int, n: int, w: int) -> int:
        """How many more wild cards a book of these counts can take."""
        k = 0
        while self.rules.valid(rank, n, w + k + 1) and not self.rules.closes(rank, n, w + k):
            k += 1
        return k


class CanastaBot:
    """The heuristic partner; see the module docstring."""

    name = "heuristic"

    def __init__(self) -> None:
        #: the turn in which this bot took its provisional books back
        self.retracted: tuple[int, int, int, int] | None = None
        #: the pile's cards taken this turn below the minimum, which wait in the hand (the view's
        #: known cards lose a card whenever an identical one is laid from the hand)
        self.waiting: tuple[tuple[int, int, int], list[int]] = ((-1, -1, -1), [])

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        verbs = {m.verb for m in legal}
        if "choose" in verbs:
            return self.choose_packet(view, legal)
        s = Seen.of(view)
        if not s.opened and self.waiting[0] == s.turn_key:
            s.usable = _without(s.hand, self.waiting[1]) or s.usable
        if "answer" in verbs:
            return self.answer(s)
        if verbs & {"draw", "pickup", "take"}:
            return self.choose_draw(s, legal)
        return self.choose_play(s, legal)

    # ---- DeMeritt's packets ----------------------------------------------------------

    def choose_packet(self, view: dict[str, Any], legal: list[Move]) -> Move:
        """Blind: the packet dealt. Looking: the packet that lays more (wild cards weigh) as the hand."""
        dealt = next(m for m in legal if m.flag == "dealt")
        passed = next(m for m in legal if m.flag == "passed")
        if not view.get("hand") or not view.get("foot"):
            return dealt
        s = Seen.of(view)

        def worth(cards: list[int]) -> int:
            return s.best(cards, Table({}, (0, 0, 0))) + 20 * sum(1 for c in cards if is_wild(c)) \
                - sum(s.held_cost(c) for c in cards if C.RANK_OF[c] == C.THREE)

        return passed if worth(C.cards(view["foot"])) > worth(s.hand) else dealt

    # ---- answering partner -----------------------------------------------------------

    def answer(self, s: Seen) -> Move:
        """No when this hand could still lay many points and time remains; yes otherwise."""
        if s.rounds_left() <= 2:
            return YES
        worth = s.best(s.hand)
        if s.foot_left and len(s.hand) <= 4:
            worth += 60  # close to an unplayed foot that would otherwise all count against
        return NO if worth >= NO_POINTS else YES

    # ---- the draw --------------------------------------------------------------------

    def choose_draw(self, s: Seen, legal: list[Move]) -> Move:
        pickups = [m for m in legal if m.verb == "pickup"]
        draws = [m for m in legal if m.verb == "draw"]
        if pickups:
            best = max(pickups, key=lambda m: (self.pickup_gain(s, m), len(m.cards)))
            if not draws or self.pickup_gain(s, best) > 0:
                if not s.opened:  # the pile's cards wait in the hand until the minimum is met
                    waiting = [c for c in self.pile_taken(s) if not (is_red_three(c) and s.bonus_threes)]
                    self.waiting = (s.turn_key, waiting)
                return best
        take = next((m for m in legal if m.verb == "take"), None)
        if take is not None and (is_wild(take.cards[0]) or not draws):
            return take
        if not draws:
            return legal[0]
        # own stock piles (DeMeritt): the fullest
        return max(draws, key=lambda m: 0 if m.number is None else s.stock_piles[m.number - 1])

    @staticmethod
    def pile_taken(s: Seen) -> list[int]:
        """The cards a pickup puts in the hand (the top card goes down)."""
        return pile_take(s.pile, s.turn.pile_limit)[:-1]

    def pickup_gain(self, s: Seen, move: Move) -> float:
        """What taking the pile is worth over the draw's blind cards (about 2 a card)."""
        taken = self.pile_taken(s)
        top = s.pile[-1]
        hand = _without(s.hand, move.cards) or []
        after = hand + taken
        counts: dict[int, int] = {}
        for c in after:
            counts[C.RANK_OF[c]] = counts.get(C.RANK_OF[c], 0) + 1
        rank = WILD if is_wild(top) else C.RANK_OF[top]
        n, w = s.table.open_books.get(rank, (0, 0))
        laid = len(move.cards) + 1
        gain = 8.0 + (10.0 if n + w + laid >= s.rules.canasta else 0.0)
        late = s.late()
        tight = s.in_foot and s.need.met(s.have)
        books = set(s.table.open_books) | {rank}
        for c in taken:
            r = C.RANK_OF[c]
            if is_wild(c):
                gain += 12
            elif is_red_three(c):
                gain += 20 if s.bonus_threes else -s.held_cost(c) / 10
            elif r == C.THREE:
                gain -= s.held_cost(c) / 10
            else:
                fits = r in books or counts[r] >= 3
                gain += 6 if fits else 3 if counts[r] == 2 else 0.5
                if late:
                    gain -= s.values[c] / 5
                if tight and not fits:
                    gain -= 6
        return gain - 2 * s.turn.draw

    # ---- the play --------------------------------------------------------------------

    def choose_play(self, s: Seen, legal: list[Move]) -> Move:
        lays = [m for m in legal if m.verb in ("meld", "add")]
        if ASK in legal and self.wants_to_ask(s):
            return ASK
        if not s.opened:
            turn = (*s.turn_key, len(s.pile))
            stuck = s.provisional is not None and not self._discards(legal)
            move = self.opening(s, lays) if turn != self.retracted or stuck else None
            if move is not None:
                return move
            if stuck:
                if RETRACT in legal and turn != self.retracted:
                    self.retracted = turn  # and do not lay the same books again this turn
                    return RETRACT
                if lays:  # still below the minimum after taking back: the most promising lay
                    return max(lays, key=lambda m: self.promise(s, m))
        elif s.in_foot and s.could_finish(s.usable, s.table, s.asked):
            move = self.keep_possible(s, lays, legal, lambda h, t: s.could_finish(h, t, s.asked))
            if move is not None:
                return move
        elif s.foot_left and s.can_empty(s.usable, s.table):
            move = self.keep_possible(s, lays, legal, s.can_empty)
            if move is not None:
                return move
        else:
            move = self.lay(s, lays)
            if move is not None:
                return move
        discards = self._discards(legal)
        if discards:
            return self.choose_discard(s, discards)
        if END_HAND in legal:  # the stock's last card was a red three: what it wanted is down
            return END_HAND
        if RETRACT in legal:
            return RETRACT
        return lays[0] if lays else legal[0]

    @staticmethod
    def _discards(legal: list[Move]) -> list[Move]:
        return [m for m in legal if m.verb == "discard"]

    def wants_to_ask(self, s: Seen) -> bool:
        """Required: always (asking is only legal when going out is possible). Optional: only when
        the partner still holds many cards, to let him judge them."""
        mode = s.turn.ask
        if mode == REQUIRED:
            return True
        if mode == OPTIONAL and s.partner is not None:
            return s.hand_sizes[s.partner] + s.foot_sizes[s.partner] >= 8 and s.rounds_left() > 2
        return False

    # ---- the opening -----------------------------------------------------------------

    def opening(self, s: Seen, lays: list[Move]) -> Move | None:
        """A lay that keeps the minimum reachable this turn; None when the hand cannot open."""
        got = s.provisional or 0
        short = s.minimum - got
        if s.provisional is None and s.best_keep(s.usable) < short:
            return None
        for m in sorted(lays, key=lambda m: self.lay_key(s, m)):  # the first that fits
            nxt = s.after(m)
            if nxt is None:
                continue
            rest, table = nxt
            value = sum(s.values[c] for c in m.cards)
            if value >= short or (rest and value + s.best_keep(rest, table) >= short):
                return m
        return None

    def promise(self, s: Seen, m: Move) -> int:
        """The points this lay and the best the rest can lay after it make."""
        nxt = s.after(m)
        if nxt is None:
            return sum(s.values[c] for c in m.cards)
        return sum(s.values[c] for c in m.cards) + s.best(*nxt)

    def lay_key(self, s: Seen, m: Move) -> tuple[int, int]:
        """Naturals first (additions that close a canasta, then the most valuable), then pairs with
        a wild card, then wild books; among wild cards a two before a joker."""
        wilds = sum(1 for c in m.cards if is_wild(c))
        jokers = sum(1 for c in m.cards if c == C.JOKER)
        value = sum(s.values[c] for c in m.cards)
        if wilds == 0:
            closes = 0
            if m.verb == "add":
                assert m.number is not None
                _, n, w, _ = s.books[m.number]
                closes = 1 if n + w + 1 >= s.rules.canasta else 0
            return (0 - closes, -value)
        if wilds < len(m.cards) or m.verb == "add":
            return (2, jokers)
        return (3, jokers)

    # ---- staying able to finish --------------------------------------------------------

    def keep_possible(self, s: Seen, lays: list[Move], legal: list[Move], able: Any) -> Move | None:
        """A lay after which ``able(hand, table)`` still holds; the discard of a last card; or
        the six black threes that end the hand."""
        for m in legal:
            if m.verb == "discard" and len(m.cards) == len(s.hand):
                return m
        ranked = []
        for m in lays:
            nxt = s.after(m)
            if nxt is not None:
                ranked.append((self.finish_key(s, m, nxt[1]), nxt, m))
        ranked.sort(key=lambda x: x[0])
        for _, (rest, table), m in ranked:  # the first that keeps it possible
            if not rest or able(rest, table):
                return m
        return None

    def finish_key(self, s: Seen, m: Move, table: Table) -> tuple[int, int]:
        """While finishing: canastas first, then naturals, then the wild book, then the rest."""
        made = sum(table.closed) - sum(s.table.closed)
        key = self.lay_key(s, m)
        return (-made, key[0] * 100 + key[1])

    # ---- laying books ----------------------------------------------------------------

    def lay(self, s: Seen, lays: list[Move]) -> Move | None:
        """The best lay the policy wants now, or None to discard."""
        if not lays:
            return None
        wilds = sum(1 for c in s.usable if is_wild(c))
        # a mixed canasta the side needs: of its kind, or any kind short of the count to go out
        need_dirty = s.have[1] < s.need.dirty or sum(s.have) < s.need.any
        reserve = 1 if need_dirty else 0
        dump = s.late()
        protected = set() if dump else self.protected(s)
        wanted: list[tuple[tuple[int, int], Move]] = []
        for m in lays:
            key = self.lay_wanted(s, m, wilds, reserve, need_dirty, dump, protected)
            if key is not None and not (s.in_foot and self.squeezes(s, m)):
                wanted.append((key, m))
        if not wanted:
            return None
        return min(wanted, key=lambda km: km[0])[1]

    def protected(self, s: Seen) -> set[int]:
        """The open clean books kept clean for the clean canastas the team still needs (the
        biggest ones)."""
        short = s.need.clean - s.have[0]
        if short <= 0:
            return set()
        clean = sorted(((n, r) for r, (n, w) in s.table.open_books.items() if w == 0 and r != WILD),
                       reverse=True)
        return {r for _, r in clean[:short]}

    def lay_wanted(self, s: Seen, m: Move, wilds: int, reserve: int, need_dirty: bool, dump: bool,
                   protected: set[int]) -> tuple[int, int] | None:
        """How much the policy wants this lay (lower first), or None."""
        w = sum(1 for c in m.cards if is_wild(c))
        if w == 0:
            if all(C.RANK_OF[c] == C.THREE for c in m.cards):
                return None  # black threes go down only while going out
            return self.lay_key(s, m)
        if m.verb == "add":
            assert m.number is not None
            rank, n, bw, _ = s.books[m.number]
            size = n + bw
            if rank == WILD:
                return (1, 0) if dump or wilds > reserve or size + 1 >= s.rules.canasta else None
            if rank in protected:
                return None
            room = s.book_wild_room(rank, n, bw)
            to_canasta = s.rules.canasta - size
            closes_dirty = 0 < to_canasta <= min(room, wilds)
            if closes_dirty and (need_dirty or dump or (not s.wild_books and wilds > reserve)):
                return (1, to_canasta)
            if dump:
                return (4, 0)
            if (not s.wild_books and bw and s.rules.is_canasta(n, bw) and wilds > reserve
                    and not s.rules.closes(rank, n, bw + 1)):
                return (3, 0)  # an unnatural canasta grows on (DeMeritt)
            return None
        if w == len(m.cards):  # a wild book
            return (1, 5) if dump or wilds >= 3 + reserve else None
        # a pair with a wild card
        return (3, 1) if dump or (not s.wild_books and wilds > reserve + 1) else None

    def squeezes(self, s: Seen, m: Move) -> bool:
        """In the foot a turn must end with a card kept: a lay that leaves only cards too good to
        discard (wild cards, or a pair while the pile is worth taking) is not made, unless it
        closes a canasta."""
        nxt = s.after(m)
        if nxt is None:
            return False
        rest, table = nxt
        if len(rest) > 2 or sum(table.closed) > sum(s.table.closed):
            return False
        counts = self.rank_counts(rest)
        low = min((self.keep_value(s, c, counts, False) for c in rest), default=0.0)
        return low >= 1000 or (low >= 30 and len(s.pile) >= 6)

    # ---- the discard -----------------------------------------------------------------

    @staticmethod
    def rank_counts(cards: Iterable[int]) -> dict[int, int]:
        counts: dict[int, int] = {}
        for c in cards:
            counts[C.RANK_OF[c]] = counts.get(C.RANK_OF[c], 0) + 1
        return counts

    def keep_value(self, s: Seen, c: int, counts: dict[int, int], late: bool) -> float:
        """How much the hand wants to keep ``c`` (before the risk of feeding the next player)."""
        r = C.RANK_OF[c]
        if is_wild(c):
            return 1000.0 + s.values[c]
        if r == C.THREE:
            return -float(s.held_cost(c))
        k = counts.get(r, 0)
        worth = 50.0 if k >= 3 else 30.0 if k == 2 else 20.0 if r in s.table.open_books else 10.0
        return worth + (-s.values[c] if late else s.values[c] / (2 if not s.opened else 4))

    def choose_discard(self, s: Seen, discards: list[Move]) -> Move:
        many = [m for m in discards if len(m.cards) > 1]
        if many:
            return max(many, key=lambda m: len(m.cards))
        counts = self.rank_counts(s.hand)
        late = s.late()
        nxt = (s.seat + 1) % s.players
        pile_factor = 0.5 + min(len(s.pile), 10) / 10
        next_known: dict[int, int] = {}
        if nxt not in s.team:
            next_known = self.rank_counts(s.known[nxt])

        def keep(m: Move) -> float:
            c = m.cards[0]
            r = C.RANK_OF[c]
            worth = self.keep_value(s, c, counts, late)
            if is_wild(c) or r == C.THREE:
                return worth
            danger = 80.0 if next_known.get(r, 0) >= 2 else 25.0 if r in next_known else 0.0
            if r in s.opp_books and not s.frozen:  # a frozen pile is taken only with a natural pair
                danger += 10.0
            return worth + danger * pile_factor

        return min(discards, key=lambda m: (keep(m), m.cards[0]))


"""The canasta turn kernel: partnerships' shared books, the discard pile, red and black threes,
the opening minimum, the foot, asking partner, going out and the exhausted stock.

A game subclasses :class:`CanastaState`, sets ``self.turn_rules`` (:class:`TurnRules`) and the
card ``values``, deals (filling ``hands``, ``feet``, ``stocks`` and ``discards``, then calling
:meth:`start_play`), and writes ``minimum(team)`` and ``_score_round(out)``. The kernel owns
the turn, as a person plays it:

* **Draw** (phase ``draw``): ``draw`` takes the rule set's number of cards from the stock
  (``draw 3`` takes one card from stock pile 3 where every player keeps his own pile; a draw of
  two is then two moves). Or ``pickup 8C 8D`` takes the discard pile: the top card and the named
  cards from the hand (a natural pair of the top card's rank, or more) go down at once, onto
  the team's open book of that rank until it closes and then into a new book, and the rest of
  the pile (or its top seven, where the rules cap the take) goes to the hand, known to everyone.
* **Red threes** are laid out the moment they reach a hand and replaced from the stock (not
  when they come from the pile); at the deal, seat by seat from the dealer's left.
* **Play** (phase ``play``): ``meld KC KD KH`` starts a book with three cards (``meld KC KD 2S``,
  ``meld JK JK 2C``); ``add 2 KS`` adds one card to the team's book number 2. Suits never matter
  in a book, so a player may name any cards he holds of the same ranks (any joker, any two) for
  the ones listed, and they are the cards laid; ``add KS`` finds the team's open book of kings.
  ``discard 9C`` ends the turn.
* **The opening minimum**: until a team has met it, the books a player lays in a turn are
  provisional: they count toward the minimum (with the pile's top card, but no other card from
  the pile, which stays in the hand until the minimum is met), the turn cannot end below the
  minimum, and ``retract`` takes the provisional books back into the hand.
* **The foot**: a hand melded out takes the foot at once and plays on; a hand emptied by the
  discard takes the foot for the next turn.
* **Going out** empties the foot (melding everything, or discarding the last card) and needs
  the team's canastas (``TurnRules.need``). A move that would leave a player in his foot with no
  way to end the turn is refused: at most one card may be left only if it can go out.
* **Asking partner** ``ask`` ("may I go out?") right after the draw, before any meld but the
  pile's; the partner answers ``answer yes`` or ``answer no`` and the answer binds: yes means
  every move must keep going out possible, and the turn ends with going out; no means not this
  turn. A player may only ask when he can go out this turn.
* **The exhausted stock**: when a turn starts with too few cards in the stock for a draw, the
  hand ends (``stock_out="end"``), or play goes on while each player must and can take the
  pile (``"play_on"``, classic canasta).

Zones for the conformance suite: hands, feet, stock piles, the discard pile, each team's books
and red threes. ``sample`` redeals every hand but the seat's own (keeping cards known from the
pile), every foot not yet picked up (the owner's too: it lies face down) and the stock.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER, WORD
from gamenight.core.sampling import redeal_piles
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.canasta import (
    WILD,
    Book,
    BookRules,
    Requirement,
    best_meld_value,
    book_of,
    can_go_out,
    count_hand,
    table_of,
    team_canastas,
)

DRAW_PHASE, PLAY_PHASE, ANSWER_PHASE, CHOOSE_PHASE, OVER = "draw", "play", "answer", "choose", "over"
ASK = Move("ask")
YES, NO = Move("answer", WORD("yes")), Move("answer", WORD("no"))
RETRACT = Move("retract")
DRAW = Move("draw")
BONUS, DEAD = "bonus", "dead"
SIX_DISCARD, DISCARD_ONLY, GROUP_OUT = "six_discard", "discard", "group_out"
OFF, OPTIONAL, REQUIRED = "off", "optional", "required"
END, PLAY_ON = "end", "play_on"

#: canonical order of cards in a hand: naturals by rank, then twos, jokers, threes
_IS_RED3 = [C.RANK_OF[c] == C.THREE and C.SUIT_COLOUR[C.SUIT_OF[c]] == 1 for c in range(52)] + [False]
_IS_BLACK3 = [C.RANK_OF[c] == C.THREE and C.SUIT_COLOUR[C.SUIT_OF[c]] == 0 for c in range(52)] + [False]
_IS_WILD = [C.RANK_OF[c] in (C.TWO, 13) for c in range(53)]
#: what interchangeable cards share: the natural rank, "wild two", "joker", red or black three
_CLASS = [(-2 if _IS_RED3[c] else -1) if C.RANK_OF[c] == C.THREE else C.RANK_OF[c] for c in range(53)]


def is_wild(c: int) -> bool:
    return _IS_WILD[c]


def is_red_three(c: int) -> bool:
    return _IS_RED3[c]


def is_black_three(c: int) -> bool:
    return _IS_BLACK3[c]


@dataclass(frozen=True, slots=True)
class TurnRules:
    """The switches a canasta-family rule set sets for the turn."""

    books: BookRules = field(default_factory=BookRules)
    need: Requirement = field(default_factory=Requirement)
    #: cards drawn from the stock each turn
    draw: int = 2
    #: most cards a pile pickup takes (the top card included); None: the whole pile
    pile_limit: int | None = None
    #: a wild card on top may be taken with a pair of wild cards (else a wild top blocks)
    wild_top: bool = False
    #: once a wild card is in the pile, only a team that has met its minimum may take it
    persistent_freeze: bool = False
    #: red threes: "bonus" (laid out and replaced) or "dead" (kept, only discarded)
    red_threes: str = BONUS
    #: black threes: "six_discard" (six or more discarded at once from the foot), "discard",
    #: or "group_out" (a group of three or four may go down when going out)
    black_threes: str = DISCARD_ONLY
    #: asking partner "may I go out?": "off", "optional" (binding if asked) or "required"
    ask: str = OFF
    #: every player of the team must have played from his foot before the team goes out
    all_in_foot: bool = False
    #: an exhausted stock: "end" the hand, or "play_on" while the pile must and can be taken
    stock_out: str = END


class CanastaState(State):
    """A canasta-family game in progress; see the module docstring."""

    turn_rules: TurnRules
    #: card value of each card (index by card int); threes' penalties are the game's
    values: list[int]

    # ---- set-up ------------------------------------------------------------------------

    def _init_canasta(self, rules: TurnRules, values: list[int]) -> None:
        self.turn_rules = rules
        self.values = values
        n = self.num_players
        self.teams = 2 if n > 1 else 1
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.feet: list[list[int]] = [[] for _ in range(n)]
        self.in_foot = [False] * n
        self.played_foot = [False] * n
        self.shown: list[list[int]] = [[] for _ in range(n)]
        self.stocks: list[list[int]] = [[]]
        self.discards: list[int] = []
        self.books: list[list[Book]] = [[] for _ in range(self.teams)]
        self.red3: list[list[int]] = [[] for _ in range(self.teams)]
        self.opened = [False] * self.teams
        self.phase_name = ""
        self.turn = 0
        self.dealer = 0
        self.deal_no = 0
        self.draws_left = 0
        self.upcard_take = False
        self.stock_dry = False
        self._reset_turn()

    def _reset_turn(self) -> None:
        #: below the team's minimum, something laid this turn is provisional
        self.prov_active = False
        #: the cards a ``retract`` takes back, the books it restores, and the points it keeps
        #: (the pile's compulsory book cannot be taken back)
        self.prov_cards: list[int] = []
        self.retract_books: list[Book] = []
        self.prov_floor = 0
        self.prov_value = 0
        self.locked: list[int] = []
        self.asked = ""
        self.melded = False

    def team_of(self, seat: int) -> int:
        return seat % self.teams

    def column_of(self, seat: int) -> int:
        return self.team_of(seat)

    def partner_of(self, seat: int) -> int | None:
        """Whom a player asks: the next player of his team round the table."""
        n = self.num_players
        return (seat + 2) % n if n > 2 else None

    def teammates(self, seat: int) -> list[int]:
        t = self.team_of(seat)
        return [s for s in range(self.num_players) if self.team_of(s) == t]

    def minimum(self, team: int) -> int:
        """The opening-meld minimum of ``team`` this hand."""
        raise NotImplementedError

    def _score_round(self, out: int | None) -> None:
        """Score the hand (``out`` went out; ``None``: the stock ran out), then deal or finish."""
        raise NotImplementedError

    def start_play(self, first: int) -> None:
        """After the deal: red threes go out seat by seat from ``first``, then ``first`` plays."""
        if self.turn_rules.red_threes == BONUS:
            for i in range(self.num_players):
                self._lay_red_threes((first + i) % self.num_players, replace=True)
        self.begin_turn(first)

    def stock_size(self) -> int:
        return sum(len(p) for p in self.stocks)

    def begin_turn(self, seat: int) -> None:
        self.turn = seat
        self._reset_turn()
        self.phase_name = DRAW_PHASE
        self.draws_left = self.turn_rules.draw
        self.stock_dry = self.stock_size() < self.turn_rules.draw
        if self.stock_dry and (self.turn_rules.stock_out == END or not self._pickup_moves(seat)):
            self.emit("stock_out", "The stock is exhausted: the hand is over.")
            self._round_over(None)

    # ---- what may be played ------------------------------------------------------------

    def _to_act(self) -> frozenset[int]:
        phase = self.phase_name
        if phase in (DRAW_PHASE, PLAY_PHASE):
            return frozenset((self.turn,))
        if phase == ANSWER_PHASE:
            partner = self.partner_of(self.turn)
            return frozenset(() if partner is None else (partner,))
        return self._to_act_other()

    def _to_act_other(self) -> frozenset[int]:
        return frozenset()

    def phase(self) -> str:
        return self.phase_name or OVER

    def _legal(self, seat: int) -> list[Move]:
        phase = self.phase_name
        if phase == DRAW_PHASE:
            return self._draw_moves(seat)
        if phase == PLAY_PHASE:
            return self._play_moves(seat)
        if phase == ANSWER_PHASE:
            return [YES, NO]
        return self._legal_other(seat)

    def _legal_other(self, seat: int) -> list[Move]:
        return []

    def _draw_moves(self, seat: int) -> list[Move]:
        out: list[Move] = []
        full = self.draws_left == self.turn_rules.draw
        if not self.stock_dry:
            if len(self.stocks) == 1:
                out.append(DRAW)
            else:
                out.extend(Move("draw", NUMBER(i + 1)) for i, pile in enumerate(self.stocks) if pile)
        if full:
            if self.upcard_take and len(self.discards) == 1:
                out.append(C.card_move("take", (self.discards[-1],)))
            out.extend(self._pickup_moves(seat))
        return out

    def usable(self, seat: int) -> list[int]:
        """The hand less the cards from the pile that may not be melded before the minimum."""
        hand = list(self.hands[seat])
        for c in self.locked:
            hand.remove(c)
        return hand

    def _pick(self, cards: Sequence[int], cls: int, k: int | None) -> tuple[int, ...] | None:
        """The first ``k`` cards of class ``cls`` in ``cards`` (their canonical choice; ``None``:
        all of them), or ``None`` when there are fewer."""
        got = sorted(c for c in cards if _CLASS[c] == cls)
        if k is None:
            return tuple(got)
        return tuple(got[:k]) if len(got) >= k else None

    def open_book(self, team: int, rank: int) -> int | None:
        for i, book in enumerate(self.books[team]):
            if book.rank == rank and not book.closed:
                return i
        return None

    def _place(self, team: int, rank: int, cards: Sequence[int]) -> list[Book] | None:
        """The team's books after ``cards`` (all of ``rank``'s naturals, or wild cards) go down one
        at a time: onto the open book of that rank until it closes, then into new books."""
        rules = self.turn_rules.books
        books = list(self.books[team])
        index = self.open_book(team, rank)
        queue = list(cards)
        while queue:
            if index is None:
                if len(queue) < 3:
                    return None
                start, queue = queue[:3], queue[3:]
                w = sum(1 for c in start if _IS_WILD[c]) if rank != WILD else 3
                if not rules.valid(rank, 3 - w, w):
                    return None
                books.append(book_of(rank, start, w, rules))
                index = len(books) - 1
            else:
                c = queue.pop(0)
                book = books[index]
                w = 1 if _IS_WILD[c] else 0
                if book.closed or not rules.valid(rank, book.naturals + 1 - w, book.wilds + w):
                    return None
                books[index] = book.plus((c,), w, rules)
            if books[index].closed:
                index = None
        return books

    def _pickup_moves(self, seat: int) -> list[Move]:
        if not self.discards:
            return []
        rules = self.turn_rules
        team = self.team_of(seat)
        top = self.discards[-1]
        if C.RANK_OF[top] == C.THREE:
            return []
        if self._frozen_for(team):
            return []
        hand = self.hands[seat]
        out: list[Move] = []
        if _IS_WILD[top]:
            if not rules.wild_top:
                return []
            jokers = self._pick(hand, 13, None) or ()
            twos = self._pick(hand, C.TWO, None) or ()
            for j in range(len(jokers) + 1):
                for t in range(len(twos) + 1):
                    if j + t >= 2:
                        self._pickup_if_fits(seat, WILD, jokers[:j] + twos[:t], out)
            return out
        rank = C.RANK_OF[top]
        same = self._pick(hand, rank, None) or ()
        for k in range(2, len(same) + 1):
            self._pickup_if_fits(seat, rank, same[:k], out)
        return out

    def _frozen_for(self, team: int) -> bool:
        """G-HF-5's persistent freeze: a pile holding a wild card, for a team below its minimum."""
        return (self.turn_rules.persistent_freeze and not self.opened[team]
                and any(_IS_WILD[c] for c in self.discards))

    def _pickup_if_fits(self, seat: int, rank: int, laid: tuple[int, ...], out: list[Move]) -> None:
        team = self.team_of(seat)
        top = self.discards[-1]
        books = self._place(team, rank, (top, *laid))
        if books is None:
            return
        rest = list(self.hands[seat])
        for c in laid:
            rest.remove(c)
        value = self.values[top] + sum(self.values[c] for c in laid)
        if not self.opened[team]:
            best = best_meld_value(self.turn_rules.books, table_of(books, self.turn_rules.books),
                                   count_hand(rest), self.values)
            if value + best < self.minimum(team):
                return
        taken = len(self._pile_take()) - 1
        if not self.in_foot[seat] or len(rest) + taken >= 2:
            out.append(C.card_move("pickup", laid))
            return
        after = rest + self._pile_take()[:-1]
        if self._could_finish(seat, after, books):
            out.append(C.card_move("pickup", laid))

    def _pile_take(self) -> list[int]:
        limit = self.turn_rules.pile_limit
        return list(self.discards if limit is None else self.discards[-limit:])

    def _play_moves(self, seat: int) -> list[Move]:
        team = self.team_of(seat)
        hand = self.usable(seat)
        out: list[Move] = []
        for move, rank, cards in self._meld_candidates(team, hand):
            if self._meld_ok(seat, rank, cards, move):
                out.append(move)
        out.extend(self._discard_moves(seat))
        if self._may_ask(seat):
            out.append(ASK)
        if self.prov_cards:
            out.append(RETRACT)
        return out

    def _meld_candidates(self, team: int, hand: list[int]) -> list[tuple[Move, int, tuple[int, ...]]]:
        """Every new three-card book and every one-card addition the hand can make, before the
        checks on how the turn can end."""
        rules = self.turn_rules.books
        out: list[tuple[Move, int, tuple[int, ...]]] = []
        counts: dict[int, int] = {}
        for c in hand:
            counts[_CLASS[c]] = counts.get(_CLASS[c], 0) + 1
        jokers, twos = counts.get(13, 0), counts.get(C.TWO, 0)
        wild_kinds = [(13, jokers), (C.TWO, twos)]
        open_ranks = {b.rank: i for i, b in enumerate(self.books[team]) if not b.closed}
        for cls, h in sorted(counts.items()):
            if cls < C.FOUR or cls > C.ACE:
                continue
            if cls in open_ranks:
                i = open_ranks[cls]
                book = self.books[team][i]
                if rules.valid(cls, book.naturals + 1, book.wilds):
                    card = self._pick(hand, cls, 1)
                    assert card is not None
                    out.append((C.card_move("add", card, i + 1), cls, card))
                continue
            if h >= 3 and rules.valid(cls, 3, 0):
                three = self._pick(hand, cls, 3)
                assert three is not None
                out.append((C.card_move("meld", three), cls, three))
            if h >= 2 and rules.valid(cls, 2, 1):
                pair = self._pick(hand, cls, 2)
                assert pair is not None
                for wcls, k in wild_kinds:
                    if k:
                        wild = self._pick(hand, wcls, 1)
                        assert wild is not None
                        out.append((C.card_move("meld", pair + wild), cls, pair + wild))
        for rank, i in open_ranks.items():
            book = self.books[team][i]
            if rules.valid(rank, book.naturals, book.wilds + 1):
                for wcls, k in wild_kinds:
                    if k:
                        wild = self._pick(hand, wcls, 1)
                        assert wild is not None
                        out.append((C.card_move("add", wild, i + 1), rank, wild))
        if WILD not in open_ranks and rules.wild_books and jokers + twos >= 3:
            for j in range(min(jokers, 3) + 1):
                t = 3 - j
                if t <= twos:
                    cards = (self._pick(hand, 13, j) or ()) + (self._pick(hand, C.TWO, t) or ())
                    out.append((C.card_move("meld", cards), WILD, cards))
        if self.turn_rules.black_threes == GROUP_OUT:
            black = self._pick(hand, -1, None) or ()
            for k in (3, 4):  # with five, four go down and the fifth is the discard
                if len(black) >= k:
                    out.append((C.card_move("meld", black[:k]), C.THREE, black[:k]))
        return out

    def _after_lay(self, team: int, rank: int, cards: tuple[int, ...], move: Move) -> list[Book] | None:
        """The team's books after a meld or add move."""
        rules = self.turn_rules.books
        books = list(self.books[team])
        if rank == C.THREE:  # a black-three group going out
            books.append(Book(C.THREE, cards, 0, True))
            return books
        if move.verb == "meld":
            w = sum(1 for c in cards if _IS_WILD[c]) if rank != WILD else len(cards)
            books.append(book_of(rank, cards, w, rules))
            return books
        assert move.number is not None
        i = move.number - 1
        books[i] = books[i].plus(cards, 1 if _IS_WILD[cards[0]] else 0, rules)
        return books

    def _meld_ok(self, seat: int, rank: int, cards: tuple[int, ...], move: Move) -> bool:
        return self._why_meld_refused(seat, rank, cards, move) == ""

    def _why_meld_refused(self, seat: int, rank: int, cards: tuple[int, ...], move: Move) -> str:
        """Why this meld or addition (already a valid book) may not be made now, or ``""``."""
        team = self.team_of(seat)
        books = self._after_lay(team, rank, cards, move)
        assert books is not None
        left = len(self.hands[seat]) - len(cards)
        if rank == C.THREE:
            if not self.in_foot[seat] or left > 1:
                return "Black threes go down only as the last cards of a player going out."
            rest = list(self.hands[seat])
            for c in cards:
                rest.remove(c)
            if not self._could_finish(seat, rest, books):
                return self._why_not_out(seat, books)
            return ""
        if not self.opened[team]:
            value = self.prov_value + sum(self.values[c] for c in cards)
            if value < self.minimum(team) and left < 1:
                return (f"Your team's first books must reach {self.minimum(team)} points before your "
                        "hand runs out; keep a card.")
        if not self.in_foot[seat]:
            return ""
        must = self.asked == "yes"
        if left >= 2 and not must:
            return ""
        rest = list(self.hands[seat])
        for c in cards:
            rest.remove(c)
        if left == 0:
            return "" if self._may_go_out(seat, books) else self._why_not_out(seat, books)
        if self._could_finish(seat, rest, books):
            return ""
        if must:
            return "Your partner said yes: every play must keep your going out this turn possible."
        return ("You must keep a card you can discard without going out: "
                + self._why_not_out(seat, books))

    def _discard_moves(self, seat: int) -> list[Move]:
        if self.prov_active:
            return []
        hand = self.hands[seat]
        last = len(hand) == 1
        out: list[Move] = []
        going_out = self.in_foot[seat] and last
        if self.asked == "yes" and not last:
            pass
        elif not going_out or self._may_go_out(seat, self.books[self.team_of(seat)]):
            out.extend(Move("discard", C.CARD_ARG[c]) for c in sorted(set(hand)))
        if self.turn_rules.black_threes == SIX_DISCARD and self.in_foot[seat]:
            black = tuple(sorted(c for c in hand if _IS_BLACK3[c]))
            if len(black) >= 6 and self._mass_discard_ok(seat, len(hand) - len(black)):
                out.append(C.card_move("discard", black))
        return out

    def _mass_discard_ok(self, seat: int, left: int) -> bool:
        if self.asked == "yes" and left:
            return False
        if left == 0:
            return self._may_go_out(seat, self.books[self.team_of(seat)])
        return True

    # ---- going out ---------------------------------------------------------------------

    def _permission(self, seat: int) -> bool:
        mode = self.turn_rules.ask
        if mode == OFF or self.partner_of(seat) is None:
            return True
        if mode == REQUIRED:
            return self.asked == "yes"
        return self.asked != "no"

    def _everyone_in_foot(self, seat: int) -> bool:
        if not self.turn_rules.all_in_foot:
            return True
        return all(self.played_foot[s] or s == seat for s in self.teammates(seat))

    def _may_go_out(self, seat: int, books: Sequence[Book]) -> bool:
        team = self.team_of(seat)
        return (self.opened[team] and self._permission(seat) and self._everyone_in_foot(seat)
                and self.turn_rules.need.met(team_canastas(books, self.turn_rules.books)))

    def _why_not_out(self, seat: int, books: Sequence[Book]) -> str:
        rules = self.turn_rules
        if not self._permission(seat):
            if self.asked == "no":
                return "your partner said no, so you may not go out this turn."
            return "you must ask your partner ('ask') before going out."
        if not self._everyone_in_foot(seat):
            return "every player of your team must have played from his foot before you go out."
        return f"to go out your team needs {rules.need.describe()}."

    def _could_finish(self, seat: int, hand: Sequence[int], books: Sequence[Book]) -> bool:
        """Whether ``seat``, holding ``hand`` with the team's ``books``, can go out this turn."""
        team = self.team_of(seat)
        if not (self.opened[team] and self._permission(seat) and self._everyone_in_foot(seat)):
            return False
        rules = self.turn_rules
        counts = count_hand(hand)
        table = table_of(books, rules.books)
        if rules.black_threes == SIX_DISCARD:
            black = sum(1 for c in hand if _IS_BLACK3[c])
            if black >= 6:
                rest = [c for c in hand if not _IS_BLACK3[c]]
                return can_go_out(rules.books, table, count_hand(rest), rules.need, discard=False)
        return can_go_out(rules.books, table, counts, rules.need,
                          three_group=rules.black_threes == GROUP_OUT)

    def _may_ask(self, seat: int) -> bool:
        rules = self.turn_rules
        if rules.ask == OFF or self.partner_of(seat) is None or self.asked or self.melded:
            return False
        if not self.in_foot[seat] or not self._everyone_in_foot(seat) or len(self.hands[seat]) < 2:
            return False
        self.asked = "yes"  # would he be able to go out if allowed?
        try:
            return self._could_finish(seat, self.hands[seat], self.books[self.team_of(seat)])
        finally:
            self.asked = ""

    # ---- refusals ----------------------------------------------------------------------

    def _why_illegal(self, seat: int, move: Move) -> str:
        verb = move.verb
        phase = self.phase_name
        if phase == ANSWER_PHASE:
            return "Answer your partner: 'answer yes' or 'answer no'."
        if phase == DRAW_PHASE:
            if verb == "pickup":
                return self._why_not_pickup(seat, move)
            if verb == "draw":
                if len(self.stocks) > 1 and move.number is None:
                    return "Say which stock pile you draw from, for example 'draw 1'."
                return "That stock pile is empty." if not self.stock_dry else "The stock is empty."
            if verb == "take":
                return "Only the first player of the hand may take the single turned-up card."
            return "Draw first: 'draw', or take the discard pile with 'pickup' and a natural pair."
        if phase == PLAY_PHASE:
            if verb in ("draw", "pickup", "take"):
                return "You have drawn already this turn: meld, add or discard."
            if verb in ("meld", "add"):
                return self._why_not_meld(seat, move)
            if verb == "discard":
                return self._why_not_discard(seat, move)
            if verb == "ask":
                return self._why_not_ask(seat)
            if verb == "retract":
                return "There are no provisional books to take back."
            if verb == "answer":
                return "Only the partner who was asked answers."
        return self._why_illegal_other(seat, move)

    def _why_illegal_other(self, seat: int, move: Move) -> str:
        return f"'{move}' is not a move you can make now."

    def _missing(self, hand: Sequence[int], cards: Sequence[int]) -> str:
        rest = list(hand)
        for c in cards:
            if c in rest:
                rest.remove(c)
            else:
                return f"You do not hold {C.NAME_OF[c]}" + (" twice." if c in hand else ".")
        return ""

    def _why_not_pickup(self, seat: int, move: Move) -> str:
        if not self.discards:
            return "The discard pile is empty."
        top = self.discards[-1]
        team = self.team_of(seat)
        if C.RANK_OF[top] == C.THREE:
            return "A three on top of the discard pile blocks it."
        if _IS_WILD[top] and not self.turn_rules.wild_top:
            return "A wild card on top of the discard pile freezes it: it cannot be taken."
        if self._frozen_for(team):
            return "The pile holds a wild card: only a team that has made its first meld may take it."
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        want = "two wild cards" if _IS_WILD[top] else f"a natural pair of {C.RANK_NAMES[C.RANK_OF[top]]}s"
        if len(move.cards) < 2 or any(_CLASS[c] != _CLASS[top] and not (_IS_WILD[top] and _IS_WILD[c])
                                      for c in move.cards):
            return f"To take the pile you must lay its top card with {want} from your hand."
        rank = WILD if _IS_WILD[top] else C.RANK_OF[top]
        if self._place(team, rank, (top, *move.cards)) is None:
            return ("Those cards do not fit your team's books: the top card and your cards go onto the "
                    "open book of that rank until it closes, and any rest must start a new book of three.")
        if not self.opened[team]:
            return (f"With the top card and the rest of your hand you cannot reach your team's first-meld "
                    f"minimum of {self.minimum(team)} (cards from the pile do not count).")
        return "Taking the pile now would leave you no way to end your turn."

    def _why_not_meld(self, seat: int, move: Move) -> str:
        team = self.team_of(seat)
        hand = self.usable(seat)
        missing = self._missing(hand, move.cards)
        if missing:
            if not self._missing(self.hands[seat], move.cards):
                return "Cards taken from the pile may not be melded until your team has met its minimum."
            return missing
        rules = self.turn_rules.books
        if move.verb == "meld":
            if len(move.cards) != 3:
                return "A new book starts with exactly three cards; add more with 'add'."
            naturals = [c for c in move.cards if not _IS_WILD[c]]
            threes = any(C.RANK_OF[c] == C.THREE for c in naturals)
            black_group = self.turn_rules.black_threes == GROUP_OUT and all(_IS_BLACK3[c] for c in move.cards)
            if threes and not black_group:
                return "Threes can never be melded."
            ranks = {C.RANK_OF[c] for c in naturals}
            if len(ranks) > 1:
                return "A book holds cards of one rank only (runs are not melds in this game)."
            rank = ranks.pop() if ranks else WILD
            if rank != C.THREE and self.open_book(team, rank) is not None:
                return ("Your team already has an open book of that rank: add to it until it closes "
                        "before starting another.")
            w = len(move.cards) - len(naturals)
            if rank != C.THREE and not rules.valid(rank, len(naturals), w):
                return self._why_invalid_book(rank, len(naturals), w)
        else:
            if len(move.cards) != 1 or move.number is None:
                return "Add one card to a numbered book, for example 'add 2 KS'."
            n = move.number
            if not 1 <= n <= len(self.books[team]):
                return f"Your team has no book {n}."
            book = self.books[team][n - 1]
            c = move.cards[0]
            if book.closed:
                return f"Book {n} is closed: nothing more may be added to it."
            if not _IS_WILD[c] and C.RANK_OF[c] != book.rank:
                return f"Book {n} is a book of {C.RANK_NAMES[book.rank]}s." if book.rank != WILD else \
                    f"Book {n} holds wild cards only."
            w = 1 if _IS_WILD[c] else 0
            if not rules.valid(book.rank, book.naturals + 1 - w, book.wilds + w):
                return self._why_invalid_book(book.rank, book.naturals + 1 - w, book.wilds + w)
            rank = book.rank
        why = self._why_meld_refused(seat, rank, move.cards, move)
        return why or "You may not lay that now."

    def _why_invalid_book(self, rank: int, n: int, w: int) -> str:
        rules = self.turn_rules.books
        if rank == WILD:
            return "Books of wild cards only are not allowed." if not rules.wild_books else \
                f"A wild book holds at most {rules.canasta} cards."
        if w and rules.max_wilds is not None and w > rules.max_wilds:
            return f"A book may hold at most {rules.max_wilds} wild cards."
        if w and (n < w or (rules.ratio == "more" and n == w)):
            return ("A book must hold more naturals than wild cards." if rules.ratio == "more"
                    else "A book must hold at least as many naturals as wild cards.")
        return f"A book holds at most {rules.canasta} cards."

    def _why_not_discard(self, seat: int, move: Move) -> str:
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        if self.prov_active:
            return (f"Your books so far make {self.prov_value} of the {self.minimum(self.team_of(seat))} "
                    "points your team needs to open: lay more, or 'retract' them.")
        if len(move.cards) > 1:
            return "Discard one card (six or more black threes may go together, from the foot)."
        if self.asked == "yes":
            return "Your partner said yes: you must go out this turn, so meld your cards first."
        why = self._why_not_out(seat, self.books[self.team_of(seat)])
        return "You may not discard your last card: " + why

    def _why_not_ask(self, seat: int) -> str:
        if self.turn_rules.ask == OFF or self.partner_of(seat) is None:
            return "Asking partner is not part of these rules."
        if self.asked:
            return "You have asked already this turn."
        if self.melded:
            return "Ask right after drawing, before you meld."
        if not self.in_foot[seat]:
            return "You can only ask when you are playing from your foot."
        return "You can only ask when you could go out this turn."

    # ---- applying moves ----------------------------------------------------------------

    def _apply(self, seat: int, move: Move) -> None:
        verb = move.verb
        phase = self.phase_name
        if phase == DRAW_PHASE:
            if verb == "draw":
                self._draw(seat, move.number)
            elif verb == "take":
                self._take_upcard(seat)
            else:
                self._pickup(seat, move.cards)
        elif phase == ANSWER_PHASE:
            self.asked = move.flag or "no"
            self.phase_name = PLAY_PHASE
            partner = self.partner_of(self.turn)
            assert partner is not None
            self.emit("answer", f"{self.names[partner]} answers {self.asked}.", seat=partner)
        elif phase == PLAY_PHASE:
            if verb in ("meld", "add"):
                self._lay(seat, move)
            elif verb == "discard":
                self._discard(seat, move.cards)
            elif move is ASK:
                self.phase_name = ANSWER_PHASE
                partner = self.partner_of(seat)
                assert partner is not None
                self.emit("ask", f"{self.names[seat]} asks {self.names[partner]}: may I go out?", seat=seat)
            elif move is RETRACT:
                self._retract(seat)
            else:
                self._apply_other(seat, move)
        else:
            self._apply_other(seat, move)

    def _apply_other(self, seat: int, move: Move) -> None:
        raise NotImplementedError(move.verb)

    def _draw(self, seat: int, pile_no: int | None) -> None:
        hand = self.hands[seat]
        if pile_no is None:
            got = [self.stocks[0].pop() for _ in range(min(self.draws_left, len(self.stocks[0])))]
            self.draws_left = 0
            where = "the stock"
        else:
            got = [self.stocks[pile_no - 1].pop()]
            self.draws_left -= 1
            where = f"stock pile {pile_no}"
        hand.extend(got)
        self.upcard_take = False
        count = "a card" if len(got) == 1 else f"{len(got)} cards"
        self.emit("draw", f"{self.names[seat]} draws {count} from {where}.", seat=seat)
        self.emit("drawn", f"You draw {', '.join(C.LABEL_OF[c] for c in got)}.", seat=seat, to=seat,
                  cards=C.codes(got))
        if self.draws_left == 0 or self.stock_size() == 0:
            self._lay_red_threes(seat, replace=True)
            self.phase_name = PLAY_PHASE
            if self.stock_size() == 0 and not self._legal(seat):
                # red threes the empty stock could not replace left him no way to end the turn:
                # the stock is exhausted, and with it the hand (classic canasta's last red three)
                self.emit("stock_out", "The stock is exhausted: the hand is over.")
                self._round_over(None)

    def _take_upcard(self, seat: int) -> None:
        c = self.discards.pop()
        self.hands[seat].append(c)
        self.shown[seat].append(c)
        self.upcard_take = False
        self.draws_left = 0
        self.emit("take", f"{self.names[seat]} takes the turned-up {C.LABEL_OF[c]}.", seat=seat)
        self._lay_red_threes(seat, replace=False)
        self.phase_name = PLAY_PHASE

    def _pickup(self, seat: int, laid: tuple[int, ...]) -> None:
        team = self.team_of(seat)
        taken = self._pile_take()
        del self.discards[len(self.discards) - len(taken):]
        top = taken.pop()
        rank = WILD if _IS_WILD[top] else C.RANK_OF[top]
        books = self._place(team, rank, (top, *laid))
        assert books is not None
        hand = self.hands[seat]
        for c in laid:
            hand.remove(c)
        if not self.opened[team]:
            self.prov_active = True
            self.retract_books = books
            self.prov_floor = self.prov_value = self.values[top] + sum(self.values[c] for c in laid)
            self.locked = list(taken)
        self.books[team] = books
        hand.extend(taken)
        self.shown[seat].extend(taken)
        self.upcard_take = False
        self.draws_left = 0
        rest = f" and {len(taken)} more card{'s' if len(taken) != 1 else ''}" if taken else ""
        self.emit("pickup", f"{self.names[seat]} takes the pile: {C.LABEL_OF[top]}{rest}, laying "
                            f"{C.LABEL_OF[top]} with {' '.join(C.LABEL_OF[c] for c in laid)}.",
                  seat=seat, cards=C.codes(taken))
        self.phase_name = PLAY_PHASE
        self._lay_red_threes(seat, replace=False)
        self._check_opened(team)
        if self.in_foot[seat] and laid:
            self.played_foot[seat] = True
        self._after_hand_change(seat)

    def _lay(self, seat: int, move: Move) -> None:
        team = self.team_of(seat)
        cards = move.cards
        if move.verb == "meld":
            naturals = [c for c in cards if not _IS_WILD[c]]
            rank = C.RANK_OF[naturals[0]] if naturals else WILD
        else:
            assert move.number is not None
            rank = self.books[team][move.number - 1].rank
        books = self._after_lay(team, rank, cards, move)
        assert books is not None
        if not self.opened[team]:
            if not self.prov_active:
                self.prov_active = True
                self.retract_books = list(self.books[team])
            self.prov_cards.extend(cards)
            self.prov_value += sum(self.values[c] for c in cards)
        self.books[team] = books
        hand = self.hands[seat]
        shown = self.shown[seat]
        for c in cards:
            hand.remove(c)
            if c in shown:
                shown.remove(c)
        self.melded = True
        if self.in_foot[seat]:
            self.played_foot[seat] = True
        if move.verb == "meld":
            book = books[-1]
            self.emit("meld", f"{self.names[seat]} starts book {len(books)}: "
                              f"{' '.join(C.LABEL_OF[c] for c in cards)}.", seat=seat, cards=C.codes(cards))
        else:
            assert move.number is not None
            book = books[move.number - 1]
            self.emit("add", f"{self.names[seat]} adds {C.LABEL_OF[cards[0]]} to book {move.number}: "
                             f"{book.describe(self.turn_rules.books)}.", seat=seat, cards=C.codes(cards))
        self._check_opened(team)
        self._after_hand_change(seat)

    def _check_opened(self, team: int) -> None:
        if self.opened[team] or self.prov_value < self.minimum(team):
            return
        self.opened[team] = True
        self.emit("opened", f"Team {self.sheet.columns[team]} has met its minimum of {self.minimum(team)} "
                            f"with {self.prov_value} points.")
        self.prov_active = False
        self.prov_cards = []
        self.retract_books = []
        self.locked = []

    def _retract(self, seat: int) -> None:
        team = self.team_of(seat)
        taken = len(self.prov_cards)
        self.hands[seat].extend(self.prov_cards)
        self.books[team] = list(self.retract_books)
        self.prov_value = self.prov_floor
        self.prov_cards = []
        self.prov_active = self.prov_floor > 0
        self.emit("retract", f"{self.names[seat]} takes back {taken} card{'s' if taken != 1 else ''} "
                             "laid below the minimum.", seat=seat)

    def _after_hand_change(self, seat: int) -> None:
        """A hand melded out: the foot comes up, or the player goes out."""
        if self.hands[seat] or self.phase_name != PLAY_PHASE:
            return
        if self.in_foot[seat] or not self.feet[seat]:
            self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
            self._round_over(seat)
            return
        self._take_foot(seat)

    def _take_foot(self, seat: int) -> None:
        self.hands[seat] = self.feet[seat]
        self.feet[seat] = []
        self.shown[seat] = []
        self.in_foot[seat] = True
        self.emit("foot", f"{self.names[seat]} picks up the foot.", seat=seat)
        self.emit("foot_cards", f"Your foot: {' '.join(C.LABEL_OF[c] for c in self.hands[seat])}.",
                  seat=seat, to=seat)
        if self.turn_rules.red_threes == BONUS:
            self._lay_red_threes(seat, replace=True)

    def _discard(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        shown = self.shown[seat]
        for c in cards:
            hand.remove(c)
            if c in shown:
                shown.remove(c)
        self.discards.extend(cards)
        if self.in_foot[seat]:
            self.played_foot[seat] = True
        self.emit("discard", f"{self.names[seat]} discards {' '.join(C.LABEL_OF[c] for c in cards)}.",
                  seat=seat, cards=C.codes(cards))
        if not hand:
            if self.in_foot[seat] or not self.feet[seat]:
                self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
                self._round_over(seat)
                return
            self._take_foot(seat)
        self.begin_turn(self._next_player(seat))

    def _next_player(self, seat: int) -> int:
        return (seat + 1) % self.num_players

    def _lay_red_threes(self, seat: int, *, replace: bool) -> None:
        if self.turn_rules.red_threes != BONUS:
            return
        hand = self.hands[seat]
        team = self.team_of(seat)
        while True:
            found = [c for c in hand if _IS_RED3[c]]
            if not found:
                return
            for c in found:
                hand.remove(c)
                if c in self.shown[seat]:
                    self.shown[seat].remove(c)
                if c in self.locked:
                    self.locked.remove(c)
                self.red3[team].append(c)
                self.emit("red_three", f"{self.names[seat]} lays out {C.LABEL_OF[c]}.", seat=seat,
                          card=C.CODE_OF[c])
            if not replace:
                return
            for _ in found:
                pile = next((p for p in self.stocks if p), None)
                if pile is None:
                    return
                c = pile.pop()
                hand.append(c)
                self.emit("drawn", f"You draw {C.LABEL_OF[c]} for it.", seat=seat, to=seat,
                          cards=[C.CODE_OF[c]])

    def _round_over(self, out: int | None) -> None:
        self.phase_name = ""
        self._score_round(out)

    # ---- reading what a person types ---------------------------------------------------

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Cards the player holds named instead of the interchangeable ones listed (suits never
        matter in books), or ``add`` without a book number."""
        if move.verb not in ("meld", "add", "pickup", "discard"):
            return None
        if self._missing(self.hands[seat], move.cards):
            return None
        want = sorted(_CLASS[c] for c in move.cards)
        for m in legal:
            if m.verb != move.verb or m.flag != move.flag or len(m.cards) != len(move.cards):
                continue
            if move.number is not None and m.number != move.number:
                continue
            if sorted(_CLASS[c] for c in m.cards) != want:
                continue
            if move.number is None and m.number is not None:
                same = [x for x in legal if x.verb == m.verb and sorted(_CLASS[c] for c in x.cards) == want]
                if len(same) > 1:
                    return None
            # the cards he named go down (or to the pile), where the listed move would put its own
            return C.card_move(m.verb, move.cards, m.number, m.suit, m.flag)
        return None

    # ---- what a seat sees --------------------------------------------------------------

    def sort_for_display(self, hand: Sequence[int]) -> list[int]:
        return sorted(hand, key=lambda c: (_DISPLAY[c], c))

    def hand_visible(self, seat: int, owner: int) -> bool:
        return seat == owner

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        rules = self.turn_rules.books
        n = self.num_players
        out: dict[str, Any] = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "hand": (C.codes(self.sort_for_display(self.hands[seat]))
                     if seat is not None and self.hand_visible(seat, seat) else None),
            "hand_order": "rank",
            "hand_sizes": [len(h) for h in self.hands],
            "foot_sizes": [len(f) for f in self.feet],
            "in_foot": list(self.in_foot),
            "stock": self.stock_size(),
            "discard_top": C.CODE_OF[self.discards[-1]] if self.discards else None,
            "pile_size": len(self.discards),
            "discard_pile": C.codes(self.discards),
            "known_cards": [C.codes(sorted(s)) for s in self.shown],
            "team_books": [{
                "name": self.sheet.columns[t],
                "seats": [s for s in range(n) if self.team_of(s) == t],
                "opened": self.opened[t],
                "minimum": self.minimum(t),
                "red_threes": C.codes(self.red3[t]),
                "canastas": list(team_canastas(self.books[t], rules)),
                "books": [{"number": i + 1, "rank": "wild" if b.rank == WILD else C.RANKS[b.rank],
                           "cards": C.codes(b.cards), "naturals": b.naturals, "wilds": b.wilds,
                           "closed": b.closed, "kind": b.kind(rules), "canasta": b.is_canasta(rules)}
                          for i, b in enumerate(self.books[t])],
            } for t in range(self.teams)],
            "need": self.turn_rules.need.describe(),
        }
        if len(self.stocks) > 1:
            out["stock_piles"] = [len(p) for p in self.stocks]
        if self.turn_rules.all_in_foot:
            out["played_foot"] = list(self.played_foot)
        if self.prov_active:
            out["provisional"] = self.prov_value
        if self.asked:
            out["asked"] = self.asked
        return out

    # ---- conservation and sampling -----------------------------------------------------

    def card_zones(self) -> dict[str, list[int]]:
        zones: dict[str, list[int]] = {}
        for s in range(self.num_players):
            zones[f"hand{s}"] = self.hands[s]
            zones[f"foot{s}"] = self.feet[s]
        for i, pile in enumerate(self.stocks):
            zones[f"stock{i}"] = pile
        zones["discards"] = self.discards
        for t in range(self.teams):
            zones[f"books{t}"] = [c for b in self.books[t] for c in b.cards]
            zones[f"red3_{t}"] = self.red3[t]
        return zones

    def _hidden_piles(self, seat: int) -> list[tuple[list[int], list[int]]]:
        piles: list[tuple[list[int], list[int]]] = []
        for s in range(self.num_players):
            if not self.hand_visible(seat, s):
                piles.append((self.hands[s], self.shown[s]))
            if self.feet[s]:
                piles.append((self.feet[s], []))
        piles.extend((p, []) for p in self.stocks)
        return piles

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        redeal_piles(self._hidden_piles(seat), rng)


#: display order: naturals from four to ace, then threes, twos and jokers
_DISPLAY = [(C.RANK_OF[c] if C.RANK_OF[c] > C.THREE else 20 + (C.RANK_OF[c] != C.THREE))
            for c in range(52)] + [30]

__all__ = ["ANSWER_PHASE", "ASK", "BONUS", "CHOOSE_PHASE", "DEAD", "DISCARD_ONLY", "DRAW", "DRAW_PHASE",
           "END", "GROUP_OUT", "NO", "OFF", "OPTIONAL", "PLAY_ON", "PLAY_PHASE", "REQUIRED", "RETRACT",
           "SIX_DISCARD", "YES", "CanastaState", "TurnRules", "is_black_three", "is_red_three", "is_wild"]

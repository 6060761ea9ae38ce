"""The draw-and-discard kernel: the turn every rummy shares, on top of the meld kernel.

A game subclasses :class:`DrawDiscardState`, calls :meth:`~DrawDiscardState._init_table` with
its :class:`~gamenight.families.melds.MeldRules`, deals with :meth:`~DrawDiscardState.deal`,
and writes only what is its own: scoring (``_on_hand_over``), the moves no other rummy has
(knocking, going out with a discard, buying), and the few rule switches below. The kernel owns
the turn:

* **Draw** (phase ``draw``): ``draw`` takes the top of the stock (the card is told to the
  drawer only); ``take 7H`` takes the top of the discard pile, and from then on everyone knows
  that card is in the taker's hand until it is melded or discarded.
* **Play** (phase ``play``): ``meld 5H 6H JK run`` lays a new meld (the meld kernel's notation);
  ``layoff 2 8H`` adds a card to meld number 2 on the table (``layoff 2 JK low`` names the end
  where a card could go at either); ``discard 9C`` ends the turn. A hand emptied by a meld or a
  lay-off goes out without a discard where the game allows it; a discard that empties the hand
  goes out. A meld or lay-off must leave the turn a way to end, so it may not leave a player
  holding only the card he just took from the discard pile (which he may not discard).
* Rule switches (class attributes a game sets, or overrides as methods): ``MELDS_IN_TURN``
  (melds are laid during the turn at all), ``MAX_MELDS_PER_TURN`` (Standard Rummy: 1; 0 = no
  limit), ``LAY_OFF_IN_TURN``, ``LAY_OFF_ON`` (``"any"`` meld or only the player's ``"own"``),
  ``DISCARD_TAKEN`` (may the card just taken from the discard pile be discarded again this turn;
  with several decks an identical copy counts as that card), ``OUT_WITHOUT_DISCARD`` (may a meld
  or lay-off empty the hand), ``RESTOCK`` (what happens when a player must draw and the stock is
  empty: ``"shuffle"`` the discard pile except its top card into a new stock, GEN-10;
  ``"turn_over"`` the same without shuffling, as in Standard Rummy; ``"end"`` the hand ends, as
  in the book's Gin) and ``MAX_RESTOCKS`` (0 = no limit; past it the hand ends).
  ``DISCARD_LAST_ONLY`` (cards that may be discarded only when the hand holds no other card it may
  discard: Oklahoma's Q♠; empty by default). It never blocks the way to end a turn: a hand of such
  cards only may discard one.
* **Pile access** (switches): ``DIG`` — the discard pile lies spread (every card reads) and may be
  dug: ``dig 3 9D`` takes the top three cards, the 9♦ the deepest, which must then be melded
  first, this turn, with a card held before the dig (``DIG_TO_PLAY``, Five Hundreds) or with a
  natural pair of its rank held before (``DIG_TO_PAIR``, Horseshit); a dig is legal only where
  such a meld exists and leaves the turn a way to end. ``CLAIMS`` — after a discard that does not
  end the hand, the players who could play it now, but the discarder and the next player, answer
  at once in phase ``claim``: ``claim 2 8H`` (lay it off on meld 2) or ``pass``; ``CLAIM_ORDER``
  says whose claim stands (``TURN_ORDER``: nearest the discarder's left once those before have
  passed; ``FIRST_CLICK``: the first made), and a game may name and apply its own claim
  (``CLAIM_VERB``, ``_claims_of``, ``_claimed``: 10 Dime's buying out of turn). The window's
  seats and their ``pass`` are ``lapse_moves()``, which a server times. ``discard_pile_of(seat)``
  says where a seat discards (:mod:`gamenight.families.personal_piles`: a pile in front of each).
* **Who laid what**: ``contributions[i]`` lists ``(seat, card)`` for every card of meld ``i`` in
  the order laid; with ``LAYOFFS_IN_FRONT`` a card laid off on another player's meld lies in front
  of whoever laid it (a ``laid_off/S`` zone) and ``table_cards(seat)`` counts it for him.
* **Zones** (``zones()``, listed once; conservation, sampling and the view's ``layout`` follow
  from it): each hand ``hand/N`` (owner only), the ``stock`` (nobody; ``stock[0]`` is its top),
  the ``discards`` (public; ``discards[-1]`` is its top), each meld on the table ``meld/N``
  (public, with its owner, grouped by owner), and a game's own (``_own_zones``). A card taken
  from the discard pile is told to everyone as being in the taker's hand (``self.knowledge``)
  until it leaves the hand, so ``sample`` keeps it there.
* **Seats and match**: the table's :class:`~gamenight.families.table.Seating` (dealer, turn to
  the left, teams) and :class:`~gamenight.families.match.MatchPlay` (a game sets
  ``match_rules`` and ends with ``match_over``).
* **Deals**: one card at a time clockwise from the dealer's left; a stacked ``deck`` is used for
  the first deal only (dealer seat 0), later deals are shuffled by the game's seeded RNG.

* **Phases** take the core's shape (:mod:`gamenight.core.phases`): the kernel's :class:`Phase` s
  are ``NONE`` (between hands, and once the match is over), ``DRAW`` and ``PLAY``, each with a
  handler in ``phases``. The draw and the play are :class:`~gamenight.core.phases.KindsPhase` s
  whose kinds of move (draw, take; meld, lay off, discard) each hold their legal moves, refusal
  and step side by side (``_draw_moves``/``_why_not_draw``/``_draw``...). A game adds a kind of
  its own to a phase by subclassing its handler (The Card Game's ``out``, Gin's knock), and phases
  of its own (Gin's upcard offer and lay-offs) in an enum of its own, extending the table:
  ``phases = {**DrawDiscardState.phases, GinPhase.LAYOFF: LayOffPhase(), ...}``.

A game must write ``_on_hand_over(out)`` (score the hand, then start the next deal or finish) and
``deck_template``; it may override a kind's methods, extend the phases as above, and override
``_next_turn`` for turn orders such as "one more turn each after someone goes out".
Helpers: ``out_discards(seat)`` (the discards after which the rest of the hand melds completely:
The Card Game's going out, Gin's gin), ``melds_completely(cards)``, ``remove_from_hand``,
``lay_meld``/``lay_off``/``discard_card``/``draw_card``/``take_discard`` (each also writes its
event), ``restock`` and ``_table_view(seat)`` (hand, hand sizes, stock size, the discard pile,
the melds on the table with their owners, the card taken this turn, the cards known in hands).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.phases import ByName, KindsPhase, MoveKind, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchPlay
from gamenight.families.melds import Meld, MeldRules, lay_off_end, solver_for
from gamenight.families.table import Seating


class Phase(PhaseName):
    """The kernel's phases; ``str(phase)`` is what views show. A game's own are in its own enum."""

    NONE = "", "Between deals"  # between hands, and once the match is over
    DRAW = "draw", "Drawing: from the stock or the discard pile"
    PLAY = "play", "Melding and discarding"
    CLAIM = "claim", "The discard may be claimed"


#: the names games and tests have used; the hooks' identity tests on the hot path use these module
#: names too (an enum class's attribute lookup is slow)
DRAW_PHASE, PLAY_PHASE = DRAW_NOW, PLAY_NOW = Phase.DRAW, Phase.PLAY
SHUFFLE, TURN_OVER, END = "shuffle", "turn_over", "end"
#: how deep the discard pile may be dug (``DIG``): not at all; to any card, which must then be melded
#: with a card held before (Five Hundreds); to a card the hand holds a natural pair of (Horseshit)
NO_DIG, DIG_TO_PLAY, DIG_TO_PAIR = "none", "play", "pair"
#: who wins when several claim a discard (``CLAIM_ORDER``)
TURN_ORDER, FIRST_CLICK = "turn_order", "first_click"

#: interned moves: legal-move lists allocate nothing new
DRAW: Move = Move("draw")
TAKE: list[Move] = [Move("take", C.CARD_ARG[c]) for c in range(53)]
DISCARD: list[Move] = [Move("discard", C.CARD_ARG[c]) for c in range(53)]
PASS_CLAIM: Move = Move("pass")
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(16)]
NOBODY: frozenset[int] = frozenset()
#: zone keys of the hands (what everyone knows a hand holds is kept under these)
HAND: list[str] = [f"hand/{s}" for s in range(16)]

#: every card counts one: a deadwood of 0 means every card melded
COUNT_VALUES: tuple[int, ...] = (1,) * 53
#: display order of suits (alternating colours) for a sorted hand
_SUIT_ORDER = {C.SPADES: 0, C.HEARTS: 1, C.CLUBS: 2, C.DIAMONDS: 3, C.NO_SUIT: 4}


def lay_off_move(number: int, card: int, end: str | None = None) -> Move:
    """``layoff N CARD [low|high]``: add ``card`` to meld number ``number`` (1-based)."""
    return C.card_move("layoff", (card,), number, None, end)


def dig_move(depth: int, card: int) -> Move:
    """``dig N CARD``: take the top ``depth`` cards of the discard pile, ``card`` the deepest."""
    return C.card_move("dig", (card,), depth)


def claim_move(number: int, card: int, end: str | None = None) -> Move:
    """``claim N CARD [low|high]``: claim the discard ``card`` out of turn and lay it off on meld
    number ``number``."""
    return C.card_move("claim", (card,), number, None, end)


@dataclass(frozen=True, slots=True)
class ClaimWindow:
    """A discard the other players may claim out of turn: who may, in priority order (from the
    discarder's left), and each answer so far (a claim move, or ``None`` for a pass). Immutable:
    clones of a state share it, and an answer makes a new one."""

    discarder: int
    card: int
    order: tuple[int, ...]
    answers: dict[int, Move | None] = field(default_factory=dict)

    def answered(self, seat: int, move: Move | None) -> ClaimWindow:
        return ClaimWindow(self.discarder, self.card, self.order, {**self.answers, seat: move})

    def waiting(self) -> frozenset[int]:
        return frozenset(s for s in self.order if s not in self.answers)

    def winner(self, first_click: bool) -> int | None:
        """The claim that stands: the first made (``first_click``), else the claim of the seat
        nearest the discarder's left once everyone before it has passed."""
        if first_click:
            return next((s for s, m in self.answers.items() if m is not None), None)
        for s in self.order:
            if s not in self.answers:
                return None
            if self.answers[s] is not None:
                return s
        return None


class TurnPhase(KindsPhase["DrawDiscardState"]):
    """A phase of the player whose turn it is, made of kinds of move."""

    def to_act(self, s: DrawDiscardState) -> frozenset[int]:
        return ONLY[s.turn]


class DrawPhase(TurnPhase):
    """Draw from the stock, or take the top of the discard pile. A game's subclass adds kinds
    (``kinds``)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [ByName(("draw",), "_draw_moves", "_why_not_draw", "_draw"),
                ByName(("take",), "_take_moves", "_why_not_take", "_take"),
                ByName(("dig",), "_dig_moves", "_why_not_dig", "_dig")]

    def why_illegal(self, s: DrawDiscardState, seat: int, move: Move) -> str:
        if self.kind_of(s, move.verb) is None and move.verb not in self.wrong:
            top = f" or the discard pile ('take {C.CODE_OF[s.discards[-1]]}')" \
                if s._may_take_discard(seat) else ""
            return f"Draw first: from the stock ('draw'){top}."
        return super().why_illegal(s, seat, move)

class ClaimPhase(KindsPhase["DrawDiscardState"]):
    """After a discard, the players who may claim it out of turn answer, all at once: a claim
    (``claim 2 8H``) or ``pass``. The window closes when a claim stands or everyone has passed."""

    def to_act(self, s: DrawDiscardState) -> frozenset[int]:
        assert s.claim is not None
        return s.claim.waiting()

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [ByName((s.CLAIM_VERB,), "_claim_moves", "_why_not_claim", "_claim"),
                ByName(("pass",), "_pass_claim_moves", "_why_not_claim", "_pass_claim")]


class PlayPhase(TurnPhase):
    """Meld, lay off, and discard to end the turn. A game's subclass adds kinds (``kinds``) and
    refusals (``wrong``)."""

    wrong: ClassVar[dict[str, str]] = dict.fromkeys(
        ("draw", "take"), "You have drawn already this turn: meld, lay off or discard.")

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [ByName((s.MELD_VERB,), "_meld_moves", "_why_not_meld", "_meld"),
                ByName(("layoff",), "_lay_off_moves", "_why_not_lay_off", "_lay_off"),
                ByName(("discard",), "_discard_moves", "_why_not_discard", "_discard")]


class DrawDiscardState(PhaseDispatch, DealsCards, Seating, MatchPlay, State):
    """Shared state and turn of every draw-and-discard game. Its hooks are one lookup of
    ``phase_name`` in ``phases`` (:class:`~gamenight.core.phases.PhaseDispatch`)."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        Phase.NONE: PhaseHandler(), Phase.DRAW: DrawPhase(), Phase.PLAY: PlayPhase(),
        Phase.CLAIM: ClaimPhase(),
    }

    #: what a person sees (core.layout); until the kernel lists zones, its hands and piles too
    #: what a person sees beyond the zones (hands, stock, discard pile and melds are zones)
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True), Field("dealer", "Dealer", Kind.SEAT),
        Field("taken", "Taken from the pile", Kind.PIECE, piece="card"),
        Field("dug", "Dug to, to meld first", Kind.PIECE, piece="card"),
        Field("claim_words", "Up for a claim", Kind.TEXT),
    )

    MELDS_IN_TURN = True
    MAX_MELDS_PER_TURN = 0
    LAY_OFF_IN_TURN = True
    LAY_OFF_ON = "any"
    DISCARD_TAKEN = False
    OUT_WITHOUT_DISCARD = True
    RESTOCK = SHUFFLE
    MAX_RESTOCKS = 0
    MELD_VERB = "meld"
    LAYOFFS_IN_FRONT = False
    DIG = NO_DIG
    CLAIMS = False
    CLAIM_ORDER = TURN_ORDER
    CLAIM_VERB = "claim"
    DISCARD_LAST_ONLY: frozenset[int] = frozenset()

    def _init_table(self, rules: MeldRules, *, teams: int = 1) -> None:
        n = self.num_players
        self.meld_rules = rules
        self.init_seating(teams=teams)
        self.deal_no = 0
        self.phase_name: str = Phase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.discards: list[int] = []
        self.melds: list[Meld] = []
        self.meld_owner: list[int] = []
        self.turn = 0
        self.taken: int | None = None
        self.melds_this_turn = 0
        self.restocks = 0
        #: who laid which card of each meld, in the order laid: ``contributions[i]`` lists
        #: ``(seat, card)`` (lay-offs score for whoever laid them where ``LAYOFFS_IN_FRONT``)
        self.contributions: list[list[tuple[int, int]]] = []
        #: the card dug for this turn, still to be melded (``DIG``), and the hand before the dig
        self.dug: int | None = None
        self.before_dig: tuple[int, ...] = ()
        #: the discard up for a claim (phase ``claim``)
        self.claim: ClaimWindow | None = None

    # ---- dealing ------------------------------------------------------------------

    def begin_deal(self) -> None:
        """Reset everything that lives for one deal."""
        n = self.num_players
        self.deal_no += 1
        self.hands = [[] for _ in range(n)]
        self.stock = []
        self.discards = []
        self.melds = []
        self.meld_owner = []
        self.taken = None
        self.melds_this_turn = 0
        self.restocks = 0
        self.contributions = []
        self.dug = None
        self.before_dig = ()
        self.claim = None
        self.knowledge.clear()

    def deal(self, sizes: int | Sequence[int], *, upcard: bool = True, deck: list[int] | None = None) -> None:
        """Deal ``sizes`` cards (one number, or one per seat) one at a time clockwise from the
        dealer's left; turn the next card up to start the discard pile (``upcard``); the rest
        is the stock. ``deck``: the deal's deck, already taken from ``_fresh_deck`` (a game whose
        hand sizes hang on the first cards dealt reads them before dealing: Horseshit)."""
        n = self.num_players
        want = [sizes] * n if isinstance(sizes, int) else list(sizes)
        if deck is None:
            deck = self._fresh_deck()
        pos = 0
        seat = self.dealer
        while any(len(self.hands[s]) < want[s] for s in range(n)):
            seat = (seat + 1) % n
            if len(self.hands[seat]) < want[seat]:
                self.hands[seat].append(deck[pos])
                pos += 1
        if upcard:
            self.discards.append(deck[pos])
            pos += 1
        self.stock = deck[pos:]

    # ---- the turn -------------------------------------------------------------------

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        """``seat`` starts a turn: with a draw, or straight to play (Gin's first discard)."""
        self.turn = seat
        self.taken = None
        self.melds_this_turn = 0
        self.dug = None
        self.claim = None
        self.phase_name = DRAW_NOW if draw else PLAY_NOW
        if draw and not self.stock:
            self._stock_ran_out()

    def _stock_ran_out(self) -> None:
        """A player must draw and the stock is empty: restock (GEN-10) or end the hand (``END``;
        past ``MAX_RESTOCKS``; or a discard pile of one card, which cannot make a stock)."""
        limit = self.MAX_RESTOCKS
        if self.RESTOCK == END or len(self.discards) < 2 or (limit and self.restocks >= limit):
            self.emit("stock", "The stock is empty: the hand is over.")
            self.phase_name = Phase.NONE
            self._on_hand_over(None)
            return
        self.restock(shuffle=self.RESTOCK == SHUFFLE)

    def restock(self, *, shuffle: bool) -> None:
        """The discard pile but its top card becomes the stock: shuffled, or turned over."""
        top = self.discards.pop()
        pile = self.discards
        if shuffle:
            self.rng.shuffle(pile)
        self.stock = pile  # turned over: the first card discarded is now on top
        self.discards = [top]
        self.restocks += 1
        how = "shuffled" if shuffle else "turned over"
        self.emit("restock", f"The stock is empty: the discard pile but its top card is {how} to make a new "
                             f"stock of {len(self.stock)} cards.")

    # the hooks are one lookup in ``phases`` (PhaseDispatch), but who acts in the turn, the draw
    # (from the stock or the discard pile) and the discard go straight to the kernel without the
    # lookup and the handler's call: every turn of every rummy comes through here (the handlers'
    # kinds do the same)

    def _to_act(self) -> frozenset[int]:
        if self._outcome is not None:
            return NOBODY
        phase = self.phase_name
        if phase is PLAY_NOW or phase is DRAW_NOW:
            return ONLY[self.turn]
        return self.phases[phase].to_act(self)

    def _apply(self, seat: int, move: Move) -> None:
        phase = self.phase_name
        if phase is PLAY_NOW and move.verb == "discard":
            self.discard_card(seat, move.cards[0])
        elif phase is DRAW_NOW and move.verb == "draw":
            self.draw_card(seat)
        elif phase is DRAW_NOW and move.verb == "take":
            self.take_discard(seat)
        else:
            self.phases[phase].apply(self, seat, move)

    # ---- the draw: can / why not / do, for the stock and for the discard pile ---------------

    def _draw_moves(self, seat: int) -> list[Move]:
        return [DRAW] if self.stock else []

    def _why_not_draw(self, seat: int, move: Move) -> str:
        return "The stock is empty."

    def _draw(self, seat: int, move: Move) -> None:
        self.draw_card(seat)

    def _take_moves(self, seat: int) -> list[Move]:
        if not (self._may_take_discard(seat) and self._take_leaves_a_way_on(seat, self.discards[-1])):
            return []
        return [TAKE[self.discards[-1]]]

    def _take_leaves_a_way_on(self, seat: int, top: int) -> bool:
        """Whether the turn could still end after taking ``top`` from a discard pile. With several
        decks a hand of copies of it only would hold nothing it may discard (a copy counts as the
        card taken), and no meld or lay-off may leave it so: only a meld of the whole hand at once
        goes out."""
        hand = self.hands[seat]
        if self.DISCARD_TAKEN or any(c != top for c in hand):
            return True
        return self._may_go_out_by_melding(seat) and self._may_meld(seat) \
            and isinstance(self.meld_rules.check([*hand, top]), Meld)

    def _may_take_discard(self, seat: int) -> bool:
        return bool(self.discards)

    def _why_not_take(self, seat: int, move: Move) -> str:
        if not self.discards:
            return "The discard pile is empty."
        top = self.discards[-1]
        if move.cards != (top,):
            return f"Only the top card of the discard pile can be taken: 'take {C.CODE_OF[top]}'."
        if self._may_take_discard(seat) and not self._take_leaves_a_way_on(seat, top):
            return (f"Taking {C.NAME_OF[top]} would leave you only copies of it, and a copy of the card "
                    "taken may not be discarded this turn: draw from the stock.")
        return "You may not take the discard now."

    def _take(self, seat: int, move: Move) -> None:
        self.take_discard(seat)

    # ---- digging the spread pile (``DIG``): can / why not / do --------------------------------

    def _dig_moves(self, seat: int) -> list[Move]:
        if self.DIG == NO_DIG:
            return []
        pile = self.discards
        return [dig_move(depth, pile[-depth]) for depth in range(self._shallowest_dig(seat), len(pile) + 1)
                if self._may_dig_to(seat, depth)]

    def _shallowest_dig(self, seat: int) -> int:
        """A dig takes at least two cards where the top card may be taken freely (that is a
        ``take``, with no card to meld), else at least the top card."""
        return 2 if self._may_take_discard(seat) else 1

    def _may_dig_to(self, seat: int, depth: int) -> bool:
        """Whether ``seat`` may dig ``depth`` cards deep: the deepest card taken could then be
        melded this turn as the rules ask, leaving the turn a way to end."""
        pile = self.discards
        target = pile[-depth]
        hand = self.hands[seat]
        if self.DIG == DIG_TO_PAIR:
            pair = self._natural_pair(hand, target)
            if pair is None:
                return False
            rest = Counter(hand)
            rest.update(pile[-depth:])
            rest.subtract((target, *pair))
            return self._way_on_after(seat, list(rest.elements()))
        return any(self._way_on_after(seat, rest) for rest in self._dig_melds_rest(seat, depth))

    def _natural_pair(self, cards: Sequence[int], target: int) -> tuple[int, int] | None:
        """Two natural cards of ``target``'s rank among ``cards`` (Horseshit's dig), or ``None``;
        a wild card is never the card dug to."""
        rules = self.meld_rules
        if rules.is_wild(target):
            return None
        rank = C.RANK_OF[target]
        found = [c for c in cards if C.RANK_OF[c] == rank and not rules.is_wild(c)]
        return (found[0], found[1]) if len(found) >= 2 else None

    def _dig_melds_rest(self, seat: int, depth: int) -> list[list[int]]:
        """For each meld the dig to ``depth`` would allow — holding its deepest card and a card of
        the hand before the dig — the cards that would be left in the hand after laying it."""
        pile = self.discards
        target = pile[-depth]
        hand = self.hands[seat]
        after = [*hand, *pile[-depth:]]
        rules = self.meld_rules
        # only cards of the target's rank or suit, and wild cards, can share a meld with it
        near = [c for c in after if C.RANK_OF[c] == C.RANK_OF[target] or C.SUIT_OF[c] == C.SUIT_OF[target]
                or rules.is_wild(c)]
        out = []
        for meld in rules.all_melds(near):
            if self._meets_dig(meld.cards, target, hand) and \
                    self._may_lay(seat, meld.cards, meld, None, after):
                rest = Counter(after)
                rest.subtract(meld.cards)
                out.append(list(rest.elements()))
        return out

    def _meets_dig(self, cards: Sequence[int], target: int, before: Sequence[int]) -> bool:
        """Whether a meld of ``cards`` melds the card dug to as the rules ask: with a card held
        before the dig (Five Hundreds), or with a natural pair of its rank held before (Horseshit)."""
        rest = list(cards)
        if target not in rest:
            return False
        rest.remove(target)
        held = Counter(before)
        if self.DIG == DIG_TO_PAIR:
            rank, rules = C.RANK_OF[target], self.meld_rules
            mates = Counter(c for c in rest if C.RANK_OF[c] == rank and not rules.is_wild(c))
            return sum(min(k, held[c]) for c, k in mates.items()) >= 2
        return any(held[c] > 0 for c in rest)

    def _why_not_dig(self, seat: int, move: Move) -> str:
        if self.DIG == NO_DIG:
            return "Only the top card of the discard pile can be taken in this game."
        pile = self.discards
        depth = move.number
        if depth is None or len(move.cards) != 1:
            return "Dig names how many cards you take and the deepest of them, for example 'dig 3 9D'."
        if not 1 <= depth <= len(pile):
            return f"The discard pile holds {len(pile)} card{'' if len(pile) == 1 else 's'}."
        target = pile[-depth]
        if move.cards[0] != target:
            return (f"The card {depth} deep in the discard pile is {C.NAME_OF[target]}: "
                    f"'dig {depth} {C.CODE_OF[target]}'.")
        if depth < self._shallowest_dig(seat):
            return f"Take the top card with 'take {C.CODE_OF[target]}'."
        if self.DIG == DIG_TO_PAIR:
            if self.meld_rules.is_wild(target):
                return "A wild card cannot be the card you dig to: only a card you hold a natural pair of."
            if self._natural_pair(self.hands[seat], target) is None:
                return (f"You may dig only to a card you hold two natural cards of the same rank as: you do "
                        f"not hold a pair to meld {C.NAME_OF[target]} with.")
        else:
            return (f"You could not meld {C.NAME_OF[target]} this turn with a card from your hand, as the "
                    "card you dig to must be.")
        return self._keep_a_discard_reason(seat, ())

    def _dig(self, seat: int, move: Move) -> None:
        assert move.number is not None
        self.dig_discards(seat, move.number)

    def digging(self) -> bool:
        """Whether the card dug to this turn is still to be melded (nothing else may be played)."""
        return self.dug is not None

    def _dig_reason(self) -> str:
        assert self.dug is not None
        held = "a natural pair of its rank" if self.DIG == DIG_TO_PAIR else "a card"
        return f"First meld {C.NAME_OF[self.dug]}, the card you dug to, with {held} you held before the dig."

    # ---- the claim window (``CLAIMS``): other players claim a discard out of turn -----------

    def _claimants(self, discarder: int, card: int) -> tuple[int, ...]:
        """Who may claim ``card`` just discarded, nearest the discarder's left first: every other
        player but the next (he may take it in his turn) who could play it now."""
        out = []
        nxt = self.next_seat(discarder)
        seat = self.next_seat(nxt)
        while seat != discarder and seat != nxt:
            if self._claims_of(seat, card):
                out.append(seat)
            seat = self.next_seat(seat)
        return tuple(out)

    def _may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim a discard at all (Five Hundreds: once he has melded)."""
        return True

    def _claims_of(self, seat: int, card: int) -> list[Move]:
        """``seat``'s claims of ``card``: laying it off on each meld it fits."""
        if not self._may_claim(seat):
            return []
        rules = self.meld_rules
        out: list[Move] = []
        for i, meld in enumerate(self.melds):
            if not self._may_lay_off_on(seat, i):
                continue
            ways = rules.lay_offs(meld, card)
            if len(ways) == 1:
                out.append(claim_move(i + 1, card))
            else:
                out.extend(claim_move(i + 1, card, lay_off_end(meld, m)) for m in ways)
        return out

    def _claim_moves(self, seat: int) -> list[Move]:
        claim = self.claim
        if claim is None or seat in claim.answers:
            return []
        return self._claims_of(seat, claim.card)

    def _pass_claim_moves(self, seat: int) -> list[Move]:
        claim = self.claim
        return [PASS_CLAIM] if claim is not None and seat not in claim.answers else []

    def _why_not_claim(self, seat: int, move: Move) -> str:
        claim = self.claim
        if claim is None or seat not in claim.order:
            return "You may not claim this discard."
        if seat in claim.answers:
            return "You have answered already: wait for the others."
        card = claim.card
        if move.verb == "claim" and move.cards != (card,):
            return f"The discard up for a claim is {C.NAME_OF[card]}: 'claim N {C.CODE_OF[card]}'."
        if move.verb == "claim" and move.number is not None and 1 <= move.number <= len(self.melds):
            meld = self.melds[move.number - 1]
            if not self.meld_rules.lay_offs(meld, card):
                return self.meld_rules.why_no_lay_off(meld, card)
            return f"Say which end: 'claim {move.number} {C.CODE_OF[card]} low' or '... high'."
        return "Claim names the meld the discard goes on, for example 'claim 2 8H'; or 'pass'."

    def _claim(self, seat: int, move: Move) -> None:
        assert self.claim is not None
        self.claim = self.claim.answered(seat, move)
        self.emit("claim_call", f"{self.names[seat]} calls for {C.LABEL_OF[self.claim.card]}!", seat=seat)
        self._settle_claims()

    def _pass_claim(self, seat: int, move: Move) -> None:
        assert self.claim is not None
        self.claim = self.claim.answered(seat, None)
        self._settle_claims()

    def _open_claims(self, discarder: int, card: int) -> bool:
        """Open the claim window on ``card`` just discarded, if anyone may claim it."""
        order = self._claimants(discarder, card)
        if not order:
            return False
        self.claim = ClaimWindow(discarder, card, order)
        self.phase_name = Phase.CLAIM
        who = " and ".join(self.names[s] for s in order)
        self.emit("claim_open", f"{C.LABEL_OF[card]} may be claimed by {who}.", card=C.CODE_OF[card])
        return True

    def _settle_claims(self) -> None:
        """A claim that stands takes the discard; once nobody is left to answer, play goes on."""
        claim = self.claim
        assert claim is not None
        winner = claim.winner(self.CLAIM_ORDER == FIRST_CLICK)
        if winner is None and claim.waiting():
            return
        self.claim = None
        if winner is not None:
            move = claim.answers[winner]
            assert move is not None
            self._claimed(winner, move)
        if self._outcome is None and self.phase_name == Phase.CLAIM:
            self._next_turn(claim.discarder)

    def _claimed(self, seat: int, move: Move) -> None:
        """``seat``'s claim stands: by default it lays the discard off on the meld it named (a game
        with claims of its own — 10 Dime's buying out of turn — says what its claim does)."""
        assert move.number is not None
        self.claim_discard(seat, move.number - 1, move.flag)

    def claim_discard(self, seat: int, index: int, end: str | None) -> None:
        """``seat`` takes the top discard out of turn and lays it off on meld ``index``."""
        c = self.discards.pop()
        self.hands[seat].append(c)
        self.emit("claim", f"{self.names[seat]} claims {C.LABEL_OF[c]} and lays it on meld {index + 1}.",
                  seat=seat, card=C.CODE_OF[c], meld=index + 1)
        self.lay_off(seat, index, c, end)

    def lapse_moves(self) -> dict[int, Move]:
        claim = self.claim
        if claim is None or self.phase_name != Phase.CLAIM:
            return {}
        return dict.fromkeys(claim.waiting(), PASS_CLAIM)

    # ---- the play: can / why not / do, for melds, lay-offs and the discard -------------------

    def _meld_moves(self, seat: int) -> list[Move]:
        if not self._may_meld(seat):
            return []
        verb = self.MELD_VERB
        melds = self.meld_rules.all_melds(self.hands[seat])
        if self.dug is not None:
            dug, before = self.dug, self.before_dig
            melds = [m for m in melds if self._meets_dig(m.cards, dug, before)]
        return [m.to_move(verb) for m in melds
                if self._leaves_a_way_on(seat, m.cards) and self._may_lay(seat, m.cards, m, None)]

    def _why_not_meld(self, seat: int, move: Move) -> str:
        if not self.MELDS_IN_TURN:
            return "Melds are not laid down during a turn in this game."
        missing = self._missing(seat, move.cards)
        if missing:
            return missing
        found = self.meld_rules.read(move)
        if isinstance(found, str):
            return found
        if not self._may_meld(seat):
            limit = self.MAX_MELDS_PER_TURN
            return f"You may lay down only {'one new meld' if limit == 1 else f'{limit} new melds'} a turn."
        if not self._leaves_a_way_on(seat, found.cards) or not self._may_lay(seat, found.cards, found, None):
            return self._keep_a_discard_reason(seat, found.cards)
        if self.dug is not None and not self._meets_dig(found.cards, self.dug, self.before_dig):
            return self._dig_reason()
        if found.to_move(self.MELD_VERB) is not move:
            return f"Write that meld as '{found.to_move(self.MELD_VERB)}'."
        return "You may not lay that meld now."

    def _meld(self, seat: int, move: Move) -> None:
        found = self.meld_rules.read(move)
        assert isinstance(found, Meld)
        self.lay_meld(seat, found)

    def _lay_off_moves(self, seat: int) -> list[Move]:
        if not self._may_lay_off_any(seat) or self.dug is not None:
            return []
        out: list[Move] = []
        rules = self.meld_rules
        distinct = sorted(set(self.hands[seat]))
        for i, meld in enumerate(self.melds):
            if not self._may_lay_off_on(seat, i):
                continue
            for c in distinct:
                if not self._leaves_a_way_on(seat, (c,)):
                    continue
                ways = rules.lay_offs(meld, c)
                if len(ways) == 1:
                    if self._may_lay(seat, (c,), ways[0], i):
                        out.append(lay_off_move(i + 1, c))
                else:
                    out.extend(lay_off_move(i + 1, c, lay_off_end(meld, m)) for m in ways
                               if self._may_lay(seat, (c,), m, i))
        return out

    def _why_not_lay_off(self, seat: int, move: Move) -> str:
        if not self.LAY_OFF_IN_TURN:
            return "Cards are not laid off during a turn in this game."
        if len(move.cards) != 1 or move.number is None:
            return "Lay off one card on a numbered meld, for example 'layoff 2 8H'."
        n = move.number
        if not 1 <= n <= len(self.melds):
            return f"There is no meld {n} on the table." if self.melds else "There are no melds on the table."
        c = move.cards[0]
        missing = self._missing(seat, move.cards)
        if missing:
            return missing
        if not self._may_lay_off_on(seat, n - 1):
            return "You may lay off only on your own melds."
        meld = self.melds[n - 1]
        ways = self.meld_rules.lay_offs(meld, c)
        if not ways:
            return self.meld_rules.why_no_lay_off(meld, c)
        if len(ways) > 1 and move.flag not in ("low", "high"):
            return (f"{C.LABEL_OF[c]} could go at either end: say 'layoff {n} {C.CODE_OF[c]} low' "
                    "or '... high'.")
        after = next((m for m in ways if len(ways) == 1 or lay_off_end(meld, m) == move.flag), ways[0])
        if not self._leaves_a_way_on(seat, (c,)) or not self._may_lay(seat, (c,), after, n - 1):
            return self._keep_a_discard_reason(seat, (c,))
        if self.dug is not None:
            return self._dig_reason()
        return "You may not lay off that card now."

    def _lay_off(self, seat: int, move: Move) -> None:
        assert move.number is not None
        self.lay_off(seat, move.number - 1, move.cards[0], move.flag)

    def _discard_moves(self, seat: int) -> list[Move]:
        if self.dug is not None:
            return []
        moves = [DISCARD[c] for c in sorted(set(self.hands[seat])) if self._may_discard(seat, c)]
        if self.DISCARD_LAST_ONLY:
            moves = self._last_only_filtered(moves)
        return moves

    def _last_only_filtered(self, moves: list[Move]) -> list[Move]:
        """``DISCARD_LAST_ONLY``: such a card is discarded only when nothing else may be."""
        others = [m for m in moves if m.cards[0] not in self.DISCARD_LAST_ONLY]
        return others or moves

    def _why_not_discard(self, seat: int, move: Move) -> str:
        if len(move.cards) != 1:
            return "Discard exactly one card, for example 'discard 9C'."
        c = move.cards[0]
        missing = self._missing(seat, move.cards)
        if missing:
            return missing
        if c == self.taken and not self.DISCARD_TAKEN:
            return "You may not discard the card you took from the discard pile this turn."
        if self.dug is not None:
            return self._dig_reason()
        if c in self.DISCARD_LAST_ONLY:
            return (f"{C.LABEL_OF[c]} may be discarded only when you hold no other card you could discard: "
                    "as your last card.")
        return "You may not discard that card now."

    def _discard(self, seat: int, move: Move) -> None:
        self.discard_card(seat, move.cards[0])

    def _leaves_a_way_on(self, seat: int, cards: Sequence[int]) -> bool:
        """Whether laying ``cards`` leaves the turn a way to end: an empty hand where going out
        without a discard is allowed, else a card that may be discarded (not only the card just
        taken from the discard pile)."""
        rest = list(self.hands[seat])
        for c in cards:
            rest.remove(c)
        return self._way_on_after(seat, rest)

    def _way_on_after(self, seat: int, rest: Sequence[int]) -> bool:
        """Whether a hand left holding ``rest`` has a way to end the turn."""
        if not rest:
            return self._may_go_out_by_melding(seat)
        return any(self._may_discard(seat, c) for c in rest)

    def _may_lay(self, seat: int, cards: Sequence[int], meld: Meld, at: int | None,
                 held: Sequence[int] | None = None) -> bool:
        """A game's own word on laying ``cards`` from ``held`` (``seat``'s hand unless given: a dig
        asks before the dug cards are in it) so that the table holds ``meld`` — a new meld where
        ``at`` is ``None``, else meld ``at`` as the lay-off makes it. Asked, beside
        :meth:`_leaves_a_way_on`, wherever a meld or lay-off is listed or refused and of each meld
        a dig would allow, so a rule about the table as it will stand (Five Hundreds: a last card
        left must fit none of its melds) is the same rule everywhere."""
        return True

    def _may_meld(self, seat: int) -> bool:
        limit = self.MAX_MELDS_PER_TURN
        return self.MELDS_IN_TURN and (not limit or self.melds_this_turn < limit)

    def _may_go_out_by_melding(self, seat: int) -> bool:
        return self.OUT_WITHOUT_DISCARD

    def _may_lay_off_any(self, seat: int) -> bool:
        return self.LAY_OFF_IN_TURN and bool(self.melds)

    def _may_lay_off_on(self, seat: int, index: int) -> bool:
        return self.LAY_OFF_ON == "any" or self.meld_owner[index] == seat

    def _may_discard(self, seat: int, c: int) -> bool:
        return self.DISCARD_TAKEN or c != self.taken

    def out_discards(self, seat: int) -> list[int]:
        """The cards ``seat`` could discard so that the rest of its hand melds completely
        (The Card Game's going out; Gin's gin). Exact, through the meld solver."""
        after = solver_for(self.meld_rules, COUNT_VALUES).score_after_discards(self.hands[seat])
        return sorted(c for c, score in after.items() if score == 0)

    def melds_completely(self, cards: Sequence[int]) -> bool:
        """Whether ``cards`` can all be melded at once."""
        return solver_for(self.meld_rules, COUNT_VALUES).melds_all(cards)

    # ---- refusals' helpers -----------------------------------------------------------

    def _missing(self, seat: int, cards: Sequence[int]) -> str:
        """The sentence for cards the seat does not hold (counting duplicates), or ``""``."""
        hand = list(self.hands[seat])
        for c in cards:
            if c in hand:
                hand.remove(c)
            else:
                return f"You do not hold {C.NAME_OF[c]}" + (" twice." if c in self.hands[seat] else ".")
        return ""

    def _keep_a_discard_reason(self, seat: int, cards: Sequence[int]) -> str:
        rest = list(self.hands[seat])
        for c in cards:
            rest.remove(c)
        if not rest:
            return "You must keep a card to discard: you cannot go out without a discard."
        return (f"You must keep a card you may discard: {C.NAME_OF[rest[0]]}, just taken from the discard "
                "pile, cannot be discarded this turn.")

    # ---- applying moves ----------------------------------------------------------------

    def draw_card(self, seat: int) -> None:
        c = self.stock.pop(0)
        self.hands[seat].append(c)
        self.phase_name = PLAY_NOW
        self.emit("draw", f"{self.names[seat]} draws from the stock.", seat=seat)
        self.emit("drawn", f"You draw {C.LABEL_OF[c]}.", seat=seat, to=seat, card=C.CODE_OF[c])

    def take_discard(self, seat: int) -> None:
        c = self.discards.pop()
        self.hands[seat].append(c)
        self.knowledge.tell(HAND[seat], (c,))  # everyone saw it taken
        self.taken = c
        self.phase_name = PLAY_NOW
        self.emit("take", f"{self.names[seat]} takes {C.LABEL_OF[c]} from the discard pile.", seat=seat,
                  card=C.CODE_OF[c])

    def dig_discards(self, seat: int, depth: int) -> None:
        """Take the top ``depth`` cards of the spread pile; the deepest must be melded this turn."""
        pile = self.discards
        taken = pile[-depth:]
        del pile[-depth:]
        self.before_dig = tuple(self.hands[seat])
        self.dug = taken[0]
        self.hands[seat].extend(taken)
        self.knowledge.tell(HAND[seat], taken)  # everyone saw them taken
        self.phase_name = PLAY_NOW
        self.emit("dig", f"{self.names[seat]} digs {depth} cards deep in the discard pile, to "
                         f"{C.LABEL_OF[taken[0]]}: {' '.join(C.LABEL_OF[c] for c in taken)}.", seat=seat,
                  cards=C.codes(taken))

    def remove_from_hand(self, seat: int, cards: Sequence[int]) -> None:
        """Take cards out of a hand (and out of what everyone knows it holds)."""
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.knowledge.forget(HAND[seat], cards)

    def place_meld(self, seat: int, meld: Meld) -> None:
        """Put ``meld`` from ``seat``'s hand on the table as its own (no event, no turn rules:
        a knock's or a going out's melds laid at once)."""
        self.remove_from_hand(seat, meld.cards)
        self.melds.append(meld)
        self.meld_owner.append(seat)
        self.contributions.append([(seat, c) for c in meld.cards])

    def lay_meld(self, seat: int, meld: Meld) -> None:
        self.place_meld(seat, meld)
        self.melds_this_turn += 1
        self.dug = None  # a meld laid while digging is the one the dig asked for
        self.emit("meld", f"{self.names[seat]} lays meld {len(self.melds)}, a {meld.describe()}.", seat=seat,
                  meld=meld.text)
        if self._on_laid(seat, len(self.melds) - 1, meld.cards, new=True):
            self._after_meld(seat)

    def lay_off(self, seat: int, index: int, c: int, end: str | None) -> None:
        before = self.melds[index]
        ways = self.meld_rules.lay_offs(before, c)
        after = ways[0] if len(ways) == 1 else next(m for m in ways if lay_off_end(before, m) == end)
        self.remove_from_hand(seat, (c,))
        self.melds[index] = after
        self.contributions[index].append((seat, c))
        self.emit("layoff", f"{self.names[seat]} lays off {C.LABEL_OF[c]} on meld {index + 1}: "
                            f"{after.describe()}.", seat=seat, card=C.CODE_OF[c], meld=index + 1)
        if self._on_laid(seat, index, (c,), new=False):
            self._after_meld(seat)

    def _on_laid(self, seat: int, index: int, cards: Sequence[int], *, new: bool) -> bool:
        """``seat`` has laid ``cards`` as meld ``index`` (``new``) or onto it, before the turn goes
        on: a game's hook (the contract kernel counts who laid what and whether a contract is
        down). ``False`` when the hook has ended the hand or the game."""
        return True

    def _after_meld(self, seat: int) -> None:
        if not self.hands[seat]:
            self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
            self.phase_name = Phase.NONE
            self._on_hand_over(seat)

    def discard_card(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        hand.remove(c)  # remove_from_hand, inlined: this is every turn of every rummy
        self.knowledge.forget(HAND[seat], (c,))
        self.discard_pile_of(seat).append(c)
        self.emit("discard", f"{self.names[seat]} discards {C.LABEL_OF[c]}.", seat=seat, card=C.CODE_OF[c])
        if not hand:
            self.emit("out", f"{self.names[seat]} goes out.", seat=seat)
            self.phase_name = Phase.NONE
            self._on_hand_over(seat)
        elif not (self.CLAIMS and self._open_claims(seat, c)):
            self._next_turn(seat)

    def discard_pile_of(self, seat: int) -> list[int]:
        """Where ``seat``'s discard goes: the one shared pile (``personal_piles``: his own)."""
        return self.discards

    def _next_turn(self, seat: int) -> None:
        """The turn passes to the left; games with a last lap after going out override."""
        self.begin_turn(self.next_seat(seat))

    def _on_hand_over(self, out: int | None) -> None:
        """Score the hand (``out`` went out; ``None``: the stock ran out), then deal or finish."""
        raise NotImplementedError

    # ---- parsing ------------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """Meld moves are read into their canonical form (``meld 7H 5H 6H`` → ``meld 5H 6H 7H run``)."""
        move = parse_move(text)
        if move.verb == self.MELD_VERB:
            found = self.meld_rules.read(move)
            if isinstance(found, Meld):
                return found.to_move(self.MELD_VERB)
        return move

    # ---- what a seat sees ---------------------------------------------------------------

    def sorted_hand(self, hand: Sequence[int]) -> list[int]:
        """Display order: suits alternating colours, low to high (aces low unless only high)."""
        ace_high = self.meld_rules.ace == "high"

        def key(c: int) -> tuple[int, int]:
            r = C.RANK_OF[c]
            return _SUIT_ORDER[C.SUIT_OF[c]], (r if ace_high or r != C.ACE else -1)

        return sorted(hand, key=key)

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        hand = self.sorted_hand(self.hands[seat]) if seat is not None else None
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "turn": self.turn,
            "hand": C.codes(hand) if hand is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "discard_pile": C.codes(self.discards),
            "discard_top": C.CODE_OF[self.discards[-1]] if self.discards else None,
            "taken": C.CODE_OF[self.taken] if self.taken is not None else None,
            "known_cards": [C.codes(sorted(k)) for k in self.shown],
            "melds": [self._meld_entry(i, m) for i, m in enumerate(self.melds)],
            "melds_this_turn": self.melds_this_turn,
            "dug": C.CODE_OF[self.dug] if self.dug is not None else None,
            "claim": self._claim_view(),
            "claim_words": self._claim_words(),
        }

    def _meld_entry(self, i: int, m: Meld) -> dict[str, Any]:
        """Meld ``i`` as the view lists it; where lay-offs lie in front of whoever laid them, who laid
        each card (``laid_by``: ``[seat, card]`` in the order laid)."""
        entry = {"number": i + 1, "owner": self.meld_owner[i], "text": m.text, "cards": C.codes(m.cards),
                 "kind": m.kind, "describe": m.describe()}
        if self.LAYOFFS_IN_FRONT:
            entry["laid_by"] = [[s, C.CODE_OF[c]] for s, c in self.contributions[i]]
        return entry

    def _claim_view(self) -> dict[str, Any] | None:
        claim = self.claim
        if claim is None:
            return None
        return {"card": C.CODE_OF[claim.card], "discarder": claim.discarder, "order": list(claim.order),
                "waiting": sorted(claim.waiting()), "claimed": [s for s, m in claim.answers.items() if m]}

    def _claim_words(self) -> str | None:
        claim = self.claim
        if claim is None:
            return None
        waiting = " and ".join(self.names[s] for s in claim.order if s not in claim.answers)
        claimed = [self.names[s] for s, m in claim.answers.items() if m is not None]
        said = f"; {' and '.join(claimed)} claimed it" if claimed else ""
        return f"{C.LABEL_OF[claim.card]}: waiting for {waiting} to claim it or let it go{said}."

    @property
    def shown(self) -> list[list[int]]:
        """Per seat, the cards everyone knows its hand holds (from ``self.knowledge``)."""
        return [list(self.knowledge.public(HAND[h])) for h in range(self.num_players)]

    # ---- zones: conservation, sampling and the layout follow from these -------------------

    def table_cards(self, seat: int) -> list[int]:
        """The cards ``seat`` has put on the table this deal: its melds and its lay-offs."""
        return [c for laid in self.contributions for s, c in laid if s == seat]

    def zones(self) -> list[Zone]:
        names = self.names
        owner = self.meld_owner
        melds = self._front_zones() if self.LAYOFFS_IN_FRONT else [
            Zone(f"meld/{i + 1}", list(m.cards), C.CARD_TEXT, owner=owner[i],
                 label=f"Meld {i + 1} ({m.kind})", group=f"melds/{owner[i]}")
            for i, m in enumerate(self.melds)]
        return [
            *(Zone(HAND[h], self.hands[h], C.CARD_TEXT, owner=h, visibility=Visibility.OWNER, show=Show.HAND,
                   label=f"{names[h]}'s hand", order=self.sorted_hand) for h in range(self.num_players)),
            Zone("stock", self.stock, C.CARD_TEXT, visibility=Visibility.NOBODY, show=Show.PILE,
                 label="Stock"),
            Zone("discards", self.discards, C.CARD_TEXT, label="Discard pile",
                 show=Show.PILE if self.DIG == NO_DIG else Show.SPREAD),
            *melds,
            *self._own_zones(),
        ]

    def _front_zones(self) -> list[Zone]:
        """``LAYOFFS_IN_FRONT``: each meld holds only the cards its owner laid; the cards a player
        laid off on other players' melds lie in front of him, in one row (they count for him)."""
        out = []
        laid_off: list[list[int]] = [[] for _ in range(self.num_players)]
        for i, meld in enumerate(self.melds):
            owner = self.meld_owner[i]
            # the owner's cards in the meld's own order (a run he lengthened below reads low to high)
            others: Counter[int] = Counter()
            for s, c in self.contributions[i]:
                if s != owner:
                    laid_off[s].append(c)
                    others[c] += 1
            own = []
            for c in meld.cards:
                if others[c]:
                    others[c] -= 1
                else:
                    own.append(c)
            out.append(Zone(f"meld/{i + 1}", own, C.CARD_TEXT, owner=owner,
                            label=f"Meld {i + 1} ({meld.kind})", group=f"melds/{owner}"))
        out.extend(Zone(f"laid_off/{s}", cards, C.CARD_TEXT, owner=s, label="Laid off on others' melds",
                        group=f"melds/{s}") for s, cards in enumerate(laid_off) if cards)
        return out

    def _own_zones(self) -> list[Zone]:
        """A game's own zones beyond the table's (a pack before the deal, a face-down discard)."""
        return []


__all__ = ["COUNT_VALUES", "DISCARD", "DRAW", "DRAW_PHASE", "END", "HAND", "PLAY_PHASE", "SHUFFLE", "TAKE",
           "TURN_OVER", "DrawDiscardState", "DrawPhase", "Phase", "PlayPhase", "TurnPhase", "lay_off_move"]

"""The draw-and-discard kernel: the turn every rummy shares, on top of the meld kernel.

A game subclasses :class:`DrawDiscardState`, declares how its turn differs from the kernel's once
(``RUMMY_RULES``, a :class:`~gamenight.families.rummy_rules.RummyRules`; a switch that hangs on
the options is replaced at the start and handed to ``_init_table``), calls
:meth:`~DrawDiscardState._init_table` with its :class:`~gamenight.families.melds.MeldRules`,
deals with :meth:`~DrawDiscardState.deal`, and writes only what is its own: scoring
(``_on_hand_over``) and the moves no other rummy has (knocking, going out with a discard, buying).
The kernel owns the turn, made of kinds of move (:mod:`gamenight.families.rummy_kinds`):

* **Draw** (phase ``draw``): ``draw`` takes the top of the stock (the card is told to the
  drawer only); ``take 7H`` takes the top of the discard pile, and from then on everyone knows
  that card is in the taker's hand until it is melded or discarded.
* **Play** (phase ``play``): ``meld 5H 6H JK run`` lays a new meld (the meld kernel's notation);
  ``layoff 2 8H`` adds a card to meld number 2 on the table (``layoff 2 JK low`` names the end
  where a card could go at either); ``discard 9C`` ends the turn. A hand emptied by a meld or a
  lay-off goes out without a discard where the game allows it; a discard that empties the hand
  goes out. A meld or lay-off must leave the turn a way to end, so it may not leave a player
  holding only the card he just took from the discard pile (which he may not discard).
* **The rules a game changes** are methods each kind asks, each ``None`` or the sentence of the
  rule broken: ``take_discard_rule`` (may the top discard be taken at all), ``_meld_rule`` (may a
  new meld be laid now), ``_lay_off_rule`` / ``_lay_off_on_rule`` (may cards be laid off now, on
  meld ``i``), ``_discard_rule`` (may this card be discarded); with the predicates of the turn's
  end (``_may_lay``: a game's word on the table a meld leaves; ``_leaves_a_way_on``).
* **Pile access** (:mod:`gamenight.families.pile_access`): digging the spread discard pile
  (``dig``) and claiming a discard out of turn (``claims``); ``discard_pile_of(seat)`` says where
  a seat discards (:mod:`gamenight.families.personal_piles`: a pile in front of each).
* **Who laid what**: ``contributions[i]`` lists ``(seat, card)`` for every card of meld ``i`` in
  the order laid; with ``layoffs_in_front`` a card laid off on another player's meld lies in front
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
* **Phases** take the core's shape (:mod:`gamenight.core.phases`): ``NONE`` (between hands, and
  once the match is over), ``DRAW``, ``PLAY`` and ``CLAIM``, each with a handler in ``phases``. A
  game adds a kind of its own to a phase by subclassing its handler (The Card Game's ``out``,
  Gin's knock), and phases of its own in an enum of its own, extending the table:
  ``phases = {**DrawDiscardState.phases, GinPhase.LAYOFF: LayOffPhase(), ...}``.

A game must write ``_on_hand_over(out)`` (score the hand, then start the next deal or finish) and
``deck_template``; it may override ``_next_turn`` for turn orders such as "one more turn each
after someone goes out". Helpers: ``out_discards(seat)`` (the discards after which the rest of the
hand melds completely: The Card Game's going out, Gin's gin), ``melds_completely(cards)``,
``remove_from_hand``, ``lay_meld``/``lay_off``/``discard_card``/``draw_card``/``take_discard``
(each also writes its event), ``restock`` and ``_table_view(seat)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.phases import PhaseDispatch, PhaseHandler
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchPlay
from gamenight.families.melds import Meld, MeldRules, lay_off_end, solver_for
from gamenight.families.pile_access import (
    PASS_CLAIM,
    ClaimPhase,
    ClaimWindow,
    claim_move,
    dig_move,
    lay_off_claims,
    meets_dig,
    open_claims,
    same,
)
from gamenight.families.rummy_kinds import (
    DISCARD,
    DRAW,
    ONLY,
    TAKE,
    DrawPhase,
    Phase,
    PlayPhase,
    TurnPhase,
    lay_off_move,
)
from gamenight.families.rummy_rules import ClaimOrder, Dig, LayOffOn, RederivedRules, Restock, RummyRules
from gamenight.families.rummy_zones import front_zones, meld_zone
from gamenight.families.table import Seating

#: the names games and tests have used; the hooks' identity tests on the hot path use these module
#: names too (an enum class's attribute lookup is slow)
DRAW_PHASE, PLAY_PHASE = DRAW_NOW, PLAY_NOW = Phase.DRAW, Phase.PLAY
SHUFFLE, TURN_OVER, END = Restock.SHUFFLE, Restock.TURN_OVER, Restock.END
NO_DIG, DIG_TO_PLAY, DIG_TO_PAIR = Dig.NONE, Dig.TO_PLAY, Dig.TO_PAIR
TURN_ORDER, FIRST_CLICK = ClaimOrder.TURN_ORDER, ClaimOrder.FIRST_CLICK
NOBODY: frozenset[int] = frozenset()
#: zone keys of the hands (what everyone knows a hand holds is kept under these)
HAND: list[str] = [f"hand/{s}" for s in range(16)]

#: every card counts one: a deadwood of 0 means every card melded
COUNT_VALUES: tuple[int, ...] = (1,) * 53
#: display order of suits (alternating colours) for a sorted hand
_SUIT_ORDER = {C.SPADES: 0, C.HEARTS: 1, C.CLUBS: 2, C.DIAMONDS: 3, C.NO_SUIT: 4}


class DrawDiscardState(RederivedRules, PhaseDispatch, DealsCards, Seating, MatchPlay, State):
    """Shared state and turn of every draw-and-discard game. Its hooks are one lookup of
    ``phase_name`` in ``phases`` (:class:`~gamenight.core.phases.PhaseDispatch`)."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        Phase.NONE: PhaseHandler(), Phase.DRAW: DrawPhase(), Phase.PLAY: PlayPhase(),
        Phase.CLAIM: ClaimPhase(),
    }

    #: what a person sees beyond the zones (hands, stock, discard pile and melds are zones)
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True), Field("dealer", "Dealer", Kind.SEAT),
        Field("taken", "Taken from the pile", Kind.PIECE, piece="card"),
        Field("dug", "Dug to, to meld first", Kind.PIECE, piece="card"),
        Field("claim_words", "Up for a claim", Kind.TEXT),
    )

    #: how the game's turn differs from the kernel's, declared once (its verbs are read from here,
    #: once per class; ``self.rummy`` is the record in force, with the options' switches)
    RUMMY_RULES: ClassVar[RummyRules] = RummyRules()
    rummy: RummyRules

    def _init_table(self, rules: MeldRules, *, teams: int = 1, rummy: RummyRules | None = None) -> None:
        n = self.num_players
        self.meld_rules = rules
        self.rummy = self.RUMMY_RULES if rummy is None else rummy
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
        #: ``(seat, card)`` (lay-offs score for whoever laid them where ``layoffs_in_front``)
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
        past ``max_restocks``; or a discard pile of one card, which cannot make a stock)."""
        rummy = self.rummy
        limit = rummy.max_restocks
        if rummy.restock is END or len(self.discards) < 2 or (limit and self.restocks >= limit):
            self.emit("stock", "The stock is empty: the hand is over.")
            self.phase_name = Phase.NONE
            self._on_hand_over(None)
            return
        self.restock(shuffle=rummy.restock is SHUFFLE)

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

    # who acts in the turn skips the lookup in ``phases``: every step of every rummy asks it

    def _to_act(self) -> frozenset[int]:
        if self._outcome is not None:
            return NOBODY
        phase = self.phase_name
        if phase is PLAY_NOW or phase is DRAW_NOW:
            return ONLY[self.turn]
        return self.phases[phase].to_act(self)

    # ---- the draw: the rules the draw's kinds ask (rummy_kinds) ------------------------------

    def take_discard_rule(self, seat: int) -> str | None:
        """May ``seat`` take the top of the discard pile at all (``None``), or the rule against it."""
        return None if self.discards else "The discard pile is empty."

    def _may_take_discard(self, seat: int) -> bool:
        return bool(self.discards) and self.take_discard_rule(seat) is None

    def _take_leaves_a_way_on(self, seat: int, top: int) -> bool:
        """Whether the turn could still end after taking ``top`` from a discard pile. With several
        decks a hand of copies of it only would hold nothing it may discard (a copy counts as the
        card taken), and no meld or lay-off may leave it so: only a meld of the whole hand at once
        goes out."""
        hand = self.hands[seat]
        if self.rummy.discard_taken or any(c != top for c in hand):
            return True
        return self._may_go_out_by_melding(seat) and self._may_meld(seat) \
            and isinstance(self.meld_rules.check([*hand, top]), Meld)

    # ---- digging (pile_access.DigDeep): what the meld after a dig must be ---------------------

    def digging(self) -> bool:
        """Whether the card dug to this turn is still to be melded (nothing else may be played)."""
        return self.dug is not None

    def _dig_reason(self) -> str:
        assert self.dug is not None
        held = "a natural pair of its rank" if self.rummy.dig is DIG_TO_PAIR else "a card"
        return f"First meld {C.NAME_OF[self.dug]}, the card you dug to, with {held} you held before the dig."

    # ---- claims (pile_access.ClaimPhase): a game's word on who may claim, and what ------------

    def _may_claim(self, seat: int) -> bool:
        """Whether ``seat`` may claim a discard at all (Five Hundreds: once he has melded)."""
        return True

    def _claims_of(self, seat: int, card: int) -> list[Move]:
        """``seat``'s claims of ``card``: laying it off on each meld it fits."""
        return lay_off_claims(self, seat, card) if self._may_claim(seat) else []

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

    # ---- the play: melds (rummy_kinds.LayMeld) ------------------------------------------------

    def _meld_rule(self, seat: int) -> str | None:
        """May ``seat`` lay a new meld now at all (``None``), or the rule against it."""
        rummy = self.rummy
        if not rummy.melds_in_turn:
            return "Melds are not laid down during a turn in this game."
        limit = rummy.max_melds_per_turn
        if limit and self.melds_this_turn >= limit:
            return f"You may lay down only {'one new meld' if limit == 1 else f'{limit} new melds'} a turn."
        return None

    def _may_meld(self, seat: int) -> bool:
        return self._meld_rule(seat) is None

    def _meld_candidates(self, seat: int) -> list[Move]:
        """Every meld the hand holds: a superset of the legal ones."""
        verb = self.RUMMY_RULES.meld_verb
        return [m.to_move(verb) for m in self.meld_rules.all_melds(self.hands[seat])]

    def _meld_moves(self, seat: int) -> list[Move]:
        if not self._may_meld(seat):
            return []
        verb = self.RUMMY_RULES.meld_verb
        melds = self.meld_rules.all_melds(self.hands[seat])
        if self.dug is not None:
            dug, before = self.dug, self.before_dig
            melds = [m for m in melds if meets_dig(self, m.cards, dug, before)]
        return [m.to_move(verb) for m in melds
                if self._leaves_a_way_on(seat, m.cards) and self._may_lay(seat, m.cards, m, None)]

    def apply_meld(self, seat: int, move: Move) -> None:
        """Lay the meld a legal ``meld`` move names."""
        found = self.meld_rules.read(move)
        assert isinstance(found, Meld)
        self.lay_meld(seat, found)

    def meld_rule(self, seat: int, move: Move) -> str | None:
        """The rule a new meld breaks, or ``None``: the hand holds it, it is a meld, a meld may be
        laid now, it leaves the turn a way to end, it melds the card dug to, written as read."""
        why = self._meld_rule(seat) or self._missing(seat, move.cards)
        if why:
            return why
        found = self.meld_rules.read(move)
        if isinstance(found, str):
            return found
        if not self._leaves_a_way_on(seat, found.cards) or not self._may_lay(seat, found.cards, found, None):
            return self._keep_a_discard_reason(seat, found.cards)
        if self.dug is not None and not meets_dig(self, found.cards, self.dug, self.before_dig):
            return self._dig_reason()
        canonical = found.to_move(self.RUMMY_RULES.meld_verb)
        if not same(move, canonical):
            return f"Write that meld as '{canonical}'."
        return None

    # ---- the play: lay-offs (rummy_kinds.LayOff) ----------------------------------------------

    def _lay_off_rule(self, seat: int) -> str | None:
        """May ``seat`` lay off now at all (``None``), or the rule against it."""
        if not self.rummy.lay_off_in_turn:
            return "Cards are not laid off during a turn in this game."
        if not self.melds:
            return "There are no melds on the table."
        return None

    def _lay_off_on_rule(self, seat: int, index: int) -> str | None:
        """May ``seat`` lay off on meld ``index`` (``None``), or the rule against it."""
        if self.rummy.lay_off_on is LayOffOn.OWN and self.meld_owner[index] != seat:
            return "You may lay off only on your own melds."
        return None

    def _may_lay_off_on(self, seat: int, index: int) -> bool:
        return self._lay_off_on_rule(seat, index) is None

    def _lay_off_candidates(self, seat: int) -> list[Move]:
        """Every lay-off of a card of the hand on a meld it fits: a superset of the legal ones."""
        rules = self.meld_rules
        out: list[Move] = []
        for i, meld in enumerate(self.melds):
            for c in sorted(set(self.hands[seat])):
                ways = rules.lay_offs(meld, c)
                if len(ways) == 1:
                    out.append(lay_off_move(i + 1, c))
                else:
                    out.extend(lay_off_move(i + 1, c, lay_off_end(meld, m)) for m in ways)
        return out

    def apply_lay_off(self, seat: int, move: Move) -> None:
        """Lay off the card a legal ``layoff`` move names."""
        assert move.number is not None
        self.lay_off(seat, move.number - 1, move.cards[0], move.flag)

    def _lay_off_moves(self, seat: int) -> list[Move]:
        if self.dug is not None or self._lay_off_rule(seat) is not None:
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

    def lay_off_rule(self, seat: int, move: Move) -> str | None:
        """The rule a lay-off breaks, or ``None``."""
        why = self._lay_off_rule(seat)
        if why:
            return why
        if len(move.cards) != 1 or move.number is None:
            return "Lay off one card on a numbered meld, for example 'layoff 2 8H'."
        n, c = move.number, move.cards[0]
        if not 1 <= n <= len(self.melds):
            return f"There is no meld {n} on the table."
        why = self._missing(seat, move.cards) or self._lay_off_on_rule(seat, n - 1)
        if why:
            return why
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
        canonical = lay_off_move(n, c, move.flag if len(ways) > 1 else None)
        if not same(move, canonical):
            return f"Say it as '{canonical}'."
        return None

    # ---- the play: the discard (rummy_kinds.Discard) --------------------------------------------

    def _discard_rule(self, seat: int, c: int) -> str | None:
        """May ``seat``, holding ``c``, discard it (``None``), or the rule against it. Asked for
        every card of the hand each turn: keep it cheap."""
        if c == self.taken and not self.rummy.discard_taken:
            return "You may not discard the card you took from the discard pile this turn."
        return None

    def _may_discard(self, seat: int, c: int) -> bool:
        return self._discard_rule(seat, c) is None

    def _discard_moves(self, seat: int) -> list[Move]:
        if self.dug is not None:
            return []
        rule = self._discard_rule
        moves = [DISCARD[c] for c in sorted(set(self.hands[seat])) if rule(seat, c) is None]
        if self.rummy.discard_last_only:
            moves = self._last_only_filtered(moves)
        return moves

    def _last_only_filtered(self, moves: list[Move]) -> list[Move]:
        """``discard_last_only``: such a card is discarded only when nothing else may be."""
        last_only = self.rummy.discard_last_only
        others = [m for m in moves if m.cards[0] not in last_only]
        return others or moves

    def discard_rule(self, seat: int, move: Move) -> str | None:
        """The rule a discard breaks, or ``None``."""
        if len(move.cards) != 1 or len(move.args) != 1:
            return "Discard exactly one card, for example 'discard 9C'."
        c = move.cards[0]
        missing = self._missing(seat, move.cards)
        if missing:
            return missing
        if self.dug is not None:
            return self._dig_reason()
        why = self._discard_rule(seat, c)
        if why is not None:
            return why
        last_only = self.rummy.discard_last_only
        if c in last_only and any(d not in last_only and self._may_discard(seat, d)
                                  for d in self.hands[seat]):
            return (f"{C.LABEL_OF[c]} may be discarded only when you hold no other card you could discard: "
                    "as your last card.")
        return None

    # ---- the turn's end: what a meld or lay-off must leave ------------------------------------

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

    def _may_go_out_by_melding(self, seat: int) -> bool:
        return self.rummy.out_without_discard


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
        elif not (self.rummy.claims and open_claims(self, seat, c)):
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
        verb = self.RUMMY_RULES.meld_verb
        if move.verb == verb:
            found = self.meld_rules.read(move)
            if isinstance(found, Meld):
                return found.to_move(verb)
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
            "claim": self.claim.to_view() if self.claim is not None else None,
            "claim_words": self.claim.words(self.names) if self.claim is not None else None,
        }

    def _meld_entry(self, i: int, m: Meld) -> dict[str, Any]:
        """Meld ``i`` as the view lists it; where lay-offs lie in front of whoever laid them, who laid
        each card (``laid_by``: ``[seat, card]`` in the order laid)."""
        entry = {"number": i + 1, "owner": self.meld_owner[i], "text": m.text, "cards": C.codes(m.cards),
                 "kind": m.kind, "describe": m.describe()}
        if self.rummy.layoffs_in_front:
            entry["laid_by"] = [[s, C.CODE_OF[c]] for s, c in self.contributions[i]]
        return entry

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
        if self.rummy.layoffs_in_front:
            melds = front_zones(self.melds, owner, self.contributions, self.num_players)
        else:
            melds = [meld_zone(i, list(m.cards), m, owner[i]) for i, m in enumerate(self.melds)]
        return [
            *(Zone(HAND[h], self.hands[h], C.CARD_TEXT, owner=h, visibility=Visibility.OWNER, show=Show.HAND,
                   label=f"{names[h]}'s hand", order=self.sorted_hand) for h in range(self.num_players)),
            Zone("stock", self.stock, C.CARD_TEXT, visibility=Visibility.NOBODY, show=Show.PILE,
                 label="Stock"),
            Zone("discards", self.discards, C.CARD_TEXT, label="Discard pile",
                 show=Show.PILE if self.rummy.dig is NO_DIG else Show.SPREAD),
            *melds,
            *self._own_zones(),
        ]

    def _own_zones(self) -> list[Zone]:
        """A game's own zones beyond the table's (a pack before the deal, a face-down discard)."""
        return []


__all__ = ["COUNT_VALUES", "DIG_TO_PAIR", "DIG_TO_PLAY", "DISCARD", "DRAW", "DRAW_PHASE", "END",
           "FIRST_CLICK", "HAND", "NO_DIG", "ONLY", "PASS_CLAIM", "PLAY_PHASE", "SHUFFLE", "TAKE",
           "TURN_ORDER", "TURN_OVER", "ClaimWindow", "DrawDiscardState", "DrawPhase", "Phase", "PlayPhase",
           "RummyRules", "TurnPhase", "claim_move", "dig_move", "lay_off_move"]

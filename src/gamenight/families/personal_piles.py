"""Personal discard piles for the rummy kernel: every player discards onto a pile of his own, in
front of him, and a player draws the top of the stock or the top card of any player's pile
(Arizona Rummy: "discard in front of you, not in one communal pile; you can pick from the centre
pile or any player's pile").

:class:`PersonalPiles` is a :class:`~gamenight.families.draw_discard.DrawDiscardState` that a game
subclasses instead of the kernel (or mixes in before another kernel subclass, such as
``ContractState``: ``class Game(PersonalPiles, ContractState)``). It generalises the kernel's one
discard pile through the kernel's own hooks, so the turn itself is the kernel's:

* **Discards**: ``discard_pile_of(seat)`` is the seat's own pile, so the kernel's ``discard_card``
  (its event, going out, the next turn) lays each discard in front of its player. The shared
  ``self.discards`` stays empty and is not listed as a zone.
* **Taking**: ``take 2 7H`` takes the 7♥ from the top of player 2's pile — players are numbered
  from 1 in seat order, as they are named ("Player 2"); the card is named as well, so the move
  says what it takes and a stale move (the pile has changed) is refused. The card is then known
  to everyone to be in the taker's hand until it leaves it (``self.knowledge``), as with the
  kernel's pile. ``_may_take_from(seat, owner)`` says whose piles a seat may take from: every
  pile with a top card, but his own only where ``self.take_own_pile`` (``TAKE_OWN_PILE`` by
  default; a game sets it from its options).
* **Restocking** (GEN-10): when a player must draw and the stock is empty, every pile but its
  top card is gathered into a new stock, shuffled (``restock=Restock.SHUFFLE``) or turned over in
  seat order; ``max_restocks`` applies as in the kernel. When the piles hold no card below their
  tops, the hand is over (``_on_hand_over(None)``).
* **Zones**: each pile is a public zone ``pile/N`` owned by its seat (``show`` a pile), so both
  renderers draw it in front of its player; ``self.piles[seat][-1]`` is its top.
* **View**: ``piles`` (each seat's pile, bottom first) and ``pile_tops`` (each top or ``None``)
  replace the kernel's ``discard_pile`` and ``discard_top``.

The kernel's draw phase is replaced by :class:`PilesDrawPhase`, whose take is
:class:`TakeFromPile` (its refusal names the piles); a game extends ``PersonalPiles.phases``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamenight.core.moves import Move
from gamenight.core.phases import MoveKind, PhaseHandler
from gamenight.core.zones import Show, Zone
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import DRAW, END, HAND, SHUFFLE, DrawDiscardState, DrawPhase, Phase
from gamenight.families.pile_access import same
from gamenight.families.rummy_kinds import DrawFromStock, TakeDiscard


def take_move(owner: int, card: int) -> Move:
    """``take N CARD``: the top ``card`` of the pile of player ``N`` (seat ``owner``, 1-based)."""
    return C.card_move("take", (card,), owner + 1, None, None)


class TakeFromPile(TakeDiscard):
    """Take the top card of a player's pile (``take 2 7H``): everyone then knows it is in the
    taker's hand."""

    def candidates(self, s: DrawDiscardState, seat: int) -> list[Move]:
        assert isinstance(s, PersonalPiles)
        return [take_move(owner, pile[-1]) for owner, pile in enumerate(s.piles) if pile]

    def legal(self, s: DrawDiscardState, seat: int) -> list[Move]:
        assert isinstance(s, PersonalPiles)
        piles = s.piles
        return [take_move(owner, piles[owner][-1]) for owner in range(s.num_players)
                if s._may_take_from(seat, owner)]

    def verify(self, s: DrawDiscardState, seat: int, move: Move) -> str | None:
        assert isinstance(s, PersonalPiles)
        n = move.number
        if n is None or len(move.cards) != 1:
            return "Take the top card of a player's pile by his number and the card, for example 'take 2 7H'."
        if not 1 <= n <= s.num_players:
            return f"There is no player {n}: players are numbered 1 to {s.num_players}."
        owner = n - 1
        pile = s.piles[owner]
        whose = "your" if owner == seat else f"{s.names[owner]}'s"
        if not pile:
            return f"{whose.capitalize()} pile is empty."
        if owner == seat and not s.take_own_pile:
            return ("You may not take from your own pile in this game: take from another player's pile "
                    "or draw.")
        top = take_move(owner, pile[-1])
        if move.cards[0] != pile[-1]:
            return f"Only the top card of {whose} pile can be taken: '{top}'."
        if not same(move, top):
            return f"Say it as '{top}'."
        if not s._take_leaves_a_way_on(seat, pile[-1]):
            return (f"You could not end your turn: {C.NAME_OF[pile[-1]]} could not be discarded again, and "
                    "your hand holds nothing else to discard.")
        return None

    def apply(self, s: DrawDiscardState, seat: int, move: Move) -> None:
        assert isinstance(s, PersonalPiles) and move.number is not None
        s.take_from_pile(seat, move.number - 1)

    def describe(self, s: DrawDiscardState, move: Move, viewer: int | None) -> str:
        owner = (move.number or 1) - 1
        whose = "your own pile" if owner == viewer else f"{s.names[owner]}'s pile"
        return f"Take {C.LABEL_OF[move.cards[0]]} from {whose}"


class PilesDrawPhase(DrawPhase):
    """The kernel's draw: the stock, or the top of a player's pile."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), TakeFromPile()]

    def why_illegal(self, s: DrawDiscardState, seat: int, move: Move) -> str:
        if self.kind_of(s, move.verb) is None and move.verb not in self.wrong:
            assert isinstance(s, PersonalPiles)
            takes = TakeFromPile().legal(s, seat)
            top = f" or the top of a player's pile ('{takes[0]}')" if takes else ""
            return f"Draw first: from the stock ('draw'){top}."
        return super().why_illegal(s, seat, move)


class PersonalPiles(DrawDiscardState):
    """The rummy kernel with a discard pile in front of each player (see the module notes)."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**DrawDiscardState.phases, Phase.DRAW: PilesDrawPhase()}
    #: the draw in words: there is no discard pile but each player's
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        Phase.DRAW: "Drawing: from the stock or the top of a player's pile"}

    #: may a player take the top of his own pile
    TAKE_OWN_PILE = True

    piles: list[list[int]]

    def _init_table(self, *args: Any, **kwargs: Any) -> None:
        super()._init_table(*args, **kwargs)
        self.piles = [[] for _ in range(self.num_players)]
        self.take_own_pile = self.TAKE_OWN_PILE

    def begin_deal(self) -> None:
        super().begin_deal()
        self.piles = [[] for _ in range(self.num_players)]

    # ---- discarding: onto one's own pile ------------------------------------------------

    def discard_pile_of(self, seat: int) -> list[int]:
        return self.piles[seat]

    # ---- taking (TakeFromPile) -----------------------------------------------------------------

    def _may_take_from(self, seat: int, owner: int) -> bool:
        """Whether ``seat`` may take the top of ``owner``'s pile: it has one, it is his own only
        where that is allowed, and the turn could still end with a discard."""
        pile = self.piles[owner]
        return (bool(pile) and (self.take_own_pile or owner != seat)
                and self._take_leaves_a_way_on(seat, pile[-1]))

    def take_discard_rule(self, seat: int) -> str | None:
        return "There is no shared discard pile: take the top of a player's pile ('take 2 7H')."

    def take_from_pile(self, seat: int, owner: int) -> None:
        """``seat`` takes the top of ``owner``'s pile; everyone saw it, so everyone knows it is in
        his hand until it leaves (``knowledge``)."""
        c = self.piles[owner].pop()
        self.hands[seat].append(c)
        self.knowledge.tell(HAND[seat], (c,))
        self.taken = c
        self.phase_name = Phase.PLAY
        whose = "his own pile" if owner == seat else f"{self.names[owner]}'s pile"
        self.emit("take", f"{self.names[seat]} takes {C.LABEL_OF[c]} from {whose}.", seat=seat,
                  card=C.CODE_OF[c], owner=owner)

    # ---- restocking: every pile but its top (GEN-10) ----------------------------------------

    def _below_tops(self) -> int:
        return sum(max(len(p) - 1, 0) for p in self.piles)

    def _stock_ran_out(self) -> None:
        limit = self.rummy.max_restocks
        if self.rummy.restock is END or not self._below_tops() or (limit and self.restocks >= limit):
            self.emit("stock", "The stock is empty: the hand is over.")
            self.phase_name = Phase.NONE
            self._on_hand_over(None)
            return
        self.restock(shuffle=self.rummy.restock is SHUFFLE)

    def restock(self, *, shuffle: bool) -> None:
        """Every pile but its top card becomes the stock: shuffled, or turned over pile by pile in
        seat order (the first card discarded on the first pile on top)."""
        stock: list[int] = []
        for pile in self.piles:
            stock.extend(pile[:-1])
            del pile[:-1]
        if shuffle:
            self.rng.shuffle(stock)
        self.stock.extend(stock)
        self.restocks += 1
        how = "shuffled" if shuffle else "turned over"
        self.emit("restock", f"The stock is empty: every player's pile but its top card is {how} to make a "
                             f"new stock of {len(self.stock)} cards.")

    # ---- what a seat sees ---------------------------------------------------------------

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        out = super()._table_view(seat)
        del out["discard_pile"], out["discard_top"]
        out["piles"] = [C.codes(p) for p in self.piles]
        out["pile_tops"] = [C.CODE_OF[p[-1]] if p else None for p in self.piles]
        return out

    def zones(self) -> list[Zone]:
        names = self.names
        # the shared pile is always empty here: the piles are in front of their players
        return [*(z for z in super().zones() if z.key != "discards"),
                *(Zone(f"pile/{s}", self.piles[s], C.CARD_TEXT, owner=s, show=Show.PILE,
                       label=f"{names[s]}'s pile") for s in range(self.num_players))]


__all__ = ["PersonalPiles", "PilesDrawPhase", "TakeFromPile", "take_move"]

"""Rummy — standard Rummy as the family's 001 seed starts it, completed from
``shared/rules/other-seeds.md`` §4 (the seed's text stops after "Completing a Turn").

Two to six players, one 52-card deck, no jokers. Cards count A = 1, two to ten their face,
J/Q/K 10. A *group* is three or four cards of one rank; a *sequence* three or more cards of
one suit in order, the ace low only (A-2-3, never Q-K-A or K-A-2). A card belongs to one meld.

The dealer deals one at a time: ten each to two players, seven each to three or four, six each
to five or six. The next card turned up starts the discard pile; the rest is the stock. The
player left of the dealer begins. A turn: draw the top card of the stock or take the top card
of the discard pile (``draw``, ``take 7H``); lay down at most one new meld (``meld 5H 6H 7H
run``); lay off any number of cards on any meld on the table, anyone's (``layoff 2 8H``); then
discard (``discard 9C``) — but never the card just taken from the discard pile.

Completed as the spec proposes (§4.1, with the gaps of §4.2 by number):

* Going out (4.2-1): the hand ends the moment a player has no cards, by discarding the last one
  or by melding and laying off every card without a discard.
* Scoring (4.2-1): option ``scoring``. ``penalty`` (the seed: deadwood are penalty points):
  each other player adds his deadwood, the player out adds 0; when a hand ends with anyone at
  ``penalty_limit`` (100) or more, the lowest total wins. ``winner_collects`` (Bicycle): the
  player out scores everyone else's deadwood; the first to ``target`` (100) wins.
* Deadwood (4.2-5): option ``deadwood``. ``unmelded_only`` (the seed: cards "not part of a
  meld"): the cards left over by the best arrangement of the hand into its own melds (exact
  solver; lay-offs onto the table are not counted). ``all_cards``: every card held.
* One new meld a turn (4.2-2): option ``max_new_melds_per_turn`` (0: any number). So a player
  holding two melds cannot go out with both in one turn (4.2-3); lay-offs are unlimited, and
  allowed before a player has melded himself (the seed sets no such condition).
* Groups of four at most (4.2-4); a card taken from the discard pile may be kept unmelded
  (4.2-6); a meld or lay-off may not leave a player with no card to discard, unless it empties
  his hand and so ends it (4.2-8). Gin, Manipulation Rummy and Rummy 500 are out of scope (4.2-9).
* Dealer (4.2-7): chosen at random, then the deal passes to the left — with two players it
  alternates. Option ``two_player_winner_deals`` (Bicycle): with two players the winner of a
  hand deals the next; it changes nothing at a larger table.

House decisions (HOUSE in the spec, or where it is silent):

* R-H1 — the exhausted stock: when a player must draw and the stock is empty, the discard pile
  but its top card is turned face down, not shuffled, as the new stock (the first card
  discarded is the new top); the top card stays as the discard pile. This happens
  ``max_restocks`` times a hand (the spec's 1; 0: never), and only while the pile has two cards
  or more to make a stock of. After that, a player facing the empty stock may still take the
  top discard, or ``pass`` — he does not want it — and the hand ends with everyone scored
  (penalty: every player adds his deadwood; winner_collects: nobody went out, so nobody
  scores). The spec's "does not want the top discard", made a move.
* R-H2 — a stock turned over without shuffling is known to everyone (they all saw the pile):
  the view shows it (``known_stock``, top first), and a card drawn from it is known to be in
  the drawer's hand.
* R-H3 — option ``rummy_double``: a player *goes rummy* by going out in a turn he began with
  all the cards he was dealt (no meld or lay-off earlier in the hand); the hand's points are
  doubled — what he collects, or under penalty scoring what the others add.
* R-H4 — at game end equal totals share the win.
* R-H5 — the hands are shown to everyone when a hand ends; the score sheet has a row per deal
  naming who went out and each player's deadwood.

The published game (Bicycle) is ``max_new_melds_per_turn=0 scoring=winner_collects
deadwood=all_cards two_player_winner_deals=on``. It is not a preset: with the stock-out rule
R-H1 most hands among random players end with nobody out and nothing scored, so a random
playout at five or six players runs past the conformance suite's 20,000 moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.draw_discard import HAND, TURN_OVER, DrawDiscardState, DrawPhase, Phase, PlayPhase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import RUMMY_VALUES, MeldRules, solver_for
from gamenight.families.rummy_rules import RummyRules

#: groups of three or four, sequences of three or more, ace low only
RULES = MeldRules(max_set=4)
VALUES = RUMMY_VALUES
PENALTY, WINNER_COLLECTS = "penalty", "winner_collects"
UNMELDED_ONLY, ALL_CARDS = "unmelded_only", "all_cards"
PASS = Move("pass")


def deal_size(players: int) -> int:
    """The seed's deal: ten cards each to two players, seven to three or four, six to five or six."""
    return 10 if players == 2 else 7 if players <= 4 else 6


def labels(cards: list[int]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


@dataclass(frozen=True, kw_only=True)
class RummyOptions(Options):
    #: the turn's meld limit (re-derived into the rummy rules), what counts at the end, going rummy's
    #: double and the stock's remakes: read as the game is played
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({
        "max_new_melds_per_turn", "deadwood", "rummy_double", "max_restocks"})
    max_new_melds_per_turn: int = option(
        1, "New melds a turn",
        "How many new melds a player may lay down in one turn: the book allows one; 0 allows any "
        "number (the published rules). Adding cards to melds on the table is never limited.",
        minimum=0, maximum=6)
    scoring: str = option(
        PENALTY, "Scoring",
        "Who scores the cards left in the hands when someone goes out.",
        choices={PENALTY: "The others add their leftover cards as penalty points; the lowest total wins "
                          "(the book)",
                 WINNER_COLLECTS: "The player who goes out scores everyone else's leftover cards "
                                  "(the published rules)"})
    deadwood: str = option(
        UNMELDED_ONLY, "Cards that count",
        "Which cards left in a hand count against it at the end.",
        choices={UNMELDED_ONLY: "Only cards that are in no meld of the hand (the book)",
                 ALL_CARDS: "Every card left in the hand (the published rules)"})
    penalty_limit: int = option(
        100, "Penalty limit", "With penalty scoring: the game ends when a player has this many penalty "
        "points or more at the end of a hand; the lowest total wins.", minimum=1, maximum=1_000)
    target: int = option(
        100, "Target score", "When the player who goes out scores: the first player to this many "
        "points wins.", minimum=1, maximum=1_000)
    rummy_double: bool = option(
        False, "Going rummy scores double",
        "Going out in one turn, without having melded or added to a meld earlier in the hand, doubles "
        "the hand's points (a published option).")
    two_player_winner_deals: bool = option(
        False, "Winner deals (two players)",
        "With two players the winner of a hand deals the next, instead of the deal alternating "
        "(the published rules); no effect with more players.")
    max_restocks: int = option(
        1, "Times the stock is remade",
        "How often a used-up stock is remade by turning the discard pile over; after that a player "
        "may take the top discard or pass, and passing ends the hand.", minimum=0, maximum=5)


# ---- the hand's score from its facts: the engine and the score pad both call these -------------


def match_rules(o: RummyOptions) -> MatchRules:
    """Penalty scoring: reaching the limit ends the game and the lowest total wins."""
    if o.scoring == PENALTY:
        return MatchRules(target=o.penalty_limit, lowest_wins=True)
    return MatchRules(target=o.target)


def hand_points(o: RummyOptions, out: int | None, dead: Sequence[int], rummy: bool) -> list[int]:
    """Each player's points for a hand: ``dead`` is each hand's deadwood count, ``out`` who went
    out (``None``: the stock ran out), ``rummy`` whether he went out in one turn (R-H3)."""
    factor = 2 if rummy and o.rummy_double else 1
    n = len(dead)
    if o.scoring == PENALTY:
        return [0 if s == out else dead[s] * factor for s in range(n)]
    points = [0] * n
    if out is not None:  # winner_collects; nobody scores when nobody went out (R-H1)
        points[out] = sum(dead) * factor
    return points


def hand_note(o: RummyOptions, out: int | None, rummy: bool) -> str:
    """What the sheet notes beside a hand: going rummy, a hand that scored nothing."""
    notes = []
    if rummy:
        notes.append("rummy: " + ("double points" if o.rummy_double else "in one turn"))
    if out is None and o.scoring == WINNER_COLLECTS:
        notes.append("nobody went out: nothing is scored")
    return "; ".join(notes)


class PassTheDiscard(OneMove["Rummy"]):
    """Pass the top discard when the stock is used up, which ends the hand (R-H1)."""

    def rule(self, s: Rummy, seat: int) -> str | None:
        if s.stock:
            return "You may pass only when the stock is used up: draw from the stock or take the top discard."
        return None

    def apply(self, s: Rummy, seat: int, move: Move) -> None:
        s.emit("pass", f"{s.names[seat]} passes the top discard.", seat=seat)
        s._end_on_empty_stock()

    def describe(self, s: Rummy, move: Move, viewer: int | None) -> str:
        return "Pass, which ends the hand"


class RummyDraw(DrawPhase):
    """The draw, and passing the top discard when the stock is used up (R-H1)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), PassTheDiscard(PASS)]


class RummyPlay(PlayPhase):
    wrong: ClassVar[dict[str, str]] = {
        **PlayPhase.wrong,
        "pass": "You have drawn: a turn ends with a discard, or by going out. Passing is only for a player "
                "facing a used-up stock."}


class Rummy(DrawDiscardState):
    FIELDS: tuple[Field, ...] = (
        Field("restocks_left", "Stock remakes left", Kind.NUMBER),
        Field("new_melds_left", "New melds left this turn", Kind.NUMBER),
        Field("deadwood_cards", "Your deadwood", Kind.PIECES, piece="card"),
        Field("deadwood_points", "Deadwood points", Kind.NUMBER),
    )
    RUMMY_RULES = RummyRules(restock=TURN_OVER)
    options: RummyOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.DRAW: RummyDraw(), Phase.PLAY: RummyPlay(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self._init_table(RULES, rummy=self._rummy_rules())
        # penalty scoring: reaching the limit ends the game and the lowest total wins
        self.match_rules = match_rules(o)
        self.hand_size = deal_size(self.num_players)
        self.start_size = self.hand_size  # cards held when the current turn began (R-H3)
        self._start_deal()

    def _rummy_rules(self) -> RummyRules:
        # the one-meld rule is an option
        return replace(self.RUMMY_RULES, max_melds_per_turn=self.options.max_new_melds_per_turn)

    def _start_deal(self) -> None:
        self.begin_deal()
        self.deal(self.hand_size)
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {self.hand_size} cards "
                          f"each; {C.LABEL_OF[self.discards[-1]]} starts the discard pile.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        # a turn begun with the whole dealt hand means nothing was melded or laid off before
        self.start_size = len(self.hands[seat])
        super().begin_turn(seat, draw=draw)

    # ---- the exhausted stock (R-H1, R-H2) ----------------------------------------------

    def _stock_ran_out(self) -> None:
        if self.restocks < self.options.max_restocks and len(self.discards) >= 2:
            self.restock(shuffle=False)
            self.knowledge.tell("stock", self.stock)  # everyone saw the pile turned over (R-H2)
        elif not self.discards:
            self._end_on_empty_stock()
        else:
            self.emit("stock", f"The stock is used up: {self.names[self.turn]} may take "
                               f"{C.LABEL_OF[self.discards[-1]]} or pass, which ends the hand.")

    def _end_on_empty_stock(self) -> None:
        self.emit("stock", "The stock is used up: the hand is over.")
        self.phase_name = Phase.NONE
        self._on_hand_over(None)

    def stock_known(self) -> bool:
        """A stock made by turning the discard pile over is known to everyone (R-H2)."""
        return self.restocks > 0

    def draw_card(self, seat: int) -> None:
        known = self.stock_known()
        super().draw_card(seat)
        if known:  # a card of the known stock is known in the drawer's hand
            c = self.hands[seat][-1]
            self.knowledge.forget("stock", (c,))
            self.knowledge.tell(HAND[seat], (c,))

    # ---- scoring -------------------------------------------------------------------------

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each hand's deadwood as
        if the hand ended now with nobody out — the penalty each would add, or under
        ``winner_collects`` the negative of what it would give the winner; a card one from a meld
        charged half (:func:`~gamenight.families.deal_estimates.drawing_deadwood`)."""
        dead = [drawing_deadwood(self.deadwood_cards(s), VALUES) for s in range(self.num_players)]
        return dead if self.options.scoring == PENALTY else [-d for d in dead]

    def deadwood_cards(self, seat: int) -> list[int]:
        """The cards that count against ``seat`` (4.2-5)."""
        hand = self.hands[seat]
        if self.options.deadwood == ALL_CARDS:
            return self.sorted_hand(hand)
        return self.sorted_hand(solver_for(RULES, VALUES).best(hand).deadwood)

    def went_rummy(self, out: int) -> bool:
        """R-H3: out in a turn begun with every card dealt."""
        return self.start_size == self.hand_size and self.turn == out

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        counted = [self.deadwood_cards(s) for s in range(n)]
        dead = [sum(VALUES[c] for c in cards) for cards in counted]
        rummy = out is not None and self.went_rummy(out)
        points = hand_points(self.options, out, dead, rummy)
        for s in range(n):
            if self.hands[s]:
                shown = labels(self.sorted_hand(self.hands[s]))
                self.emit("show", f"{self.names[s]} shows {shown}: {dead[s]} counted.", seat=s,
                          cards=C.codes(self.hands[s]))
        details = ["out" if s == out else f"{labels(counted[s]) or 'no deadwood'} = {dead[s]}"
                   for s in range(n)]
        how = f"{self.names[out]} goes out" if out is not None else "the stock ran out"
        label = f"{self.deal_name()}: {how}"
        self.sheet.add(label, points, details=details, note=hand_note(self.options, out, rummy))
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if not self.match_over(self.why_over):
            self.next_dealer(out)
            self._start_deal()

    def next_dealer(self, out: int | None) -> None:
        """4.2-7: the deal passes left (alternates with two); optionally the winner of two deals."""
        if self.num_players == 2 and self.options.two_player_winner_deals and out is not None:
            self.dealer = out
        else:
            self.pass_deal()

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        """Someone reached the limit (penalty: the lowest total wins) or the target."""
        top = max(totals)
        who = self.names[totals.index(top)]
        if self.options.scoring == PENALTY:
            return f"{who} reached {top} penalty points; the lowest total wins."
        return f"{who} reached {top} points."

    # ---- what a seat sees ---------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out["deal_size"] = self.hand_size
        out["restocks_left"] = self.options.max_restocks - self.restocks
        out["known_stock"] = C.codes(self.stock) if self.stock_known() else None
        limit = self.rummy.max_melds_per_turn
        out["new_melds_left"] = max(0, limit - self.melds_this_turn) if limit else None
        if seat is not None:
            counted = self.deadwood_cards(seat)
            points = sum(VALUES[c] for c in counted)
            out["deadwood"] = {"cards": C.codes(counted), "points": points}
            out["deadwood_cards"], out["deadwood_points"] = out["deadwood"]["cards"], points
        return out


SPEC: GameSpec = register(GameSpec(
    id="rummy",
    title="Rummy",
    family="rummy",
    players=(2, 3, 4, 5, 6),
    default_players=4,
    options_cls=RummyOptions,
    state_cls=Rummy,
    summary="Draw, meld one set or sequence a turn, lay off on any meld and discard; go out first, "
            "and the cards left in the other hands count against them.",
    rules=__doc__ or "",
))

__all__ = ["PASS", "RULES", "SPEC", "VALUES", "Rummy", "RummyOptions", "deal_size", "hand_note",
           "hand_points", "match_rules"]

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
* **Irregularities**, where a game penalises them (``penalise``, set by the game; otherwise
  refused as always): ``short 9C`` ends the turn below the minimum (the provisional books come
  back to the hand, ``CARD_TAKEN_BACK`` a card, the side's minimum raised by ``SHORT_MELD_RAISE``
  in ``raised``), ``misplay KC 2C 2D`` lays a meld the rules refuse and takes it back
  (``CARD_TAKEN_BACK`` a card); the charges add up in ``penalties`` for the game's scoring (a
  red three kept in hand: ``RED_THREE_KEPT``). Typed only, never listed (:class:`.kinds.Irregular`,
  accepted in ``_resolve``), so bots, searches and playouts keep the legal moves they had.
* **The exhausted stock**: when a turn starts with too few cards in the stock for a draw, the
  hand ends (``stock_out="end"``), or play goes on while each player must and can take the
  pile (``"play_on"``, classic canasta).

**Classic canasta's switches** (``TurnRules``; the defaults keep Hand and Foot's rules): ``foot``
off (the dealt hand is the last packet); ``classic_freeze`` (:func:`frozen_reason`: the pile frozen
against a side that has not melded and for everyone while it holds a wild card or a red three,
thawed when taken; a frozen pile only with a natural pair, an unfrozen one also with a natural
and a wild card or onto the side's meld: ``pickup`` naming no card); ``one_card_rule``;
``concealed_exempt`` (a concealed going out needs no minimum unless the pile was taken; the
kernel records ``concealed_out`` for the bonus either way); ``last_red_three`` (``may_meld``: meld,
no discard, ``end``; ``ends``); ``forced_take`` (after the stock, the pile must be taken only when
unfrozen and its top card fits the side's meld, else ``draw`` declines and ends the hand); and
``BookRules.clean_closes`` off (melds grow on past seven; a wild card on a natural canasta makes it
mixed). Pure helpers for the games and bots: :func:`band_minimum` (the minimum by score bands),
:func:`red_three_points` (each, a table such as 800 for all four, negative without a meld),
:func:`pile_blocked`. The view's ``pile_state`` says whether the pile is frozen and why.

**The variations' switches** (Joker Canasta, Mexicana; the defaults keep the games above):
``always_frozen`` (only a natural pair ever takes the pile), ``stop_rank`` (a natural rank that
blocks the pile while on top: Mexicana's sevens), ``black_threes="laid_out"`` (black threes laid
out and replaced like red ones, into the same row; the game scores them by colour). Without a
foot the last card discarded is going out, so a pickup below the minimum is offered only when
the hand can reach it and still keep two cards (the pile's waiting cards count), or go out.

The package, by concern: :mod:`.rules` (the switches, the card classes, and the pure rule
functions the bots share), :mod:`.base` (the phases and the state's fields), :mod:`.threes`,
:mod:`.opening` (provisional books, ``retract``), :mod:`.going_out` (the foot, asking partner),
:mod:`.pile`, :mod:`.melds`, :mod:`.view`, :mod:`.kinds` (each kind of move: its candidates, its
rule, its words) and :mod:`.turn` (the phases, the draw and the discard, and
:class:`CanastaState`). Phases are :class:`Phase` values, each with one :class:`PhaseHandler`
(the core's shape, :mod:`gamenight.core.phases`; re-exported here with :class:`MoveKind`); a game
adds its own by extending ``CanastaState.phases``.

Zones (``zones()``, listed once; conservation, the view's ``layout`` and sampling follow from
them): each hand (its owner's), each foot (nobody's until picked up, its owner's too: it lies face
down), the stock pile(s), the discard pile (public), and each team's books and red threes (public,
grouped by team). Cards taken from the pile are known to everyone (``State.knowledge``) until they
leave the hand, one for one. So ``sample`` redeals every hand but the seat's own (keeping the known
cards), every foot not yet picked up and the stock.
"""

from __future__ import annotations

from gamenight.core.phases import MoveKind, PhaseHandler
from gamenight.families.canasta_turn.base import CanastaBase, Phase
from gamenight.families.canasta_turn.going_out import ASK, NO, YES
from gamenight.families.canasta_turn.opening import CARD_TAKEN_BACK, RED_THREE_KEPT, RETRACT, SHORT_MELD_RAISE
from gamenight.families.canasta_turn.rules import (
    BONUS,
    DEAD,
    DISCARD_ONLY,
    END,
    ENDS,
    FROZEN_ALWAYS,
    FROZEN_RED3,
    FROZEN_SIDE,
    FROZEN_WILD,
    GROUP_OUT,
    LAID_OUT,
    MAY_MELD,
    MIN_SCORE,
    OFF,
    OPTIONAL,
    PLAY_ON,
    REQUIRED,
    SIX_DISCARD,
    AskRule,
    BlackThreeRule,
    LastRedThreeRule,
    RedThreeRule,
    StockOutRule,
    TurnRules,
    band_minimum,
    best_keeping,
    card_values,
    everyone_in_foot,
    frozen_reason,
    hand_can_finish,
    held_cost,
    is_black_three,
    is_red_three,
    is_wild,
    permission,
    pile_blocked,
    pile_take,
    rules_json,
    turn_rules_from_json,
)
from gamenight.families.canasta_turn.threes import red_three_points
from gamenight.families.canasta_turn.turn import DRAW, END_HAND, CanastaState, TurnPhase

DRAW_PHASE, PLAY_PHASE, ANSWER_PHASE, CHOOSE_PHASE, OVER = (Phase.DRAW, Phase.PLAY, Phase.ANSWER,
                                                           Phase.CHOOSE, Phase.OVER)

__all__ = [
    "ANSWER_PHASE",
    "ASK",
    "BONUS",
    "CARD_TAKEN_BACK",
    "CHOOSE_PHASE",
    "DEAD",
    "DISCARD_ONLY",
    "DRAW",
    "DRAW_PHASE",
    "END",
    "ENDS",
    "END_HAND",
    "FROZEN_ALWAYS",
    "FROZEN_RED3",
    "FROZEN_SIDE",
    "FROZEN_WILD",
    "GROUP_OUT",
    "LAID_OUT",
    "MAY_MELD",
    "MIN_SCORE",
    "NO",
    "OFF",
    "OPTIONAL",
    "OVER",
    "PLAY_ON",
    "PLAY_PHASE",
    "RED_THREE_KEPT",
    "REQUIRED",
    "RETRACT",
    "SHORT_MELD_RAISE",
    "SIX_DISCARD",
    "YES",
    "AskRule",
    "BlackThreeRule",
    "CanastaBase",
    "CanastaState",
    "LastRedThreeRule",
    "MoveKind",
    "Phase",
    "PhaseHandler",
    "RedThreeRule",
    "StockOutRule",
    "TurnPhase",
    "TurnRules",
    "band_minimum",
    "best_keeping",
    "card_values",
    "everyone_in_foot",
    "frozen_reason",
    "hand_can_finish",
    "held_cost",
    "is_black_three",
    "is_red_three",
    "is_wild",
    "permission",
    "pile_blocked",
    "pile_take",
    "red_three_points",
    "rules_json",
    "turn_rules_from_json",
]

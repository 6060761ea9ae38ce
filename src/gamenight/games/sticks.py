"""Sticks — the family book's Sticks (seed 000, p.19), completed from
``shared/rules/metzker-book.md`` §18 (code ST).

Any number of players from two to twelve, each for himself. Three 54-card decks (jokers in) for
up to six players, four for seven or more. Twos and jokers are wild. Each player is dealt 15
cards; the next card turned up starts the discard pile; the player left of the dealer begins and
the deal passes to the left.

**Sticks.** A *stick* is a secret requirement drawn from the *pot*, a shuffled pile of the
catalogue's sticks. Before each deal every player without a face-down stick draws one and looks
at it alone. A FREE stick is turned face up at once — it counts as completed — and the player
draws again, except that a FREE drawn as a player's last stick (the seventh, with the default
target) does not count: it goes back and he draws again (G-ST-3).

**A turn.** Draw from the stock (``draw``) or take the top discard (``take 7H``). While your stick
is face down you may lay down *exactly* the cards it asks for — group by group in one turn, each
group exactly its stated length (``meld 8C 8H 2S set``) — which turns the stick face up; nothing
else is laid that turn. On later turns (your stick face up) you may lay new sets and runs of
three or more, lay off on anyone's melds (``layoff 3 9D``), and take a wild card out of anyone's
*set* by putting a natural of the set's rank in its place (``swap 3 JD JK``) — the wild must then be
laid this same turn. Every turn ends with a discard, going out too: the deal ends when a player
has played all his cards. A set is three or more cards of a rank; a run three or more
consecutive cards of a suit, the ace high or low but never both (no K-A-2). Every group holds at
least one natural card, except a stick that asks for wild cards (``W5``: five wild cards laid
as one group).

**Between deals.** A stick still face down is kept for the next deal; a player who completed his
draws a new one then. The first player to turn his seventh stick face up wins at once (option
``target``); the score sheet counts each player's completed sticks deal by deal.

Options
-------
* ``target`` (7): completed sticks to win.
* ``trade_in`` (off): a player who has held his face-down stick through a whole deal may, on his
  first turn of the next deal (after seeing his new cards, before drawing), return it to the pot
  and draw another (``trade``). The pot is reshuffled with it (G-ST-7).
* ``no_playable_discards`` (off): once his stick is face up a player may not discard a card he
  could lay off on a meld on the table — wild cards included (G-ST-4) — unless every card he
  holds could be (a turn must be able to end with a discard).
* ``catalogue``: the sticks of the pot, separated by commas or new lines (``#`` starts a
  comment). Notation: ``S3`` a set of three, ``R4`` a run of four, ``[♥]`` (or ``[H]``) a suit,
  ``[K]`` a rank, ``[10-A]`` a run's fixed span, ``W5`` five wild cards as one group, ``+`` joins
  groups, ``FREE`` a free stick. A stick the notation cannot read is refused naming it.

The default catalogue (G-ST-1; 44 sticks, four of them FREE):

{catalogue}

Decisions where the book is silent (the gap ids of §18)
-------------------------------------------------------
* G-ST-1 — the catalogue above, editable through the option.
* G-ST-2 — a stick's lengths are exact when it is laid: laying four queens for ``S3`` is refused;
  the fourth queen may be laid off on a later turn (T-ST-3). The notation always states a length.
* G-ST-3 — "a free stick drawn on the 7th round" means drawn as the player's 7th (the target-th)
  stick: it is returned and another drawn.
* G-ST-4 — wild cards may be discarded, unless ``no_playable_discards`` is on.
* G-ST-5 — laying the stick is never compulsory.
* G-ST-6 — a wild taken from a set may be replaced by a natural of any suit.
* G-ST-7 — completed sticks stay with the player; traded-in sticks go back to the pot, which is
  reshuffled. House decision: when the pot is empty and a player must draw, a fresh set of the
  catalogue's sticks is shuffled into a new pot (a stick is a requirement, not a counted piece).
* G-ST-8 — the first player to turn his last stick face up wins; the game stops there, mid-deal.
* G-ST-9 — the exhausted stock: the discard pile but its top card is shuffled into a new stock
  (GEN-10); a discard pile too small for that ends the deal with no one out.
* House decisions of this module: two to twelve players (four decks hold twelve hands of 15
  with a stock to spare); the first dealer is random; a wild card may be swapped out of any
  set, your own included; the card taken from the discard pile may not be discarded again that
  turn; laying off comes only after your stick is face up, and never on the turn you lay it; the
  wild cards of a ``W`` stick lie as a closed group: nothing is laid off on it and no wild card is
  taken from it (they stand for no rank).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import ContractState
from gamenight.families.contracts import Catalogue, Contract, ContractError
from gamenight.families.draw_discard import DrawDiscardState, DrawPhase, Phase
from gamenight.families.melds import ACE_EITHER, MeldRules
from gamenight.families.rummy_rules import RummyRules

HAND_SIZE = 15
TARGET = 7
#: the longest catalogue text an option takes (a pasted page is refused, not parsed)
MAX_CATALOGUE_TEXT = 4_000
MAX_STICKS = 200

#: the book's default catalogue (G-ST-1), in the order of the spec's table
DEFAULT_STICKS: tuple[str, ...] = (
    "S3+S3", "S3+S3+S3", "S3+S3+S3+S3", "S4+S3", "S4+S4", "S5", "S5+S5", "S6", "S7", "S4[K]",
    "S3[A]+S3[Q]", "S4[5]+S4[6]", "R3+R3", "R3+R3+R3", "R3+R3+R3+R3", "R4+R3", "R4+R4", "R4+R4+R4",
    "R5+R5", "R6", "R7", "R8", "R9", "R5[♥]", "R4[♠]+R4[♣]", "R5[10-A]", "R3[Q-A]", "R3+S3", "R4+S3",
    "R4+S3+S3", "R5+S3", "R5+S4", "R6+S3", "R7+S3", "R3+R3+S4", "R4+S5", "R3[♦]+S3[9]",
    "R5[♣]+S3[8]", "W5", "R4[♥]+R4[♦]", "FREE", "FREE", "FREE", "FREE",
)
DEFAULT_CATALOGUE = ", ".join(DEFAULT_STICKS)

#: twos and jokers wild; sets and runs of three or more, the ace high or low; a natural in each
RULES = MeldRules(ace=ACE_EITHER, wild_ranks=frozenset({C.RANKS.index("2")}))

TRADE = Move("trade")


def short_text(stick: Contract) -> str:
    """The notation for the table, brackets made round: ``R5(♥)``, ``S4(K)+S3``."""
    return stick.text.replace("[", "(").replace("]", ")")


# ---- a deal's row from its facts: the engine and the score pad both call these ----------------

def deal_points(done: Sequence[Sequence[str]]) -> list[int]:
    """The sticks each player completed this deal (``done``: their words, FREE ones included)."""
    return [len(d) for d in done]


def deal_details(done: Sequence[Sequence[str]]) -> list[str]:
    return ["; ".join(d) for d in done]


def deal_end(out: str | None, *, cut_short: bool) -> tuple[str, str]:
    """How a deal ended, for the row's label, and its note: a last stick turned up ends the game
    mid-hand; otherwise someone (``out``, a name) went out, or the stock ran out."""
    if cut_short:
        return "a last stick turned up", "the game ended mid-hand"
    if out is None:
        return "nobody went out", "the stock ran out"
    return f"{out} goes out", ""


def decks_for(players: int) -> int:
    """Three decks with jokers up to six players, four from seven (the spec's deal)."""
    return 3 if players <= 6 else 4


def parse_catalogue(text: str) -> tuple[Contract, ...]:
    """The sticks of a catalogue text: separated by commas, semicolons or new lines, ``#`` to the
    end of a line a comment. Raises :class:`OptionError` naming the stick it cannot read."""
    if len(text) > MAX_CATALOGUE_TEXT:
        raise OptionError(f"The stick catalogue is at most {MAX_CATALOGUE_TEXT} characters long.")
    sticks: list[Contract] = []
    for number, entry in enumerate(Catalogue.split(text), start=1):
        try:
            stick = Contract.parse(entry, exact=True)
        except ContractError as err:
            raise OptionError(f"Stick {number} of the catalogue, {entry!r}, cannot be read: {err}") from None
        problem = stick_problem(stick)
        if problem:
            raise OptionError(f"Stick {number} of the catalogue, {entry!r}: {problem}")
        sticks.append(stick)
    if len(sticks) > MAX_STICKS:
        raise OptionError(f"The stick catalogue holds at most {MAX_STICKS} sticks.")
    if not any(not s.free for s in sticks):
        raise OptionError("The stick catalogue needs at least one stick that is not FREE.")
    return tuple(sticks)


def stick_problem(stick: Contract) -> str:
    """Why a stick cannot be played with these cards, or ``""``: its cards must leave one of the
    sixteen a player holds after drawing, for the discard that ends every turn."""
    if not stick.free and stick.size > HAND_SIZE:
        return (f"it needs {stick.size} cards, and a player never holds more than {HAND_SIZE} besides "
                "his discard.")
    return ""


@dataclass(frozen=True, kw_only=True)
class SticksOptions(Options):
    target: int = option(
        TARGET, "Sticks to win",
        "The first player to complete this many sticks wins at once.", minimum=1, maximum=20)
    trade_in: bool = option(
        False, "Trading in a stick",
        "A player who has held his stick face down through a whole deal may, on his first turn of the "
        "next deal, before drawing, give it back and draw another.")
    no_playable_discards: bool = option(
        False, "No playable discards",
        "Once his stick is face up, a player may not discard a card he could add to a meld on the "
        "table, wild cards included, unless every card he holds could be.")
    catalogue: str = option(
        DEFAULT_CATALOGUE, "The sticks",
        "The sticks in the pot, separated by commas. S3 is a set of three, R4 a run of four; a suit "
        "or rank in brackets fixes it, as R5[♥] or S4[K]; R5[10-A] is the run ten to ace; W5 is five "
        "wild cards; a plus sign joins groups; FREE is a free stick.")

    def check(self, players: int) -> None:
        try:
            parse_catalogue(self.catalogue)
        except OptionError as err:
            raise OptionError(f"Option 'catalogue': {err}") from None


class TradeStickIn(OneMove["Sticks"]):
    """Trade the face-down stick in for another, on the first turn of a deal (option)."""

    def rule(self, s: Sticks, seat: int) -> str | None:
        if not s.options.trade_in:
            return "Sticks are not traded in at this table."
        if not s.first_turn[seat]:
            return "A stick is traded in only on your first turn of a hand, before you draw."
        if not s.may_trade(seat):
            return "You may trade in only a stick you have held face down through a whole hand."
        return None

    def apply(self, s: Sticks, seat: int, move: Move) -> None:
        s._trade(seat)

    def describe(self, s: Sticks, move: Move, viewer: int | None) -> str:
        return "Trade your stick in for another"


class SticksDraw(DrawPhase):
    """The draw, and trading the stick in on a player's first turn of a deal (option)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), TradeStickIn(TRADE)]


class Sticks(ContractState):
    FIELDS: tuple[Field, ...] = (
        Field("my_contract", "Your stick", Kind.TEXT, head=True),
        Field("contracts", ""),  # a stick is seen face up in the list of completed ones
        Field("sticks_done", "Sticks", Kind.NUMBER, per_seat=True),
        Field("made", "Laid", Kind.FLAG, per_seat=True),  # his stick is face up this hand
        Field("target", "Sticks to win", Kind.NUMBER),
        Field("completed_list", "Completed sticks", Kind.TEXT, minor=True),
        Field("pot_size", "Sticks in the pot", Kind.NUMBER, minor=True),
    )
    DEAL_WORD = "hand"
    EXTRA_WITH_CONTRACT = False
    NEW_MELDS_AFTER_CONTRACT = True
    RUMMY_RULES = RummyRules(out_without_discard=False, discard_taken=False)
    SWAP_WILDS = "sets"
    SWAP_ON = "any"
    options: SticksOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {**ContractState.phases, Phase.DRAW: SticksDraw()}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.catalogue = parse_catalogue(o.catalogue)
        #: the catalogue as every view prints it (a tuple: views share it, nobody changes it)
        self.catalogue_texts = tuple(c.text for c in self.catalogue)
        self.decks = decks_for(self.num_players)
        self._init_table(RULES)
        self._init_contracts()
        n = self.num_players
        #: the pot, its top last; sticks are indices into the catalogue
        self.pot: list[int] = self._fresh_pot()
        #: each player's face-down stick (None: he has none) and the deal he drew it in
        self.face_down: list[int | None] = [None] * n
        self.drawn_in: list[int] = [0] * n
        #: each player's completed sticks, in the order completed
        self.completed: list[list[int]] = [[] for _ in range(n)]
        self.completed_before: list[int] = [0] * n  # completed when this deal began (the sheet)
        self.first_turn: list[bool] = [False] * n  # his first turn of this deal is still to come
        self._start_deal()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, jokers=2 * self.decks)

    # ---- the pot ---------------------------------------------------------------------------

    def _fresh_pot(self) -> list[int]:
        pot = list(range(len(self.catalogue)))
        self.rng.shuffle(pot)
        return pot

    def _take_from_pot(self) -> int:
        if not self.pot:
            self.pot = self._fresh_pot()
            self.emit("pot", "The pot is empty: a fresh set of sticks is shuffled into it.")
        return self.pot.pop()

    def words(self, stick: int) -> str:
        """A stick in players' words: ``two sets of exactly three``."""
        return self.catalogue[stick].describe()

    def is_free(self, stick: int) -> bool:
        return self.catalogue[stick].free

    def draw_stick(self, seat: int) -> None:
        """``seat`` draws sticks until one is face down: FREE sticks turn up and count, except a
        FREE drawn as his last stick, which goes back (G-ST-3)."""
        returned: list[int] = []
        name = self.names[seat]
        while True:
            stick = self._take_from_pot()
            if not self.is_free(stick):
                break
            if len(self.completed[seat]) + 1 >= self.options.target:
                returned.append(stick)
                self.emit("free_returned", f"{name} draws a FREE stick as his last: it does not count, "
                                           "it goes back and he draws again.", seat=seat)
                if all(self.is_free(p) for p in self.pot):  # only FREE sticks left: no draw can end
                    self.pot.extend(p for p in self._fresh_pot() if not self.is_free(p))
                continue
            self.completed[seat].append(stick)
            self.emit("free", f"{name} draws a FREE stick: it is turned face up and counts "
                              f"({len(self.completed[seat])} completed); he draws again.", seat=seat)
        if returned:
            self.pot.extend(returned)
            self.rng.shuffle(self.pot)
        self.face_down[seat] = stick
        self.drawn_in[seat] = self.deal_no
        self.emit("stick", f"{name} draws a stick and keeps it face down.", seat=seat)
        self.emit("my_stick", f"Your stick: {self.words(stick)}.", seat=seat, to=seat,
                  stick=self.catalogue[stick].text)

    # ---- deals -----------------------------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        self.completed_before = [len(c) for c in self.completed]
        for seat in self.seats_from(self.left_of_dealer()):
            if self.face_down[seat] is None:
                self.draw_stick(seat)
        self.first_turn = [True] * self.num_players
        self.deal(HAND_SIZE)
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards each; "
                          f"{C.LABEL_OF[self.discards[-1]]} starts the discard pile.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    def contract_of(self, seat: int) -> Contract:
        stick = self.face_down[seat]
        if stick is None:  # his stick is face up: the contract is made for this deal
            return self.catalogue[self.completed[seat][-1]]
        return self.catalogue[stick]

    def contract_text(self, seat: int) -> str:
        """``Two sets of exactly three`` (the notation's brackets are for the catalogue, not the
        table), or the stick turned face up this hand."""
        stick = self.contract_of(seat)
        words = stick.describe()
        words = words[0].upper() + words[1:]
        return f"{words} (face up)" if self.face_down[seat] is None else words

    def contract_visible(self, seat: int, viewer: int | None) -> bool:
        """Another player's stick is seen only once it is face up."""
        return seat == viewer or self.face_down[seat] is None

    def _contract_made(self, seat: int) -> None:
        stick = self.face_down[seat]
        assert stick is not None
        self.face_down[seat] = None
        self.completed[seat].append(stick)
        done = len(self.completed[seat])
        self.emit("stick_up", f"{self.names[seat]} turns his stick face up: {self.words(stick)} "
                              f"({done} completed).", seat=seat, stick=self.catalogue[stick].text)
        if done >= self.options.target:
            self._score_deal(None, cut_short=True)

    # ---- trading a stick in (option) --------------------------------------------------------

    def may_trade(self, seat: int) -> bool:
        """On his first turn of a deal, a player who held his face-down stick through the last deal."""
        return (self.options.trade_in and self.first_turn[seat] and self.face_down[seat] is not None
                and self.drawn_in[seat] < self.deal_no)

    def _trade(self, seat: int) -> None:
        old = self.face_down[seat]
        assert old is not None
        self.face_down[seat] = None
        self.first_turn[seat] = False
        self.pot.append(old)
        self.rng.shuffle(self.pot)
        self.emit("trade", f"{self.names[seat]} trades his stick in: it goes back to the pot, which is "
                           "shuffled.", seat=seat)
        self.draw_stick(seat)

    def draw_card(self, seat: int) -> None:
        self.first_turn[seat] = False
        super().draw_card(seat)

    def take_discard(self, seat: int) -> None:
        self.first_turn[seat] = False
        super().take_discard(seat)

    # ---- no playable discards (option) ------------------------------------------------------

    def playable(self, c: int) -> bool:
        """Whether ``c`` could be laid off on some meld on the table."""
        return any(self.meld_rules.lay_offs(m, c) for m in self.melds if not m.all_wild)

    def _discardable(self, c: int, hand: Sequence[int], freed: Sequence[int] | None = None) -> bool:
        """The kernel's rule (never a wild taken back, nor the card taken from the pile); with no
        playable discards, not a card that lays off once the stick is up, unless every card would."""
        if not super()._discardable(c, hand, freed):
            return False
        if not self.options.no_playable_discards or not self.made[self.turn] or not self.playable(c):
            return True
        base = ContractState._discardable
        return all(self.playable(h) for h in hand if base(self, h, hand, freed))

    def _discard_rule(self, seat: int, c: int) -> str | None:
        hand = self.hands[seat]
        if ContractState._discardable(self, c, hand) and not self._discardable(c, hand):
            return (f"{C.LABEL_OF[c]} could be added to a meld on the table: at this table such a card "
                    "may not be discarded.")
        return super()._discard_rule(seat, c)

    # ---- the end of a deal and of the game ------------------------------------------------

    def _on_hand_over(self, out: int | None) -> None:
        self._score_deal(out)

    def seat_points(self, seat: int, laid: Sequence[int], held: Sequence[int], made: bool) -> float:
        """A deal counts the sticks the player completed in it (``deal_points``), his face-down
        stick among them where ``made`` has it laid."""
        done = [self.words(k) for k in self.completed[seat][self.completed_before[seat]:]]
        stick = self.face_down[seat]
        if made and stick is not None:
            done.append(self.words(stick))
        return deal_points([done])[0]

    def _score_deal(self, out: int | None, *, cut_short: bool = False) -> None:
        """The sheet's row: the sticks each player completed this deal; then the next deal or the end."""
        n = self.num_players
        done = [[self.words(k) for k in self.completed[s][self.completed_before[s]:]] for s in range(n)]
        points, details = deal_points(done), deal_details(done)
        how, note = deal_end(None if out is None else self.names[out], cut_short=cut_short)
        label = f"{self.deal_name()}: {how}"
        self.sheet.add(label, points, details=details, note=note)
        self.phase_name = Phase.NONE
        self.emit("score", f"{label}: " + ", ".join(f"{self.names[s]} {len(self.completed[s])} completed"
                                                     for s in range(n)) + ".")
        if cut_short:
            self._first_to_target()
        else:
            self.pass_deal()
            self._start_deal()

    def _first_to_target(self) -> None:
        """G-ST-8: the player who has just turned up his last stick wins; the game stops."""
        done = [len(c) for c in self.completed]
        winner = self.turn
        self.finish(done, [winner], f"{self.names[winner]} is the first to complete {self.options.target} "
                                    "sticks.")

    # ---- what a seat sees -------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        out.update(self._contract_view(seat))
        mine = self.face_down[seat] if seat is not None else None
        out.update({
            "target": self.options.target,
            "decks": self.decks,
            "catalogue": list(self.catalogue_texts),
            "my_stick_text": self.catalogue[mine].text if mine is not None else None,
            "sticks_done": [len(c) for c in self.completed],
            "sticks_shown": [[self.words(k) for k in c] for c in self.completed],
            "stick_hidden": [s is not None for s in self.face_down],
            "completed_list": [f"{self.names[s]}: " + ", ".join(short_text(self.catalogue[k]) for k in c)
                               for s, c in enumerate(self.completed) if c],
            "pot_size": len(self.pot),
            "may_trade": self.may_trade(seat) if seat is not None else False,
        })
        return out

    # ---- sampling: the hidden sticks ----------------------------------------------------------

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """The cards from the zones; and the sticks ``seat`` cannot see (the pot and the others'
        face-down sticks) shuffled among those places: a face-down stick is never FREE."""
        super()._redeal_hidden(seat, rng)
        slots = [s for s in range(self.num_players) if s != seat and self.face_down[s] is not None]
        pool = list(self.pot) + [k for s in slots if (k := self.face_down[s]) is not None]
        rng.shuffle(pool)
        for s in slots:
            pick = next(i for i, k in enumerate(pool) if not self.is_free(k))
            self.face_down[s] = pool.pop(pick)
        self.pot = pool


def _catalogue_table() -> str:
    """The default catalogue, numbered, four sticks a line (for ``gamenight rules``)."""
    rows = []
    for row in range(0, len(DEFAULT_STICKS), 4):
        cells = range(row, min(row + 4, len(DEFAULT_STICKS)))
        rows.append("    " + "  ".join(f"{i + 1:>2}. {DEFAULT_STICKS[i]:<12}" for i in cells))
    return "\n".join(rows)


__doc__ = (__doc__ or "").replace("{catalogue}", _catalogue_table())

SPEC: GameSpec = register(GameSpec(
    id="sticks",
    title="Sticks",
    family="rummy",
    players=tuple(range(2, 13)),
    default_players=4,
    options_cls=SticksOptions,
    state_cls=Sticks,
    summary="Draw a secret stick, lay exactly the melds it asks for to turn it face up, then shed your "
            "cards on anyone's melds; the first to complete seven sticks wins.",
    rules=__doc__ or "",
    tested_players=(2, 4, 7),
))

__all__ = ["DEFAULT_CATALOGUE", "DEFAULT_STICKS", "RULES", "SPEC", "Sticks", "SticksOptions", "deal_details",
           "deal_end", "deal_points", "decks_for", "parse_catalogue"]

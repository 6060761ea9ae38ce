"""Thirty One — the family rule book (seed 000, p.20), with ``shared/rules/metzker-book.md`` §19.

Two to fifteen players, one 52-card deck without jokers, played for quarters. Each player starts
with three quarters — his lives — and antes a fourth into the pot. The dealer deals three cards face
down to each player still in the game and turns the next card up to start the discard pile.

A turn: draw the top card of the stock (``draw``) or take the top discard (``take 7H``), then
discard one card (``discard 9C``), never the card just taken from the pile. A hand counts the best
sum of its cards of one suit — ace 11, king, queen, jack and ten 10, the others their face value —
so K♥ Q♥ A♥ is 31 and 10♠ 9♠ 5♦ is 19; three cards of one rank count 30½. The score is kept in
half points (doubled whole numbers), written "30½".

* **31** ends the round at once: a player whose discard leaves him 31 — or who was dealt 31, at
  the start of his turn — shows it, and nobody gets another turn.
* **Knocking**: a player who thinks he is high knocks (``knock 9C``: he knocks and discards 9♣),
  after drawing and before discarding as the book says; every other player gets exactly one more
  turn, then the hands are shown. Only one knock a round; a knock on one's first turn is allowed.
* **Lives**: at the showdown the lowest hand loses a life; players tied for lowest all lose one; a
  knocker who is lowest (tied included) loses two. A life lost is a quarter into the pot. A player
  with no quarters left plays "on his face": the next life he loses puts him out of the game. The
  last player standing takes the pot.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §19):

* G-T31-1 — on a 31 the lowest hand(s) lose a life, as at any showdown (the book's general rule);
  option ``on_31`` "everyone else" makes every player not holding 31 lose one.
* G-T31-2 — a knocker tied for lowest loses two lives. The knocker's double counts at every
  showdown after his knock, a 31 shown in the last lap included (if he is among the lowest).
* G-T31-3 — the knock is made after drawing and before discarding (``knock 9C``); option
  ``knock_timing`` "instead of drawing" (the usual published rule): ``knock`` is the whole turn,
  with no draw and no discard.
* G-T31-4 — a dealt 31 is shown automatically at the start of its holder's turn (at once for the
  first player); nothing is gained by hiding it.
* G-T31-5 — when the stock runs out the discard pile but its top card is shuffled into a new stock
  (GEN-10); if even that is impossible the hands are shown as after a knock, nobody knocking.
* G-T31-6 — if every player still in is put out in the same round, those who lost the fewest lives
  that round stay in (on their face); if several do, they play on.
* G-T31-7 — a knock on one's first turn is allowed.
* Players out of the game are dealt no cards (the book's "accidentally dealt back in" is a joke).
  The deal passes to the next player still in. A player's "lives" are his quarters plus, with
  option ``on_face`` (the book's "one round on your face"), the one he plays on his face.
* Options: ``lives`` (quarters each besides the ante, 3), ``quarter`` (the stake of a life, 25¢),
  ``on_face`` (on), ``knock_timing`` and ``on_31``. Preset ``standard``: the published rules —
  knocking instead of drawing, and everyone but the 31 loses a life.
* The turn is the rummy kernel's (``families/draw_discard.py``) with its melds switched off: its
  draw, take and discard, the card taken kept known in the taker's hand, the restock; the game adds
  the knock as a kind of move of the draw (``instead_of_draw``) or of the discard (``after_draw``),
  31 and the last lap after a knock (``_next_turn``), and the showdown.
* Money is kept in cents through the stakes ledger (GEN-11): every quarter paid is a line with its
  reason; the score sheet is the money sheet, a row per round; the outcome names who took the pot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler
from gamenight.core.registry import GameSpec, register
from gamenight.core.scoring import CENTS, money
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import DRAW, DrawDiscardState, DrawPhase, Phase, PlayPhase
from gamenight.families.melds import MeldRules
from gamenight.families.rummy_kinds import Discard, DrawFromStock, TakeDiscard
from gamenight.families.rummy_rules import RummyRules
from gamenight.families.stakes import Ledger, Stakes

HAND_SIZE = 3
AFTER_DRAW, INSTEAD_OF_DRAW = "after_draw", "instead_of_draw"
LOWEST_LOSES, ALL_OTHERS_LOSE = "lowest_loses", "all_others_lose"

#: each card's count, doubled (half points as whole numbers): ace 11, ten to king 10, else face value
VALUE2: tuple[int, ...] = tuple(
    22 if C.RANK_OF[c] == C.ACE else 20 if C.RANK_OF[c] >= C.TEN else 2 * (C.RANK_OF[c] + 2)
    for c in range(52))
#: 31, three of a kind (30½), doubled
THIRTY_ONE2, TRIPS2 = 62, 61

#: interned moves
KNOCK_ALONE = Move("knock")
KNOCK: list[Move] = [Move("knock", C.CARD_ARG[c]) for c in range(52)]
#: melds play no part: the rummy kernel's turn with its meld switches off
NO_MELDS = MeldRules()


def hand_value2(cards: Sequence[int]) -> int:
    """A three-card hand's count, doubled (T-T31-1..4): three of a kind 30½, else the best sum of
    one suit. An ace counts 11 — "11 or 1" never changes the best sum."""
    if len(cards) == 3 and C.RANK_OF[cards[0]] == C.RANK_OF[cards[1]] == C.RANK_OF[cards[2]]:
        return TRIPS2
    by_suit = [0, 0, 0, 0]
    for c in cards:
        by_suit[C.SUIT_OF[c]] += VALUE2[c]
    return max(by_suit)


def best_value2(cards: Sequence[int]) -> int:
    """The best three-card count among ``cards`` (a hand of four after drawing: the best discard)."""
    if len(cards) <= HAND_SIZE:
        return hand_value2(cards)
    return max(hand_value2([c for j, c in enumerate(cards) if j != i]) for i in range(len(cards)))


def half_text(value2: int) -> str:
    """A doubled count as players write it: 61 → "30½"."""
    return f"{value2 // 2}½" if value2 % 2 else str(value2 // 2)


def lives_word(n: int) -> str:
    return f"{n} li{'fe' if n == 1 else 'ves'}"


@dataclass(frozen=True, kw_only=True)
class ThirtyOneOptions(Options):
    knock_timing: str = option(
        AFTER_DRAW, "Knocking",
        "When in his turn a player may knock (then every other player has one more turn).",
        choices={AFTER_DRAW: "After drawing and before discarding: he knocks as he discards (the book)",
                 INSTEAD_OF_DRAW: "Instead of drawing: knocking is his whole turn (the usual rule)"})
    on_31: str = option(
        LOWEST_LOSES, "When someone shows 31",
        "Who loses a life when a player shows 31 and play stops at once.",
        choices={LOWEST_LOSES: "The lowest hand, as at any showdown (the book)",
                 ALL_OTHERS_LOSE: "Everyone who does not hold 31"})
    lives: int = option(
        3, "Quarters each", "The quarters each player starts with besides his ante: one is paid into "
        "the pot for each life lost.", minimum=1, maximum=10)
    quarter: int = option(
        25, "Stake of a life (cents)", "What the ante and each life lost cost, in cents.",
        minimum=1, maximum=500)
    on_face: bool = option(
        True, "One round on your face",
        "On: a player with no quarters left plays on, on his face, until he loses one more life. "
        "Off: he is out of the game as soon as his last quarter goes.")

# ---- the showdown: pure functions over the ledger, the engine's and the score pad's ------------------

#: how a player went out of the game: he paid his last quarter (without ``on_face``), or lost a life
#: on his face
LAST_QUARTER, ON_FACE = "last quarter", "on his face"


def pay_antes(ledger: Ledger, quarter: int) -> Ledger:
    """Everyone antes a quarter into the pot before the first round (deal 0: the sheet's "Ante" row)."""
    for s in range(len(ledger.purses)):
        ledger = ledger.pay_pot(s, quarter, "ante", 0)
    return ledger


def losers(counts: Mapping[int, int], thirty_one: int | None, knocker: int | None,
           on_31: str) -> dict[int, int]:
    """Lives each seat loses (T-T31-5): the lowest count loses one, all tied for lowest; a knocker
    among the lowest two (G-T31-2). On a 31 with ``on_31`` "everyone else", every player not
    holding 31 loses one (the knocker two if he was lowest)."""
    low = min(counts.values())
    if thirty_one is not None and on_31 == ALL_OTHERS_LOSE:
        hit = [s for s, v in counts.items() if v != THIRTY_ONE2]
    else:
        hit = [s for s, v in counts.items() if v == low]
    return {s: 2 if s == knocker and counts[s] == low else 1 for s in hit}


def lose_lives(ledger: Ledger, out: list[bool], seat: int, lives: int, why: str, deal: int,
               o: ThirtyOneOptions) -> tuple[Ledger, str | None]:
    """``seat`` loses ``lives``: a quarter into the pot for each while he has one; a life lost on
    his face (or his last quarter without ``on_face``) puts him out (``out`` is marked). Returns
    the ledger and how he went out, if he did."""
    went: str | None = None
    for _ in range(lives):
        if out[seat]:
            break
        if ledger.purses[seat] // o.quarter:
            ledger = ledger.pay_pot(seat, o.quarter, why, deal)
            if ledger.purses[seat] // o.quarter == 0 and not o.on_face:
                out[seat], went = True, LAST_QUARTER
        else:
            out[seat], went = True, ON_FACE
    return ledger, went


def why_lost(names: Sequence[str], seat: int, count: int, lives: int, thirty_one: int | None,
             knocker: int | None, on_31: str) -> str:
    knocked = "knocked and " if seat == knocker and lives == 2 else ""
    if thirty_one is not None and on_31 == ALL_OTHERS_LOSE and lives == 1:
        return f"{names[thirty_one]} showed 31 ({half_text(count)})"
    return f"{knocked}lowest with {half_text(count)}"


@dataclass(frozen=True, slots=True)
class Showdown:
    """A round's showdown settled: the ledger after it, who is out of the game, each seat's lives
    lost, who went out and how, who stayed in when everyone still in went out at once (G-T31-6),
    and the last player standing with the pot he took."""

    ledger: Ledger
    out: list[bool]
    lost: dict[int, int]
    went_out: dict[int, str]
    survivors: list[int]
    winner: int | None
    pot: int


def showdown(ledger: Ledger, out: Sequence[bool], deal: int, playing: Sequence[int],
             counts: Mapping[int, int], thirty_one: int | None, knocker: int | None, o: ThirtyOneOptions,
             names: Sequence[str]) -> Showdown:
    """The hands are shown: lives are lost, players go out, and the last one standing takes the pot."""
    now = list(out)
    lost = losers(counts, thirty_one, knocker, o.on_31)
    went: dict[int, str] = {}
    for s in playing:
        if s in lost:
            why = why_lost(names, s, counts[s], lost[s], thirty_one, knocker, o.on_31)
            ledger, how = lose_lives(ledger, now, s, lost[s], why, deal, o)
            if how:
                went[s] = how
    survivors: list[int] = []
    if all(now[s] for s in playing):  # G-T31-6: those who lost the fewest lives stay in, on their face
        fewest = min(lost[s] for s in playing)
        survivors = [s for s in playing if lost[s] == fewest]
        for s in survivors:
            now[s] = False
    left = [s for s, gone in enumerate(now) if not gone]
    winner, pot = (left[0], ledger.pot()) if len(left) == 1 else (None, 0)
    if winner is not None:
        ledger = ledger.take_pot(winner, "last player standing", deal)
    return Showdown(ledger, now, lost, went, survivors, winner, pot)


def round_label(deal_name: str, names: Sequence[str], thirty_one: int | None, knocker: int | None) -> str:
    """A round's row on the sheet, by how it ended."""
    if thirty_one is not None:
        return f"{deal_name}: {names[thirty_one]} shows 31"
    if knocker is not None:
        return f"{deal_name}: {names[knocker]} knocks"
    return f"{deal_name}: the stock ran out"


def round_detail(seat: int, counts: Mapping[int, int], done: Showdown, knocker: int | None,
                 o: ThirtyOneOptions) -> str:
    """A seat's cell on the round's row: his count, the knock, the lives lost, out or on his face."""
    if seat not in counts:
        return "out of the game"
    words = [half_text(counts[seat])]
    if seat == knocker:
        words.append("knocked")
    if done.lost.get(seat):
        words.append(f"loses {lives_word(done.lost[seat])}")
    if done.out[seat]:
        words.append("out")
    elif done.ledger.purses[seat] // o.quarter == 0 and o.on_face:
        words.append("on his face")
    return ", ".join(words)


def last_standing(ledger: Ledger, winner: int, names: Sequence[str]) -> tuple[list[int], str]:
    """The match's end as ``finish_on_money`` has it: the most money won, and why."""
    nets = ledger.nets()
    won = money(nets[winner], signed=True)
    reason = f"{names[winner]} is the last player standing and takes the pot: {won}."
    return [s for s, n in enumerate(nets) if n == max(nets)], reason



PRESETS = {"standard": Preset(
    "standard", "The usual published rules: a knock is the whole turn, and when someone shows 31 "
    "everyone else loses a life.",
    {"knock_timing": INSTEAD_OF_DRAW, "on_31": ALL_OTHERS_LOSE})}


def knock_rule(s: ThirtyOne, timing: str) -> str | None:
    """One knock a round, at the time the rules in effect give it (option ``knock_timing``)."""
    if s.knocker is not None:
        return f"{s.names[s.knocker]} has knocked already: only one knock a round."
    if s.options.knock_timing != timing:
        if timing == INSTEAD_OF_DRAW:
            return "Draw first: you knock after drawing, as you discard ('knock 9C')."
        return "You knock instead of drawing, at the start of your turn: now discard."
    return None


#: a knock cannot be taken back and ends the hand for everyone: asked before it is sent
KNOCK_QUESTION = "Knock? Everyone else gets one more turn, then the hands are shown."


class KnockInsteadOfDraw(OneMove["ThirtyOne"]):
    """Knock instead of drawing: everyone else has one more turn (the usual timing)."""

    question = KNOCK_QUESTION

    def verify(self, s: ThirtyOne, seat: int, move: Move) -> str | None:
        why = knock_rule(s, INSTEAD_OF_DRAW)
        if why is None and move.args:
            return "Knocking is your whole turn: just 'knock', with no card."
        return why

    def apply(self, s: ThirtyOne, seat: int, move: Move) -> None:
        s.knocker = seat
        s.emit("knock", f"{s.names[seat]} knocks instead of drawing: everyone else has one more turn.",
               seat=seat)
        s.phase_name = Phase.NONE
        s._next_turn(seat)

    def describe(self, s: ThirtyOne, move: Move, viewer: int | None) -> str:
        return "Knock instead of drawing (everyone else has one more turn)"


class KnockAndDiscard(MoveKind["ThirtyOne"]):
    """Knock as you discard (the book's timing): everyone else has one more turn."""

    verbs = ("knock",)
    question = KNOCK_QUESTION

    def candidates(self, s: ThirtyOne, seat: int) -> list[Move]:
        return [KNOCK[c] for c in sorted(set(s.hands[seat]))]

    def verify(self, s: ThirtyOne, seat: int, move: Move) -> str | None:
        why = knock_rule(s, AFTER_DRAW)
        if why is not None:
            return why
        if len(move.cards) != 1 or len(move.args) != 1:
            return "Knock as you discard: name the card, for example 'knock 9C'."
        return s.discard_rule(seat, Move("discard", *move.args))

    def apply(self, s: ThirtyOne, seat: int, move: Move) -> None:
        s.knocker = seat
        s.emit("knock", f"{s.names[seat]} knocks: everyone else has one more turn.", seat=seat)
        s.discard_card(seat, move.cards[0])

    def describe(self, s: ThirtyOne, move: Move, viewer: int | None) -> str:
        return f"Knock, discarding {C.LABEL_OF[move.cards[0]]}"


class ThirtyOneDraw(DrawPhase):
    """The kernel's draw, and knocking instead of drawing (option ``knock_timing``)."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [DrawFromStock(DRAW), TakeDiscard(), KnockInsteadOfDraw(KNOCK_ALONE)]

    wrong: ClassVar[dict[str, str]] = {
        "discard": "Draw first: from the stock ('draw') or the discard pile ('take').",
    }


class ThirtyOnePlay(PlayPhase):
    """Discard, or knock as you discard (``knock 9C``, the book's timing). No melds."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [Discard(), KnockAndDiscard()]

    wrong: ClassVar[dict[str, str]] = {
        **PlayPhase.wrong,
        **dict.fromkeys(("meld", "layoff"), "Nothing is melded in Thirty One: discard one card."),
    }


class ThirtyOne(Stakes, DrawDiscardState):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("money", "Money", Kind.LEDGER),
        Field("lives_text", "Quarters", Kind.TEXT, per_seat=True),
        Field("pot_text", "Pot", Kind.TEXT, head=True),
        Field("knocker", "Knocked", Kind.SEAT),
        Field("hand_count", "Your hand counts", Kind.TEXT, head=True),
        Field("last_result", "Last round", Kind.TEXT),
        Field("rules_words", "Rules", Kind.TEXT, minor=True),
    )
    #: [STD]: not the discard just taken
    RUMMY_RULES = RummyRules(melds_in_turn=False, lay_off_in_turn=False, discard_taken=False)
    options: ThirtyOneOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.DRAW: ThirtyOneDraw(), Phase.PLAY: ThirtyOnePlay(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self._init_table(NO_MELDS)
        self.sheet.unit = CENTS
        self.q = o.quarter
        self.open_stakes(stake=(o.lives + 1) * o.quarter, may_owe=False)
        #: out of the game (eliminated)
        self.out = [False] * self.num_players
        self.knocker: int | None = None
        #: the last round's counts (doubled) and lives lost, per seat (None: not in it)
        self.last_counts: list[int | None] = [None] * self.num_players
        self.last_lost: list[int] = [0] * self.num_players
        self.last_result: str | None = None
        self.deal_no = 0
        self.ledger = pay_antes(self.ledger, o.quarter)
        self.emit("ante", f"Everyone antes {money(o.quarter)} into the pot and keeps {o.lives} quarters as "
                          f"lives{' and one round on his face' if o.on_face else ''}.")
        self.sheet_deal("Ante", details=[f"antes {money(o.quarter)}"] * self.num_players)
        self._start_round()

    def phase_label(self) -> str:
        """The turn in players' words, saying where the knock is (option ``knock_timing``)."""
        name = self.phase_name
        may_knock = self.knocker is None
        if name == Phase.DRAW:
            knock = ", or knock" if may_knock and self.options.knock_timing == INSTEAD_OF_DRAW else ""
            return f"Drawing: from the stock or the discard pile{knock}"
        if name == Phase.PLAY:
            return "Discarding, or knocking as you discard" if may_knock and \
                self.options.knock_timing == AFTER_DRAW else "Discarding"
        return super().phase_label()

    # ---- lives -------------------------------------------------------------------------------

    def quarters(self, seat: int) -> int:
        return self.ledger.purses[seat] // self.q

    def lives_left(self, seat: int) -> int:
        """Quarters left, plus the round on his face (option ``on_face``); 0 once out."""
        if self.out[seat]:
            return 0
        return self.quarters(seat) + (1 if self.options.on_face else 0)

    def on_his_face(self, seat: int) -> bool:
        return not self.out[seat] and self.quarters(seat) == 0

    def in_game(self) -> list[int]:
        return [s for s in range(self.num_players) if not self.out[s]]

    # ---- rounds -------------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.begin_deal()
        self.knocker = None
        self.active = [not o for o in self.out]
        self.deal([HAND_SIZE if a else 0 for a in self.active])
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {HAND_SIZE} cards to each "
                          f"player still in; {C.LABEL_OF[self.discards[-1]]} starts the discard pile.",
                  seat=self.dealer)
        self.begin_turn(self.next_seat(self.dealer))

    def begin_turn(self, seat: int, *, draw: bool = True) -> None:
        if hand_value2(self.hands[seat]) == THIRTY_ONE2:  # G-T31-4: a dealt 31, shown at once
            self.turn = seat
            self.phase_name = Phase.NONE
            self.emit("31", f"{self.names[seat]} was dealt 31 and shows it: play stops.", seat=seat)
            self._settle(thirty_one=seat)
            return
        super().begin_turn(seat, draw=draw)

    def _next_turn(self, seat: int) -> None:
        if hand_value2(self.hands[seat]) == THIRTY_ONE2:
            self.phase_name = Phase.NONE
            self.emit("31", f"{self.names[seat]} has 31 and shows it: play stops at once.", seat=seat)
            self._settle(thirty_one=seat)
            return
        nxt = self.next_seat(seat)
        if nxt == self.knocker:  # everyone has had his one more turn
            self.phase_name = Phase.NONE
            self._settle(thirty_one=None)
            return
        self.begin_turn(nxt)

    def deal_estimate(self) -> list[float]:
        """For the horizon search (:mod:`gamenight.bots.horizon`): the round's money if the hands
        were shown now, as after a knock (the lowest hands lose a life, a lowest knocker two)."""
        counts = {s: hand_value2(self.hands[s]) for s in range(self.num_players) if self.active[s]}
        lost = losers(counts, None, self.knocker, self.options.on_31)
        return [-float(self.options.quarter * lost.get(s, 0)) for s in range(self.num_players)]

    def _on_hand_over(self, out: int | None) -> None:
        """G-T31-5: the stock could not be remade; the hands are shown as after a knock."""
        self._settle(thirty_one=None)

    # ---- the showdown: who loses lives ---------------------------------------------------------

    def _settle(self, thirty_one: int | None) -> None:
        playing = [s for s in self.seats_from(self.next_seat(self.dealer)) if self.active[s]]
        counts = {s: hand_value2(self.hands[s]) for s in playing}
        for s in playing:
            shown = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s]))
            self.emit("show", f"{self.names[s]} shows {shown}: {half_text(counts[s])}.", seat=s,
                      cards=C.codes(self.hands[s]))
        done = showdown(self.ledger, self.out, self.deal_no, playing, counts, thirty_one, self.knocker,
                        self.options, self.names)
        self.ledger, self.out, lost = done.ledger, done.out, done.lost
        for s, how in done.went_out.items():
            what = "has paid his last quarter" if how == LAST_QUARTER else "loses a life on his face"
            self.emit("out", f"{self.names[s]} {what}: he is out of the game.", seat=s)
        if done.survivors:
            back = _and(self.names[s] for s in done.survivors)
            stay = "stays" if len(done.survivors) == 1 else "stay"
            self.emit("survive", f"Everyone still in went out at once: {back} lost the fewest lives and "
                                 f"{stay} in, on the face.")
        self.last_counts = [counts.get(s) for s in range(self.num_players)]
        self.last_lost = [lost.get(s, 0) for s in range(self.num_players)]
        result = self._result_words(playing, counts, lost, thirty_one)
        self.last_result = result
        self.emit("score", f"{self.deal_name()}: {result}")
        if done.winner is not None:
            self.emit("pot", f"{self.names[done.winner]} is the last player standing and takes the pot of "
                             f"{money(done.pot)}.", seat=done.winner)
        self.sheet_deal(round_label(self.deal_name(), self.names, thirty_one, self.knocker),
                        details=[round_detail(s, counts, done, self.knocker, self.options)
                                 for s in range(self.num_players)],
                        note=f"pot {money(self.ledger.pot())}")
        if done.winner is not None:
            winners, reason = last_standing(self.ledger, done.winner, self.names)
            self.finish(self.ledger.nets(), winners, reason)
            return
        self.dealer = self._next_in(self.dealer)
        self._start_round()

    def _next_in(self, seat: int) -> int:
        n = self.num_players
        seat = (seat + 1) % n
        while self.out[seat]:
            seat = (seat + 1) % n
        return seat

    def _result_words(self, playing: list[int], counts: dict[int, int], lost: dict[int, int],
                      thirty_one: int | None) -> str:
        shown = ", ".join(f"{self.names[s]} {half_text(counts[s])}{' (knocked)' if s == self.knocker else ''}"
                          for s in playing)
        losses = "; ".join(f"{self.names[s]} loses {lives_word(k)}" for s, k in lost.items())
        head = f"{self.names[thirty_one]} shows 31. " if thirty_one is not None else ""
        return f"{head}{shown}: {losses}."

    # ---- what a seat sees ---------------------------------------------------------------------

    def lives_text(self, seat: int) -> str:
        if self.out[seat]:
            return "out"
        quarters = self.quarters(seat)
        if quarters == 0:
            return "on his face" if self.options.on_face else "out"
        return f"{quarters} + face" if self.options.on_face else str(quarters)

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        n = self.num_players
        hand = self.hands[seat] if seat is not None else []
        out.update({
            "money": self.ledger_view(),
            "lives": [self.lives_left(s) for s in range(n)],
            "lives_text": [self.lives_text(s) for s in range(n)],
            "quarters": [self.quarters(s) for s in range(n)],
            "out": list(self.out),
            "pot": self.ledger.pot(),
            "pot_text": money(self.ledger.pot()),
            "knocker": self.knocker,
            "hand_value2": best_value2(hand) if hand else None,
            "hand_count": half_text(best_value2(hand)) if hand else None,
            "last_counts": self._last_counts() if self.last_result else None,
            "last_result": self.last_result,
            "rules_words": self._rules_words(),
        })
        return out

    def _last_counts(self) -> list[str | None]:
        """Each seat's count in the last round, and the lives it lost."""
        lost = self.last_lost
        return [None if v is None else half_text(v) + (f", −{lives_word(lost[s])}" if lost[s] else "")
                for s, v in enumerate(self.last_counts)]

    def _rules_words(self) -> list[str]:
        o = self.options
        return [
            "Knock as you discard" if o.knock_timing == AFTER_DRAW else "Knock instead of drawing",
            "On a 31 the lowest loses" if o.on_31 == LOWEST_LOSES else "On a 31 everyone else loses",
            f"A life costs {money(o.quarter)}",
        ]


def _and(words: Iterable[str]) -> str:
    items = list(words)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


SPEC: GameSpec = register(GameSpec(
    id="thirty-one",
    title="Thirty One",
    family="rummy",
    players=tuple(range(2, 16)),
    default_players=4,
    options_cls=ThirtyOneOptions,
    state_cls=ThirtyOne,
    summary="Three cards, draw and discard to the best count in one suit; 31 stops play at once, a "
            "knock gives everyone one more turn; the lowest hand pays a quarter a life, and the last "
            "player standing takes the pot.",
    presets=PRESETS,
    rules=__doc__ or "",
    tested_players=(2, 3, 4, 8),
))

__all__ = [
    "AFTER_DRAW",
    "ALL_OTHERS_LOSE",
    "INSTEAD_OF_DRAW",
    "KNOCK",
    "KNOCK_ALONE",
    "LOWEST_LOSES",
    "SPEC",
    "THIRTY_ONE2",
    "TRIPS2",
    "VALUE2",
    "ThirtyOne",
    "ThirtyOneOptions",
    "best_value2",
    "half_text",
    "hand_value2",
]

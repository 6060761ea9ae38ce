"""Arizona Rummy — the family rule book (seed 000, p.9), completed from
``shared/rules/metzker-book.md`` §8 (code AZ).

Two to eight players, each for himself, with three decks and their jokers (162 cards) up to five
players and four decks (216 cards) from six on. Eleven rounds: round 1 deals 3 cards each and
threes are wild, round 2 deals 4 and fours are wild, and so on up to round 11, which deals 13
cards with kings wild (the rank equal to the number of cards dealt). Jokers are always wild. The
player left of the dealer starts; the deal passes to the left.

There is no communal discard pile: each player discards onto a pile of his own, in front of
him. A turn:

* **Draw** the top card of the stock, the "centre pile" (``draw``), or the top card of any
  player's pile, your own included (``take 2 7H``: the 7♥ on top of player 2's pile — players
  are numbered from 1 in seat order).
* **Lay down** whatever you like, in your own turn, any number of times: new melds
  (``meld 7H 8H JK run``, ``meld QS QD QH set``) and cards added to your own melds
  (``layoff 2 9H``). You may only play on your own cards, never on another player's melds.
* **Discard** one card onto your own pile (``discard 4C``). A card taken from a pile may not be
  discarded again the same turn.

Melds are sets (three or more cards of one rank; identical cards of several decks may share a
set) and runs (three or more consecutive cards of one suit, the ace high or low but never
round the corner: A-2-3 and Q-K-A, not K-A-2). Any number of wild cards may join a meld, but every
meld holds at least one natural card (in round 1, 3♣ 3♦ Jkr is no meld: threes are wild).

**Going out** needs a discard: a player goes out by discarding his last card, having laid the
rest of his hand down — in any round, the first included. His last discard goes face down on his
pile (nobody may take it); he gives each other player one card face down from the stock; then
each other player in turn from his left has one chance to lay down what he can — new melds and
cards added to his own melds — and says ``done`` (a player with nothing he could lay is passed
over). Then the round is scored.

Scoring (penalty points; the lowest total wins): the player who went out scores 0; everyone else
counts the cards left in his hand — joker 50, a card of the round's wild rank 25, ace 20, king to
ten 10, nine to two 5. After round 11 the lowest total wins; equal lowest totals share the win.

House decisions where the book is silent (the gap ids of ``shared/rules/metzker-book.md`` §8):

* G-AZ-1 — the "centre pile" is the stock; no card is turned up: every pile starts empty.
* G-AZ-2 — melds of three or more; runs in one suit.
* G-AZ-3 — the last discard lies face down on the player's own pile: only he knows it, nobody
  takes it, and it is not shown when the round is scored.
* G-AZ-4 — the cards given after going out come from the stock, one to each other player from
  the going-out player's left. A stock that runs out (in play or while giving) is remade from
  every player's pile but its top card, shuffled (GEN-10); if the piles hold nothing below their
  tops either, a round in play ends at once with nobody out (everyone counts his hand), and
  while giving the players not yet served get no card.
* G-AZ-5 — a player may take the top of his own pile. Option ``draw_own_pile``: forbidden.
* G-AZ-6 — a card of the round's wild rank counts 25 even when it stands for itself; twos are
  never wild (the wild ranks run threes to kings), so a two counts 5.
* G-AZ-7 — no minimum for a first lay-down: any meld may go down on any turn.
* Also (house): the last lay-down after someone goes out is taken in turn, one player at a
  time, starting at the left of the player who went out; a player may lay his whole hand down
  then and count nothing. A card taken from a pile may not be discarded the same turn (the
  usual rummy rule: otherwise taking would be a way of passing). Option ``decks`` fixes three or
  four decks whatever the table. The first dealer is chosen at random and the deal passes to
  the left (GEN-2, GEN-7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, option
from gamenight.core.phases import MoveKind, OneMove, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.contract_turn import canonical_melds
from gamenight.families.deal_estimates import drawing_deadwood
from gamenight.families.draw_discard import DrawDiscardState, Phase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import ACE_EITHER, RANK_PLURAL, Meld, MeldRules, solver_for
from gamenight.families.personal_piles import PersonalPiles
from gamenight.families.rummy_kinds import ONLY, LayMeld, LayOff, TurnPhase
from gamenight.families.rummy_rules import LayOffOn, RummyRules

ROUNDS = 11
#: round 1 deals three cards; each round one more
FIRST_SIZE = 3
BY_PLAYERS = "by_players"
ALLOWED, FORBIDDEN = "allowed", "forbidden"
JOKER_POINTS, WILD_POINTS, ACE_POINTS = 50, 25, 20

#: eleven rounds; the lowest total wins
MATCH_RULES = MatchRules(deals=ROUNDS, lowest_wins=True)
#: interned move: the end of a player's last lay-down
DONE: Move = Move("done")


def cards_for(round_no: int) -> int:
    """Round ``k`` deals ``k + 2`` cards (T-AZ-5)."""
    return round_no + FIRST_SIZE - 1


def wild_rank(round_no: int) -> int:
    """The wild rank of round ``k``: the rank equal to the cards dealt — threes in round 1 ...
    kings in round 11 (rank indices run two..ace = 0..12)."""
    return cards_for(round_no) - 2


def decks_for(players: int, choice: str = BY_PLAYERS) -> int:
    """Three decks with jokers up to five players, four from six on (or as chosen)."""
    if choice != BY_PLAYERS:
        return int(choice)
    return 3 if players <= 5 else 4


@cache
def round_rules(round_no: int) -> MeldRules:
    """What a meld is in round ``k``: sets and runs of three, jokers and the round's rank wild,
    ace high or low, at least one natural card (G-AZ-2)."""
    return MeldRules(ace=ACE_EITHER).with_wild_ranks(wild_rank(round_no))


#: the kinds of card a hand left counts by, their words and what each costs: joker 50, the wild
#: rank 25 (G-AZ-6), ace 20, king to ten 10, nine to two 5 (the score pad enters these counts)
CARD_CLASSES: tuple[tuple[str, str, int], ...] = (
    ("jokers", "Jokers", JOKER_POINTS), ("wild", "Cards of the wild rank", WILD_POINTS),
    ("aces", "Aces", ACE_POINTS), ("high", "Tens to kings", 10), ("low", "Twos to nines", 5))
CLASS_POINTS = {k: v for k, _, v in CARD_CLASSES}
#: rank indices run two..ace = 0..12: ten is 8
TEN_RANK, ACE_RANK = 8, 12


def card_class(card: int, round_no: int) -> str:
    """Which kind of card ``card`` counts as in round ``k``."""
    if card == C.JOKER:
        return "jokers"
    rank = C.RANK_OF[card]
    if rank == wild_rank(round_no):
        return "wild"
    return "aces" if rank == ACE_RANK else "high" if rank >= TEN_RANK else "low"


@cache
def round_values(round_no: int) -> tuple[int, ...]:
    """What each card left in hand costs in round ``k``."""
    return tuple(CLASS_POINTS[card_class(c, round_no)] for c in range(C.JOKER + 1))


def class_counts(cards: Sequence[int], round_no: int) -> dict[str, int]:
    """A hand's cards counted by kind."""
    kinds = [card_class(c, round_no) for c in cards]
    return {k: kinds.count(k) for k, _, _ in CARD_CLASSES}


def counted(held: Mapping[str, int]) -> int:
    """What a hand counts, from its cards counted by kind."""
    return sum(CLASS_POINTS[k] * n for k, n in held.items())


def hand_points(cards: Sequence[int], round_no: int) -> int:
    return counted(class_counts(cards, round_no))


def round_scores(out: int | None, held: Sequence[Mapping[str, int]]) -> list[int]:
    """The player who went out 0; everyone else what his hand counts (T-AZ-1..3)."""
    return [0 if s == out else counted(h) for s, h in enumerate(held)]


def round_label(round_no: int) -> str:
    """The sheet's row for a round: "Round 4: 6 cards, sixes wild"."""
    return f"Round {round_no}: {cards_for(round_no)} cards, {RANK_PLURAL[wild_rank(round_no)]} wild"


@dataclass(frozen=True, kw_only=True)
class ArizonaOptions(Options):
    draw_own_pile: str = option(
        ALLOWED, "Taking from your own pile",
        "Whether a player may take the top card of his own discard pile, as of anyone else's.",
        choices={ALLOWED: "Allowed: any player's pile, your own included",
                 FORBIDDEN: "Not allowed: only the other players' piles"})
    decks: str = option(
        BY_PLAYERS, "Decks",
        "How many decks (each with its two jokers) are shuffled together.",
        choices={BY_PLAYERS: "Three up to five players, four from six players on",
                 "3": "Always three", "4": "Always four"})


class ArizonaPhase(PhaseName):
    """Arizona's own phase (the turn's are the kernel's); ``str`` is what views show."""

    #: after someone goes out, each other player in turn lays down what he can
    LAY_DOWN = "lay_down", "Someone went out: laying down what you can"


class DoneLayingDown(OneMove["ArizonaRummy"]):
    """End one's last lay-down (the next player's follows)."""

    def apply(self, s: ArizonaRummy, seat: int, move: Move) -> None:
        s.emit("done", f"{s.names[seat]} is done laying down.", seat=seat)
        s._next_lay_down()

    def describe(self, s: ArizonaRummy, move: Move, viewer: int | None) -> str:
        return "Done laying down"


class LayDownPhase(TurnPhase):
    """The last lay-down of one player: melds and additions to his own melds, then ``done``."""

    wrong: ClassVar[dict[str, str]] = dict.fromkeys(
        ("draw", "take", "discard"),
        "Someone has gone out: lay down what you can ('meld ...', 'layoff ...'), then say 'done'.")

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [LayMeld(s.RUMMY_RULES.meld_verb), LayOff(), DoneLayingDown(DONE)]

    def to_act(self, s: DrawDiscardState) -> frozenset[int]:
        assert isinstance(s, ArizonaRummy)
        return ONLY[s.turn] if s.laying else frozenset()


class ArizonaRummy(PersonalPiles):
    DEAL_WORD = "round"
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round counter says it
        Field("round_of", "{Deal}", Kind.COUNTER, head=True),
        Field("wilds", "Wild", Kind.TEXT, head=True),
        Field("cards_this_round", "Cards each", Kind.NUMBER),
        Field("went_out", "Went out", Kind.SEAT),
        Field("to_lay_down", "Laying down after", Kind.SEATS),
        Field("hand_points", "Your hand counts", Kind.NUMBER),
        Field("decks", "Decks", Kind.NUMBER, minor=True),
    )
    RUMMY_RULES = RummyRules(lay_off_on=LayOffOn.OWN, out_without_discard=False, discard_taken=False)
    options: ArizonaOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **PersonalPiles.phases, ArizonaPhase.LAY_DOWN: LayDownPhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.decks = decks_for(self.num_players, o.decks)
        self._init_table(round_rules(1))
        self.take_own_pile = o.draw_own_pile == ALLOWED
        self.match_rules = MATCH_RULES
        self.went_out: int | None = None
        #: the going-out player's last discard, face down on his pile (G-AZ-3)
        self.face_down: list[int] = []
        #: in the last lay-down: whether one is under way, and the seats still to come after it
        self.laying = False
        self.to_lay: list[int] = []
        self._start_round()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks, jokers=2 * self.decks)

    @property
    def size(self) -> int:
        return cards_for(self.deal_no)

    def wild_name(self) -> str:
        return RANK_PLURAL[wild_rank(self.deal_no)]

    # ---- rounds -------------------------------------------------------------------------

    def _start_round(self) -> None:
        self.begin_deal()
        self.meld_rules = round_rules(self.deal_no)
        self.went_out = None
        self.face_down = []
        self.laying = False
        self.to_lay = []
        self.deal(self.size, upcard=False)  # G-AZ-1: the piles start empty
        self.emit("deal", f"{self.deal_name()} of {ROUNDS}: {self.names[self.dealer]} deals {self.size} "
                          f"cards each; {self.wild_name()} and jokers are wild.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    # ---- melds listed compactly ------------------------------------------------------------

    def _meld_moves(self, seat: int) -> list[Move]:
        """Each meld once, in the contract kernel's canonical form (wild cards by class, a run with
        every natural held in its span): with a round's rank and jokers wild, a thirteen-card hand
        can lay over twenty thousand melds that differ only in where identical-looking wilds go."""
        if not self._may_meld(seat):
            return []
        verb = self.RUMMY_RULES.meld_verb
        return [m.to_move(verb) for m in canonical_melds(self.hands[seat], self.meld_rules)
                if self._leaves_a_way_on(seat, m.cards)]

    def _meld_candidates(self, seat: int) -> list[Move]:
        verb = self.RUMMY_RULES.meld_verb
        return [m.to_move(verb) for m in canonical_melds(self.hands[seat], self.meld_rules)]

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """Any other valid form of a meld (other wild cards, another reading of a run) is played
        as typed, by the same checks that build the list."""
        verb = self.RUMMY_RULES.meld_verb
        if move.verb != verb or seat != self.turn or self.phase_name not in (Phase.PLAY,
                                                                                      ArizonaPhase.LAY_DOWN):
            return None
        if self._missing(seat, move.cards) or not self._may_meld(seat):
            return None
        found = self.meld_rules.read(move)
        if not isinstance(found, Meld) or not self._leaves_a_way_on(seat, found.cards):
            return None
        return found.to_move(verb)

    # ---- going out: the last discard face down, a card to each, a last lay-down -------------

    def discard_card(self, seat: int, c: int) -> None:
        if len(self.hands[seat]) > 1:
            super().discard_card(seat, c)
        else:
            self._go_out(seat, c)

    def _go_out(self, seat: int, c: int) -> None:
        """The last card goes face down on his pile (G-AZ-3); he gives each other player a card
        (G-AZ-4); then each other player in turn lays down what he can."""
        self.remove_from_hand(seat, (c,))
        self.face_down.append(c)
        self.went_out = seat
        self.emit("out", f"{self.names[seat]} goes out, laying the last card face down on the pile.",
                  seat=seat)
        self.emit("face_down", f"You lay {C.LABEL_OF[c]} face down.", seat=seat, to=seat, card=C.CODE_OF[c])
        others = [s for s in self.seats_from(self.next_seat(seat)) if s != seat]
        self._give_cards(seat, others)
        self.to_lay = others
        self._next_lay_down()

    def _give_cards(self, giver: int, seats: list[int]) -> None:
        """One card from the stock, face down, to each of ``seats`` in turn (G-AZ-4): only its
        receiver sees it."""
        given: list[int] = []
        for s in seats:
            if not self.stock and self._below_tops():
                self.restock(shuffle=True)
            if not self.stock:
                break
            c = self.stock.pop(0)
            self.hands[s].append(c)
            given.append(s)
            self.emit("given", f"{self.names[giver]} gives you {C.LABEL_OF[c]} face down.", seat=giver, to=s,
                      card=C.CODE_OF[c])
        if given:
            who = ("each other player" if len(given) == len(seats)
                   else " and ".join(self.names[s] for s in given))
            self.emit("give", f"{self.names[giver]} gives {who} a card face down from the stock.", seat=giver)
        if len(given) < len(seats):
            self.emit("stock", "The stock is empty: "
                      + " and ".join(self.names[s] for s in seats[len(given):]) + " get no card.")

    def _next_lay_down(self) -> None:
        """The next player with something to lay down has his chance; when none is left, the
        round is scored. A player who could lay nothing is passed over."""
        self.laying = False
        self.phase_name = ArizonaPhase.LAY_DOWN
        while self.to_lay:
            s = self.to_lay.pop(0)
            self.turn = s
            self.taken = None
            self.melds_this_turn = 0
            if self._meld_moves(s) or self._lay_off_moves(s):
                self.laying = True
                self.emit("lay_down", f"{self.names[s]} may lay down what he can, then say 'done'.", seat=s)
                return
            self.emit("nothing", f"{self.names[s]} has nothing to lay down.", seat=s)
        self.phase_name = Phase.NONE
        assert self.went_out is not None
        self._on_hand_over(self.went_out)

    def _leaves_a_way_on(self, seat: int, cards: Sequence[int]) -> bool:
        # the last lay-down ends with 'done', not a discard: it may empty the hand
        return self.phase_name == ArizonaPhase.LAY_DOWN or super()._leaves_a_way_on(seat, cards)

    def _after_meld(self, seat: int) -> None:
        if self.phase_name == ArizonaPhase.LAY_DOWN:
            if not self.hands[seat]:
                self.emit("laid_all", f"{self.names[seat]} has laid down every card.", seat=seat)
                self._next_lay_down()
            return
        super()._after_meld(seat)

    # ---- scoring ------------------------------------------------------------------------

    def round_scores(self, out: int | None) -> list[int]:
        return round_scores(out, [class_counts(h, self.deal_no) for h in self.hands])

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): each hand as the round
        would count it were someone to go out now, after every other player's last lay-down — the
        cards left from the hand's best arrangement that lay off on none of its own melds, at the
        round's values; a card one from a meld charged half
        (:func:`~gamenight.families.deal_estimates.drawing_deadwood`, as Rummy's).

        Measured and worse: strong's horizon search to the turn (z 2) on round 6 (``--skip 5``)
        lost 3.65 ± 2.82 points a deal to casual over 100 paired deals (seeds 0-99; 174 ms of CPU a
        decision): not a level's search as it stands."""
        values = round_values(self.deal_no)
        solver = solver_for(self.meld_rules, values)
        row: list[float] = []
        for s in range(self.num_players):
            own = [m for i, m in enumerate(self.melds) if self.meld_owner[i] == s]
            dead = [c for c in solver.best(self.hands[s]).deadwood
                    if not any(self.meld_rules.lay_offs(m, c) for m in own)]
            row.append(drawing_deadwood(dead, values))
        return row

    def _on_hand_over(self, out: int | None) -> None:
        n = self.num_players
        points = self.round_scores(out)
        details: list[str] = []
        for s in range(n):
            if s == out:
                details.append("went out")
                continue
            left = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(self.hands[s])) or "nothing"
            details.append(f"left {left}")
            if self.hands[s]:
                self.emit("show", f"{self.names[s]} shows {left}: {points[s]} points.", seat=s,
                          cards=C.codes(self.hands[s]))
        how = f"{self.names[out]} went out" if out is not None else "the stock ran out"
        label = round_label(self.deal_no)
        self.sheet.add(label, points, details=details, note=how)
        self.emit("score", f"{label}; {how}: " + ", ".join(f"{self.names[s]} {points[s]}" for s in range(n))
                  + ".")
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_round()

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return f"All {ROUNDS} rounds are played: the lowest total wins."

    # ---- what a seat sees ---------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        lay_down = self.phase_name == ArizonaPhase.LAY_DOWN
        out.update({
            "round": self.deal_no,
            "rounds": ROUNDS,
            "round_of": [self.deal_no, ROUNDS],
            "cards_this_round": self.size,
            "wild_rank": C.RANKS[wild_rank(self.deal_no)],
            "wilds": f"{self.wild_name()} and jokers",
            "decks": self.decks,
            "went_out": self.went_out,
            "to_lay_down": list(self.to_lay) if lay_down else None,
            "hand_points": hand_points(self.hands[seat], self.deal_no) if seat is not None else None,
        })
        return out

    def _own_zones(self) -> list[Zone]:
        out = self.went_out
        return [Zone("face_down", self.face_down, C.CARD_TEXT, owner=out, show=Show.PILE,
                     visibility=Visibility.NOBODY if out is None else Visibility.OWNER,
                     label="Face down")]


SPEC: GameSpec = register(GameSpec(
    id="arizona-rummy",
    title="Arizona Rummy",
    family="rummy",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=ArizonaOptions,
    state_cls=ArizonaRummy,
    summary="Eleven rounds of 3 up to 13 cards with the matching rank and jokers wild; discard onto "
            "your own pile, draw from the stock or the top of anyone's pile, go out with a discard, "
            "and the lowest total wins.",
    rules=__doc__ or "",
    tested_players=(2, 4, 8),
))

__all__ = ["CARD_CLASSES", "DONE", "MATCH_RULES", "ROUNDS", "SPEC", "ArizonaOptions", "ArizonaPhase",
           "ArizonaRummy", "card_class", "cards_for", "class_counts", "counted", "decks_for", "hand_points",
           "round_label", "round_rules", "round_scores", "round_values", "wild_rank"]

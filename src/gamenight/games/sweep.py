"""Sweep — the family rule book (seed 000, p.18, "New Entry, Rules under review").

A shedding game with blind cards. Any number of players from two (nine at most here), as many
52-card decks as give 22 cards each — ⌈22·n / 52⌉: one deck for two players, two for three or
four, three for five to seven, four for eight or nine; no jokers. Each player gets four blind
cards face down in a row, a face-up card on each of them, and fourteen cards in hand; the cards
left over are set aside, not dealt. Nobody — their owner included — ever sees a blind card
before it is played.

Cards rank 10 (lowest, "wild") < A < 2 < 3 < … < 9 < J < Q < K (highest). The player left of the
dealer leads a *set*: one to four cards of one rank. Each next player plays one or more cards of a
single rank equal to or lower than the rank on top of the pile: the same rank adds to the count
on top, a lower one starts it again. At most four cards of a rank lie on top: a fifth stays in
hand. Four of a rank on top, or a 10 played, *sweeps*: the pile is put out of the game and the
sweeper leads again. A player who cannot play picks the whole pile up into hand, and the player
on their left leads. Cards in hand and face-up cards may be played at any time. A blind card may
be played once its face-up card is gone, always unseen (``blind 2``: the blind card under the
second face-up card): if it turns out playable it stands, and matching cards from hand or face
up may be added to it (``add …`` or ``done``); if not, the player picks up the pile with it.

The first player with no card in hand, face up or blind wins the round, and deals the next. The
others score what they hold — hand, face-up and blind cards: J Q K 10 each, 2–9 their face value,
an ace 1, a 10 25. When anyone's total reaches 300 at the end of a round the lowest total wins
(equal lowest totals share the win).

Moves: ``play 9H 9S`` (cards from the hand), ``play 9H up 9C`` (the cards after ``up`` are
face-up cards), ``blind 3``, ``add 9D`` / ``add up 9C`` / ``done`` after a blind card stood, and
``pickup``. A bare card code (``9H``) plays it from the hand.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §17, code SW):

* G-SW-1 — the pile holds every card played since the last sweep; its top rank is the most recent
  play's, and a lower rank starts the count again.
* G-SW-2 — a follower need not match the number of cards led: any number from one, within the
  four on top.
* G-SW-3 — a 10 is playable on anything and sweeps; it is worth 25 if left; 10s never count
  toward four of a kind of another rank. A 10 led sweeps at once and the leader leads again
  (option ``ten_led = normal_lowest``: a led 10 lies as the lowest card; the next player must play
  a 10, which sweeps, or pick up).
* G-SW-4 — face-up cards are played any time, like hand cards (option ``face_up_timing =
  after_hand_empty``: only once the hand is empty, as in Palace). A blind card is playable once
  its face-up card is gone, whatever the option says.
* G-SW-5 — no voluntary pick-up: a player who can play from hand or face up must; a blind card
  may be gambled instead at any time it is uncovered (the book: "can be played any time once they
  are exposed"), and is the one choice besides picking up for a player who cannot play.
* G-SW-6 — the sweeper leads again.
* G-SW-7 — every round is dealt from all the decks shuffled anew; the spare cards are set aside
  face down, not dealt.
* G-SW-8 — a player who goes out on a sweep does not lead again: the round ends at once.
* Additions to a blind card are one move (any number of matching cards within the four on top),
  and are offered only while the player holds a matching card and the set is not swept.
* A failed blind card is shown to everyone as it goes into its owner's hand with the pile; the
  picked-up cards are known to everyone to be in that hand until they are played.
* The first dealer is drawn at random (seat 0 with a stacked deck); afterwards the round's winner
  deals. A stacked deck deals one card at a time from the dealer's left: first the blind cards
  (four rounds of the table, first to the left-most position), then the face-up cards the same
  way, then the fourteen hand cards.
"""

from __future__ import annotations

import itertools
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from gamenight.core.layout import Field, Kind, number_word
from gamenight.core.moves import Move, on_age, parse_move
from gamenight.core.notation import NUMBER, WORD
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import KindsPhase, MoveKind, OneMove, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchEnd, MatchPlay, MatchRules
from gamenight.families.table import Seating
from gamenight.games.sweep_score import ORDER, TEN, Left, round_row

if TYPE_CHECKING:
    from gamenight.core.views import Place

HAND_SIZE = 14
BLINDS = 4
PER_PLAYER = HAND_SIZE + 2 * BLINDS  # 22
MOST_ON_TOP = 4

#: what a card left at the end of a round costs
POINTS: list[int] = [Left.of([c], [], []).points() for c in range(52)]
#: each play order's rank in words, singular and plural
RANK_WORD = {0: ("10", "10s"), 1: ("ace", "aces"), 11: ("jack", "jacks"), 12: ("queen", "queens"),
             13: ("king", "kings"), **{o: (str(o), f"{o}s") for o in range(2, 10)}}

UP = WORD("up")
_PLAY_MOVES: dict[tuple[str, tuple[int, ...], tuple[int, ...]], Move] = {}
on_age(_PLAY_MOVES.clear)  # a memo: emptied with the move table's working set, so it stays bounded
#: each play or add move built, while it lives: (its hand cards, its face-up cards)
PARTS: weakref.WeakKeyDictionary[Move, tuple[tuple[int, ...], tuple[int, ...]]] = weakref.WeakKeyDictionary()
PICKUP = Move("pickup")
DONE = Move("done")
BLIND = [Move("blind", NUMBER(k)) for k in range(BLINDS + 1)]
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(16)]
NOBODY: frozenset[int] = frozenset()
OWNER, PUBLIC, UNSEEN, FACES = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY, Visibility.FACES


def decks_for(players: int) -> int:
    """Enough 52-card decks for 22 cards each: ⌈22·n / 52⌉."""
    return -(-PER_PLAYER * players // 52)


def points_left(cards: list[int]) -> int:
    """What the cards a player still holds cost him at the end of a round."""
    return sum(POINTS[c] for c in cards)


def set_words(rank: int, count: int) -> str:
    """"two 9s", "one king"."""
    singular, plural = RANK_WORD[rank]
    return f"{number_word(count)} {singular if count == 1 else plural}"


def play_move(verb: str, hand: tuple[int, ...], up: tuple[int, ...]) -> Move:
    """``play 9H 9S up 9C``: the cards from the hand, then the face-up cards (built once)."""
    key = (verb, hand, up)
    move = _PLAY_MOVES.get(key)
    if move is None:
        args = [C.CARD_ARG[c] for c in hand]
        if up:
            args += [UP, *(C.CARD_ARG[c] for c in up)]
        move = _PLAY_MOVES[key] = Move(verb, *args)
        PARTS[move] = (hand, up)
    return move


def move_parts(move: Move) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The hand cards and face-up cards a play (or add) names, also for a move typed in another
    order; ``None`` when it names anything but cards and one ``up``."""
    known = PARTS.get(move)
    if known is not None:
        return known
    hand: list[int] = []
    up: list[int] = []
    into = hand
    for arg in move.args:
        if arg == UP and into is hand:
            into = up
        elif arg.kind.name == "card" and arg.value < 52:
            into.append(arg.value)
        else:
            return None
    return tuple(hand), tuple(up)


def multisets(cards: list[int], most: int) -> list[tuple[int, ...]]:
    """Every distinct choice of 0 to ``most`` of ``cards`` (sorted), the empty one first."""
    cards = sorted(cards)
    out: list[tuple[int, ...]] = [()]
    for k in range(1, min(most, len(cards)) + 1):
        out += sorted(set(itertools.combinations(cards, k)))
    return out


@dataclass(frozen=True, kw_only=True)
class SweepOptions(Options):
    face_up_timing: str = option(
        "any_time", "Face-up cards",
        "When you may play the cards lying face up on your blind cards.",
        choices={"any_time": "Any time, like the cards in your hand",
                 "after_hand_empty": "Only once your hand is empty"},
    )
    ten_led: str = option(
        "sweeps", "A 10 led",
        "What a 10 does when it is the first card of a set.",
        choices={"sweeps": "It sweeps at once, and the leader leads again",
                 "normal_lowest": "It lies as the lowest card: the next player must play a 10 or pick up"},
    )
    target: int = option(
        300, "Game ends at",
        "When anyone's total reaches this at the end of a round, the lowest total wins.",
        minimum=25, maximum=5000,
    )


PRESETS: dict[str, Preset] = {}


class SweepPhase(PhaseName):
    NONE = "", "Between rounds"
    PLAY = "play", "Playing: lead a set, or match or go lower"
    ADD = "add", "Adding matching cards to the blind card"


# ---- the kinds of move (core.phases.MoveKind: each rule once) --------------------------------

class PlaySet(MoveKind["Sweep"]):
    """Play a set: cards of one rank from the hand and (when allowed) face up, equal to or lower
    than the rank on top, or a 10, at most four of a rank on top."""

    verbs = ("play",)

    def candidates(self, s: Sweep, seat: int) -> list[Move]:
        return s._set_moves(seat, self.verbs[0])  # every playable set: exactly the rule's

    def legal(self, s: Sweep, seat: int) -> list[Move]:
        return s._set_moves(seat, self.verbs[0])

    def verify(self, s: Sweep, seat: int, move: Move) -> str | None:
        return s.set_breaks(seat, move)

    def apply(self, s: Sweep, seat: int, move: Move) -> None:
        s._play(seat, move)

    def describe(self, s: Sweep, move: Move, viewer: int | None) -> str:
        return f"Play {s.set_in_words(move)}"

    def places(self, s: Sweep, seat: int, move: Move) -> list[Place | None]:
        """Each face-up card named (those after ``up``) where it lies before the seat; the hand's
        cards lie in the hand."""
        out: list[Place | None] = []
        taken: set[int] = set()
        up = False
        for arg in move.args:
            up = up or arg == UP
            at = s.face_up_index(seat, arg.value, taken) if up and arg.kind.name == "card" else None
            out.append(None if at is None else {"zone": f"table/{seat}", "index": at})
        return out


class AddToBlind(PlaySet):
    """After a blind card stood: add cards of its rank to it, within the four on top."""

    verbs = ("add",)

    def candidates(self, s: Sweep, seat: int) -> list[Move]:
        return s._add_moves(seat)

    def legal(self, s: Sweep, seat: int) -> list[Move]:
        return s._add_moves(seat)

    def apply(self, s: Sweep, seat: int, move: Move) -> None:
        s._add(seat, move)

    def describe(self, s: Sweep, move: Move, viewer: int | None) -> str:
        return f"Add {s.set_in_words(move)} to the blind card"


class PlayBlind(MoveKind["Sweep"]):
    """Play a blind card, unseen, once its face-up card is gone."""

    verbs = ("blind",)

    def candidates(self, s: Sweep, seat: int) -> list[Move]:
        return [BLIND[k] for k in s.uncovered(seat)]

    def verify(self, s: Sweep, seat: int, move: Move) -> str | None:
        k = move.number
        if len(move.args) != 1 or k is None or not 1 <= k <= BLINDS:
            return "Name the blind card by its position, 1 to 4: 'blind 2'."
        if k not in s.slots[seat]:
            return f"Your blind card {k} has been played already."
        if k not in s.uncovered(seat):
            return f"Your blind card {k} is still covered by its face-up card: play that first."
        return None

    def places(self, s: Sweep, seat: int, move: Move) -> list[Place | None]:
        """The blind card named, face down before the seat."""
        k = move.number
        at = next((i for i, (slot, up) in enumerate(zip(s.slots[seat], s.faces[seat], strict=True))
                   if slot == k and not up), None)
        return [None if at is None else {"zone": f"table/{seat}", "index": at}]

    def apply(self, s: Sweep, seat: int, move: Move) -> None:
        s._blind(seat, move)

    def describe(self, s: Sweep, move: Move, viewer: int | None) -> str:
        return f"Play blind card {move.number}, unseen"


class PickUp(OneMove["Sweep"]):
    """Pick up the whole pile: only with a pile there and nothing to play from hand or face up."""

    def rule(self, s: Sweep, seat: int) -> str | None:
        if not s.pile:
            return "There is no pile to pick up: lead a set."
        if s._play_moves(seat):
            return "You can play, so you must: you pick up the pile only when you cannot play."
        return None

    def apply(self, s: Sweep, seat: int, move: Move) -> None:
        s._pick_up(seat)

    def describe(self, s: Sweep, move: Move, viewer: int | None) -> str:
        return f"Pick up the pile ({len(s.pile)} card{'s' if len(s.pile) != 1 else ''})"


class Done(OneMove["Sweep"]):
    """Add nothing more to the blind card that stood: the turn ends."""

    def apply(self, s: Sweep, seat: int, move: Move) -> None:
        s._next_turn(seat)

    def describe(self, s: Sweep, move: Move, viewer: int | None) -> str:
        return "Add nothing more: end the turn"


class PlayPhase(KindsPhase["Sweep"]):
    wrong: ClassVar[dict[str, str]] = {
        "add": "You add to a blind card only right after it stood; now play, or pick up the pile.",
        "done": "There is no blind card to add to: play, or pick up the pile.",
    }
    otherwise = "Play a set of one rank, play a blind card, or pick up the pile."

    def to_act(self, s: Sweep) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: Sweep) -> list[MoveKind[Any]]:
        return [PlaySet(), PlayBlind(), PickUp(PICKUP)]


class AddPhase(KindsPhase["Sweep"]):
    wrong: ClassVar[dict[str, str]] = {
        "play": "Your blind card stood: add matching cards to it ('add 9H') or say 'done'.",
        "blind": "One blind card a turn: add matching cards to it or say 'done'.",
        "pickup": "Your blind card stood: there is nothing to pick up.",
    }
    otherwise = "Your blind card stood: add matching cards to it ('add 9H') or say 'done'."

    def to_act(self, s: Sweep) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: Sweep) -> list[MoveKind[Any]]:
        return [AddToBlind(), Done(DONE)]


class Sweep(PhaseDispatch, DealsCards, Seating, MatchPlay, State):
    """Blind cards under face-up cards, sets that go down in rank, sweeps and pick-ups."""

    DEAL_WORD: ClassVar[str] = "round"
    options: SweepOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        SweepPhase.NONE: PhaseHandler(), SweepPhase.PLAY: PlayPhase(), SweepPhase.ADD: AddPhase(),
    }
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True),
        Field("on_top", "On the pile", Kind.TEXT, head=True),
        Field("dealer", "Dealer", Kind.SEAT),
        Field("uncovered", "Blind cards to play", Kind.TEXT, per_seat=True),
        Field("target", "Playing to", Kind.NUMBER),
        Field("last_round", "Last round", Kind.TEXT, minor=True),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        n = self.num_players
        self.init_seating()
        self.match_rules = MatchRules(target=self.options.target, lowest_wins=True)
        self.decks = decks_for(n)
        self.phase_name: str = SweepPhase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        #: per seat, the cards lying before it: each blind card, then the face-up card on it
        self.table: list[list[int]] = [[] for _ in range(n)]
        self.faces: list[list[bool]] = [[] for _ in range(n)]
        #: per seat, the position (1-4) of each of those cards
        self.slots: list[list[int]] = [[] for _ in range(n)]
        self.pile: list[int] = []
        self.swept: list[int] = []
        self.spare: list[int] = []
        #: the rank on top of the pile (its play order; -1 when empty) and how many lie on top
        self.top = -1
        self.count = 0
        self.turn = 0
        self.last_round = ""
        self._deal()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks)

    # ---- the deal ---------------------------------------------------------------------

    def _deal(self) -> None:
        n = self.num_players
        self.deal_no += 1
        self.knowledge.clear()
        deck = self._fresh_deck()
        order = self.seats_from(self.left_of_dealer())
        for s in range(n):
            self.hands[s] = []
            self.table[s] = []
            self.faces[s] = []
            self.slots[s] = []
        blinds = deck[:BLINDS * n]
        ups = deck[BLINDS * n:2 * BLINDS * n]
        hands = deck[2 * BLINDS * n:PER_PLAYER * n]
        for i, s in enumerate(order):
            for k in range(BLINDS):
                self.table[s] += [blinds[k * n + i], ups[k * n + i]]
                self.faces[s] += [False, True]
                self.slots[s] += [k + 1, k + 1]
            self.hands[s] = hands[i::n]
        self.spare = deck[PER_PLAYER * n:]
        self.pile = []
        self.swept = []
        self.top = -1
        self.count = 0
        self.turn = order[0]
        self.phase_name = SweepPhase.PLAY
        spare = f"; {len(self.spare)} cards set aside" if self.spare else ""
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {PER_PLAYER} cards each "
                          f"(four blind, four face up on them, fourteen in hand){spare}. "
                          f"{self.names[self.turn]} leads.", seat=self.dealer)

    # ---- what a seat may play -----------------------------------------------------------

    def _ups_playable(self, seat: int) -> bool:
        return self.options.face_up_timing == "any_time" or not self.hands[seat]

    def face_ups(self, seat: int) -> list[int]:
        """The face-up cards before ``seat``, in position order."""
        return [c for c, up in zip(self.table[seat], self.faces[seat], strict=True) if up]

    def face_up_index(self, seat: int, card: object, taken: set[int]) -> int | None:
        """Where the face-up ``card`` lies among ``seat``'s table cards (a copy not in ``taken``,
        which then holds it), or ``None``."""
        for i, (c, up) in enumerate(zip(self.table[seat], self.faces[seat], strict=True)):
            if up and c == card and i not in taken:
                taken.add(i)
                return i
        return None

    def uncovered(self, seat: int) -> list[int]:
        """The positions (1-4) of ``seat``'s blind cards whose face-up card is gone."""
        covered = {k for k, up in zip(self.slots[seat], self.faces[seat], strict=True) if up}
        return [k for k, up in zip(self.slots[seat], self.faces[seat], strict=True)
                if not up and k not in covered]

    def cap(self, rank: int) -> int:
        """How many cards of ``rank`` may be played on the pile now (0: none)."""
        top = self.top
        if top < 0:
            return MOST_ON_TOP
        if rank == top:
            return MOST_ON_TOP - self.count
        if rank < top or rank == TEN:
            return MOST_ON_TOP
        return 0

    def _set_moves(self, seat: int, verb: str, only: int | None = None) -> list[Move]:
        hand = self.hands[seat]
        ups = self.face_ups(seat) if self._ups_playable(seat) else []
        by_rank: dict[int, tuple[list[int], list[int]]] = {}
        for c in hand:
            by_rank.setdefault(ORDER[c], ([], []))[0].append(c)
        for c in ups:
            by_rank.setdefault(ORDER[c], ([], []))[1].append(c)
        out: list[Move] = []
        for rank in sorted(by_rank, reverse=True):
            if only is not None and rank != only:
                continue
            cap = self.cap(rank)
            if not cap:
                continue
            from_hand, from_up = by_rank[rank]
            up_sets = multisets(from_up, cap)
            for h in multisets(from_hand, cap):
                for u in up_sets:
                    if h or u:
                        if len(h) + len(u) > cap:
                            break
                        out.append(play_move(verb, h, u))
        return out

    def _play_moves(self, seat: int) -> list[Move]:
        return self._set_moves(seat, "play")

    def _add_moves(self, seat: int) -> list[Move]:
        return self._set_moves(seat, "add", only=self.top)

    # ---- the rule of a set -----------------------------------------------------------------

    def set_breaks(self, seat: int, move: Move) -> str | None:
        """The first rule a set (``play`` or ``add``) breaks, or ``None``: one rank, cards held,
        face-up cards only when allowed, an addition only of the blind card's rank, no higher than
        the top (a 10 always goes) and at most four of a rank on top."""
        verb = move.verb
        parts = move_parts(move)
        if parts is None or not (parts[0] or parts[1]):
            return (f"Name the cards to {verb}: cards from your hand, then 'up' and any face-up cards, "
                    f"for example '{verb} 9H 9S' or '{verb} 9H up 9C'.")
        hand, up = parts
        cards = hand + up
        ranks = {ORDER[c] for c in cards}
        if len(ranks) > 1:
            return "A set is cards of one rank only."
        if not _holds(self.hands[seat], hand):
            return f"You do not hold {' '.join(C.LABEL_OF[c] for c in hand)} in your hand."
        if up and not _holds(self.face_ups(seat), up):
            return f"You have no {' '.join(C.LABEL_OF[c] for c in up)} face up."
        if up and not self._ups_playable(seat):
            return "You may play your face-up cards only once your hand is empty."
        (rank,) = ranks
        if verb == "add" and rank != self.top:
            return f"Only cards matching your blind card ({RANK_WORD[self.top][1]}) may be added to it."
        cap = self.cap(rank)
        if not cap:
            return (f"{RANK_WORD[rank][1].capitalize()} are higher than the {RANK_WORD[self.top][0]} on top: "
                    "play the same rank or lower, or a 10.")
        if len(cards) > cap:
            return (f"At most four cards of a rank lie on top of the pile: "
                    f"you may play {number_word(cap)} more {RANK_WORD[rank][1]}.")
        return None

    def set_in_words(self, move: Move) -> str:
        """A legal set as a player says it: the cards, those face up named so, and a sweep."""
        parts = move_parts(move)
        assert parts is not None, "only a legal set is described"
        hand, up = parts
        words = _labels(list(hand))
        if up:
            words = f"{words} and face-up {_labels(list(up))}" if hand else f"face-up {_labels(list(up))}"
        rank = ORDER[(hand + up)[0]]
        led = not self.pile
        if rank == TEN and not (led and self.options.ten_led == "normal_lowest"):
            return f"{words}: it sweeps"
        if (self.count if rank == self.top else 0) + len(hand) + len(up) >= MOST_ON_TOP:
            return f"{words}: four {RANK_WORD[rank][1]} sweep"
        return words

    # ---- doing it -------------------------------------------------------------------------

    def _take_from(self, seat: int, hand: tuple[int, ...], up: tuple[int, ...]) -> None:
        own = self.hands[seat]
        for c in hand:
            own.remove(c)
        if hand:
            self.knowledge.forget(f"hand/{seat}", hand)
        table, faces, slots = self.table[seat], self.faces[seat], self.slots[seat]
        for c in up:
            i = next(i for i, (x, f) in enumerate(zip(table, faces, strict=True)) if f and x == c)
            del table[i], faces[i], slots[i]

    def _play(self, seat: int, move: Move) -> None:
        hand, up = PARTS[move]
        self._take_from(seat, hand, up)
        cards = list(hand + up)
        self.emit("play", f"{self.names[seat]} plays {_labels(cards)}.", seat=seat, cards=C.codes(cards))
        if self._lay(seat, cards):
            self._next_turn(seat)

    def _lay(self, seat: int, cards: list[int]) -> bool:
        """Cards of one rank go on the pile and are counted; four of a rank or a 10 sweeps, and a
        player with no cards left goes out. True when the set simply lies there (the turn goes on)."""
        rank = ORDER[cards[0]]
        led = not self.pile
        self.pile += cards
        if rank == self.top:
            self.count += len(cards)
        else:
            self.top = rank
            self.count = len(cards)
        if rank == TEN and not (led and self.options.ten_led == "normal_lowest"):
            self._sweep(seat, "a 10 sweeps the pile")
        elif self.count >= MOST_ON_TOP:
            self._sweep(seat, f"four {RANK_WORD[rank][1]} sweep the pile")
        elif not self._holds_any(seat):
            self._go_out(seat)
        else:
            return True
        return False

    def _sweep(self, seat: int, why: str) -> None:
        self.swept += self.pile
        self.pile = []
        self.top = -1
        self.count = 0
        self.phase_name = SweepPhase.PLAY
        if not self._holds_any(seat):
            self.emit("sweep", f"{why.capitalize()}.", seat=seat)
            self._go_out(seat)
            return
        self.emit("sweep", f"{why.capitalize()}: {self.names[seat]} leads again.", seat=seat)
        self.turn = seat

    def _next_turn(self, seat: int) -> None:
        self.phase_name = SweepPhase.PLAY
        self.turn = self.next_seat(seat)

    def _blind(self, seat: int, move: Move) -> None:
        k = move.numbers[0]
        table, faces, slots = self.table[seat], self.faces[seat], self.slots[seat]
        i = slots.index(k)  # the blind card lies before the face-up card of its position
        c = table[i]
        del table[i], faces[i], slots[i]
        rank = ORDER[c]
        if not self.cap(rank):
            self.emit("blind", f"{self.names[seat]} plays blind card {k}: {C.LABEL_OF[c]}, which cannot go "
                               f"on the {RANK_WORD[self.top][0]}.", seat=seat, card=C.CODE_OF[c])
            self.hands[seat].append(c)
            self.knowledge.tell(f"hand/{seat}", [c])
            self._pick_up(seat)
            return
        self.emit("blind", f"{self.names[seat]} plays blind card {k}: {C.LABEL_OF[c]}.", seat=seat,
                  card=C.CODE_OF[c])
        if self._lay(seat, [c]):
            # it stood and nothing swept: matching cards from the hand or face up may join it
            if self._add_moves(seat):
                self.phase_name = SweepPhase.ADD
            else:
                self._next_turn(seat)

    def _add(self, seat: int, move: Move) -> None:
        hand, up = PARTS[move]
        self._take_from(seat, hand, up)
        cards = list(hand + up)
        self.emit("play", f"{self.names[seat]} adds {_labels(cards)}.", seat=seat, cards=C.codes(cards))
        self.phase_name = SweepPhase.PLAY
        if self._lay(seat, cards):
            self._next_turn(seat)

    def _pick_up(self, seat: int) -> None:
        """The whole pile into the hand, in everyone's sight; the player on the left leads."""
        taken = self.pile
        self.hands[seat] += taken
        self.knowledge.tell(f"hand/{seat}", taken)
        self.pile = []
        self.top = -1
        self.count = 0
        self.emit("pickup", f"{self.names[seat]} picks up the pile ({len(taken)} cards).", seat=seat,
                  cards=C.codes(taken))
        self._next_turn(seat)

    def _holds_any(self, seat: int) -> bool:
        return bool(self.hands[seat] or self.table[seat])

    def deal_estimate(self) -> list[float]:
        """For the horizon search (:mod:`gamenight.bots.horizon`): what each player would score if
        the round ended now, every card held counted (a pile picked up costs at once)."""
        return [float(Left.of(self.hands[s], self.table[s], self.faces[s]).points())
                for s in range(self.num_players)]

    # ---- the end of a round -------------------------------------------------------------

    def _go_out(self, seat: int) -> None:
        n = self.num_players
        self.emit("out", f"{self.names[seat]} has no cards left and wins the {self.DEAL_WORD}.", seat=seat)
        left = [Left.of(self.hands[s], self.table[s], self.faces[s]) for s in range(n)]
        points, details, note = round_row(self.names, left, seat)
        parts = [f"{self.names[s]} {points[s]}" for s in range(n) if s != seat]
        for s in range(n):
            blind = [c for c, up in zip(self.table[s], self.faces[s], strict=True) if not up]
            if s != seat and blind:
                self.emit("blinds", f"{self.names[s]}'s blind cards were {_labels(blind)}.", seat=s,
                          cards=C.codes(blind))
        label = self.deal_name()
        self.sheet.add(label, points, details=details, note=note)
        self.last_round = f"{self.names[seat]} went out; " + ", ".join(parts) + "."
        self.emit("score", f"{label}: {self.names[seat]} out; " + ", ".join(parts) + ".")
        self.phase_name = SweepPhase.NONE
        if not self.match_over(self._reached):
            self.dealer = seat  # the player out first deals next
            self._deal()

    def _reached(self, why: MatchEnd, totals: list[int]) -> str:
        top = max(range(self.num_players), key=lambda s: totals[s])
        return f"{self.names[top]} reached {totals[top]}; the lowest total ({min(totals)}) wins."

    # ---- what a seat sees ------------------------------------------------------------------

    def _resolve(self, seat: int, move: Move, legal: list[Move]) -> Move | None:
        """The same cards named in another order: the listed move."""
        parts = move_parts(move)
        if parts is None:
            return None
        listed = play_move(move.verb, tuple(sorted(parts[0])), tuple(sorted(parts[1])))
        return listed if listed in legal else None

    def parse(self, text: str) -> Move:
        """Bare card codes play those cards from the hand."""
        words = text.split()
        if words and all(C.is_card_code(w) for w in words):
            verb = "add" if self.phase_name == SweepPhase.ADD else "play"
            return Move.existing(verb, *(C.CARD_ARG[C.card(w)] for w in words))
        return parse_move(text)

    def on_top(self) -> str:
        if self.top < 0:
            return "nothing: lead a set"
        more = MOST_ON_TOP - self.count
        ten = " (a 10 led lies as the lowest card)" if self.top == TEN else ""
        return f"{set_words(self.top, self.count)}{ten} — {number_word(more)} more sweep"

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.num_players
        uncovered = [self.uncovered(s) for s in range(n)]
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "on_top": self.on_top(),
            "target": self.options.target,
            "uncovered": [", ".join(map(str, u)) if u else None for u in uncovered],
            "last_round": self.last_round or None,
            # what a program reads (not drawn: no field names them)
            "hand": C.codes(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "face_up": [C.codes(self.face_ups(s)) for s in range(n)],
            "blinds": [self.faces[s].count(False) for s in range(n)],
            "blind_positions": uncovered,
            "pile": C.codes(self.pile),
            "swept": C.codes(self.swept),
            "top_rank": self.top,
            "top_count": self.count,
            "turn": self.turn,
            "decks": self.decks,
        }

    def zones(self) -> list[Zone]:
        out = [Zone(f"hand/{s}", self.hands[s], C.CARD_TEXT, s, OWNER, None, Show.HAND, f"{name}'s hand",
                    order=_in_order)
               for s, name in enumerate(self.names)]
        out += [Zone(f"table/{s}", self.table[s], C.CARD_TEXT, s, FACES, self.faces[s], Show.ROW,
                     f"{name}'s blind and face-up cards", stacks=_stacks(self.slots[s]))
                for s, name in enumerate(self.names)]
        out += [
            Zone("pile", self.pile, C.CARD_TEXT, None, PUBLIC, None, Show.SPREAD, "The pile"),
            Zone("swept", self.swept, C.CARD_TEXT, None, PUBLIC, None, Show.PILE, "Swept away"),
            Zone("spare", self.spare, C.CARD_TEXT, None, UNSEEN, None, Show.COUNT, "Set aside"),
        ]
        return out


def _holds(have: list[int], want: tuple[int, ...]) -> bool:
    rest = list(have)
    for c in want:
        if c not in rest:
            return False
        rest.remove(c)
    return True


def _labels(cards: list[int]) -> str:
    return " ".join(C.LABEL_OF[c] for c in cards)


def _in_order(cards: list[int]) -> list[int]:
    """A hand as players hold it: high to low in play order (kings first, 10s last)."""
    return sorted(cards, key=lambda c: (-ORDER[c], c))


def _stacks(slots: list[int]) -> list[int]:
    """How many cards lie at each position still holding any (a blind card, and its face-up card)."""
    out: list[int] = []
    last = -1
    for k in slots:
        if k == last:
            out[-1] += 1
        else:
            out.append(1)
            last = k
    return out


SPEC: GameSpec = register(GameSpec(
    id="sweep",
    title="Sweep",
    family="shedding",
    players=(2, 3, 4, 5, 6, 7, 8, 9),
    default_players=4,
    options_cls=SweepOptions,
    state_cls=Sweep,
    summary="Shed your hand, your face-up cards and the blind cards under them: sets go down in "
            "rank, four of a kind or a 10 sweeps, and whoever cannot play picks up the pile; low score "
            "wins at 300.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["ORDER", "POINTS", "SPEC", "Left", "Sweep", "SweepOptions", "decks_for", "points_left",
           "round_row"]

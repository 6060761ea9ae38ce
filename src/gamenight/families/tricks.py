"""The trick-taking kernel: deals, follow-suit, trick winners, voids, partnerships, matches.

A trick game subclasses :class:`TrickState`, sets its trump for the deal with
:meth:`TrickState.set_trump`, and writes only what is its own: bidding or passing phases,
lead restrictions, and scoring (``_on_hand_over``). The kernel owns the play phase.

Phases take the core's shape (:mod:`gamenight.core.phases`): the kernel's :class:`Phase` s are
``Phase.NONE`` (before the first deal) and ``Phase.PLAY``, each with a handler in ``phases``; a
game declares its own phases (bidding, passing) in an enum of its own and extends the table
with their handlers (``phases = {**TrickState.phases, EuchrePhase.ORDER: OrderPhase(), ...}``).
The play's one kind of move is :class:`PlayCard` (``play``): its rule is
:meth:`TrickState.play_rule` (follow suit; a lead is :meth:`TrickState.lead_rule`), its fast
listing :meth:`TrickState.legal_plays` (and ``_legal_leads``), its step
:meth:`TrickState.play_card`; a game changes the play through those — the rule and its listing
together, which the conformance suite checks against each other — and only the sentence for
another verb during the play through a :class:`PlayPhase` of its own. A game's own acting phases
are :class:`ActingPhase` s made of kinds.

Rules the kernel writes once:

* **Follow suit** through a per-deal *effective suit* table, so Euchre's left bower is a
  trump and not a member of its printed suit. A player who cannot follow may play anything,
  and is known to everyone to be void in the led suit from then on.
* **Trick winner**: the highest trump, else the highest card of the suit led. Of two
  identical cards (multi-deck games) the later one played wins, unless a game sets
  ``later_identical_wins`` to False (then the earlier one does).
* **Sitting out**: a seat marked inactive (a Euchre loner's partner) is skipped.
* **Deals** go one card at a time clockwise from the dealer's left; the first deal of a
  game started with a stacked ``deck`` uses it (dealer seat 0), later deals are shuffled
  by the game's own seeded RNG.
* **Zones** (``zones()``): every hand (its owner's only; a seat that showed out of a suit is
  dealt none of it when the unseen cards are redealt), every pile of tricks taken, the trick on
  the table, and whatever a game adds in ``_table_zones`` (kitty, up-card, stock, discards).
  Conservation, sampling and the view's layout all follow from that one list; "known to be in
  a hand" (a passed card, a picked-up card) is ``self.knowledge``.

Seats, the dealer and partnerships are the table's (``families.table.Seating``); a game's match
ends by its ``MatchRules`` (``families.match.MatchPlay``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar

from gamenight.core.events import Event
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move, parse_move
from gamenight.core.phases import KindsPhase, MoveKind, PhaseDispatch, PhaseHandler, PhaseName
from gamenight.core.state import State
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.dealing import DealsCards
from gamenight.families.match import MatchPlay, MatchRules
from gamenight.families.table import Seating


class Phase(PhaseName):
    """The kernel's phases; ``str(phase)`` is what views show. A game's own are in its own enum."""

    NONE = "", "Between deals"  # before the first deal
    PLAY = "play", "Playing the cards"


LABEL_OF = C.LABEL_OF
CODE_OF = C.CODE_OF
CARD_TEXT = C.CARD_TEXT
#: zone visibilities and show hints as plain names (an enum class's attribute lookup is slow, and
#: zones are built for every view and sample)
OWNER, PUBLIC, UNSEEN = Visibility.OWNER, Visibility.PUBLIC, Visibility.NOBODY
HAND, COUNT, PILE, ROW, TRICK = Show.HAND, Show.COUNT, Show.PILE, Show.ROW, Show.TRICK

#: one interned move per card, so legal-move lists allocate nothing new
PLAY: list[Move] = [Move("play", C.CARD_ARG[c]) for c in range(C.CARD_COUNT)]
#: the end of each card's play event, after the player's name ("North plays Q♠."): made once
PLAYS: list[str] = [f" plays {LABEL_OF[c]}." for c in range(C.CARD_COUNT)]
#: one frozenset per seat for ``to_act`` in turn-based phases
ONLY: list[frozenset[int]] = [frozenset((s,)) for s in range(16)]
NOBODY: frozenset[int] = frozenset()

RIGHT_BOWER_POWER = 21
LEFT_BOWER_POWER = 20


@cache
def trick_tables(
    trump: int | None, *, bowers: bool = False, low: bool = False
) -> tuple[list[int], list[int]]:
    """(effective suit, power) of every card for a deal with this trump.

    ``bowers``: the jack of trumps and the other jack of its colour become the two highest
    trumps, and that second jack (the left bower) belongs to the trump suit.
    ``low``: cards rank the other way round (two high, ace low).
    """
    suit_of = list(C.SUIT_OF)
    power = [(12 - r) if low else r for r in C.RANK_OF]
    if bowers and trump is not None:
        right = C.make_card(C.JACK, trump)
        left = C.make_card(C.JACK, C.SAME_COLOUR_SUIT[trump])
        power[right] = RIGHT_BOWER_POWER
        power[left] = LEFT_BOWER_POWER
        suit_of[left] = trump
    return suit_of, power


def suit_word(suit: int) -> str:
    return C.SUIT_NAMES[suit]


class ActingPhase(KindsPhase[Any]):
    """A trick game's phase made of kinds of move (:class:`~gamenight.core.phases.KindsPhase`),
    whose sentence for a move of no kind here may read the state (an example from the hand):
    :meth:`why_not_other`, else the class's ``wrong`` and ``otherwise``."""

    def why_not_other(self, s: Any, seat: int, move: Move) -> str | None:
        """The sentence refusing ``move``, whose verb is none of this phase's kinds' (None: the
        class's ``wrong`` or ``otherwise``)."""
        return None

    def why_illegal(self, s: Any, seat: int, move: Move) -> str:
        if self.kind_of(s, move.verb) is None:
            other = self.why_not_other(s, seat, move)
            if other is not None:
                return other
        return super().why_illegal(s, seat, move)


class PlayCard(MoveKind["TrickState"]):
    """Play a card of the hand to the trick: follow the suit led if you can (the effective suit:
    Euchre's left bower is a trump); a lead is free unless the game restricts it. The rule is the
    state's :meth:`TrickState.play_rule` (a game adds its own there); the fast listing is
    :meth:`TrickState.legal_plays`, checked against the rule by the conformance suite."""

    verbs = ("play",)

    def candidates(self, s: TrickState, seat: int) -> list[Move]:
        return [PLAY[c] for c in dict.fromkeys(s.hands[seat])]

    def legal(self, s: TrickState, seat: int) -> list[Move]:
        return s.legal_plays(seat)

    def verify(self, s: TrickState, seat: int, move: Move) -> str | None:
        if len(move.args) != 1 or len(move.cards) != 1:
            return "Play exactly one card, for example 'play QS'."
        c = move.cards[0]
        if c not in s.hands[seat]:
            return f"You do not hold {C.NAME_OF[c]}."
        return s.play_rule(seat, c)

    def apply(self, s: TrickState, seat: int, move: Move) -> None:
        s.play_card(seat, move.cards[0])

    def describe(self, s: TrickState, move: Move, viewer: int | None) -> str:
        c = move.cards[0]
        if not s.trick:
            return f"Lead {LABEL_OF[c]}"
        if s.suit_of[c] == s.trump != s.led:
            return f"Trump with {LABEL_OF[c]}"
        return f"Play {LABEL_OF[c]}"


#: the one instance of the play's kind every trick game shares
PLAY_CARD = PlayCard()


class PlayPhase(ActingPhase):
    """The play: the player whose turn it is plays a card (:class:`PlayCard`). A game's subclass
    words the refusal of any other verb (``why_not_other``)."""

    def to_act(self, s: TrickState) -> frozenset[int]:
        return ONLY[s.turn]

    def kinds(self, s: TrickState) -> list[MoveKind[Any]]:
        return [PLAY_CARD]

    def why_not_other(self, s: Any, seat: int, move: Move) -> str | None:
        return "It is time to play a card, for example 'play QS'."


#: the play phase, for the hooks' identity test on the hot path (a module name: an enum class's
#: attribute lookup is slow)
PLAY_NOW = Phase.PLAY


class TrickState(PhaseDispatch, DealsCards, Seating, MatchPlay, State):
    """Shared state and play phase of every trick-taking game. Its hooks are one lookup of
    ``phase_name`` in ``phases`` (:class:`~gamenight.core.phases.PhaseDispatch`), the play first."""

    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {Phase.NONE: PhaseHandler(), Phase.PLAY: PlayPhase()}

    #: what a person sees besides the zones (hands, tricks taken, the trick): core.layout
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True),
        Field("trump", "Trumps", Kind.SUIT, piece="card", head=True),
        Field("dealer", "Dealer", Kind.SEAT),
        Field("leader", "Leads", Kind.SEAT),
        Field("tricks_won", "Tricks won", Kind.NUMBER, per_seat=True),
        Field("team_tricks", "Tricks per team", Kind.TEAMS),
        Field("trick_done", "Last trick", Kind.TRICK, piece="card"),
        Field("sitting_out", "Sitting out", Kind.SEATS),
        Field("low_ranking", "Cards rank low this deal: the two is highest, the ace lowest", Kind.FLAG),
    )

    def _init_tricks(self, rules: MatchRules, *, teams: int = 1) -> None:
        """``rules``: how the match ends; ``teams``: 2 for partners sitting opposite each other."""
        n = self.num_players
        self.init_seating(teams=teams)
        self.match_rules = rules
        self.deal_no = 0
        self.phase_name: str = Phase.NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.last_trick: list[tuple[int, int]] = []
        #: the last trick gathered, kept across deals so the table can show it before the next
        #: deal: (its number over the match, its deal, its seats, its cards, its winner)
        self.finished_trick: tuple[int, int, tuple[int, ...], tuple[int, ...], int] | None = None
        self.untouched_deal = True
        self.leader = 0
        self.turn = 0
        self.trump: int | None = None
        self.led = -1
        self.bowers = False
        self.low_ranking = False
        self.suit_of, self.power = trick_tables(None)
        self.tricks_won = [0] * n
        self.taken: list[list[int]] = [[] for _ in range(n)]
        self.void: list[set[int]] = [set() for _ in range(n)]
        #: seats taking part in this deal's tricks (the play phase's cached ``active.count(True)``)
        self.n_active = n
        #: of two identical winning cards (multi-deck games) the later one played wins; False: the earlier
        self.later_identical_wins = True

    # ---- dealing ------------------------------------------------------------------

    def deal_hands(self, size: int) -> list[int]:
        """Deal ``size`` cards to every seat, one at a time from the dealer's left; return the
        undealt rest of the deck, top card first."""
        deck = self._fresh_deck()
        n = self.num_players
        dealt = size * n
        for seat in range(n):
            # one card at a time from the dealer's left: seat s gets every n-th card from its turn on
            self.hands[seat][:] = deck[(seat - self.dealer - 1) % n:dealt:n]
        return deck[dealt:]

    def begin_deal(self) -> None:
        """Reset everything that lives for one deal."""
        n = self.num_players
        self.deal_no += 1
        self.trick = []
        self.trick_seats = []
        self.last_trick = []
        self.untouched_deal = True  # the previous deal's last trick shows until this deal's first move
        self.tricks_won = [0] * n
        self.taken = [[] for _ in range(n)]
        self.void = [set() for _ in range(n)]
        self.seat_everyone()
        self.n_active = n
        self.knowledge.clear()
        self.set_trump(None)

    def set_trump(self, trump: int | None, *, bowers: bool = False, low: bool = False) -> None:
        self.trump = trump
        self.bowers = bowers
        self.low_ranking = low
        self.suit_of, self.power = trick_tables(trump, bowers=bowers, low=low)

    def partner_of(self, seat: int) -> int:
        """``seat``'s partner at a partnership table (four players: the seat opposite)."""
        partner = self.partner(seat)
        assert partner is not None, "partners need a partnership table"
        return partner

    # ---- the play phase -------------------------------------------------------------

    def start_play(self, leader: int) -> None:
        self.phase_name = Phase.PLAY
        self.n_active = self.active.count(True)  # who sits out is settled before the play
        self.leader = self.turn = leader
        self.trick = []
        self.trick_seats = []

    # the hooks are one lookup in ``phases`` (PhaseDispatch), but the play comes first without
    # the lookup: it is the hottest path of every trick game (the play's handler does the same)

    def _to_act(self) -> frozenset[int]:
        if self._outcome is not None:
            return NOBODY
        if self.phase_name is PLAY_NOW:
            return ONLY[self.turn]
        return self.phases[self.phase_name].to_act(self)

    def _legal(self, seat: int) -> list[Move]:
        if self.phase_name is PLAY_NOW:
            return self.legal_plays(seat)
        return self.phases[self.phase_name].legal(self, seat)

    def _apply(self, seat: int, move: Move) -> None:
        self.untouched_deal = False  # (a deal's last card starts the next deal, which sets it again)
        if self.phase_name is PLAY_NOW:
            self.play_card(seat, move.cards[0])
        else:
            self.phases[self.phase_name].apply(self, seat, move)

    # ---- play: the fast listing, the rule, the step ------------------------------------------

    def legal_plays(self, seat: int) -> list[Move]:
        """The cards ``seat`` may play now: the fast listing of :meth:`play_rule` (a game that
        adds to the rule adds the same here)."""
        hand = self.hands[seat]
        if not self.trick:
            return self._legal_leads(seat, hand)
        led = self.led
        so = self.suit_of
        return [PLAY[c] for c in hand if so[c] == led] or [PLAY[c] for c in hand]

    def _legal_leads(self, seat: int, hand: list[int]) -> list[Move]:
        """Cards that may lead a trick (fast listing of :meth:`lead_rule`); games with lead
        restrictions override both."""
        return [PLAY[c] for c in hand]

    def play_rule(self, seat: int, c: int) -> str | None:
        """The rule playing ``c``, a card ``seat`` holds, breaks now (its sentence), or ``None``:
        a lead is the game's :meth:`lead_rule`; after it, follow suit if you can."""
        if not self.trick:
            return self.lead_rule(seat, c)
        led = self.led
        so = self.suit_of
        if so[c] != led and any(so[h] == led for h in self.hands[seat]):
            return self._follow_suit_reason(c, led)
        return None

    def _follow_suit_reason(self, c: int, led: int) -> str:
        reason = f"You must follow suit: you hold a {C.SUIT_SINGULAR[led]}."
        if C.SUIT_OF[c] != self.suit_of[c]:
            reason += (f" ({C.NAME_OF[c].capitalize()} counts as a {C.SUIT_SINGULAR[self.suit_of[c]]} "
                       f"while {suit_word(self.suit_of[c])} are trumps.)")
        return reason

    def lead_rule(self, seat: int, c: int) -> str | None:
        """Why ``seat`` may not lead ``c`` (a card it holds), or ``None``: any card may lead unless
        the game says."""
        return None

    def play_card(self, seat: int, c: int) -> None:
        # the hottest path of every trick game: locals, no helper calls for the common case
        self.hands[seat].remove(c)
        trick = self.trick
        so = self.suit_of[c]
        if not trick:
            self.led = so
        elif so != self.led:
            self.void[seat].add(self.led)
        trick.append(c)
        self.trick_seats.append(seat)
        self.events.append(Event("play", self.names[seat] + PLAYS[c], seat, None, {"card": CODE_OF[c]}))
        if len(trick) == self.n_active:
            self._complete_trick()
        else:
            nxt = seat + 1
            if nxt == self.num_players:
                nxt = 0
            self.turn = nxt if self.active[nxt] else self.next_seat(nxt)

    def trick_winner(self) -> int:
        so = self.suit_of
        pw = self.power
        trump = self.trump
        led = self.led
        # equal keys only come from identical cards: ``edge`` 0 lets the later one win, 1 the earlier
        edge = 0 if self.later_identical_wins else 1
        best = -1
        best_i = 0
        for i, c in enumerate(self.trick):
            s = so[c]
            if s == trump:
                key = 200 + pw[c]
            elif s == led:
                key = 100 + pw[c]
            else:
                continue
            if key >= best + edge:
                best = key
                best_i = i
        return self.trick_seats[best_i]

    def _complete_trick(self) -> None:
        # once a trick, on the hot path: locals, and the event made here rather than through emit
        winner = self.trick_winner()
        cards = self.trick
        seats = self.trick_seats
        self.tricks_won[winner] += 1
        self.taken[winner].extend(cards)
        self.last_trick = list(zip(seats, cards, strict=True))
        done = self.finished_trick
        number = done[0] + 1 if done is not None else 1
        self.finished_trick = (number, self.deal_no, tuple(seats), tuple(cards), winner)
        self.trick = []
        self.trick_seats = []
        self.events.append(Event("trick", self.names[winner] + " wins the trick.", winner))
        self._on_trick_won(winner, cards)
        if not self.hands[winner]:
            self._on_hand_over()
        else:
            self.leader = self.turn = winner

    def _on_trick_won(self, winner: int, cards: list[int]) -> None:
        """Hook: the Hearts kitty goes to the winner of the first trick."""

    def last_trick_winner(self) -> int | None:
        """Who took this deal's last trick, once every card is played (``None`` before): what a
        last-trick bonus or penalty is paid to."""
        done = self.finished_trick
        if done is None or done[1] != self.deal_no or any(self.hands):
            return None
        return done[4]

    def _on_hand_over(self) -> None:
        raise NotImplementedError

    # ---- parsing ----------------------------------------------------------------------

    def parse(self, text: str) -> Move:
        """A bare card code means playing that card."""
        word = text.strip()
        if C.is_card_code(word):
            return PLAY[C.card(word)]
        return parse_move(text)

    # ---- what a seat sees -------------------------------------------------------------

    def sorted_hand(self, hand: Sequence[int]) -> list[int]:
        """Display order: trumps first, then the other suits alternating colours; high to low."""
        so = self.suit_of
        pw = self.power
        order = [C.SPADES, C.HEARTS, C.CLUBS, C.DIAMONDS]
        if self.trump is not None:
            order.remove(self.trump)
            order.insert(0, self.trump)
        pos = {s: i for i, s in enumerate(order)}
        pos[C.NO_SUIT] = 4
        return sorted(hand, key=lambda c: (pos[so[c]], -pw[c]))

    def _trick_view(self, seat: int | None) -> dict[str, Any]:
        hand = self.sorted_hand(self.hands[seat]) if seat is not None else None
        return {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "hand": C.codes(hand) if hand is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "trump": C.SUITS[self.trump] if self.trump is not None else None,
            # what a program needs to rank cards the way this deal does (trick_tables)
            "bowers": self.bowers,
            "low_ranking": self.low_ranking,
            "leader": self.leader if self.phase_name == Phase.PLAY else None,
            "trick": [
                {"seat": s, "card": C.CODE_OF[c]} for s, c in zip(self.trick_seats, self.trick, strict=True)
            ],
            "last_trick": [{"seat": s, "card": C.CODE_OF[c]} for s, c in self.last_trick],
            "tricks_won": list(self.tricks_won),
            "team_tricks": self._team_tricks(),
            "trick_done": self._trick_done(),
            "sitting_out": [s for s in range(self.num_players) if not self.active[s]],
        }

    def _team_tricks(self) -> list[int] | None:
        """Tricks won by each team, in score-sheet column order (partnership tables only)."""
        if self.teams < 2:
            return None
        out = [0] * self.teams
        for seat, won in enumerate(self.tricks_won):
            out[self.team_of(seat)] += won
        return out

    def _trick_done(self) -> dict[str, Any] | None:
        """The last trick gathered (this deal's or, until the next deal's first move, the previous
        deal's last), with its winner: the table shows it a moment before it is cleared, and the
        next deal's bidding does not go on showing the previous deal's cards."""
        done = self.finished_trick
        if done is None or (done[1] != self.deal_no and not self.untouched_deal):
            return None
        number, deal, seats, cards, winner = done
        return {"number": number, "deal": deal, "winner": winner,
                "plays": [{"seat": s, "card": C.CODE_OF[c]} for s, c in zip(seats, cards, strict=True)]}

    # ---- where the cards lie ------------------------------------------------------------

    def zones(self) -> list[Zone]:
        """Every hand (its owner's; a seat void in a suit holds none of it), every pile of tricks
        taken, the trick on the table, then the game's own zones (``_table_zones``)."""
        # built for every view and every sample: texts come ready-made, arguments by position
        # (key, pieces, codec, owner, visibility, face_up, show, label, group)
        hands = self.hands
        taken = self.taken
        void = self.void
        so = self.suit_of
        texts = seat_zone_texts(tuple(self.names), self.teams)
        out = [
            Zone(hand_key, hands[s], CARD_TEXT, s, OWNER, None, HAND, hand_label,
                 allowed=_not_in_suits(so, void[s]) if void[s] else None, order=self.sorted_hand)
            for s, (hand_key, hand_label, _, _, _) in enumerate(texts)
        ]
        out += [
            Zone(taken_key, taken[s], CARD_TEXT, s, PUBLIC, None, COUNT, taken_label, team)
            for s, (_, _, taken_key, taken_label, team) in enumerate(texts)
        ]
        out.append(Zone("trick", self.trick, CARD_TEXT, show=TRICK, label="The trick",
                        seats=self.trick_seats))
        out += self._table_zones()
        return out

    def _table_zones(self) -> list[Zone]:
        """Hook: a game's own zones (kitty, up-card, stock, discards, cards chosen to pass)."""
        return []


@cache
def seat_zone_texts(names: tuple[str, ...], teams: int) -> tuple[tuple[str, str, str, str, str], ...]:
    """Per seat: the key and label of its hand, of the cards of its tricks taken, and the group
    of its team."""
    return tuple((f"hand/{s}", f"{name}'s hand", f"taken/{s}", f"Cards taken by {name}",
                  f"team/{s % teams}" if teams > 1 else "") for s, name in enumerate(names))


def _not_in_suits(suit_of: list[int], suits: set[int]) -> Callable[[int], bool]:
    """A void seat's constraint: none of the (effective) suits it showed out of."""
    return lambda c: suit_of[c] not in suits

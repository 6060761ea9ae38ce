"""Canadian Salad — the family rule book (seed 000, p.10).

Three to eight players, each for himself; all the cards are dealt. The deck depends on the
number of players: 3 — one deck without its clubs (13 each); 4 — one deck; 5 — one deck
without the two of clubs and the two of diamonds (10 each); 6 — two decks without one suit of
clubs and one of diamonds; 7 — two decks without one suit of clubs; 8 — two decks (13 each).
No trumps, ever; follow suit when you can, else play anything; the highest card of the suit
led wins and its winner leads next. With two decks, of two identical winning cards the one
played later wins. Ten rounds, each avoiding something else:

* Round 1, red cards: 5 for each red card.
* Round 2, even cards: 5 for each 2, 4, 6, 8, 10 and queen.
* Round 3, tricks: 10 for each trick.
* Round 4, hearts: 10 for each heart.
* Round 5, face cards: 10 for each jack, queen and king.
* Round 6, sevens: 30 for each seven.
* Round 7, aces: 30 for each ace.
* Round 8, queens: 30 for each queen.
* Round 9, the king of spades: 75 for each.
* Round 10, the last trick: 75.

A *clean sweep* — one player taking every card (or every trick) the round counts — scores 0
for him and 100 for everyone else. It does not apply to a single event: the last trick, or
the king of spades when there is only one. After ten rounds the lowest total wins.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §9):

* G-CS-1 — round 10 "75 points each": the winner of the last trick takes 75, once.
* G-CS-2, G-CS-5 — the book's round totals in brackets hold for four players only; the engine
  computes each round's total from the deck actually dealt (the view shows it as the points at
  stake), so at five players round 1 holds 125 and round 3 holds 100.
* G-CS-3 — with two decks, taking both kings of spades in round 9 is a clean sweep.
* G-CS-4 — the player left of the dealer leads the first trick; the deal passes to the left;
  the first dealer is chosen at random (GEN-2, GEN-7).
* Any card may be led at any time: there is nothing to "break".
* Players with equal lowest totals share the win.
* A round charging for several things at once (the combination hand of the published game)
  never counts as a clean sweep.

Options: ``identical_card_rule`` — which of two identical winning cards takes the trick
(``later_wins``, the book; ``earlier_wins``). ``clean_sweep`` — off drops the sweep rule.
``rounds`` — the book's ten, or the six hands of the usual published game (no tricks 10 each,
no hearts 10 each, no queens 25 each, no king of spades 100, no last trick 100, then all five
at once). ``cards`` — the book's deck per player count, or one deck with the fewest low cards
removed so it deals out evenly (2♣, 2♦, 3♣, 3♦ in that order: 17 each at three players, 8 at
six).

The preset ``standard`` is the usual published game for three to six players: the six hands,
one deck with the fewest low cards removed, no clean sweep.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.registry import GameSpec, register
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.penalties import Penalty, card_penalty, last_trick_penalty, trick_penalty
from gamenight.families.tricks import Phase as TrickPhase
from gamenight.families.tricks import TrickState

#: what everyone else scores when one player makes a clean sweep
SWEEP_POINTS = 100
EVEN_RANKS = frozenset((C.TWO, C.FOUR, C.SIX, C.EIGHT, C.TEN, C.QUEEN))
FACE_RANKS = frozenset((C.JACK, C.QUEEN, C.KING))
KING_OF_SPADES = C.make_card(C.KING, C.SPADES)
QUEEN_OF_SPADES = C.make_card(C.QUEEN, C.SPADES)


def _is_red(c: int) -> bool:
    return C.SUIT_COLOUR[C.SUIT_OF[c]] == 1


def _of_rank(*ranks: int) -> Any:
    return lambda c: C.RANK_OF[c] in ranks


#: the book's ten rounds, in order
BOOK_ROUNDS: tuple[Penalty, ...] = (
    card_penalty("Red cards", "5 for each red card", 5, _is_red),
    card_penalty("Even cards", "5 for each 2, 4, 6, 8, 10 and queen", 5,
                 lambda c: C.RANK_OF[c] in EVEN_RANKS),
    trick_penalty("Tricks", "10 for each trick", 10),
    card_penalty("Hearts", "10 for each heart", 10, lambda c: C.SUIT_OF[c] == C.HEARTS),
    card_penalty("Face cards", "10 for each jack, queen and king", 10, lambda c: C.RANK_OF[c] in FACE_RANKS),
    card_penalty("Sevens", "30 for each seven", 30, _of_rank(C.SEVEN)),
    card_penalty("Aces", "30 for each ace", 30, _of_rank(C.ACE)),
    card_penalty("Queens", "30 for each queen", 30, _of_rank(C.QUEEN)),
    card_penalty("King of spades", "75 for each king of spades", 75, lambda c: c == KING_OF_SPADES),
    last_trick_penalty("Last trick", "75 for the last trick", 75),
)


def _everything(parts: Sequence[Penalty]) -> Penalty:
    """The published game's last hand: every earlier hand's charges at once."""
    per_card = tuple(sum(p.per_card[c] if p.per_card else 0 for p in parts) for c in range(C.JOKER + 1))
    return Penalty("Everything", "all five at once: tricks, hearts, queens, the king of spades and the "
                   "last trick", per_card=per_card, per_trick=sum(p.per_trick for p in parts),
                   last_trick=sum(p.last_trick for p in parts))


_SIX = (
    trick_penalty("No tricks", "10 for each trick", 10),
    card_penalty("No hearts", "10 for each heart", 10, lambda c: C.SUIT_OF[c] == C.HEARTS),
    card_penalty("No queens", "25 for each queen", 25, _of_rank(C.QUEEN)),
    card_penalty("No king of spades", "100 for the king of spades", 100, lambda c: c == KING_OF_SPADES),
    last_trick_penalty("No last trick", "100 for the last trick", 100),
)
#: the usual published game's six hands
SIX_ROUNDS: tuple[Penalty, ...] = (*_SIX, _everything(_SIX))
SCHEDULES: dict[str, tuple[Penalty, ...]] = {"ten": BOOK_ROUNDS, "six": SIX_ROUNDS}

#: one deck dealt evenly: these low cards go first, as many as the player count needs
LOW_CARDS = tuple(C.cards("2C 2D 3C 3D"))


@dataclass(frozen=True, kw_only=True)
class CanadianSaladOptions(Options):
    identical_card_rule: str = option(
        "later_wins", "Two identical winning cards",
        "With two decks the same card can fall twice in a trick. Which of the two takes it?",
        choices={"later_wins": "The one played later (the book)",
                 "earlier_wins": "The one played first"},
    )
    clean_sweep: bool = option(
        True, "Clean sweep",
        "The book: a player who takes every card or every trick the round counts scores nothing and "
        "everyone else 100 (not for the last trick, nor for a lone king of spades). Off: everyone "
        "scores what they took.",
    )
    rounds: str = option(
        "ten", "Rounds",
        "Which rounds are played, in order.",
        choices={"ten": "The book's ten: red cards, even cards, tricks, hearts, face cards, sevens, "
                        "aces, queens, the king of spades, the last trick",
                 "six": "The usual six: tricks, hearts, queens 25 each, the king of spades 100, the last "
                        "trick 100, then all five at once"},
    )
    cards: str = option(
        "book", "Cards",
        "Which cards are dealt for the number of players.",
        choices={"book": "The book: three players play without clubs, five without the twos of clubs and "
                         "diamonds, and six to eight players use two decks (six without a suit of clubs "
                         "and one of diamonds, seven without a suit of clubs)",
                 "one": "One deck, with the fewest low cards taken out (two of clubs, two of diamonds, "
                        "three of clubs, three of diamonds) so that it deals out evenly"},
    )


PRESETS = {
    "standard": Preset(
        "standard",
        "The usual published game for three to six players: six hands (tricks, hearts, queens, the king "
        "of spades, the last trick, then all of them at once), one deck with the fewest low cards taken "
        "out, and no clean sweep.",
        {"rounds": "six", "cards": "one", "clean_sweep": False},
        players=(3, 4, 5, 6),
    ),
}


def book_deck(players: int) -> list[int]:
    """The book's cards for this many players."""
    if players <= 5:
        deck = C.standard_deck()
        if players == 3:
            return [c for c in deck if C.SUIT_OF[c] != C.CLUBS]
        if players == 5:
            return [c for c in deck if c not in LOW_CARDS[:2]]
        return deck
    deck = C.standard_deck(decks=2)
    removed = {6: (C.CLUBS, C.DIAMONDS), 7: (C.CLUBS,), 8: ()}[players]
    for suit in removed:  # one whole suit of that kind, from one of the two decks
        for rank in range(13):
            deck.remove(C.make_card(rank, suit))
    return deck


def one_deck(players: int) -> list[int]:
    """One deck, the fewest low cards taken out so that it deals out evenly."""
    out = set(LOW_CARDS[:52 % players])
    return [c for c in C.standard_deck() if c not in out]


def sweep_counts(penalty: Penalty, deck: Sequence[int], tricks: int) -> bool:
    """Whether taking everything this round counts is a clean sweep: a round of cards holding
    more than one of them, or of tricks; never a single event, nor a round charging for several
    things at once."""
    kinds = bool(penalty.per_card) + bool(penalty.per_trick) + bool(penalty.last_trick)
    if kinds != 1 or penalty.last_trick:
        return False
    if penalty.per_trick:
        return tricks > 1
    return penalty.interest(deck) > 1


def took_everything(penalty: Penalty, deck: Sequence[int], tricks: int, taken: Sequence[int],
                    won: int) -> bool:
    """Whether one player's take is everything this round counts."""
    if penalty.per_trick:
        return won == tricks
    return penalty.interest(taken) == penalty.interest(deck)


def round_points(penalty: Penalty, deck: Sequence[int], taken: Sequence[Sequence[int]], won: Sequence[int],
                 took_last: int | None, *, sweeps: bool = True) -> tuple[list[int], int | None]:
    """What each player scores for a round played with ``deck``: ``taken[s]`` the cards seat
    ``s`` took in ``won[s]`` tricks, ``took_last`` the winner of the last trick. Returns the
    points and the player who made a clean sweep (``sweeps``: the rule is in play), if anyone."""
    players = range(len(won))
    tricks = sum(won)
    if sweeps and sweep_counts(penalty, deck, tricks):
        sweeper = next((s for s in players if took_everything(penalty, deck, tricks, taken[s], won[s])), None)
        if sweeper is not None:
            return [0 if s == sweeper else SWEEP_POINTS for s in players], sweeper
    return [penalty.charge(taken[s], won[s], s == took_last) for s in players], None


def take_detail(penalty: Penalty, taken: Sequence[int], won: int, took_last: bool) -> str:
    """What a player took that the round counts, the way the score sheet writes it."""
    parts = []
    if penalty.per_card:
        counted = [c for c in taken if penalty.per_card[c]]
        if counted:
            parts.append(" ".join(C.LABEL_OF[c] for c in sorted(counted)) if len(counted) <= 4
                         else f"{len(counted)} cards")
    if penalty.per_trick and won:
        parts.append(f"{won} trick" + ("s" if won > 1 else ""))
    if penalty.last_trick and took_last:
        parts.append("last trick")
    return ", ".join(parts) or "—"


def round_row(penalty: Penalty, deck: Sequence[int], taken: Sequence[Sequence[int]], won: Sequence[int],
              took_last: int | None, names: Sequence[str], *, sweeps: bool = True,
              ) -> tuple[list[int], list[str], str, int | None]:
    """A round's row on the sheet: the points, each player's take in words, the note, and who
    made a clean sweep (if anyone)."""
    points, sweeper = round_points(penalty, deck, taken, won, took_last, sweeps=sweeps)
    details = [take_detail(penalty, taken[s], won[s], s == took_last) for s in range(len(won))]
    if sweeper is None:
        return points, details, "", None
    details[sweeper] = f"clean sweep: {details[sweeper]}"
    return points, details, f"clean sweep by {names[sweeper]}: everyone else scores {SWEEP_POINTS}", sweeper


def round_label(deal: str, penalty: Penalty) -> str:
    """A round's row label: the round and what it avoids."""
    return f"{deal}: {penalty.name}"


def over_words(rounds: int, totals: Sequence[int]) -> str:
    """Why the match ended: every round is played, the lowest total wins."""
    return f"All {rounds} rounds are played; the lowest total ({min(totals)}) wins."


class CanadianSalad(TrickState):
    DEAL_WORD = "round"
    PHASE_LABELS: ClassVar[dict[str, str]] = {
        TrickPhase.PLAY: "Playing: take as little of the round's penalty as you can"}
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round counter says it
        Field("round_of", "{Deal}", Kind.COUNTER, head=True),
        Field("penalty", "Avoid", Kind.TEXT, head=True),
        Field("at_stake", "Points at stake", Kind.NUMBER),
        Field("penalty_taken", "Penalty so far", Kind.NUMBER, per_seat=True),
    )
    options: CanadianSaladOptions

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.schedule = SCHEDULES[self.options.rounds]
        # players tied for the lowest total share the win
        self._init_tricks(MatchRules(deals=len(self.schedule), lowest_wins=True))
        self.later_identical_wins = self.options.identical_card_rule == "later_wins"
        n = self.num_players
        self.deck = book_deck(n) if self.options.cards == "book" else one_deck(n)
        self.size = len(self.deck) // self.num_players
        self.two_decks = len(self.deck) > len(set(self.deck))
        self._start_deal()

    def deck_template(self) -> list[int]:
        return list(self.deck)

    @property
    def penalty(self) -> Penalty:
        """The charge of the round being played."""
        return self.schedule[self.deal_no - 1]

    def at_stake(self) -> int:
        """Everything this round's deck can charge, from the cards actually dealt."""
        return self.penalty.available(self.deck, self.size)

    def _start_deal(self) -> None:
        self.begin_deal()
        self.deal_hands(self.size)
        p = self.penalty
        self.emit("deal", f"{self.deal_name()} of {len(self.schedule)}, {p.name.lower()}: {p.describe}. "
                          f"{self.names[self.dealer]} deals {self.size} cards each.", seat=self.dealer)
        self.start_play(self.left_of_dealer())

    def legal_plays(self, seat: int) -> list[Move]:
        moves = super().legal_plays(seat)
        # two decks: a hand may hold the same card twice, and playing either is one move
        return list(dict.fromkeys(moves)) if self.two_decks else moves

    # ---- scoring --------------------------------------------------------------------

    def _charges(self) -> list[int]:
        p = self.penalty
        last = self.last_trick_winner()
        return [p.charge(self.taken[s], self.tricks_won[s], s == last) for s in range(self.num_players)]

    def _on_hand_over(self) -> None:
        n = self.num_players
        p = self.penalty
        last = self.last_trick_winner()
        points, details, note, sweeper = round_row(p, self.deck, self.taken, self.tricks_won, last,
                                                   self.names, sweeps=self.options.clean_sweep)
        if sweeper is not None:
            self.emit("sweep", f"{self.names[sweeper]} took every one: a clean sweep. {self.names[sweeper]} "
                               f"scores nothing and everyone else {SWEEP_POINTS}.", seat=sweeper)
        label = round_label(self.deal_name(), p)
        self.sheet.add(label, points, details=details, note=note)
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if not self.match_over(self._over):
            self.pass_deal()
            self._start_deal()

    def _over(self, why: MatchEnd, totals: list[int]) -> str:
        return over_words(len(self.schedule), totals)

    # ---- what a seat sees -----------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        p = self.penalty
        out.update(
            round_of=[self.deal_no, len(self.schedule)],
            penalty=f"{p.name} ({p.describe})",
            at_stake=self.at_stake(),
            penalty_taken=self._charges(),
            # what a program needs to play the round (undeclared: not drawn)
            penalty_cards={C.CODE_OF[c]: v for c, v in enumerate(p.per_card) if v} if p.per_card else {},
            penalty_per_trick=p.per_trick,
            penalty_last_trick=p.last_trick,
            later_identical_wins=self.later_identical_wins,
            played=C.codes(sorted(c for pile in self.taken for c in pile)),
            decks=2 if self.two_decks else 1,
        )
        return out


SPEC: GameSpec = register(GameSpec(
    id="canadian-salad",
    title="Canadian Salad",
    family="trick-taking",
    players=(3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=CanadianSaladOptions,
    state_cls=CanadianSalad,
    summary="Ten rounds of trick avoidance, each with its own penalty: red cards, even cards, tricks, "
            "hearts, faces, sevens, aces, queens, the king of spades and the last trick. Lowest total wins.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["BOOK_ROUNDS", "SIX_ROUNDS", "SPEC", "CanadianSalad", "CanadianSaladOptions", "book_deck",
           "one_deck", "over_words", "round_label", "round_points", "round_row", "sweep_counts",
           "took_everything"]

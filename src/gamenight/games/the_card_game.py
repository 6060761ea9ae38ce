"""The Card Game — the 002 seed's Three-Thirteen ("Card Games: 1. The Card Game").

Two or more players, each for himself, with at least one full deck (no jokers) for every three
players. Eleven rounds: the first deals 3 cards each, the next 4, and so on up to 13, and in each
round the rank equal to the hand size is wild — 3s with 3 cards, ... 10s with 10, then jacks
(11 cards), queens (12) and kings (13). The player left of the dealer starts; the deal passes left.

A turn: draw the top card of the stock ("pickup pile") or of the discard pile, then discard one
card — it may be the card just taken, even from the discard pile. Melds are sets (cards of one
rank) and runs (consecutive cards of one suit), three or more cards, with as many wild cards as
you like but at least one natural card each; a card of the wild rank is always wild. To go out
(``out 9C``) the other n cards of the n + 1 a player holds after drawing must all meld: they are
laid face up and the named card discarded — going out always needs that discard. Then every
other player has exactly one more turn, and the round is over. Each player is charged the cards
left over from the best arrangement of his hand into melds: ace 1, two to nine face value (a wild
three costs 3), ten and courts 10. The player who went out scores the going-out score. After the
last round the lowest total wins.

Decisions where the book is silent (``shared/rules/other-seeds.md`` §5.2 gaps TCG-1..10; "HOUSE"
marks the spec's own house decisions):

* TCG-1 — aces are low only: A-2-3 is a run, Q-K-A and K-A-2 are not. Option ``ace =
  high_or_low`` lets a run end at either side of the ace, never round the corner.
* TCG-2 — every meld needs a natural card (the book). Option ``allow_all_wild_meld`` allows
  melds of wild cards only, as published Three-Thirteen does (gambiter.com "3-13": "You can
  even make a set that consists of only wild cards").
* TCG-3 — nobody lays off on the going-out player's melds; the others are scored on the best
  arrangement of their hand without laying anything down.
* TCG-4 — a player whose hand melds on his last turn may go out too (``out``): he scores 0 but
  never the going-out bonus, which is only for the player who went out first.
* TCG-5 (HOUSE) — when a player must draw and the stock is empty, the discard pile but its top
  card is shuffled into a new stock. House decision of this module, as the spec's Standard
  Rummy does (§4.1, ``max_restocks=1``): the stock is remade once a round; when it runs out again
  the round ends at once and everyone is scored on his hand (a player who went out keeps his
  score, note "the stock ran out") — so a round between players who cannot go out ends.
* TCG-6 — option ``descend``: ``none`` (default), ``12_to_3`` (then 12 cards down to 3, so 13 is
  dealt once; HOUSE default when descending) or ``13_to_3`` (13 is dealt twice). The wild rank
  stays the rank equal to the hand size.
* TCG-7 (HOUSE) — equal lowest totals share the win.
* TCG-8 — the going-out score "we usually vote before we start": option ``going_out_score`` is
  ``0`` (default), ``-5``, or ``vote``: the table votes before the first deal — a secret,
  simultaneous ``vote 0`` / ``vote -5`` by every player; a strict majority for −5 makes it −5,
  anything else (a tie included) leaves 0 (house decision of this module).
* TCG-9 — a run has at most one card of each rank; a set may hold identical cards from several
  decks.
* TCG-10 — decks: ⌈players / 3⌉, plus option ``extra_decks``. (The spec's check that
  players × 14 + 1 cards fit always holds with that many decks.) Two to eight players.
* Also: the first dealer is random (the spec's deal); the others' hands are shown and scored at
  the end of each round, one score-sheet row per round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.notation import NUMBER
from gamenight.core.options import Options, option
from gamenight.core.phases import KindsPhase, MoveKind, PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.families.draw_discard import COUNT_VALUES, DrawDiscardState, Phase, PlayPhase
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.melds import ACE_EITHER, ACE_LOW, RANK_PLURAL, RUMMY_VALUES, MeldRules, solver_for
from gamenight.families.pile_access import same
from gamenight.families.rummy_rules import RummyRules

GOING_OUT_BONUS = -5
FIRST_SIZE, LAST_SIZE = 3, 13
PLAYERS_PER_DECK = 3

#: interned moves: go out discarding a card; the two votes
OUT: list[Move] = [Move("out", C.CARD_ARG[c]) for c in range(53)]
VOTES: dict[int, Move] = {0: Move("vote", NUMBER(0)), GOING_OUT_BONUS: Move("vote", NUMBER(GOING_OUT_BONUS))}


@dataclass(frozen=True, kw_only=True)
class CardGameOptions(Options):
    going_out_score: str = option(
        "0", "Score for going out",
        "What the player who goes out first scores for the round (the lowest total wins).",
        choices={"0": "Nothing: going out scores 0",
                 "-5": "Minus five: going out takes 5 off the total",
                 "vote": "The table votes before the first deal; a majority for minus five makes it so"},
    )
    descend: str = option(
        "none", "Travel back down",
        "After the thirteen-card round, play the rounds again back down to three cards.",
        choices={"none": "No: the game ends after the thirteen-card round",
                 "12_to_3": "Yes, from twelve cards down to three (thirteen is dealt once)",
                 "13_to_3": "Yes, from thirteen cards down to three (thirteen is dealt twice)"},
    )
    ace: str = option(
        "low", "Aces in runs",
        "Where an ace may sit in a run.",
        choices={"low": "Low only: A-2-3",
                 "high_or_low": "Low or high: A-2-3 or Q-K-A, but never K-A-2"},
    )
    allow_all_wild_meld: bool = option(
        False, "Melds of wild cards only",
        "The book wants at least one natural card in every meld. On: a meld may be all wild cards.",
    )
    extra_decks: int = option(
        0, "Extra decks",
        "Decks added to the book's one deck for every three players.", minimum=0, maximum=3,
    )


# ---- small rules --------------------------------------------------------------------------

def round_sizes(descend: str) -> tuple[int, ...]:
    """Cards dealt in each round: 3 up to 13, then back down if the table travels back."""
    up = tuple(range(FIRST_SIZE, LAST_SIZE + 1))
    if descend == "12_to_3":
        return up + tuple(range(LAST_SIZE - 1, FIRST_SIZE - 1, -1))
    if descend == "13_to_3":
        return up + tuple(range(LAST_SIZE, FIRST_SIZE - 1, -1))
    return up


def wild_rank(size: int) -> int:
    """The rank equal to the hand size is wild: 3 cards threes ... 11 jacks, 12 queens, 13 kings."""
    return size - 2  # rank indices run two..ace = 0..12


def decks_for(players: int, extra: int = 0) -> int:
    """One full deck for every three players (rounded up), plus any extra decks."""
    return -(-players // PLAYERS_PER_DECK) + extra


@cache
def round_rules(size: int, ace: str = "low", all_wild: bool = False) -> MeldRules:
    """What a meld is in the round dealing ``size`` cards (no jokers; one natural at least)."""
    mode = ACE_EITHER if ace == "high_or_low" else ACE_LOW
    return MeldRules(jokers_wild=False, ace=mode, all_wild=all_wild).with_wild_ranks(wild_rank(size))


def majority_score(votes: list[int]) -> int:
    """TCG-8: −5 only with a strict majority for it; a tie leaves the going-out score at 0."""
    return GOING_OUT_BONUS if 2 * votes.count(GOING_OUT_BONUS) > len(votes) else 0


# ---- a round's score from its facts: the engine and the score pad both call these ----------

def match_rules(o: CardGameOptions) -> MatchRules:
    """A round per hand size; the lowest total wins."""
    return MatchRules(deals=len(round_sizes(o.descend)), lowest_wins=True)


def round_label(number: int, size: int) -> str:
    """The sheet's row for a round: "Round 4: 6 cards, sixes wild"."""
    return f"Round {number}: {size} cards, {RANK_PLURAL[wild_rank(size)]} wild"


def round_points(bonus: int, went_out: int | None, also_out: Sequence[int], left: Sequence[int]) -> list[int]:
    """Each player's points: the going-out score for the first out, nothing for one out on his last
    turn, the cards left over (``left``, counted) for the others."""
    return [bonus if s == went_out else 0 if s in also_out else n for s, n in enumerate(left)]


def round_note(stock_ran_out: bool, went_out: int | None) -> str:
    """A round the empty stock ended (TCG-5) is noted on the sheet."""
    if not stock_ran_out:
        return ""
    why = "nobody went out" if went_out is None else "the last turns were cut short"
    return f"the stock ran out: {why}"


class CardGamePhase(PhaseName):
    """The Card Game's own phase (the turn's are the kernel's ``Phase``); ``str`` is what views show."""

    #: before the first deal, everyone at once votes the going-out score (TCG-8)
    VOTE = "vote", "Voting on the score for going out"


class Vote(MoveKind["TheCardGame"]):
    """Vote, in secret, the score of the player who goes out first: 0 or -5 (TCG-8)."""

    verbs = ("vote",)

    def candidates(self, s: TheCardGame, seat: int) -> list[Move]:
        return list(VOTES.values())

    def verify(self, s: TheCardGame, seat: int, move: Move) -> str | None:
        if s.votes[seat] is not None:
            return "You have voted already: wait for the others."
        if not any(same(move, vote) for vote in VOTES.values()):
            return "Vote 0 or -5 for the score of the player who goes out first: 'vote 0' or 'vote -5'."
        return None

    def apply(self, s: TheCardGame, seat: int, move: Move) -> None:
        assert move.number is not None
        s._cast_vote(seat, move.number)

    def describe(self, s: TheCardGame, move: Move, viewer: int | None) -> str:
        return f"Vote {move.number} for going out"


class GoOut(MoveKind["TheCardGame"]):
    """Go out: lay every card but one down in melds and discard that one."""

    verbs = ("out",)

    def candidates(self, s: TheCardGame, seat: int) -> list[Move]:
        return [OUT[c] for c in sorted(set(s.hands[seat]))]

    def legal(self, s: TheCardGame, seat: int) -> list[Move]:
        return [OUT[c] for c in s.out_discards(seat)]

    def verify(self, s: TheCardGame, seat: int, move: Move) -> str | None:
        if len(move.cards) != 1 or len(move.args) != 1:
            return ("To go out, name the one card you discard, for example 'out 9C': going out needs "
                    "a discard.")
        missing = s._missing(seat, move.cards)
        if missing:
            return missing
        if move.cards[0] not in s.out_discards(seat):
            natural = "" if s.options.allow_all_wild_meld else ", each with at least one natural card"
            return (f"You cannot go out discarding {C.NAME_OF[move.cards[0]]}: the other {s.size} cards must "
                    f"all form melds (sets or runs of three or more{natural}; {s.wild_name()} are wild "
                    "this round).")
        return None

    def apply(self, s: TheCardGame, seat: int, move: Move) -> None:
        s._go_out(seat, move.cards[0])

    def describe(self, s: TheCardGame, move: Move, viewer: int | None) -> str:
        return f"Go out, melding the rest and discarding {C.LABEL_OF[move.cards[0]]}"

    def confirm(self, s: TheCardGame, seat: int, move: Move) -> str | None:
        return "Go out? The round ends and everyone else's cards count against them."


class VotePhase(KindsPhase["TheCardGame"]):
    """Everyone who has not voted votes at once, in secret."""

    otherwise = "The table is voting on the going-out score first: 'vote 0' or 'vote -5'."

    def kinds(self, s: TheCardGame) -> list[MoveKind[Any]]:
        return [Vote()]

    def to_act(self, s: TheCardGame) -> frozenset[int]:
        return frozenset(seat for seat, v in enumerate(s.votes) if v is None)


class CardGamePlay(PlayPhase):
    """The kernel's play (where melds and lay-offs are never legal), and going out."""

    def kinds(self, s: DrawDiscardState) -> list[MoveKind[Any]]:
        return [*super().kinds(s), GoOut()]


class TheCardGame(DrawDiscardState):
    FIELDS: tuple[Field, ...] = (
        Field("deal", ""),  # the round counter says it
        Field("round_of", "{Deal}", Kind.COUNTER, head=True),
        Field("wilds", "Wild", Kind.TEXT, head=True),
        Field("cards_this_round", "Cards each", Kind.NUMBER),
        Field("decks", "Decks", Kind.NUMBER), Field("going_out_score", "Going out scores", Kind.NUMBER),
        Field("voted", "Has voted", Kind.FLAG, per_seat=True),
        Field("my_vote", "Your vote", Kind.NUMBER), Field("went_out", "Went out", Kind.SEAT),
        Field("last_turns", "Last turns to come", Kind.SEATS),
    )
    DEAL_WORD = "round"
    RUMMY_RULES = RummyRules(melds_in_turn=False, lay_off_in_turn=False, discard_taken=True, max_restocks=1)
    options: CardGameOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **DrawDiscardState.phases, Phase.PLAY: CardGamePlay(), CardGamePhase.VOTE: VotePhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        o = self.options
        self.sizes = round_sizes(o.descend)
        self.decks = decks_for(self.num_players, o.extra_decks)
        self._init_table(self.rules_for(self.sizes[0]))
        self.match_rules = match_rules(o)
        self.went_out: int | None = None
        self.also_out: list[int] = []
        self.votes: list[int | None] = [None] * self.num_players
        self.pack: list[int] = []  # the deck before the first deal, while the table votes
        if o.going_out_score == "vote":
            self.bonus: int | None = None
            self.pack = self.deck_template()
            self.phase_name = CardGamePhase.VOTE
            self.emit("vote", "Before the first deal everyone votes the going-out score: "
                              "'vote 0' or 'vote -5'.")
        else:
            self.bonus = int(o.going_out_score)
            self._start_round()

    def deck_template(self) -> list[int]:
        return C.standard_deck(decks=self.decks)

    def rules_for(self, size: int) -> MeldRules:
        return round_rules(size, self.options.ace, self.options.allow_all_wild_meld)

    @property
    def size(self) -> int:
        """Cards dealt this round (the first round's while the table votes)."""
        return self.sizes[max(self.deal_no - 1, 0)]

    def wild_name(self) -> str:
        return RANK_PLURAL[wild_rank(self.size)]

    # ---- the vote on the going-out score (TCG-8) ----------------------------------------

    def _cast_vote(self, seat: int, score: int) -> None:
        self.votes[seat] = score
        self.emit("voted", f"{self.names[seat]} has voted.", seat=seat)
        self.emit("my_vote", f"You vote {score} for going out.", seat=seat, to=seat)
        if any(v is None for v in self.votes):
            return
        cast = [v for v in self.votes if v is not None]
        self.bonus = majority_score(cast)
        self.emit("vote_result", f"The vote: {cast.count(GOING_OUT_BONUS)} for -5, {cast.count(0)} for 0. "
                                 f"Going out scores {self.bonus}.")
        self.pack = []
        self._start_round()

    # ---- rounds ----------------------------------------------------------------------------

    def _start_round(self) -> None:
        size = self.sizes[self.deal_no]
        self.begin_deal()
        self.meld_rules = self.rules_for(size)
        self.went_out = None
        self.also_out = []
        self.deal(size)
        self.emit("deal", f"{self.deal_name()} of {len(self.sizes)}: {self.names[self.dealer]} deals "
                          f"{size} cards each; {self.wild_name()} are wild.", seat=self.dealer)
        self.begin_turn(self.left_of_dealer())

    # ---- going out (GoOut) ------------------------------------------------------------------

    def _go_out(self, seat: int, discard: int) -> None:
        """Lay the rest of the hand down in melds and discard the card named."""
        rest = list(self.hands[seat])
        rest.remove(discard)
        melds = solver_for(self.meld_rules, COUNT_VALUES).best(rest).melds
        for meld in melds:
            self.place_meld(seat, meld)
        self.remove_from_hand(seat, (discard,))
        self.discards.append(discard)
        first = self.went_out is None
        laid = "; ".join(m.describe() for m in melds)
        self.emit("out", f"{self.names[seat]} goes out{'' if first else ' too'}: {laid}; discards "
                         f"{C.LABEL_OF[discard]}." + (" Everyone else has one more turn." if first else ""),
                  seat=seat, card=C.CODE_OF[discard])
        if first:
            self.went_out = seat
        else:
            self.also_out.append(seat)
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        """After someone has gone out, each other player has one more turn, then the round ends."""
        nxt = self.next_seat(seat)
        if self.went_out is not None and nxt == self.went_out:
            self.phase_name = Phase.NONE
            self._on_hand_over(self.went_out)
            return
        self.begin_turn(nxt)

    def last_turns(self) -> list[int]:
        """The seats still to take their last turn this round, in order."""
        if self.went_out is None or not self.phase_name:
            return []
        out, s = [], self.turn
        while s != self.went_out:
            out.append(s)
            s = self.next_seat(s)
        return out

    # ---- scoring ---------------------------------------------------------------------------

    def deal_estimate(self) -> list[float]:
        """The search's horizon estimate (:mod:`gamenight.bots.horizon`): what each player would be
        charged if the round ended now — his best arrangement's leftover, after his best discard
        for a hand yet to discard, and nothing once out."""
        solver = solver_for(self.meld_rules, RUMMY_VALUES)
        out = {self.went_out, *self.also_out}
        row: list[float] = []
        for s, hand in enumerate(self.hands):
            if s in out or not hand:
                row.append(0.0)
            elif len(hand) > self.size:
                row.append(float(min(solver.deadwood_after_discards(hand).values())))
            else:
                row.append(float(solver.best(hand).deadwood_value))
        return row

    def _on_hand_over(self, out: int | None) -> None:
        solver = solver_for(self.meld_rules, RUMMY_VALUES)
        left_over: list[int] = []
        details: list[str] = []
        for s in range(self.num_players):
            if s == self.went_out:
                left_over.append(0)
                details.append("went out")
            elif s in self.also_out:
                left_over.append(0)
                details.append("went out on the last turn")
            else:
                best = solver.best(self.hands[s])
                left_over.append(best.deadwood_value)
                left = " ".join(C.LABEL_OF[c] for c in self.sorted_hand(best.deadwood)) or "nothing"
                details.append(f"left {left}")
                melds = "; ".join(m.describe() for m in best.melds) or "no meld"
                self.emit("reveal", f"{self.names[s]} shows {melds}; left {left}: {best.deadwood_value} "
                                    "points.", seat=s, hand=C.codes(self.hands[s]))
        points = round_points(self.bonus or 0, self.went_out, self.also_out, left_over)
        label = round_label(self.deal_no, self.size)
        self.sheet.add(label, points, details=details, note=round_note(out is None, self.went_out))
        self.emit("score", f"{label}: " + ", ".join(f"{self.names[s]} {points[s]:+d}"
                                                      for s in range(self.num_players)) + ".")
        if not self.match_over(self.why_over):
            self.pass_deal()
            self._start_round()

    def why_over(self, why: MatchEnd, totals: list[int]) -> str:
        return f"All {len(self.sizes)} rounds are played: the lowest total wins."

    # ---- refusals --------------------------------------------------------------------------

    def _meld_rule(self, seat: int) -> str | None:
        return ("Melds are laid down only when going out: 'out 9C' lays down all your other cards in melds "
                "and discards the 9♣.")

    # ---- what a seat sees ------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._table_view(seat)
        voting = self.phase_name == CardGamePhase.VOTE
        out.update({
            "round": self.deal_no,
            "rounds": len(self.sizes),
            "round_of": [self.deal_no, len(self.sizes)] if self.deal_no else None,  # none before the deal
            "cards_this_round": self.size,
            "wild_rank": C.RANKS[wild_rank(self.size)],
            "wilds": self.wild_name(),
            "decks": self.decks,
            "going_out_score": self.bonus,
            # who has voted, while the table votes
            "voted": [v is not None for v in self.votes] if voting else None,
            # a vote is secret until everyone has voted
            "votes": None if voting or self.bonus is None or self.options.going_out_score != "vote"
            else list(self.votes),
            "my_vote": self.votes[seat] if seat is not None else None,
            "went_out": self.went_out,
            "last_turns": self.last_turns(),
        })
        return out

    # ---- zones and sampling -----------------------------------------------------------------

    def _own_zones(self) -> list[Zone]:
        return [Zone("pack", self.pack, C.CARD_TEXT, visibility=Visibility.NOBODY, show=Show.PILE,
                     label="The pack, before the first deal")]

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """The cards from the zones; and the secret votes, which are no cards."""
        super()._redeal_hidden(seat, rng)
        if self.phase_name == CardGamePhase.VOTE:  # the others' secret votes are guessed afresh
            for s, v in enumerate(self.votes):
                if s != seat and v is not None:
                    self.votes[s] = rng.choice((0, GOING_OUT_BONUS))


SPEC: GameSpec = register(GameSpec(
    id="the-card-game",
    title="The Card Game",
    family="rummy",
    players=(2, 3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=CardGameOptions,
    state_cls=TheCardGame,
    summary="Three-Thirteen: rounds of 3 up to 13 cards with the matching rank wild; meld your whole "
            "hand and discard to go out, everyone else gets one more turn, and the lowest total wins.",
    rules=__doc__ or "",
))

__all__ = ["GOING_OUT_BONUS", "SPEC", "CardGameOptions", "TheCardGame", "decks_for", "majority_score",
           "match_rules", "round_label", "round_note", "round_points", "round_rules", "round_sizes",
           "wild_rank"]

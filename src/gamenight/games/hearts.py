"""Hearts — the family rule book (seed 000, p.14).

Three to eight players, one 52-card deck, aces high, no trump. Each player gets ⌊50/n⌋
cards and the rest (always at least two) go face down to the middle as a *kitty*: 3 players
16 + 4, 4 players 12 + 4, 5 players 10 + 2, 6 players 8 + 4, 7 players 7 + 3, 8 players
6 + 4. Before each hand everybody passes three cards at once, face down, and nobody looks at
what they receive until everyone has passed; the direction cycles left, right, across, keeper
(no pass), with "across" skipped at more than four players. The holder of the two of clubs
leads it; follow suit if you can. Hearts may not be led until a heart or the queen of spades
has been played; the queen of spades may be led at any time. The winner of the first trick
also takes the kitty: its cards are not played, but their points count for that player.
Hearts score 1 each and the queen of spades 13. POWER: a player who collects all thirteen
hearts and the queen of spades (the kitty included) scores 0 and every other player 26.
When anyone has 100 or more at the end of a hand, the lowest total wins.

House decisions where the book is silent (``shared/rules/metzker-book.md`` §13):

* G-HE-1 — hand size ⌊50/n⌋, remainder to the kitty, as above. Option ``kitty`` off deals
  thirteen each with no kitty, which only comes out even with four players.
* G-HE-2 — hearts and the queen of spades may be played to the first trick (option
  ``first_trick_points = forbidden``: not unless the hand holds nothing else).
* G-HE-3 — the kitty stays face down, unseen even by its taker, until the hand is scored,
  then it is shown to all. Option ``kitty_visibility = revealed_when_taken`` turns it face up
  for everyone when the first trick is won.
* G-HE-4 — hearts in the kitty do not break hearts: they are never played.
* G-HE-5 — three players pass left, right, then keep (no "across").
* G-HE-6 — players tied for the lowest total share the win.
* G-HE-7 — option ``moon = self_minus_26``: the POWER player scores −26, the others nothing.
* Leading hearts is allowed when the hand holds only hearts (the usual rule).
* If the two of clubs is in the kitty, the lowest club anyone holds leads; that card is
  forced, so the engine plays it for its holder as soon as the pass is done.
* Passing is one card at a time (``pass QS``, three moves), all seats at once; a chosen card
  stays chosen. Only the number of cards each seat has chosen is public.
* The first dealer is chosen at random and the deal passes to the left (GEN-2, GEN-7).

The preset ``standard`` is the usual published game: four players, thirteen cards each, no
kitty, no points on the first trick.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from gamenight.core.errors import OptionError
from gamenight.core.layout import Field, Kind
from gamenight.core.moves import Move
from gamenight.core.options import Options, Preset, option
from gamenight.core.phases import PhaseHandler, PhaseName
from gamenight.core.registry import GameSpec, register
from gamenight.core.zones import Zone
from gamenight.equipment import cards as C
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.families.passing import PASS, PASS_FIELDS, Passes, PassPhase
from gamenight.families.tricks import (
    CARD_TEXT,
    PILE,
    PLAY,
    PUBLIC,
    UNSEEN,
    PlayPhase,
    TrickState,
)
from gamenight.families.tricks import Phase as TrickPhase

PASS_SIZE = 3
QUEEN_OF_SPADES = C.make_card(C.QUEEN, C.SPADES)
ALL_POINTS = 26
#: penalty points of every card: hearts 1, the queen of spades 13
POINTS: list[int] = [1 if C.SUIT_OF[c] == C.HEARTS else 0 for c in range(53)]
POINTS[QUEEN_OF_SPADES] = 13
IS_HEART: list[bool] = [C.SUIT_OF[c] == C.HEARTS for c in range(53)]

LEFT, RIGHT, ACROSS, KEEPER = "left", "right", "across", "keeper"
PASS_OFFSET = {LEFT: 1, RIGHT: -1, ACROSS: 2}


@dataclass(frozen=True, kw_only=True)
class HeartsOptions(Options):
    #: passing, points in the first trick and shooting the moon: read as each deal is dealt and scored
    AMENDABLE: ClassVar[frozenset[str]] = frozenset({"passing", "first_trick_points", "moon"})
    kitty: bool = option(
        True, "Kitty",
        "The book: each player gets as many cards as 50 shares out evenly, and the rest (at least two) "
        "lie face down in the middle for whoever wins the first trick. Off: thirteen cards each and no "
        "kitty (four players only).",
    )
    passing: bool = option(
        True, "Passing",
        "The book: before each hand everyone passes three cards, to the left, then the right, then "
        "across (four players only), then no pass. Off: no passing at all.",
    )
    first_trick_points: str = option(
        "allowed", "Points on the first trick",
        "May hearts and the queen of spades be played to the first trick? The book does not say.",
        choices={"allowed": "Yes, like any other trick",
                 "forbidden": "No, unless the hand holds nothing else (the usual rule)"},
    )
    kitty_visibility: str = option(
        "hidden_until_scored", "Kitty visibility",
        "Who sees the kitty's cards, and when.",
        choices={"hidden_until_scored": "Nobody, not even its taker, until the hand is scored",
                 "revealed_when_taken": "Everyone, face up, once the first trick is won"},
    )
    moon: str = option(
        "others_plus_26", "POWER (all hearts and the queen)",
        "What a player scores who takes all thirteen hearts and the queen of spades.",
        choices={"others_plus_26": "He scores nothing and everyone else 26 (the book)",
                 "self_minus_26": "He takes 26 off his own total and the others score nothing"},
    )
    target: int = option(
        100, "Game ends at",
        "The book plays to 100: when anyone reaches this total at the end of a hand, the lowest total wins.",
        minimum=1, maximum=500,
    )

    def check(self, players: int) -> None:
        if not self.kitty and 52 % players:
            raise OptionError(
                f"Without a kitty the 52 cards only deal out evenly to four players, not {players}: "
                "the book puts the remainder in the kitty."
            )


PRESETS = {
    "standard": Preset(
        "standard",
        "The usual published rules, four players only: thirteen cards each, no kitty, "
        "no hearts or queen of spades on the first trick.",
        {"kitty": False, "first_trick_points": "forbidden"},
        players=(4,),
    ),
}


def hand_size(players: int, kitty: bool) -> int:
    """G-HE-1: the largest equal hand that leaves at least two cards for the kitty."""
    return 50 // players if kitty else 52 // players


def pass_cycle(players: int) -> tuple[str, ...]:
    """Left, right, across, keeper; "across" only exists at a four-handed table."""
    return (LEFT, RIGHT, ACROSS, KEEPER) if players == 4 else (LEFT, RIGHT, KEEPER)


def pass_target(seat: int, direction: str, players: int) -> int:
    return (seat + PASS_OFFSET[direction]) % players


def penalty_points(cards: list[int]) -> int:
    """Hearts 1 each, the queen of spades 13."""
    return sum(map(POINTS.__getitem__, cards))


def points_detail(cards: list[int]) -> str:
    """What a player took, the way the score sheet writes it: "3♥ + Q♠"."""
    return taken_detail(sum(IS_HEART[c] for c in cards), QUEEN_OF_SPADES in cards)


def taken_detail(hearts: int, queen: bool) -> str:
    """The sheet's words for a player's take from its hearts and whether it holds the queen."""
    parts = ([f"{hearts}♥"] if hearts else []) + (["Q♠"] if queen else [])
    return " + ".join(parts) or "—"


def power_points(shooter: int, players: int, moon: str) -> list[int]:
    """All thirteen hearts and the queen: 0 for the taker and 26 for everyone else (book),
    or −26 for the taker (G-HE-7)."""
    if moon == "self_minus_26":
        return [-ALL_POINTS if s == shooter else 0 for s in range(players)]
    return [0 if s == shooter else ALL_POINTS for s in range(players)]


def hand_row(hearts: list[int], queen: int, moon: str) -> tuple[list[int], list[str], int | None]:
    """A hand's points and details from each player's hearts (the kitty's with its taker) and who
    took the queen of spades; and who made POWER, if anyone."""
    points = [h + (POINTS[QUEEN_OF_SPADES] if s == queen else 0) for s, h in enumerate(hearts)]
    details = [taken_detail(h, s == queen) for s, h in enumerate(hearts)]
    if ALL_POINTS not in points:
        return points, details, None
    power = points.index(ALL_POINTS)
    details[power] = f"POWER: {details[power]}"
    return power_points(power, len(hearts), moon), details, power


def hand_note(power: str | None, kitty_taker: str | None, kitty: list[int]) -> str:
    """The row's note: who made POWER, and who took the kitty and what it held."""
    notes = [f"POWER by {power}"] if power is not None else []
    if kitty_taker is not None:
        notes.append(f"kitty to {kitty_taker}: {' '.join(C.LABEL_OF[c] for c in kitty)}")
    return "; ".join(notes)


def hand_label(deal: str, direction: str) -> str:
    """A hand's row label: the deal, and the pass before it."""
    return deal + ("" if direction == KEEPER else f" (pass {direction})")


def direction_of(deal_no: int, cycle: tuple[str, ...], passing: bool) -> str:
    """The pass before deal ``deal_no`` (from 1): the cycle in turn, or none without passing."""
    return cycle[(deal_no - 1) % len(cycle)] if passing else KEEPER


def reached_words(names: list[str], totals: list[int]) -> str:
    """Why the match ended: who reached the target, and that the lowest total wins."""
    top = max(range(len(totals)), key=lambda s: totals[s])
    return f"{names[top]} reached {totals[top]}; the lowest total ({min(totals)}) wins."


class HeartsPhase(PhaseName):
    """Hearts' own phase before the play (the kernel's ``TrickPhase.PLAY``); ``str`` is what views show."""

    PASS = "pass", "Passing three cards"  # everyone at once chooses three cards to pass, one at a time


class HeartsPlay(PlayPhase):
    def why_not_other(self, s: TrickState, seat: int, move: Move) -> str | None:
        return "It is time to play a card, for example 'play 5C'; there is no passing now."


class Hearts(Passes, TrickState):
    FIELDS: tuple[Field, ...] = (
        Field("pass_direction", "Passing", Kind.TEXT, head=True),
        *PASS_FIELDS,
        Field("hearts_broken", "Hearts are broken", Kind.FLAG),
        Field("kitty_taker", "Took the kitty", Kind.SEAT),
        Field("points_taken", "Points taken", Kind.NUMBER, per_seat=True),
        Field("target", "Playing to", Kind.NUMBER),
    )
    options: HeartsOptions
    phases: ClassVar[dict[str, PhaseHandler[Any]]] = {
        **TrickState.phases, TrickPhase.PLAY: HeartsPlay(), HeartsPhase.PASS: PassPhase(),
    }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # G-HE-6: reaching the target ends the match, the lowest total wins, ties share it
        self._init_tricks(MatchRules(target=self.options.target, lowest_wins=True))
        n = self.num_players
        self.size = hand_size(n, self.options.kitty)
        self.cycle = pass_cycle(n)
        self.kitty: list[int] = []
        self.kitty_taker: int | None = None
        self.kitty_shown = False
        self.init_passing()
        self.direction = KEEPER
        self.broken = False
        self.first_trick = True
        self.clean_first_trick = False
        self.opening = 0
        self._start_deal()

    # ---- the deal and the pass ------------------------------------------------------

    def _start_deal(self) -> None:
        self.begin_deal()
        self.kitty = self.deal_hands(self.size)
        self.kitty_taker = None
        self.kitty_shown = False
        self.received = [[] for _ in range(self.num_players)]
        self.broken = False
        self.first_trick = True
        self.opening = 0
        self.direction = direction_of(self.deal_no, self.cycle, self.options.passing)
        kitty = f", {len(self.kitty)} face down to the kitty" if self.kitty else ""
        passing = "no passing" if self.direction == KEEPER else f"pass {self.direction}"
        self.emit("deal", f"{self.deal_name()}: {self.names[self.dealer]} deals {self.size} cards each"
                          f"{kitty}; {passing}.", seat=self.dealer)
        if self.direction == KEEPER:
            self._start_play()
        else:
            self.phase_name = HeartsPhase.PASS
            self.start_passing(PASS_SIZE, PASS_OFFSET[self.direction], self.direction)

    def _passing_done(self) -> None:
        self._start_play()

    # ---- the play -------------------------------------------------------------------

    def _start_play(self) -> None:
        """The lowest club held (the two unless it lies in the kitty) opens the first trick;
        the card is forced, so it is played for its holder."""
        kitty = self.kitty
        self.opening = opening = next(c for c in range(13) if c not in kitty)
        if opening:  # the clubs below the opening card: everyone knows they lie in the kitty
            self.knowledge.tell("kitty", range(opening))
        leader = next(s for s in range(self.num_players) if opening in self.hands[s])
        self.clean_first_trick = self.options.first_trick_points == "forbidden"
        self.start_play(leader)
        if opening:
            self.emit("lead", f"The lowest club held is {C.LABEL_OF[opening]}: "
                              f"{self.names[leader]} leads it.", seat=leader)
        self.play_card(leader, opening)

    def legal_plays(self, seat: int) -> list[Move]:
        # the kernel's listing named, not super()'s: this runs for every card of every deal
        moves = TrickState.legal_plays(self, seat)
        if self.clean_first_trick:  # no points on the first trick while the hand holds anything else
            clean = [m for m in moves if not POINTS[m.cards[0]]]
            if clean:
                return clean
        return moves

    def _legal_leads(self, seat: int, hand: list[int]) -> list[Move]:
        if not self.broken:
            leads = [PLAY[c] for c in hand if not IS_HEART[c]]
            if leads:
                return leads
        return [PLAY[c] for c in hand]

    def lead_rule(self, seat: int, c: int) -> str | None:
        if not self.broken and IS_HEART[c] and not all(IS_HEART[h] for h in self.hands[seat]):
            return ("Hearts have not been broken: you may not lead a heart until a heart or the queen of "
                    "spades has been played, unless you hold only hearts.")
        return None

    def play_rule(self, seat: int, c: int) -> str | None:
        why = super().play_rule(seat, c)
        if why is None and self.clean_first_trick and POINTS[c] and any(
                not POINTS[m.cards[0]] for m in super().legal_plays(seat)):
            return ("No points on the first trick: you may not play a heart or the queen of spades to it "
                    "while you hold another card you could play.")
        return why

    def _on_trick_won(self, winner: int, cards: list[int]) -> None:
        if self.first_trick:
            self.first_trick = False
            if self.clean_first_trick:
                self._infer_first_trick_voids()
                self.clean_first_trick = False
            if self.kitty:
                self._take_kitty(winner)
        # checked as the trick is gathered, before the next lead (the only play it governs);
        # G-HE-4: only a played heart or queen breaks hearts, never the kitty
        if not self.broken and any(map(POINTS.__getitem__, cards)):
            self.broken = True
            self.emit("broken", "Hearts are broken.")

    def _infer_first_trick_voids(self) -> None:
        """Points on a no-points first trick show the hand held nothing else: no clubs or
        diamonds, and no spades either when the card was the queen of spades."""
        for s, c in self.last_trick:
            if POINTS[c]:
                self.void[s].update((C.CLUBS, C.DIAMONDS, C.SPADES) if c == QUEEN_OF_SPADES
                                    else (C.CLUBS, C.DIAMONDS))

    def _take_kitty(self, winner: int) -> None:
        self.kitty_taker = winner
        if self.options.kitty_visibility == "revealed_when_taken":
            self.kitty_shown = True
            self.emit("kitty", f"{self.names[winner]} takes the kitty: "
                               f"{' '.join(C.LABEL_OF[c] for c in self.kitty)}.",
                      seat=winner, cards=C.codes(self.kitty))
        else:
            self.emit("kitty", f"{self.names[winner]} takes the kitty ({len(self.kitty)} cards, face down "
                               "until the hand is scored).", seat=winner)

    # ---- scoring --------------------------------------------------------------------

    def _on_hand_over(self) -> None:
        n = self.num_players
        piles = [self.taken[s] + (self.kitty if s == self.kitty_taker else []) for s in range(n)]
        hearts = [sum(map(IS_HEART.__getitem__, p)) for p in piles]
        queen = next(s for s, p in enumerate(piles) if QUEEN_OF_SPADES in p)
        points, details, power = hand_row(hearts, queen, self.options.moon)
        taker = self.kitty_taker
        if taker is not None:
            self.kitty_shown = True
            self.emit("kitty", f"The kitty held {' '.join(C.LABEL_OF[c] for c in self.kitty)}.",
                      cards=C.codes(self.kitty))
        note = hand_note(None if power is None else self.names[power],
                         None if taker is None else self.names[taker], self.kitty)
        label = hand_label(self.deal_name(), self.direction)
        self.sheet.add(label, points, details=details, note=note)
        scores = ", ".join(f"{self.names[s]} {points[s]:+d}" for s in range(n))
        self.emit("score", f"{label}: {scores}.")
        if not self.match_over(self._reached):
            self.pass_deal()
            self._start_deal()

    def _reached(self, why: MatchEnd, totals: list[int]) -> str:
        return reached_words(self.names, totals)

    # ---- what a seat sees, and what it cannot -----------------------------------------

    def parse(self, text: str) -> Move:
        """A bare card code means passing it while passing, playing it otherwise."""
        word = text.strip()
        if self.phase_name == HeartsPhase.PASS and C.is_card_code(word):
            return PASS[C.card(word)]
        return super().parse(text)

    def _view(self, seat: int | None) -> dict[str, Any]:
        out = self._trick_view(seat)
        out.update(self.pass_view(seat, passing=self.phase_name == HeartsPhase.PASS))
        out.update(
            pass_direction=self.direction,
            hearts_broken=self.broken,
            kitty_size=len(self.kitty),
            kitty_taker=self.kitty_taker,
            kitty=C.codes(sorted(self.kitty)) if self.kitty_shown else None,
            played=C.codes(sorted(c for pile in self.taken for c in pile)),
            points_taken=[penalty_points(p) for p in self.taken],
            target=self.options.target,
        )
        return out

    def _table_zones(self) -> list[Zone]:
        """While passing, the cards each seat has chosen to pass (its own until the exchange);
        the kitty, face down to everyone (even its taker, G-HE-3) until it is shown."""
        chosen = self.pass_zones() if self.phase_name == HeartsPhase.PASS else []
        kitty_vis = PUBLIC if self.kitty_shown else UNSEEN
        return [*chosen, Zone("kitty", self.kitty, CARD_TEXT, visibility=kitty_vis, label="The kitty",
                              show=PILE)]


SPEC: GameSpec = register(GameSpec(
    id="hearts",
    title="Hearts",
    family="trick-taking",
    players=(3, 4, 5, 6, 7, 8),
    default_players=4,
    options_cls=HeartsOptions,
    state_cls=Hearts,
    summary="Avoid hearts and the queen of spades, or take them all for POWER; a kitty goes to the "
            "winner of the first trick, and the lowest score when someone reaches 100 wins.",
    presets=PRESETS,
    rules=__doc__ or "",
))

__all__ = ["SPEC", "Hearts", "HeartsOptions", "direction_of", "hand_label", "hand_note", "hand_row",
           "hand_size", "pass_cycle", "pass_target", "penalty_points", "power_points", "reached_words",
           "taken_detail"]

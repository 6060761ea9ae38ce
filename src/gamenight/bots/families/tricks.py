"""The family heuristic for trick-taking games, tuned per game by subclasses.

It plays from the seat's view alone. In the play phase it asks the game's subclass one
question, :meth:`TrickBot.wants_trick` ("do I want to win this trick?"), and then:

* wanting the trick: if partner is already winning it safely, throw the cheapest card;
  otherwise win it with the cheapest card that wins, or throw the cheapest card if none does;
* not wanting it: play the highest card that still loses, else the card that costs least.

Leading, it leads its best card when it wants tricks and its lowest otherwise. Other phases
(bidding, ordering up, passing) are each game's :meth:`TrickBot.choose_other`.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.core.state import State
from gamenight.equipment import cards as C
from gamenight.families.tricks import trick_tables


def played_since(state: State, stops: Collection[str]) -> list[list[int]]:
    """The cards each seat has played (public) since the last move whose verb is in ``stops``
    (the bidding that opened the deal's play): what the search's inference puts back into a
    sampled world's hands to find them as they were dealt."""
    played: list[list[int]] = [[] for _ in range(state.num_players)]
    for who, move in reversed(state.moves):
        if move.verb in stops:
            break
        if move.verb == "play":
            played[who].append(move.cards[0])
    return played


class TrickView:
    """The view decoded into card ints and the deal's ranking tables, once per decision."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.raw = view
        self.seat: int = view["seat"]
        self.n = len(view["players"])
        self.trump: int | None
        self.suit_of: list[int]
        self.power: list[int]
        self.trump, self.suit_of, self.power = self.ranking(view)
        self.hand = [C.card(c) for c in view.get("hand") or []]
        self.trick = [(t["seat"], C.card(t["card"])) for t in view.get("trick", [])]
        self.sitting_out = set(view.get("sitting_out", []))
        #: of two identical winning cards (multi-deck games) the later one wins, unless the rules say not
        self.later_identical_wins: bool = view.get("later_identical_wins", True)

    def ranking(self, view: dict[str, Any]) -> tuple[int | None, list[int], list[int]]:
        """The deal's trump, and each card's effective suit and power (a game whose cards rank
        their own way decodes its own)."""
        trump = view.get("trump")
        suit = C.suit(trump) if trump else None
        suit_of, power = trick_tables(suit, bowers=bool(view.get("bowers")),
                                      low=bool(view.get("low_ranking")))
        return suit, suit_of, power

    @property
    def led(self) -> int | None:
        return self.suit_of[self.trick[0][1]] if self.trick else None

    def key(self, c: int) -> int:
        """How strongly ``c`` would stand in the current trick (higher wins; <0 cannot win)."""
        s = self.suit_of[c]
        if s == self.trump:
            return 200 + self.power[c]
        led = self.led
        if led is None or s == led:
            return 100 + self.power[c]
        return -1

    def beats(self, key: int, best_key: int) -> bool:
        """Whether a card of ``key`` played now would take the trick from one of ``best_key``
        (an identical card, in multi-deck games, takes it when the later one wins)."""
        return key > best_key or (key == best_key >= 0 and self.later_identical_wins)

    def winning(self) -> tuple[int, int] | None:
        """(seat, card) currently winning the trick."""
        best: tuple[int, int] | None = None
        best_key = -2
        edge = 0 if self.later_identical_wins else 1
        for seat, c in self.trick:
            k = self.key(c)
            if k >= best_key + edge:
                best, best_key = (seat, c), k
        return best

    def is_last_to_play(self) -> bool:
        active = self.n - len(self.sitting_out)
        return len(self.trick) == active - 1

    def partner(self) -> int:
        """The seat across the table (the partner, in partnership games)."""
        return (self.seat + 2) % self.n


class TrickBot:
    """Heuristic bot for the trick-taking family; games subclass it where it pays."""

    name = "heuristic"
    #: seats sit in partnerships (0 & 2 against 1 & 3)
    partnership = False

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "play":
            return self.choose_play(self.trick_view(view), legal, rng)
        return self.choose_other(view, legal, rng)

    # ---- what games override --------------------------------------------------------

    def trick_view(self, view: dict[str, Any]) -> TrickView:
        """The view decoded for the play (a game whose cards rank its own way decodes its own)."""
        return TrickView(view)

    def choose_other(self, view: dict[str, Any], legal: list[Move], rng: random.Random) -> Move:
        """Bidding, ordering up, passing: per game. The family default is a random choice."""
        return legal[rng.randrange(len(legal))]

    def wants_trick(self, tv: TrickView) -> bool:
        """Whether winning the current trick is good for this seat (family default: yes)."""
        return True

    def card_cost(self, tv: TrickView, c: int) -> int:
        """How much giving ``c`` away hurts (the bot discards the cheapest). Default: its power."""
        return tv.power[c] + (50 if tv.suit_of[c] == tv.trump else 0)

    # ---- the family play policy ------------------------------------------------------

    def choose_play(self, tv: TrickView, legal: list[Move], rng: random.Random) -> Move:
        cards = [m.card for m in legal]
        want = self.wants_trick(tv)
        if not tv.trick:
            return legal[cards.index(self.lead(tv, cards, want))]
        return legal[cards.index(self.follow(tv, cards, want))]

    def lead(self, tv: TrickView, cards: list[int], want: bool) -> int:
        if want:
            # lead a top card of a side suit, keeping trumps for later, unless only trumps remain
            side = [c for c in cards if tv.suit_of[c] != tv.trump] or cards
            return max(side, key=lambda c: tv.power[c])
        return min(cards, key=lambda c: (tv.power[c], self.card_cost(tv, c)))

    def follow(self, tv: TrickView, cards: list[int], want: bool) -> int:
        win = tv.winning()
        assert win is not None
        best_key = tv.key(win[1])
        winners = [c for c in cards if tv.beats(tv.key(c), best_key)]
        cheapest = min(cards, key=lambda c: self.card_cost(tv, c))
        if want:
            partner = tv.partner() if self.partnership else None
            if partner is not None and win[0] == partner and (tv.is_last_to_play() or best_key >= 112):
                return cheapest
            if winners:
                return min(winners, key=lambda c: tv.key(c))
            return cheapest
        losers = [c for c in cards if not tv.beats(tv.key(c), best_key)]
        if losers:
            return max(losers, key=lambda c: (tv.key(c), self.card_cost(tv, c)))
        if tv.is_last_to_play():  # the trick is ours anyway: shed the card that would hurt most later
            return max(cards, key=lambda c: self.card_cost(tv, c))
        return min(cards, key=lambda c: tv.key(c))  # someone after us may still take it

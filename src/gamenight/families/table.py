"""The table: who sits where, who deals, whose turn is next, who plays with whom.

Every family's kernel seats its players through :class:`Seating` instead of writing dealer
rotation, turn order and partnerships again. Seats are numbered clockwise from 0; play passes to
the left (the next number). Partners sit alternately: with ``teams`` teams, seat ``s`` plays for
team ``s % teams`` (North–South against East–West at four, three teams of two at six). A seat can
sit out a deal (a Euchre loner's partner), and turn order passes it by.
"""

from __future__ import annotations

import random


class Seating:
    """Seats, the dealer, turn order and partnerships, shared by every kernel."""

    num_players: int
    stacked_deck: list[str] | None
    rng: random.Random
    dealer: int
    #: how many partnerships the seats alternate into; 1: every player for himself
    teams: int
    #: seats taking part in this deal (False: sitting out)
    active: list[bool]

    def init_seating(self, *, teams: int = 1) -> None:
        """The first dealer (seat 0 when the deck was stacked, so a stacked deal is fully
        determined; otherwise drawn by the game's own RNG) and the partnerships."""
        n = self.num_players
        self.teams = teams
        self.dealer = 0 if self.stacked_deck is not None else self.rng.randrange(n)
        self.active = [True] * n

    # ---- turn order ------------------------------------------------------------------------

    def next_seat(self, seat: int) -> int:
        """The next seat to the left that takes part in this deal."""
        n = self.num_players
        seat = (seat + 1) % n
        while not self.active[seat]:
            seat = (seat + 1) % n
        return seat

    def left_of_dealer(self) -> int:
        return (self.dealer + 1) % self.num_players

    def pass_deal(self) -> None:
        """The deal passes to the left."""
        self.dealer = (self.dealer + 1) % self.num_players

    def seats_from(self, first: int) -> list[int]:
        """Every seat once, clockwise from ``first`` (dealing order, red threes laid in turn...)."""
        n = self.num_players
        return [(first + i) % n for i in range(n)]

    def sit_out(self, seat: int) -> None:
        """``seat`` takes no part in this deal (a lone player's partner)."""
        self.active[seat] = False

    def seat_everyone(self) -> None:
        self.active = [True] * self.num_players

    # ---- partnerships -------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        """The partnership ``seat`` plays for (its own number when everyone plays alone)."""
        return seat % self.teams if self.teams > 1 else seat

    def column_of(self, seat: int) -> int:
        """The score-sheet column holding ``seat``'s score: its team's."""
        return self.team_of(seat)

    def teammates(self, seat: int) -> list[int]:
        """Every seat of ``seat``'s team, ``seat`` included, in seat order."""
        t = self.team_of(seat)
        return [s for s in range(self.num_players) if self.team_of(s) == t]

    def partner(self, seat: int) -> int | None:
        """The next player of ``seat``'s team round the table (``None`` without partners)."""
        if self.teams <= 1 or self.num_players <= self.teams:
            return None
        return (seat + self.teams) % self.num_players


__all__ = ["Seating"]

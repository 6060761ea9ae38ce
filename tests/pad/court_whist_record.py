"""Record a played Court Whist party's games as score-pad entries, from the engine's state as each
hand and game is scored (where everyone sat, each player's tricks, face cards and speech)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.court_whist import rules as R
from gamenight.games.court_whist.party import CourtWhist
from gamenight.games.court_whist.party_pad import OUT, place
from gamenight.games.court_whist.table import CourtTable
from gamenight.pad import Entry
from tests.pad.record import play_with_bots


@contextmanager
def recording() -> Iterator[list[Entry]]:
    """Every game scored while inside, as an entry."""
    games: list[Entry] = []
    hand_scored, end_game = CourtWhist.hand_scored, CourtWhist._end_game
    game: Entry = {}

    def record_hand(self: CourtWhist, table: CourtTable, figures: list[int], faces: list[int]) -> None:
        k, n = table.hand + 1, self.num_players
        for key in (f"tricks_{k}", f"faces_{k}", f"spoke_{k}"):
            game.setdefault(key, [0] * n)
        for chair, p in enumerate(table.seats):
            game[f"tricks_{k}"][p] = table.tricks_won[chair]
            game[f"faces_{k}"][p] = faces[chair]
            game[f"spoke_{k}"][p] = self.spoke[p]
        hand_scored(self, table, figures, faces)

    def record_game(self: CourtWhist) -> None:
        g = R.GAMES[self.game_no]
        entry = {"seat": [OUT if w is None else place(*w) for w in self.where]}
        for k in range(1, R.HANDS_PER_GAME + 1):
            entry[f"tricks_{k}"] = game[f"tricks_{k}"]
            if g.count is R.Count.FACES:
                entry[f"faces_{k}"] = game[f"faces_{k}"]
            if g.silent:
                entry[f"spoke_{k}"] = game[f"spoke_{k}"]
        games.append(entry)
        game.clear()
        end_game(self)

    CourtWhist.hand_scored = record_hand  # type: ignore[method-assign]
    CourtWhist._end_game = record_game  # type: ignore[method-assign]
    try:
        yield games
    finally:
        CourtWhist.hand_scored = hand_scored  # type: ignore[method-assign]
        CourtWhist._end_game = end_game  # type: ignore[method-assign]


def play_party(players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded party between bots, and its games as entries."""
    with recording() as games:
        s = gamenight.new("court-whist", players=players, seed=seed, preset=preset, options=options)
        play_with_bots(s, bot, seed)
    return s, games

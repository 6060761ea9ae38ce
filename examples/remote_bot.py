"""A bot of your own playing a seat of a gamenight table over the network.

    gamenight serve                      # or any server; create a table with a person's seat
    python examples/remote_bot.py 'http://127.0.0.1:8000/t/TABLE?token=TOKEN'
"""

import random
import sys
from typing import Any

from gamenight.client import play_seat
from gamenight.core.moves import Move


class FirstChoiceBot:
    """Plays the first legal move, and now and then another one at random."""

    name = "first-choice"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Any, rng: random.Random) -> Move:
        return legal[0] if rng.random() < 0.7 else rng.choice(legal)


if __name__ == "__main__":
    result = play_seat(sys.argv[1], FirstChoiceBot())
    print(result.outcome, f"({result.moves_sent} moves, {len(result.errors)} refused)")

"""Jokers Wild: a bot that races its side's marbles home.

Every card move is made on a copy of the board (the game's own rules, ``play_card``) and the
position after it is valued for the bot's side against the others: each marble is worth how far
it has come — nothing in Home, its way round the loop towards its Castle entrance, much more in
the Castle (deeper is better: it blocks nothing) — with a marble an opponent could land on soon
(a few holes ahead of it, or on its come-out hole while it has marbles at Home) worth less.
Partners count alike, so a finished player's cards help the partner. A joker costs something to
spend and a 7 a little (both are worth keeping); with no move, the least useful card goes.
"""

from __future__ import annotations

import random
from typing import Any

from gamenight.bots.base import Sampler
from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.games.jokers_wild import (
    EMPTY,
    IN_HOME,
    JOKER,
    LOOP,
    OUT_RANKS,
    Position,
    Rules,
    play_card,
    rules_from,
)
from gamenight.games.jokers_wild_board import marble_worth

#: what spending a card is worth (kept cards are options)
SPEND = {JOKER: 30.0}
SPEND_SEVEN = 4.0

_RULES: dict[tuple[Any, ...], Rules] = {}


def _rules(view: dict[str, Any]) -> Rules:
    data = view["rules"]
    key = tuple(data[k] if not isinstance(data[k], list) else tuple(data[k]) for k in sorted(data))
    r = _RULES.get(key)
    if r is None:
        r = _RULES[key] = rules_from(data)
    return r


def value(pos: Position, r: Rules, mine: frozenset[int], playing: tuple[int, ...]) -> float:
    """The position for the side ``mine``: its marbles' way home less the other sides'."""
    holes = pos.holes
    total = 0.0
    threats = [h for h in range(LOOP) if holes[h] != EMPTY]
    for h, b in enumerate(holes):
        if b == EMPTY or IN_HOME[h]:
            continue
        worth = marble_worth(pos, r, h, threats, playing)
        total += worth if b in mine else -worth / max(1, len(playing) - len(mine))
    return total


def card_worth(card: int, home: int) -> float:
    if card == JOKER:
        return 60.0
    rank = C.RANK_OF[card]
    if rank in OUT_RANKS and home:
        return 25.0
    if rank == C.SEVEN:
        return 12.0
    if rank == C.EIGHT:
        return 6.0
    return 1.0 + rank * 0.3


class JokersWildBot:
    name = "racer"

    def choose(self, view: dict[str, Any], legal: list[Move], sampler: Sampler, rng: random.Random) -> Move:
        if len(legal) == 1:
            return legal[0]
        r = _rules(view)
        b: int = view["board_seat"]
        playing = tuple(view["board_seats"])
        mine = r.side[b]
        pos = Position(list(view["holes"]), set(view["barred"]))
        if all(m.verb == "discard" for m in legal):
            home = sum(1 for h, x in enumerate(pos.holes) if x in mine and IN_HOME[h])
            return min(legal, key=lambda m: card_worth(m.cards[0], home) + rng.random() * 0.01)
        best: Move | None = None
        best_value = -1e18
        for m in legal:
            if m.verb == "discard":
                continue
            after = pos.copy()
            if play_card(r, after, b, m, []):
                continue
            v = value(after, r, mine, playing)
            card = m.cards[0]
            v -= SPEND.get(card, 0.0)
            if card != JOKER and C.RANK_OF[card] == C.SEVEN:
                v -= SPEND_SEVEN
            v += rng.random() * 0.01
            if v > best_value:
                best, best_value = m, v
        return best if best is not None else legal[0]


GAME_BOTS = {"jokers-wild": JokersWildBot}

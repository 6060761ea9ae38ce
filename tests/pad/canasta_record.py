"""Record a played match of canasta (or Mexicana, or Joker Canasta) hand by hand as score-pad
entries, from the engine's table at the moment each hand is scored: what a family would count on
the table and write down."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.families.canasta_turn import is_red_three
from gamenight.games.canasta import Canasta
from gamenight.games.hand_and_foot import class_counts
from gamenight.pad import Entry, Pad
from tests.pad.record import play_with_bots


def column_facts(s: Canasta, col: int) -> dict[str, Any]:
    """A column's counts by the names the pad's fields use."""
    books = s.books[col]
    rules = s.turn_rules.books
    seats = [p for p in range(s.num_players) if s.column_of(p) == col]
    red = sum(1 for c in s.red3[col] if is_red_three(c))
    facts: dict[str, Any] = dict(Counter(s.canasta_kind(b) for b in books if b.is_canasta(rules)))
    facts |= {"red_threes": red, "black_threes_laid": len(s.red3[col]) - red,
              "taken_back": s.penalties[col] // 100}
    facts |= {f"melded_{k}": n for k, n in class_counts(c for b in books for c in b.cards).items()}
    facts |= {f"left_{k}": n for k, n in class_counts(c for p in seats for c in s.hands[p]).items()}
    return facts


def entry_of(s: Canasta, out: int | None, pad: Pad) -> Entry:
    """The hand's facts as the pad's form asks for them."""
    if s.three and s.lone is None and out is not None:
        s._form_partnership(out)  # as the engine's scoring does first: the partners' melds pooled
    form = pad.form_for(pad.next_hand())
    cols = [column_facts(s, c) for c in range(len(form.columns))]
    hand = {"out": out, "concealed": "yes" if s.concealed_out else "no", "lone": s.lone}
    return {f.key: hand[f.key] if f.scope == "hand" else [c.get(f.key, 0) for c in cols] for f in form.fields}


@contextmanager
def recording(pad: Pad) -> Iterator[list[Entry]]:
    """Every hand scored while inside, as an entry, entered on ``pad`` as it comes."""
    hands: list[Entry] = []
    scored = Canasta._score_round

    def record(self: Canasta, out: int | None) -> None:
        entry = entry_of(self, out, pad)
        hands.append(entry)
        pad.add(entry)
        scored(self, out)

    Canasta._score_round = record  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        Canasta._score_round = scored  # type: ignore[method-assign]


def play_match(game: str, players: int, seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, Pad, list[Entry]]:
    """A seeded match between bots, a pad kept beside it hand by hand, and its hands as entries."""
    s = gamenight.new(game, players=players, seed=seed, preset=preset, options=options)
    pad = Pad.create(game, s.names, preset=preset, options=options)
    with recording(pad) as hands:
        play_with_bots(s, bot, seed)
    return s, pad, hands

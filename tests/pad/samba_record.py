"""Record a played Samba match hand by hand as score-pad entries, from the engine's table at the
moment each hand is scored (what a family would count and write down)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.games.samba import Samba
from gamenight.pad import Entry, Pad
from tests.pad.record import play_with_bots


def entry_of(s: Samba, out: int | None, pad: Pad) -> Entry:
    """The hand's facts as the pad's form asks for them."""
    facts = []
    for t in range(2):
        h = asdict(s.samba_hand(t, out))
        facts.append({**h, **{f"melded_{k}": n for k, n in h["melded"].items()},
                      **{f"left_{k}": n for k, n in h["held"].items()}})
    form = pad.form_for(pad.next_hand())
    return {f.key: out if f.key == "out" else [c[f.key] for c in facts] for f in form.fields}


@contextmanager
def recording(pad: Pad) -> Iterator[list[Entry]]:
    """Every hand scored while inside, as an entry, entered on ``pad`` as it comes."""
    hands: list[Entry] = []
    scored = Samba._score_round

    def record(self: Samba, out: int | None) -> None:
        entry = entry_of(self, out, pad)
        hands.append(entry)
        pad.add(entry)
        scored(self, out)

    Samba._score_round = record  # type: ignore[method-assign]
    try:
        yield hands
    finally:
        Samba._score_round = scored  # type: ignore[method-assign]


def play_match(seed: int, bot: str = "heuristic", preset: str | None = None,
               options: dict[str, Any] | None = None) -> tuple[State, Pad, list[Entry]]:
    """A seeded match between bots, a pad kept beside it hand by hand, and its hands as entries."""
    s = gamenight.new("samba", players=4, seed=seed, preset=preset, options=options)
    pad = Pad.create("samba", s.names, preset=preset, options=options)
    with recording(pad) as hands:
        play_with_bots(s, bot, seed)
    return s, pad, hands

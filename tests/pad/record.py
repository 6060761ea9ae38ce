"""What every pad cross-check shares: a seeded match between bots, played to its end (each game's
recorder notes the hands' facts as the engine scores them, then compares the pad's sheet)."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from gamenight.bots import make_bot, sampler_for
from gamenight.core.state import State
from gamenight.pad import Entry, Pad, PadError


def play_with_bots(s: State, bot: str, seed: int) -> State:
    """Play ``s`` to its end with a ``bot`` in every seat (untimed, so a seed always plays the same
    match), the seat to act first in seat order; returns ``s``."""
    bots = [make_bot(bot, s.spec.id, timed=False) for _ in range(s.num_players)]
    rng = random.Random(seed)
    while not s.is_over:
        seat = min(s.to_act)
        view = s.view(seat, layout=False)
        s.play(bots[seat].choose(view, s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


def refused(pad: Pad, entry: Entry) -> str:
    """The sentence ``pad`` refuses ``entry`` with (the test fails if it takes it)."""
    with pytest.raises(PadError) as e:
        pad.add(entry)
    return str(e.value)


def check_pad_matches(s: State, entries: list[Entry], *, preset: str | None = None,
                      options: dict[str, Any] | None = None,
                      side: Callable[[int], int] | None = None) -> None:
    """A pad filled from ``entries`` (through JSON, as over the wire) gives the engine's own score
    sheet, winners and reason; ``side``: the column a winning seat counts in, where the sheet's
    columns are sides (``None``: a column a seat)."""
    pad = Pad.create(s.spec.id, s.names, preset=preset, options=options)
    for entry in entries:
        pad.add(json.loads(json.dumps(entry)))
    sheet = pad.sheet()
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    outcome = s.outcome
    assert outcome is not None and sheet.over is not None
    winners = sorted({side(w) for w in outcome.winners}) if side else list(outcome.winners)
    assert sheet.over["winners"] == winners
    assert sheet.over["reason"] == outcome.reason

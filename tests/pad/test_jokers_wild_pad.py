"""The Jokers Wild score pad: the game's one row (each side's marbles in its Castles at the end),
entered from a played game's end, is the engine's own sheet; an impossible end is refused in words,
a correction recomputes."""

from __future__ import annotations

import json
import random
import re

import pytest

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.games.jokers_wild import JokersWild
from gamenight.pad import Pad, PadError

FEW = {"marbles": 3}


def test_a_pad_filled_from_a_played_game_gives_the_engines_sheet() -> None:
    s = gamenight.new("jokers-wild", players=4, seed=0, options=FEW)
    bots = [make_bot("heuristic", "jokers-wild", timed=False) for _ in range(4)]
    rng = random.Random(0)
    while not s.is_over:
        seat = min(s.to_act)
        s.play(bots[seat].choose(s.view(seat, layout=False), s.legal_moves(seat), sampler_for(s, seat), rng),
               seat)
    assert isinstance(s, JokersWild)
    entry = {"castle": [s.pos.in_castle(s.bseat[p]) for p in range(4)]}  # each player's, as the game ended
    pad = Pad.create("jokers-wild", s.names, options=FEW)
    sheet = pad.add(json.loads(json.dumps(entry)))
    assert sheet.sheet.to_json() == s.score_sheet.to_json()
    assert s.outcome is not None and sheet.over is not None
    assert sheet.over["winners"] == sorted({w % 2 for w in s.outcome.winners})


def test_an_impossible_end_is_refused_and_a_correction_recomputes() -> None:
    pad = Pad.create("jokers-wild", ["Ann", "Bob", "Cid", "Dee"])
    with pytest.raises(PadError, match=re.escape("Game 1: marbles in the Castles: The game ends when a side "
                                                 "has every marble in its Castles: Ann & Cid 10 or Bob & Dee "
                                                 "10.")):
        pad.add({"castle": [5, 4, 4, 5]})
    with pytest.raises(PadError, match=re.escape("Only one side can have brought every marble in")):
        pad.add({"castle": [5, 5, 5, 5]})
    reason = "A side brought all its marbles into the Castles."
    assert pad.add({"castle": [5, 2, 5, 3]}).over == {"winners": [0], "reason": reason,
                                                      "text": f"Ann & Cid wins. {reason}"}
    assert pad.replace(0, {"castle": [4, 5, 1, 5]}).sheet.totals == [5, 10]

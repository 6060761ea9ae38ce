"""`import gamenight` imports no game; asking for one game imports only that game."""

from __future__ import annotations

import json
import subprocess
import sys

PROBE = """
import json, sys
import gamenight
before = sorted(m for m in sys.modules if m.startswith("gamenight.games."))
state = gamenight.new("oh-hell", seed=1)
after_one = sorted(m for m in sys.modules if m.startswith("gamenight.games."))
count = len(gamenight.games())
import gamenight.games.hearts  # a direct import of a game module must not hide gamenight.games()
print(json.dumps([before, after_one, count, callable(gamenight.games)]))
"""


def test_import_gamenight_loads_no_game_and_new_loads_only_its_own() -> None:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True)
    before, after_one, count, still_callable = json.loads(out.stdout)
    assert before == []
    assert after_one == ["gamenight.games.oh_hell"]
    assert count >= 8 and still_callable


def test_a_log_replays_in_a_fresh_process_that_never_listed_the_games() -> None:
    import gamenight

    s = gamenight.new("euchre", seed=3)
    for _ in range(12):
        s.play(s.legal_moves()[0])
    probe = ("import json, sys, gamenight; s = gamenight.replay(json.load(sys.stdin)); "
             "print(len(s.moves))")
    out = subprocess.run([sys.executable, "-c", probe], input=json.dumps(s.log), capture_output=True,
                         text=True, check=True)
    assert out.stdout.strip() == "12"

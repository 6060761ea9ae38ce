"""Record the golden matches: bots play a whole match once, and its log is kept.

Each ``tests/golden/<name>.json`` holds the match's ``log`` (game, players, seed, preset, options,
deck, moves: :func:`gamenight.replay` rebuilds it), and what it must replay to: the final
``score_sheet`` and ``outcome``. The tests replay the log and never run the bots again, so tuning
a bot does not change a golden figure; a rules change that does is a real change, and the file
is re-recorded on purpose::

    python3 -m tests.golden.record                     # every match listed in MATCHES
    python3 -m tests.golden.record euchre_heuristic    # just these
    python3 -m tests.golden.record --check             # replay the bots, report what would change

then update the figures the game's own golden test asserts (they are written out in that test),
and commit the new file with a message that says why the figures moved.

``hand_and_foot_match.json`` is not recorded here: a fixed script (not a bot) plays it, and
``tests/games/hand_and_foot/test_family_book.py`` checks that the script still plays it.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass, field
from typing import Any

import gamenight
from gamenight.bots import make_bot, sampler_for
from gamenight.core.state import State
from tests.helpers import GOLDEN_DIR


@dataclass(frozen=True)
class Recipe:
    """How a golden match is played: heuristic bots in every seat, the seed drives the deal and
    the bots' random choices, the lowest seat to act moves."""

    game: str
    players: int
    seed: int
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    bot: str = "heuristic"
    #: one bot per seat (else one bot plays every seat)
    bot_per_seat: bool = True
    about: str = ""


MATCHES: dict[str, Recipe] = {
    "canadian_salad_heuristic": Recipe("canadian-salad", 4, 2026, about="four heuristic bots, seed 2026"),
    "canadian_salad_8p": Recipe("canadian-salad", 8, 2026, bot_per_seat=False,
                                about="eight heuristic bots, two decks, seed 2026"),
    "canasta_heuristic": Recipe("canasta", 4, 2026,
                                about="four heuristic bots, seed 2026: partnership canasta"),
    "court_whist_nine": Recipe("court-whist", 9, 2026,
                               about="nine heuristic bots, seed 2026: two tables, a man sitting out"),
    "euchre_heuristic": Recipe("euchre", 4, 7, about="four heuristic bots, seed 7"),
    "five_in_a_row_heuristic": Recipe("five-in-a-row", 4, 2026, about="four heuristic bots, seed 2026: "
                                                                     "partners opposite"),
    "jokers_wild_heuristic": Recipe("jokers-wild", 4, 2026, about="four heuristic bots, seed 2026: partners "
                                                                 "opposite race their marbles home"),
    "five_hundreds_heuristic": Recipe("five-hundreds", 4, 2026, bot_per_seat=False,
                                      about="four heuristic bots, seed 2026"),
    "five_hundred_rummy_heuristic": Recipe("five-hundred-rummy", 4, 2024,
                                           about="four heuristic bots, seed 2024"),
    "gin_rummy_book_rules": Recipe("gin-rummy", 2, 2024, bot_per_seat=False,
                                   about="two heuristic bots, the family's tournament rules, seed 2024"),
    "gin_rummy_standard": Recipe("gin-rummy", 2, 2024, preset="standard", bot_per_seat=False,
                                 about="two heuristic bots, preset 'standard', seed 2024"),
    "hearts_heuristic": Recipe("hearts", 4, 2024, bot_per_seat=False, about="four heuristic bots, seed 2024"),
    "oklahoma_canasta_heuristic": Recipe("oklahoma-canasta", 3, 2026, bot_per_seat=False,
                                         about="three heuristic bots, seed 2026"),
    "oh_hell_heuristic": Recipe("oh-hell", 4, 2024, about="four heuristic bots, seed 2024"),
    "samba_heuristic": Recipe("samba", 4, 2026, about="four heuristic bots, Samba to 10,000, seed 2026"),
    "samba_brazilian": Recipe("samba", 4, 2026, preset="brazilian", options={"max_hands": 2},
                              about="four heuristic bots, preset 'brazilian', two hands, seed 2026"),
    "saskatchewan_heuristic": Recipe("saskatchewan", 5, 2024, bot_per_seat=False,
                                     about="five heuristic bots (2♣ 2♦ out), seed 2024"),
    "rummy_2p_penalty": Recipe("rummy", 2, 2024, options={"scoring": "penalty"}, bot_per_seat=False,
                               about="two heuristic bots, penalty scoring, seed 2024"),
    "rummy_4p_penalty": Recipe("rummy", 4, 2024, options={"scoring": "penalty"}, bot_per_seat=False,
                               about="four heuristic bots, penalty scoring, seed 2024"),
    "rummy_4p_winner_collects": Recipe("rummy", 4, 2024, options={"scoring": "winner_collects"},
                                       bot_per_seat=False,
                                       about="four heuristic bots, the winner collects, seed 2024"),
    "sticks_heuristic": Recipe("sticks", 4, 2026,
                               about="four heuristic bots, the default catalogue, seed 2026"),
    "the_card_game_vote": Recipe("the-card-game", 3, 2024, options={"going_out_score": "vote"},
                                 about="three heuristic bots, the table votes, seed 2024"),
    "golf_heuristic": Recipe("golf", 4, 2026, bot_per_seat=False, about="four heuristic bots, seed 2026"),
    "ten_dime_rummy_heuristic": Recipe("ten-dime-rummy", 4, 2026, bot_per_seat=False,
                                       about="four heuristic bots, seed 2026"),
    "thirty_one_heuristic": Recipe("thirty-one", 4, 2026,
                                   about="four heuristic bots, seed 2026: quarters as lives to the last"),
    "whist_with_10s_heuristic": Recipe("whist-with-10s", 4, 2026, about="four heuristic bots, seed 2026"),
    "rook_heuristic": Recipe("rook", 4, 2026, about="four heuristic bots, seed 2026"),
    "push_heuristic": Recipe("push", 4, 2026, about="four heuristic bots, seed 2026"),
    "rook_partner_card": Recipe("rook", 5, 2026, preset="partner_card",
                                about="five heuristic bots, the partner-card game, seed 2026"),
    "desert_rummy_heuristic": Recipe("desert-rummy", 4, 2026, bot_per_seat=False,
                                     about="four heuristic bots, seed 2026: every level to the run of nine"),
    "horseshit_rummy_heuristic": Recipe("horseshit-rummy", 4, 2026, bot_per_seat=False,
                                        about="four heuristic bots, seed 2026"),
    "arizona_rummy_heuristic": Recipe("arizona-rummy", 4, 2026, bot_per_seat=False,
                                      about="four heuristic bots, seed 2026: eleven rounds"),
    "mexicana_heuristic": Recipe("mexicana", 4, 2026, about="four heuristic bots, seed 2026"),
    "joker_canasta_heuristic": Recipe("joker-canasta", 4, 2026, about="four heuristic bots, seed 2026"),
    "sweep_heuristic": Recipe("sweep", 4, 2026, about="four heuristic bots, two decks, seed 2026"),
    "ten_thousand_heuristic": Recipe("ten-thousand", 3, 2026, about="three exact bots, seed 2026"),
    "ten_thousand_published": Recipe("ten-thousand", 4, 17, preset="published",
                                     about="four bots, the published take-over and a last round, seed 17"),
    "mexican_train_heuristic": Recipe("mexican-train", 4, 2026,
                                      about="four heuristic bots, seed 2026: thirteen rounds, 12-12 to 0-0"),
    "chicken_foot_heuristic": Recipe("chicken-foot", 4, 2026,
                                     about="four heuristic bots, seed 2026: ten rounds, 0-0 to 9-9"),
    "red_dog_random": Recipe("red-dog", 3, 2026, bot="random", bot_per_seat=False, options={"stake": 10000},
                             about="three random bots (bets and raises of any size), $100 purses, seed 2026"),
    "red_dog_casino_shoe": Recipe("red-dog", 4, 2026, preset="casino_shoe", options={"rounds": 30},
                                  about="four heuristic bots, eight decks to the cut card, 30 rounds, "
                                        "seed 2026"),
}


def play(recipe: Recipe) -> State:
    """Play the match with the bots (the only place golden matches run bots)."""
    s = gamenight.new(recipe.game, players=recipe.players, seed=recipe.seed, preset=recipe.preset,
                      options=dict(recipe.options))
    count = recipe.players if recipe.bot_per_seat else 1
    bots = [make_bot(recipe.bot, recipe.game) for _ in range(count)]
    rng = random.Random(recipe.seed)
    while not s.is_over:
        seat = min(s.to_act)
        bot = bots[seat if recipe.bot_per_seat else 0]
        s.play(bot.choose(s.view(seat), s.legal_moves(seat), sampler_for(s, seat), rng), seat)
    return s


def record(name: str, s: State) -> dict[str, Any]:
    assert s.outcome is not None
    recipe = MATCHES[name]
    return {
        "about": recipe.about,
        "recorded_with": {"bot": recipe.bot, "bot_per_seat": recipe.bot_per_seat,
                          "command": f"python3 -m tests.golden.record {name}"},
        "log": s.log,
        "score_sheet": s.score_sheet.to_json(),
        "outcome": s.outcome.to_json(),
    }


def write(name: str, data: dict[str, Any]) -> None:
    (GOLDEN_DIR / f"{name}.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")] or list(MATCHES)
    unknown = [n for n in names if n not in MATCHES]
    if unknown:
        print(f"unknown golden match {', '.join(unknown)}; known: {', '.join(MATCHES)}", file=sys.stderr)
        return 2
    changed = 0
    for name in names:
        data = record(name, play(MATCHES[name]))
        path = GOLDEN_DIR / f"{name}.json"
        old = json.loads(path.read_text()) if path.exists() else None
        same = old is not None and {k: old.get(k) for k in ("log", "score_sheet", "outcome")} == {
            k: data[k] for k in ("log", "score_sheet", "outcome")}
        changed += not same
        totals = data["score_sheet"]["totals"]
        status = "unchanged" if same else ("would change" if check else "recorded")
        print(f"{name}: {status} (totals {totals}, winners {data['outcome']['winners']})")
        if not check and not same:
            write(name, data)
    return 1 if check and changed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

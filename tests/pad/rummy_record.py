"""Record a played match's hands as score-pad entries, from the engine's state at the moment it
scores each hand (what players would count on the table and write down): a helper the rummies'
pad tests share, each giving the method that scores a hand and how to read its facts."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import gamenight
from gamenight.core.state import State
from gamenight.families.melds import RUMMY_VALUES, solver_for
from gamenight.games.arizona_rummy import CARD_CLASSES, ArizonaRummy, class_counts
from gamenight.games.desert_rummy import IMMEDIATE, DesertRummy
from gamenight.games.five_hundreds import CARD_KINDS as FH_KINDS
from gamenight.games.five_hundreds import FiveHundreds
from gamenight.games.horseshit_rummy import CARD_KINDS, HorseshitRummy
from gamenight.games.push import CARD_KINDS as PUSH_KINDS
from gamenight.games.push import Push
from gamenight.games.push import kind_counts as push_kind_counts
from gamenight.games.rummy import VALUES, Rummy
from gamenight.games.sticks import Sticks
from gamenight.games.ten_dime_rummy import CARD_KINDS as TDR_KINDS
from gamenight.games.ten_dime_rummy import TenDimeRummy
from gamenight.games.the_card_game import TheCardGame
from gamenight.pad import Entry, Pad
from tests.pad.record import play_with_bots

#: reads a hand's facts from the engine's state and the scoring method's arguments
Reader = Callable[..., Entry]


@contextmanager
def recording(cls: type[State], method: str, read: Reader) -> Iterator[list[Entry]]:
    """Every hand ``cls.method`` scores while inside, as an entry read just before it scores."""
    hands: list[Entry] = []
    scored = getattr(cls, method)

    def record(self: State, *args: Any, **kwargs: Any) -> Any:
        hands.append(read(self, *args, **kwargs))
        return scored(self, *args, **kwargs)

    setattr(cls, method, record)
    try:
        yield hands
    finally:
        setattr(cls, method, scored)


def play_match(game: str, players: int, seed: int, cls: type[State], method: str, read: Reader, *,
               bot: str = "heuristic", options: dict[str, Any] | None = None) -> tuple[State, list[Entry]]:
    """A seeded match between bots, and its hands as entries."""
    with recording(cls, method, read) as hands:
        s = gamenight.new(game, players=players, seed=seed, options=options)
        play_with_bots(s, bot, seed)
    return s, hands


def rummy_entry(s: Rummy, out: int | None) -> Entry:
    """Rummy's hand as the pad asks for it: who went out, in one turn or not, each deadwood count."""
    return {"out": out, "rummy": out is not None and s.went_rummy(out),
            "deadwood": [sum(VALUES[c] for c in s.deadwood_cards(p)) for p in range(s.num_players)]}


def play_rummy(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("rummy", players, seed, Rummy, "_on_hand_over", rummy_entry, options=options)


def card_game_entry(s: TheCardGame, out: int | None) -> Entry:
    """The Card Game's round as the pad asks for it: who went out first and on a last turn, the
    stock running out, each count left over (and the vote, with the first round)."""
    solver = solver_for(s.meld_rules, RUMMY_VALUES)
    outs = [s.went_out, *s.also_out]
    entry: Entry = {"out": s.went_out, "also_out": [p in s.also_out for p in range(s.num_players)],
                    "stock_out": out is None,
                    "left": [0 if p in outs else solver.best(s.hands[p]).deadwood_value
                             for p in range(s.num_players)]}
    if s.options.going_out_score == "vote" and s.deal_no == 1:
        entry["bonus"] = s.bonus
    return entry


def play_card_game(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("the-card-game", players, seed, TheCardGame, "_on_hand_over", card_game_entry,
                      options=options)


def arizona_entry(s: ArizonaRummy, out: int | None) -> Entry:
    """Arizona Rummy's round as the pad asks for it: who went out, each hand's cards by kind."""
    held = [class_counts(h, s.deal_no) for h in s.hands]
    return {"out": out} | {k: [h[k] for h in held] for k, _, _ in CARD_CLASSES}


def play_arizona(players: int, seed: int) -> tuple[State, list[Entry]]:
    return play_match("arizona-rummy", players, seed, ArizonaRummy, "_on_hand_over", arizona_entry)


def horseshit_entry(s: HorseshitRummy, out: int | None) -> Entry:
    """Horseshit Rummy's round as the pad asks for it: the wild rank, who went out, the cards in
    front of and in the hand of each player by kind."""
    front, held = s.counted_by_kind()
    entry: Entry = {"wild": s.wild, "out": out}
    entry |= {f"front_{k}": [f[k] for f in front] for k, _, _ in CARD_KINDS}
    return entry | {f"held_{k}": [h[k] for h in held] for k, _, _ in CARD_KINDS}


def play_horseshit(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("horseshit-rummy", players, seed, HorseshitRummy, "_on_hand_over", horseshit_entry,
                      options=options)


def five_hundreds_entry(s: FiveHundreds, out: int | None) -> Entry:
    """Five Hundreds' hand as the pad asks for it: who went out, the cards each player laid and
    holds by kind."""
    laid, held = s.counted_by_kind()
    entry: Entry = {"out": out}
    entry |= {f"laid_{k}": [a[k] for a in laid] for k, _, _ in FH_KINDS}
    return entry | {f"held_{k}": [h[k] for h in held] for k, _, _ in FH_KINDS}


def play_five_hundreds(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("five-hundreds", players, seed, FiveHundreds, "_on_hand_over", five_hundreds_entry,
                      options=options)


def push_entry(s: Push, out: int | None) -> Entry:
    """Push's deal as the pad asks for it: who went out, each hand's cards by kind."""
    held = [push_kind_counts(h) for h in s.hands]
    return {"out": out} | {k: [h[k] for h in held] for k, _, _ in PUSH_KINDS}


def play_push(seed: int) -> tuple[State, list[Entry]]:
    return play_match("push", 4, seed, Push, "_on_hand_over", push_entry)


def desert_entry(s: DesertRummy, out: int | None, *, ended_by: int | None = None) -> Entry:
    """Desert Rummy's hand as the pad asks for it: who laid his meld, who went out, who laid the
    last meld (where that ends the game at once)."""
    entry: Entry = {"laid": list(s.made), "out": out}
    if s.options.win_timing == IMMEDIATE:
        entry["last_meld"] = ended_by
    return entry


def play_desert(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("desert-rummy", players, seed, DesertRummy, "_score_hand", desert_entry,
                      options=options)


def sticks_entry(s: Sticks, out: int | None, *, cut_short: bool = False) -> Entry:
    """Sticks' deal as the pad asks for it: each player's FREE sticks drawn before it and the stick
    he laid in it, who went out."""
    free, laid = [], []
    for p in range(s.num_players):
        done = [s.catalogue[k] for k in s.completed[p][s.completed_before[p]:]]
        free.append(sum(c.free for c in done))
        laid.append(next((c.text for c in done if not c.free), None))
    return {"free": free, "laid": laid, "out": out}


def play_sticks(players: int, seed: int, options: dict[str, Any]) -> tuple[State, list[Entry]]:
    return play_match("sticks", players, seed, Sticks, "_score_deal", sticks_entry, options=options)


def ten_dime_entry(s: TenDimeRummy, out: int | None) -> Entry:
    """10 Dime Rummy's round as the pad asks for it: who went out, each player's contract, dimes
    spent buying, cards laid and held by kind."""
    laid, held = s.counted_by_kind()
    n = s.num_players
    entry: Entry = {"out": out, "made": list(s.made), "bought": [s.dimes_bought(p) for p in range(n)]}
    entry |= {f"laid_{k}": [a[k] for a in laid] for k, _, _ in TDR_KINDS}
    return entry | {f"held_{k}": [h[k] for h in held] for k, _, _ in TDR_KINDS}


def play_ten_dime(players: int, seed: int) -> tuple[State, list[Entry]]:
    return play_match("ten-dime-rummy", players, seed, TenDimeRummy, "_on_hand_over", ten_dime_entry)


def sweep(game: str, play: Callable[[int, int], tuple[State, list[Entry]]], options: dict[str, Any],
          players: tuple[int, ...], seeds: int = 3) -> None:
    """The slow tier's sweep: many seeded matches, no hand that was played refused as impossible,
    and every row's points and totals the engine's."""
    for n in players:
        for seed in range(seeds):
            s, hands = play(n, seed)
            pad = Pad.create(game, s.names, options=options)
            for entry in hands:
                pad.add(entry)
            pad_rows = [(r.points, r.totals) for r in pad.sheet().sheet.rows]
            assert pad_rows == [(r.points, r.totals) for r in s.score_sheet.rows], (game, n, seed)

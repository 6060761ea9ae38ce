"""What the table page's felt draws beyond the zones, as the kernels declare it in the view:
the last trick gathered with its winner (kept into the next deal), tricks per team, the cards a
Hearts player received in the pass, and each team's books as one entry per book."""

from __future__ import annotations

import random
from typing import Any

import gamenight
from gamenight.equipment import cards as C
from gamenight.families.tricks import TrickState
from gamenight.games.hand_and_foot import HandAndFoot
from gamenight.games.hearts import Hearts, pass_target
from tests.helpers import set_position


def field(view: dict[str, Any], key: str) -> dict[str, Any]:
    return next(f for f in view["layout"]["fields"] if f["key"] == key)


def play_until(s: TrickState, done: Any, rng: random.Random, limit: int = 2000) -> None:
    for _ in range(limit):
        if done(s):
            return
        seat = sorted(s.to_act)[0]
        moves = s.legal_moves(seat)
        s.play(moves[rng.randrange(len(moves))], seat)
    raise AssertionError("the condition was never reached")


def test_the_last_trick_gathered_names_its_winner_and_counts_over_the_match() -> None:
    s = gamenight.new("whist-with-10s", seed=4)
    assert isinstance(s, TrickState)
    assert s.view(0)["trick_done"] is None
    rng = random.Random(4)
    play_until(s, lambda t: t.view(None)["trick_done"] is not None, rng)
    done = s.view(2)["trick_done"]
    assert done["number"] == 1 and done["deal"] == 1
    assert len(done["plays"]) == 4 and {p["seat"] for p in done["plays"]} == {0, 1, 2, 3}
    assert done["winner"] == s.leader, "the winner leads the next trick"
    assert s.view(2)["tricks_won"][done["winner"]] == 1
    assert [(p["seat"], p["card"]) for p in done["plays"]] == [
        (p["seat"], p["card"]) for p in s.view(2)["last_trick"]]
    assert field(s.view(0), "trick_done") == {"key": "trick_done", "label": "Last trick", "kind": "trick",
                                              "per_seat": False, "piece": "card"}


def test_the_deals_last_trick_stays_in_view_into_the_next_deal() -> None:
    """The last card of a deal scores it and deals the next at once: the view still shows the trick
    that ended it, so the table can show who took it before the next deal's bidding."""
    s = gamenight.new("euchre", seed=8)
    assert isinstance(s, TrickState)
    rng = random.Random(8)
    play_until(s, lambda t: len(t.sheet.rows) == 1, rng)
    done = s.view(0)["trick_done"]
    assert done is not None and done["deal"] == 1 and s.view(0)["deal"] == 2
    assert s.view(0)["last_trick"] == [], "the deal's own last trick is cleared as before"
    assert done["number"] >= 1


def test_tricks_per_team_at_a_partnership_table_only() -> None:
    s = gamenight.new("euchre", seed=2)
    assert isinstance(s, TrickState)
    rng = random.Random(2)
    play_until(s, lambda t: sum(t.tricks_won) >= 3, rng)
    view = s.view(1)
    won = view["tricks_won"]
    assert view["team_tricks"] == [won[0] + won[2], won[1] + won[3]]
    assert field(view, "team_tricks")["kind"] == "teams"
    hearts = gamenight.new("hearts", seed=2)
    assert hearts.view(0)["team_tricks"] is None


def test_a_hearts_player_sees_the_cards_it_received_in_the_pass_until_the_next_deal() -> None:
    s = gamenight.new("hearts", seed=11)
    assert isinstance(s, Hearts)
    chosen = {seat: list(s.hands[seat][:3]) for seat in range(4)}
    assert s.view(1)["received"] == []
    assert s.view(1)["choose"] == {"verb": "pass", "count": 3}
    assert field(s.view(1), "choose")["kind"] == "choose"
    for seat, cards in chosen.items():
        for i, c in enumerate(cards):
            s.play(f"pass {C.CODE_OF[c]}", seat)
            assert s.view(seat)["choose"] == ({"verb": "pass", "count": 2 - i} if i < 2 else None)
    for seat in range(4):
        giver = next(g for g in range(4) if pass_target(g, "left", 4) == seat)
        assert s.view(seat)["received"] == C.codes(chosen[giver])
    assert s.view(None)["received"] is None, "a spectator has no hand to mark"
    assert field(s.view(0), "received")["kind"] == "marks"
    rng = random.Random(1)
    play_until(s, lambda t: t.deal_no == 2, rng)
    assert s.view(0)["received"] == [], "a new deal starts with nothing received"


def test_each_team_books_are_drawn_from_one_entry_per_book() -> None:
    s = gamenight.new("hand-and-foot", seed=5)
    assert isinstance(s, HandAndFoot)
    rng = random.Random(5)
    for _ in range(400):
        if any(s.books[t] for t in range(s.teams)):
            break
        seat = sorted(s.to_act)[0]
        moves = s.legal_moves(seat)
        melds = [m for m in moves if m.verb == "meld"]
        s.play((melds or moves)[rng.randrange(len(melds or moves))], seat)
    view = s.view(0)
    team = next(t for t in view["team_books"] if t["books"])
    key = f"books/{view['team_books'].index(team)}"
    books_zone = next(z for z in view["layout"]["zones"] if z["key"] == key)
    assert books_zone["detail"] == "team_books" and books_zone["group"] == team["group"]
    assert [c for b in team["books"] for c in b["cards"]] == books_zone["pieces"]
    assert field(view, "team_books")["kind"] == "melds"
    for entry in view["team_books"]:
        threes = [f"red threes: {len(entry['red_threes'])}"] if entry["red_threes"] else []
        if entry["opened"]:
            assert entry["notes"][0] == "opened"
            assert entry["notes"][1].startswith(("canastas: ", "no canasta"))
            assert entry["notes"][2:] == threes
        else:
            assert entry["notes"] == [f"needs {entry['minimum']} points to open", *threes]



def test_the_last_trick_winner_is_known_only_once_every_card_is_played() -> None:
    s = gamenight.new("canadian-salad", players=4, seed=3)
    assert isinstance(s, TrickState)
    assert s.last_trick_winner() is None  # nothing played yet
    seat = min(s.to_act)
    for _ in range(4):  # the first trick
        seat = min(s.to_act)
        s.play(s.legal_moves(seat)[0], seat)
    assert s.finished_trick is not None and s.last_trick_winner() is None  # cards still in hand
    winner = s.finished_trick[4]
    # as when the deal's last trick is gathered: every hand played out, into the winner's tricks
    set_position(s, zones={f"hand/{x}": "" for x in range(4)}, rest=f"taken/{winner}")
    assert s.last_trick_winner() == winner
    set_position(s, deal=s.deal_no + 1)  # the next deal: the gathered trick was the previous deal's
    assert s.last_trick_winner() is None

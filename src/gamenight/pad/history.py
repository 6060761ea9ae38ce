"""A family's match history: every finished pad and played table, who played, who won, the final
totals (issue 30).

Pure functions, no I/O: :func:`finished_match` reads a pad's result (``None`` while the match goes
on), :func:`played_match` a finished played table's (from the engine's outcome), in the same shape;
:func:`wins_by_person` counts each person's wins and matches per game. The server keeps one result
per finished pad in its ``pad_history`` table (:mod:`gamenight.server.pad_api`) and one per
finished table in ``table_history``, written with the table's last move
(:mod:`gamenight.server.table_history`); the terminal reads the pad files ``gamenight pad --file``
saved, or a server's database (``gamenight pad-history``).

"Family" is whoever shares the store (a server's database, a folder of pad files): there are no
accounts. A person is a name, the same whatever its case or spacing ("ann" is "Ann").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gamenight.core.scoring import amount_text
from gamenight.pad.pad import Pad

if TYPE_CHECKING:
    from gamenight.core.state import State


def finished_match(pad: Pad) -> dict[str, Any] | None:
    """The result of ``pad``'s match once it is over: the game, the players, each column (team or
    player) with its players and final total, the winners by name, and how it ended in words."""
    sheet = pad.sheet()
    if sheet.over is None:
        return None
    rules = pad.rules_for(pad.next_hand())
    columns = sheet.sheet.columns
    winners = list(sheet.over["winners"])
    unit = sheet.sheet.unit
    sides: list[dict[str, Any]] = []
    for c, (name, total) in enumerate(zip(columns, sheet.sheet.totals, strict=True)):
        players = [p for seat, p in enumerate(pad.players) if rules.column_of(seat) == c]
        sides.append({"name": name, "players": players, "total": total,
                      "total_text": amount_text(total, unit), "won": c in winners})
    return {"game": pad.spec.id, "title": pad.spec.title, "preset": pad.preset, "players": list(pad.players),
            "sides": sides, "winners": [p for side in sides if side["won"] for p in side["players"]],
            "hands": len(pad.entries), "text": sheet.over["text"]}


def played_match(state: State, preset: str | None, people: Sequence[str | None]) -> dict[str, Any]:
    """The result of a played table whose match is over, in :func:`finished_match`'s shape: each
    side (a sheet column: a player, or a team) with its seats' names and final score, the winners,
    how it ended as the table said it. ``people``: per seat, the person's own name where a person
    chose one (a bot's seat, or one left with the game's name, counts no wins: ``people``)."""
    outcome = state.outcome
    if outcome is None:
        raise ValueError("the match is not over")
    sides_of: dict[int, list[int]] = {}
    for seat in range(state.num_players):
        sides_of.setdefault(state.column_of(seat), []).append(seat)
    columns = state.score_sheet.columns
    sides: list[dict[str, Any]] = []
    for c, seats in sorted(sides_of.items()):
        names = [state.names[s] for s in seats]
        total = outcome.scores[seats[0]]
        # the sheet's own name for the side where it has a column per side ("Ann–Cid", "Ann")
        name = columns[c] if len(columns) == len(sides_of) else "–".join(names)
        won = any(s in outcome.winners for s in seats)
        sides.append({"name": name, "players": names, "total": total,
                      "total_text": amount_text(total, outcome.unit), "won": won})
    winners = [state.names[s] for s in outcome.winners]
    result = outcome.headline or f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}."
    return {"game": state.spec.id, "title": state.spec.title, "preset": preset, "players": list(state.names),
            "people": [p for p in people if p], "sides": sides, "winners": winners, "hands": state.deal_no,
            "text": f"{result} {outcome.reason}"}


def person_key(name: str) -> str:
    """The name two entries of the same person share: case and spacing do not make another person."""
    return " ".join(name.split()).casefold()


def wins_by_person(matches: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each person's matches and wins per game, the most wins first (then the name, then the game).
    A person is named as most often written, the oldest spelling where two tie (``matches`` come
    newest first, as the history lists them)."""
    spellings: dict[str, dict[str, int]] = {}
    counts: dict[tuple[str, str], dict[str, Any]] = {}
    for match in matches:
        won = {person_key(p) for p in match["winners"]}
        for player in match.get("people", match["players"]):  # a played table's bots are nobody
            key = person_key(player)
            seen = spellings.setdefault(key, {})
            seen[player] = seen.pop(player, 0) + 1  # moved last: the oldest spelling ends up last
            row = counts.setdefault((key, match["game"]), {"game": match["game"], "title": match["title"],
                                                           "played": 0, "wins": 0})
            row["played"] += 1
            row["wins"] += key in won
    names = {key: max(reversed(seen.items()), key=lambda s: s[1])[0] for key, seen in spellings.items()}
    out = [{"person": names[key], **row} for (key, _game), row in counts.items()]
    return sorted(out, key=lambda r: (-r["wins"], person_key(r["person"]), r["title"]))


def history_json(matches: list[dict[str, Any]]) -> dict[str, Any]:
    """What ``GET /api/history`` answers: the matches newest first (each with its ``finished_at``),
    and the wins per person per game."""
    return {"matches": matches, "wins": wins_by_person(matches)}


def when(finished_at: datetime) -> str:
    """A match's date as a person reads it ("6 Dec 2026")."""
    return f"{finished_at.day} {finished_at:%b %Y}"


__all__ = ["finished_match", "history_json", "person_key", "played_match", "when", "wins_by_person"]

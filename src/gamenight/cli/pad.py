"""``gamenight pad GAME --players "Ann,Bob,Cid,Dee"``: keep the score of a game played with real cards.

Hand by hand the terminal asks what the game's pad form asks (``gamenight.pad``: sections of
fields, drawn from their description alone, never by game), shows the sheet after each hand,
refuses an impossible hand with the reason (and asks it again, the answers given kept), and lets
a hand be corrected. With ``--file`` the pad is saved after every change and resumed from there.

``gamenight pad-history [FILES or FOLDERS] [--db URL]`` reads the pads saved so (a folder: its
``*.json``), and with ``--db`` a server's database (its finished pads and played tables), and shows
the family's match history: every finished match, newest first, and each person's wins.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from gamenight.cli.commands import (
    USAGE_ERROR,
    GameArg,
    OptionOpt,
    PresetOpt,
    app,
    ask_line,
    err_console,
    fail,
    out_console,
)
from gamenight.cli.render import render_sheet
from gamenight.cli.setup import CliError, parse_option_pairs
from gamenight.pad import Entry, Pad, PadError
from gamenight.pad.history import finished_match, when, wins_by_person

Ask = Callable[[str], str]

HELP = ("Enter: the next {deal} · c N: correct {deal} N · a: propose a house-rule change · q: quit"
        " (every answer offers its value in brackets: Enter keeps it)")


class Leave(Exception):
    """The person quits (q, or the end of the input)."""


@app.command("pad")
def pad_command(
    game: GameArg,
    players: Annotated[str | None, typer.Option(
        "--players", help="The players' names in seat order, by commas: \"Ann,Bob,Cid,Dee\".")] = None,
    preset: PresetOpt = None,
    option: OptionOpt = None,
    file: Annotated[Path | None, typer.Option(
        "--file", help="Save the pad here after every hand, and go on with it if it exists.")] = None,
) -> None:
    """Keep the score of a game played with real cards: hand by hand, in the game's own words."""
    console = out_console()
    try:
        pad = open_pad(game, players, preset, option or [], file)
    except (CliError, PadError) as e:
        fail(err_console(), str(e))
    ask = ask_line(console)
    show_pad(pad, console)
    try:
        keep_score(pad, ask, console, file)
    except Leave:
        console.print("Score pad closed." + (f" It is saved in {file}." if file else ""))


def open_pad(game: str, players: str | None, preset: str | None, options: list[str],
             file: Path | None) -> Pad:
    """A pad resumed from ``file``, or a new one for these players and rules."""
    if file is not None and file.exists():
        if players or preset or options:
            raise CliError("--file holds the players and rules of the pad: leave out --players, --preset "
                           "and --option to go on with it.")
        try:
            pad = Pad.from_json(json.loads(file.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise CliError(f"Could not read the pad in {str(file)!r}: {e}") from None
        if pad.spec.id != game:
            raise CliError(f"{str(file)!r} keeps a pad of {pad.spec.title}, not {game}.")
        return pad
    if not players:
        raise CliError("Name the players in seat order: --players \"Ann,Bob,Cid,Dee\".")
    pad = Pad.create(game, players.split(","), preset=preset, options=parse_option_pairs(options))
    save(pad, file)
    return pad


def save(pad: Pad, file: Path | None) -> None:
    if file is None:
        return
    temporary = file.with_name(file.name + ".part")
    temporary.write_text(json.dumps(pad.to_json(), indent=1), encoding="utf-8")
    os.replace(temporary, file)  # whole or not at all: a pad is never left half written


def show_pad(pad: Pad, console: Console) -> None:
    rules = pad.rules_for(pad.next_hand())
    rule_set = f" ({pad.preset} rules)" if pad.preset else ""
    teams = " against ".join(rules.members()) if rules.members() != rules.columns() else ""
    console.print(Text(f"Score pad: {pad.spec.title}{rule_set}", style="bold"))
    if teams:
        console.print(f"{teams}.")


def show_sheet(pad: Pad, console: Console) -> None:
    sheet = pad.sheet()
    console.print(render_sheet(sheet.sheet.to_json(), "Score sheet"))
    for a in pad.amendment_words():
        if a["status"] == "accepted":
            console.print(Text(f"House rule changed. {a['words']}.", style="dim"))
    if sheet.over:
        console.print(Text(f"Match over: {sheet.over['text']}", style="bold green"))
    elif sheet.next_caption:
        console.print(f"{pad.rules_for(pad.next_hand()).row_label(pad.next_hand())}: {sheet.next_caption}.")


def keep_score(pad: Pad, ask: Ask, console: Console, file: Path | None) -> None:
    """The loop: enter hands until the match is over, correcting on the way."""
    deal = pad.spec.deal_word
    while True:
        show_sheet(pad, console)
        if pad.sheet().over:
            return
        console.print(Text(HELP.format(deal=deal), style="dim"))
        answer = read(ask, f"{pad.rules_for(pad.next_hand()).row_label(pad.next_hand())}> ").lower()
        if answer.startswith("c"):
            correct(pad, answer[1:].strip(), ask, console)
        elif answer == "a":
            amend(pad, ask, console)
        elif answer == "":
            enter_hand(pad, pad.next_hand(), None, ask, console)
        else:
            console.print(f"Press Enter for the next {deal}, type c and a {deal}'s number, a, or q.")
            continue
        save(pad, file)


def amend(pad: Pad, ask: Ask, console: Console) -> None:
    """The Kali Effect: a player proposes a house-rule change from a hand on; it applies once every
    other player accepts it (asked in turn; one refusal refuses it)."""
    infos = {o.name: o for o in pad.spec.options}
    rules = " · ".join(f"{o.name} ({o.label})" for o in infos.values())
    console.print(f"House rules, by the names --option takes: {rules}", soft_wrap=True)
    name = read(ask, "  Which rule? ")
    if name not in infos:
        console.print(f"  There is no house rule {name!r}: nothing proposed.")
        return
    value = read(ask, f"  {infos[name].label}: the new value? ")
    hand = read(ask, f"  From which {pad.spec.deal_word} [{pad.next_hand()}]? ") or str(pad.next_hand())
    by = read(ask, f"  Who proposes it ({', '.join(pad.players)})? ")
    try:
        changes = parse_option_pairs([f"{name}={value}"])
        pad.propose(int(hand) if hand.isdigit() else 0, changes, by)
        index = len(pad.amendments) - 1
        for player in pad.players:
            if player != by:
                yes = read(ask, f"  Does {player} accept? (y/n) ").lower().startswith("y")
                pad.vote(index, player, yes)
                if not yes:
                    break
    except (CliError, PadError) as e:
        console.print(Text.assemble(("Refused: ", "bold red"), str(e)), soft_wrap=True)
        return
    console.print(f"  {pad.amendment_words()[index]['words']}: {pad.amendment_words()[index]['status']}.")


def correct(pad: Pad, number: str, ask: Ask, console: Console) -> None:
    if not number.isdigit() or not 1 <= int(number) <= len(pad.entries):
        console.print(f"Correct which {pad.spec.deal_word}? One of 1 to {len(pad.entries)}, as 'c 2'."
                      if pad.entries else f"No {pad.spec.deal_word} is entered yet.")
        return
    hand = int(number)
    enter_hand(pad, hand, pad.entries[hand - 1], ask, console)


def enter_hand(pad: Pad, hand: int, start: Entry | None, ask: Ask, console: Console) -> None:
    """Ask the form for ``hand`` until the pad takes it (an impossible hand is asked again, the
    answers kept)."""
    rules = pad.rules_for(hand)
    form = pad.form_for(hand)
    entry = start or form.blank()
    while True:
        console.print(Text(rules.row_label(hand), style="bold"))
        entry = fill(form.to_json(), entry, ask, console)
        try:
            if hand <= len(pad.entries):
                pad.replace(hand - 1, entry)
            else:
                pad.add(entry)
            return
        except PadError as e:
            console.print(Text.assemble(("Refused: ", "bold red"), str(e)), soft_wrap=True)
            console.print("Give the numbers again (Enter keeps an answer), or q to quit.")


def fill(form: dict[str, Any], entry: Entry, ask: Ask, console: Console) -> Entry:
    """Every field of the form asked in turn, the current answers offered: a team's (or player's)
    fields together, as each counts its own cards, then the hand's."""
    out = {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items()}
    for scope, names in (("column", form["columns"]), ("player", form["players"])):
        for i, name in enumerate(names):
            sections = [(s, [f for f in s["fields"] if f["scope"] == scope]) for s in form["sections"]]
            sections = [(s, fields) for s, fields in sections if fields]
            if sections:
                console.print(Text(name, style="bold"))
            for section, fields in sections:
                console.print(Text(f" {section['label']}", style="underline"))
                for f in fields:
                    out[f["key"]][i] = ask_field(f, out[f["key"]][i], ask, console)
    for section in form["sections"]:
        for f in section["fields"]:
            if f["scope"] == "hand":
                out[f["key"]] = ask_field(f, out[f["key"]], ask, console)
    return out


def ask_field(f: dict[str, Any], current: Any, ask: Ask, console: Console) -> Any:
    if f["kind"] == "choice":
        return ask_choice(f, current, ask, console)
    help_ = f" ({f['help'].rstrip('.')})" if f.get("help") else ""
    prompt = f"  {f['label']}{help_} [{current}] "
    while True:
        text = read(ask, prompt)
        if text == "":
            return current
        if text.isdigit() and f["minimum"] <= int(text) <= f["maximum"]:
            return int(text)
        console.print(f"  A whole number from {f['minimum']} to {f['maximum']}, please.")


def ask_choice(f: dict[str, Any], current: Any, ask: Ask, console: Console) -> Any:
    choices = f["choices"]
    console.print(f"  {f['label']}: " + " · ".join(f"{i + 1} {c['label']}" for i, c in enumerate(choices)))
    now = next((i + 1 for i, c in enumerate(choices) if c["value"] == current), 1)
    while True:
        text = read(ask, f"  {f['label']} [{now}] ")
        if text == "":
            return choices[now - 1]["value"]
        if text.isdigit() and 1 <= int(text) <= len(choices):
            return choices[int(text) - 1]["value"]
        console.print(f"  One of 1 to {len(choices)}, please.")


@app.command("pad-history")
def pad_history_command(
    paths: Annotated[list[Path] | None, typer.Argument(
        help="Pad files saved by 'gamenight pad --file', or folders of them (default: this folder, "
             "unless --db is given).")] = None,
    db: Annotated[str | None, typer.Option(
        "--db", metavar="URL", help="A server's database (as 'gamenight serve --db' takes): its finished "
                                    "score pads and played tables.")] = None,
) -> None:
    """The match history of the pads saved in files, or of a server (--db): every finished match, newest
    first, and who won what."""
    console = out_console()
    matches = saved_matches(paths or ([] if db else [Path(".")]))
    if db:  # files and a server together: by when each ended (the files' in local time, the server's UTC)
        matches = sorted([*matches, *server_matches(db)], reverse=True,
                         key=lambda m: datetime.fromisoformat(m["finished_at"]))
    if not matches:
        console.print("No finished match here yet." if db else "No finished match in these pad files yet.")
        return
    console.print(history_table(matches))
    wins = Table("Player", "Game", "Wins", "Played", title="Wins")
    for w in wins_by_person(matches):
        wins.add_row(w["person"], w["title"], str(w["wins"]), str(w["played"]))
    console.print(wins)


def saved_matches(paths: list[Path]) -> list[dict[str, Any]]:
    """The finished matches of the pads saved in ``paths`` (a folder: its ``*.json``), newest first
    (by when the file was last saved); a file that holds no pad is passed over."""
    files = [f for p in paths for f in (sorted(p.glob("*.json")) if p.is_dir() else [p])]
    found = []
    for f in files:
        try:
            result = finished_match(Pad.from_json(json.loads(f.read_text(encoding="utf-8"))))
            saved = datetime.fromtimestamp(f.stat().st_mtime, UTC).astimezone()  # this computer's day
        except (OSError, ValueError, KeyError, TypeError, PadError):
            continue
        if result is not None:
            found.append((saved, {**result, "date": when(saved), "finished_at": saved.isoformat()}))
    return [m for _, m in sorted(found, key=lambda x: x[0], reverse=True)]


def server_matches(url: str) -> list[dict[str, Any]]:
    """The finished pads and played tables a server's database keeps, newest first (as the server's
    ``GET /api/history`` lists them)."""
    from gamenight.server.pad_api import PadService  # the server's modules, only when asked
    from gamenight.server.storage import Storage, normalise_db_url

    storage = Storage(normalise_db_url(url))
    try:
        matches: list[dict[str, Any]] = PadService(storage).history()["matches"]
    finally:
        storage.close()
    return matches


def history_table(matches: list[dict[str, Any]]) -> Table:
    table = Table("Date", "Game", "Result", title="Match history, newest first")
    for m in matches:
        sides = ", ".join(f"{s['name']} {s['total_text']}{' (won)' if s['won'] else ''}" for s in m["sides"])
        table.add_row(m["date"], m["title"], sides)
    return table


def read(ask: Ask, prompt: str) -> str:
    try:
        text = ask(prompt).strip()
    except EOFError:
        raise Leave from None
    if text.lower() in ("q", "quit"):
        raise Leave
    return text


__all__ = ["USAGE_ERROR", "pad_command", "pad_history_command"]

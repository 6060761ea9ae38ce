"""The catalogue pages: the list of games, and a game's rules in effect with its options and
presets, each option's values in players' words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.markdown import Markdown
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from gamenight.core.registry import GameSpec
from gamenight.core.rules_text import for_people


def players_text(spec: GameSpec) -> str:
    counts = sorted(spec.players)
    if len(counts) == 1:
        return str(counts[0])
    if counts == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]} ({spec.default_players})"
    return f"{', '.join(map(str, counts))} ({spec.default_players})"


def render_games(specs: Sequence[GameSpec], heuristic: Iterable[str]) -> RenderableType:
    """The registry as a table: id, title, family, players and presets, and the bots where not every
    game has the heuristic bot. Words wrap at spaces in a narrow terminal, never inside a word: each
    column is at least as wide as its longest word, and ids and counts stay whole to be copied."""
    has_heuristic = set(heuristic)
    every_game_has_one = all(spec.id in has_heuristic for spec in specs)
    rows = [[spec.id, spec.title, spec.family, players_text(spec), "\n".join(spec.presets) or "—"]
            for spec in specs]
    names = ["Id", "Title", "Family", "Players", "Presets"]
    if not every_game_has_one:
        names.append("Bot")
        for spec, row in zip(specs, rows, strict=True):
            row.append("heuristic" if spec.id in has_heuristic else "random")
    bots = ("Every game has a heuristic bot, and 'random' plays every game." if every_game_has_one
            else "Bot: the best bot the game has ('random' plays every game).")
    out = Table(title="Games", box=box.SIMPLE_HEAVY, title_style="bold", pad_edge=False)
    for i, name in enumerate(names):
        longest_word = max(len(word) for row in rows for word in row[i].split())
        out.add_column(name, no_wrap=name in ("Id", "Bot"), min_width=max(longest_word, len(name)))
    for row in rows:
        out.add_row(*row)
    return Group(out, Text(f"Players: the counts allowed (the usual one in brackets). {bots}", style="dim"))


def option_value_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def render_rules(spec: GameSpec, preset: str | None) -> RenderableType:
    """The rules in effect: summary, the rules text, every option's value, and the presets."""
    head = Text.assemble((spec.title, "bold"), f"  ({spec.id}, {spec.family}, {players_text(spec)} players)")
    parts: list[RenderableType] = [head]
    if spec.teams:
        parts.append(Text(f"Teams: {spec.teams}"))
    parts += [Text(), Text(spec.summary, style="italic"), Text()]
    if spec.rules:
        rules = Markdown(for_people(spec.rules))
        parts.append(Panel(rules, title="Rules", title_align="left", box=box.ROUNDED))
    parts.append(render_options(spec, preset))
    parts.append(render_presets(spec, preset))
    return Group(*parts)


def render_options(spec: GameSpec, preset: str | None) -> RenderableType:
    """Each option as ``name = value  (allowed)``, then its label and help, indented: a list rather
    than a table, so long help lines read well in a narrow terminal."""
    if not spec.options:
        return Text("\nThis game has no options.")
    chosen = dict(spec.presets[preset].values) if preset else {}
    title = f"Options in effect with preset {preset!r}" if preset else "Options (defaults)"
    parts: list[RenderableType] = [Text(f"\n{title}", style="bold underline"),
                                   Text("Change one with --option NAME=VALUE.", style="dim")]
    for info in spec.options:
        value = chosen.get(info.name, info.default)
        line = Text.assemble((info.name, "bold cyan"), " = ", (option_value_text(value), "bold"))
        if info.name in chosen:
            line.append(f"  (preset {preset}; default {option_value_text(info.default)})", style="yellow")
        line.append(f"  [{allowed_text(info.type, info.choices, info.minimum, info.maximum)}]", style="dim")
        parts.append(line)
        body = Text.assemble((info.label, "italic"), f" — {info.help}" if info.help else "")
        parts.append(Padding(body, (0, 0, 0, 4)))
        for choice, words in (info.choice_labels or {}).items():
            mark = "•" if choice == value else "-"
            parts.append(Padding(Text.assemble(f"{mark} ", (choice, "cyan"), f": {words}"), (0, 0, 0, 6)))
    return Group(*parts)


def render_presets(spec: GameSpec, preset: str | None) -> RenderableType:
    if not spec.presets:
        return Text("\nThis game has no presets.")
    parts: list[RenderableType] = [Text("\nPresets", style="bold underline"),
                                   Text("Use one with --preset NAME.", style="dim")]
    for p in spec.presets.values():
        marker = "  (in effect)" if p.name == preset else ""
        parts.append(Text.assemble((p.name, "bold yellow"), (marker, "yellow"), f" — {p.description}"))
        sets = ", ".join(f"{k}={option_value_text(v)}" for k, v in p.values.items()) or "nothing"
        parts.append(Padding(Text(f"sets {sets}", style="dim"), (0, 0, 0, 4)))
    return Group(*parts)


def allowed_text(kind: str, choices: Sequence[str] | None, minimum: int | None, maximum: int | None) -> str:
    if choices:
        return " | ".join(choices)
    if kind == "bool":
        return "on | off"
    if kind == "int":
        low = "" if minimum is None else str(minimum)
        high = "" if maximum is None else str(maximum)
        return f"{low}–{high}" if low or high else "a whole number"
    return "text"

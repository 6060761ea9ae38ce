"""The move menu: the legal moves in the order a person reads them, numbered, packed into lines
that never break an item, and the hint saying how to answer. Data in, renderables out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from gamenight.cli.pieces import shown_space
from gamenight.cli.render import card_text, is_card, led, move_text, pack
from gamenight.equipment import cards as C

#: between two items of the menu on one line
GAP = "   "
#: a menu this many lines long or shorter shows every move whole
SHORT_MENU = 2


def number_verb(moves: Sequence[str]) -> str | None:
    """The verb when every move is that verb with a number (``bid 0`` ... ``bid 7``): then the
    person types the number itself, and list positions would only be an off-by-one trap."""
    split = [m.split() for m in moves]
    verbs = {w[0] for w in split}
    if len(verbs) == 1 and all(len(w) == 2 and w[1].lstrip("-").isdigit() for w in split):
        return split[0][0]
    return None


def display_order(legal: Sequence[str], hand: Sequence[str] | None) -> list[str]:
    """Moves in the order a person reads them: moves naming no card first (as the engine lists
    them), then card moves verb by verb (in the order the engine first lists each verb), each in
    the order of the hand on screen."""
    position = {code: i for i, code in enumerate(hand or [])}
    verb_rank: dict[str, int] = {}
    for text in legal:
        verb_rank.setdefault(text.split()[0], len(verb_rank))

    def key(item: tuple[int, str]) -> tuple[int, int, int, int]:
        index, text = item
        words = text.split()
        cards = [w for w in words if is_card(w)]
        if not cards:
            return (0, 0, 0, index)
        return (1, verb_rank[words[0]], position.get(cards[0], len(position)), index)

    return [text for _, text in sorted(enumerate(legal), key=key)]


def verb_groups(moves: Sequence[str]) -> list[tuple[str, list[tuple[int, str]]]]:
    """Runs of consecutive moves with one verb, each move with its number (from 1)."""
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for i, move in enumerate(moves, 1):
        verb = move.split()[0]
        if groups and groups[-1][0] == verb:
            groups[-1][1].append((i, move))
        else:
            groups.append((verb, [(i, move)]))
    return groups


def item_text(number: int, shown: Text) -> Text:
    return Text.assemble((f"{number}) ", "bold cyan"), shown)


def args_text(move: str) -> Text:
    """A move without its verb, cards drawn: ``add 2 7H`` is ``2 7♥``."""
    return move_text(" ".join(move.split()[1:]))


def number_labels(entries: Sequence[dict[str, Any]]) -> dict[str, str]:
    """Short words for moves whose one argument is a number, so a menu item never reads "9) 1"
    (item 9, place 1): the number with the noun its words put before it, "place 1", "card 1"
    (from "Put 9♣ in place 1", "Discard the card and turn up card 1")."""
    labels: dict[str, str] = {}
    for entry in entries:
        args = entry.get("args") or []
        if len(args) != 1 or args[0].get("kind") != "number":
            continue
        words = str(entry.get("words", "")).split()
        if len(words) >= 2 and words[-1] == args[0]["text"]:
            labels[entry["text"]] = f"{words[-2]} {words[-1]}"
    return labels


def menu_lines(moves: Sequence[str], width: int, most: int | None = None,
               labels: Mapping[str, str] | None = None) -> list[Text]:
    """The numbered moves as lines of at most ``width`` columns, broken only between items.

    One verb with cards (``play``): a header naming it, then the cards alone. One verb with
    numbers (``bid``): the numbers, typed as they are. Several verbs: each move whole, or, when
    that takes more than :data:`SHORT_MENU` lines, a line per verb led by the verb, each move
    shown without it. A menu still longer than ``most`` lines folds its biggest verbs, biggest
    first, into a line each that says how many there are and how to type one (``m`` lists them
    all: :func:`folded_line`)."""
    labels = labels or {}
    lines = _menu_lines(moves, width, labels)
    if most is None or len(lines) <= most:
        return lines
    folded: set[str] = set()
    for key in fold_order(moves):
        folded.add(key)
        lines = _menu_lines(moves, width, labels, folded)
        if len(lines) <= most:
            break
    return lines


def fold_order(moves: Sequence[str]) -> list[str]:
    """What a menu too long folds, in turn: first a verb's moves with one card, biggest first (a
    two-eyed jack's 90 spaces fold into "play J♣", the other cards and verbs stay listed), then
    whole verbs, biggest first."""
    cards = [(key, numbered) for verb, numbered in verb_groups(moves)
             if len(subs := card_groups(verb, numbered)) > 1 for key, numbered in subs]
    by_card = [key for key, numbered in sorted(cards, key=size) if len(numbered) >= FOLD_LEAST]
    by_verb = [verb for verb, numbered in sorted(verb_groups(moves), key=size) if len(numbered) >= 2]
    return by_card + by_verb


def size(group: tuple[str, list[tuple[int, str]]]) -> int:
    """The order to fold groups in: biggest first."""
    return -len(group[1])


#: a card's moves are folded into a line only when there are at least this many
FOLD_LEAST = 4


def card_groups(verb: str, numbered: Sequence[tuple[int, str]]) -> list[tuple[str, list[tuple[int, str]]]]:
    """A verb's moves in runs by the card they name first (``play JC``), each with its number."""
    runs: list[tuple[str, list[tuple[int, str]]]] = []
    for number, move in numbered:
        words = move.split()
        key = f"{verb} {words[1]}" if len(words) > 2 and is_card(words[1]) else move
        if runs and runs[-1][0] == key:
            runs[-1][1].append((number, move))
        else:
            runs.append((key, [(number, move)]))
    return runs


def folded_line(verb: str, numbered: Sequence[tuple[int, str]], width: int) -> Text:
    """A verb's many moves in one line: ``meld (2–65): 64 ways, as 'meld 6S 10S JK set' ('m' lists
    them)``, without the example where that is wider than ``width``; or a card's (``play J♣
    (5–94): 90 ways``)."""
    first, last = numbered[0][0], numbered[-1][0]
    example = f", as '{typed_move(numbered[0][1])}'"
    head = move_text(verb)
    head.stylize("bold")
    line = Text()
    for shown in (example, ""):
        line = Text.assemble(head, (f" ({first}–{last})", "bold cyan"),
                             f": {len(numbered)} ways{shown} ", ("('m' lists them)", "dim"))
        if line.cell_len <= width:
            break
    return line


def _menu_lines(moves: Sequence[str], width: int, labels: Mapping[str, str],
                folded: frozenset[str] | set[str] = frozenset()) -> list[Text]:
    verb = number_verb(moves)
    if verb is not None and verb not in folded:
        numbers = [Text(m.split()[1], style="bold cyan") for m in moves]
        return [Text(f"Your move ({verb}):", style="bold"), *pack(numbers, width, GAP)]
    groups = verb_groups(moves)
    if len(groups) == 1 and groups[0][0] in folded:
        return [Text("Your move:", style="bold"), folded_line(*groups[0], width)]
    if len(groups) == 1 and all(any(is_card(w) for w in m.split()) for m in moves) and not folded:
        only = groups[0][0]
        single = all(len(m.split()) == 2 for m in moves)
        header = Text(f"Your move ({only} a card):" if single else f"Your move ({only}):", style="bold")
        items = [item_text(i, card_cells(m) if single else args_text(m)) for i, m in groups[0][1]]
        return [header, *pack(items, width, GAP)]
    whole = pack([item_text(i, move_text(m)) for i, m in enumerate(moves, 1)], width, GAP)
    if len(whole) <= SHORT_MENU and not folded:
        return [Text("Your move:", style="bold"), *whole]
    # a long menu: moves that are a bare word (pass, done, draw) share the first line; a verb
    # with arguments gets a line of its own, led by the verb, each move shown without it
    bare = [item_text(i, move_text(m)) for _, g in groups for i, m in g if len(m.split()) == 1]
    lines = [Text("Your move:", style="bold"), *pack(bare, width, GAP)]
    for verb, numbered in groups:
        if verb in folded:
            lines.append(folded_line(verb, numbered, width))
            continue
        cards = [(key, run) for key, run in card_groups(verb, numbered) if key in folded]
        items = [item_text(i, Text(labels[m]) if m in labels else args_text(m))
                 for i, m in numbered if len(m.split()) > 1 and all((i, m) not in run for _, run in cards)]
        if items:
            lines.extend(pack(led(Text(f"{verb}:", style="bold"), items), width, GAP))
        lines.extend(folded_line(key, run, width) for key, run in cards)
    return lines


def card_cells(move: str) -> Text:
    return Text(" ").join(card_text(w) for w in move.split() if is_card(w))


def render_moves(moves: Sequence[str], width: int = 80,
                 labels: Mapping[str, str] | None = None) -> RenderableType:
    """The legal moves, numbered, as :func:`menu_lines`."""
    return Group(*menu_lines(moves, width, labels=labels))


def typed(code: str) -> str:
    """A card as a person types it: ``10C`` for the ten (as the hand shows 10♣), else its code."""
    return code.replace("T", "10", 1) if len(code) == 2 and code[0] == "T" else code


def typed_move(move: str) -> str:
    """A move as a person types it: a ten as 10C, a board space counted from 1."""
    return " ".join(typed(w) if is_card(w) else shown_space(w) for w in move.split())


def prompt_hint(moves: Sequence[str]) -> Text:
    """How to answer: the numbers, an example move as a person types it (a bare card where the
    move names one; a ten as 10C, the way the hand shows 10♣)."""
    example = typed_move(moves[0])
    verb = number_verb(moves)
    tail = "? help · s score · t table · q quit"
    if verb is not None:
        return Text(f"Type the number to {verb}, or '{example}'. {tail}", style="dim")
    card_words = [w for w in example.split() if C.is_card_code(w)]
    hint = f"'{card_words[0]}', '{example}'" if len(card_words) == 1 else f"'{example}'"
    if len(moves) == 1:
        return Text(f"Enter or 1 plays it ({hint}). {tail}", style="dim")
    return Text(f"Type 1–{len(moves)} or a move ({hint}). {tail}", style="dim")


__all__ = ["display_order", "menu_lines", "number_labels", "number_verb", "prompt_hint", "render_moves",
           "typed"]

"""``amend`` at the terminal's table: change a house rule from the next deal on (issue 30).

At ``gamenight play`` the person sits with bots, and bots accept whatever the table agrees, so a
change the person proposes is accepted at once: the engine applies it from the next deal
(``State.amend``), logs it (a saved game resumes with it) and says so. The options are named by
their numbers in the list ``amend`` shows, their values by words or by a choice's number, never by
the names programs use.
"""

from __future__ import annotations

from gamenight.core.amend import amendable
from gamenight.core.errors import OptionError
from gamenight.core.options import OptionInfo
from gamenight.core.state import State

AMEND_WORD = "amend"
AMEND_HELP = "  amend      change a house rule from the next deal on (the bots accept)"
USAGE = ("Type 'amend' and a rule's number and its new value: a whole number, on or off, or the "
         "number of a choice ('amend 2' lists a rule's choices).")


def amend_answer(state: State, words: str) -> str:
    """What ``amend`` followed by ``words`` does at ``state``'s table, in a sentence or a list."""
    infos = amendable(state.spec)
    if not infos:
        return f"{state.spec.title} has no house rule that may change during a match."
    parts = words.split()
    if not parts:
        return listing(state, infos)
    if not parts[0].isdigit() or not 1 <= int(parts[0]) <= len(infos):
        return f"There is no rule {parts[0]}: choose 1 to {len(infos)} ('amend' lists them)."
    info = infos[int(parts[0]) - 1]
    if len(parts) == 1:
        return values_of(info)
    value = " ".join(parts[1:])
    if info.choices and value.isdigit() and 1 <= int(value) <= len(info.choices):
        value = info.choices[int(value) - 1]
    try:
        events = state.amend({info.name: value})
    except OptionError as e:
        return f"✗ {e}"
    return " ".join(e.text for e in events) + " The bots accept."


def listing(state: State, infos: list[OptionInfo]) -> str:
    lines = [f"House rules that may change from the next {state.DEAL_WORD} on:"]
    for i, info in enumerate(infos, start=1):
        lines.append(f"  {i:>2}  {info.label}: {info.value_label(getattr(state.options, info.name))}")
    return "\n".join([*lines, USAGE])


def values_of(info: OptionInfo) -> str:
    if info.choices:
        return "\n".join([f"{info.label}:", *(f"  {i}  {info.value_label(c)}"
                                              for i, c in enumerate(info.choices, start=1))])
    if info.type == "bool":
        return f"{info.label}: on or off."
    low = "" if info.minimum is None else f" from {info.minimum}"
    high = "" if info.maximum is None else f" to {info.maximum}"
    return f"{info.label}: a whole number{low}{high}."


__all__ = ["AMEND_HELP", "AMEND_WORD", "amend_answer"]

"""A side of the table in players' words, where sides alternate round the table (5 in a Row:
partners sit opposite, so side ``t`` is every other seat from seat ``t``): by its players' names
("Mia & Grandma"), and its colour told to each player as his own ("You are blue") or the others'
("Leo & Dad play green"), so nobody looks for a compass point to know which discs are his."""

from __future__ import annotations

from collections.abc import Sequence


def side_seats(names: Sequence[str], side: int, sides: int = 2) -> list[int]:
    """The seats of ``side``: every ``sides``-th seat from seat ``side``."""
    return list(range(side, len(names), sides))


def side_names(names: Sequence[str], side: int) -> str:
    """The side's players by name, joined as a table says a team: "Mia & Grandma"."""
    return " & ".join(names[s] for s in side_seats(names, side))


def colour_sentence(names: Sequence[str], side: int, colour: str, viewer: int | None) -> str:
    """"You are blue (with Grandma)" for the viewer's own side, "Leo & Dad play green" for another."""
    seats = side_seats(names, side)
    if viewer is None or viewer not in seats:
        return f"{side_names(names, side)} {'play' if len(seats) > 1 else 'plays'} {colour}"
    partners = " & ".join(names[s] for s in seats if s != viewer)
    return f"You are {colour}" + (f" (with {partners})" if partners else "")


__all__ = ["colour_sentence", "side_names", "side_seats"]

"""The kinds of game a lobby groups its list by, in players' words ("Trick taking", "Dice and
dominoes"), derived from each game's family so that no list of game ids is kept anywhere."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Kind:
    """One group of the lobby: its heading and where it stands among the others."""

    words: str
    order: int


#: the groups in the order a lobby shows them; each family a game declares belongs to one
KINDS: tuple[Kind, ...] = (
    TRICK_TAKING := Kind("Trick taking", 0),
    RUMMY := Kind("Rummy", 1),
    CANASTA := Kind("Canasta", 2),
    DICE_AND_DOMINOES := Kind("Dice and dominoes", 3),
    BOARD := Kind("Board games", 4),
    MONEY := Kind("Money games", 5),
    MORE := Kind("More games", 6),
)

#: a family's kind; a family not named here (a new one, a test's toy) is among the "More games"
KIND_OF_FAMILY: dict[str, Kind] = {
    "trick-taking": TRICK_TAKING,
    "rummy": RUMMY,
    "canasta": CANASTA,
    "dice": DICE_AND_DOMINOES,
    "dominoes": DICE_AND_DOMINOES,
    "board": BOARD,
    "banking": MONEY,  # played for money against the house
    "shedding": MORE,  # Sweep: a climbing game, alone of its kind in the book
}


def kind_of(family: str) -> Kind:
    """The lobby group of a game of ``family``."""
    return KIND_OF_FAMILY.get(family, MORE)

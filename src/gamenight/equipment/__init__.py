"""The things games are played with: cards, dice, domino sets, boards.

Each module defines its equipment as data and the kinds of move argument it brings
(``CARD``, ``SUIT``, ``FACE``, ``TILE``, ``SPACE``, ``HOLE``), which register with the core's
move notation when the module is imported. Importing any of them imports all, so every move
text reads the same whichever game was loaded first.
"""

from gamenight.equipment import boards, cards, dice, dominoes

__all__ = ["boards", "cards", "dice", "dominoes"]

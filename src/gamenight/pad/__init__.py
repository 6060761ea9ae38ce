"""The score pad: a game played with real cards, scored by the engine's own scoring (docs/PAD.md).

:mod:`.schema` describes a hand's entry form as data; :mod:`.game` is what a game declares to
support the pad (:class:`PadRules`, in a ``<game>_pad.py`` beside the game); :mod:`.pad` is the
pad itself (entries, corrections, amendments, the computed sheet).
"""

from gamenight.pad.game import (
           HandScore,
           MatchOver,
           PadError,
           PadRules,
           Progress,
           SheetRow,
           pad_games,
           pad_rules,
)
from gamenight.pad.pad import Amendment, Pad, Sheet
from gamenight.pad.schema import Choice, Entry, Form, PadField, Section

__all__ = ["Amendment", "Choice", "Entry", "Form", "HandScore", "MatchOver", "Pad", "PadError", "PadField",
           "PadRules", "Progress", "Section", "Sheet", "SheetRow", "pad_games", "pad_rules"]

"""Programs at the table: every game as an environment for learning programs.

* :mod:`gamenight.interop.actions`: a fixed action space per game, rule set and player count, a
  move as a short sequence of atomic actions, and the mask of those that can still end legally;
* :mod:`gamenight.interop.observe`: a fixed-shape observation of what one seat sees, and its text;
* :mod:`gamenight.interop.pettingzoo`: a PettingZoo AEC environment for every game;
* :mod:`gamenight.interop.gymnasium`: one seat as a Gymnasium environment against gamenight's bots;
* :mod:`gamenight.interop.openspiel`: every game registered with ``pyspiel`` (``gamenight_euchre``...).

The adapters need the ``programs`` extra (PettingZoo, Gymnasium, NumPy) and, for OpenSpiel, the
``bench`` extra; nothing is imported here, so ``import gamenight`` never needs them. Every field is
described in docs/PROGRAMS.md.
"""

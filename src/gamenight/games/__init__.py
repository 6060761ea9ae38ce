"""One module per game, named after the game's id (``oh-hell`` lives in ``oh_hell.py``).

Nothing is imported here: the registry imports a game's module when the game is first asked
for (``gamenight.new("euchre")`` imports only Euchre), and every module when all games are
listed. Adding a game is adding its file.
"""

"""Per-game bots. A module here that defines ``GAME_BOTS = {game_id: BotClass}`` registers its
heuristic bots; :mod:`gamenight.bots` finds it by discovery, like the games."""

"""Family heuristics: the play a whole family of games shares (trick taking, rummy melding),
which the per-game bots in :mod:`gamenight.bots.games` subclass and tune."""

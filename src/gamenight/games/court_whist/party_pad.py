"""Court Whist on the score pad: after each game of four hands, where each player sat (a table and
a chair, or sitting out), his own tricks in each hand, and where the game counts them the face
cards in his tricks (Restoration) and the times he spoke (Confiscation); each hand's figures by
the game's own :func:`hand_figures` at each table, the row by :func:`game_row` — the party's
score cards added up, a row per game."""

from __future__ import annotations

from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.court_whist import rules as R
from gamenight.games.court_whist.party import CourtWhistOptions, party_size
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, PLAYER, Choice, Entry, Form, PadField, Section

CHAIR_NAMES = ("North", "East", "South", "West")
OUT = "out"
TRICKS, FACES = 13, 12
#: the most times a player is asked to have spoken in a hand
MOST_SPOKEN = 20


def place(table: int, chair: int) -> str:
    return f"t{table + 1}{CHAIR_NAMES[chair][0]}"


class CourtWhistPad(PadRules[CourtWhistOptions]):
    """Court Whist's pad: a column per player, a row per game."""

    def columns(self) -> list[str]:
        return list(self.players)

    def row_label(self, hand: int) -> str:
        """A party started part-way numbers its games as the book does ("Game 5" first)."""
        return super().row_label(self.options.first_game - 1 + hand)

    def tables(self) -> int:
        return party_size(len(self.players), self.options.pairing)[0]

    def game(self, hand: int) -> R.Game:
        return R.GAMES[min(self.options.first_game - 1 + hand, len(R.GAMES)) - 1]

    # ---- the form ------------------------------------------------------------------------------

    def form(self, so_far: Progress) -> Form:
        game = self.game(so_far.hand)
        one = self.tables() == 1  # a phone's row of buttons: the table's number only where there are several
        seats = [Choice(place(t, c), CHAIR_NAMES[c] if one else f"{CHAIR_NAMES[c]} {t + 1}")
                 for t in range(self.tables()) for c in range(R.CHAIRS)]
        if len(self.players) > R.CHAIRS * self.tables():
            seats.append(Choice(OUT, "Sitting out"))
        seat = PadField("seat", "Seat", kind=CHOICE, scope=PLAYER, default=seats[0].value,
                        choices=tuple(seats), help="North partners South, East partners West.")
        where = Section("Where each sat", (seat,), help=f"{game.name}: {game.rule}.")
        hands = []
        for k in range(1, R.HANDS_PER_GAME + 1):
            fields = [PadField(f"tricks_{k}", "Tricks", scope=PLAYER, maximum=TRICKS, help="His own tricks.")]
            if game.count is R.Count.FACES:
                fields.append(PadField(f"faces_{k}", "Face cards", scope=PLAYER, maximum=FACES,
                                       help="Jacks, queens and kings in his tricks."))
            if game.silent:
                fields.append(PadField(f"spoke_{k}", "Spoke", scope=PLAYER, maximum=MOST_SPOKEN,
                                       help=f"Each time costs {R.SPEECH_PENALTY}."))
            hands.append(Section(f"Hand {k}", tuple(fields)))
        return Form((where, *hands), self.columns(), self.players)

    # ---- the game's row --------------------------------------------------------------------------

    def chairs(self, entry: Entry) -> dict[str, int]:
        """Who sits in each place."""
        return {seat: p for p, seat in enumerate(entry["seat"]) if seat != OUT}

    def card(self, entry: Entry, game: R.Game) -> list[list[int | None]]:
        """Each player's four recorded hands: his table's figures, less his speech; a sitter's score."""
        sitting = self.chairs(entry)
        card: list[list[int | None]] = [[self.options.sitout_score] * R.HANDS_PER_GAME for _ in self.players]
        for k in range(1, R.HANDS_PER_GAME + 1):
            for t in range(self.tables()):
                who = [sitting[place(t, c)] for c in range(R.CHAIRS)]
                faces = [entry[f"faces_{k}"][p] if f"faces_{k}" in entry else 0 for p in who]
                figures = R.hand_figures(game, [entry[f"tricks_{k}"][p] for p in who], faces)
                for p, figure in zip(who, figures, strict=True):
                    spoke = entry[f"spoke_{k}"][p] if f"spoke_{k}" in entry else 0
                    card[p][k - 1] = R.recorded(figure, spoke)
        return card

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        game = self.game(so_far.hand)
        totals, details = R.game_row(self.card(entry, game), [seat != OUT for seat in entry["seat"]])
        return HandScore(totals, details, label=R.game_label(self.row_label(so_far.hand), game))

    def match_rules(self) -> MatchRules:
        return MatchRules(deals=len(R.GAMES) - (self.options.first_game - 1))

    def match_reason(self, why: MatchEnd) -> str:
        return R.PARTY_OVER

    # ---- what is impossible ----------------------------------------------------------------------

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        return self.seating_problem(entry) or self.tricks_problem(entry)

    def seating_problem(self, entry: Entry) -> str | None:
        seats = [s for s in entry["seat"] if s != OUT]
        for t in range(self.tables()):
            for c in range(R.CHAIRS):
                n = seats.count(place(t, c))
                if n != 1:
                    who = "nobody sits" if n == 0 else f"{n} players sit"
                    return f"At table {t + 1} {who} {CHAIR_NAMES[c]}: one player a chair."
        if self.options.pairing == "men_ladies":
            for p, seat in enumerate(entry["seat"]):
                if seat != OUT and R.is_man(p) != (seat[-1] in "NE"):
                    kind = "a man, so North or East" if R.is_man(p) else "a lady, so South or West"
                    return f"{self.players[p]} is {kind}: partners are a man and a lady."
        return None

    def tricks_problem(self, entry: Entry) -> str | None:
        sitting = self.chairs(entry)
        for k in range(1, R.HANDS_PER_GAME + 1):
            for key, whole, what in ((f"tricks_{k}", TRICKS, "tricks"), (f"faces_{k}", FACES, "face cards")):
                if key not in entry:
                    continue
                for p, seat in enumerate(entry["seat"]):
                    if seat == OUT and entry[key][p]:
                        return f"Hand {k}: {self.players[p]} sat out, so took no {what}."
                for t in range(self.tables()):
                    taken = sum(entry[key][sitting[place(t, c)]] for c in range(R.CHAIRS))
                    if taken != whole:
                        return (f"Hand {k}: table {t + 1} takes {whole} {what} in a hand, and the entry "
                                f"counts {taken}.")
        return None


PAD_RULES = CourtWhistPad

__all__ = ["OUT", "PAD_RULES", "CourtWhistPad", "place"]

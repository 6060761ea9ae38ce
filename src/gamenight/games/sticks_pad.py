"""Sticks on the score pad: for each player the FREE sticks he drew before the deal and the stick
he laid in it (chosen from the catalogue in force), and who went out; the row is the engine's own
(:func:`deal_points`, :func:`deal_details`, :func:`deal_end`).

The first player to complete the target's sticks wins at once: a deal in which a laid stick
reaches it ended mid-hand, so nobody went out in it."""

from __future__ import annotations

from gamenight.families.contracts import Contract
from gamenight.families.match import MatchEnd, MatchRules
from gamenight.games.sticks import SticksOptions, deal_details, deal_end, deal_points, parse_catalogue
from gamenight.pad.game import HandScore, PadRules, Progress
from gamenight.pad.schema import CHOICE, HAND, PLAYER, Choice, Entry, Form, PadField, Section


class SticksPad(PadRules[SticksOptions]):
    """Sticks' pad: a column per player, a row per deal."""

    def columns(self) -> list[str]:
        return list(self.players)

    def catalogue(self) -> tuple[Contract, ...]:
        return parse_catalogue(self.options.catalogue)

    def sticks(self) -> dict[str, Contract]:
        """The sticks that are laid (not FREE), once each, by their notation."""
        return {c.text: c for c in self.catalogue() if not c.free}

    def free_words(self) -> str:
        return next(c.describe() for c in self.catalogue() if c.free) if self.frees() else ""

    def frees(self) -> int:
        return sum(c.free for c in self.catalogue())

    def form(self, so_far: Progress) -> Form:
        laid = (Choice(None, "None"), *(Choice(t, c.describe()[0].upper() + c.describe()[1:])
                                        for t, c in self.sticks().items()))
        out = (*(Choice(s, p) for s, p in enumerate(self.players)), Choice(None, "Nobody"))
        fields = [PadField("laid", "Stick laid", kind=CHOICE, scope=PLAYER, default=None, choices=laid)]
        if self.frees():
            fields.insert(0, PadField("free", "FREE sticks drawn", scope=PLAYER, maximum=self.frees(),
                                      help="Drawn before the deal: each counts, and the player drew again."))
        fields.append(PadField("out", "Who went out", kind=CHOICE, scope=HAND, default=None, choices=out,
                               help="Nobody when the stock ran out, or when a last stick ended the game."))
        return Form((Section("The deal", tuple(fields)),), self.columns(), self.players)

    def done(self, entry: Entry) -> list[list[str]]:
        """Each player's sticks completed this deal, in words, in the order completed: FREE sticks
        are drawn before the deal."""
        sticks, frees = self.sticks(), entry.get("free", [0] * len(self.players))
        return [[self.free_words()] * f + ([sticks[laid].describe()] if laid is not None else [])
                for f, laid in zip(frees, entry["laid"], strict=True)]

    def cut_short(self, entry: Entry, so_far: Progress) -> bool:
        """A stick laid that completes the target ends the game mid-hand."""
        return any(laid is not None and total + n >= self.options.target
                   for laid, total, n in zip(entry["laid"], so_far.totals, deal_points(self.done(entry)),
                                             strict=True))

    def kept_his_stick(self, seat: int, so_far: Progress) -> bool:
        """A player who laid no stick in the last deal keeps his face-down one: he draws none before
        this deal (unless he may trade it in, and draws again then)."""
        return bool(so_far.entries) and so_far.entries[-1]["laid"][seat] is None and not self.options.trade_in

    def verify(self, entry: Entry, so_far: Progress) -> str | None:
        out, laid = entry["out"], entry["laid"]
        frees = entry.get("free", [0] * len(self.players))
        target = self.options.target
        for s, name in enumerate(self.players):
            if frees[s] and self.kept_his_stick(s, so_far):
                return (f"{name} kept his face-down stick from the last deal, so he drew no stick before "
                        "this one.")
            if so_far.totals[s] + frees[s] >= target:
                return f"{name}: a FREE stick drawn as the last one does not count (it goes back)."
        if out is not None and laid[out] is None:
            return f"{self.players[out]} went out, so he laid his stick this deal."
        if self.cut_short(entry, so_far) and out is not None:
            return "A last stick laid ended the game at once: nobody went out after it."
        return None

    def score(self, entry: Entry, so_far: Progress) -> HandScore:
        done = self.done(entry)
        out = entry["out"]
        who = None if out is None else self.players[out]
        how, note = deal_end(who, cut_short=self.cut_short(entry, so_far))
        return HandScore(deal_points(done), deal_details(done), f"{how}; {note}" if note else how)

    def match_rules(self) -> MatchRules:
        return MatchRules(target=self.options.target)

    def match_reason(self, why: MatchEnd) -> str:
        return f"The first to complete {self.options.target} sticks."


PAD_RULES = SticksPad

__all__ = ["PAD_RULES", "SticksPad"]

"""A score pad: a game played with real cards, scored hand by hand from what the table enters.

A :class:`Pad` is the game, its rule set (preset) and house options — checked exactly as a played
table's, by the game's own options class — the players, the hands' entries, and the amendments
("the Kali Effect": a house-rule change from hand *k* on, proposed by a player and applying only
once every player accepted it). The sheet is never stored: :meth:`Pad.sheet` computes it from
the entries, each checked against the form, then the game's rules (:class:`PadRules`), then
scored by the game's own scoring. So a correction (:meth:`Pad.replace`) or an amendment reaching
back recomputes every later hand, and is refused if it would make a later hand impossible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamenight.core.errors import OptionError, UnknownGame
from gamenight.core.options import Options, build
from gamenight.core.registry import GameSpec, get
from gamenight.core.scoring import ScoreSheet
from gamenight.pad.game import MatchOver, PadError, PadRules, Progress, SheetRow, pad_rules
from gamenight.pad.schema import Entry, Form

#: an amendment's state: waiting for votes, accepted by everyone, refused by someone
PENDING, ACCEPTED, REFUSED = "pending", "accepted", "refused"
MAX_NAME = 24


@dataclass(slots=True)
class Amendment:
    """A house-rule change proposed mid-match: these option values from hand ``from_hand`` on."""

    from_hand: int
    changes: dict[str, Any]
    proposed_by: str
    votes: dict[str, bool] = field(default_factory=dict)
    note: str = ""
    #: the players whose vote the scorekeeper recorded for them (the others voted on their own phone,
    #: or proposed it)
    recorded: list[str] = field(default_factory=list)

    def status(self, players: Sequence[str]) -> str:
        if any(v is False for v in self.votes.values()):
            return REFUSED
        return ACCEPTED if all(self.votes.get(p) for p in players) else PENDING

    def to_json(self) -> dict[str, Any]:
        return {"from_hand": self.from_hand, "changes": dict(self.changes), "proposed_by": self.proposed_by,
                "votes": dict(self.votes), "note": self.note, "recorded": list(self.recorded)}


@dataclass(frozen=True, slots=True)
class Sheet:
    """The computed sheet: the book's rows, and the match's end once reached."""

    sheet: ScoreSheet
    members: list[str]
    over: dict[str, Any] | None
    #: per row, what the book's sheet adds to the engine's: a caption, each column's parts by line
    extras: list[dict[str, Any]] = field(default_factory=list)
    #: the caption of the next hand's row (its first-meld minimum), while the match goes on
    next_caption: str = ""
    #: each hand's own row on the sheet (an index into its rows: opening rows and the rows a hand
    #: adds after its own make them differ)
    hand_rows: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**self.sheet.to_json(), "members": self.members, "over": self.over, "extras": self.extras,
                "next_caption": self.next_caption, "hand_rows": self.hand_rows}


@dataclass(slots=True)
class Pad:
    spec: GameSpec
    players: list[str]
    preset: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    amendments: list[Amendment] = field(default_factory=list)

    # ---- making one ------------------------------------------------------------------------

    @classmethod
    def create(cls, game: str, players: Sequence[str], *, preset: str | None = None,
               options: Mapping[str, Any] | None = None) -> Pad:
        """A new pad; :class:`PadError` in words for an unknown game, a game without a pad, a player
        count the rules do not allow, or an option the game's options class refuses."""
        try:
            spec = get(game)
        except UnknownGame as e:
            raise PadError(str(e)) from None
        pad_rules(spec.id)  # a game without a pad is refused here, before anything is kept
        names = [str(p).strip() for p in players]
        _check_names(names, spec)
        pad = cls(spec, names, preset, dict(options or {}))
        pad.rules_for(1)
        return pad

    # ---- the rules for a hand ----------------------------------------------------------------

    def accepted(self) -> list[Amendment]:
        return [a for a in self.amendments if a.status(self.players) == ACCEPTED]

    def options_for(self, hand: int, *, extra: Amendment | None = None) -> Options:
        """The options in force for hand ``hand``: the pad's, then each accepted amendment from that
        hand or before, in the order they were made."""
        values = dict(self.options)
        for a in [*self.accepted(), *([extra] if extra else [])]:
            if a.from_hand <= hand:
                values.update(a.changes)
        try:
            return build(self.spec.options_cls, self.spec.presets, preset=self.preset, values=values,
                         players=len(self.players))
        except OptionError as e:
            raise PadError(str(e)) from None

    def rules_for(self, hand: int, *, extra: Amendment | None = None) -> PadRules[Any]:
        return pad_rules(self.spec.id)(self.spec, self.options_for(hand, extra=extra), self.players)

    # ---- entries -------------------------------------------------------------------------------

    def add(self, entry: Entry) -> Sheet:
        """Enter the next hand; :class:`PadError` (the reason, in words) if it is impossible."""
        sheet = self._run([*self.entries, entry])
        self.entries.append(entry)
        return sheet

    def replace(self, index: int, entry: Entry) -> Sheet:
        """Correct hand ``index`` (from 0): the sheet recomputes; refused if this or a later hand
        would become impossible."""
        if not 0 <= index < len(self.entries):
            raise PadError(f"There is no {self.rules_for(1).row_label(index + 1).lower()} to correct yet.")
        entries = [*self.entries]
        entries[index] = entry
        sheet = self._run(entries)
        self.entries = entries
        return sheet

    def sheet(self) -> Sheet:
        return self._run(self.entries)

    def next_hand(self) -> int:
        return len(self.entries) + 1

    def progress(self, hand: int, sheet: Sheet | None = None) -> Progress:
        """The pad before hand ``hand`` (from 1; at most the next one): its totals and entries."""
        done = sheet or self.sheet()
        # the totals after the hand before's rows (its own and those it added), or the opening rows'
        rows = done.sheet.rows
        last = done.hand_rows[hand - 1] - 1 if hand <= len(done.hand_rows) else len(rows) - 1
        totals = rows[last].totals if last >= 0 else [0] * len(self.rules_for(1).columns())
        return Progress(hand, list(totals), self.entries[:hand - 1])

    def form_for(self, hand: int, sheet: Sheet | None = None) -> Form:
        """The entry form of hand ``hand`` (a hand entered, to correct it, or the next one)."""
        return self.rules_for(hand).form(self.progress(hand, sheet))

    def _run(self, entries: Sequence[Entry], *, extra: Amendment | None = None) -> Sheet:
        """Check and score ``entries`` in order, under the rules in force for each hand."""
        rules = self.rules_for(1, extra=extra)
        sheet = ScoreSheet(rules.columns(), unit=rules.sheet_unit)
        over: dict[str, Any] | None = None
        extras: list[dict[str, Any]] = []
        hand_rows: list[int] = []
        for row in rules.opening_rows():
            _write(sheet, extras, row, 0)
        for i, entry in enumerate(entries):
            hand = i + 1
            rules = self.rules_for(hand, extra=extra)
            label = rules.row_label(hand)
            if over is not None:
                raise PadError(f"The match is over: {over['text']} There is no {label.lower()}.")
            so_far = Progress(hand, sheet.totals, entries[:i])
            why = rules.form(so_far).check_shape(entry) or rules.verify(entry, so_far)
            if why:
                raise PadError(f"{label}: {why}")
            score = rules.score(entry, so_far)
            sheet.add(score.label or label, score.points, details=score.details, note=score.note)
            extras.append({"caption": rules.row_caption(so_far), "parts": score.parts,
                           **({"part_rows": [{"label": k, "points": v} for k, v in score.part_rows]}
                              if score.part_rows else {})})
            hand_rows.append(len(sheet.rows) - 1)
            for row in score.after:
                _write(sheet, extras, row, hand)
            end = rules.match_over(entries[:hand], sheet.totals)
            if end is not None:
                over = self._over(rules, end)
        caption = ""
        if over is None:
            hand = len(entries) + 1
            caption = self.rules_for(hand, extra=extra).row_caption(Progress(hand, sheet.totals, entries))
        return Sheet(sheet, rules.members(), over, extras, caption, hand_rows)

    @staticmethod
    def _over(rules: PadRules[Any], end: MatchOver) -> dict[str, Any]:
        names = " and ".join(rules.columns()[c] for c in end.winners)
        result = end.result or f"{names} {'win' if len(end.winners) > 1 else 'wins'}."
        return {"winners": end.winners, "reason": end.reason, "text": f"{result} {end.reason}"}

    # ---- amendments ("the Kali Effect") ----------------------------------------------------------

    def propose(self, from_hand: int, changes: Mapping[str, Any], by: str, note: str = "") -> Amendment:
        """A player proposes a house-rule change from hand ``from_hand`` on; checked as options are."""
        if by not in self.players:
            raise PadError(f"{by} is not at this table.")
        if not isinstance(from_hand, int) or not 1 <= from_hand <= self.next_hand():
            raise PadError(f"A change applies from a hand entered or the next ({self.next_hand()}).")
        if not changes:
            raise PadError("Say which house rule changes.")
        amendment = Amendment(from_hand, dict(changes), by, {by: True}, note.strip()[:200])
        self.options_for(from_hand, extra=amendment)
        self.amendments.append(amendment)
        return amendment

    def vote(self, index: int, player: str, yes: bool, *, recorded: bool = False) -> Amendment:
        """``player`` accepts or refuses amendment ``index``; once everyone accepted it, it applies
        (refused if it would make an entered hand impossible). ``recorded``: the scorekeeper
        recorded it for the player (who has no phone at the table), as the page says."""
        if not 0 <= index < len(self.amendments):
            raise PadError("There is no such proposal.")
        if player not in self.players:
            raise PadError(f"{player} is not at this table.")
        a = self.amendments[index]
        if a.status(self.players) != PENDING:
            raise PadError(f"That proposal is {a.status(self.players)} already.")
        votes = {**a.votes, player: yes}
        if yes and all(votes.get(p) for p in self.players):
            trial = Amendment(a.from_hand, a.changes, a.proposed_by, votes, a.note)
            self._run(self.entries, extra=trial)  # an entered hand it makes impossible refuses it
        a.votes = votes
        if recorded:
            a.recorded.append(player)
        return a

    def amendment_words(self) -> list[dict[str, Any]]:
        """Each amendment for people: what changes (by the options' labels), from which hand, its state."""
        infos = {o.name: o for o in self.spec.options}
        rules = self.rules_for(1)
        out = []
        for a in self.amendments:
            changes = "; ".join(f"{infos[k].label}: {infos[k].value_label(v)}" for k, v in a.changes.items()
                                if k in infos)
            out.append({**a.to_json(), "status": a.status(self.players), "words":
                        f"From {rules.row_label(a.from_hand).lower()}: {changes}"})
        return out

    # ---- storing -------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {"game": self.spec.id, "preset": self.preset, "options": dict(self.options),
                "players": list(self.players), "entries": list(self.entries),
                "amendments": [a.to_json() for a in self.amendments]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Pad:
        pad = cls.create(data["game"], data["players"], preset=data.get("preset"),
                         options=data.get("options"))
        pad.amendments = [Amendment(a["from_hand"], dict(a["changes"]), a["proposed_by"], dict(a["votes"]),
                                    a.get("note", ""), list(a.get("recorded", [])))
                          for a in data.get("amendments", [])]
        pad.entries = [dict(e) for e in data.get("entries", [])]
        return pad

    def view(self) -> dict[str, Any]:
        """Everything a page or a terminal shows: the game, rules, players, the next hand's form,
        the sheet, the amendments."""
        sheet = self.sheet()
        rules = self.rules_for(self.next_hand())
        form = self.form_for(self.next_hand(), sheet)
        return {"game": self.spec.id, "title": self.spec.title, "preset": self.preset,
                "deal_word": self.spec.deal_word, "players": list(self.players),
                "options": rules.options.to_json(), "entries": list(self.entries),
                "next_hand": self.next_hand(), "next_label": rules.row_label(self.next_hand()),
                "form": form.to_json(), "blank": form.blank(),
                "forms": [self.form_for(k, sheet).to_json() for k in range(1, self.next_hand())],
                "sheet": sheet.to_json(), "amendments": self.amendment_words()}


def _write(sheet: ScoreSheet, extras: list[dict[str, Any]], row: SheetRow, hand: int) -> None:
    """A row the game writes besides a hand's own (``hand`` 0: before the first hand); its extras
    say which hand wrote it, so a page offers to correct only a hand's own row."""
    sheet.add(row.label, row.points, details=row.details, note=row.note)
    extras.append({"caption": "", "parts": None, "hand": hand, "added": True})


def _check_names(names: list[str], spec: GameSpec) -> None:
    allowed = ", ".join(map(str, spec.players))
    if len(names) not in spec.players:
        raise PadError(f"{spec.title} is played by {allowed} players, not {len(names)}.")
    if any(not n or len(n) > MAX_NAME for n in names):
        raise PadError(f"Every player needs a name of 1 to {MAX_NAME} characters.")
    if len(set(n.lower() for n in names)) != len(names):
        raise PadError("Two players have the same name: give each a name of his own.")


__all__ = ["ACCEPTED", "PENDING", "REFUSED", "Amendment", "Pad", "Sheet"]

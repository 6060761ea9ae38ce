"""A played table's house-rule amendments: proposals, votes, and where they are stored.

A seated person proposes option changes (``State.amend``'s: the game's ``AMENDABLE`` options); every
person seated votes; bots accept (they play by whatever rules the table agrees). At the first no
the proposal is refused; once every person said yes it is accepted and goes to the engine, which
applies it from the next deal and logs it, so replays follow. One proposal is open at a time.

Every proposal is a row of the ``amendments`` table (table id, its number, the proposal as JSON),
declared on the storage's metadata so ``create_all`` makes it beside the others; an accepted one
holds the number of moves made when it was accepted, which is where the engine's log makes it
again when the table is read back (:func:`accepted_log`).

A request may carry an id (a client's ``request_id``, or the one a replica gives a request it
forwards to the table's owner, server.cluster_asks): the proposal keeps the id that made it and
the id of each seat's vote, so the same request sent again is answered as the first time and
changes nothing. On several processes the owner announces each change in the transaction that
stores it, and a replica makes an accepted amendment at its move (:func:`make_due`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Column, ForeignKey, Integer, String, Table, select
from sqlalchemy.engine import Connection

from gamenight.core.amend import change_words
from gamenight.core.state import State
from gamenight.server.storage import Storage, metadata

if TYPE_CHECKING:
    from gamenight.server.live import LiveTable

PENDING, ACCEPTED, REFUSED = "pending", "accepted", "refused"
#: proposals a table keeps (a match has a handful; a bound on what a client can make it store)
MAX_PROPOSALS = 40
#: the longest note a proposal carries
MAX_NOTE = 200

amendments_table = Table(
    "amendments",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
    Column("number", Integer, primary_key=True),
    Column("data", JSON, nullable=False),
)


@dataclass(slots=True)
class Proposal:
    """One proposed amendment: who proposed what, each seat's vote, and what became of it."""

    number: int
    seat: int
    changes: dict[str, Any]
    note: str = ""
    #: each seat's vote so far (bots' included: they accept)
    votes: dict[int, bool] = field(default_factory=dict)
    status: str = PENDING
    #: once accepted: the moves made by then, and the deal it applies from
    move: int | None = None
    from_deal: int | None = None
    #: the id of the request that made it, and of each seat's vote (the same id again: the first answer)
    made_by: str | None = None
    vote_ids: dict[int, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "seat": self.seat, "changes": self.changes, "note": self.note,
                "votes": {str(s): v for s, v in self.votes.items()}, "status": self.status,
                "move": self.move, "from_deal": self.from_deal, "made_by": self.made_by,
                "vote_ids": {str(s): i for s, i in self.vote_ids.items()}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Proposal:
        return cls(int(data["number"]), int(data["seat"]), dict(data["changes"]), str(data.get("note", "")),
                   {int(s): bool(v) for s, v in data.get("votes", {}).items()}, str(data["status"]),
                   data.get("move"), data.get("from_deal"), data.get("made_by"),
                   {int(s): str(i) for s, i in data.get("vote_ids", {}).items()})


def load(storage: Storage, table_id: str) -> list[Proposal]:
    """The table's proposals, oldest first (a worker thread reads them, with its moves)."""
    with storage.engine.connect() as conn:
        rows = conn.execute(select(amendments_table.c.data).where(amendments_table.c.table_id == table_id)
                            .order_by(amendments_table.c.number)).all()
    return [Proposal.from_json(row[0]) for row in rows]


#: what a commit of a proposal tells the other processes, in its own transaction (server.cluster)
Told = Callable[[Connection, str, Proposal], None]


def save(storage: Storage, table_id: str, proposal: Proposal, told: Told | None = None) -> None:
    """Store ``proposal`` as it stands now (made or updated), committed before the caller answers;
    ``told`` announces it in the same transaction (no process hears of a change not on disk)."""
    data = proposal.to_json()
    with storage.engine.begin() as conn:
        key = (amendments_table.c.table_id == table_id) & (amendments_table.c.number == proposal.number)
        if conn.execute(select(amendments_table.c.number).where(key)).first() is None:
            conn.execute(amendments_table.insert().values(table_id=table_id, number=proposal.number,
                                                          data=data))
        else:
            conn.execute(amendments_table.update().where(key).values(data=data))
        if told is not None:
            told(conn, table_id, proposal)


def heard(table: LiveTable, proposal: Proposal) -> None:
    """A replica heard that ``proposal`` was made or changed: kept in its place among the table's."""
    if proposal.number < len(table.proposals):
        table.proposals[proposal.number] = proposal
    elif proposal.number == len(table.proposals):
        table.proposals.append(proposal)
    else:
        raise ValueError(f"proposal {proposal.number} follows proposal {len(table.proposals) - 1}")


def make_due(table: LiveTable) -> bool:
    """A replica's state makes the accepted amendments it has not made yet that were accepted at the
    move it stands at (as the owner's did then; later ones wait for their move). False when one was
    accepted at a move already played past here: the state is to be replayed (``accepted_log``)."""
    state = table.state
    accepted = [p for p in table.proposals if p.status == ACCEPTED and p.move is not None]
    for p in accepted[len(state.amendments):]:
        assert p.move is not None
        if p.move > len(state.moves):
            break
        if p.move < len(state.moves):
            return False
        state.amend(p.changes)
    return True


def accepted_log(proposals: Sequence[Proposal], moves: int) -> list[dict[str, Any]]:
    """The accepted amendments as the engine's log holds them, those made by move ``moves``."""
    return [{"move": p.move, "changes": p.changes} for p in proposals
            if p.status == ACCEPTED and p.move is not None and p.move <= moves]


def people_seats(table: LiveTable) -> list[int]:
    return [i for i, s in enumerate(table.record.seats) if s.kind == "human"]


def proposal_words(table: LiveTable, p: Proposal) -> dict[str, Any]:
    """A proposal as a page shows it: who proposed what in words, each person's vote, from which deal."""
    state = table.state
    deal = p.from_deal if p.from_deal is not None else state.deal_no + 1
    votes = [{"seat": s, "name": table.seat_name(s), "vote": p.votes.get(s)} for s in people_seats(table)]
    # a proposal still open when the game ended was never decided
    status = "lapsed" if p.status == PENDING and table.is_done else p.status
    return {"number": p.number, "seat": p.seat, "by": table.seat_name(p.seat),
            "words": change_words(state.spec, p.changes), "note": p.note, "status": status,
            "votes": votes, "from": f"{state.DEAL_WORD} {deal}",
            # accepted and in force (its deal begun): the score sheet marks it among its rows
            "applied": p.status == ACCEPTED and state.deal_no >= deal}


def amendable(state: State) -> bool:
    return bool(state.spec.options_cls.AMENDABLE)


def frame_amendments(table: LiveTable) -> dict[str, Any]:
    """What a state frame says of amendments: nothing for a game with none, else whether one may be
    proposed now and each proposal in words."""
    proposals = getattr(table, "proposals", ())
    if not amendable(table.state) and not proposals:
        return {}
    open_now = not table.is_done and all(p.status != PENDING for p in proposals)
    return {"amendments": {"may_propose": open_now and amendable(table.state),
                           "proposals": [proposal_words(table, p) for p in proposals]}}


__all__ = ["ACCEPTED", "MAX_NOTE", "MAX_PROPOSALS", "PENDING", "REFUSED", "Proposal", "Told", "accepted_log",
           "amendable", "amendments_table", "frame_amendments", "heard", "load", "make_due", "people_seats",
           "proposal_words", "save"]

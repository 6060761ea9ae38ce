"""Zones: where every piece lies, whose it is, and who may see it.

Every card, tile, die or marble of a game lies in exactly one :class:`Zone` at any time. A kernel
lists its zones once (``State.zones()``), as live references to the lists it plays with, and
three things are derived from that one list, so they cannot disagree:

* **conservation** (:func:`census`): the pieces of all zones together are the game's equipment;
* **what a seat sees** (:func:`layout`): each zone as that seat may see it (its pieces, or only
  their number, or face-up pieces with face-down ones as ``None``) — the layout description the
  terminal and the browser draw from;
* **sampling** (:func:`redeal_unseen`): every piece a seat cannot see is shuffled among the places
  it cannot see, keeping what the seat knows (its :class:`Knowledge`) and the rules' constraints
  (``Zone.allowed``: a player who showed out of a suit holds none of it).

Visibility is per zone (public, owner, nobody) or per piece (``FACES``: a face-up/face-down flag
beside each piece, for Golf's grid, Sweep's blind cards or an up-card; ``Zone.owner_sees``: the
face-down positions the owner alone sees, Golf's two corners). "Known to be in a hand"
(a card passed, a card taken from the pile, a peeked card) is :class:`Knowledge`, one mechanism
for every family.

Zones know nothing of cards: a zone names the codec that prints its pieces (any object with
``name`` and ``format(value)``, such as the equipment's move-argument kinds).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from gamenight.core.sampling import redeal


class PieceCodec(Protocol):
    """How a zone's pieces print: the equipment's kinds (cards, tiles, dice...) fit this."""

    name: str

    def format(self, value: Any) -> str: ...


class Visibility(StrEnum):
    """Who may see the pieces of a zone."""

    PUBLIC = "public"  # everyone sees every piece
    OWNER = "owner"  # the owner sees them, everyone else only how many there are
    NOBODY = "nobody"  # nobody sees them (a stock, a kitty, a boneyard): only how many
    FACES = "faces"  # per piece: face up for everyone, face down for nobody (``Zone.face_up``)


class Show(StrEnum):
    """How a renderer lays a zone out (a hint; every renderer has a generic fallback)."""

    HAND = "hand"  # a player's hand: fanned, selectable by its owner
    PILE = "pile"  # a squared pile: the top piece and how many (stock, discard pile)
    SPREAD = "spread"  # a pile spread so that every piece reads, oldest first (a pile to dig in)
    ROW = "row"  # pieces side by side (a meld, a trick, a domino line)
    GRID = "grid"  # rows × columns (Golf's layout): ``Zone.columns`` per row
    TRICK = "trick"  # the pieces played to a trick, each by its seat (``Zone.seats``)
    COUNT = "count"  # only the number matters (tricks taken, a foot not picked up)


# the members as plain module names: an enum class's attribute lookup costs more than a zone's entry
_PUBLIC, _OWNER, _FACES = Visibility.PUBLIC, Visibility.OWNER, Visibility.FACES


@dataclass(slots=True)
class Zone:
    """A place where pieces lie. ``pieces`` is the kernel's own list (a live reference).

    ``key`` is unique in a state ("hand/2", "stock"); ``name`` is the kind of place ("hand") and
    ``label`` its name for players ("West's hand"). ``allowed`` (for sampling) says whether a
    piece could lie here given what everyone has seen; ``group`` gathers zones that are drawn
    together (a team's books); ``order`` sorts what a seat sees of it (a hand by suit);
    ``detail`` names the view field that shows its pieces in detail (a team's books, one stack per
    book, from a field of kind ``melds``): renderers draw that field in its place.
    """

    key: str
    pieces: list[int]
    codec: PieceCodec
    owner: int | None = None
    visibility: Visibility = Visibility.PUBLIC
    face_up: list[bool] | None = None
    show: Show = Show.ROW
    label: str = ""
    group: str = ""
    columns: int = 0
    seats: list[int] | None = None
    allowed: Callable[[int], bool] | None = None
    #: the order its pieces are shown in to a seat that sees them all (a hand sorted by suit);
    #: only the view's order, never the kernel's list
    order: Callable[[list[int]], list[int]] | None = None
    detail: str = ""
    #: the table it lies at, in a game of several tables at once (a progressive party): 1, 2, ...
    table: int = 0
    #: pieces lying in stacks, each covering the one below (Sweep's face-up cards on their blind
    #: cards): how many pieces each stack holds, bottom piece first, in the zone's order; ``None``:
    #: side by side
    stacks: list[int] | None = None
    #: a ``FACES`` zone's positions its owner sees even face down (Golf's two bottom corners, which
    #: their owner may look at whenever he likes): by position, so the view shows each where it
    #: lies and a redeal for the owner keeps it there, while everyone else sees a back
    owner_sees: list[bool] | None = None

    @property
    def name(self) -> str:
        return self.key.split("/", 1)[0]

    def sees(self, seat: int | None, i: int) -> bool:
        """Whether ``seat`` (None: a spectator) sees piece ``i`` of this zone face up."""
        vis = self.visibility
        if vis is _PUBLIC:
            return True
        if vis is _OWNER:
            return seat is not None and seat == self.owner
        if vis is _FACES:
            if self.face_up is not None and self.face_up[i]:
                return True
            peek = self.owner_sees
            return peek is not None and seat is not None and seat == self.owner and peek[i]
        return False

    def hidden_from(self, seat: int | None) -> list[int]:
        """Positions of the pieces ``seat`` cannot see."""
        vis = self.visibility
        if vis is _PUBLIC:
            return []
        if vis is _OWNER and seat is not None and seat == self.owner:
            return []
        if vis is _FACES and self.face_up is not None:
            peek = self.owner_sees if seat is not None and seat == self.owner else None
            if peek is not None:
                return [i for i, up in enumerate(self.face_up) if not up and not peek[i]]
            return [i for i, up in enumerate(self.face_up) if not up]
        return list(range(len(self.pieces)))


class Knowledge:
    """Pieces some seats know lie in a zone they cannot see (a passed card, a card taken from
    the discard pile, a card a player peeked at). Kept per zone key as multisets: several decks
    hold identical cards, and knowing one copy is not knowing two.

    ``tell`` records, ``forget`` drops pieces that left the zone; ``known_to`` is what one seat
    knows of a zone (what everyone knows plus what it alone was shown). A kernel forgets every
    piece that leaves a zone: with several decks a stale entry (a known card since laid) would
    pin a sampled identical copy in the zone, and the sample's view would show one known card
    more than the real one.
    """

    __slots__ = ("_by_all", "_by_some")

    def __init__(self) -> None:
        self._by_all: dict[str, list[int]] = {}
        self._by_some: dict[tuple[int, str], list[int]] = {}

    def tell(self, key: str, pieces: Iterable[int], observers: Iterable[int] | None = None) -> None:
        """Everyone (``observers`` None) or those seats now know ``pieces`` lie in zone ``key``."""
        if observers is None:
            self._by_all.setdefault(key, []).extend(pieces)
            return
        pieces = list(pieces)
        for o in observers:
            self._by_some.setdefault((o, key), []).extend(pieces)

    def forget(self, key: str, pieces: Iterable[int]) -> None:
        """``pieces`` left zone ``key``: one known copy of each is dropped (for every observer)."""
        public = self._by_all.get(key)
        if not self._by_some:  # the common case, on every discard of a rummy: kept cheap
            if public:
                for piece in pieces:
                    if piece in public:
                        public.remove(piece)
            return
        lists = [v for k, v in self._by_some.items() if k[1] == key]
        if public is not None:
            lists.append(public)
        for piece in pieces:
            for known in lists:
                if piece in known:
                    known.remove(piece)

    def drop(self, key: str) -> None:
        """Zone ``key`` was emptied or replaced: nothing is known to be in it any more."""
        self._by_all.pop(key, None)
        for k in [k for k in self._by_some if k[1] == key]:
            del self._by_some[k]

    def public(self, key: str) -> list[int]:
        """What everyone knows lies in zone ``key``."""
        return self._by_all.get(key, [])

    def known_to(self, seat: int | None, key: str) -> list[int]:
        """What ``seat`` knows lies in zone ``key`` (a multiset; what everyone knows first)."""
        public = self._by_all.get(key, [])
        if seat is None:
            return public
        own = self._by_some.get((seat, key))
        return public + own if own else public

    def clear(self) -> None:
        self._by_all.clear()
        self._by_some.clear()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Knowledge):
            return NotImplemented
        return self._by_all == other._by_all and self._by_some == other._by_some

    __hash__ = None  # type: ignore[assignment]  # mutable

    def copy(self) -> Knowledge:
        new = Knowledge()
        new._by_all = {k: list(v) for k, v in self._by_all.items()}
        new._by_some = {k: list(v) for k, v in self._by_some.items()}
        return new


def census(zones: Sequence[Zone]) -> Counter[int]:
    """Every piece in play, counted (conservation: this equals the game's equipment, always)."""
    counts: Counter[int] = Counter()
    for z in zones:
        counts.update(z.pieces)
    return counts


def check_zones(zones: Sequence[Zone]) -> None:
    """Raise ``ValueError`` for zone tables that cannot be right: repeated keys, a FACES zone
    without one flag per piece, or an OWNER zone without an owner."""
    keys = [z.key for z in zones]
    if len(set(keys)) != len(keys):
        raise ValueError(f"zone keys repeat: {sorted(k for k, n in Counter(keys).items() if n > 1)}")
    for z in zones:
        if z.visibility is Visibility.FACES and (z.face_up is None or len(z.face_up) != len(z.pieces)):
            raise ValueError(f"zone {z.key}: a face-up flag is needed for every piece")
        if z.visibility is Visibility.OWNER and z.owner is None:
            raise ValueError(f"zone {z.key}: an owner-only zone needs an owner")
        if z.owner_sees is not None and (z.owner is None or len(z.owner_sees) != len(z.pieces)):
            raise ValueError(f"zone {z.key}: what the owner sees face down needs an owner and a flag a piece")


def zone_view(z: Zone, seat: int | None, knowledge: Knowledge | None = None) -> dict[str, Any]:
    """One zone as ``seat`` sees it: its pieces as text (``None`` for each face-down one it cannot
    see), or only how many when it sees none of them; plus the pieces ``seat`` knows are in it."""
    fmt = z.codec.format
    vis = z.visibility
    pieces = z.pieces
    shown: list[str | None] | None
    peeked_at: list[int] = []
    if vis is _PUBLIC or (vis is _OWNER and seat is not None and seat == z.owner):
        shown = list(map(fmt, z.order(pieces) if z.order is not None else pieces))
        hides = False
    elif vis is _FACES and z.face_up is not None:
        shown = [fmt(p) if up else None for p, up in zip(pieces, z.face_up, strict=True)]
        peek = z.owner_sees
        if peek is not None and seat is not None and seat == z.owner:
            peeked = [i for i, up in enumerate(z.face_up) if not up and peek[i]]
            for i in peeked:
                shown[i] = fmt(pieces[i])
            peeked_at = peeked
        hides = None in shown
    else:
        shown = None
        hides = True
    key = z.key
    # plain reads only: this runs for every zone of every view (``_value_`` is the hint's text;
    # ``str()`` or ``.value`` of an enum member cost more than the rest of the entry)
    out: dict[str, Any] = {
        "key": key, "name": key.partition("/")[0], "label": z.label, "owner": z.owner,
        "show": z.show._value_, "piece": z.codec.name, "count": len(pieces), "pieces": shown,
    }
    if z.group:
        out["group"] = z.group
    if z.columns:
        out["columns"] = z.columns
    if z.seats is not None:
        out["seats"] = list(z.seats)
    if z.detail:
        out["detail"] = z.detail
    if z.table:
        out["table"] = z.table
    if z.stacks is not None:
        out["stacks"] = list(z.stacks)
    if peeked_at:  # face down, seen by the owner alone: a renderer marks them as peeked at
        out["peeked"] = peeked_at
    if hides and knowledge is not None:
        known = knowledge.known_to(seat, key)
        if known:  # only then look for which of them are still there
            known = _still_there(known, [pieces[i] for i in z.hidden_from(seat)])
            if known:
                out["known"] = list(map(fmt, known))
    return out


def _still_there(known: list[int], pieces: list[int]) -> list[int]:
    """The known pieces that are still in the zone (a known card since played is public anyway)."""
    rest = list(pieces)
    out = []
    for p in known:
        if p in rest:
            rest.remove(p)
            out.append(p)
    return out


def layout(
    zones: Sequence[Zone], seat: int | None, knowledge: Knowledge | None = None
) -> list[dict[str, Any]]:
    """Every zone as ``seat`` sees it, in the kernel's order (the layout description)."""
    return [zone_view(z, seat, knowledge) for z in zones]


def redeal_unseen(
    zones: Sequence[Zone], seat: int, knowledge: Knowledge | None, rng: random.Random
) -> None:
    """Shuffle every piece ``seat`` cannot see among the places it cannot see (in place).

    Each hidden place keeps its size and the pieces ``seat`` knows are there; face-down pieces
    change in their own positions, so a grid keeps its shape. Where any zone constrains what it
    may hold (``Zone.allowed``), the deal respects it (an augmenting-path redeal that always
    finds a consistent deal: the true one is one).
    """
    slots: list[tuple[Zone, list[int]]] = []  # (zone, positions to refill)
    unseen: list[int] = []
    for z in zones:
        hidden = z.hidden_from(seat)
        if not hidden:
            continue
        pieces = z.pieces
        known = list(knowledge.known_to(seat, z.key)) if knowledge is not None else []
        refill: list[int] = []
        for i in hidden:
            p = pieces[i]
            if known and p in known:
                known.remove(p)  # seat knows this piece is here: it stays
            else:
                refill.append(i)
                unseen.append(p)
        if refill:
            slots.append((z, refill))
    if not slots:
        return
    if all(z.allowed is None for z, _ in slots):
        rng.shuffle(unseen)
        pos = 0
        for z, refill in slots:
            for i in refill:
                z.pieces[i] = unseen[pos]
                pos += 1
        return
    checks = [z.allowed for z, _ in slots]

    def allowed(piece: int, slot: int) -> bool:
        check = checks[slot]
        return check is None or check(piece)

    dealt = redeal(unseen, [len(refill) for _, refill in slots], allowed, rng)
    for (z, refill), new in zip(slots, dealt, strict=True):
        for i, p in zip(refill, new, strict=True):
            z.pieces[i] = p


__all__ = [
    "Knowledge", "PieceCodec", "Show", "Visibility", "Zone", "census", "check_zones", "layout",
    "redeal_unseen", "zone_view",
]

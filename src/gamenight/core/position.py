"""Positions: a game put in a given situation from a literal description of it.

A test of a rule needs the table just so: these cards in that hand, this card on the pile, the
stock down to one card, seat 2 to play. :func:`set_position` (or :func:`position`, which starts
the game first) writes such a description onto a :class:`~gamenight.core.state.State` through
the one list every game already declares, its zones (``State.zones()``, live references to the
kernel's own lists), so it works the same for every game:

* each zone named in ``zones`` holds exactly the pieces given, in the kernel's list order (the
  order ``zone.pieces`` has: a rummy stock's top is its first card, a canasta stock's its last);
* a piece named there is taken from wherever it lies: the rest zone first (``rest``, by default
  the stock or the boneyard; then the other stock piles), from its bottom, so the next draws
  stay; then any other zone, from its end. A zone *not* named keeps its size and the rest of its
  pieces where they were (a piece taken from it is replaced by a spare one, else by one from the
  rest zone's bottom);
* the pieces no longer needed go to the zone whose description holds ``...`` (at that place in
  it), else to the rest zone's bottom. Which end is a stock's bottom is the kernel's list order:
  its end by default (a rummy stock, drawn from ``stock[0]``); ``bottom_first=True`` for a stock
  drawn from the end of its list (canasta's, 5 in a Row's);
* **conservation** is checked: the census of the zones is the same before and after, so the
  equipment is all accounted for and a position is never impossible (naming a piece more often
  than the equipment holds it is refused with a sentence saying so);
* what the kernel remembers seats know of a changed zone is forgotten, and the legal-move cache
  is emptied: the next ``legal_moves`` reads the new position.

**Out of play** (``out_of_play``): pieces a position has no place for among the game's zones (a
round of dominoes with fewer tiles than the set and an exact boneyard; a stock run down to one
card while the cards drawn from it lie nowhere a rule would read them). They are described like a
zone, ``out-of-play`` (``out_of_play="..."``: every piece not placed elsewhere), and set aside on
the state (``State.set_aside``, for the deal in play): no zone the kernel lists holds them, so
no rule, view or sample sees them, while conservation (``State.pieces_in_play``) still counts
them with the zones. The next deal is dealt from the whole equipment, as always.

What the zones cannot say is a setting: whose turn (``turn``), the phase (``phase``: its name as
``state.phase()`` reads it), the dealer, the deal's number, the scores so far (one row on the
score sheet) and, for anything else a kernel keeps (a team that has opened, a contract level),
``extra``: named attributes the kernel already has, each given a value of the same type. A
kernel that keeps one of the settings otherwise writes a hook for it, a method named
``position_<setting>`` (``position_turn(seat)``, ``position_phase(name)``, ``position_scores(
totals)``...), which :func:`set_position` calls instead of the common convention (``turn``,
``phase_name``, ``dealer``, ``deal_no``, the score sheet). A zone the kernel derives rather than
keeps (a team's books drawn from its melds) cannot be written through the zones: that is
refused, naming the zone.

Worked example (the first dealer of a stacked deal is seat 0; ``stock[0]`` is a rummy's top)::

    s = position("rummy", players=2, seed=1, zones={
        "hand 0": "AS KS 10H 4C 4D 4H 7S",
        "hand 1": "2C 3C 4S 5D 6D 9H JC",
        "discards": "QS",
        "stock": "8H 9S ...",          # the next two draws, then every other card
    }, turn=1, phase="draw")
    assert s.legal_moves(1)            # seat 1 draws from a stock whose top is the 8♥

Zone keys are written as the kernel names them (``hand/0``) or with a space (``hand 0``).
Pieces are written in their codes (cards ``AS 10H JK``, tiles ``12-3``) or given as the
kernel's ints. Sans-I/O, engine side: the tests build positions with it (``tests/helpers.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any, TypeVar

from gamenight.core.state import OUT_OF_PLAY, State
from gamenight.core.zones import Show, Visibility, Zone, census, check_zones

#: in a zone's description: every piece not placed elsewhere lies here
REST = "..."
#: the zones that take the pieces no longer needed when no description holds ``...``
REST_ZONES = ("stock", "boneyard", "stock/1")

#: a zone's pieces: their codes in one string, or a list of codes or the kernel's ints
Pieces = str | Sequence[int | str]
S = TypeVar("S", bound=State)


class PositionError(ValueError):
    """A description that cannot be a position of this game (an unknown zone, more copies of a
    piece than the equipment holds, a setting the kernel does not keep)."""


def position(
    game: str,
    *,
    players: int | None = None,
    seed: int = 1,
    deck: Sequence[str] | None = None,
    options: Mapping[str, object] | None = None,
    preset: str | None = None,
    zones: Mapping[str, Pieces] | None = None,
    out_of_play: Pieces | None = None,
    rest: str | None = None,
    bottom_first: bool = False,
    turn: int | None = None,
    phase: str | None = None,
    dealer: int | None = None,
    deal: int | None = None,
    scores: Sequence[int] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> State:
    """A new game of ``game`` (as :func:`gamenight.new` builds it) put in the position described
    (see :func:`set_position` and the module's docstring)."""
    from gamenight.core.registry import new  # the registry imports every game's state: late

    state = new(game, players=players, seed=seed, deck=deck, options=options, preset=preset)
    return set_position(state, zones=zones, out_of_play=out_of_play, rest=rest, bottom_first=bottom_first,
                        turn=turn, phase=phase, dealer=dealer, deal=deal, scores=scores, extra=extra)


def set_position(
    state: S,
    *,
    zones: Mapping[str, Pieces] | None = None,
    out_of_play: Pieces | None = None,
    rest: str | None = None,
    bottom_first: bool = False,
    turn: int | None = None,
    phase: str | None = None,
    dealer: int | None = None,
    deal: int | None = None,
    scores: Sequence[int] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> S:
    """Put ``state`` in the position described, in place, and return it.

    Settings are applied in the order a table is laid: the deal's number and dealer, ``extra``
    (the pieces it puts on the table, such as a team's books, are taken as named pieces are, and
    those it took off go to the rest zone's bottom), the zones (``out_of_play`` one of them: the
    pieces set aside), the phase, whose turn, the scores.
    :class:`PositionError` for a description that cannot be a position of this game."""
    if deal is not None:
        _setting(state, "deal", deal, "deal_no")
    if dealer is not None:
        _setting(state, "dealer", state.check_seat(dealer), "dealer")
    if extra:
        equipment = census(_zones(state))
        for name, value in extra.items():
            _set_extra(state, name, value)
        try:
            _settle(state, equipment, rest, bottom_first)
        finally:
            _tidy(state)
    if out_of_play is not None:
        zones = {**(zones or {}), OUT_OF_PLAY: out_of_play}
    if zones:
        place(state, zones, rest=rest, bottom_first=bottom_first)
    if phase is not None:
        _set_phase(state, phase)
    if turn is not None:
        _setting(state, "turn", state.check_seat(turn), "turn")
    if scores is not None:
        _set_scores(state, list(scores))
    state._legal_cache = {}
    if turn is not None and not state.is_over and state.to_act and turn not in state.to_act:
        raise PositionError(f"seat {turn} was to act, but in this phase {sorted(state.to_act)} act")
    return state


def edited(state: S) -> S:
    """``state`` was changed beyond what a description says (a meld a test laid on the table
    through a kernel's own step): its legal moves are read afresh. Prefer a description."""
    state._legal_cache = {}
    return state


# ---- the zones ----------------------------------------------------------------------------

def zone_key(name: str) -> str:
    """``hand 0`` -> ``hand/0``: a zone's key as the kernel writes it (``out of play``: the
    pieces set aside, ``out-of-play``)."""
    if "-".join(name.split()) == OUT_OF_PLAY:
        return OUT_OF_PLAY
    return "/".join(name.split())


def _zones(state: State) -> list[Zone]:
    """The kernel's zones and, last, the pieces set out of play in this deal as a zone of their
    own (its list the state's own, so writing the zone sets them aside)."""
    zones = state.zones()
    if not zones:
        return zones
    aside = state.set_aside.setdefault(state.deal_no, [])
    return [*zones, Zone(OUT_OF_PLAY, aside, zones[0].codec, None, Visibility.NOBODY, None, Show.COUNT,
                         "Out of play")]


def _tidy(state: State) -> None:
    """No empty entry left for a deal with nothing set aside (a state compares as it did)."""
    if not state.set_aside.get(state.deal_no, True):
        del state.set_aside[state.deal_no]


def place(state: State, described: Mapping[str, Pieces], *, rest: str | None = None,
          bottom_first: bool = False) -> None:
    """Set the pieces of the zones ``described`` in place, moving pieces only (conservation
    checked), and forget what seats knew of every zone that changed."""
    try:
        _place(state, described, rest, bottom_first)
    finally:
        _tidy(state)


def _place(state: State, described: Mapping[str, Pieces], rest: str | None, bottom_first: bool) -> None:
    zones = _zones(state)
    by_key = {z.key: z for z in zones}
    again = {z.key: z for z in _zones(state)}
    wanted: dict[str, tuple[list[int], list[int]]] = {}  # key -> (pieces before ..., after ...)
    rest_here: str | None = None
    for name, pieces in described.items():
        key = zone_key(name)
        zone = by_key.get(key)
        if zone is None:
            raise PositionError(f"{state.spec.title} has no zone {key!r}: its zones are {', '.join(by_key)}")
        if zone.pieces is not again[key].pieces:
            raise PositionError(f"zone {key!r} is drawn from what the kernel keeps, not a list it plays "
                                "with: set it through the kernel's own description")
        head, tail, has_rest = _read(zone, pieces)
        if has_rest:
            if rest_here is not None:
                raise PositionError(f"'...' may stand in one zone only, not in {rest_here!r} and {key!r}")
            rest_here = key
        wanted[key] = (head, tail)
    before = census(zones)
    was = {z.key: list(z.pieces) for z in zones}
    stock = _rest_zone(by_key, wanted, rest)  # gives pieces first (from its bottom), takes what is left
    _move_pieces(zones, by_key, wanted, rest_here, stock, bottom_first, state.spec.title)
    after = census(zones)
    if after != before:  # never: pieces are only moved
        raise PositionError(f"the pieces changed: {dict(after - before)} appeared, "
                            f"{dict(before - after)} went")
    check_zones(zones)
    for z in zones:
        if z.pieces != was[z.key]:
            state.knowledge.drop(z.key)  # what a seat knew lay there may have left


def _settle(state: State, equipment: Counter[int], rest: str | None, bottom_first: bool) -> None:
    """After ``extra`` changed what the kernel keeps (melds laid with their cards, melds taken up):
    the pieces now counted twice leave the zones the kernel plays with, as named pieces do (the
    rest zone's bottom first; another zone keeps its size, a piece the extra took off the table or
    one from the rest zone's bottom in its place), and the pieces no longer anywhere go to the rest
    zone's bottom, so the census is the equipment again."""
    zones = _zones(state)
    now = census(zones)
    if now == equipment:
        return
    again = {z.key: z.pieces for z in _zones(state)}
    live = [z for z in zones if z.pieces is again[z.key]]
    by_key = {z.key: z for z in live}
    spare_to = _rest_zone(by_key, {}, rest)
    rest_name = spare_to.split("/", 1)[0] if spare_to is not None else None
    excess = now - equipment
    spare = sorted((equipment - now).elements())
    stock = by_key[spare_to].pieces if spare_to is not None else []

    def pull() -> int:
        if spare:
            return spare.pop(0)
        if not stock:
            raise PositionError("a zone not described would lose pieces: describe it")
        return stock.pop(0 if bottom_first else -1)

    for z in _givers(live, spare_to):
        gone = []
        for i in _order(z, z.name == rest_name, bottom_first):
            if excess[z.pieces[i]] > 0:
                excess[z.pieces[i]] -= 1
                gone.append(i)
        if not gone:
            continue
        if _gives_freely(z, rest_name):
            _write(z, [p for i, p in enumerate(z.pieces) if i not in set(gone)])
        else:
            for i in gone:
                z.pieces[i] = pull()
        state.knowledge.drop(z.key)
    if +excess:
        raise PositionError(f"{excess.total()} pieces lie twice and in no zone that can give them up")
    if spare:
        if spare_to is None:
            raise PositionError(f"{len(spare)} pieces have no place: name the zone to put them in (rest=)")
        z = by_key[spare_to]
        _write(z, [*spare, *z.pieces] if bottom_first else [*z.pieces, *spare])
    if spare_to is not None:
        state.knowledge.drop(spare_to)


def _read(zone: Zone, pieces: Pieces) -> tuple[list[int], list[int], bool]:
    """A zone's description as pieces: those before ``...``, those after, and whether it has one."""
    words: Sequence[int | str] = pieces.split() if isinstance(pieces, str) else pieces
    head: list[int] = []
    tail: list[int] = []
    has_rest = False
    for word in words:
        if word == REST:
            if has_rest:
                raise PositionError(f"zone {zone.key!r}: '...' once at most")
            has_rest = True
            continue
        (tail if has_rest else head).append(_piece(zone, word))
    return head, tail, has_rest


def _piece(zone: Zone, word: int | str) -> int:
    if isinstance(word, int):
        return word
    parse = getattr(zone.codec, "parse", None)
    value = parse(word) if parse is not None else None
    if not isinstance(value, int):
        raise PositionError(f"zone {zone.key!r}: {word!r} is not a {zone.codec.name}")
    return value


def _rest_zone(by_key: Mapping[str, Zone], wanted: Mapping[str, object], rest: str | None) -> str | None:
    if rest is not None:
        key = zone_key(rest)
        if key not in by_key:
            raise PositionError(f"there is no zone {key!r} to put the other pieces in")
        return key
    return next((k for k in REST_ZONES if k in by_key and k not in wanted), None)


def _givers(zones: Sequence[Zone], spare_to: str | None) -> list[Zone]:
    """The zones a piece is taken from, in turn: the pieces out of play (taking one back disturbs
    nothing in play), the rest zone, its like (the other stock piles), then every other zone in
    the kernel's order."""
    name = spare_to.split("/", 1)[0] if spare_to is not None else None
    return sorted(zones, key=lambda z: (z.key != OUT_OF_PLAY, z.key != spare_to, z.name != name))


def _gives_freely(zone: Zone, rest_name: str | None) -> bool:
    """A zone that gives up pieces without one put back in their place: the rest zone and its
    like (a stock runs down), and the pieces out of play. Any other zone keeps its size."""
    return zone.name == rest_name or zone.key == OUT_OF_PLAY


def _order(zone: Zone, rest_like: bool, bottom_first: bool) -> range:
    """The positions a zone gives its pieces from: a stock from its bottom (the next draws stay),
    any other zone from its end (what came to it last)."""
    n = len(zone.pieces)
    return range(n) if rest_like and bottom_first else range(n - 1, -1, -1)


def _move_pieces(zones: list[Zone], by_key: Mapping[str, Zone],
                 wanted: Mapping[str, tuple[list[int], list[int]]], rest_here: str | None,
                 stock: str | None, bottom_first: bool, title: str) -> None:
    """Take the named pieces from where they lie (``stock``, the rest zone, first), refill what was
    taken from the zones not named (spare pieces, else pieces from the stock's bottom), and put
    what is left over in the ``...`` of ``rest_here``, else at the bottom of ``stock``."""
    named: Counter[int] = Counter()
    for head, tail in wanted.values():
        named.update(head)
        named.update(tail)
    freed: Counter[int] = Counter()
    for key in wanted:
        freed.update(by_key[key].pieces)
    short = named - freed
    givers = _givers([z for z in zones if z.key not in wanted], stock)
    rest_name = stock.split("/", 1)[0] if stock is not None else None
    taken: dict[str, list[int]] = {z.key: [] for z in givers}  # zone -> positions taken from it
    for z in givers:
        for i in _order(z, z.name == rest_name, bottom_first):
            if short[z.pieces[i]] > 0:
                short[z.pieces[i]] -= 1
                taken[z.key].append(i)
    if +short:
        missing = ", ".join(f"{by_key[next(iter(wanted))].codec.format(p)}" for p in sorted(+short))
        raise PositionError(f"{title} has not that many of {missing}: the description names more than "
                            "the equipment holds")
    pool = freed + Counter(by_key[k].pieces[i] for k, where in taken.items() for i in where) - named
    spare = sorted(pool.elements())

    def pull() -> int:
        """A piece from the rest zone's bottom, to keep another zone's size."""
        if spare:
            return spare.pop(0)
        rest = by_key.get(stock) if stock is not None and stock not in wanted else None
        if rest is not None:
            for i in _order(rest, True, bottom_first):
                if i not in taken[rest.key] and named[rest.pieces[i]] == 0:
                    taken[rest.key].append(i)
                    return rest.pieces[i]
        raise PositionError("a zone not described would lose pieces: describe it, or put '...' in a zone")

    for z in givers:  # the zones not described keep their size (those like the rest zone excepted)
        if not _gives_freely(z, rest_name):
            for i in taken[z.key]:
                z.pieces[i] = pull()
    for key, (head, tail) in wanted.items():
        if key == rest_here:
            _write(by_key[key], [*head, *spare, *tail])
            spare = []
        else:
            _write(by_key[key], [*head, *tail])
    for z in givers:
        if _gives_freely(z, rest_name) and (taken[z.key] or z.key == stock):
            gone = set(taken[z.key])
            kept = [p for i, p in enumerate(z.pieces) if i not in gone]
            if z.key == stock and rest_here is None:
                kept = [*spare, *kept] if bottom_first else [*kept, *spare]
                spare = []
            _write(z, kept)
    if spare:
        raise PositionError(f"{len(spare)} pieces have no place: put '...' in the zone they go to")


def _write(zone: Zone, pieces: list[int]) -> None:
    """A zone's pieces set in place (the kernel's own list: it keeps playing with it)."""
    if zone.face_up is not None and len(zone.face_up) != len(pieces):
        raise PositionError(f"zone {zone.key!r} has a face up or down per piece: it keeps its size")
    if zone.owner_sees is not None and len(zone.owner_sees) != len(pieces):
        raise PositionError(f"zone {zone.key!r} has pieces its owner sees: it keeps its size")
    zone.pieces[:] = pieces


# ---- the settings -------------------------------------------------------------------------

def _hook(state: State, setting: str) -> Any:
    return getattr(state, f"position_{setting}", None)


def _setting(state: State, setting: str, value: int, attribute: str) -> None:
    """A number the kernel keeps: its hook, else the common attribute (checked to exist)."""
    hook = _hook(state, setting)
    if hook is not None:
        hook(value)
        return
    if not isinstance(getattr(state, attribute, None), int):
        raise PositionError(f"{state.spec.title} keeps no {setting} as {attribute!r}: "
                            f"its kernel needs a position_{setting} hook")
    setattr(state, attribute, value)


def _set_phase(state: State, name: str) -> None:
    """The phase by its name as ``state.phase()`` reads it: the hook, else ``phase_name`` set to the
    kernel's own member of that name (a kernel's phases are a mapping from them)."""
    hook = _hook(state, "phase")
    if hook is not None:
        hook(name)
    else:
        phases = getattr(state, "phases", None)
        current = getattr(state, "phase_name", None)
        if current is None:
            raise PositionError(f"{state.spec.title} keeps no phase name: its kernel needs a "
                                "position_phase hook")
        names = list(phases) if isinstance(phases, Mapping) else []
        member = next((p for p in names if str(p) == name), None)
        if member is None and isinstance(current, Enum):
            member = next((p for p in type(current) if str(p) == name), None)
        if member is None and names:
            raise PositionError(f"{state.spec.title} has no phase {name!r}: its phases are "
                                f"{', '.join(map(str, names))}")
        state.phase_name = name if member is None else member  # type: ignore[attr-defined]
    if state.phase() != name:
        raise PositionError(f"the phase is {state.phase()!r}, not {name!r}, after setting it")


def _set_scores(state: State, totals: list[int]) -> None:
    """The scores so far: the hook, else one row on the score sheet bringing them forward."""
    hook = _hook(state, "scores")
    if hook is not None:
        hook(totals)
        return
    columns = len(state.sheet.columns)
    if len(totals) != columns:
        raise PositionError(f"the score sheet has {columns} columns, not {len(totals)}")
    state.sheet.add("Brought forward", [t - s for t, s in zip(totals, state.sheet.totals, strict=True)])


def _set_extra(state: State, name: str, value: Any) -> None:
    """Something else the kernel keeps, by its name: it must exist and keep its type (a list the
    type of its items), so a typo or a wrong kind of value is refused."""
    if name.startswith("_") or not hasattr(state, name) or callable(getattr(type(state), name, None)):
        raise PositionError(f"{state.spec.title} keeps no {name!r} to describe")
    if name == "set_aside":
        raise PositionError("pieces are set aside as a zone is described: out_of_play=")
    current = getattr(state, name)
    if not _same_shape(current, value):
        raise PositionError(f"{name!r} is {current!r}: {value!r} is not a value of its kind")
    if isinstance(current, list) and not isinstance(getattr(type(state), name, None), property):
        current[:] = value  # in place: a zone or a clone's memo may hold the list itself
    else:
        setattr(state, name, value)


def _same_shape(current: Any, value: Any) -> bool:
    """``value`` fits where ``current`` is: of the same type (a bool is no number); a list whose
    items are of the type of the kernel's items (``None`` fits anywhere: a seat without one)."""
    if current is None or value is None:
        return True
    if isinstance(current, list):
        kinds = [c for c in current if c is not None]
        return isinstance(value, list) and (not kinds or all(_same_shape(kinds[0], v) for v in value))
    if isinstance(current, bool) or isinstance(value, bool):
        return isinstance(current, bool) and isinstance(value, bool)
    return isinstance(value, type(current)) or isinstance(current, type(value))


__all__ = ["REST", "Pieces", "PositionError", "edited", "place", "position", "set_position", "zone_key"]

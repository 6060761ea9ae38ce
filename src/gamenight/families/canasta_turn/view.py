"""What a seat sees of a canasta-family table (the rules in effect included, as data), and its
zones, from which conservation, the view's layout and sampling follow: a sample redeals every hand
but the seat's own (keeping the cards known from the pile: ``State.knowledge``), every foot not yet
picked up (the owner's too: it lies face down) and the stock."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamenight.core.layout import Field, Kind
from gamenight.core.zones import Show, Visibility, Zone
from gamenight.equipment import cards as C
from gamenight.equipment.cards import CARD_TEXT
from gamenight.families.canasta import CLEAN, DIRTY, KIND_WORDS, WILD, WILDBOOK, Book, BookRules
from gamenight.families.canasta_turn.melds import MeldMixin
from gamenight.families.canasta_turn.rules import TurnRules, frozen_reason, pile_blocked, rules_json

#: display order: naturals from four to ace, then threes, twos and jokers
_DISPLAY = [(C.RANK_OF[c] if C.RANK_OF[c] > C.THREE else 20 + (C.RANK_OF[c] != C.THREE))
            for c in range(52)] + [30]


#: the display order as one sort key per card (a key function call per card cost more)
_DISPLAY_KEY = [_DISPLAY[c] * 64 + c for c in range(53)]
_CANASTA_COUNT = {CLEAN: (1, 0, 0), DIRTY: (0, 1, 0), WILDBOOK: (0, 0, 1)}


class _ViewMemo:
    """What a view derives from data that never or seldom changes, kept between views: the
    rules as JSON, each team's seats, and each book's entry (books are immutable values and most
    stay unchanged for many views; kept by identity, since hashing a book costs more than
    describing it). Shared by a state's clones: it holds only what follows from the rules, the
    seating and the book objects themselves."""

    __slots__ = ("books", "kind_names", "need", "rules", "seats")

    def __init__(self, state: ViewMixin) -> None:
        self.rules = rules_json(state.turn_rules)
        self.need = state.turn_rules.need.describe()
        self.kind_names = dict(zip((CLEAN, DIRTY, WILDBOOK), state.KIND_NAMES, strict=True))
        n = state.num_players
        self.seats = [tuple(s for s in range(n) if state.team_of(s) == t) for t in range(state.teams)]
        self.books: dict[int, tuple[Book, dict[str, Any]]] = {}

    def book_facts(self, book: Book, rules: BookRules) -> dict[str, Any]:
        got = self.books.get(id(book))
        if got is None or got[0] is not book:
            if len(self.books) > 1024:
                self.books.clear()
            kind = book.kind(rules)
            canasta = book.is_canasta(rules)
            facts = {
                "rank": "wild" if book.rank == WILD else C.RANKS[book.rank],
                "cards": tuple(C.codes(book.cards)), "naturals": book.naturals, "wilds": book.wilds,
                "closed": book.closed, "kind": kind, "canasta": canasta}
            if canasta:  # its kind in the game's words; a shorter book reads off its rank and count
                facts["text"] = self.book_words(book, kind)
            got = self.books[id(book)] = (book, facts)
        return got[1]

    def book_words(self, book: Book, kind: str) -> str:
        """A canasta as a person says it, in the game's words: "a natural canasta of kings (7
        cards)", "a mixed canasta of queens (8 cards, 2 wild)", "a wild canasta of wild cards"."""
        what = "wild cards" if book.rank == WILD else C.RANK_PLURALS[book.rank]
        wilds = f", {book.wilds} wild" if book.wilds and book.rank != WILD else ""
        return f"a {self.kind_names.get(kind, kind)} canasta of {what} ({len(book.cards)} cards{wilds})"


class ViewMixin(MeldMixin):
    """The table as a seat sees it, and its zones."""

    _view_cache: _ViewMemo
    #: what a team's notes call each kind of canasta (clean, dirty, wild): the family book's red,
    #: black and wild; classic canasta says natural and mixed
    KIND_NAMES: tuple[str, str, str] = tuple(KIND_WORDS.values())  # type: ignore[assignment]

    def _init_canasta(self, rules: TurnRules, values: list[int], teams: int | None = None) -> None:
        super()._init_canasta(rules, values, teams)
        self._view_cache = _ViewMemo(self)  # after the seating: it keeps each team's seats

    def seating_changed(self) -> None:
        """The sides changed during a hand (three-hand canasta's partnership): the view's memo
        of each side's seats is read again (a new memo: clones share the old one)."""
        self._view_cache = _ViewMemo(self)

    #: what a person sees beyond the zones (hands, feet, stock, pile, books and red threes are zones)
    FIELDS: tuple[Field, ...] = (
        Field("deal", "{Deal}", Kind.NUMBER, head=True), Field("dealer", "Dealer", Kind.SEAT),
        Field("in_foot", "In the foot", Kind.FLAG, per_seat=True),
        Field("team_books", "Books", Kind.MELDS, piece="card"), Field("need", "To go out", Kind.TEXT),
        Field("provisional", "Provisional points this turn", Kind.NUMBER),
        Field("asked", "Partner's answer", Kind.TEXT),
        Field("pile_state", "The pile", Kind.TEXT),
    )

    #: what the row of threes laid out is called (Joker Canasta lays out black ones too)
    THREES_WORD = "red threes"

    def sort_for_display(self, hand: Sequence[int]) -> list[int]:
        return sorted(hand, key=_DISPLAY_KEY.__getitem__)

    def hand_visible(self, seat: int, owner: int) -> bool:
        return seat == owner

    def _team_books_entry(self, memo: _ViewMemo, team: int) -> dict[str, Any]:
        """One team's side of the table, in fresh containers (a caller may keep or change its
        view)."""
        rules = self.turn_rules.books
        books = []
        canastas = (0, 0, 0)
        for i, book in enumerate(self.books[team]):
            facts = memo.book_facts(book, rules)
            books.append({"number": i + 1, **facts, "cards": list(facts["cards"])})
            if facts["canasta"]:
                one = _CANASTA_COUNT[facts["kind"]]
                canastas = (canastas[0] + one[0], canastas[1] + one[1], canastas[2] + one[2])
        return {
            "name": self.sheet.columns[team],
            "seats": list(memo.seats[team]),
            "group": f"team/{team}",
            "opened": self.opened[team],
            "minimum": self.minimum(team),
            "red_threes": C.codes(self.red3[team]),
            "canastas": list(canastas),
            "notes": self._team_notes(team, canastas),
            "books": books,
        }

    def _table_view(self, seat: int | None) -> dict[str, Any]:
        memo = self._view_cache
        public = self.knowledge.public
        n = self.num_players
        out: dict[str, Any] = {
            "deal": self.deal_no,
            "dealer": self.dealer,
            "hand": (C.codes(self.sort_for_display(self.hands[seat]))
                     if seat is not None and self.hand_visible(seat, seat) else None),
            "hand_order": "rank",
            "hand_sizes": [len(h) for h in self.hands],
            "foot_sizes": [len(f) for f in self.feet],
            "in_foot": list(self.in_foot),
            "stock": self.stock_size(),
            "discard_top": C.CODE_OF[self.discards[-1]] if self.discards else None,
            "pile_size": len(self.discards),
            "discard_pile": C.codes(self.discards),
            # what everyone knows each hand holds (taken from the pile): one fewer whenever an
            # identical card leaves the hand
            "known_cards": [C.codes(sorted(known)) if (known := public(f"hand/{s}")) else []
                            for s in range(n)],
            # a side with no seat (three-hand's partner whose melds went to the partnership) is
            # not drawn: it holds nothing and nobody plays for it this hand
            "team_books": [self._team_books_entry(memo, t) for t in range(self.teams) if memo.seats[t]],
            "need": memo.need,
            "rules": {k: dict(v) if isinstance(v, dict) else v for k, v in memo.rules.items()},
        }
        if len(self.stocks) > 1:
            out["stock_piles"] = [len(p) for p in self.stocks]
        if self.turn_rules.all_in_foot:
            out["played_foot"] = list(self.played_foot)
        if self.prov_active:
            out["provisional"] = self.prov_value
        if self.asked:
            out["asked"] = self.asked
        if not self.turn_rules.foot:
            del out["in_foot"]  # no foot: nobody is ever "in" it
        if self.turn_rules.classic_freeze:
            out["pile_state"] = self._pile_state(seat)
        return out

    def _pile_state(self, seat: int | None) -> str:
        """The pile as classic canasta's table reads it: blocked, frozen (and why), or open;
        frozen against a side that has not melded is said from the seat's side (or for every
        side that has not, to a spectator)."""
        blocked = pile_blocked(self.discards, self.turn_rules.wild_top, self.turn_rules.stop_rank)
        if seat is not None:
            frozen = self._frozen_reason(self.team_of(seat))
        else:
            frozen = frozen_reason(self.turn_rules, self.discards, True)
            if frozen is None and not all(self.opened):
                frozen = "frozen for a side that has not melded"
        state = frozen or "not frozen"
        return f"{state}; {blocked} this turn" if blocked and self.discards else state

    def _team_notes(self, team: int, made: tuple[int, int, int]) -> list[str]:
        """What a person reads beside a team's books: whether it has opened, its canastas (``made``:
        red, black, wild) and red threes, in the book's words."""
        if not self.opened[team]:
            notes = [f"needs {self.minimum(team)} points to open"]
        else:
            words = self.KIND_NAMES
            kinds = [f"{count} {word}" for count, word in zip(made, words, strict=True) if count]
            notes = ["opened", f"canastas: {', '.join(kinds)}" if kinds else "no canasta yet"]
        if self.red3[team]:
            notes.append(f"red threes: {len(self.red3[team])}")
        return notes

    # ---- zones: conservation, the layout and sampling follow from them ------------------

    def foot_visibility(self, seat: int) -> Visibility:
        """Who sees a foot not yet picked up: nobody, its owner too (it lies face down); a game
        where a player looked at both packets says so."""
        return Visibility.NOBODY

    def zones(self) -> list[Zone]:
        """Every zone once: each hand (its owner's; nobody's while it lies face down), each foot
        where the rules deal one (face down until picked up), the stock pile(s), the discard pile,
        and each team's books and red threes. A team's books are one zone, a copy of their cards
        book after book (books are immutable values; being public, sampling never writes them;
        ``team_books`` in the view says where each book starts), so the layout stays cheap."""
        names = self.names
        owner, nobody = Visibility.OWNER, Visibility.NOBODY
        has_feet = self.turn_rules.foot
        out: list[Zone] = []
        for s in range(self.num_players):
            seen = owner if self.hand_visible(s, s) else nobody
            out.append(Zone(f"hand/{s}", self.hands[s], CARD_TEXT, s, seen, show=Show.HAND,
                            label=f"{names[s]}'s hand", order=self.sort_for_display))
            if has_feet:  # a game without a foot (classic canasta) draws no empty one
                out.append(Zone(f"foot/{s}", self.feet[s], CARD_TEXT, s, self.foot_visibility(s),
                                show=Show.COUNT, label=f"{names[s]}'s foot"))
        stocks = self.stocks
        if len(stocks) == 1:
            out.append(Zone("stock", stocks[0], CARD_TEXT, visibility=nobody, show=Show.PILE, label="Stock"))
        else:
            out.extend(Zone(f"stock/{i + 1}", pile, CARD_TEXT, visibility=nobody, show=Show.PILE,
                            label=f"Stock pile {i + 1}") for i, pile in enumerate(stocks))
        out.append(Zone("discards", self.discards, CARD_TEXT, show=Show.PILE, label="Discard pile"))
        for t in range(self.teams):
            if not self.books[t] and not self.red3[t] and not self._view_cache.seats[t]:
                continue  # an absorbed side (three-hand): empty, and nobody's
            team = self.sheet.columns[t]
            group = f"team/{t}"
            out.append(Zone(f"books/{t}", [c for b in self.books[t] for c in b.cards], CARD_TEXT,
                            show=Show.ROW, group=group, label=f"{team}: books", detail="team_books"))
            out.append(Zone(f"red3/{t}", self.red3[t], CARD_TEXT, show=Show.ROW, group=group,
                            label=f"{team}: {self.THREES_WORD}"))
        return out

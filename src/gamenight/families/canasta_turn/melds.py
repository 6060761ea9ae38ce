"""Books: ``meld KC KD KH`` starts a book with three cards, ``add 2 KS`` adds one card to the
team's book number 2. The candidates are built rule by rule (a natural onto its open book, a
new book of three naturals or a pair with a wild card, a wild card onto an open book, a wild
book, the black threes' group), then each is checked against how the turn can still end."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, book_of
from gamenight.families.canasta_turn.kinds import only
from gamenight.families.canasta_turn.pile import PileMixin
from gamenight.families.canasta_turn.rules import CLASS, IS_WILD

#: a candidate lay: the move, the rank of the book it makes or grows, the cards laid
Lay = tuple[Move, int, tuple[int, ...]]
JOKERS = 13


def _by_class(hand: Sequence[int]) -> dict[int, list[int]]:
    """The hand's cards by class (rank; jokers one class), each sorted: the first cards of a
    class are its canonical choice, so every candidate reads them off instead of sorting again."""
    groups: dict[int, list[int]] = {}
    for c in sorted(hand):
        cls = CLASS[c]
        got = groups.get(cls)
        if got is None:
            groups[cls] = [c]
        else:
            got.append(c)
    return groups


class MeldMixin(PileMixin):
    """Meld and add: the candidates, the rule (and its fast listing), what it does."""

    # ---- can: the candidates, one rule each ---------------------------------------------

    def _meld_moves(self, seat: int) -> list[Move]:
        hand = self.usable(seat)
        return [move for move, rank, cards in self._meld_candidates(self.team_of(seat), hand)
                if self._meld_ok(seat, rank, cards, move)]

    def _meld_candidates(self, team: int, hand: list[int]) -> list[Lay]:
        """Every new three-card book and every one-card addition the hand can make, before the
        checks on how the turn can end."""
        groups = _by_class(hand)
        jokers, twos = len(groups.get(JOKERS, ())), len(groups.get(C.TWO, ()))
        wilds = [tuple(groups[w][:1]) for w in (JOKERS, C.TWO) if w in groups]
        open_ranks = self._open_ranks(team)
        out: list[Lay] = []
        for cls, held in sorted(groups.items()):
            if cls < C.FOUR or cls > C.ACE:
                continue
            if cls in open_ranks:
                out.extend(self._natural_addition(team, held, cls, open_ranks[cls]))
            else:
                out.extend(self._new_natural_books(held, cls, wilds))
        out.extend(self._wild_additions(team, open_ranks, wilds))
        out.extend(self._wild_book(groups, open_ranks, jokers, twos))
        out.extend(self._black_three_groups(hand))
        return out

    def _open_ranks(self, team: int) -> dict[int, int]:
        """One open book per rank: rank -> its index among the team's books."""
        return {b.rank: i for i, b in enumerate(self.books[team]) if not b.closed}

    def _natural_addition(self, team: int, held: list[int], rank: int, i: int) -> list[Lay]:
        """A natural goes onto the team's open book of its rank (a second book of a rank may
        start only once the first has closed). ``held``: the hand's cards of that rank, sorted."""
        book = self.books[team][i]
        if not self.turn_rules.books.valid(rank, book.naturals + 1, book.wilds):
            return []
        card = (held[0],)
        return [(C.card_move("add", card, i + 1), rank, card)]

    def _new_natural_books(self, held: list[int], rank: int, wilds: list[tuple[int, ...]]) -> list[Lay]:
        """Three naturals start a book, or a natural pair with a wild card."""
        rules = self.turn_rules.books
        out: list[Lay] = []
        if len(held) >= 3 and rules.valid(rank, 3, 0):
            three = tuple(held[:3])
            out.append((C.card_move("meld", three), rank, three))
        if len(held) >= 2 and rules.valid(rank, 2, 1):
            pair = tuple(held[:2])
            for wild in wilds:
                out.append((C.card_move("meld", pair + wild), rank, pair + wild))
        return out

    def _wild_additions(self, team: int, open_ranks: dict[int, int],
                        wilds: list[tuple[int, ...]]) -> list[Lay]:
        """A wild card goes onto an open book the wild-card limits leave room in."""
        out: list[Lay] = []
        for rank, i in open_ranks.items():
            book = self.books[team][i]
            if self.turn_rules.books.valid(rank, book.naturals, book.wilds + 1):
                for wild in wilds:
                    out.append((C.card_move("add", wild, i + 1), rank, wild))
        return out

    def _wild_book(self, groups: dict[int, list[int]], open_ranks: dict[int, int], jokers: int,
                   twos: int) -> list[Lay]:
        """Three wild cards start a wild book, where the rules have them and none is open."""
        if WILD in open_ranks or not self.turn_rules.books.wild_books or jokers + twos < 3:
            return []
        out: list[Lay] = []
        for j in range(min(jokers, 3) + 1):
            t = 3 - j
            if t <= twos:
                cards = tuple(groups.get(JOKERS, [])[:j]) + tuple(groups.get(C.TWO, [])[:t])
                out.append((C.card_move("meld", cards), WILD, cards))
        return out

    # ---- can: how the turn can still end -------------------------------------------------

    def _after_lay(self, team: int, rank: int, cards: tuple[int, ...], move: Move) -> list[Book] | None:
        """The team's books after a meld or add move."""
        rules = self.turn_rules.books
        books = list(self.books[team])
        if rank == C.THREE:  # a black-three group going out
            books.append(Book(C.THREE, cards, 0, True))
            return books
        if move.verb == "meld":
            w = sum(1 for c in cards if IS_WILD[c]) if rank != WILD else len(cards)
            books.append(book_of(rank, cards, w, rules))
            return books
        assert move.number is not None
        i = move.number - 1
        books[i] = books[i].plus(cards, 1 if IS_WILD[cards[0]] else 0, rules)
        return books

    def _books_after(self, team: int, rank: int, cards: tuple[int, ...], move: Move) -> list[Book]:
        books = self._after_lay(team, rank, cards, move)
        assert books is not None
        return books

    def _meld_ok(self, seat: int, rank: int, cards: tuple[int, ...], move: Move) -> bool:
        return self._why_meld_refused(seat, rank, cards, move) == ""

    def _why_meld_refused(self, seat: int, rank: int, cards: tuple[int, ...], move: Move) -> str:
        """Why this meld or addition (already a valid book) may not be made now, or ``""``."""
        team = self.team_of(seat)
        left = len(self.hands[seat]) - len(cards)
        if rank == C.THREE:
            return self._why_not_black_group(seat, cards, self._books_after(team, rank, cards, move), left)
        why = self._why_not_below_minimum(team, cards, left)
        if why and not self._exempt(seat):
            return why
        if not self.in_foot[seat] or (self.no_discard and left >= 1):
            return ""
        must = self._must_go_out(seat)
        if left >= 2 and not must:
            return ""
        # only a lay that may end the turn needs the books it leaves (most candidates stop above)
        books = self._books_after(team, rank, cards, move)
        if left == 0:
            return "" if self._may_go_out(seat, books) else self._why_not_out(seat, books)
        if self._could_finish(seat, _without(self.hands[seat], cards), books):
            return ""
        if must:
            return must + ": every play must keep your going out this turn possible."
        return ("You must keep a card you can discard without going out: "
                + self._why_not_out(seat, books))

    def _why_not_black_group(self, seat: int, cards: tuple[int, ...], books: list[Book], left: int) -> str:
        """Black threes go down only on the turn their player goes out, in any order of his plays
        (the book, other-seeds 7.4): from his last packet, the rest of the hand still able to go
        out this turn."""
        if not self.in_foot[seat]:
            return "Black threes go down only from your last packet, on the turn you go out."
        if any(b.rank == C.THREE for b in books[:-1]):
            return "Your black threes are down already: one group of three or four goes out."
        if self._could_finish(seat, _without(self.hands[seat], cards), books):
            return ""
        if left == 0 or self._could_finish(seat, _without(self.hands[seat], cards), books, asked="yes"):
            return "Black threes go down only on the turn you go out: " + self._why_not_out(seat, books)
        return ("Black threes go down only on the turn you go out, and the rest of your hand could not "
                "finish going out this turn.")

    # ---- the rule -----------------------------------------------------------------------

    def _meld_rule(self, seat: int, move: Move) -> str | None:
        """A meld or an add: cards held (below the minimum, not the pile's waiting cards), a book
        they make or a book the card fits, then whether the turn can still end
        (:meth:`_why_meld_refused`)."""
        if not move.cards or not only(move, "pieces", "numbers") or len(move.numbers) > 1 or (
                move.verb == "meld" and move.numbers):
            if move.verb == "meld":
                return "Name the cards: 'meld KC KD KH' starts a book, 'add 2 KS' adds a card to your book 2."
            return "Add one card to a book by its number, for example 'add 2 KS'."
        hand = self.usable(seat)
        missing = self._missing(hand, move.cards)
        if missing:
            if not self._missing(self.hands[seat], move.cards):
                return "Cards taken from the pile may not be melded until your team has met its minimum."
            return missing
        if move.verb == "meld":
            rank, why = self._why_not_new_book(seat, move)
        else:
            rank, why = self._why_not_addition(seat, move)
        if why:
            return why
        if move.verb == "add" and move.number is None:  # 'add 8H': the open book it means, by number
            number, _ = self._book_meant(self.team_of(seat), move.cards[0])
            move = C.card_move("add", move.cards, number)
        return self._why_meld_refused(seat, rank, move.cards, move) or None

    def _add_words(self, team: int, move: Move) -> str:
        """"Add 9♣ to your nines"."""
        book = self.books[team][(move.number or 1) - 1]
        what = "wild cards" if book.rank == WILD else C.RANK_PLURALS[book.rank]
        return f"Add {C.LABEL_OF[move.cards[0]]} to your {what}"

    def _why_not_new_book(self, seat: int, move: Move) -> tuple[int, str]:
        """The book ``meld`` would start, and why it is no book (``""``: it is one)."""
        if len(move.cards) != 3 and not (len(move.cards) == 4 and self._is_black_group(move.cards)):
            return 0, ("A new book starts with exactly three cards (black threes going out: three or "
                       "four); add more with 'add'.")
        naturals = [c for c in move.cards if not IS_WILD[c]]
        threes = any(C.RANK_OF[c] == C.THREE for c in naturals)
        if threes and not self._is_black_group(move.cards):
            return 0, "Threes can never be melded."
        ranks = {C.RANK_OF[c] for c in naturals}
        if len(ranks) > 1:
            return 0, "A book holds cards of one rank only (runs are not melds in this game)."
        rank = ranks.pop() if ranks else WILD
        if rank != C.THREE and self.open_book(self.team_of(seat), rank) is not None:
            return rank, ("Your team already has an open book of that rank: add to it until it closes "
                          "before starting another.")
        w = len(move.cards) - len(naturals)
        if rank != C.THREE and not self.turn_rules.books.valid(rank, len(naturals), w):
            return rank, self._why_invalid_book(rank, len(naturals), w)
        return rank, ""

    def _why_not_addition(self, seat: int, move: Move) -> tuple[int, str]:
        """The book ``add`` would grow, and why the card may not go on it (``""``: it may)."""
        team = self.team_of(seat)
        if len(move.cards) != 1:
            return 0, "Add one card at a time to a numbered book, for example 'add 2 KS'."
        c = move.cards[0]
        n = move.number
        if n is None:  # "add 4S": onto the team's open book of fours, if it has one
            n, why = self._book_meant(team, c)
            if n is None:
                return 0, why
        if not 1 <= n <= len(self.books[team]):
            return 0, f"Your team has no book {n}."
        book = self.books[team][n - 1]
        if book.closed:
            return 0, f"Book {n} is closed: nothing more may be added to it."
        if not IS_WILD[c] and C.RANK_OF[c] != book.rank:
            return 0, (f"Book {n} is a book of {C.RANK_PLURALS[book.rank]}." if book.rank != WILD else
                       f"Book {n} holds wild cards only.")
        w = 1 if IS_WILD[c] else 0
        if not self.turn_rules.books.valid(book.rank, book.naturals + 1 - w, book.wilds + w):
            return 0, self._why_invalid_book(book.rank, book.naturals + 1 - w, book.wilds + w)
        return book.rank, ""

    def _book_meant(self, team: int, card: int) -> tuple[int | None, str]:
        """The book an ``add`` naming no number means: the team's open book of the card's rank (a
        natural), or the sentence saying why there is none."""
        code = C.CODE_OF[card]
        if IS_WILD[card]:
            return None, f"Say which book the wild card goes on, by its number: for example 'add 2 {code}'."
        rank = C.RANK_OF[card]
        plural = C.RANK_PLURALS[rank]
        open_book = self.open_book(team, rank)
        if open_book is not None:
            return open_book + 1, ""
        closed = [i + 1 for i, b in enumerate(self.books[team]) if b.rank == rank]
        if closed:
            return None, (f"Book {closed[-1]} is closed: nothing more may be added to it. A new book of "
                          f"{plural} starts with three cards ('meld').")
        return None, f"Your team has no book of {plural}: a book starts with three cards ('meld')."

    def _why_invalid_book(self, rank: int, n: int, w: int) -> str:
        rules = self.turn_rules.books
        if rank == WILD:
            return "Books of wild cards only are not allowed." if not rules.wild_books else \
                f"A wild book holds at most {rules.canasta} cards."
        if w and rules.max_wilds is not None and w > rules.max_wilds:
            return f"A book may hold at most {rules.max_wilds} wild cards."
        if w and (n < w or (rules.ratio == "more" and n == w)):
            return ("A book must hold more naturals than wild cards." if rules.ratio == "more"
                    else "A book must hold at least as many naturals as wild cards.")
        return f"A book holds at most {rules.canasta} cards."

    # ---- do ----------------------------------------------------------------------------

    def _lay(self, seat: int, move: Move) -> None:
        team = self.team_of(seat)
        cards = move.cards
        if move.verb == "meld":
            naturals = [c for c in cards if not IS_WILD[c]]
            rank = C.RANK_OF[naturals[0]] if naturals else WILD
        else:
            assert move.number is not None
            rank = self.books[team][move.number - 1].rank
        books = self._after_lay(team, rank, cards, move)
        assert books is not None
        self._provisional_lay(team, cards)
        if move.verb == "add" and move.number is not None and move.number <= self.books_before:
            self.touched_old = True
        self.books[team] = books
        self._remove_from_hand(seat, cards)
        self.melded = True
        if self.in_foot[seat]:
            self.played_foot[seat] = True
        if move.verb == "meld":
            self.emit("meld", f"{self.names[seat]} starts book {len(books)}: "
                              f"{' '.join(C.LABEL_OF[c] for c in cards)}.", seat=seat, cards=C.codes(cards))
        else:
            assert move.number is not None
            book = books[move.number - 1]
            self.emit("add", f"{self.names[seat]} adds {C.LABEL_OF[cards[0]]} to book {move.number}: "
                             f"{book.describe(self.turn_rules.books)}.", seat=seat, cards=C.codes(cards))
        self._check_opened(team)
        self._after_hand_change(seat)


def _without(hand: Sequence[int], cards: Sequence[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest

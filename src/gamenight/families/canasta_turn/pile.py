"""The discard pile: ``pickup 8C 8D`` lays the top card with the named cards from the hand (a
natural pair of its rank, or more; two wild cards under ``wild_top``) onto the team's open book
of that rank until it closes and then into new books, and the rest of the pile (or its top
cards, where the rules cap the take) goes to the hand, known to everyone. A three on top blocks
it, a wild card freezes it (for good, below the minimum, under ``persistent_freeze``); below the
minimum the top card and the hand must reach it. The single turned-up card a starter may
``take`` (DeMeritt) is here too. Classic freezing (``classic_freeze``, :func:`frozen_reason`), the
unfrozen pile's extra takes, the one-card rule and the forced take after the stock are here."""

from __future__ import annotations

from collections.abc import Sequence

from gamenight.core.moves import Move
from gamenight.equipment import cards as C
from gamenight.families.canasta import WILD, Book, book_of
from gamenight.families.canasta_turn.base import Phase
from gamenight.families.canasta_turn.going_out import GoingOutMixin
from gamenight.families.canasta_turn.kinds import only
from gamenight.families.canasta_turn.rules import CLASS, IS_WILD, frozen_reason, pile_blocked, pile_take


class PileMixin(GoingOutMixin):
    """Taking the discard pile (and the starter's turned-up card)."""

    def _pile_take(self) -> list[int]:
        return pile_take(self.discards, self.turn_rules.pile_limit)

    def _frozen_for(self, team: int) -> bool:
        """G-HF-5's persistent freeze: a pile holding a wild card, for a team below its minimum."""
        return (self.turn_rules.persistent_freeze and not self.opened[team]
                and any(IS_WILD[c] for c in self.discards))

    def _frozen_reason(self, team: int) -> str | None:
        """Classic freezing (:func:`frozen_reason`) for ``team``."""
        return frozen_reason(self.turn_rules, self.discards, self.opened[team])

    def _take_forced(self, seat: int) -> bool:
        """``forced_take`` with the stock exhausted: the pile is not frozen for his side and its top
        card fits the side's meld of its rank, so he must take it."""
        if not self.discards or self._frozen_reason(self.team_of(seat)) is not None:
            return False
        top = self.discards[-1]
        if IS_WILD[top] or C.RANK_OF[top] in (C.THREE, self.turn_rules.stop_rank):
            return False
        team = self.team_of(seat)
        i = self.open_book(team, C.RANK_OF[top])
        if i is None:
            return False
        book = self.books[team][i]
        return self.turn_rules.books.valid(book.rank, book.naturals + 1, book.wilds)

    def _one_card_blocks(self, seat: int) -> bool:
        """The one-card rule: holding one card, a player may not take a pile of one card."""
        return self.turn_rules.one_card_rule and len(self.hands[seat]) == 1 and len(self.discards) == 1

    def _place(self, team: int, rank: int, cards: Sequence[int]) -> list[Book] | None:
        """The team's books after ``cards`` (all of ``rank``'s naturals, or wild cards) go down one
        at a time: onto the open book of that rank until it closes, then into new books."""
        rules = self.turn_rules.books
        books = list(self.books[team])
        index = self.open_book(team, rank)
        queue = list(cards)
        while queue:
            if index is None:
                if len(queue) < 3:
                    return None
                start, queue = queue[:3], queue[3:]
                w = sum(1 for c in start if IS_WILD[c]) if rank != WILD else 3
                if not rules.valid(rank, 3 - w, w):
                    return None
                books.append(book_of(rank, start, w, rules))
                index = len(books) - 1
            else:
                c = queue.pop(0)
                book = books[index]
                w = 1 if IS_WILD[c] else 0
                if book.closed or not rules.valid(rank, book.naturals + 1 - w, book.wilds + w):
                    return None
                books[index] = book.plus((c,), w, rules)
            if books[index].closed:
                index = None
        return books

    # ---- pickup: the candidates, the rule, what it does ----------------------------------

    def _pickup_moves(self, seat: int) -> list[Move]:
        """The pickups ``seat`` may make now: the pile's candidates that its rule allows."""
        return [m for m in self._pickup_candidates(seat) if self._pickup_rule(seat, m) is None]

    def _pickup_candidates(self, seat: int) -> list[Move]:
        """Every way the hand could lay the top card (its first cards of each class): a natural
        pair of its rank or more, two wild cards or more on a wild top, and on an unfrozen classic
        pile the side's meld alone or one natural with one wild card. Nothing when the top card
        blocks the pile for everyone."""
        if not self.discards or pile_blocked(self.discards, self.turn_rules.wild_top,
                                             self.turn_rules.stop_rank):
            return []
        hand = self.hands[seat]
        top = self.discards[-1]
        if IS_WILD[top]:
            jokers = self._pick(hand, 13, None) or ()
            twos = self._pick(hand, C.TWO, None) or ()
            return [C.card_move("pickup", jokers[:j] + twos[:t])
                    for j in range(len(jokers) + 1) for t in range(len(twos) + 1) if j + t >= 2]
        same = self._pick(hand, C.RANK_OF[top], None) or ()
        out = [C.card_move("pickup", same[:k]) for k in range(2, len(same) + 1)]
        if self.turn_rules.classic_freeze:
            out.append(C.card_move("pickup", ()))
            if same:
                for wild_class in (13, C.TWO):
                    wild = self._pick(hand, wild_class, 1)
                    if wild:
                        out.append(C.card_move("pickup", (same[0], *wild)))
        return out

    def _pickup_rule(self, seat: int, move: Move) -> str | None:
        """Taking the pile, rule by rule: instead of the draw; a pile there to take (not empty, no
        three, stop card or wild card on top, not frozen for good below the minimum, not one card
        for a player holding one); the cards named held; how the top card may go down (a natural
        pair, or more; on an unfrozen classic pile also a natural and a wild card, or the side's
        meld); the books it makes; the first-meld minimum from the top card and the hand; and a
        player in his foot left a way to end the turn."""
        rules = self.turn_rules
        if self.draws_left != rules.draw:
            return "You have drawn from the stock this turn: the pile is taken instead of the draw."
        if not only(move, "pieces"):
            return "Name the cards from your hand the top card goes down with, for example 'pickup 8C 8D'."
        blocked = self._pile_blocked_for(seat)
        if blocked:
            return blocked
        team = self.team_of(seat)
        missing = self._missing(self.hands[seat], move.cards)
        if missing:
            return missing
        how = self._why_not_this_take(team, move.cards)
        if how:
            return how
        return self._why_not_after_take(seat, move.cards)

    def _pile_blocked_for(self, seat: int) -> str:
        """Why ``seat`` may not take the pile whatever cards he names, or ``""``."""
        if not self.discards:
            return "The discard pile is empty."
        top = self.discards[-1]
        rank = C.RANK_OF[top]
        if rank == C.THREE:
            return "A three on top of the discard pile blocks it."
        if rank == self.turn_rules.stop_rank:
            return f"{C.RANK_PLURALS[rank].capitalize()} on top of the discard pile block it."
        if IS_WILD[top] and not self.turn_rules.wild_top:
            return "A wild card on top of the discard pile freezes it: it cannot be taken."
        if self._frozen_for(self.team_of(seat)):
            return "The pile holds a wild card: only a team that has made its first meld may take it."
        if self._one_card_blocks(seat):
            return "Holding only one card, you may not take a pile of one card."
        return ""

    def _why_not_this_take(self, team: int, cards: tuple[int, ...]) -> str:
        """How the top card may go down with ``cards`` (held): a natural pair of its rank or more
        (wild cards: two or more); on an unfrozen classic pile also one natural and one wild card,
        or onto the side's open book of that rank (no card named)."""
        top = self.discards[-1]
        frozen = self._frozen_reason(team)
        classic_open = self.turn_rules.classic_freeze and frozen is None
        want = "two wild cards" if IS_WILD[top] else f"a natural pair of {C.RANK_PLURALS[C.RANK_OF[top]]}"
        pair = len(cards) >= 2 and all(CLASS[c] == CLASS[top] or (IS_WILD[top] and IS_WILD[c]) for c in cards)
        mixed = (len(cards) == 2 and not IS_WILD[top] and any(IS_WILD[c] for c in cards)
                 and sum(CLASS[c] == CLASS[top] for c in cards) == 1)
        onto = not cards and not IS_WILD[top] and self.open_book(team, C.RANK_OF[top]) is not None
        if frozen is not None and not pair:
            return (f"The pile is {frozen}: take it only with {want} from your hand (no wild card, "
                    "and your side's meld does not help).")
        if not (pair or (classic_open and (mixed or onto))):
            if classic_open:
                return (f"To take the pile lay its top card with {want}, with one natural and a wild card, "
                        "or on your side's meld of that rank ('pickup' alone).")
            return f"To take the pile you must lay its top card with {want} from your hand."
        return ""

    def _why_not_after_take(self, seat: int, cards: tuple[int, ...]) -> str | None:
        """What the take leaves: the books it makes, the minimum, and (in the foot) a way out."""
        team = self.team_of(seat)
        top = self.discards[-1]
        rank = WILD if IS_WILD[top] else C.RANK_OF[top]
        books = self._place(team, rank, (top, *cards))
        if books is None:
            return ("Those cards do not fit your team's books: the top card and your cards go onto the "
                    "open book of that rank until it closes, and any rest must start a new book of three.")
        rest = list(self.hands[seat])
        for c in cards:
            rest.remove(c)
        value = self.values[top] + sum(self.values[c] for c in cards)
        taken = len(self._pile_take()) - 1
        if not self._pickup_reaches_minimum(team, books, rest, value, taken):
            return (f"With the top card and the rest of your hand you cannot reach your team's first-meld "
                    f"minimum of {self.minimum(team)} (cards from the pile do not count)"
                    + ("" if self.turn_rules.foot else ", keeping a card to discard") + ".")
        if not self.in_foot[seat] or len(rest) + taken >= 2:
            return None
        if self._could_finish(seat, rest + self._pile_take()[:-1], books):
            return None
        what = "one card" if len(rest) + taken == 1 else "no card"
        return f"Taking the pile would leave you {what} to play, and you could not go out this turn."

    def _pickup(self, seat: int, move: Move) -> None:
        laid = move.cards
        team = self.team_of(seat)
        taken = self._pile_take()
        del self.discards[len(self.discards) - len(taken):]
        top = taken.pop()
        rank = WILD if IS_WILD[top] else C.RANK_OF[top]
        books = self._place(team, rank, (top, *laid))
        assert books is not None
        before = self.books[team]
        if any(books[i] is not before[i] for i in range(min(self.books_before, len(before)))):
            self.touched_old = True
        self.took_pile = True
        hand = self.hands[seat]
        self._remove_from_hand(seat, laid)  # a known card laid with the pair is known no more
        self._provisional_pickup(team, books, self.values[top] + sum(self.values[c] for c in laid), taken)
        self.books[team] = books
        hand.extend(taken)
        self.knowledge.tell(f"hand/{seat}", taken)  # everyone saw them go to the hand
        self.upcard_take = False
        self.draws_left = 0
        rest = f" and {len(taken)} more card{'s' if len(taken) != 1 else ''}" if taken else ""
        how = f"with {' '.join(C.LABEL_OF[c] for c in laid)}" if laid else "on the side's meld"
        self.emit("pickup", f"{self.names[seat]} takes the pile: {C.LABEL_OF[top]}{rest}, laying "
                            f"{C.LABEL_OF[top]} {how}.",
                  seat=seat, cards=C.codes(taken))
        self.phase_name = Phase.PLAY
        self._lay_red_threes(seat, replace=False)
        self._check_opened(team)
        if self.in_foot[seat] and laid:
            self.played_foot[seat] = True
        self._after_hand_change(seat)

    # ---- the starter's turned-up card: the rule, what it does ------------------------------

    def _take_rule(self, seat: int, move: Move) -> str | None:
        """DeMeritt: the hand's first player, instead of his draw, may take the turned-up card."""
        if not self.upcard_take:  # (any draw, pickup or take ends it)
            return ("Only the first player of the hand may take the single turned-up card, on his first "
                    "turn and instead of his draw.")
        top = self.discards[-1]
        if move.cards != (top,) or len(move.args) != 1:
            return f"The turned-up card is {C.LABEL_OF[top]}: 'take {C.CODE_OF[top]}'."
        return None

    def _take_upcard(self, seat: int, move: Move) -> None:
        c = self.discards.pop()
        self.hands[seat].append(c)
        self.knowledge.tell(f"hand/{seat}", (c,))
        self.upcard_take = False
        self.draws_left = 0
        self.emit("take", f"{self.names[seat]} takes the turned-up {C.LABEL_OF[c]}.", seat=seat)
        self._lay_red_threes(seat, replace=False)
        self.phase_name = Phase.PLAY

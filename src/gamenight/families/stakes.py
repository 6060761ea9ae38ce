"""Play money: each player's purse, the pot(s), and every payment with its reason.

Games that play for stakes (Saskatchewan's pot of cents, 10 Dime Rummy's dimes, Golf's ante,
Thirty One's quarters as lives, Red Dog's bets against the house) keep one :class:`Ledger`.
Money is whole cents, never real money (GEN-11). A payment is made by a *party*: a seat (an
``int``), a pot (its name, ``"pot"`` unless a game keeps several) or :data:`BANK` (the house,
which never runs out). Every payment is an entry — who paid whom, how much, why, in which deal
— so the score sheet, the view and the outcome are all read off the same record.

The ledger is immutable plain data (tuples): every payment returns a new ledger, so
``State.clone`` shares it safely and copying a state costs nothing for it. A game keeps it in
an attribute through the :class:`Stakes` mixin, which also gives the three places money shows:

* the view: :meth:`Stakes.ledger_view`, a field of kind ``ledger`` (``core.layout.Kind.LEDGER``:
  purses, pots and the last payments, every amount also written out by :func:`money`);
* the score sheet: a money sheet (``ScoreSheet(unit="cents")``) whose row for a deal is each
  player's change in that deal (:meth:`Stakes.sheet_deal`);
* the outcome: every seat's net winnings in cents (:meth:`Stakes.finish_on_money`).

Rounding when a pot does not divide evenly is a parameter (:class:`Rounding`), as each book
resolves it its own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

from gamenight.core.scoring import money

if TYPE_CHECKING:
    from gamenight.core.scoring import ScoreSheet

#: the main pot's name
POT = "pot"
#: the house: pays and takes without limit (Red Dog's dealer)
BANK = "bank"
#: a seat (int), a pot's name, or the bank
Party = int | str
#: payments a view lists, newest last
RECENT = 5


class FundsError(ValueError):
    """A payment the ledger refuses: more than a purse holds where purses may not go below
    zero, more than a pot holds, a negative amount, or a party that does not exist."""


class Rounding(StrEnum):
    """Where the odd cents go when an amount is shared out."""

    FIRST = "first"  # to the first of the sharers, one each, in the order given
    LAST = "last"  # to the last of them
    KEEP = "keep"  # they stay where they were (in the pot)


class Payment(NamedTuple):
    """One entry of the ledger."""

    deal: int
    payer: Party
    payee: Party
    amount: int
    why: str


def shares(amount: int, parts: int, rounding: Rounding = Rounding.FIRST) -> list[int]:
    """``amount`` shared between ``parts`` sharers as evenly as whole cents allow; the odd cents
    go one each to the first (or last) sharers, or are not shared at all (``KEEP``)."""
    if parts <= 0:
        raise ValueError("share between at least one")
    base, odd = divmod(amount, parts)
    out = [base] * parts
    if rounding is Rounding.FIRST:
        for i in range(odd):
            out[i] += 1
    elif rounding is Rounding.LAST:
        for i in range(odd):
            out[parts - 1 - i] += 1
    return out


def half_up(amount: int) -> int:
    """Half of ``amount``, an odd cent rounded up (⌈amount/2⌉)."""
    return -(-amount // 2)


@dataclass(frozen=True, slots=True)
class Ledger:
    """Purses, pots and payments. ``start``: each seat's stake when the game began (its purse
    then); ``may_owe``: whether a purse may go below zero (a tally of debts) or a payment it
    cannot cover is refused (dimes, quarters)."""

    start: tuple[int, ...]
    purses: tuple[int, ...]
    pots: tuple[tuple[str, int], ...] = ((POT, 0),)
    entries: tuple[Payment, ...] = ()
    may_owe: bool = True

    @classmethod
    def open(cls, players: int, *, stake: int = 0, pots: Sequence[str] = (POT,),
             may_owe: bool = True) -> Ledger:
        """A ledger for ``players`` seats, each with ``stake`` cents, and empty ``pots``."""
        if stake < 0:
            raise FundsError("a starting stake cannot be negative")
        return cls((stake,) * players, (stake,) * players, tuple((p, 0) for p in pots), (), may_owe)

    # ---- reading ----------------------------------------------------------------------------

    def pot(self, name: str = POT) -> int:
        for key, amount in self.pots:
            if key == name:
                return amount
        raise FundsError(f"there is no pot called {name!r}")

    def net(self, seat: int) -> int:
        """What ``seat`` has won (positive) or lost (negative) since the start."""
        return self.purses[seat] - self.start[seat]

    def nets(self) -> list[int]:
        return [p - s for p, s in zip(self.purses, self.start, strict=True)]

    def can_pay(self, seat: int, amount: int) -> bool:
        return self.may_owe or self.purses[seat] >= amount

    def deal_changes(self, deal: int) -> list[int]:
        """Each seat's gain (positive) or outlay (negative) in deal ``deal``."""
        out = [0] * len(self.purses)
        for e in self.entries:
            if e.deal != deal:
                continue
            if isinstance(e.payer, int):
                out[e.payer] -= e.amount
            if isinstance(e.payee, int):
                out[e.payee] += e.amount
        return out

    def paid_by(self, seat: int, deal: int | None = None) -> int:
        """Everything ``seat`` paid out (in ``deal``, or over the game)."""
        return sum(e.amount for e in self.entries if e.payer == seat and (deal is None or e.deal == deal))

    # ---- paying -----------------------------------------------------------------------------

    def pay(self, payer: Party, payee: Party, amount: int, why: str, deal: int) -> Ledger:
        """``payer`` pays ``amount`` cents to ``payee`` (each a seat, a pot's name or the bank)."""
        if amount < 0:
            raise FundsError("a payment cannot be negative: swap payer and payee")
        purses = list(self.purses)
        pots = dict(self.pots)
        self._debit(payer, amount, purses, pots)
        self._credit(payee, amount, purses, pots)
        return Ledger(self.start, tuple(purses), tuple(pots.items()),
                      (*self.entries, Payment(deal, payer, payee, amount, why)), self.may_owe)

    def pay_pot(self, seat: int, amount: int, why: str, deal: int, pot: str = POT) -> Ledger:
        """``seat`` pays ``amount`` into the pot (an ante, a penalty, a pass)."""
        return self.pay(seat, pot, amount, why, deal)

    def take_pot(self, seat: int, why: str, deal: int, pot: str = POT, amount: int | None = None) -> Ledger:
        """``seat`` takes the whole pot, or ``amount`` of it."""
        return self.pay(pot, seat, self.pot(pot) if amount is None else amount, why, deal)

    def split_pot(self, seats: Sequence[int], why: str, deal: int, pot: str = POT,
                  rounding: Rounding = Rounding.FIRST, amount: int | None = None) -> Ledger:
        """``seats`` share the pot (or ``amount`` of it) evenly, the odd cents by ``rounding``."""
        total = self.pot(pot) if amount is None else amount
        out = self
        for seat, share in zip(seats, shares(total, len(seats), rounding), strict=True):
            if share:
                out = out.pay(pot, seat, share, why, deal)
        return out

    def _debit(self, party: Party, amount: int, purses: list[int], pots: dict[str, int]) -> None:
        if isinstance(party, int):
            self._check_seat(party)
            if not self.may_owe and purses[party] < amount:
                raise FundsError(f"seat {party} holds {money(purses[party])}, not {money(amount)}")
            purses[party] -= amount
        elif party != BANK:
            if party not in pots:
                raise FundsError(f"there is no pot called {party!r}")
            if pots[party] < amount:
                raise FundsError(f"the {party} holds {money(pots[party])}, not {money(amount)}")
            pots[party] -= amount

    def _credit(self, party: Party, amount: int, purses: list[int], pots: dict[str, int]) -> None:
        if isinstance(party, int):
            self._check_seat(party)
            purses[party] += amount
        elif party != BANK:
            if party not in pots:
                raise FundsError(f"there is no pot called {party!r}")
            pots[party] += amount

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not 0 <= seat < len(self.purses):
            raise FundsError(f"there is no seat {seat}")

    # ---- words ------------------------------------------------------------------------------

    def sentence(self, e: Payment, names: Sequence[str]) -> str:
        """One payment in players' words: "North pays 20¢ into the pot: 4 tricks"."""
        payer = self._party_name(e.payer, names)
        amount = money(e.amount)
        if isinstance(e.payee, int):
            where = f"{amount} to {names[e.payee]}" if isinstance(e.payer, int) else f"{amount}"
            text = (f"{payer} pays {where}" if isinstance(e.payer, int)
                    else f"{names[e.payee]} takes {amount} from {payer}")
        else:
            text = f"{payer} pays {amount} into {self._party_name(e.payee, names)}"
        text = text[0].upper() + text[1:]  # a pot or the bank paying begins the sentence
        return f"{text}: {e.why}" if e.why else text

    def _party_name(self, party: Party, names: Sequence[str]) -> str:
        if isinstance(party, int):
            return names[party]
        if party == BANK:
            return "the bank"
        return "the pot" if party == POT else f"the {party} pot"

    def view(self, names: Sequence[str], recent: int = RECENT) -> dict[str, Any]:
        """What everyone sees (money is public): each seat's purse and net, each pot, and the
        last ``recent`` payments in words; every amount also as :func:`money` text."""
        nets = self.nets()
        staked = any(self.start)
        return {
            "seats": [{"purse": purse, "net": net, "text": money(purse if staked else net, signed=not staked)}
                      for purse, net in zip(self.purses, nets, strict=True)],
            "counts": "purse" if staked else "net",
            "pots": [{"name": name, "label": self._party_name(name, names).removeprefix("the ").capitalize(),
                      "amount": amount, "text": money(amount)} for name, amount in self.pots],
            "payments": [self.sentence(e, names) for e in self.entries[-recent:]] if recent else [],
        }


class Stakes:
    """A state that plays for money: ``self.ledger`` and the places it shows."""

    ledger: Ledger
    num_players: int
    names: list[str]
    deal_no: int

    if TYPE_CHECKING:  # provided by core.state.State
        sheet: ScoreSheet

        def finish(self, scores: Sequence[int], winners: Sequence[int], reason: str,
                   headline: str = "") -> None: ...

    def open_stakes(self, *, stake: int = 0, pots: Sequence[str] = (POT,), may_owe: bool = True) -> None:
        self.ledger = Ledger.open(self.num_players, stake=stake, pots=pots, may_owe=may_owe)

    def pay_pot(self, seat: int, amount: int, why: str, pot: str = POT) -> None:
        self.ledger = self.ledger.pay_pot(seat, amount, why, self.deal_no, pot)

    def pay(self, payer: Party, payee: Party, amount: int, why: str) -> None:
        self.ledger = self.ledger.pay(payer, payee, amount, why, self.deal_no)

    def take_pot(self, seat: int, why: str, pot: str = POT, amount: int | None = None) -> None:
        self.ledger = self.ledger.take_pot(seat, why, self.deal_no, pot, amount)

    def split_pot(self, seats: Sequence[int], why: str, pot: str = POT,
                  rounding: Rounding = Rounding.FIRST, amount: int | None = None) -> None:
        self.ledger = self.ledger.split_pot(seats, why, self.deal_no, pot, rounding, amount)

    def ledger_view(self, recent: int = RECENT) -> dict[str, Any]:
        """The view's entry for a field of kind ``ledger``."""
        return self.ledger.view(self.names, recent)

    def sheet_deal(self, label: str, *, details: list[str] | None = None, note: str = "") -> list[int]:
        """Write this deal's row on the money sheet: each seat's gain or outlay in cents (the
        sheet's columns are the seats)."""
        changes = self.ledger.deal_changes(self.deal_no)
        self.sheet.add(label, changes, details=details, note=note)
        return changes

    def finish_on_money(self, reason: str, headline: str = "") -> None:
        """End the game: every seat scores its net winnings in cents; the most won wins (ties share).
        ``headline``: the result in a sentence where "X wins" would be wrong (against the house)."""
        nets = self.ledger.nets()
        best = max(nets)
        self.finish(nets, [s for s in range(self.num_players) if nets[s] == best], reason, headline)

    def against_the_house(self, house: int) -> str:
        """The result of a game played against the house, in a sentence: what the house won or
        lost, then what the players did ("The house won $15.00; everyone lost $5.00.")."""
        nets = self.ledger.nets()
        said = f"The house won {money(house)}" if house > 0 else \
            f"The house lost {money(-house)}" if house < 0 else "The house broke even"
        if len(set(nets)) == 1 and len(nets) > 1:
            return f"{said}; everyone {_won_or_lost(nets[0])}."
        players = [f"{self.names[s]} {_won_or_lost(net)}" for s, net in enumerate(nets)]
        listed = players[0] if len(players) == 1 else f"{', '.join(players[:-1])} and {players[-1]}"
        return f"{said}: {listed}."


def _won_or_lost(net: int) -> str:
    if net > 0:
        return f"won {money(net)}"
    return f"lost {money(-net)}" if net < 0 else "broke even"


__all__ = ["BANK", "POT", "FundsError", "Ledger", "Party", "Payment", "Rounding", "Stakes", "half_up",
           "money", "shares"]

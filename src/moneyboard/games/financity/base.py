"""FinanCity state data: the players' tables, the decks, and the money and wellbeing helpers.

The zones (``flow.py``) and the players' choices (``choices.py``) build on this base. Money
moves only by ledger postings: each seat has a cash account and a savings account (the
savings cards it holds, in the bank's keeping).
"""

from __future__ import annotations

from typing import Any, ClassVar

from moneyboard.engine.ledger import BANK
from moneyboard.engine.state import GameState
from moneyboard.games.financity.content import Content, Home
from moneyboard.games.financity.options import FinanCityOptions

#: The benefit zones a home token may go to in Planning, in board order.
ZONES = ("loans", "extra_jobs", "free_time", "investments", "shopping", "insurance")
#: The board number of each zone (the Loans Zone has letters, not a number).
ZONE_LABELS = {
    "loans": "LZ",
    "extra_jobs": "4",
    "free_time": "5",
    "investments": "6",
    "shopping": "7",
    "insurance": "9",
}
#: Each benefit zone as the rulebook names it, for the events a learner reads.
ZONE_NAMES = {
    "loans": "the Loans Zone (LZ)",
    "extra_jobs": "Zone 4: Extra Jobs",
    "free_time": "Zone 5: Free Time",
    "investments": "Zone 6: Investments",
    "shopping": "Zone 7: Shopping",
    "insurance": "Zone 9: Insurance",
}
#: What a player who answers Done has finished doing, by decision ("Ben is done saving").
DONE_DOING = {
    "savings": "saving",
    "held_savings": "cashing savings cards",
    "invest": "buying investments",
    "shop": "shopping",
    "insure": "buying insurance",
    "repay": "repaying loans",
    "sales": "selling",
}
#: Seats in turn order, by number of seats and first player.
TURN_ORDERS = {n: tuple((*range(f, n), *range(f)) for f in range(n)) for n in range(1, 7)}
CASH = tuple(f"cash:{seat}" for seat in range(6))
SAVINGS = tuple(f"savings:{seat}" for seat in range(6))


class Player:
    """One seat's home card and everything in front of it."""

    __slots__ = (
        "charged",
        "discount",
        "held",
        "home",
        "investments",
        "loans",
        "next_income",
        "savings",
        "shopping",
        "tokens",
        "wellbeing",
        "zone",
    )

    def __init__(self) -> None:
        self.home: Home | None = None
        #: Savings cards held, by value, in the order they were made.
        self.savings: list[int] = []
        #: Loan cards held.
        self.loans = 0
        self.investments: list[str] = []
        self.shopping: list[str] = []
        self.wellbeing = 0
        #: Insurance tokens held for later years.
        self.tokens = 0
        #: The benefit zone of the home token this year (``None`` before Planning).
        self.zone: str | None = None
        #: Added to the next Income (an Unforeseen Event "for next year").
        self.next_income = 0
        #: Whether this year's expense discount was claimed.
        self.discount = False
        #: The last year whose expenses were charged in Zone 8 (0 before the first).
        self.charged = 0
        #: Over-indebted and short of the minimum in Zone 8, or counted over-indebted at
        #: Reorganisation: held to Extra Jobs at the next Planning, whatever is repaid in
        #: between (R8).
        self.held = False


class Pile:
    """A deck of investment or shopping cards: face down (order unknown) plus cards returned
    face up beneath it, which come back in the order they went under, once the rest is gone."""

    __slots__ = ("bottom", "cards")

    def __init__(self, cards: tuple[str, ...]):
        self.cards = list(cards)
        self.bottom: list[str] = []

    def __len__(self) -> int:
        return len(self.cards) + len(self.bottom)

    def to_json(self) -> dict[str, list[str]]:
        return {"face_down": sorted(self.cards), "face_up_beneath": list(self.bottom)}


class FinanCityBase(GameState):
    """Fields and helpers shared by the zones and the choices."""

    game_id = "financity"
    options: FinanCityOptions
    content: ClassVar[Content]

    year: int
    zone: int
    first: int
    players: list[Player]
    board: dict[str, list[int]]
    piles: dict[str, Pile]
    face_up: dict[str, list[str]]
    events: list[str]
    event_card: str | None
    #: This year's lowest refused price of each Product offer, by (seller, card, buyer):
    #: with no cap on offers, only a lower price may follow (R22).
    refused: dict[tuple[int, str, int], int]

    def order(self) -> tuple[int, ...]:
        """Seats in turn order this year, starting with the holder of the first player token."""
        return TURN_ORDERS[self.n][self.first]

    # ----- money and wellbeing, always explained -----------------------------------------
    def cash(self, seat: int) -> int:
        return self.ledger.balances[CASH[seat]]

    def savings_total(self, seat: int) -> int:
        return self.ledger.balances[SAVINGS[seat]]

    def receive(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """The bank pays ``seat``; the posting and the log say why."""
        self.pay(BANK, CASH[seat], amount, key, seat=seat, **params)

    def spend(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """``seat`` pays the bank (the caller has checked it can)."""
        self.pay(CASH[seat], BANK, amount, key, seat=seat, **params)

    def gain_wellbeing(self, seat: int, delta: int, key: str, /, **params: Any) -> None:
        """Add ``delta`` wellbeing points (never below zero) and log why; a loss that finds
        the family at zero takes nothing and says so (R20), never "+0"."""
        if delta == 0:
            return
        p = self.players[seat]
        after = max(0, p.wellbeing + delta)
        params["seat"] = seat
        if after == p.wellbeing:
            params["lost"] = -delta
            params["cause"] = key
            self.log.append(("wellbeing.none_left", params))
            return
        params["delta"] = after - p.wellbeing
        params["wellbeing"] = after
        p.wellbeing = after
        self.log.append((key, params))

    # ----- derived figures ---------------------------------------------------------------
    def over_indebted(self, seat: int) -> bool:
        """Holding so many loan cards that the player is held to Extra Jobs and repaying."""
        return self.players[seat].loans >= self.options.over_indebted_at

    def loan_cards_for(self, seat: int) -> int:
        """Loan cards a new loan brings (one fewer from the Loans Zone)."""
        o = self.options
        return o.loan_zone_cards if self.players[seat].zone == "loans" else o.loan_cards

    def can_cover(self, seat: int, purpose: str) -> bool:
        """Whether ``seat`` could raise cash for a ``purpose`` payment (savings or a loan)."""
        return self.cover_means(seat, purpose) is not None

    def cover_means(self, seat: int, purpose: str) -> str | None:
        """How ``seat`` may raise cash for a ``purpose`` payment now, as the words name it:
        ``"by_savings_or_loan"``, ``"by_savings"`` or ``"by_loan"`` (None: neither). A loan
        must keep within the card limit, never repays a loan of the over-indebted (R15) and
        pays for an event only once savings are gone, unless the class allows it (R13)."""
        p = self.players[seat]
        o = self.options
        loan = not (
            p.loans + self.loan_cards_for(seat) > o.max_loan_cards
            or (purpose == "repay" and self.over_indebted(seat))
            or (purpose == "event" and o.event_loans == "when_savings_short" and p.savings)
        )
        if p.savings:
            return "by_savings_or_loan" if loan else "by_savings"
        return "by_loan" if loan else None

    def minimum_repayment(self, loans: int) -> int:
        """Loan cards that must be repaid at least in Zone 8, by the over-indebtedness table:
        1 to 6 cards -> 1, 7 to 12 -> 2, 13 to 18 -> 3, 19 to 24 -> 4.

        >>> from moneyboard.games.financity.options import FinanCityOptions
        >>> g = FinanCityBase.__new__(FinanCityBase); g.options = FinanCityOptions()
        >>> [g.minimum_repayment(n) for n in (0, 1, 6, 7, 12, 13, 18, 19, 24)]
        [0, 1, 1, 2, 2, 3, 3, 4, 4]
        """
        band = self.options.loan_band
        return min(loans, -(-loans // band))

    def withdrawal_value(self, value: int) -> int:
        """Cash a savings card gives now: full value in Zone 3, less the surcharge elsewhere.

        The rulebook's example: $300 withdrawn in Zone 6 gives $270.
        """
        if self.zone == 3:
            return value
        return value - surcharge(value, self.options.withdrawal_surcharge_percent)

    def expense_changes(self, seat: int) -> tuple[int, int]:
        """The shopping cards' changes to expenses: (total added, total taken off)."""
        shop = self.content.shop
        more = less = 0
        for card in self.players[seat].shopping:
            change = shop[card].expenses
            if change > 0:
                more += change
            else:
                less -= change
        return more, less

    def yearly_bonus(self, seat: int) -> int:
        """Wellbeing of the "+" shopping cards held, received in each Income zone."""
        shop = self.content.shop
        return sum(shop[c].wellbeing for c in self.players[seat].shopping if shop[c].every_year)

    def income(self, seat: int) -> int:
        """This year's income before any change for this year only: home card, savings
        cards' yields and investment cards' income."""
        p = self.players[seat]
        if p.home is None:
            return 0
        c = self.content
        return (
            p.home.income
            + sum(map(c.savings_yield.__getitem__, p.savings))
            + sum(c.investment[i].income for i in p.investments)
        )


def surcharge(value: int, percent: int) -> int:
    """The bank's share of a savings card cashed outside Zone 3, rounded down to whole dollars.

    >>> surcharge(300, 10), surcharge(100, 10), surcharge(1000, 10)
    (30, 10, 100)
    """
    return value * percent // 100


def make_cards(amount: int, denominations: tuple[int, ...]) -> list[int]:
    """Savings cards for a deposit: the fewest cards, largest first.

    >>> make_cards(1700, (1000, 500, 100))
    [1000, 500, 100, 100]
    """
    cards = []
    for value in denominations:
        while amount >= value:
            cards.append(value)
            amount -= value
    return cards

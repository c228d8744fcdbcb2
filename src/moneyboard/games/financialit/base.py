"""FinanciaLit state data: the households, the board, the decks, and the money helpers.

The phases (``flow.py``) and the players' choices (``choices.py``) build on this base.
"""

from __future__ import annotations

from collections import deque
from typing import Any, ClassVar

from moneyboard.engine.components import Deck
from moneyboard.engine.ledger import BANK
from moneyboard.engine.state import GameState
from moneyboard.games.financialit.actions import GOODS_AT_ONCE
from moneyboard.games.financialit.content import Content, EventCard, Family
from moneyboard.games.financialit.options import FinanciaLitOptions

#: Seats in turn order, by number of seats and first player.
TURN_ORDERS = {
    n: tuple((*range(first, n), *range(first)) for first in range(n)) for n in range(1, 17)
}
LOCATIONS = ("pay_bills", "market", "insurance", "investments", "labour")
#: The order in which placed pawns are resolved in the Payments & Events Phase.
RESOLUTION_ORDER = ("labour", "investments", "insurance", "market")


class Household:
    """One seat's family card and everything in front of it."""

    __slots__ = (
        "aid_used",
        "career_away",
        "careers",
        "family",
        "goods",
        "happiness",
        "insurance",
        "investments",
        "loans",
        "luxuries",
        "miscalculation",
        "pawns",
        "placed",
        "saved",
        "skills",
        "sought",
        "tracker",
    )

    def __init__(self, family: Family, happiness: int, goods: int):
        self.family = family
        self.happiness = happiness
        self.goods = goods
        self.tracker = 0
        self.luxuries: list[str] = []
        self.insurance: list[str] = []  # "basic" first, then clause ids
        self.skills: list[str] = []
        self.careers: list[list[Any]] = []  # [card id, active]
        self.career_away = False
        self.sought = 0  # the period the family last sought better employment (0: never)
        self.investments: list[list[Any]] = []  # [card id, token slot]
        self.loans: list[int | None] = []  # token slot; None until the first upkeep
        self.miscalculation = False
        self.aid_used = False
        self.pawns = 0
        self.placed: set[str] = set()
        self.saved = False

    def cards_for_happiness(self, goods: bool = True) -> int:
        """Cards that count at the end (everything but Loan and Miscalculation cards); the
        Common Goods left only if ``goods`` (the option ``end_counts_goods``, R26)."""
        held = len(self.luxuries) + len(self.insurance) + len(self.skills) + len(self.careers)
        return held + (self.goods if goods else 0)

    def career_cards(self) -> int:
        return len(self.skills) + len(self.careers)


#: The ledger account of each seat's cash.
CASH = tuple(f"cash:{seat}" for seat in range(16))


class Figures:
    """Figures fixed for a whole game by the seat count and the rule options."""

    __slots__ = (
        "capacity",
        "clause_bills",
        "events",
        "experiences",
        "families",
        "luxury_cards",
        "luxury_happiness",
        "luxury_prices",
        "upkeep",
    )

    def __init__(self, content: Content, options: FinanciaLitOptions, players: int):
        #: Usable slots per board location.
        self.capacity = {loc.id: loc.usable(players) for loc in content.locations}
        #: Bills per period of each insurance card.
        self.clause_bills = {i.id: i.bills for i in content.insurance.values()}
        #: Every Family card of the set the options name, with the trainer's changes to single
        #: cards applied.
        self.families: dict[str, Family] = {
            f.id: f.model_copy(update=options.family_changes[f.id].values())
            if f.id in options.family_changes
            else f
            for f in content.family_sets[options.family_cards]
        }
        #: Every Event card with the trainer's changes to single cards applied.
        self.events: dict[str, EventCard] = {
            e.id: e.model_copy(update=options.event_changes[e.id].values())
            if e.id in options.event_changes
            else e
            for e in content.events
        }
        luxuries = [
            x.model_copy(update=options.luxury_changes[x.id].values())
            if x.id in options.luxury_changes
            else x
            for x in content.luxuries
        ]
        #: Upkeep per period, price and Happiness of each Luxury Item (the options applied).
        self.upkeep = {x.id: max(0, x.upkeep + options.luxury_upkeep_delta) for x in luxuries}
        self.luxury_prices = {x.id: max(0, x.cost + options.luxury_cost_delta) for x in luxuries}
        self.luxury_happiness = {
            x.id: max(0, x.happiness + options.luxury_happiness_delta) for x in luxuries
        }
        #: Each Luxury Item as the market shows it: its name and these figures.
        self.luxury_cards = {
            x.id: {
                "card": x.id,
                "name": x.name,
                "cost": self.luxury_prices[x.id],
                "happiness": self.luxury_happiness[x.id],
                "upkeep": self.upkeep[x.id],
            }
            for x in luxuries
        }
        #: Luxury Items that are used up at the end of the period they are bought in.
        self.experiences = frozenset(x.id for x in luxuries if x.experience)


class FinanciaLitBase(GameState):
    """Fields and helpers shared by the flow and the choices."""

    game_id = "financialit"
    options: FinanciaLitOptions
    content: ClassVar[Content]

    round: int
    phase: str
    first: int
    homes: list[Household]
    board: dict[str, list[int]]
    market: list[str | None]
    offers: dict[str, str | None]
    decks: dict[str, Deck]
    visit: dict[str, int]
    prepared: dict[str, deque[str]]
    events_shown: list[str]
    shared_income: str | None
    figures: Figures
    #: The families at or above the Happiness target at the upkeep that ended the game
    #: (none while it goes on, or when it ends after the last period).
    reached: list[int]

    @property
    def ended_by_target(self) -> bool:
        """Whether a family reached the trainer's Happiness target and so ended the game."""
        return bool(self.reached)

    @property
    def cash_accounts(self) -> tuple[str, ...]:
        """Each seat's cash account in the ledger."""
        return CASH[: self.n]

    # ----- money and happiness, always explained -----------------------------------------
    def cash(self, seat: int) -> int:
        return self.ledger.balances[CASH[seat]]

    def receive(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Bank pays ``seat``; the posting and the log say why."""
        self.pay(BANK, CASH[seat], amount, key, seat=seat, **params)

    def spend(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """``seat`` pays the bank (the caller has checked it can)."""
        self.pay(CASH[seat], BANK, amount, key, seat=seat, **params)

    def owe(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """Queue a payment the family cannot refuse (bills, events, shortfalls)."""
        if amount > 0:
            self.then(("pay", seat, amount, key, params, False))

    def change_happiness(self, seat: int, delta: int, key: str, /, **params: Any) -> None:
        """Add ``delta`` Happiness (never below zero) and log why."""
        if delta == 0:
            return
        home = self.homes[seat]
        before = home.happiness
        after = max(before + delta, 0)
        home.happiness = after
        params["seat"] = seat
        if after == before:  # already at zero: the loss cannot be taken (R21)
            params["lost"] = -delta
            params["cause"] = key
            self.log.append(("happiness.none_left", params))
            return
        params["delta"] = after - before
        params["happiness"] = after
        self.log.append((key, params))

    def miscalculate(self, seat: int, event: bool = False) -> None:
        """Give a Miscalculation card, or the Happiness penalty if one is already held
        (``event``: the amount is an Event's cost, to be paid with Loans alone)."""
        home = self.homes[seat]
        if home.miscalculation:
            self.change_happiness(
                seat, -self.options.miscalculation_happiness, "miscalculation.again"
            )
        else:
            home.miscalculation = True
            self.event("miscalculation.event_card" if event else "miscalculation.card", seat=seat)

    def step_next_action(self, after: int) -> None:
        """Ask the next family clockwise that has not chosen to Save."""
        n = self.n
        first = self.first
        homes = self.homes
        for i in range(after + 1, after + 1 + n):
            turn = i % n
            seat = (first + turn) % n
            if not homes[seat].saved:
                self.ask(seat, "action", turn=turn)
                return
        self.then(("actions_end",))

    # ----- derived figures ---------------------------------------------------------------
    def bills(self, seat: int) -> int:
        """Payable Bills per period: the family's own, insurance, and luxury upkeep."""
        home = self.homes[seat]
        figures = self.figures
        return (
            max(0, home.family.bills + self.options.family_bills_delta)
            + sum(map(figures.clause_bills.__getitem__, home.insurance))
            + sum(map(figures.upkeep.__getitem__, home.luxuries))
        )

    def bills_due(self, seat: int, bills: int) -> int:
        """``bills`` less the advance-payment discount if the pawn is on Payable Bills."""
        if seat in self.board["pay_bills"]:
            return bills - advance_discount(bills, self.options.bill_discount_per)
        return bills

    def skill_price(self, seat: int) -> int:
        o = self.options
        home = self.homes[seat]
        price = o.skills_cost + home.family.skill_cost_delta
        if len(home.skills) > o.skills_extra_after:
            price += o.skills_extra_cost
        return max(0, price)

    def goods_price(self, seat: int) -> int:
        """What the next Common Goods card of this Market visit adds to the visit's bill.

        The bulk discount comes off the whole purchase (R15): the card that reaches the
        threshold carries it, and where it is larger than that card's price the rest comes
        back from what was already paid (a negative price: units returned).
        """
        return self.goods_cost(1)

    def goods_cost(self, count: int) -> int:
        """What ``count`` more Common Goods cards add to this Market visit's bill: the visit's
        total after them less its total before (R15), so buying them in one move costs what
        buying them one by one would (negative: units returned)."""
        bought = self.visit.get("goods", 0)
        return self.goods_total(bought + count) - self.goods_total(bought)

    def goods_most(self, seat: int) -> int:
        """The most Common Goods cards ``seat`` may buy in one move now (0: none): within the
        trainer's maximum for the visit, :data:`GOODS_AT_ONCE` and what its cash pays for."""
        o = self.options
        bought = self.visit.get("goods", 0)
        cap = GOODS_AT_ONCE if o.goods_max is None else min(GOODS_AT_ONCE, o.goods_max - bought)
        # The visit's total may grow to what is paid already plus the cash (R15).
        budget = self.cash(seat) + self.goods_total(bought)
        if cap < 1 or self.goods_total(bought + cap) <= budget:
            return max(cap, 0)
        # Worked out, not tried count by count (the Market asks this at every check): the
        # most cards whose visit total fits the budget, the discount taken where they reach
        # it (a price of 0 never gets here: every total is then 0).
        price, threshold = o.basic_goods_price, o.bulk_goods_threshold
        discounted = (budget + o.bulk_goods_discount) // price
        if bought + cap >= threshold and discounted >= threshold:
            return discounted - bought
        return max(0, budget // price - bought)

    def goods_discounted(self, count: int) -> bool:
        """Whether buying ``count`` more Common Goods cards reaches the bulk discount now."""
        o = self.options
        bought = self.visit.get("goods", 0)
        return o.bulk_goods_discount > 0 and bought < o.bulk_goods_threshold <= bought + count

    def goods_total(self, cards: int) -> int:
        """What ``cards`` Common Goods cost on one visit, the bulk discount off the whole (>= 0)."""
        o = self.options
        total = cards * o.basic_goods_price
        if cards >= o.bulk_goods_threshold:
            total -= o.bulk_goods_discount
        return max(0, total)

    def luxury_price(self, item: str) -> int:
        return self.figures.luxury_prices[item]

    def investment_price(self, term: str) -> int:
        card = self.offers[term]
        assert card is not None
        return self.content.investment[card].cost + self.crowding()

    def crowding(self) -> int:
        """The surcharge when every usable Investments slot holds a pawn."""
        usable = self.figures.capacity["investments"]
        if usable and len(self.board["investments"]) >= usable:
            return self.options.crowding_surcharge
        return 0

    def order(self) -> tuple[int, ...]:
        """Seats in turn order this round, starting with the first player."""
        return TURN_ORDERS[self.n][self.first]

    def loan_debt(self, seat: int) -> int:
        o = self.options
        return sum(o.loan_instalment * (slot or o.loan_periods) for slot in self.homes[seat].loans)


def advance_discount(amount: int, per: int) -> int:
    """Units saved by paying bills in advance: one for every full ``per`` units.

    The rulebook's examples: bills of 7 cost 6, bills of 9 cost 7.

    >>> 7 - advance_discount(7, 4), 9 - advance_discount(9, 4)
    (6, 7)
    """
    return amount // per

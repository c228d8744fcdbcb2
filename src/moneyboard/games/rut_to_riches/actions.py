"""Rut to Riches actions, and the finite ladders that turn amounts into a fixed action set."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from moneyboard.engine.actions import Action

#: Overdraft amounts a player may take in one go ($100 multiples).
BORROW_LADDER = (100, 500, 1000, 2000, 5000, 10000, 20000, 50000)
#: Debt lines that may be paid off (the rulebook's elective expenses).
PAYOFF_LINES = ("bank", "credit_card", "car", "education", "home", "business")
#: Paying off all (1), half (2) or a quarter (4) of a debt.
PAYOFF_PARTS = (1, 2, 4)
#: Shares bought in one go.
SHARE_LOTS = (10, 50, 100, 500, 1000)
#: Commissions asked when a drawn card is resold to another player.
COMMISSIONS = (0, 200, 500, 1000)
DEAL_KINDS = ("real_estate", "shares", "personal", "venture", "none")


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseDream(Action):
    """Put your chip on a Dream (several players may share one)."""

    kind: ClassVar[str] = "choose_dream"
    dream: str


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll and move."""

    kind: ClassVar[str] = "roll"


@dataclasses.dataclass(frozen=True, slots=True)
class Retire(Action):
    """Retire early (passive income above active income)."""

    kind: ClassVar[str] = "retire"


@dataclasses.dataclass(frozen=True, slots=True)
class Rejoin(Action):
    """A retired player takes a job again and goes back to the Rut."""

    kind: ClassVar[str] = "rejoin"


@dataclasses.dataclass(frozen=True, slots=True)
class Borrow(Action):
    """Take a bank overdraft of ``amount``."""

    kind: ClassVar[str] = "borrow"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class PayOff(Action):
    """Pay off 1/``part`` of the debt on ``line``."""

    kind: ClassVar[str] = "pay_off"
    line: str
    part: int


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Choose which kind of opportunity card to draw (or ``none``)."""

    kind: ClassVar[str] = "deal"
    deck: str


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """Take the card on the table (buy the asset, accept the job, pay the optional bill)."""

    kind: ClassVar[str] = "buy"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing with what is on offer."""

    kind: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class Offer(Action):
    """Offer the card you drew to another player for a commission."""

    kind: ClassVar[str] = "offer"
    to: int
    commission: int


@dataclasses.dataclass(frozen=True, slots=True)
class BuyShares(Action):
    """Buy ``count`` shares at the open card's price."""

    kind: ClassVar[str] = "buy_shares"
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class SellShares(Action):
    """Sell 1/``part`` of your shares of the open card's company at its price."""

    kind: ClassVar[str] = "sell_shares"
    part: int


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    """Sell every asset a Market Forces offer names."""

    kind: ClassVar[str] = "sell"


@dataclasses.dataclass(frozen=True, slots=True)
class EnterCircle(Action):
    """Pay the Find A Mentor fee and enter the Inner Circle next turn."""

    kind: ClassVar[str] = "enter_circle"


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimPayDay(Action):
    """Declare your Pay Day."""

    kind: ClassVar[str] = "claim_payday"


@dataclasses.dataclass(frozen=True, slots=True)
class Record(Action):
    """Write your totals on your sheets (Auditor mode)."""

    kind: ClassVar[str] = "record"
    cash: int
    income: int
    expenses: int
    payday: int


ROLL, RETIRE, REJOIN = Roll(), Retire(), Rejoin()
BUY, PASS, SELL, ENTER, CLAIM = Buy(), Pass(), Sell(), EnterCircle(), ClaimPayDay()
BORROWS = tuple(Borrow(a) for a in BORROW_LADDER)
PAYOFFS = {(line, part): PayOff(line, part) for line in PAYOFF_LINES for part in PAYOFF_PARTS}
DEALS = {d: Deal(d) for d in DEAL_KINDS}
SHARE_BUYS = tuple(BuyShares(c) for c in SHARE_LOTS)
SHARE_SELLS = (SellShares(1), SellShares(2))

ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseDream,
    Roll,
    Retire,
    Rejoin,
    Borrow,
    PayOff,
    Deal,
    Buy,
    Pass,
    Offer,
    BuyShares,
    SellShares,
    Sell,
    EnterCircle,
    ClaimPayDay,
    Record,
)

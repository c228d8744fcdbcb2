"""Rut to Riches actions, and the ladders random play and RL choose amounts from.

Amounts a person may choose freely (a loan, a pay-off, a lot of shares) are declared as
:class:`~moneyboard.engine.actions.Amount` fields; the game says the range allowed now.
Selling a drawn card to another player is the kernel's offer (``Propose``/``Accept``/
``Decline``), listed here with the game's own actions.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action, Amount
from moneyboard.engine.claims import Claim
from moneyboard.engine.offers import OFFER_ACTIONS

#: Overdraft amounts random play and RL choose from (a person may borrow any $100 multiple).
BORROW_LADDER = (100, 500, 1000, 2000, 5000, 10000, 20000, 50000)
#: Pay-off amounts random play and RL choose from (a person may pay any multiple of the
#: step, or the whole debt). On both steps: $50 for a debt, $100 for the overdraft.
PAYOFF_LADDER = (100, 500, 1000, 5000, 10000, 50000)
#: What a part of a debt is a multiple of (R11): $50, so the rulebook's own $4,250 example
#: can be paid.
PAYOFF_STEP = 50
#: What a part of the overdraft is a multiple of: the bank lends in $100s.
REPAY_STEP = 100
#: Debt lines paid off with :class:`PayOff` (the rulebook's elective expenses but the
#: overdraft, which is repaid with :class:`Repay`).
PAYOFF_LINES = ("credit_card", "car", "education", "home", "business")
#: Share lots random play and RL choose from (a person may buy any multiple of 10).
SHARE_LOTS = (10, 50, 100, 500, 1000)
#: Commissions random play and RL ask when selling a drawn card on (a person names any).
COMMISSIONS = (0, 200, 500, 1000)
#: The largest commission a seller may ask.
MAX_COMMISSION = 100_000
#: The word the offers use for selling a drawn card on.
SELL_CARD = "sell"
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
    """Borrow from the bank as an overdraft, in steps the bank lends; your turn goes on.

    ``amount``: a multiple of $100.
    """

    kind: ClassVar[str] = "borrow"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=100, ladder=BORROW_LADDER)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class PayOff(Action):
    """Pay part of a debt off (a multiple of $50) to lower its monthly payment."""

    kind: ClassVar[str] = "pay_off"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {
        "amount": Amount(step=PAYOFF_STEP, ladder=PAYOFF_LADDER)
    }
    line: str
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class PayOffAll(Action):
    """Pay off everything still owed on a debt whose balance is not a multiple of $50 (a
    part, :class:`PayOff`, cannot reach it): the monthly payment goes."""

    kind: ClassVar[str] = "pay_off_all"
    keeps_decision: ClassVar[bool] = True
    line: str


@dataclasses.dataclass(frozen=True, slots=True)
class Repay(Action):
    """Repay part or all of the bank overdraft (a multiple of $100) to lower its interest."""

    kind: ClassVar[str] = "repay"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {
        "amount": Amount(step=REPAY_STEP, ladder=PAYOFF_LADDER)
    }
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """Choose which kind of opportunity card to draw, or none.

    ``deck``: the kind of card, or ``none``.
    """

    kind: ClassVar[str] = "deal"
    deck: str


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """Take the card on the table (buy the asset, accept the job, pay the optional bill)."""

    kind: ClassVar[str] = "buy"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let it go: the card on the table, the mentor's offer, a share or a market card.

    ``what``: which of them.
    """

    kind: ClassVar[str] = "pass"
    what: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyShares(Action):
    """Buy shares of the company on the open card, in tens, at its price.

    ``count``: a multiple of 10.
    """

    kind: ClassVar[str] = "buy_shares"
    amounts: ClassVar[Mapping[str, Amount]] = {
        "count": Amount(step=10, ladder=SHARE_LOTS, money=False)
    }
    count: int


@dataclasses.dataclass(frozen=True, slots=True)
class SellShares(Action):
    """Sell some or all of your shares of the open card's company at its price.

    ``part``: 1 sells all of them, 2 half, and so on (1/``part``).
    """

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
class Record(Action):
    """Write your totals on your sheets (bookkeeping mode)."""

    kind: ClassVar[str] = "record"
    cash: int
    income: int
    expenses: int
    payday: int


ROLL, RETIRE, REJOIN = Roll(), Retire(), Rejoin()
BUY, SELL, ENTER = Buy(), Sell(), EnterCircle()
DEALS = {d: Deal(d) for d in DEAL_KINDS}
SHARE_SELLS = (SellShares(1), SellShares(2))
#: The actions on the ladders, made once (random play, bots and RL choose among them).
BORROWS = tuple(Borrow(a) for a in BORROW_LADDER)
PAYOFFS = {line: tuple(PayOff(line, a) for a in PAYOFF_LADDER) for line in PAYOFF_LINES}
PAYOFFS_ALL = {line: PayOffAll(line) for line in PAYOFF_LINES}
REPAYS = tuple(Repay(a) for a in PAYOFF_LADDER)
SHARE_BUYS = tuple(BuyShares(c) for c in SHARE_LOTS)
PAYDAY_CLAIM = Claim("payday")

ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseDream,
    Roll,
    Retire,
    Rejoin,
    Borrow,
    PayOff,
    PayOffAll,
    Repay,
    Deal,
    Buy,
    Pass,
    BuyShares,
    SellShares,
    Sell,
    EnterCircle,
    Record,
    Claim,
    *OFFER_ACTIONS,
)

"""FinanCity's actions: small immutable values, the common ones built once and shared."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action, Amount
from moneyboard.engine.claims import Claim
from moneyboard.engine.offers import Accept, Decline, Propose

#: Deposits listed for random play, bots and RL (a person may type any multiple of $100).
DEPOSIT_LADDER = (100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1500, 2000, 3000, 5000)


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Planning: choose the zone whose benefit your family gets this year (extra pay, free
    time, an investment, shopping, insurance or cheaper loans)."""

    kind: ClassVar[str] = "place"
    zone: str


@dataclasses.dataclass(frozen=True, slots=True)
class Deposit(Action):
    """Savings zone: put cash into savings cards. Savings earn a little every year and count
    towards winning, but cashing a card later outside this zone may cost a fee."""

    kind: ClassVar[str] = "deposit"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=100, ladder=DEPOSIT_LADDER)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Cash one savings card. In the Savings zone you get its full value; at any other time
    the bank may keep a part of it as a fee."""

    kind: ClassVar[str] = "withdraw"
    anytime: ClassVar[bool] = True
    value: int


@dataclasses.dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """Borrow cash from the bank now. You take loan cards with it that you must pay back
    later, and by default they add up to more than the cash you get. Winners end the game
    without loan cards (unless your class's rules allow a few).

    The fields are the loan's terms as the rule options and the home token's zone make them
    (the cash, the loan cards it brings and what each costs to repay), so its button can say
    them; a loan on other terms than the present ones is refused.
    """

    kind: ClassVar[str] = "take_loan"
    anytime: ClassVar[bool] = True
    cash: int
    cards: int
    card_value: int


@dataclasses.dataclass(frozen=True, slots=True)
class RepayLoan(Action):
    """Pay back one loan card early, with cash: one card fewer to repay later, and a step
    towards ending the game without loan cards, as the rulebook's winners must."""

    kind: ClassVar[str] = "repay_loan"
    anytime: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class BuyInvestment(Action):
    """Investments zone: buy one of the investment cards on show. You pay its price once,
    and it pays you income every year after."""

    kind: ClassVar[str] = "buy_investment"
    #: The card's id: the action names the card itself, not its place on the table, so
    #: a choice still means the same card after another player's purchase.
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyShopping(Action):
    """Shopping zone: buy one of the shopping cards on show. It brings wellbeing, and it may
    raise or lower your expenses every year."""

    kind: ClassVar[str] = "buy_shopping"
    #: The card's id (as for :class:`BuyInvestment`).
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyToken(Action):
    """Insurance zone: buy an insurance token. In a later year you can hand it back to be
    spared a bad Unforeseen Event."""

    kind: ClassVar[str] = "buy_token"


@dataclasses.dataclass(frozen=True, slots=True)
class UseInsurance(Action):
    """Unforeseen Event: use your insurance so the event does not touch you. Being in the
    Insurance zone this year protects you; otherwise you hand back an insurance token."""

    kind: ClassVar[str] = "use_insurance"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeEffect(Action):
    """Unforeseen Event: let the event happen to you and keep your insurance for a worse
    one."""

    kind: ClassVar[str] = "take_effect"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish here: nothing (more) to save, buy, claim or sell now."""

    kind: ClassVar[str] = "done"


ACTION_TYPES: tuple[type[Action], ...] = (
    Place,
    Claim,
    Deposit,
    Withdraw,
    TakeLoan,
    RepayLoan,
    BuyInvestment,
    BuyShopping,
    BuyToken,
    UseInsurance,
    TakeEffect,
    Propose,
    Accept,
    Decline,
    Done,
)

REPAY_LOAN = RepayLoan()
BUY_TOKEN = BuyToken()
USE_INSURANCE = UseInsurance()
TAKE_EFFECT = TakeEffect()
DONE = Done()

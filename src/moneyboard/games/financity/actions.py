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
    """Zone 1 (Planning): put the home token on a benefit zone for this year."""

    kind: ClassVar[str] = "place"
    zone: str


@dataclasses.dataclass(frozen=True, slots=True)
class Deposit(Action):
    """Zone 3 (Savings): turn cash into savings cards (a multiple of $100)."""

    kind: ClassVar[str] = "deposit"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=100, ladder=DEPOSIT_LADDER)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Return one savings card of this value to the bank for cash (10% less outside Zone 3)."""

    kind: ClassVar[str] = "withdraw"
    anytime: ClassVar[bool] = True
    value: int


@dataclasses.dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """Borrow $600 from the bank and take the loan cards that go with it."""

    kind: ClassVar[str] = "take_loan"
    anytime: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class RepayLoan(Action):
    """Repay one loan card ahead of time ($150)."""

    kind: ClassVar[str] = "repay_loan"
    anytime: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class BuyInvestment(Action):
    """Zone 6: buy the face-up investment card in this place (0-based; shown from 1)."""

    kind: ClassVar[str] = "buy_investment"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True)
class BuyShopping(Action):
    """Zone 7: buy the face-up shopping card in this place (0-based; shown from 1)."""

    kind: ClassVar[str] = "buy_shopping"
    slot: int


@dataclasses.dataclass(frozen=True, slots=True)
class BuyToken(Action):
    """Zone 9: buy an insurance token for a later year ($50)."""

    kind: ClassVar[str] = "buy_token"


@dataclasses.dataclass(frozen=True, slots=True)
class UseInsurance(Action):
    """Zone 10: decline the Unforeseen Event (Zone 9 protects; otherwise a token is spent)."""

    kind: ClassVar[str] = "use_insurance"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeEffect(Action):
    """Zone 10: receive the Unforeseen Event's effect (keeping any insurance token)."""

    kind: ClassVar[str] = "take_effect"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Pass: no (more) deposit, purchase, token, claim or sale now."""

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

TAKE_LOAN = TakeLoan()
REPAY_LOAN = RepayLoan()
BUY_TOKEN = BuyToken()
USE_INSURANCE = UseInsurance()
TAKE_EFFECT = TakeEffect()
DONE = Done()

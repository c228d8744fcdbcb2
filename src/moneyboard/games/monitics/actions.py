"""Monitics' actions: small immutable values; the ones without fields are built once."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action, Amount
from moneyboard.engine.offers import Accept, Decline, Propose


@dataclasses.dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy an asset from the bank at its purchase value (one action)."""

    kind: ClassVar[str] = "buy"
    asset: str


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    """Sell an asset to the bank at its market value (one action; free when covering a bill)."""

    kind: ClassVar[str] = "sell"
    asset: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyCard(Action):
    """Buy an Option or Insurance card from the bank (one action)."""

    kind: ClassVar[str] = "buy_card"
    card: str


#: The amounts bots, random play and RL move into or out of savings (the ``amount_steps``
#: option's default); a person may type any whole amount the range allows.
SAVINGS_STEPS = (10, 20, 50, 100, 200)


@dataclasses.dataclass(frozen=True, slots=True)
class Save(Action):
    """Move an amount from cash into savings (one action)."""

    kind: ClassVar[str] = "save"
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=1, ladder=SAVINGS_STEPS)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Withdraw(Action):
    """Take an amount out of savings into cash (one action)."""

    kind: ClassVar[str] = "withdraw"
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=1, ladder=SAVINGS_STEPS)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class UseSavings(Action):
    """Take from savings what cash lacks for a payment (not one of the turn's actions)."""

    kind: ClassVar[str] = "use_savings"


@dataclasses.dataclass(frozen=True, slots=True)
class Borrow(Action):
    """Take the next loan on the bank's ladder (one action, or to cover a payment)."""

    kind: ClassVar[str] = "borrow"


@dataclasses.dataclass(frozen=True, slots=True)
class Repay(Action):
    """Repay the bank loan in full (one action)."""

    kind: ClassVar[str] = "repay"


@dataclasses.dataclass(frozen=True, slots=True)
class RepayFriend(Action):
    """Repay in full a loan another player made (one action)."""

    kind: ClassVar[str] = "repay_friend"
    lender: int


@dataclasses.dataclass(frozen=True, slots=True)
class PayTax(Action):
    """Pay the voluntary tax and receive a Tax Card (the player then decides again)."""

    kind: ClassVar[str] = "pay_tax"
    keeps_decision: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die to start the turn."""

    kind: ClassVar[str] = "roll"


@dataclasses.dataclass(frozen=True, slots=True)
class AskLoan(Action):
    """Ask another player to lend the amount still missing for a payment."""

    kind: ClassVar[str] = "ask_loan"
    lender: int


@dataclasses.dataclass(frozen=True, slots=True)
class Lend(Action):
    """A player asks you for a loan to cover a payment: lend them the money, or refuse.

    ``agree``: lend (True) or refuse (False).
    """

    kind: ClassVar[str] = "lend"
    agree: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Offer a price for an asset a player must sell in distress; the seller must accept.

    ``price``: the offer, any whole amount from the distress value to the market value
    (bots offer one of three, ``figures.bid_prices``).
    """

    kind: ClassVar[str] = "bid"
    amounts: ClassVar[Mapping[str, Amount]] = {"price": Amount(step=1)}
    price: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Let the distressed asset go to the bank (or to another bidder)."""

    kind: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class UseOption(Action):
    """Give an Option card back to the bank and roll the die again (the new roll counts)."""

    kind: ClassVar[str] = "use_option"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepRoll(Action):
    """Move by the roll as it is."""

    kind: ClassVar[str] = "keep_roll"


@dataclasses.dataclass(frozen=True, slots=True)
class Protect(Action):
    """Escape a blow with an insurance card or option cards, or take it.

    ``card``: ``"insurance"``, ``"options"`` or ``"none"``.
    """

    kind: ClassVar[str] = "protect"
    card: str


@dataclasses.dataclass(frozen=True, slots=True)
class ForcedSale(Action):
    """Choose which asset goes in a Forced Sale."""

    kind: ClassVar[str] = "forced_sale"
    asset: str


@dataclasses.dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """Admit the payment cannot be made: the player is out of the game."""

    kind: ClassVar[str] = "give_up"


@dataclasses.dataclass(frozen=True, slots=True)
class GrantFinalTurns(Action):
    """The first player to finish gives the others their final turns, or does not."""

    kind: ClassVar[str] = "grant_final_turns"
    grant: bool


@dataclasses.dataclass(frozen=True, slots=True)
class FinalTurn(Action):
    """Take the final turn offered, or stop where one stands."""

    kind: ClassVar[str] = "final_turn"
    take: bool


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn."""

    kind: ClassVar[str] = "end_turn"


ACTION_TYPES: tuple[type[Action], ...] = (
    Buy,
    Sell,
    BuyCard,
    Save,
    Withdraw,
    UseSavings,
    Borrow,
    Repay,
    RepayFriend,
    PayTax,
    Roll,
    AskLoan,
    Lend,
    Propose,
    Accept,
    Decline,
    Bid,
    Pass,
    UseOption,
    KeepRoll,
    Protect,
    ForcedSale,
    GiveUp,
    GrantFinalTurns,
    FinalTurn,
    EndTurn,
)

BORROW = Borrow()
USE_SAVINGS = UseSavings()
REPAY = Repay()
PAY_TAX = PayTax()
ROLL = Roll()
LEND = Lend(True)
REFUSE_LOAN = Lend(False)
PASS = Pass()
USE_OPTION = UseOption()
KEEP_ROLL = KeepRoll()
GIVE_UP = GiveUp()
END_TURN = EndTurn()
BUY_OPTION = BuyCard("option")
BUY_INSURANCE = BuyCard("insurance")
USE_INSURANCE = Protect("insurance")
USE_OPTIONS = Protect("options")
TAKE_HIT = Protect("none")
GRANT = GrantFinalTurns(True)
REFUSE = GrantFinalTurns(False)
TAKE_FINAL = FinalTurn(True)
STOP_FINAL = FinalTurn(False)

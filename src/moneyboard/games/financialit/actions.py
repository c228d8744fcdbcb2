"""FinanciaLit's actions: immutable values, interned so the hot path never builds them.

A purchase at the Market and a change at the Insurance Broker keep the location's decision
open (``keeps_decision``): the family goes on until it says it is Done.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from moneyboard.engine.actions import Action, Amount

#: The most Common Goods cards one move buys (R43): a trainer's minimum (at most 20) fits in one.
GOODS_AT_ONCE = 20


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    """Place a pawn on a board location (Action Phase)."""

    kind: ClassVar[str] = "place"
    location: str


@dataclasses.dataclass(frozen=True, slots=True)
class Save(Action):
    """Stop taking actions for this round."""

    kind: ClassVar[str] = "save"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """Take a Loan card from the bank, at any time: cash now, paid back out of income over
    the next periods; taking one while holding a loan or a Miscalculation costs Happiness."""

    kind: ClassVar[str] = "take_loan"
    anytime: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class FamilyAid(Action):
    """Ask the family for help, once per game, while holding a Miscalculation card (for
    bills or any time, but not for an Event's cost: that takes Loans)."""

    kind: ClassVar[str] = "family_aid"
    anytime: ClassVar[bool] = True


@dataclasses.dataclass(frozen=True, slots=True)
class LearnSkill(Action):
    """Labour Market: pay for a Skills card."""

    kind: ClassVar[str] = "learn_skill"


@dataclasses.dataclass(frozen=True, slots=True)
class SeekEmployment(Action):
    """Labour Market: send the pawn to seek a Career Advance card."""

    kind: ClassVar[str] = "seek_employment"


@dataclasses.dataclass(frozen=True, slots=True)
class Invest(Action):
    """Buy the face-up Short-Term or Long-Term Investment."""

    kind: ClassVar[str] = "invest"
    term: str


@dataclasses.dataclass(frozen=True, slots=True)
class AddClause(Action):
    """Insurance Broker: add an insurance clause. It covers the Event cards it names, and
    like every insurance card it adds 1 unit to your bills every period."""

    kind: ClassVar[str] = "add_clause"
    keeps_decision: ClassVar[bool] = True
    clause: str


@dataclasses.dataclass(frozen=True, slots=True)
class DropClause(Action):
    """Insurance Broker: cancel an insurance clause you hold (your bills go down by 1 unit
    a period; the Events it covered hit you again)."""

    kind: ClassVar[str] = "drop_clause"
    keeps_decision: ClassVar[bool] = True
    clause: str


@dataclasses.dataclass(frozen=True, slots=True)
class BuyGoods(Action):
    """Market: buy as many Common Goods cards as you choose at once. They cost what buying
    them one at a time would, and the bulk discount comes off the whole visit's purchase.

    ``count``: how many (R43); a record made before counts existed buys one.
    """

    kind: ClassVar[str] = "buy_goods"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"count": Amount(step=1, money=False)}
    count: int = 1


@dataclasses.dataclass(frozen=True, slots=True)
class BuyLuxury(Action):
    """The Market: buy one of the Luxury Items on show.

    ``slot``: 0-based (its button counts from 1).
    """

    kind: ClassVar[str] = "buy_luxury"
    keeps_decision: ClassVar[bool] = True
    slot: int


@dataclasses.dataclass(frozen=True, slots=True)
class RefreshMarket(Action):
    """Market: pay to replace every face-up Luxury Item (once, before buying)."""

    kind: ClassVar[str] = "refresh_market"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current location's choices."""

    kind: ClassVar[str] = "done"


@dataclasses.dataclass(frozen=True, slots=True)
class SettleLoan(Action):
    """End of the game: settle a loan not yet repaid, with units or with Happiness.

    ``with_units``: units (True) or Happiness (False).
    """

    kind: ClassVar[str] = "settle_loan"
    with_units: bool


ACTION_TYPES: tuple[type[Action], ...] = (
    Place,
    Save,
    TakeLoan,
    FamilyAid,
    LearnSkill,
    SeekEmployment,
    Invest,
    AddClause,
    DropClause,
    BuyGoods,
    BuyLuxury,
    RefreshMarket,
    Done,
    SettleLoan,
)

SAVE = Save()
TAKE_LOAN = TakeLoan()
FAMILY_AID = FamilyAid()
LEARN_SKILL = LearnSkill()
SEEK_EMPLOYMENT = SeekEmployment()
BUY_GOODS = BuyGoods()
#: Every purchase of Common Goods one move may make, by its count.
BUY_GOODS_OF = {n: BuyGoods(n) for n in range(1, GOODS_AT_ONCE + 1)}
REFRESH_MARKET = RefreshMarket()
DONE = Done()
SETTLE_UNITS = SettleLoan(True)
SETTLE_HAPPINESS = SettleLoan(False)
INVEST_SHORT = Invest("short")
INVEST_LONG = Invest("long")

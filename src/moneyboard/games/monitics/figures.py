"""Actions and prices fixed by the rules or the rule options (built once per option set)."""

from __future__ import annotations

import functools

from moneyboard.engine.actions import Action
from moneyboard.engine.offers import Propose
from moneyboard.games.monitics.actions import BuyCard, Save, Withdraw
from moneyboard.games.monitics.options import MoniticsOptions

CARDS = ("option", "insurance")


def card_prices(price: int) -> tuple[int, int]:
    """The prices a player may offer another for a card: the bank's price, or half as much again.

    >>> card_prices(30)
    (30, 45)
    """
    return price, price * 3 // 2


class Figures:
    """Actions fixed for a whole game by the rule options, built once per option set."""

    __slots__ = ("buy_from", "every_turn", "saves", "small_saves", "small_withdraws", "withdraws")
    buy_from: dict[tuple[int, str], tuple[Propose, ...]]

    def __init__(self, options: MoniticsOptions):
        self.saves = tuple(Save(a) for a in options.amount_steps)
        self.withdraws = tuple(Withdraw(a) for a in options.amount_steps)
        #: Moving the whole of a balance below the smallest step ($1 to $9 by default): the
        #: rules allow any amount, so a player holding less than a step can still move it.
        below = range(1, min(options.amount_steps))
        self.small_saves = tuple(Save(a) for a in below)
        self.small_withdraws = tuple(Withdraw(a) for a in below)
        #: Turn actions offered on every turn: the two cards, saving and taking out savings.
        self.every_turn: tuple[Action, ...] = (
            BuyCard("option"),
            BuyCard("insurance"),
            *self.saves,
            *self.withdraws,
        )
        #: (seller, card) -> the offers a buyer may make for it.
        self.buy_from = {
            (seller, card): tuple(
                Propose(seller, "buy_card", card, p)
                for p in card_prices(
                    options.option_price if card == "option" else options.insurance_price
                )
            )
            for seller in range(16)
            for card in CARDS
        }


@functools.cache
def figures_for(options: MoniticsOptions) -> Figures:
    return Figures(options)


def bid_prices(distress: int, market: int) -> tuple[int, int, int]:
    """The prices a player may offer for a distressed asset: distress, halfway, market value.

    >>> bid_prices(30, 65)
    (30, 47, 65)
    """
    return distress, (distress + market) // 2, market

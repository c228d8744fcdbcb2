"""The Monitics game state: flow, boxes and choices, with views, metrics and the action space."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.messages import load_catalogue
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.engine.options import RuleOptions
from moneyboard.engine.state import GameState
from moneyboard.games.monitics.actions import (
    ACTION_TYPES,
    BORROW,
    BUY_INSURANCE,
    BUY_OPTION,
    END_TURN,
    GIVE_UP,
    GRANT,
    KEEP_ROLL,
    LEND,
    PASS,
    PAY_TAX,
    REFUSE,
    REFUSE_LOAN,
    REPAY,
    ROLL,
    STOP_FINAL,
    TAKE_FINAL,
    TAKE_HIT,
    USE_INSURANCE,
    USE_OPTION,
    USE_OPTIONS,
    USE_SAVINGS,
    Bid,
    Buy,
    BuyCard,
    PayTax,
    Repay,
    RepayFriend,
    Save,
)
from moneyboard.games.monitics.base import DIE
from moneyboard.games.monitics.choices import (
    ASK_LOAN,
    BUY,
    FORCED,
    REPAY_FRIEND,
    SELL,
    Choices,
)
from moneyboard.games.monitics.content import load_content
from moneyboard.games.monitics.figures import CARDS, bid_prices, figures_for
from moneyboard.games.monitics.options import MoniticsOptions


def _answers() -> dict[str, frozenset[str]]:
    turn = {
        "buy",
        "sell",
        "buy_card",
        "save",
        "withdraw",
        "borrow",
        "repay",
        "repay_friend",
        "pay_tax",
        "propose",
        "end_turn",
    }
    return {
        "turn": frozenset(turn),
        "roll": frozenset({"roll", "pay_tax"}),
        "reroll": frozenset({"use_option", "keep_roll"}),
        "protect": frozenset({"protect"}),
        "forced_sale": frozenset({"forced_sale"}),
        "shortfall": frozenset({"use_savings", "borrow", "ask_loan", "sell", "give_up"}),
        "offer": frozenset({"accept", "decline"}),
        "lend": frozenset({"lend"}),
        "bid": frozenset({"bid", "pass"}),
        "grant": frozenset({"grant_final_turns"}),
        "final_turn": frozenset({"final_turn"}),
    }


#: Rewards a class may ask learners to claim themselves (``manual_claims``).
AUTOMATIONS = {
    "habits_reward": "Good Money Habits: the reward for having enough in savings",
    "ownership_reward": "Ownership Pays: the reward for owning an asset",
    "business_grant": "Business Gain: the grant for owning a business",
}


class MoniticsState(Choices):
    """A game of Monitics in progress (or finished)."""

    action_types = (*ACTION_TYPES, Claim)
    automations: ClassVar[dict[str, str]] = AUTOMATIONS
    answers: ClassVar[dict[str, frozenset[str]]] = _answers()
    #: Everything on a Monitics table is public.
    public_table = True
    #: Monitics counts in dollars.
    currency = ("$", "")
    catalogue = GameState.catalogue.merged(load_catalogue("moneyboard.games.monitics"))
    content = load_content()

    # ----- pace --------------------------------------------------------------------------
    def turn_time_limit(self) -> float | None:
        """Seconds for a whole turn under the rule options (the rulebook's two minutes)."""
        limit = self.options.turn_seconds
        return None if limit is None else float(limit)

    def stream_outcomes(self, stream: str) -> Collection[Any] | None:
        """The only chance in Monitics is the die."""
        return DIE if stream == "die" else None

    # ----- views -------------------------------------------------------------------------
    def _player_view(self, seat: int) -> dict[str, Any]:
        p = self.players[seat]
        asset = self.content.asset
        box = self.content.boxes[p.position - 1].label if p.position else "start"
        return {
            "seat": seat,
            "name": self.seats[seat].name,
            "box": box,
            "cash": self.cash(seat),
            "savings": self.savings(seat),
            "asset_value": self.asset_value(seat),
            "liabilities": self.liabilities(seat),
            "net_worth": self.net_worth(seat),
            **p.to_json(),
            "assets": [
                {"id": a, "name": asset[a].name, "market": asset[a].market, "sell_from_turn": t}
                for a, t in p.assets.items()
            ],
        }

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on a Monitics table is public; a seat's view adds ``you``."""
        data = {
            **self.kernel_view(seat),
            "phase": self.phase,
            "this_turn": self.turn.to_json(),
            "finisher": self.finisher,
            "bank_cards": dict(self.stock),
            "bank_assets": [a.id for a in self.content.assets if a.id not in self.owners],
            "players": [self._player_view(s) for s in range(self.n)],
        }
        return data

    def action_cost(self, seat: int, action: Action) -> int | None:
        """What an action costs in cash, for the views (purchases, savings, repayments, tax)."""
        o = self.options
        if isinstance(action, Buy):
            return self.content.asset[action.asset].purchase
        if isinstance(action, BuyCard):
            return o.option_price if action.card == "option" else o.insurance_price
        if isinstance(action, Save):
            return action.amount
        if isinstance(action, Bid | Propose):
            return action.price
        if isinstance(action, PayTax):
            return o.voluntary_tax
        if isinstance(action, Repay):
            loan = self.players[seat].loan
            return None if loan is None else o.loan_ladder[loan][1]
        if isinstance(action, RepayFriend):
            return self.players[seat].debts.get(action.lender)
        return None

    def full_view(self) -> dict[str, Any]:
        return {
            **self.view(None),
            **self.kernel_full_view(),
            "board": [b.label for b in self.content.boxes],
        }

    def metrics(self, seat: int) -> dict[str, float]:
        savings = self.savings(seat)
        return {
            "cash": float(self.cash(seat)),
            "savings": float(savings),
            "debt": float(self.liabilities(seat)),
            "assets": float(self.asset_value(seat)),
            "income": 0.0,
            "wellbeing": 0.0,
            "score": float(self.net_worth(seat)),
        }


    def outlook(self, seat: int) -> float:
        """Net worth, as the end counts it (``step_game_end``): cash, savings and assets at
        market value, loans made to others, less what the seat owes."""
        if self.result is not None:
            return super().outlook(seat)
        return float(self.net_worth(seat))

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        assert isinstance(options, MoniticsOptions)
        figures = figures_for(options)
        content = load_content()
        prices = sorted({p for a in content.assets for p in bid_prices(a.distress, a.market)})
        return (
            *BUY.values(),
            *SELL.values(),
            BUY_OPTION,
            BUY_INSURANCE,
            *figures.saves,
            *figures.withdraws,
            BORROW,
            USE_SAVINGS,
            REPAY,
            *REPAY_FRIEND[:players],
            PAY_TAX,
            *(a for s in range(players) for c in CARDS for a in figures.buy_from[s, c]),
            *ASK_LOAN[:players],
            ACCEPT,
            DECLINE,
            LEND,
            REFUSE_LOAN,
            *(Bid(p) for p in prices),
            PASS,
            ROLL,
            USE_OPTION,
            KEEP_ROLL,
            USE_INSURANCE,
            USE_OPTIONS,
            TAKE_HIT,
            *FORCED.values(),
            GIVE_UP,
            GRANT,
            REFUSE,
            TAKE_FINAL,
            STOP_FINAL,
            END_TURN,
            *(Claim(name) for name in AUTOMATIONS),
        )

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        return len(DIE)

    @classmethod
    def max_game_length(cls, options: RuleOptions, players: int) -> int:
        return 20_000

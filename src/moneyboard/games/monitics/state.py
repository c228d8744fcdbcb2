"""The Monitics game state: flow, boxes and choices, with views, metrics and the action space."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, ClassVar

from moneyboard.engine.actions import Action
from moneyboard.engine.claims import Claim
from moneyboard.engine.messages import Message, load_catalogue, msg
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
    Borrow,
    Buy,
    BuyCard,
    ForcedSale,
    Lend,
    PayTax,
    Protect,
    Repay,
    RepayFriend,
    Save,
    Sell,
)
from moneyboard.games.monitics.base import DIE, share
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
from moneyboard.games.monitics.forecast import (
    Board,
    best_purchase,
    board_of,
    crashes_reaching,
    forecast,
    market_gain,
    turns_to_finish,
)
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
#: Each reward a learner may claim, as the log and its button name it.
REWARD_WORDS = {
    "habits_reward": "the Good Money Habits reward",
    "ownership_reward": "the Ownership Pays reward",
    "business_grant": "the Business Gain grant",
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
    #: Monitics is won on net worth: its score is money; so are a player's unpaid tax and
    #: the loans other players still owe it.
    money_metrics = GameState.money_metrics | {"score", "tax_debt", "owed_by_others"}
    content = load_content()
    #: The game's words, with every asset, bill and box by its name.
    catalogue = GameState.catalogue.merged(load_catalogue("moneyboard.games.monitics")).with_words(
        {
            **{a.id: a.name for a in content.assets},
            **{b.id: b.name for b in content.bills},
            **content.box_words(),
            **REWARD_WORDS,
            "taxman": "Taxman's die",  # the chance stream of R10's variant
        }
    )
    #: The board as a forecast reads it (``forecast.Board``).
    board: ClassVar[Board] = board_of(content)

    # ----- pace --------------------------------------------------------------------------
    def turn_time_limit(self) -> float | None:
        """Seconds for a whole turn under the rule options (the rulebook's two minutes)."""
        limit = self.options.turn_seconds
        return None if limit is None else float(limit)

    def chance_streams(self) -> list[str]:
        return ["die", "taxman"] if self.taxman_rolls() else ["die"]

    def stream_outcomes(self, stream: str) -> Collection[Any] | None:
        """The chance in Monitics is the die, and the Taxman's die when he only may catch."""
        if stream == "die" or (stream == "taxman" and self.taxman_rolls()):
            return DIE
        return None

    def taxman_rolls(self) -> bool:
        """Whether a die decides if the Taxman catches (R10), rather than always."""
        return self.options.taxman_catches_on < len(DIE)

    @property
    def round(self) -> int:
        """The round under way: players take turns in order, so round k is everyone's k-th
        turn (the turn number of the player on turn, as the turn's sentence gives it; 0
        before the first turn). The debrief and the simulation's tables count by it."""
        return self.players[self.turn.seat].turns if self.turn_count else 0

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
            "owed_by_others": self.receivables(seat),
            "liabilities": self.liabilities(seat),
            "net_worth": self.net_worth(seat),
            **p.to_json(),
            # Loans from other players by lender's name ("$64 to Ana"), not by seat number.
            "debts": [
                f"{self.money_text(owed)} to {self.seats[lender].name}"
                for lender, owed in sorted(p.debts.items())
            ],
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
            "bank_assets": [
                {
                    "id": a.id,
                    "name": a.name,
                    "kind": a.kind,
                    "price": a.purchase,
                    "market": a.market,
                }
                for a in self.content.assets
                if a.id not in self.owners
            ],
            "players": [self._player_view(s) for s in range(self.n)],
        }
        return data

    def action_cost(self, seat: int, action: Action) -> int | None:
        """The cash an action takes from ``seat`` at once, for the views: purchases, savings,
        repayments, tax, a loan to another player, and a blow taken without protection
        (``None``: it takes no cash now, as a bank loan, whose repayment its label names)."""
        o = self.options
        if isinstance(action, Protect):
            return self.blow_cash(seat) if action.card == "none" else None
        if isinstance(action, Lend):
            d = self.decision
            return d.data["amount"] if action.agree and d is not None and d.kind == "lend" else None
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

    def blow_cash(self, seat: int) -> int | None:
        """The cash the blow asked about now takes from ``seat`` if it is not prevented."""
        d = self.decision
        if d is None or d.kind != "protect":
            return None
        blow, o = d.data["blow"], self.options
        if blow == "major_expense":  # cash short: the player is asked how to pay the rest
            return o.major_expense if self.cash(seat) >= o.major_expense else None
        if self.players[seat].assets and (blow == "crash" or self.forced_sale_assets(seat)):
            return None  # assets are sold: cash comes in
        if blow == "crash":
            return share(self.cash(seat), o.crash_cash_loss_pct) or None
        loss = share(self.cash(seat) + self.savings(seat), o.forced_sale_loss_pct)
        return min(loss, self.cash(seat)) or None

    def action_label(self, action: Action, chosen_later: str | None = None) -> str:
        """The action in the game's words; where the words depend on the table, the button
        says it: the loan on offer and its repayment, an asset's price, what a blow would
        take, the reward a claim brings ("Borrow $300 from the bank (repay $350 on a later
        turn)", "Take the hit: pay $40")."""
        words = self.button_words(action)
        if words is None:
            return super().action_label(action, chosen_later)
        return self.explain(words)

    def button_words(self, action: Action) -> Message | None:
        """The words of ``action``'s button that depend on the table now (None: its label)."""
        asset = self.content.asset
        if isinstance(action, Sell | ForcedSale):
            card = asset.get(action.asset)
            if card is None:
                return None
            if isinstance(action, Sell):
                return msg("button.sell", asset=card.name, price=card.market)
            return msg(
                "button.forced_sale", asset=card.name, distress=card.distress, market=card.market
            )
        if isinstance(action, Claim):
            amount = getattr(self.options, action.name, None)
            if action.name not in REWARD_WORDS or not isinstance(amount, int):
                return None
            return msg("button.claim", reward=REWARD_WORDS[action.name], amount=amount)
        d = self.decision
        if d is None or not d.seats:
            return None
        seat = d.seats[0]
        if isinstance(action, Borrow):
            borrowed, repay = self.options.loan_ladder[self.players[seat].next_loan]
            return msg("button.borrow", borrowed=borrowed, repay=repay)
        if isinstance(action, Protect) and d.kind == "protect":
            return self.protect_words(seat, action.card, d.data["blow"])
        return None

    def protect_words(self, seat: int, card: str, blow: str) -> Message | None:
        """What each answer to a blow does: the card it costs, or what the blow takes."""
        o = self.options
        if card == "insurance":
            return msg("button.insurance" if o.insurance_ends_turn else "button.insurance_moves_on")
        if card == "options":
            return msg("button.options", count=o.crash_options_needed)
        if card != "none":
            return None
        if blow == "major_expense":
            return msg("button.hit_pay", amount=o.major_expense)
        asset = self.content.asset
        held = [asset[a] for a in self.players[seat].assets]
        if blow == "crash":
            if held:
                return msg(
                    "button.hit_crash_assets",
                    distress=sum(a.distress for a in held),
                    market=sum(a.market for a in held),
                )
            loss = share(self.cash(seat), o.crash_cash_loss_pct)
            if not loss:
                return msg("button.hit_nothing")
            return msg("button.hit_crash_cash", amount=loss, percent=o.crash_cash_loss_pct)
        eligible = [asset[a] for a in self.forced_sale_assets(seat)]
        if len(eligible) == 1:
            card_ = eligible[0]
            return msg(
                "button.hit_asset", asset=card_.name, distress=card_.distress, market=card_.market
            )
        if eligible:
            return msg("button.hit_choose_asset")
        have = self.cash(seat) + self.savings(seat)
        loss = share(have, o.forced_sale_loss_pct)
        if not loss:
            return msg("button.hit_nothing")
        return msg("button.hit_cash_and_savings", amount=loss, percent=o.forced_sale_loss_pct)

    def hidden_view(self) -> dict[str, Any]:
        """The board's boxes by label (nothing of Monitics is hidden from the players)."""
        return {"board": [b.label for b in self.content.boxes]}

    def metrics(self, seat: int) -> dict[str, float]:
        """The common metrics, adding up to the score: cash + savings + assets − debt is the
        net worth (R22), so ``assets`` holds the assets' market value and the loans other
        players still owe the seat (the debrief and the bots count net worth from these)."""
        savings = self.savings(seat)
        return {
            "cash": float(self.cash(seat)),
            "savings": float(savings),
            "debt": float(self.liabilities(seat)),
            "assets": float(self.asset_value(seat) + self.receivables(seat)),
            "income": 0.0,
            "wellbeing": 0.0,
            "score": float(self.net_worth(seat)),
        }

    def describe_result(self, seat: int) -> list[Message]:
        """How ``seat``'s net worth adds up, for the end screen (the rulebook's formula, R22),
        naming the loans other players still owe it where there are any."""
        params = {
            "seat": seat,
            "cash": self.cash(seat),
            "savings": self.savings(seat),
            "assets": self.asset_value(seat),
            "owed": self.receivables(seat),
            "debt": self.liabilities(seat),
        }
        return [Message("describe.result_owed" if params["owed"] else "describe.result", params)]

    def outlook(self, seat: int) -> float:
        """What the seat is expected to finish with: net worth as the end counts it
        (``step_game_end``), plus what the boxes still ahead of its pawn are expected to add
        or take, given what it holds now (``forecast.py`` explains the walk over the die).

        Net worth alone misjudges Monitics: an asset bought at its purchase value counts at
        its market value, about half as much again, so money in hand when the pawn lands on
        an Asset box grows, while money tied up in assets, spent on a loan's interest or
        lost to a Crash cannot. The coming landings count, each at its expected number:

        - a market of each asset kind: the best purchase on offer (at most the turn's
          actions, from the assets no other seat holds) that the money allows; on the next
          roll the money is the cash in hand, or one action fewer after taking savings out
          or selling an asset; on later rolls it is cash, savings and the assets held at
          market value (they can be sold by then);
        - bills at their amounts, and the first catch by the Tax authority without a Tax
          Card;
        - each Circumstance (the face that brings the pawn there), as it would hit what the
          seat holds now: insurance, savings, any asset, a business;
        - a Crash without insurance or enough Options: every asset held loses its market
          value down to its distress value, or with no asset most of the cash goes.

        On its own turn on a market, the best purchase its cash and the actions left still
        allow counts too (the search need not stumble on it to see it).

        A pawn counts only the turns it is likely to get: the board's end comes when the
        pawn furthest ahead completes it, after which the others have their final turns.
        """
        if self.result is not None:
            return super().outlook(seat)
        return float(self.net_worth(seat)) + self.expected_ahead(seat)

    def expected_ahead(self, seat: int) -> float:
        """The money the boxes ahead of ``seat``'s pawn are expected to add (see ``outlook``)."""
        turns = self.turns_left(seat)
        if turns == 0:
            return 0.0
        o = self.options
        p = self.players[seat]
        coming = forecast(self.board, p.position, turns)
        assets = self.content.asset
        held = [assets[a] for a in p.assets]
        cash, savings = self.cash(seat), self.savings(seat)
        value = self.open_market_gain(seat) - coming.bills
        # Markets. On the next roll the cash is in hand; one action can raise more (savings
        # taken out, an asset sold) for one purchase fewer. By later rolls everything held
        # can have been sold or taken out.
        actions = o.actions_per_turn
        raise_ = max(self.withdrawable(seat), max((a.market for a in held), default=0))
        later = cash + savings + sum(a.market for a in held)
        for kind, chance in coming.next_market:
            value += chance * market_gain(self.on_offer(kind, seat), actions, cash, raise_)
        for kind, landings in coming.later_market:
            value += landings * best_purchase(self.on_offer(kind, seat), actions, later)
        # Circumstances, the Tax authority and the Crash, on what the seat holds now.
        for face, landings in enumerate(coming.circumstances, start=1):
            if landings:
                value += landings * self.circumstance_value(seat, face)
        if not p.tax_card:
            value -= coming.tax * o.tax_penalty * o.taxman_catches_on / len(DIE)
        if not p.insurance and p.options < o.crash_options_needed:
            if held:
                loss = float(sum(a.market - a.distress for a in held))
            else:
                loss = cash * o.crash_cash_loss_pct / 100
            others = [
                (q.position, self.turns_left(s))
                for s, q in enumerate(self.players)
                if s != seat and not q.out
            ]
            hits = crashes_reaching(
                self.board,
                (p.position, turns),
                others,
                reach=o.crash_reach,
                holds_assets=bool(held),
            )
            value -= hits * loss
        return value

    def open_market_gain(self, seat: int) -> float:
        """The best purchase ``seat`` can still make on its turn now: while it is choosing
        its actions on a market, with the actions and cash it has left (one action may
        first take out savings or sell an asset it may already sell)."""
        d = self.decision
        turn = self.turn
        if d is None or d.kind != "turn" or turn.seat != seat or not turn.market:
            return 0.0
        offer = self.on_offer(turn.market)
        p = self.players[seat]
        assets = self.content.asset
        sellable = [
            assets[a].market
            for a, turn_from in p.assets.items()
            if turn_from <= p.turns and self.bank_buys(assets[a].kind)
        ]
        raise_ = max(self.withdrawable(seat), max(sellable, default=0))
        return float(market_gain(offer, turn.actions_left, self.cash(seat), raise_))

    def withdrawable(self, seat: int) -> int:
        """What one action takes out of savings: all of it, up to the largest amount bots
        move at once (``amount_steps``)."""
        return min(self.savings(seat), max(self.options.amount_steps))

    def turns_left(self, seat: int) -> int | None:
        """How many more turns ``seat``'s pawn is likely to take (None: until it completes
        the board): none once it is out or done; during the final turns, those still
        offered to it; before, the turns the pawn furthest ahead is expected to need to
        complete the board, and the final turns after them."""
        p = self.players[seat]
        if p.out or p.done:
            return 0
        if self.phase != "race":
            return sum(1 for step in self.agenda if step[:2] == ("final_offer", seat))
        lead = max(q.position for q in self.players if not q.out)
        if p.position >= lead:
            return None
        final = 0 if self.options.final_turns_grant == "never" else self.options.final_turns
        return round(turns_to_finish(self.content.last, lead)) + final

    def on_offer(self, kind: str, holder: int | None = None) -> tuple[tuple[int, int], ...]:
        """The (price, gain) of each asset of ``kind`` the bank holds (every kind for "any",
        or where any Asset box opens every market: the ``asset_market`` option), and those
        ``holder`` holds: it can sell them back first."""
        any_kind = kind == "any" or self.options.asset_market != "box_kind"
        owners = self.owners
        return tuple(
            (a.purchase, a.market - a.purchase)
            for a in self.content.assets
            if (any_kind or a.kind == kind) and owners.get(a.id, holder) == holder
        )

    def circumstance_value(self, seat: int, face: int) -> float:
        """What Circumstance ``face`` would add to the seat's money today (negative: take),
        following ``Boxes.circumstance``; insurance held is counted as used against it."""
        o = self.options
        p = self.players[seat]
        insured = p.insurance > 0
        cash, savings = self.cash(seat), self.savings(seat)
        if face == 1:
            return 0.0 if insured else -float(o.major_expense)
        if face == 2:
            if cash + savings <= 0:
                return 0.0
            eligible = self.forced_sale_assets(seat)
            if eligible:
                if insured:
                    return 0.0
                assets = self.content.asset
                return -float(min(assets[a].market - assets[a].distress for a in eligible))
            if insured and o.insurance_covers_cash_loss:
                return 0.0
            return -(cash + savings) * o.forced_sale_loss_pct / 100
        if face == 3:
            if savings >= o.habits_savings_min:
                return float(o.habits_reward)
            return -float(o.habits_penalty)
        if face == 4:
            owner = self.owns_for_ownership_pays(seat)
            return float(o.ownership_reward if owner else -o.ownership_penalty)
        if face == 5:
            if insured or savings > 0:
                return 0.0
            return -cash * o.wahala_loss_pct / 100
        return float(o.business_grant if self.owns_company(seat) else -o.business_penalty)

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
            # Last, so that the ids of the actions above stay as they were.
            *figures.small_saves,
            *figures.small_withdraws,
        )

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        return len(DIE)

    @classmethod
    def max_game_length(cls, options: RuleOptions, players: int) -> int:
        return 20_000

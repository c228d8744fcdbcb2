"""The Rut to Riches game state: the topics joined, which actions answer which decision,
the candidates, the actions shared by several decisions (take it or let it go), views and
metrics."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from moneyboard.engine import Action, GameState, Message, RuleOptions, msg
from moneyboard.engine.messages import load_catalogue
from moneyboard.engine.offers import ACCEPT, DECLINE, Propose
from moneyboard.games.rut_to_riches.actions import (
    ACTION_TYPES,
    BORROWS,
    BUY,
    COMMISSIONS,
    DEALS,
    ENTER,
    PAYDAY_CLAIM,
    PAYOFF_LINES,
    PAYOFFS,
    PAYOFFS_ALL,
    REJOIN,
    REPAYS,
    RETIRE,
    ROLL,
    SELL,
    SELL_CARD,
    SHARE_BUYS,
    SHARE_SELLS,
    Borrow,
    Buy,
    BuyShares,
    ChooseDream,
    Deal,
    Pass,
    PayOff,
    PayOffAll,
    Record,
    Rejoin,
    Repay,
    Roll,
    SellShares,
)
from moneyboard.games.rut_to_riches.audit import Audit
from moneyboard.games.rut_to_riches.base import CONTENT, OPPORTUNITIES
from moneyboard.games.rut_to_riches.circle import Circle
from moneyboard.games.rut_to_riches.content import SQUARE_NAMES
from moneyboard.games.rut_to_riches.expenses import EXPENSES, Expenses
from moneyboard.games.rut_to_riches.loans import Loans
from moneyboard.games.rut_to_riches.market import MarketForces
from moneyboard.games.rut_to_riches.money import round_up_100
from moneyboard.games.rut_to_riches.opportunities import Opportunities, projected_income
from moneyboard.games.rut_to_riches.options import RutOptions
from moneyboard.games.rut_to_riches.shares import ShareMarket
from moneyboard.games.rut_to_riches.turns import Turns

#: Passive income a dollar put down on a deal brings at least: the lowest yield (cash flow
#: every Pay Day over the deposit paid once) of the Opportunity cards. Money in hand is
#: counted at this yield, below what most deals give: a deal must still come up and be
#: bought, while passive income already held counts in full.
DEAL_YIELD = min(
    card.cashflow / card.deposit
    for card in OPPORTUNITIES.values()
    if card.deposit > 0 and card.cashflow > 0
)

METRIC_KEYS = (
    "cash",
    "savings",
    "debt",
    "assets",
    "income",
    "wellbeing",
    "score",
    "passive",
    "active",
    "expenses",
    "net_worth",
    "retired",
    "inner",
    "loan_room",
)
#: The debts a family card lists, in the order of its pay-off buttons (the overdraft last).
OWED_LINES = ("credit_card", "car", "education", "home", "business", "bank")
#: What a Pass may let go: any card that can be on the table, or a mentor's offer.
PASSABLE = (
    *OPPORTUNITIES,
    *CONTENT.forces,
    *CONTENT.expenses,
    "mentor",
)
#: Action types that :meth:`RutState.candidates` lists only when they are legal: their
#: checks pass for every value the candidates hold (a test pins this).
LISTED_WHEN_LEGAL: frozenset[type[Action]] = frozenset(
    {Roll, Rejoin, Borrow, PayOff, PayOffAll, Repay, Deal, ChooseDream, Pass, Record}
)


class RutState(Turns, Loans, Opportunities, ShareMarket, MarketForces, Expenses, Circle, Audit):
    """A game of Rut to Riches."""

    game_id = "rut-to-riches"
    #: Rut to Riches counts in dollars.
    currency = ("$", "")
    #: The score sheet's figures are money too (passive and active income, expenses...).
    money_metrics = GameState.money_metrics | {
        "passive",
        "active",
        "expenses",
        "net_worth",
        "loan_room",
    }
    action_types = ACTION_TYPES
    listed_when_legal = LISTED_WHEN_LEGAL
    answers: ClassVar[dict[str, frozenset[str]]] = {
        "dream": frozenset({"choose_dream"}),
        "turn": frozenset(
            {"roll", "retire", "rejoin", "borrow", "pay_off", "pay_off_all", "repay"}
        ),
        "deal": frozenset({"deal"}),
        "opportunity": frozenset({"buy", "pass", "propose"}),
        "shares": frozenset({"buy_shares", "sell_shares", "pass"}),
        "market": frozenset({"sell", "pass"}),
        "expense": frozenset({"buy", "pass"}),
        "mentor": frozenset({"enter_circle", "pass"}),
        "books": frozenset({"record"}),
    }
    automations: ClassVar[dict[str, str]] = {
        "payday": "Pay Day is collected on reaching the square; when it must be declared, "
        "a player claims it before the next player rolls, or it is lost with its "
        "Expenses card (R7)",
    }
    #: The game's words: every card, job and dream by its title, and each kind of square by
    #: the rulebook's name where a player's ``square_kind`` shows it ("Pay Day").
    catalogue = (
        GameState.catalogue.merged(load_catalogue("moneyboard.games.rut_to_riches"))
        .with_words(CONTENT.words())
        .with_words({f"square_kind={kind}": name for kind, name in SQUARE_NAMES.items()})
    )
    options: RutOptions

    # ----- candidates ------------------------------------------------------------------------
    def candidates(self, seat: int) -> Sequence[Action]:
        """The actions worth checking for ``seat`` now (amounts from the ladders)."""
        d = self.decision
        if d is None or seat not in d.seats:
            return ()
        kind = d.kind
        if kind == "turn":
            return self.turn_candidates(seat)
        if kind == "dream":
            return [ChooseDream(dream) for dream in self.c.dream_ids]
        if kind == "deal":
            return [DEALS[deck] for deck in self.deal_decks(seat)]
        if kind == "opportunity":
            return [BUY, self.pass_now(), *self.offer_choices(seat)]
        if kind == "shares":  # lots of shares the family can pay for, cash and loans counted
            buys = self.amount_ladder(seat, SHARE_BUYS[0], "count")
            return [self.pass_now(), *buys, *SHARE_SELLS]
        if kind == "market":
            return [SELL, self.pass_now()]
        if kind == "expense":
            return [BUY, self.pass_now()]
        if kind == "mentor":
            return [ENTER, self.pass_now()]
        if kind == "books":
            return self.record_choices(seat)
        if kind == "offer":
            return [ACCEPT, DECLINE]
        return ()

    def turn_candidates(self, seat: int) -> list[Action]:
        """Roll; retire or rejoin; loans and pay-offs on the ladders the ranges allow."""
        p = self.players[seat]
        out: list[Action] = [ROLL, REJOIN if p.retired else RETIRE]
        out += self.borrow_choices(seat)
        out += self.payoff_choices(seat)
        return out

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        """The amounts allowed now: loans, pay-offs, share lots and commissions."""
        if isinstance(action, Borrow):
            return self.borrow_range(seat)
        if isinstance(action, PayOff):
            return self.payoff_range(seat, action.line)
        if isinstance(action, Repay):
            return self.repay_range(seat)
        if isinstance(action, BuyShares):
            return self.share_count_range(seat)
        if isinstance(action, Propose):
            return self.commission_range()
        return None

    # ----- take it or let it go: answers shared by several decisions ------------------------
    def check_buy(self, seat: int, a: Buy) -> Message | None:
        d = self.decision
        assert d is not None and self.table is not None
        if d.kind == "opportunity":
            return self.opportunity_problem(seat, OPPORTUNITIES[self.table["card"]])
        return self.expense_problem(seat)

    def do_buy(self, seat: int, a: Buy) -> None:
        assert self.asked is not None
        if self.asked.kind == "opportunity":
            self.buy_opportunity(seat)
        else:
            self.accept_expense(seat)

    def action_label(self, action: Action, chosen_later: str | None = None) -> str:
        """The action in the game's words; a purchase ("Buy it", "Accept the offer") also
        says what it costs now and, when cash falls short, what the bank lends for it (R5):
        "Buy it: $2,000 (borrows $1,900 from the bank)". The bank lends the shortfall by
        itself, so the button must say so before it is pressed."""
        if isinstance(action, Roll) and self.options.dice > 1:
            return self.catalogue.template("label.roll_dice") or "Roll the dice"
        if isinstance(action, SellShares):  # its part is a number: 1 sells all, 2 half
            part = self.catalogue.word(str(action.part), "part")
            template = self.catalogue.template("label.sell_shares") or "{part}"
            return template.replace("{part}", part)
        label = super().action_label(action, chosen_later)
        words = self.purchase_words(action, label)
        return label if words is None else self.explain(words)

    def purchase_words(self, action: Action, label: str) -> Message | None:
        """What ``action`` buys now, in words built on its ``label``: the price and any
        overdraft it takes (a card on the table, a tempting Expenses card, a card offered
        by another player with its commission), or a debt it adds; None for anything else."""
        d, t = self.decision, self.table
        if d is None or t is None:
            return None
        if action == BUY and d.kind == "opportunity":
            seat, card = t["holder"], OPPORTUNITIES[t["card"]]
            price, projected = card.price_to_buy, projected_income(card)
        elif action == BUY and d.kind == "expense":
            seat, bill = t["holder"], EXPENSES[t["card"]]
            if bill.kind == "debt":
                return msg(
                    "priced.debt",
                    label=label,
                    amount=bill.amount,
                    line=bill.line,
                    payment=bill.payment,
                )
            if bill.kind != "pay":
                return None
            price, projected = bill.amount, 0
        elif action == ACCEPT and d.kind == "offer" and self.status.offer is not None:
            offer = self.status.offer
            seat, card = offer.to, OPPORTUNITIES[offer.item]
            price, projected = offer.price + card.price_to_buy, projected_income(card)
        else:
            return None
        if price <= 0:
            return None
        short = price - self.cash(seat)
        if short > 0 and self.can_raise(seat, price, projected):
            return msg("priced.borrows", label=label, price=price, loan=round_up_100(short))
        return msg("priced.cost", label=label, price=price)

    def action_cost(self, seat: int, action: Action) -> int | None:
        """The cash a payment takes: paying a whole odd balance off (its button names no
        amount), or the amount paid off a debt or the overdraft."""
        if isinstance(action, PayOffAll):
            return self.players[seat].debt[action.line]
        if isinstance(action, PayOff | Repay):
            return action.amount
        return None

    def pass_now(self) -> Pass:
        """The Pass that answers the decision asked now: it names what is let go."""
        d = self.decision
        if d is not None and d.kind == "mentor":
            return Pass("mentor")
        return Pass(self.table["card"] if self.table else "")

    def check_pass(self, seat: int, a: Pass) -> Message | None:
        now = self.pass_now()
        if a != now:
            return msg("why.rut.pass_what", what=a.what, now=now.what)
        return None

    def do_pass(self, seat: int, a: Pass) -> None:
        assert self.asked is not None
        kind = self.asked.kind
        if kind == "opportunity":
            self.pass_opportunity(seat)
        elif kind == "shares":
            self.pass_shares(seat)
        elif kind == "market":
            self.pass_market(seat)
        elif kind == "expense":
            self.decline_expense(seat)
        else:
            self.decline_mentor(seat)

    # ----- pace ------------------------------------------------------------------------------
    def period_minutes(self) -> float | None:
        """The class period (option ``minutes_limit``); then the driver calls time."""
        limit = self.options.minutes_limit
        return float(limit) if limit is not None else None

    def time_limit(self) -> float | None:
        """The facilitator's decision time limit (option ``decision_seconds``)."""
        limit = self.options.decision_seconds
        return float(limit) if limit is not None else None

    def fallback_action(self, seat: int) -> Action | None:
        """The do-nothing answer when a decision's time runs out: pass, no deal, roll (R26)."""
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        if "pass" in self.answers[d.kind]:
            return self.pass_now()
        if d.kind == "deal":
            return DEALS["none"]
        if d.kind == "turn":
            return ROLL
        if d.kind == "offer":
            return DECLINE
        legal = self.legal_actions(seat)
        return legal[0] if legal else None

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        """The largest draw: a full deck, the Job cards or a die."""
        return max(6, len(CONTENT.job_ids), *(len(deck) for deck in CONTENT.decks.values()))

    # ----- views -------------------------------------------------------------------------------
    def player_view(self, seat: int, true_totals: bool) -> dict[str, Any]:
        """A player's token and sheets; the totals the learner wrote in bookkeeping mode."""
        p = self.players[seat]
        square = self.square(p)
        out: dict[str, Any] = {
            "seat": seat,
            "name": self.seats[seat].name,
            "job": self.c.jobs[p.job].title,
            "dream": p.dream,
            "circle": p.circle,
            "square": p.position,
            "square_kind": square.kind,
            "active_income": p.active,
            "pending_move": p.pending,
            "retired": p.retired,
            "bankrupt": p.bankrupt,
            "lost_turns": p.lost_turns,
            "out": p.out,
            "turns": p.turns,
            "score_sheet": p.score_sheet(),
            "debts": self.debts_owed(seat),
        }
        written = self.options.auditor and not true_totals
        cash, income, expenses, payday = (p.entered if written else None) or self.totals(seat)
        out["cash_sheet"] = {
            "cash": cash,
            "total_income": income,
            "total_expenses": expenses,
            "payday": payday,
            "written": written,
        }
        if not written:
            out["net_worth"] = p.net_worth(cash)
            out["progress"] = round(p.progress(), 4)
        if self.options.auditor:
            out["auditor"] = self.auditor_of(seat)
        return out

    def debts_owed(self, seat: int) -> list[str]:
        """Each debt ``seat`` still owes, in words with its amount ("Credit card debt: $3,000"), for
        the family card: a learner choosing how much to pay off sees what is owed."""
        p = self.players[seat]
        owed = [(line, p.debt[line]) for line in OWED_LINES]
        owed.append(("mortgages", p.mortgages()))
        return [self.explain(msg(f"owed.{line}", amount=amount)) for line, amount in owed if amount]

    def table_view(self, seat: int | None, everything: bool = False) -> dict[str, Any] | None:
        """The card on the table; a card for one player's eyes (a tip) only in their view
        (and in the full view, ``everything``)."""
        t = self.table
        if t is None:
            return None
        card = t["card"]
        c = self.c
        if card in c.opportunities:
            if not (c.opportunities[card].open_to_all or everything or seat == t["holder"]):
                return {"holder": t["holder"], "hidden": True}
            data = c.opportunities[card].model_dump(mode="json")
        elif card in c.forces:
            data = c.forces[card].model_dump(mode="json")
        else:
            data = c.expenses[card].model_dump(mode="json")
        return {"holder": t["holder"], "card": data}

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see (``None``: the projector): the board, sheets and the table."""
        return {
            **self.kernel_view(seat),
            "round": self.round,
            "turn_limit": self.options.turn_limit,
            "current": self.current,
            "first": self.first,
            "players": [self.player_view(s, False) for s in range(len(self.players))],
            "table": self.table_view(seat),
            "decks": {k: len(v) for k, v in sorted(self.decks.items())},
        }

    def private_view(self, seat: int) -> dict[str, Any]:
        """What only ``seat`` sees: its actions, and the card on the table when it alone may
        read it (an opportunity not open to all, held by ``seat``)."""
        part = {"you": seat, **self.seat_actions(seat)}
        table = self.table_view(seat)
        if table != self.table_view(None):
            part["table"] = table
        return part

    def hidden_view(self) -> dict[str, Any]:
        """The true totals, what each player wrote, the card on the table in full and the
        piles in their order."""
        return {
            "players": [self.player_view(s, True) for s in range(len(self.players))],
            "table": self.table_view(None, everything=True),
            "written": [list(p.entered) if p.entered else None for p in self.players],
            "entries": [len(p.entries) for p in self.players],
            "piles": {k: d.to_json() for k, d in sorted(self.decks.items())},
        }

    def metrics(self, seat: int) -> dict[str, float]:
        """A seat's standing in the common terms (bots, charts, reports)."""
        if seat >= len(self.players):  # Job cards are still being dealt
            return dict.fromkeys(METRIC_KEYS, 0.0)
        p = self.players[seat]
        cash = self.cash(seat)
        return {
            "cash": float(cash),
            "savings": 0.0,
            "debt": float(p.debts() + p.mortgages()),
            "assets": float(p.asset_value()),
            "income": float(p.payday),
            "wellbeing": 0.0,
            "score": 0.0 if p.out else p.progress(),
            "passive": float(p.passive),
            "active": float(p.active),
            "expenses": float(p.expenses),
            "net_worth": float(p.net_worth(cash)),
            "retired": float(p.retired),
            "inner": float(p.circle == "inner"),
            "loan_room": float(self.loan_room(seat)),
        }

    def outlook(self, seat: int) -> float:
        """How far out of the Rut the player would finish (the score: passive income over
        expenses, as ``scores``), counting its buying power at what it will bring: cash, loan
        room and the Pay Days of the turns left, put down on deals at the cards' lowest
        yield (:data:`DEAL_YIELD`), less as the turns run out. A retired player adds how far
        it is towards the passive-income goal that wins outright."""
        if self.result is not None or seat >= len(self.players):
            return super().outlook(seat)
        p = self.players[seat]
        if p.out:
            return 0.0
        limit = self.options.turn_limit
        turns_left = 0 if limit is None else max(0, limit - self.round)
        buying_power = self.cash(seat) + self.loan_room(seat) + p.payday * turns_left
        # Fewer turns left, fewer deals to put the money down on: at the end it brings nothing.
        time_left = 0.0 if limit is None else turns_left / limit
        passive = p.passive + DEAL_YIELD * buying_power * time_left
        goal = p.passive / self.options.passive_goal if p.retired else 0.0
        return passive / max(p.expenses, 1) + goal

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        """Every action random play and RL can take, the amounts on their ladders (the
        Auditor's free-form ``record`` is left out: play with the Auditor off for RL)."""
        resellable = [card.id for card in OPPORTUNITIES.values() if card.resellable]
        offers = [
            Propose(to, SELL_CARD, card, c)
            for card in resellable
            for to in range(players)
            for c in COMMISSIONS
        ]
        return (
            *(ChooseDream(d) for d in CONTENT.dream_ids),
            ROLL,
            RETIRE,
            REJOIN,
            *BORROWS,
            *REPAYS,
            *(a for line in PAYOFF_LINES for a in PAYOFFS[line]),
            *PAYOFFS_ALL.values(),
            *DEALS.values(),
            BUY,
            *(Pass(what) for what in PASSABLE),
            *offers,
            ACCEPT,
            DECLINE,
            *SHARE_BUYS,
            *SHARE_SELLS,
            SELL,
            ENTER,
            PAYDAY_CLAIM,
        )

"""The Rut to Riches game state: decisions, the action rules (check/do), views and metrics."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

from moneyboard.engine import Action, GameState, Message, RuleOptions, msg
from moneyboard.engine.messages import load_catalogue
from moneyboard.engine.state import Check
from moneyboard.games.rut_to_riches.actions import (
    ACTION_TYPES,
    BORROW_LADDER,
    BORROWS,
    BUY,
    CLAIM,
    COMMISSIONS,
    DEALS,
    ENTER,
    PASS,
    PAYOFF_LINES,
    PAYOFF_PARTS,
    PAYOFFS,
    REJOIN,
    RETIRE,
    ROLL,
    SELL,
    SHARE_BUYS,
    SHARE_SELLS,
    Borrow,
    Buy,
    BuyShares,
    ChooseDream,
    ClaimPayDay,
    Deal,
    EnterCircle,
    Offer,
    Pass,
    PayOff,
    Record,
    Rejoin,
    Retire,
    Roll,
    Sell,
    SellShares,
)
from moneyboard.games.rut_to_riches.audit import Audit
from moneyboard.games.rut_to_riches.circle import DEALS_IN_CIRCLE, DEALS_IN_RUT, Circle
from moneyboard.games.rut_to_riches.content import content
from moneyboard.games.rut_to_riches.core import (
    ACCOUNTS,
    DIE,
    OPPORTUNITIES,
    SHARE_SYMBOLS,
    SHARE_TERMS,
)
from moneyboard.games.rut_to_riches.deals import BUY_TERMS, Deals
from moneyboard.games.rut_to_riches.options import RutOptions

MONEY = frozenset({"borrow", "pay_off"})
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
MAX_FIGURE = 10**12
OFFERS = {(to, c): Offer(to, c) for to in range(6) for c in COMMISSIONS}
#: The offers to one buyer, one per commission.
OFFER_ROWS = tuple(tuple(OFFERS[to, c] for c in COMMISSIONS) for to in range(6))
#: Cards that may be offered to another player.
RESELLABLE = frozenset(card.id for card in OPPORTUNITIES.values() if card.resellable)
BUY_OR_PASS = (BUY, PASS)
#: Per number of players and seat: the candidates at a resellable card nobody was offered.
OPPORTUNITY_CHOICES = tuple(
    tuple(
        (BUY, PASS, *(o for to in range(n) if to != seat for o in OFFER_ROWS[to]))
        for seat in range(n)
    )
    for n in range(7)
)
#: Per debt line: every pay-off (when cash covers it all), and the half and the quarter.
PAYOFF_ALL = {line: tuple(PAYOFFS[line, part] for part in PAYOFF_PARTS) for line in PAYOFF_LINES}
PAYOFF_HALVES = {line: (PAYOFFS[line, 2], PAYOFFS[line, 4]) for line in PAYOFF_LINES}
PAYOFF_QUARTER = {line: PAYOFFS[line, 4] for line in PAYOFF_LINES}
#: The first ``k`` loans of the ladder, for each ``k`` (made once, not sliced per turn).
BORROW_UP_TO = tuple(BORROWS[:k] for k in range(len(BORROWS) + 1))
#: The debt lines after the bank's overdraft, in the order their pay-offs are listed.
LOAN_LINES = tuple(line for line in PAYOFF_LINES if line != "bank")
assert PAYOFF_LINES[0] == "bank"
DREAM_CHOICES = {d: ChooseDream(d) for d in content().dream_ids}
DREAM_ACTIONS = tuple(DREAM_CHOICES.values())
SHARE_CHOICES = (PASS, *SHARE_BUYS, *SHARE_SELLS)
DEALS_RUT = tuple(DEALS[d] for d in DEALS_IN_RUT)
DEALS_INNER = tuple(DEALS[d] for d in DEALS_IN_CIRCLE)
#: Decisions answered by taking what is offered (each its own way) or passing.
TAKE_OR_PASS = {
    "market": (SELL, PASS),
    "payday": (CLAIM, PASS),
    "mentor": (ENTER, PASS),
    "expense": BUY_OR_PASS,
    "resale": BUY_OR_PASS,
}
#: Action types that candidates() lists only when they are legal: their checks either
#: always pass or test exactly what candidates() tests before listing them.
LISTED_WHEN_LEGAL: frozenset[type[Action]] = frozenset(
    {Roll, Rejoin, Borrow, PayOff, Deal, ChooseDream, Pass, Sell, ClaimPayDay}
)


class RutState(Deals, Circle, Audit):
    """A game of Rut to Riches (an :class:`AuditedRutState` when the Auditor is on)."""

    def __new__(cls, *args: Any, **kwargs: Any) -> RutState:
        audited = cls is RutState and bool(args) and getattr(args[0], "auditor", False)
        state: RutState = super().__new__(AuditedRutState if audited else cls)
        return state

    game_id = "rut-to-riches"
    action_types = ACTION_TYPES
    listed_when_legal = LISTED_WHEN_LEGAL
    answers: ClassVar[dict[str, frozenset[str]]] = {
        "dream": frozenset({"choose_dream"}),
        "turn": frozenset({"roll", "retire", "rejoin"}) | MONEY,
        "deal": frozenset({"deal"}),
        "opportunity": frozenset({"buy", "pass", "offer"}),
        "resale": frozenset({"buy", "pass"}),
        "shares": frozenset({"buy_shares", "sell_shares", "pass"}),
        "market": frozenset({"sell", "pass"}),
        "expense": frozenset({"buy", "pass"}),
        "mentor": frozenset({"enter_circle", "pass"}),
        "payday": frozenset({"claim_payday", "pass"}),
        "books": frozenset({"record"}),
    }
    catalogue = GameState.catalogue.merged(load_catalogue("moneyboard.games.rut_to_riches"))
    options: RutOptions

    # ----- candidates ------------------------------------------------------------------------
    def _sample(
        self, seat: int, checks: Mapping[type[Action], Check | None], rng: Random
    ) -> Action | None:
        """As the kernel's, with a short way for turns (over half of all decisions).

        The kernel draws a candidate at random; if its check refuses it, the candidate is
        replaced by the last one and the draw is made again over the others. A turn's
        candidates are all listed only when legal (:data:`LISTED_WHEN_LEGAL`) except Retire,
        so the first draw stands unless it is a Retire that its check refuses.
        """
        d = self.decision
        if d is not None and d.kind == "turn" and seat in d.seats:
            pool = self.turn_candidates(seat)
            i = int(rng.random() * len(pool))
            action = pool[i]
            if action is RETIRE and self.check_retire(seat, RETIRE) is not None:
                pool[i] = pool[-1]
                pool.pop()  # never empty: Roll is always there
                action = pool[int(rng.random() * len(pool))]
            return action
        return GameState._sample(self, seat, checks, rng)

    def candidates(self, seat: int) -> Sequence[Action]:
        """The actions worth checking for ``seat`` now: a shared tuple where they never vary."""
        d = self.decision
        if d is None or seat not in d.seats:
            return ()
        kind = d.kind
        if kind == "turn":
            return self.turn_candidates(seat)
        if kind == "opportunity":
            t = self.table
            assert t is not None
            if t["card"] not in RESELLABLE:
                return BUY_OR_PASS
            offered = t["offered"]
            if not offered:
                return OPPORTUNITY_CHOICES[self.n][seat]
            out = [BUY, PASS]
            for to in range(self.n):
                if to != seat and to not in offered:
                    out += OFFER_ROWS[to]
            return out
        if kind == "shares":
            return SHARE_CHOICES
        if kind == "deal":
            return DEALS_INNER if self.players[seat].circle == "inner" else DEALS_RUT
        pair = TAKE_OR_PASS.get(kind)
        if pair is not None:
            return pair
        if kind == "dream":
            return DREAM_ACTIONS
        if kind == "books":
            cash, income, expenses, payday = self.totals(seat)
            return (
                Record(cash, income, expenses, payday),
                Record(cash + 100, income, expenses, payday),
                Record(cash, income, expenses + 100, payday),
            )
        return ()

    def turn_candidates(self, seat: int) -> list[Action]:
        """Roll; retire or rejoin; loans within the limit and the pay-offs cash covers.

        The loans and pay-offs are exactly those that :meth:`check_borrow` and
        :meth:`check_pay_off` allow at a turn decision (see :data:`LISTED_WHEN_LEGAL`).
        """
        p = self.players[seat]
        if p.retired:
            out = [ROLL, REJOIN]
        elif p.passive > p.salary + p.part_time:
            out = [ROLL, RETIRE]
        else:
            out = [ROLL]
        room = self.loan_room(seat)
        if room >= BORROW_LADDER[0]:
            out += BORROW_UP_TO[bisect_right(BORROW_LADDER, room)]
        debt = p.debt
        cash = self.ledger.balances[ACCOUNTS[seat]]
        # A part of a debt is paid with ceil(balance / part) dollars: at most ``cash``
        # exactly when balance <= part * cash. The overdraft's parts are rounded up to
        # $100, so for it only whole hundreds of cash count.
        balance = debt["bank"]
        if balance:
            hundreds = cash // 100 * 100
            if balance <= cash:
                out += PAYOFF_ALL["bank"]
            elif balance <= 2 * hundreds:
                out += PAYOFF_HALVES["bank"]
            elif balance <= 4 * hundreds:
                out.append(PAYOFF_QUARTER["bank"])
        cash2, cash4 = 2 * cash, 4 * cash
        for line in LOAN_LINES:  # most are nothing or over four times the cash: tested first
            balance = debt[line]
            if balance and balance <= cash4:
                if balance <= cash:
                    out += PAYOFF_ALL[line]
                elif balance <= cash2:
                    out += PAYOFF_HALVES[line]
                else:
                    out.append(PAYOFF_QUARTER[line])
        return out

    def table_projection(self) -> int:
        t = self.table
        if t is None:
            return 0
        d = self.decision
        if d is None or d.kind not in {"opportunity", "resale"}:
            return 0
        return BUY_TERMS[t["card"]][1]

    def period_minutes(self) -> float | None:
        """The class period (option ``minutes_limit``); then the driver calls time."""
        limit = self.options.minutes_limit
        return float(limit) if limit is not None else None

    def time_limit(self) -> float | None:
        """The facilitator's decision time limit (option ``decision_seconds``)."""
        limit = self.options.decision_seconds
        return float(limit) if limit is not None else None

    def fallback_action(self, seat: int) -> Action | None:
        """The do-nothing answer played when a decision's time runs out: pass, no deal, or roll."""
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        if "pass" in self.answers[d.kind]:
            return PASS
        if d.kind == "deal":
            return DEALS["none"]
        legal = self.legal_actions(seat)
        return legal[0] if legal else None

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        """The largest draw: a full deck, the Job cards or a die."""
        c = content()
        return max(6, len(c.job_ids), *(len(deck) for deck in c.decks.values()))

    # ----- checks and effects ------------------------------------------------------------------
    def check_choose_dream(self, seat: int, a: ChooseDream) -> Message | None:
        if a.dream not in self.c.dream_ids:
            return msg("why.rut.no_such_dream", dream=a.dream)
        return None

    def do_choose_dream(self, seat: int, a: ChooseDream) -> None:
        self.players[seat].dream = a.dream
        self.note("rut.dream", {"seat": seat, "dream": a.dream})
        self.waiting.remove(seat)
        if self.waiting:
            self.ask(tuple(self.waiting), "dream", dreams=list(self.c.dream_ids))
        else:
            self.decision = None

    def check_roll(self, seat: int, a: Roll) -> Message | None:
        return None

    def do_roll(self, seat: int, a: Roll) -> None:
        """Roll the dice for a move (the rolls and the move follow in ``step_rolled``)."""
        self.decision = None
        self.draw("die", DIE, ("rolled", seat, self.hot.dice, 0))

    def check_retire(self, seat: int, a: Retire) -> Message | None:
        p = self.players[seat]
        if p.retired:
            return msg("why.rut.already_retired")
        if p.passive <= p.active:
            return msg("why.rut.passive_too_low", passive=p.passive, active=p.active)
        fee = self.retire_fee(seat)
        if not self.can_raise(seat, fee):
            return msg("why.rut.cannot_afford", amount=fee)
        return None

    def do_retire(self, seat: int, a: Retire) -> None:
        self.retire(seat)

    def check_rejoin(self, seat: int, a: Rejoin) -> Message | None:
        return None if self.players[seat].retired else msg("why.rut.not_retired")

    def do_rejoin(self, seat: int, a: Rejoin) -> None:
        self.rejoin(seat)

    def check_borrow(self, seat: int, a: Borrow) -> Message | None:
        if a.amount <= 0 or a.amount % 100:
            return msg("why.rut.loan_multiple", amount=a.amount)
        if self.players[seat].bankrupt:
            return msg("why.rut.bankrupt_no_loans")
        room = self.loan_room(seat, self.table_projection())
        if a.amount > room:
            return msg("why.rut.loan_limit", amount=a.amount, room=room)
        return None

    def do_borrow(self, seat: int, a: Borrow) -> None:
        self.borrow(seat, a.amount)

    def check_pay_off(self, seat: int, a: PayOff) -> Message | None:
        if a.line not in PAYOFF_LINES or a.part not in PAYOFF_PARTS:
            return msg("why.rut.not_elective", line=a.line)
        balance = self.players[seat].debt[a.line]
        if not balance:
            return msg("why.rut.no_debt", line=a.line)
        amount = balance if a.part == 1 else self.payoff_amount(seat, a.line, a.part)
        if amount > self.cash(seat):
            return msg("why.rut.cannot_afford", amount=amount)
        return None

    def do_pay_off(self, seat: int, a: PayOff) -> None:
        self.pay_off(seat, a.line, self.payoff_amount(seat, a.line, a.part))

    def check_deal(self, seat: int, a: Deal) -> Message | None:
        if a.deck not in self.deal_decks(seat):
            return msg("why.rut.no_such_deck", deck=a.deck)
        return None

    def do_deal(self, seat: int, a: Deal) -> None:
        self.choose_deal(seat, a.deck)

    def check_buy(self, seat: int, a: Buy) -> Message | None:
        d = self.decision
        assert d is not None and self.table is not None
        kind = d.kind
        card = OPPORTUNITIES[self.table["card"]] if kind in {"opportunity", "resale"} else None
        if card is not None and kind == "opportunity":
            key = self.opportunity_problem(seat, card)
        elif card is not None:
            key = self.opportunity_problem(seat, card, self.table["offer"][1])
        else:
            key = self.expense_problem(seat)
        return msg(key) if key else None

    def do_buy(self, seat: int, a: Buy) -> None:
        d = self.decision
        assert d is not None
        if d.kind == "opportunity":
            self.buy_opportunity(seat)
        elif d.kind == "resale":
            self.accept_resale(seat)
        else:
            self.accept_expense(seat)

    def check_pass(self, seat: int, a: Pass) -> Message | None:
        return None

    def do_pass(self, seat: int, a: Pass) -> None:
        d = self.decision
        assert d is not None
        k = d.kind
        if k == "opportunity":
            self.pass_opportunity(seat)
        elif k == "resale":
            self.decline_resale(seat)
        elif k in {"shares", "market"}:
            self.note("rut.no_action", {"seat": seat})
            self.answered(seat)
        elif k == "payday":
            self.note("rut.payday_forfeited", {"seat": seat, "amount": self.players[seat].payday})
            self.decision = None
        else:
            self.note("rut.declined_" + k, {"seat": seat})
            self.close_table()

    def check_offer(self, seat: int, a: Offer) -> Message | None:
        t = self.table
        assert t is not None
        if t["card"] not in RESELLABLE:
            return msg("why.rut.not_resellable")
        if not 0 <= a.to < self.n or a.to == seat or self.players[a.to].out:
            return msg("why.rut.no_such_buyer", to=a.to)
        if a.to in t["offered"]:
            return msg("why.rut.already_offered", to=a.to)
        if a.commission not in COMMISSIONS:
            return msg("why.rut.bad_commission", commission=a.commission)
        return None

    def do_offer(self, seat: int, a: Offer) -> None:
        self.offer_card(seat, a.to, a.commission)

    def check_buy_shares(self, seat: int, a: BuyShares) -> Message | None:
        t = self.table
        assert t is not None
        price, dividend = SHARE_TERMS[t["card"]]
        count = a.count
        if count <= 0 or count % 10:
            return msg("why.rut.share_lot", count=count)
        if not self.can_raise(seat, price * count, dividend * count):
            return msg("why.rut.cannot_afford", amount=price * count)
        return None

    def do_buy_shares(self, seat: int, a: BuyShares) -> None:
        self.buy_shares(seat, a.count)

    def check_sell_shares(self, seat: int, a: SellShares) -> Message | None:
        t = self.table
        assert t is not None
        symbol = SHARE_SYMBOLS[t["card"]]
        lot = self.players[seat].shares.get(symbol)
        if lot is None or a.part not in (1, 2) or lot.count // a.part == 0:
            return msg("why.rut.no_shares", symbol=symbol)
        return None

    def do_sell_shares(self, seat: int, a: SellShares) -> None:
        self.sell_shares(seat, a.part)

    def check_sell(self, seat: int, a: Sell) -> Message | None:
        return None

    def do_sell(self, seat: int, a: Sell) -> None:
        self.sell_to_market(seat)

    def check_enter_circle(self, seat: int, a: EnterCircle) -> Message | None:
        fee = self.mentor_fee(seat)
        return None if self.can_raise(seat, fee) else msg("why.rut.cannot_afford", amount=fee)

    def do_enter_circle(self, seat: int, a: EnterCircle) -> None:
        self.decision = None
        self.enter_circle(seat)

    def check_claim_payday(self, seat: int, a: ClaimPayDay) -> Message | None:
        return None

    def do_claim_payday(self, seat: int, a: ClaimPayDay) -> None:
        self.decision = None
        self.collect(seat)

    def check_record(self, seat: int, a: Record) -> Message | None:
        if any(abs(x) > MAX_FIGURE for x in (a.cash, a.income, a.expenses, a.payday)):
            return msg("why.rut.figure_too_large")
        return None

    def do_record(self, seat: int, a: Record) -> None:
        self.record(seat, (a.cash, a.income, a.expenses, a.payday))

    # ----- views -------------------------------------------------------------------------------
    def player_view(self, seat: int, true_totals: bool) -> dict[str, Any]:
        p = self.players[seat]
        square = self.track(p)[p.position]
        out: dict[str, Any] = {
            "seat": seat,
            "name": self.seats[seat].name,
            "job": self.c.jobs[p.job].title,
            "dream": p.dream,
            "circle": p.circle,
            "square": p.position,
            "square_kind": square.kind,
            "pending_move": p.pending,
            "retired": p.retired,
            "bankrupt": p.bankrupt,
            "lost_turns": p.lost_turns,
            "out": p.out,
            "turns": p.turns,
            "score_sheet": p.score_sheet(),
        }
        if self.options.auditor and not true_totals:
            cash, income, expenses, payday = p.entered or self.totals(seat)
            out["cash_sheet"] = {
                "cash": cash,
                "total_income": income,
                "total_expenses": expenses,
                "payday": payday,
                "written": True,
            }
        else:
            cash, income, expenses, payday = self.totals(seat)
            out["cash_sheet"] = {
                "cash": cash,
                "total_income": income,
                "total_expenses": expenses,
                "payday": payday,
                "written": False,
            }
            out["net_worth"] = p.net_worth(cash)
            out["progress"] = round(p.progress(), 4)
        return out

    def table_view(self) -> dict[str, Any] | None:
        t = self.table
        if t is None:
            return None
        card = t["card"]
        c = self.c
        data: dict[str, Any]
        if card in c.opportunities:
            data = c.opportunities[card].model_dump(mode="json")
        elif card in c.forces:
            data = c.forces[card].model_dump(mode="json")
        else:
            data = c.expenses[card].model_dump(mode="json")
        return {"holder": t["holder"], "offer": t.get("offer"), "card": data}

    def view(self, seat: int | None) -> dict[str, Any]:
        out = {
            **self.kernel_view(),
            "round": self.round,
            "turn_limit": self.options.turn_limit,
            "current": self.current,
            "first": self.first,
            "players": [self.player_view(s, False) for s in range(len(self.players))],
            "table": self.table_view(),
            "decks": {k: len(v) for k, v in sorted(self.piles.items())},
        }
        if seat is not None:
            out["you"] = seat
        return out

    def full_view(self) -> dict[str, Any]:
        return {
            **self.view(None),
            "players": [self.player_view(s, True) for s in range(len(self.players))],
            "written": [list(p.entered) if p.entered else None for p in self.players],
            "entries": [len(p.entries) for p in self.players],
            "piles": {k: sorted(v) for k, v in sorted(self.piles.items())},
            "discards": {k: list(v) for k, v in sorted(self.discards.items())},
            "waiting": list(self.waiting),
            "balances": dict(sorted(self.ledger.balances.items())),
        }

    def metrics(self, seat: int) -> dict[str, float]:
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

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        """Every action except the Auditor's free-form ``record`` (play the Auditor off for RL)."""
        return (
            *DREAM_CHOICES.values(),
            ROLL,
            RETIRE,
            REJOIN,
            *BORROWS,
            *PAYOFFS.values(),
            *DEALS.values(),
            BUY,
            PASS,
            *[OFFERS[to, c] for to in range(players) for c in COMMISSIONS],
            *SHARE_BUYS,
            *SHARE_SELLS,
            SELL,
            ENTER,
            CLAIM,
        )


class AuditedRutState(RutState):
    """Rut to Riches with the Auditor on (R27): the books come before every other decision.

    Before anyone is asked anything, every player whose totals changed since they last
    wrote them writes them; then the decision is asked. A class of its own, so that games
    without the Auditor pay nothing for the check.
    """

    def ask(self, seats: int | tuple[int, ...], kind: str, /, **data: Any) -> None:
        if kind != "books" and self.books():
            self.agenda.append(("ask_again", seats, kind, data))
            return
        GameState.ask(self, seats, kind, **data)

    def step_ask_again(self, seats: int | tuple[int, ...], kind: str, data: dict[str, Any]) -> None:
        self.ask(seats, kind, **data)

    def do_borrow(self, seat: int, a: Borrow) -> None:
        super().do_borrow(seat, a)
        self.books_before_going_on()

    def do_pay_off(self, seat: int, a: PayOff) -> None:
        super().do_pay_off(seat, a)
        self.books_before_going_on()

    def books_before_going_on(self) -> None:
        """After a money move that leaves the decision open, write the change down first."""
        d = self.decision
        if d is not None:
            self.decision = None
            self.ask(d.seats, d.kind, **d.data)

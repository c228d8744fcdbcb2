"""A player's Score Sheet (assets, liabilities, income and expense lines) and token.

Income and expense lines are figures, not money: only cash is money and it lives in the
ledger. Everything here is plain Python so that states copy and pickle cheaply.
"""

from __future__ import annotations

from typing import Any

from moneyboard.games.rut_to_riches.content import Job, Opportunity
from moneyboard.games.rut_to_riches.money import payment_still_owed

#: Expense lines of the Score Sheet, in the order shown.
EXPENSE_LINES = (
    "taxes",
    "part_time_taxes",
    "home",
    "car",
    "credit_card",
    "education",
    "general",
    "childcare",
    "insurance",
    "business",
    "bank",
)
#: Debts that may be paid off, with the expense line each one carries.
DEBT_LINES = ("bank", "credit_card", "car", "education", "home", "business")
#: Debts whose payment a pay-off pro-rates (R11): all but the overdraft, whose payment is
#: always the interest rate on what is still owed.
PRO_RATED_LINES = ("credit_card", "car", "education", "home", "business")


class Holding:
    """An asset on the Score Sheet: a property, a business or a venture."""

    __slots__ = ("boost", "card", "cashflow", "cost", "deposit", "mortgage", "tags", "title")

    def __init__(self, card: Opportunity):
        self.card = card.id
        self.title = card.title
        self.tags = card.tags
        self.cost = card.cost
        self.deposit = card.deposit
        self.mortgage = card.cost - card.deposit
        self.cashflow = card.cashflow
        #: Extra income that lasts only while the holder is in the Inner Circle.
        self.boost = 0

    def to_json(self) -> dict[str, Any]:
        """The holding as JSON for the views."""
        return {
            "card": self.card,
            "title": self.title,
            "cost": self.cost,
            "deposit": self.deposit,
            "mortgage": self.mortgage,
            "cashflow": self.cashflow,
            "inner_boost": self.boost,
        }


class Shares:
    """Shares of one company: how many, the monthly dividend they carry, and what they cost."""

    __slots__ = ("cost", "count", "dividend")

    def __init__(self) -> None:
        self.count = 0
        self.dividend = 0
        self.cost = 0

    def to_json(self) -> dict[str, int]:
        """The lot as JSON for the views."""
        return {"count": self.count, "dividend": self.dividend, "cost": self.cost}


class Player:
    """One player's sheets and token (cash is in the ledger as ``cash:<seat>``)."""

    __slots__ = (
        "audit_base",
        "bankrupt",
        "cards",
        "children",
        "circle",
        "debt",
        "dream",
        "entered",
        "entries",
        "entries_made",
        "exp",
        "expenses",
        "holdings",
        "immunities",
        "job",
        "lost_turns",
        "mentors",
        "out",
        "part_time",
        "passive",
        "pending",
        "position",
        "retired",
        "salary",
        "shares",
        "terms",
        "turns",
    )

    def __init__(self, job: Job):
        self.job = job.id
        self.salary = job.salary
        self.part_time = 0
        self.children = 0
        #: Expense lines: read freely, but written only through :meth:`set_expense`.
        self.exp: dict[str, int] = dict.fromkeys(EXPENSE_LINES, 0)
        self.exp.update(
            taxes=job.taxes,
            home=job.home_payment,
            car=job.car_payment,
            credit_card=job.credit_card_payment,
            education=job.education_payment,
            general=job.general,
        )
        #: Total expenses, the sum of :attr:`exp`: read at every decision, so kept up to date
        #: by :meth:`set_expense` rather than summed on each read.
        self.expenses = sum(self.exp.values())
        self.debt: dict[str, int] = dict.fromkeys(DEBT_LINES, 0)
        self.debt.update(
            home=job.home_loan,
            car=job.car_loan,
            credit_card=job.credit_card_debt,
            education=job.education_loan,
        )
        #: Each pro-rated debt's terms: the debt and monthly payment when it was last taken
        #: on or changed other than by a pay-off. A pay-off works the payment out from them
        #: (:meth:`repay`); :meth:`set_expense` writes them.
        self.terms: dict[str, tuple[int, int]] = {
            line: (self.debt[line], self.exp[line]) for line in PRO_RATED_LINES
        }
        self.holdings: list[Holding] = []
        self.shares: dict[str, Shares] = {}
        #: Passive income: the holdings' cash flow (with boosts) and the shares' dividends.
        #: Read at every decision, so kept up to date by :meth:`recount_passive` rather
        #: than summed on each read.
        self.passive = 0
        #: Cards in hand: (deck, card id). Assets stay on the sheet even if cards go back.
        self.cards: list[tuple[str, str]] = []
        self.immunities: set[str] = set()
        self.dream = ""
        self.position = 0
        self.circle = "rut"
        #: "enter" or "exit" when the token changes track on the player's next turn.
        self.pending = ""
        self.retired = False
        self.lost_turns = 0
        self.bankrupt = False
        self.out = False
        self.turns = 0
        self.mentors = 0
        #: Auditor mode: the totals the learner last wrote, and the history since the audit.
        self.entered: tuple[int, int, int, int] | None = None
        self.audit_base: tuple[tuple[int, int, int, int], tuple[int, int, int, int]] | None = None
        self.entries: list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]] = []
        self.entries_made = 0

    def last_written(self) -> tuple[int, int, int, int] | None:
        """The true totals when the player last wrote them (or was audited); bookkeeping
        mode asks again once they change."""
        if self.entries:
            return self.entries[-1][0]
        return self.audit_base[0] if self.audit_base else None

    # ----- figures ------------------------------------------------------------------------
    @property
    def active(self) -> int:
        """Active income: salary and part-time income."""
        return self.salary + self.part_time

    def recount_passive(self) -> None:
        """Sum :attr:`passive` again: call after any change to the holdings or the shares
        (an asset or lot added or removed, a cash flow, boost or dividend changed)."""
        total = 0
        for h in self.holdings:
            total += h.cashflow + h.boost
        for s in self.shares.values():
            total += s.dividend
        self.passive = total

    @property
    def income(self) -> int:
        """Total income: active plus passive."""
        return self.active + self.passive

    def set_expense(self, line: str, amount: int) -> None:
        """Write an expense line, keeping :attr:`expenses` (their total) up to date.

        On a pro-rated debt's line (write the debt first) this also writes its terms: a new
        debt added, a debt halved, a payment cut by a mentor all set the debt and payment
        that later pay-offs are pro-rated against (R11)."""
        exp = self.exp
        self.expenses += amount - exp[line]
        exp[line] = amount
        if line in self.terms:
            self.terms[line] = (self.debt[line], amount)

    def repay(self, line: str, paid: int, figure: bool = False) -> int:
        """Pay ``paid`` off a pro-rated debt: its payment becomes the share of its terms
        still owed (R11), whatever parts earlier pay-offs came in; ``figure``: the payment
        itself is rounded up (R37). Returns how much the monthly payment fell."""
        balance, payment = self.terms[line]
        left = self.debt[line] - paid
        self.debt[line] = left
        now = payment_still_owed(balance, payment, left, figure)
        cut = self.exp[line] - now
        self.expenses -= cut
        self.exp[line] = now
        return cut

    @property
    def payday(self) -> int:
        """Pay Day: total income less total expenses."""
        return self.salary + self.part_time + self.passive - self.expenses

    def debts(self) -> int:
        """Everything owed except mortgages."""
        return sum(self.debt.values())

    def mortgages(self) -> int:
        """What the properties and businesses still owe."""
        return sum(h.mortgage for h in self.holdings)

    def asset_value(self) -> int:
        """What the assets and shares cost."""
        return sum(h.cost for h in self.holdings) + sum(s.cost for s in self.shares.values())

    def net_worth(self, cash: int) -> int:
        """Cash plus asset equity (cost less mortgage, shares at cost) less debts."""
        equity = sum(h.cost - h.mortgage for h in self.holdings)
        return cash + equity + sum(s.cost for s in self.shares.values()) - self.debts()

    def progress(self) -> float:
        """How far out of the Rut: passive income as a share of total expenses."""
        return self.passive / max(self.expenses, 1)

    def has_tag(self, tag: str) -> bool:
        """Whether any asset carries ``tag``."""
        for h in self.holdings:  # noqa: SIM110 - no generator to make (every market card asks)
            if tag in h.tags:
                return True
        return False

    def score_sheet(self) -> dict[str, Any]:
        """The Score Sheet as JSON for the views."""
        return {
            "job": self.job,
            "income": {"salary": self.salary, "part_time": self.part_time, "passive": self.passive},
            "expenses": dict(self.exp),
            "liabilities": {**self.debt, "mortgages": self.mortgages()},
            "assets": [h.to_json() for h in self.holdings],
            "shares": {k: v.to_json() for k, v in sorted(self.shares.items())},
            "children": self.children,
            "cards": [c for _, c in self.cards],
            "immunities": sorted(self.immunities),
        }

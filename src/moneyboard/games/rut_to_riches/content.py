"""Rut to Riches content (board, Job cards, Dreams, decks), validated on load.

The rulebook prints no cards, so the project authors them in ``data/*.toml``. Each file is
checked against a pydantic model here; a bad file is a :class:`ContentError` naming the
file and the field.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Mapping
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.options import describe_validation_error

PACKAGE = "moneyboard.games.rut_to_riches"

#: Decks whose cards go back into play when they run out, without asking anyone for cards.
SIMPLE_DECKS = ("market", "expenses", "shares")
#: Decks rebuilt, when they run out, from the cards players hold (privilege cards excepted).
SURRENDER_DECKS = ("real_estate", "personal", "venture", "advice")
DECKS = SIMPLE_DECKS + SURRENDER_DECKS


class ContentError(MoneyboardError):
    """A content file that does not load or does not validate."""


class Model(BaseModel):
    """Base of the content models: frozen, and unknown fields are refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Job(Model):
    """A Job card: the "hand" a player is dealt, copied to the Score Sheet at set-up."""

    id: str
    title: str
    salary: int = Field(gt=0)
    savings: int = Field(ge=0)
    taxes: int = Field(ge=0)
    home_payment: int = Field(ge=0)
    car_payment: int = Field(ge=0)
    credit_card_payment: int = Field(ge=0)
    education_payment: int = Field(ge=0)
    general: int = Field(ge=0)
    childcare_per_child: int = Field(ge=0)
    home_loan: int = Field(ge=0)
    car_loan: int = Field(ge=0)
    credit_card_debt: int = Field(ge=0)
    education_loan: int = Field(ge=0)

    @model_validator(mode="after")
    def _loans_have_payments(self) -> Job:
        for loan, pay in (
            (self.home_loan, self.home_payment),
            (self.car_loan, self.car_payment),
            (self.credit_card_debt, self.credit_card_payment),
            (self.education_loan, self.education_payment),
        ):
            if (loan == 0) != (pay == 0):
                raise ValueError("a loan and its payment must both be zero or both positive")
        return self


class Dream(Model):
    """A Dream on the Inner Circle that a player puts their chip on."""

    id: str
    name: str
    text: str


SquareKind = Literal[
    "payday",
    "deal",
    "personal",
    "expenses",
    "mentor",
    "payday_deal",
    "payday_advice",
    "dream",
    "lose_mentor",
]
RUT_KINDS = {"payday", "deal", "personal", "expenses", "mentor"}
INNER_KINDS = {"payday_deal", "payday_advice", "dream", "lose_mentor"}
#: Each kind of square by the rulebook's name for it, as a learner reads where a token is.
SQUARE_NAMES: dict[str, str] = {
    "payday": "Pay Day",
    "deal": "Choose A Deal",
    "personal": "Personal",
    "expenses": "Expenses",
    "mentor": "Find A Mentor",
    "payday_deal": "Pay Day + Choose A Deal",
    "payday_advice": "Pay Day + Mentor Advice",
    "dream": "Beside a Dream",
    "lose_mentor": "Lose Your Mentor",
}


class Square(Model):
    """A board square: its kind, and a fee, arrow or Dream where it has one."""

    kind: SquareKind
    #: Find A Mentor: the fee to enter, and the Inner Circle square its arrow points to.
    fee: int = Field(default=0, ge=0)
    arrow: int | None = None
    #: Dream squares: the Dream this square stands beside.
    dream: str | None = None

    @property
    def payday(self) -> bool:
        """Whether a token reaching this square collects Pay Day."""
        return self.kind in ("payday", "payday_deal", "payday_advice")


class Board(Model):
    """The two tracks: the Rut outside, the Inner Circle inside."""

    rut: tuple[Square, ...] = Field(min_length=12)
    inner: tuple[Square, ...] = Field(min_length=8)

    @model_validator(mode="after")
    def _consistent(self) -> Board:
        for i, sq in enumerate(self.rut):
            if sq.kind not in RUT_KINDS:
                raise ValueError(f"rut square {i}: {sq.kind} belongs in the Inner Circle")
            if sq.kind == "mentor" and (sq.arrow is None or not 0 <= sq.arrow < len(self.inner)):
                raise ValueError(f"rut square {i}: Find A Mentor needs an arrow into the circle")
        for i, sq in enumerate(self.inner):
            if sq.kind not in INNER_KINDS:
                raise ValueError(f"inner square {i}: {sq.kind} belongs on the Rut")
            if sq.kind == "lose_mentor" and (sq.arrow is None or not 0 <= sq.arrow < len(self.rut)):
                raise ValueError(f"inner square {i}: Lose Your Mentor needs an arrow to the Rut")
            if sq.kind == "dream" and sq.dream is None:
                raise ValueError(f"inner square {i}: a Dream square names its Dream")
        if self.rut[0].kind != "payday":
            raise ValueError("the Rut starts on a Pay Day square")
        if not any(sq.kind == "mentor" for sq in self.rut):
            raise ValueError("the Rut needs a Find A Mentor square")
        return self


OppKind = Literal[
    "property",
    "business",
    "anyway",
    "part_time",
    "training",
    "insurance",
    "price",
    "split",
    "reverse_split",
    "bankrupt",
]


class Opportunity(Model):
    """An Opportunity card (Real Estate, Share Market, Personal) or an Inner Circle Venture."""

    id: str
    deck: Literal["real_estate", "shares", "personal", "venture"]
    kind: OppKind
    title: str
    text: str
    cost: int = Field(default=0, ge=0)
    deposit: int = Field(default=0, ge=0)
    cashflow: int = 0
    inner_bonus: int = Field(default=0, ge=0)
    tags: tuple[str, ...] = ()
    resellable: bool = False
    symbol: str = ""
    price: int = Field(default=0, ge=0)
    dividend: int = Field(default=0, ge=0)
    open_to_all: bool = True
    income: int = Field(default=0, ge=0)
    tax: int = Field(default=0, ge=0)
    premium: int = Field(default=0, ge=0)
    immunities: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Opportunity:
        share = self.kind in ("price", "split", "reverse_split", "bankrupt")
        if share != (self.deck == "shares"):
            raise ValueError("share kinds belong in the shares deck and only there")
        if share and not self.symbol:
            raise ValueError("a share card names its symbol")
        if self.kind == "price" and self.price <= 0:
            raise ValueError("a share price card needs a price")
        if self.deposit > self.cost:
            raise ValueError("the deposit cannot exceed the cost")
        if self.kind in ("property", "business", "anyway") and self.cost <= 0:
            raise ValueError("an asset card needs a cost")
        if self.kind == "insurance" and not self.immunities:
            raise ValueError("an insurance card names what it protects against")
        return self

    @property
    def price_to_buy(self) -> int:
        """Cash needed to take the card: the deposit for assets, else the cost."""
        return self.deposit if self.kind in ("property", "business", "anyway") else self.cost

    @property
    def privileged(self) -> bool:
        """Kept by its holder when the deck is rebuilt (AnyWay, insurance and immunities)."""
        return self.kind in ("anyway", "insurance")


class MarketForce(Model):
    """A Market Forces card: the world acting on assets, the current player or everyone."""

    id: str
    kind: Literal["offer", "cash", "cashflow", "debt", "none"]
    title: str
    text: str
    scope: Literal["current", "all"] = "current"
    tag: str = ""
    amount: int = 0
    per_asset: bool = False
    payment: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> MarketForce:
        if self.kind in ("offer", "cashflow") and not self.tag:
            raise ValueError(f"a {self.kind} card names the asset tag it acts on")
        if self.kind == "offer" and self.amount <= 0:
            raise ValueError("an offer needs a positive price")
        if self.kind == "debt" and (self.amount <= 0 or self.payment <= 0):
            raise ValueError("a debt card needs an amount and a payment")
        return self


class Expense(Model):
    """An Expenses card: spending, often unnecessary, sometimes unexpected."""

    id: str
    kind: Literal["pay", "debt", "child", "downsize"]
    title: str
    text: str
    amount: int = Field(default=0, ge=0)
    line: Literal["", "car", "credit_card"] = ""
    payment: int = Field(default=0, ge=0)
    optional: bool = False
    tag: str = ""
    turns: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _consistent(self) -> Expense:
        if self.kind == "pay" and self.amount <= 0:
            raise ValueError("a pay card needs an amount")
        if self.kind == "debt" and (not self.line or self.amount <= 0 or self.payment <= 0):
            raise ValueError("a debt card needs a line, an amount and a payment")
        return self


class Advice(Model):
    """A Mentor Advice card, drawn on the Inner Circle's Pay Day + Mentor Advice squares."""

    id: str
    kind: Literal["cash", "cut", "boost", "immunity"]
    title: str
    text: str
    amount: int = 0
    line: Literal["", "general", "taxes", "credit_card", "car", "insurance"] = ""
    percent: int = Field(default=0, ge=0, le=100)
    tag: str = ""
    immunities: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _consistent(self) -> Advice:
        if self.kind == "cut" and (not self.line or self.percent <= 0):
            raise ValueError("a cut card names a line and a percentage")
        if self.kind == "boost" and (not self.tag or self.amount <= 0):
            raise ValueError("a boost card names a business tag and an amount")
        if self.kind == "immunity" and not self.immunities:
            raise ValueError("an immunity card names what it protects against")
        return self


class Content:
    """All validated content, with cards indexed by id and decks as tuples of ids."""

    def __init__(  # noqa: PLR0917 - one argument per content file
        self,
        board: Board,
        jobs: tuple[Job, ...],
        dreams: tuple[Dream, ...],
        opportunities: tuple[Opportunity, ...],
        forces: tuple[MarketForce, ...],
        expenses: tuple[Expense, ...],
        advice: tuple[Advice, ...],
    ):
        self.board = board
        self.jobs = {j.id: j for j in jobs}
        self.job_ids = tuple(j.id for j in jobs)
        self.dreams = dreams
        self.dream_ids = tuple(d.id for d in dreams)
        self.opportunities = {o.id: o for o in opportunities}
        self.forces = {m.id: m for m in forces}
        self.expenses = {e.id: e for e in expenses}
        self.advice = {a.id: a for a in advice}
        decks: dict[str, list[str]] = {d: [] for d in DECKS}
        for o in opportunities:
            decks[o.deck].append(o.id)
        decks["market"] = [m.id for m in forces]
        decks["expenses"] = [e.id for e in expenses]
        decks["advice"] = [a.id for a in advice]
        self.decks = {k: tuple(v) for k, v in decks.items()}
        self.mentor_squares = tuple(i for i, sq in enumerate(board.rut) if sq.kind == "mentor")
        self._check()

    def words(self) -> dict[str, str]:
        """Every card, job and dream by its title, for the words a learner reads."""
        return {
            **{j.id: j.title for j in self.jobs.values()},
            **{d.id: d.name for d in self.dreams},
            **{o.id: o.title for o in self.opportunities.values()},
            **{m.id: m.title for m in self.forces.values()},
            **{e.id: e.title for e in self.expenses.values()},
            **{a.id: a.title for a in self.advice.values()},
        }

    def _check(self) -> None:
        for label, ids in (
            ("job", self.job_ids),
            ("dream", self.dream_ids),
            ("card", [*self.opportunities, *self.forces, *self.expenses, *self.advice]),
        ):
            dupes = sorted({i for i in ids if list(ids).count(i) > 1})
            if dupes:
                raise ContentError(f"duplicate {label} ids: {', '.join(dupes)}")
        for i, sq in enumerate(self.board.inner):
            if sq.dream is not None and sq.dream not in self.dream_ids:
                raise ContentError(f"inner square {i} names unknown dream {sq.dream!r}")
        missing = [d for d in self.dream_ids if not any(sq.dream == d for sq in self.board.inner)]
        if missing:
            raise ContentError(f"dreams without a square: {', '.join(missing)}")
        for deck, ids in self.decks.items():
            if not ids:
                raise ContentError(f"the {deck} deck is empty")

    def card_title(self, card: str) -> str:
        """The title of any card, by id (the id itself if there is no such card)."""
        for table in (self.opportunities, self.forces, self.expenses, self.advice):
            if card in table:
                return str(table[card].title)
        return card


FILES = {
    "board": "board.toml",
    "jobs": "jobs.toml",
    "dreams": "dreams.toml",
    "opportunities": "opportunities.toml",
    "forces": "market_forces.toml",
    "expenses": "expenses.toml",
    "advice": "mentor_advice.toml",
}


class _Reader:
    """Reads content files from the package, or from texts given in their place (tests, tools)."""

    def __init__(self, texts: Mapping[str, str]):
        self.texts = texts

    def table(self, name: str) -> dict[str, Any]:
        """One content file as a TOML table."""
        try:
            text = self.texts.get(name)
            if text is None:
                folder = resources.files(PACKAGE).joinpath("data")
                text = folder.joinpath(name).read_text(encoding="utf-8")
            return tomllib.loads(text)
        except (OSError, tomllib.TOMLDecodeError) as exc:
            raise ContentError(f"content file {name} does not load: {exc}") from None

    def many(self, name: str, key: str, model: type[Model]) -> tuple[Any, ...]:
        """The ``[[key]]`` tables of a file, each validated as ``model``."""
        rows = self.table(name).get(key)
        if not isinstance(rows, list):
            raise ContentError(f"content file {name} needs a list of [[{key}]] tables")
        out = []
        for i, row in enumerate(rows):
            try:
                out.append(model.model_validate(row))
            except ValidationError as exc:
                where = f"{name} {key} #{i + 1}"
                raise ContentError(f"{where}: {describe_validation_error(exc, 'field')}") from None
        return tuple(out)


def build_content(texts: Mapping[str, str] | None = None) -> Content:
    """Load and validate every content file; ``texts`` replaces files by name (e.g. a test's)."""
    r = _Reader(texts or {})
    try:
        board = Board.model_validate(r.table(FILES["board"]))
    except ValidationError as exc:
        raise ContentError(f"{FILES['board']}: {describe_validation_error(exc, 'field')}") from None
    return Content(
        board,
        r.many(FILES["jobs"], "job", Job),
        r.many(FILES["dreams"], "dream", Dream),
        r.many(FILES["opportunities"], "card", Opportunity),
        r.many(FILES["forces"], "card", MarketForce),
        r.many(FILES["expenses"], "card", Expense),
        r.many(FILES["advice"], "card", Advice),
    )


@functools.cache
def content() -> Content:
    """The shipped content, loaded once per process."""
    return build_content()

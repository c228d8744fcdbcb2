"""FinanCity's cards, loaded from the TOML files in ``data/`` and validated.

The rulebook prints no card lists, so these are authored for its economy (incomes about
$1,000 a year, $600 loans, a 300-wellbeing goal). A broken file gives a clear error naming
the file's field.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_validation_error

#: Each kind of investment or shopping card as a sentence names it, article included ("an
#: Education card", "a Service"): the article depends on the word, so it is written here
#: rather than put before a kind in a template.
KIND_NAMES = {
    "business": "a Business card",
    "education": "an Education card",
    "product": "a Product",
    "service": "a Service",
    "activity": "an Activity",
}


class Card(BaseModel):
    """Fields every named card has: an id for records, a name and a text for learners."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    text: str = Field(min_length=1)


class Home(Card):
    """A home card: the household's yearly income and expenses."""

    income: int = Field(ge=0, le=5000)
    expenses: int = Field(ge=0, le=5000)


class SavingsCard(BaseModel):
    """A savings card of the bank: its value and the yield it pays in each Income zone."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    value: int = Field(ge=100, multiple_of=100)
    yield_: int = Field(ge=0, alias="yield")


class Investment(Card):
    """An investment card (Zone 6): paid once, then income every later year."""

    kind: Literal["business", "education"]
    cost: int = Field(ge=1, le=10000)
    income: int = Field(ge=0, le=2000)
    wellbeing: int = Field(default=0, ge=0, le=300)


class Shopping(Card):
    """A shopping card (Zone 7): wellbeing at purchase, maybe every year, and an expense change."""

    kind: Literal["product", "service", "activity"]
    cost: int = Field(ge=1, le=10000)
    wellbeing: int = Field(ge=0, le=300)
    every_year: bool = False
    expenses: int = Field(default=0, ge=-1000, le=1000)


class UnforeseenEvent(Card):
    """An Unforeseen Event card (Zone 10): applies to every player who is not protected."""

    money: int = Field(default=0, ge=-5000, le=5000)
    wellbeing: int = Field(default=0, ge=-300, le=300)
    next_year_income: int = Field(default=0, ge=-2000, le=2000)

    @property
    def harmful(self) -> bool:
        """Whether the card takes anything away (the insured would want to be spared)."""
        return self.money < 0 or self.wellbeing < 0 or self.next_year_income < 0


class Content(BaseModel):
    """All of FinanCity's authored content, cross-checked on load."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    homes: tuple[Home, ...] = Field(min_length=6)
    savings: tuple[SavingsCard, ...] = Field(min_length=1)
    investments: tuple[Investment, ...] = Field(min_length=14)
    shopping: tuple[Shopping, ...] = Field(min_length=20)
    events: tuple[UnforeseenEvent, ...] = Field(min_length=16)

    @model_validator(mode="after")
    def _cross_check(self) -> Content:
        groups: dict[str, tuple[Card, ...]] = {
            "home": self.homes,
            "investment": self.investments,
            "shopping": self.shopping,
            "event": self.events,
        }
        for what, cards in groups.items():
            ids = [c.id for c in cards]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {what} id(s): {', '.join(dupes)}")
        values = [s.value for s in self.savings]
        if values != sorted(set(values)) or values[0] != 100:
            raise ValueError("savings card values must be distinct, in rising order, from 100")
        kinds = {c.kind for c in self.investments}
        if kinds != {"business", "education"}:
            raise ValueError("the investment deck needs Business and Education cards")
        if {c.kind for c in self.shopping} != {"product", "service", "activity"}:
            raise ValueError("the shopping deck needs Product, Service and Activity cards")
        return self

    @functools.cached_property
    def home(self) -> dict[str, Home]:
        return {h.id: h for h in self.homes}

    @functools.cached_property
    def investment(self) -> dict[str, Investment]:
        return {c.id: c for c in self.investments}

    @functools.cached_property
    def shop(self) -> dict[str, Shopping]:
        return {c.id: c for c in self.shopping}

    @functools.cached_property
    def event(self) -> dict[str, UnforeseenEvent]:
        return {c.id: c for c in self.events}

    @functools.cached_property
    def savings_yield(self) -> dict[int, int]:
        return {s.value: s.yield_ for s in self.savings}

    @functools.cached_property
    def denominations(self) -> tuple[int, ...]:
        """Savings card values, largest first (deposits are made into the fewest cards)."""
        return tuple(sorted((s.value for s in self.savings), reverse=True))


FILES = ("homes.toml", "savings.toml", "investments.toml", "shopping.toml", "events.toml")


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionsError(f"content file {name} is not valid TOML: {exc}") from None


def parse_content(files: dict[str, dict[str, Any]]) -> Content:
    """Build :class:`Content` from the parsed TOML files (keyed by file name)."""
    data = {
        "homes": files["homes.toml"].get("home", []),
        "savings": files["savings.toml"].get("card", []),
        "investments": files["investments.toml"].get("card", []),
        "shopping": files["shopping.toml"].get("card", []),
        "events": files["events.toml"].get("card", []),
    }
    try:
        return Content.model_validate(data)
    except ValidationError as exc:
        detail = describe_validation_error(exc, "field")
        raise OptionsError(f"FinanCity content: {detail}") from None


@functools.cache
def load_content() -> Content:
    """The shipped content (parsed once per process)."""
    return parse_content({name: _read(name) for name in FILES})

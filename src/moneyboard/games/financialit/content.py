"""FinanciaLit's cards and board, loaded from the TOML files in ``data/`` and validated.

Content is data so that a trainer or designer can read and change it; a broken file gives
a clear error naming the file and the field.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_validation_error


class Card(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)


#: What an Event or Income Modifier card may need of a family before it touches it.
Need = Literal["children", "employer"]


class Family(Card):
    text: str
    income: int = Field(ge=0, le=30)
    units: int = Field(ge=0)
    happiness: int = Field(ge=0)
    goods: int = Field(ge=0, le=10)
    bills: int = Field(ge=0)
    children: int = Field(default=0, ge=0, le=10)
    employer: bool = True
    """Whether someone in the family works for an employer (and so can be laid off)."""
    special: str
    upkeep_bonus: int = 0
    skill_cost_delta: int = 0
    family_aid_bonus: int = 0
    ignores_income_modifiers: bool = False
    can_seek_employment: bool = True
    event_cost_delta: int = 0
    luxury_happiness_bonus: int = 0


class IncomeCard(Card):
    text: str
    value: int = Field(ge=-10, le=10)
    count: int = Field(ge=0)
    needs: tuple[Need, ...] = ()
    """What a family must have for the card to apply (a school trip needs children)."""


class InsuranceCard(Card):
    text: str
    bills: int = Field(ge=0)


class EventCard(Card):
    text: str
    units: int
    happiness: int
    covered_by: str | None = None
    count: int = Field(ge=0)
    needs: tuple[Need, ...] = ()
    """What a family must have to be hit (a lay-off needs a job with an employer)."""
    needs_item: tuple[str, ...] = ()
    """Luxury Items of which a family must hold one to be hit (a breakdown needs a vehicle)."""


class Luxury(Card):
    cost: int = Field(ge=0)
    happiness: int = Field(ge=0)
    upkeep: int = Field(ge=0)
    count: int = Field(default=1, ge=1, le=5)
    """Copies in the deck (a family still never holds two of the same item)."""
    experience: bool = False
    """An experience (a dinner, a holiday) is used up at the end of the period it is bought in."""


class Investment(Card):
    text: str
    cost: int = Field(ge=1)
    slots: int = Field(ge=1, le=9)
    returns: tuple[int, ...] = Field(min_length=1, max_length=12)
    """Equally likely payouts when the card matures: one value is a sure return, a spread a risk."""
    happiness: int = Field(ge=0)
    count: int = Field(ge=1)

    @property
    def risky(self) -> bool:
        """Whether the payout is left to chance."""
        return len(set(self.returns)) > 1


class LabourCard(Card):
    income: int = Field(ge=0)
    count: int = Field(ge=1)


class Location(Card):
    slots: tuple[int, ...] = Field(min_length=1)

    def usable(self, players: int) -> int:
        """How many slots a game of ``players`` may use."""
        return sum(1 for s in self.slots if s <= players)


#: The sets of Family cards, by the name the rule option ``family_cards`` gives them, and the
#: file each is read from. "first" is the set games were played with until record version 4;
#: "second" was retuned for the rulebook's count of cards at the end (RULINGS, "Content
#: balance"). A record does not hold the cards, so a set once shipped is never changed: a
#: retuning is a new set, and the option's former default keeps old records on the old one.
FAMILY_CARDS: dict[str, str] = {"first": "families.toml", "second": "families_second.toml"}
#: The names a rule option may give a set of Family cards.
FamilyCards = Literal["first", "second"]
#: The set new games deal (the option's default).
NEWEST_FAMILY_CARDS: FamilyCards = "second"


class Content(BaseModel):
    """All of FinanciaLit's authored content, cross-checked on load."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    family_sets: dict[str, tuple[Family, ...]]
    """Every set of Family cards by its name (:data:`FAMILY_CARDS`); the sets hold the same
    families, in the same order and by the same names, and differ in their figures."""
    income_cards: tuple[IncomeCard, ...]
    basic_insurance: InsuranceCard
    clauses: tuple[InsuranceCard, ...]
    events: tuple[EventCard, ...]
    luxuries: tuple[Luxury, ...]
    short_investments: tuple[Investment, ...]
    long_investments: tuple[Investment, ...]
    skills: tuple[LabourCard, ...]
    careers: tuple[LabourCard, ...]
    locations: tuple[Location, ...]
    pawns_per_family: int = Field(ge=1, le=6)
    income_track_max: int = Field(ge=10)

    @functools.cached_property
    def families(self) -> tuple[Family, ...]:
        """The Family cards new games deal; a game's own are in its ``Figures.families``
        (the set its ``family_cards`` option names, with the trainer's changes)."""
        return self.family_sets[NEWEST_FAMILY_CARDS]

    @model_validator(mode="after")
    def _cross_check(self) -> Content:
        if set(self.family_sets) != set(FAMILY_CARDS):
            raise ValueError(f"the sets of Family cards must be {sorted(FAMILY_CARDS)}")
        first = [(f.id, f.name) for f in self.family_sets["first"]]
        for name, family_set in self.family_sets.items():
            if [(f.id, f.name) for f in family_set] != first:
                raise ValueError(
                    f"the {name!r} Family cards ({FAMILY_CARDS[name]}) must be the families of"
                    f" {FAMILY_CARDS['first']}, in its order and by its names"
                )
        groups: dict[str, tuple[Card, ...]] = {
            "family": self.families,
            "income card": self.income_cards,
            "clause": (self.basic_insurance, *self.clauses),
            "event": self.events,
            "luxury": self.luxuries,
            "investment": (*self.short_investments, *self.long_investments),
            "skill": self.skills,
            "career": self.careers,
            "location": self.locations,
        }
        for what, cards in groups.items():
            ids = [c.id for c in cards]
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {what} id(s): {', '.join(dupes)}")
        covers = {self.basic_insurance.id, *(c.id for c in self.clauses)}
        items = {x.id for x in self.luxuries}
        for e in self.events:
            if e.covered_by is not None and e.covered_by not in covers:
                raise ValueError(f"event {e.id!r} is covered by unknown insurance {e.covered_by!r}")
            unknown = sorted(set(e.needs_item) - items)
            if unknown:
                raise ValueError(f"event {e.id!r} needs unknown Luxury Item(s) {unknown}")
        for x in (*self.short_investments, *self.long_investments):
            if min(x.returns) < 0:
                raise ValueError(f"investment {x.id!r} has a negative return")
        wanted = {"pay_bills", "market", "insurance", "investments", "labour"}
        if {loc.id for loc in self.locations} != wanted:
            raise ValueError(f"the board must have exactly the locations {sorted(wanted)}")
        return self

    # Lookups used by the rules (built once per content object).
    @functools.cached_property
    def family(self) -> dict[str, Family]:
        return {f.id: f for f in self.families}

    @functools.cached_property
    def event(self) -> dict[str, EventCard]:
        return {e.id: e for e in self.events}

    @functools.cached_property
    def income_card(self) -> dict[str, IncomeCard]:
        return {c.id: c for c in self.income_cards}

    @functools.cached_property
    def luxury(self) -> dict[str, Luxury]:
        return {x.id: x for x in self.luxuries}

    @functools.cached_property
    def investment(self) -> dict[str, Investment]:
        return {x.id: x for x in (*self.short_investments, *self.long_investments)}

    @functools.cached_property
    def short_ids(self) -> frozenset[str]:
        return frozenset(x.id for x in self.short_investments)

    @functools.cached_property
    def insurance(self) -> dict[str, InsuranceCard]:
        return {x.id: x for x in (self.basic_insurance, *self.clauses)}

    @functools.cached_property
    def skill(self) -> dict[str, LabourCard]:
        return {x.id: x for x in self.skills}

    @functools.cached_property
    def career(self) -> dict[str, LabourCard]:
        return {x.id: x for x in self.careers}

    @functools.cached_property
    def location(self) -> dict[str, Location]:
        return {x.id: x for x in self.locations}


T = TypeVar("T")


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionsError(f"content file {name} is not valid TOML: {exc}") from None


def parse_content(files: dict[str, dict[str, Any]]) -> Content:
    """Build :class:`Content` from the parsed TOML files (keyed by file name)."""
    board = files["board.toml"]
    data = {
        "family_sets": {name: files[file].get("family", []) for name, file in FAMILY_CARDS.items()},
        "income_cards": files["income.toml"].get("card", []),
        "basic_insurance": files["insurance.toml"].get("basic"),
        "clauses": files["insurance.toml"].get("clause", []),
        "events": files["events.toml"].get("card", []),
        "luxuries": files["luxuries.toml"].get("item", []),
        "short_investments": files["investments.toml"].get("short", []),
        "long_investments": files["investments.toml"].get("long", []),
        "skills": files["labour.toml"].get("skill", []),
        "careers": files["labour.toml"].get("career", []),
        "locations": board.get("location", []),
        "pawns_per_family": board.get("pawns_per_family"),
        "income_track_max": board.get("income_track_max"),
    }
    try:
        return Content.model_validate(data)
    except ValidationError as exc:
        detail = describe_validation_error(exc, "field")
        raise OptionsError(f"FinanciaLit content: {detail}") from None


FILES = (
    "board.toml",
    *FAMILY_CARDS.values(),
    "income.toml",
    "insurance.toml",
    "events.toml",
    "luxuries.toml",
    "investments.toml",
    "labour.toml",
)


@functools.cache
def load_content() -> Content:
    """The shipped content (parsed once per process)."""
    return parse_content({name: _read(name) for name in FILES})

"""Every FinanciaLit rule a trainer may adjust, with the rulebook's value as the default.

The handbook's "Modifications" sections name most of these; each option's docstring says
what it changes. A variant file overrides only what it names.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from moneyboard.engine.options import RuleOptions, with_new_names
from moneyboard.games.financialit.content import NEWEST_FAMILY_CARDS, FamilyCards

EFFECT_FIELDS = (
    "upkeep_bonus",
    "skill_cost_delta",
    "family_aid_bonus",
    "ignores_income_modifiers",
    "can_seek_employment",
    "event_cost_delta",
    "luxury_happiness_bonus",
)


def known_fields(model: type[BaseModel], data: Any, what: str, fields: str) -> Any:
    """``data`` for ``model``, or refused if it names a field ``model`` lacks: the message
    says ``what`` has no such field and which ``fields`` a trainer may change instead."""
    if isinstance(data, Mapping):
        unknown = sorted(set(data) - set(model.model_fields))
        if unknown:
            raise ValueError(f"{what} has no {', '.join(map(repr, unknown))}: change its {fields}")
    return data


class FamilyChange(BaseModel):
    """New values for some attributes or the special effect of one Family card.

    What is not named keeps the card's value. A changed special effect must come with its
    new ``special`` text, so that learners read the effect they play with.
    """

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)
    income: int | None = Field(default=None, ge=0, le=30)
    units: int | None = Field(default=None, ge=0, le=50)
    happiness: int | None = Field(default=None, ge=0, le=30)
    goods: int | None = Field(default=None, ge=0, le=10)
    bills: int | None = Field(default=None, ge=0, le=30)
    children: int | None = Field(default=None, ge=0, le=10)
    employer: bool | None = None
    special: str | None = Field(default=None, min_length=1, max_length=200)
    upkeep_bonus: int | None = Field(default=None, ge=-5, le=5)
    skill_cost_delta: int | None = Field(default=None, ge=-5, le=5)
    family_aid_bonus: int | None = Field(default=None, ge=-5, le=10)
    ignores_income_modifiers: bool | None = None
    can_seek_employment: bool | None = None
    event_cost_delta: int | None = Field(default=None, ge=-5, le=5)
    luxury_happiness_bonus: int | None = Field(default=None, ge=-3, le=5)

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """An unknown field is refused naming the figures and effects a family may change."""
        return known_fields(
            cls,
            data,
            "a family",
            "income, units or happiness (what it starts with), goods (Common Goods it needs"
            " each period), bills (Payable Bills each period), children, employer (true if"
            " someone works for an employer), or special (its new special effect's text, with"
            f" {', '.join(EFFECT_FIELDS[:-1])} or {EFFECT_FIELDS[-1]})",
        )

    @model_validator(mode="after")
    def _effect_needs_text(self) -> FamilyChange:
        changed = [f for f in EFFECT_FIELDS if getattr(self, f) is not None]
        if changed and self.special is None:
            raise ValueError(
                f"changing the special effect ({', '.join(changed)}) needs its new 'special' text"
            )
        return self

    def values(self) -> dict[str, object]:
        """The attributes this change sets."""
        return self.model_dump(exclude_none=True)


class LuxuryChange(BaseModel):
    """New cost, Happiness or upkeep for one Luxury Item (what is not named is kept)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)
    cost: int | None = Field(default=None, ge=0, le=30)
    happiness: int | None = Field(default=None, ge=0, le=10)
    upkeep: int | None = Field(default=None, ge=0, le=10)

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """An unknown field is refused naming the three a Luxury Item may change."""
        return known_fields(
            cls,
            data,
            "a Luxury Item",
            "cost (its price), happiness (what it gives when bought) or upkeep (added to"
            " the bills each period)",
        )

    def values(self) -> dict[str, object]:
        """The attributes this change sets."""
        return self.model_dump(exclude_none=True)


class EventChange(BaseModel):
    """New cost, Happiness or covering insurance for one Event card (what is not named is
    kept)."""

    model_config = ConfigDict(frozen=True, extra="forbid", use_attribute_docstrings=True)
    units: int | None = Field(default=None, ge=-10, le=20)
    """What the card costs each family it hits; below 0 it brings units instead."""
    happiness: int | None = Field(default=None, ge=-5, le=5)
    """Happiness each family it hits gains (below 0: loses)."""
    covered_by: str | None = None
    """The insurance card that protects a family from it, by id, or "none"."""

    @model_validator(mode="before")
    @classmethod
    def _known_fields(cls, data: Any) -> Any:
        """An unknown field is refused naming the fields there are, so that a trainer who
        writes ``cost`` learns that an Event card's cost is ``units``."""
        return known_fields(
            cls,
            data,
            "an Event card",
            "units (what it costs; below 0 it brings units), happiness (below 0 a loss)"
            ' or covered_by (an insurance card, or "none")',
        )

    @field_validator("covered_by")
    @classmethod
    def _known_insurance(cls, value: str | None) -> str | None:
        """An insurance card named by its id or its name ("Fire clause"), or "none"."""
        from moneyboard.games.financialit.content import load_content

        if value is None:
            return None
        insurance = load_content().insurance
        by_name = {card.name.casefold(): card.id for card in insurance.values()}
        wanted = value.strip().casefold()
        if wanted == "none" or wanted in insurance:
            return wanted
        if wanted in by_name:
            return by_name[wanted]
        listed = ", ".join(f"{card.id} ({card.name})" for card in insurance.values())
        raise ValueError(
            f"no insurance card is called {value!r}: name one of {listed},"
            ' or "none" for a card no insurance covers'
        )

    def values(self) -> dict[str, object]:
        """The attributes this change sets ("none" leaves the card with no insurance)."""
        values = self.model_dump(exclude_none=True)
        if values.get("covered_by") == "none":
            values["covered_by"] = None
        return values


class FinanciaLitOptions(RuleOptions):
    """FinanciaLit's rule options (defaults follow the rulebook)."""

    renamed_from_0: ClassVar[Mapping[str, str]] = {"income_chosen": "income_by_seat"}
    #: What records written before version 3 were played with (see RULINGS R25, R26), and
    #: before version 4 (the first Family cards; RULINGS, "Content balance").
    former_defaults: ClassVar[Mapping[int, Mapping[str, Any]]] = {
        3: {"end_counts_goods": False, "end_loan_choice": "if_held"},
        4: {"family_cards": "first"},
    }

    rounds: int = Field(default=8, ge=1, le=20)
    """Number of periods (rounds) before the game ends."""
    events_per_round: tuple[int, ...] = Field(default=(0, 1, 1, 2, 2, 2, 3, 3), min_length=1)
    """Event cards revealed in each round, round 1 first (the rulebook's table); a round past
    the list reveals as many as its last entry, so a longer game needs no new list (R42)."""

    # --- the Market ---
    goods_min: int = Field(default=0, ge=0, le=20)
    """Common Goods a family must buy on each Market visit (as far as its cash allows)."""
    goods_max: int | None = Field(default=None, ge=0, le=50)
    """Most Common Goods a family may buy on one Market visit (none = no limit)."""
    basic_goods_price: int = Field(default=1, ge=0, le=5)
    """Price of one Common Goods card."""
    bulk_goods_threshold: int = Field(default=7, ge=1, le=50)
    """Buying this many Common Goods in one visit earns the bulk discount."""
    bulk_goods_discount: int = Field(default=1, ge=0, le=5)
    """Units off the whole purchase when the bulk threshold is reached."""
    goods_shortage_happiness: int = Field(default=2, ge=0, le=5)
    """Happiness lost for each Common Goods card a family lacks at the end of a period."""
    start_goods: int = Field(default=3, ge=0, le=10)
    """Common Goods cards each family starts with."""
    luxury_cost_delta: int = Field(default=0, ge=-5, le=20)
    """Added to the price of every Luxury Item (never below 0)."""
    luxury_upkeep_delta: int = Field(default=0, ge=-3, le=10)
    """Added to the per-period upkeep of every Luxury Item (never below 0)."""
    luxury_happiness_delta: int = Field(default=0, ge=-5, le=5)
    """Added to the Happiness every Luxury Item gives when bought (never below 0: an item
    the change brings to 0 gives none, and no longer counts for required_luxury_items)."""
    luxury_changes: dict[str, LuxuryChange] = Field(default_factory=dict)
    """New cost, happiness or upkeep for single items, e.g. {jewellery = {cost = 11}}."""
    luxury_requires_skills: int = Field(default=0, ge=0, le=10)
    """Skills cards a family must hold before it may buy any Luxury Item."""
    luxury_market_size: int = Field(default=4, ge=1, le=8)
    """Luxury Items face up in the Market."""
    market_refresh_cost: int = Field(default=1, ge=0, le=5)
    """Units to replace every Luxury Item in the Market (once, before buying)."""

    # --- Pay Bills in Advance ---
    bill_discount_per: int = Field(default=4, ge=1, le=20)
    """Paying in advance saves 1 unit for every full this-many units of bills."""

    # --- Investments ---
    crowding_surcharge: int = Field(default=1, ge=0, le=5)
    """Extra units each investor pays when every usable slot there is taken (0 = waived);
    another family's pawn there alone costs nothing more (R47)."""
    investment_limit: int = Field(default=2, ge=1, le=6)
    """Most Investment cards a family may hold at once."""
    investment_end_penalty: int = Field(default=2, ge=0, le=5)
    """At the end, an unfinished investment pays this many units less per slot left."""

    # --- Insurance ---
    insurance_per_visit: int = Field(default=2, ge=1, le=9)
    """Clauses a family may add or drop on one visit once it holds Basic Insurance."""
    extra_clause_fee: int = Field(default=0, ge=0, le=10)
    """Units paid at once for each clause beyond the first added on one visit."""
    miscalculation_insurance_fee: int = Field(default=1, ge=0, le=5)
    """Units a family holding a Miscalculation card pays to place a pawn at the Broker."""

    # --- Labour market ---
    skills_cost: int = Field(default=3, ge=0, le=10)
    """Price of a Skills card."""
    skills_extra_cost: int = Field(default=1, ge=0, le=10)
    """Added to the Skills price once a family holds more than ``skills_extra_after``."""
    skills_extra_after: int = Field(default=2, ge=0, le=10)
    """Skills cards a family may hold before the price goes up."""
    career_income_penalty: int = Field(default=1, ge=0, le=5)
    """Income lost in the period a family's pawn is away seeking better employment."""
    seek_again_after: int = Field(default=1, ge=1, le=8)
    """Periods after seeking better employment before a family may seek again: 1 lets it seek
    every period (the rulebook to the letter, R11), 2 keeps it from seeking in the period its
    pawn is away."""
    skill_end_happiness: int = Field(default=0, ge=-3, le=5)
    """Extra end-game Happiness for each Skills card. A decrease takes away at most what the
    Skills cards bring in the count of cards (1 for every two), never more."""
    career_end_happiness: int = Field(default=0, ge=-3, le=5)
    """Extra end-game Happiness for each Career Advance card. A decrease takes away at most
    what these cards bring in the count of cards (1 for every two), never more."""

    # --- Families ---
    family_cards: FamilyCards = NEWEST_FAMILY_CARDS
    """Which set of Family cards the game deals: "second" (retuned so that no family wins far
    more often under the rulebook's count of cards at the end) or "first" (the cards games
    were played with before; a record or room from then replays on them). The same seven
    families in both; only their starting figures differ."""
    families: tuple[str, ...] | None = None
    """Family card for each seat in order (family ids); none = dealt at random."""
    family_changes: dict[str, FamilyChange] = Field(default_factory=dict)
    """New figures or special effect (with its text) for single families, by family id."""
    family_income_delta: int = Field(default=0, ge=-10, le=10)
    """Added to every family's starting income."""
    family_units_delta: int = Field(default=0, ge=-10, le=20)
    """Added to every family's starting units (never below 0)."""
    family_happiness_delta: int = Field(default=0, ge=-10, le=10)
    """Added to every family's starting Happiness (never below 0)."""
    family_goods_delta: int = Field(default=0, ge=-5, le=5)
    """Added to every family's Common Goods need per period (never below 0)."""
    family_bills_delta: int = Field(default=0, ge=-5, le=10)
    """Added to every family's Payable Bills per period (never below 0)."""

    # --- Decks ---
    event_counts: dict[str, int] | None = None
    """Copies of the Event cards named (by name or id); a card not named keeps its shipped
    count, so ``{fire = 0}`` takes the Fire Disaster out and ``{fire = 3}`` adds two."""
    event_changes: dict[str, EventChange] = Field(default_factory=dict)
    """New units (the cost; below 0 a gain), happiness or covered_by for single Event cards,
    e.g. {fire = {units = 8, covered_by = "basic"}}. covered_by names an insurance card
    (basic, fire, theft, health, home, vehicle, income, legal, travel) or "none"."""
    event_order: tuple[str, ...] = ()
    """A prepared order for the first Event cards revealed (the trainer's stacked deck)."""
    income_counts: dict[str, int] | None = None
    """Copies of the Income Modifier cards named; a card not named keeps its shipped count."""
    income_draw: Literal["each", "one_for_all", "none"] = "each"
    """Each family draws its own Income Modifier, one card applies to all, or none are used."""
    income_by_seat: dict[int, tuple[str, ...]] = Field(default_factory=dict)
    """Income Modifier cards dealt to a seat in the order of its draws, by the seat's
    number: 1 for Seat 1, 2 for Seat 2, and so on (with income_draw = "each")."""
    income_for_all: tuple[str, ...] = ()
    """Income Modifier cards chosen for every family, period 2 first, before any random
    draw (with income_draw = "one_for_all")."""

    # --- Loans, aid, interest ---
    loan_amount: int = Field(default=5, ge=1, le=20)
    """Units a Loan card gives at once."""
    loan_instalment: int = Field(default=4, ge=0, le=20)
    """Income lost each period a Loan card is repaid."""
    loan_periods: int = Field(default=2, ge=1, le=6)
    """Periods over which a Loan card is repaid (its token starts on this slot)."""
    loan_happiness: int = Field(default=1, ge=0, le=5)
    """Happiness lost when taking a Loan while holding another or a Miscalculation card."""
    loan_end_happiness: int = Field(default=1, ge=0, le=5)
    """At the end, Happiness given up per slot left on a Loan instead of paying it off."""
    end_loan_choice: Literal["free", "if_held"] = "free"
    """How an unfinished Loan may be settled at the end: free = units or Happiness, as the
    family chooses (the rulebook); if_held = Happiness only if the family has that much, or
    cannot pay the units (so a family with no Happiness left cannot borrow for nothing)."""
    family_aid: int = Field(default=3, ge=0, le=20)
    """Units Family Aid gives (once per game, only while holding a Miscalculation card)."""
    miscalculation_happiness: int = Field(default=2, ge=0, le=5)
    """Happiness lost instead when a family would take a second Miscalculation card."""
    interest_threshold: int = Field(default=5, ge=1, le=50)
    """Families holding at least this many units at upkeep earn interest."""
    interest: int = Field(default=1, ge=0, le=5)
    """Units of interest earned at upkeep."""

    # --- Pace ---
    turn_time_limit: int | None = Field(default=None, ge=5, le=600)
    """Seconds a learner has for each decision (none = no limit). When time runs out the
    game Saves, finishes the location, borrows to cover a payment, or settles with Happiness."""

    # --- End of game ---
    end_counts_goods: bool = True
    """Whether Common Goods cards left at the end count toward "1 Happiness for every two
    cards" (the rulebook counts every card but Loan and Miscalculation cards)."""
    happiness_target: int | None = Field(default=None, ge=1, le=100)
    """End the game once a family has this Happiness at an upkeep (none = play every round).
    Only the families that reached it can win, and no end-of-game bonus is added; if nobody
    reaches it, the last round ends the game as usual and the happiest family wins."""
    required_career_cards: int = Field(default=0, ge=0, le=10)
    """Skills + Career Advance cards a family must hold at the end to be able to win."""
    required_luxury_items: int = Field(default=0, ge=0, le=10)
    """Luxury Items that give Happiness a family must hold at the end to be able to win.
    Only possessions count: an experience (a dinner, concert, spa day, city break or
    holiday) is used up at the end of its period, even in the last one (R48)."""

    @classmethod
    def ids_for(cls, name: str) -> list[str]:
        return sorted(_decks().get(name, {}))

    @model_validator(mode="before")
    @classmethod
    def _cards_by_name(cls, data: Any) -> Any:
        """A card may be named by its name ("Fire Disaster") as well as its id ("fire"), as
        the trainer's console deals cards by name; ids are kept. The old name
        ``income_chosen`` (seats counted from 0) is read as ``income_by_seat`` first."""
        if not isinstance(data, dict):
            return data
        data = dict(with_new_names(cls, data))
        for field, cards in _decks().items():
            value = data.get(field)
            by_name = {card.name.casefold(): card_id for card_id, card in cards.items()}

            def card_id(name: Any, by_name: dict[str, str] = by_name) -> Any:
                return by_name.get(name.casefold(), name) if isinstance(name, str) else name

            if field == "income_by_seat" and isinstance(value, dict):
                data[field] = {
                    k: [card_id(c) for c in v] if isinstance(v, list | tuple) else v
                    for k, v in value.items()
                }
            elif isinstance(value, dict):
                data[field] = {card_id(k): v for k, v in value.items()}
            elif isinstance(value, list | tuple):
                data[field] = [card_id(c) for c in value]
        return data

    @model_validator(mode="after")
    def _check_lengths(self) -> FinanciaLitOptions:
        if any(n < 0 or n > 10 for n in self.events_per_round):
            raise ValueError("events_per_round entries must be between 0 and 10")
        if self.goods_max is not None and self.goods_max < self.goods_min:
            raise ValueError("goods_max must not be below goods_min")
        if self.income_by_seat and self.income_draw != "each":
            raise ValueError(
                f'income_by_seat deals cards to single families, but income_draw is "'
                f'{self.income_draw}": set income_draw = "each", or use income_for_all with'
                ' income_draw = "one_for_all" to choose one card for every family'
            )
        if self.income_for_all and self.income_draw != "one_for_all":
            raise ValueError(
                f'income_for_all chooses one card for every family, but income_draw is "'
                f'{self.income_draw}": set income_draw = "one_for_all"'
            )
        return self

    def events_in_round(self, number: int) -> int:
        """Event cards revealed in round ``number`` (from 1); past the list, its last entry."""
        listed = self.events_per_round
        return listed[min(number, len(listed)) - 1]

    @model_validator(mode="after")
    def _check_content_ids(self) -> FinanciaLitOptions:
        from moneyboard.games.financialit.content import load_content

        content = load_content()
        checks: list[tuple[str, tuple[str, ...], Mapping[str, object]]] = [
            ("families", self.families or (), content.family),
            ("family_changes", tuple(self.family_changes), content.family),
            ("luxury_changes", tuple(self.luxury_changes), content.luxury),
            ("event_counts", tuple(self.event_counts or {}), content.event),
            ("event_changes", tuple(self.event_changes), content.event),
            ("event_order", self.event_order, content.event),
            ("income_counts", tuple(self.income_counts or {}), content.income_card),
            (
                "income_by_seat",
                tuple(c for cards in self.income_by_seat.values() for c in cards),
                content.income_card,
            ),
            ("income_for_all", self.income_for_all, content.income_card),
        ]
        for name, ids, known in checks:
            unknown = sorted(set(ids) - set(known))
            if unknown:
                cards = "a card" if len(unknown) == 1 else "cards"
                names = ", ".join(getattr(known[k], "name", k) for k in known)
                # The ids as a rules file writes them ("moneyboard rules" lists them from here).
                listed = json.dumps(sorted(known))
                raise ValueError(
                    f"{name} names {cards} the game does not have: {', '.join(unknown)}. "
                    f"Name a card by its name ({names}) or by its id; ids known: {listed}"
                )
        if self.families is not None and len(set(self.families)) != len(self.families):
            raise ValueError("families names the same family for two seats")
        for counts in (self.event_counts, self.income_counts):
            if counts and any(n < 0 or n > 20 for n in counts.values()):
                raise ValueError("card counts must be between 0 and 20")
        if not any(self.event_deck().values()):
            raise ValueError("event_counts leaves the Event deck empty")
        if not any(self.income_deck().values()):
            raise ValueError("income_counts leaves the Income Modifier deck empty")
        return self

    def event_deck(self) -> dict[str, int]:
        """Copies of each Event card: the shipped make-up with ``event_counts`` over it."""
        from moneyboard.games.financialit.content import load_content

        shipped = {card.id: card.count for card in load_content().events}
        return {**shipped, **(self.event_counts or {})}

    def income_deck(self) -> dict[str, int]:
        """Copies of each Income Modifier card: the shipped make-up with ``income_counts``."""
        from moneyboard.games.financialit.content import load_content

        shipped = {card.id: card.count for card in load_content().income_cards}
        return {**shipped, **(self.income_counts or {})}


def _decks() -> dict[str, Mapping[str, Any]]:
    """The cards (or families) each option names, by id."""
    from moneyboard.games.financialit.content import load_content

    content = load_content()
    return {
        "families": content.family,
        "family_changes": content.family,
        "luxury_changes": content.luxury,
        "event_counts": content.event,
        "event_changes": content.event,
        "event_order": content.event,
        "income_counts": content.income_card,
        "income_by_seat": content.income_card,
        "income_for_all": content.income_card,
    }

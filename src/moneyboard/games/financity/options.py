"""Every FinanCity rule a class may adjust, with the rulebook's value as the default.

Each option's docstring says what it changes; where the rulebook can be read two ways, an
option chooses the reading (RULINGS.md says which one is the default and why).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar, Literal

from pydantic import Field, model_validator

from moneyboard.engine.options import RuleOptions

#: Bookkeeping a class may ask learners to claim themselves ("ask for it or lose it").
AUTOMATIONS = {
    "wellbeing_bonus": 'In Income, the wellbeing of the "+" shopping cards held.',
    "expense_discount": "In Expenses, the discount of shopping cards that lower expenses.",
}


class FinanCityOptions(RuleOptions):
    """FinanCity's rule options (defaults follow the rulebook)."""

    renamed_from_0: ClassVar[Mapping[str, str]] = {"first_player": "first_seat"}

    # --- length and seats ---
    years: int = Field(default=10, ge=1, le=20)
    """Years (rounds) in a game; the game ends after that year's Unforeseen Event."""
    first_seat: int = Field(default=1, ge=1, le=6)
    """The seat holding the first player token in year 1: 1 for Seat 1 (the first seat
    listed), 2 for Seat 2, and so on. The token passes left every year."""
    homes: tuple[str, ...] | None = None
    """Home card for each seat in order (home ids); none = dealt at random, no two alike."""
    start_cash: int = Field(default=0, ge=0, le=5000)
    """Cash each player holds before the first Income zone."""

    # --- cards on the table ---
    face_up_cards: int = Field(default=2, ge=1, le=4)
    """Investment and Shopping cards turned face up at set-up and at each Reorganisation."""
    removed_events: int = Field(default=6, ge=0, le=20)
    """Unforeseen Event cards taken out unseen at set-up, at least (never drawn, never
    shown), so nobody can tell the last events by counting: the game turns one card a year
    and ends with the last one turned, so every card not turned by then counts as removed."""

    # --- loans ---
    loan_amount: int = Field(default=600, ge=50, le=5000)
    """Cash a loan gives; loans come only in this exact amount."""
    loan_card_value: int = Field(default=150, ge=10, le=1000)
    """What one loan card costs to repay."""
    loan_cards: int = Field(default=6, ge=1, le=12)
    """Loan cards a player receives with each loan."""
    loan_zone_cards: int = Field(default=5, ge=1, le=12)
    """Loan cards for a player whose home token is in the Loans Zone (LZ) this year."""
    max_loan_cards: int = Field(default=24, ge=1, le=60)
    """Most loan cards a player may ever hold."""
    loan_band: int = Field(default=6, ge=1, le=24)
    """Loan cards per row of the over-indebtedness table (1-6, 7-12, ...): each row one
    more card to repay at least in the Expenses zone."""
    over_indebted_at: int = Field(default=13, ge=1, le=60)
    """Loan cards from which a player is over-indebted: sent to Extra Jobs next year and
    held to paying, withdrawing and repaying until back below this count."""
    event_loans: Literal["when_savings_short", "always"] = "when_savings_short"
    """When a loan may pay for an Unforeseen Event: only once savings cannot (the
    rulebook's "in exceptional circumstances"), or whenever the player prefers."""

    # --- benefit zones ---
    extra_jobs_pay: int = Field(default=80, ge=0, le=1000)
    """Cash for each player in Zone 4: Extra Jobs."""
    free_time_wellbeing: int = Field(default=50, ge=0, le=300)
    """Wellbeing for each player in Zone 5: Free Time."""
    insurance_token_price: int = Field(default=50, ge=0, le=1000)
    """Price of one insurance token in Zone 9 (at most one a year)."""

    # --- savings ---
    savings_step: int = Field(default=100, ge=100, le=1000, multiple_of=100)
    """Deposits are made in multiples of this amount."""
    withdrawal_surcharge_percent: int = Field(default=10, ge=0, le=50)
    """Percent of a savings card kept by the bank when it is cashed outside Zone 3."""

    # --- trading ---
    sales_per_year: int | None = Field(default=None, ge=0, le=20)
    """Offers of Product cards each player may make in each Reorganisation: none = no limit,
    as in the rulebook (an offer turned down may be made again only for less, R22); 0 = no
    sales at all."""

    # --- pace ---
    turn_time_limit: int | None = Field(default=None, ge=5, le=600)
    """Seconds a learner has for each decision (none = no limit). When time runs out the
    game passes, uses insurance against a harmful event, and borrows to cover a payment."""

    # --- end of the game ---
    win_wellbeing: int = Field(default=300, ge=0, le=5000)
    """Wellbeing a winner must hold at the end."""
    win_savings: int = Field(default=500, ge=0, le=50000)
    """Savings a winner must hold at the end."""
    win_loan_cards: int = Field(default=0, ge=0, le=60)
    """Most loan cards a winner may hold at the end (the rulebook: none). Loan cards held
    count against every score, the champion's too: what they would cost to repay is taken
    off the champion formula (R23)."""
    win_investments: int = Field(default=1, ge=0, le=20)
    """Investment cards a winner must hold at the end."""
    champion_formula: Literal["beginner", "advanced"] = "beginner"
    """Beginner: wellbeing x 2 + cash + savings. Advanced (the variation): plus a quarter of
    the cost of held Product and Business cards."""

    @classmethod
    def ids_for(cls, name: str) -> list[str]:
        from moneyboard.games.financity.content import load_content

        return sorted(load_content().home) if name == "homes" else []

    @model_validator(mode="after")
    def _check(self) -> FinanCityOptions:
        from moneyboard.games.financity.content import load_content

        content = load_content()
        if self.homes is not None:
            unknown = sorted(set(self.homes) - set(content.home))
            if unknown:
                raise ValueError(
                    f"homes names unknown home(s) {unknown}; known: {sorted(content.home)}"
                )
            if len(set(self.homes)) != len(self.homes):
                raise ValueError("homes names the same home for two seats")
        if self.years + self.removed_events > len(content.events):
            raise ValueError(
                f"years ({self.years}) plus removed_events ({self.removed_events}) needs more "
                f"Unforeseen Event cards than the {len(content.events)} there are"
            )
        if self.loan_zone_cards > self.loan_cards:
            raise ValueError("loan_zone_cards must not exceed loan_cards (the LZ is a discount)")
        if self.loan_cards > self.max_loan_cards:
            raise ValueError("loan_cards must not exceed max_loan_cards")
        unknown_claims = sorted(set(self.manual_claims) - set(AUTOMATIONS))
        if unknown_claims:
            raise ValueError(
                f"manual_claims names unknown claim(s) {unknown_claims}; "
                f"known: {sorted(AUTOMATIONS)}"
            )
        return self

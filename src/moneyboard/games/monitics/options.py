"""Every Monitics rule a trainer may adjust, with the rulebook's figure (or our ruling) as default.

Each option's docstring says what it changes; ``RULINGS.md`` says why a default was chosen
where the rulebook gives no number. A variant file overrides only what it names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from moneyboard.engine.options import RuleOptions
from moneyboard.games.monitics.actions import SAVINGS_STEPS


class MoniticsOptions(RuleOptions):
    """Monitics' rule options (defaults follow the rulebook and RULINGS.md)."""

    renamed_from_0: ClassVar[Mapping[str, str]] = {"first_player": "first_seat"}
    #: What records written before version 3 were played with: the bank bought assets back
    #: on any turn (R7).
    former_defaults: ClassVar[Mapping[int, Mapping[str, Any]]] = {3: {"bank_buys_back": "any_turn"}}

    manual_claims: tuple[str, ...] = ()
    """Circumstance rewards the learners must claim themselves (habits_reward,
    ownership_reward, business_grant); one not claimed before the next player's turn is lost.
    A classroom variant (R26): the Monitics rulebook applies every Circumstance by itself
    ("all Circumstances effects are mandatory"). Empty: all are paid by themselves."""

    # --- set-up and turns ---
    start_cash: int = Field(default=500, ge=0, le=100_000)
    """Cash each player starts with (R1)."""
    first_seat: int = Field(default=1, ge=1, le=6)
    """The player who takes the first turn: 1 for Player 1 (the first player listed), 2 for
    Player 2, and so on up to 6 for Player 6 (R2)."""
    actions_per_turn: int = Field(default=2, ge=0, le=10)
    """Actions (buy, sell, save, take out savings, borrow, repay) a player may make each turn."""
    turn_seconds: int | None = Field(default=None, ge=10, le=3600)
    """Seconds a player has for a whole turn; when time is up the turn ends. Off by default
    (R23), which departs from the rulebook: it gives a turn two minutes, 120 here."""
    amount_steps: tuple[int, ...] = SAVINGS_STEPS
    """Amounts bots and training agents move into or out of savings (a person may type any)."""
    asset_market: Literal["box_kind", "any_asset_box", "any_time"] = "box_kind"
    """Which assets a player may buy from the bank on a turn (R6): only the kind of the Asset
    box landed on; any asset after landing on any Asset box; or any asset on any turn."""
    bank_buys_back: Literal["on_its_market", "any_turn"] = "on_its_market"
    """When the bank buys an asset back at its market value on a player's turn (R7): only on
    a turn its kind of market is open (as the bank sells), or on any turn. A sale to pay a
    bill is allowed anywhere."""
    savings_pay_automatically: bool = False
    """Whether savings pay what cash cannot at once, instead of the player choosing (R11)."""
    tax_counts_as_action: bool = False
    """Whether paying the voluntary tax uses one of the turn's actions (R9)."""

    # --- circumstances (1 to 6) ---
    major_expense: int = Field(default=40, ge=0, le=10_000)
    """1 Major Expense: the amount lost unless insurance is used."""
    forced_sale_min_value: int = Field(default=30, ge=0, le=10_000)
    """2 Forced Sale: an asset must be worth more than this (market value) to be sold."""
    forced_sale_loss_pct: int = Field(default=30, ge=0, le=100)
    """2 Forced Sale: percent of cash and savings combined lost when no such asset is held."""
    habits_savings_min: int = Field(default=20, ge=0, le=10_000)
    """3 Good Money Habits: savings needed to earn the reward."""
    habits_reward: int = Field(default=20, ge=0, le=10_000)
    """3 Good Money Habits: earned with enough savings."""
    habits_penalty: int = Field(default=10, ge=0, le=10_000)
    """3 Good Money Habits: paid without enough savings."""
    ownership_reward: int = Field(default=50, ge=0, le=10_000)
    """4 Ownership Pays: earned by a player who owns any asset."""
    ownership_penalty: int = Field(default=20, ge=0, le=10_000)
    """4 Ownership Pays: lost by a player who owns nothing."""
    ownership_counts_cards: bool = False
    """4 Ownership Pays: whether an Option or Insurance card counts as owning an asset, as the
    rulebook lists them among what players may buy (R14). Off: only asset cards count."""
    wahala_loss_pct: int = Field(default=40, ge=0, le=100)
    """5 Wahala Pro Max: percent of cash lost by a player with neither insurance nor savings."""
    business_grant: int = Field(default=100, ge=0, le=10_000)
    """6 Business Gain: grant collected by a player who owns a company."""
    business_penalty: int = Field(default=20, ge=0, le=10_000)
    """6 Business Gain: paid by a player who owns no company."""
    insurance_covers_cash_loss: bool = True
    """Whether insurance also prevents the cash-and-savings loss of Forced Sale (R13)."""

    # --- tax authority ---
    voluntary_tax: int = Field(default=25, ge=0, le=10_000)
    """Tax a player may pay on their turn for a Tax Card (exempt for the rest of the game)."""
    tax_penalty: int = Field(default=50, ge=0, le=10_000)
    """What a player without a Tax Card pays when caught on a Tax box."""
    tax_debt_surcharge: int = Field(default=10, ge=0, le=10_000)
    """Added to an unpaid tax penalty, which is settled at the end of the game."""
    taxman_catches_on: int = Field(default=6, ge=1, le=6)
    """Whether the Taxman surely catches a player without a Tax Card on a Tax box (R10): 6,
    always (no die is rolled); from 1 to 5, the player rolls the Taxman's die and is caught
    only on that number or lower (3: one chance in two, 1: one in six)."""

    # --- crash ---
    crash_cash_loss_pct: int = Field(default=60, ge=0, le=100)
    """Percent of cash (not savings) lost in a Crash by a player who owns no asset."""
    crash_options_needed: int = Field(default=2, ge=1, le=10)
    """Options a player gives back to the bank to escape a Crash."""
    crash_reach: Literal["lander", "asset_holders"] = "lander"
    """Whom a Crash hits (R15): only the player who lands on it, or also every other player
    holding assets (a crash of the whole market: each may use their own protection, else
    sells every asset at distress value; only the player who landed loses cash)."""

    # --- loans ---
    loan_ladder: tuple[tuple[int, int], ...] = ((200, 240), (300, 350), (500, 600))
    """The bank's loans, smallest first, as (borrow, repay); each must be repaid before the next."""
    after_top_loan: Literal["stay", "restart"] = "stay"
    """After the biggest loan is repaid, the next is the biggest again or the smallest (R16)."""
    friend_loan_interest_pct: int = Field(default=20, ge=0, le=100)
    """Percent a player adds when repaying a loan from another player (R18)."""

    # --- options and insurance ---
    option_price: int = Field(default=30, ge=0, le=10_000)
    """The bank's price of an Option card."""
    insurance_price: int = Field(default=60, ge=0, le=10_000)
    """The bank's price of an Insurance card."""
    bank_options: int = Field(default=6, ge=0, le=100)
    """Option cards the bank holds at the start (options are scarce; used ones come back)."""
    bank_insurance: int = Field(default=4, ge=0, le=100)
    """Insurance cards the bank holds at the start (used ones come back)."""
    max_insurance: int = Field(default=1, ge=1, le=10)
    """Insurance cards one player may hold at once."""
    max_options: int = Field(default=3, ge=1, le=20)
    """Option cards one player may hold at once."""
    insurance_ends_turn: bool = True
    """Whether a player who uses insurance makes no further moves that turn."""
    transactions_per_turn: int = Field(default=1, ge=0, le=10)
    """Player-to-player transactions (card sales, loans, distress purchases) per turn."""

    # --- the end ---
    final_turns: int = Field(default=2, ge=0, le=10)
    """Final turns the others may get once a player completes the board."""
    final_turns_grant: Literal["finisher_chooses", "always", "never"] = "finisher_chooses"
    """Who decides whether the others get their final turns (R21)."""
    bankruptcy: Literal["player_out", "game_ends"] = "game_ends"
    """A player who cannot pay a bill: the game ends at once, as the rulebook says, or only
    they are out and the others play on (R19)."""
    did_well: int = Field(default=1000, ge=0, le=1_000_000)
    """Net worth at which a player is flagged as having done very well."""

    @model_validator(mode="after")
    def _consistent(self) -> MoniticsOptions:
        if not self.amount_steps or any(a <= 0 for a in self.amount_steps):
            raise ValueError("amount_steps must list positive amounts")
        if len(set(self.amount_steps)) != len(self.amount_steps):
            raise ValueError("amount_steps lists an amount twice")
        if not self.loan_ladder:
            raise ValueError("loan_ladder needs at least one loan")
        for borrow, repay in self.loan_ladder:
            if borrow <= 0 or repay < borrow:
                raise ValueError("each loan must borrow a positive amount and repay at least that")
        return self

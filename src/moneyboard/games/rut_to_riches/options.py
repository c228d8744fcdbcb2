"""Rut to Riches rule options: every number or switch the rulebook leaves to the table."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from moneyboard.engine.options import RuleOptions


class RutOptions(RuleOptions):
    """Rule options of Rut to Riches (defaults follow the rulebook)."""

    turn_limit: int | None = Field(default=40, ge=1, le=1000)
    """Rounds in a class period; then players are scored on passive income / expenses."""
    minutes_limit: int | None = Field(default=None, ge=1, le=600)
    """Minutes in a class period: the driver calls time and the game is scored at the next turn."""
    decision_seconds: int | None = Field(default=None, ge=5, le=600)
    """Seconds a player has for a decision; then the driver answers 'pass' (the do-nothing move)."""
    auditor: bool = False
    """Learners write their own totals after each change; each player's Auditor (the player
    on their right) checks them every ``audit_every`` rounds (R27)."""
    audit_every: int = Field(default=10, ge=1, le=200)
    """Rounds between audits when the auditor is on (the rulebook pauses every 30 minutes)."""
    audit_penalty: int = Field(default=100, ge=0, le=10_000)
    """Dollars the Auditor claims from the player for each original mistake found."""
    dice: int = Field(default=1, ge=1, le=2)
    """Dice rolled to move (the same on both tracks)."""
    personal_may_decline: bool = False
    """A Personal square offers its card or no deal, as Choose A Deal does (no deal, no
    Market Forces card); by default the Personal card is drawn at once (R36)."""
    share_cards: int = Field(default=2, ge=1, le=3)
    """Share Market cards taken on one Share Market pick, acted on one after the other."""
    loan_multiple_rut: int = Field(default=8, ge=0, le=50)
    """Bank overdraft limit in the Rut, as a multiple of nett income."""
    loan_multiple_inner: int = Field(default=10, ge=0, le=50)
    """Bank overdraft limit in the Inner Circle, as a multiple of nett income."""
    loan_rate_percent: int = Field(default=10, ge=0, le=100)
    """Overdraft interest added to expenses per Pay Day, as a percentage of the overdraft."""
    card_rate_percent: int = Field(default=3, ge=0, le=100)
    """Monthly payment on a bill put on the credit card when neither cash nor a loan covers it."""
    rounding: Literal["cut", "figure"] = "cut"
    """What "rounded up to the next 10" rounds when a mentor cuts taxes or a debt is paid off
    in part: the cut ("cut") or the new tax or payment ("figure", the other reading; R37)."""
    tax_cut_percent: int = Field(default=20, ge=0, le=100)
    """Tax reduction on each entry into the Inner Circle (rounded up to the next 10)."""
    retirement_gift: int = Field(default=200, ge=0, le=100_000)
    """What every other player pays a player who retires."""
    dream_margin: int = Field(default=10_000, ge=0, le=1_000_000)
    """Passive income above total expenses needed to buy your Dream."""
    passive_goal: int = Field(default=20_000, ge=1, le=10_000_000)
    """Passive income that wins for a retired player anywhere on the board."""
    bankrupt_turns: int = Field(default=3, ge=0, le=20)
    """Turns lost on bankruptcy."""

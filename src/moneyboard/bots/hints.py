"""Small per-game hints for personality bots: which moves a kind of household is drawn to.

The common metrics say what a household wants to have; some preferences are about what it
does instead (a cautious family buys insurance even when the next turn shows no benefit).
A hint is keyed by the start of an action's text (``str(action)``: its kind, then its
fields), so ``"place insurance"`` matches placing a pawn at the insurance broker. A game
with no hints is still played by every personality, on its metrics alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from moneyboard.engine.actions import Action


@dataclasses.dataclass(frozen=True, slots=True)
class Hint:
    """A liking (positive) or dislike (negative) for moves whose text starts with ``prefix``.

    ``bonus`` is on the same 0..1 scale as one metric group; ``reason`` finishes the sentence
    "... because ..." when the hint decides a choice.
    """

    prefix: str
    bonus: float
    reason: str

    def matches(self, action: Action) -> bool:
        text = str(action)
        return text == self.prefix or text.startswith(self.prefix + " ")


#: Rut to Riches' optional Expenses cards (a treat a player may turn down) and its
#: insurance cards, by card id (a test checks them against the game's cards).
RUT_TREATS = ("ex_cruise", "ex_new_car", "ex_kitchen")
RUT_INSURANCE = ("pe_all_risk", "pe_medical", "pe_income_protect")

#: Game id -> personality kind -> hints. Keep them few: the metrics do most of the work.
HINTS: Mapping[str, Mapping[str, tuple[Hint, ...]]] = {
    "financialit": {
        "insurer": (
            Hint("add_clause", 0.8, "insurance keeps one bad event from ruining the family"),
            Hint("place insurance", 0.5, "the insurance broker protects against bad events"),
            Hint("drop_clause", -0.8, "cancelling insurance leaves the family unprotected"),
        ),
        "risk-taker": (
            Hint("invest", 0.5, "investments can pay back more than they cost"),
            Hint("drop_clause", 0.3, "insurance costs money every round"),
        ),
        "investor": (Hint("place investments", 0.4, "investments grow the family's money"),),
        # Save is no deposit: the family stops taking actions for the round (it spends
        # nothing more on them).
        "saver": (Hint("save", 0.2, "a saver stops early rather than spend on more actions"),),
    },
    "financity": {
        # One step ahead a token only costs its $50; what it spares shows in a later year, so
        # the insurer let every token go ("keeps $50 more in cash").
        "insurer": (
            Hint("buy_token", 0.8, "an insurance token spares the family a later bad event"),
        ),
    },
    "rut-to-riches": {
        "insurer": (
            Hint("pay_off", 0.5, "paying debt off lowers what the family owes each month"),
            Hint("borrow", -0.5, "an overdraft is a debt that has to be repaid"),
            # One step ahead a policy only costs its premium; its cover shows when bad luck
            # comes. Let go by its card id (Pass names the card): "buy" takes any card.
            *(
                Hint(f"pass {card}", -0.6, "insurance keeps one bad card from ruining the family")
                for card in RUT_INSURANCE
            ),
        ),
        # No wellbeing here: what a spender spends on is the Expenses cards it may turn
        # down (Rut to Riches' RULINGS.md, R38, has the figures).
        "spender": (
            *(
                Hint(
                    f"pass {card}", -0.7, "a spender would rather enjoy a treat now than let it go"
                )
                for card in RUT_TREATS
            ),
            Hint("pay_off", -0.5, "a spender keeps its cash to spend, not to pay debt off"),
            Hint("pay_off_all", -0.5, "a spender keeps its cash to spend, not to pay debt off"),
            Hint("repay", -0.5, "a spender keeps its cash to spend, not to pay debt off"),
        ),
        "risk-taker": (
            Hint("buy_shares", 0.4, "shares can rise a lot in price"),
            Hint("borrow", 0.2, "borrowing lets the family buy more now"),
        ),
        "investor": (Hint("buy", 0.3, "assets bring passive income"),),
    },
    # Asking a player for a loan changes nothing until they answer, so one step ahead it
    # looks free; the households that avoid debt know it is a debt like any other.
    "monitics": {
        "saver": (
            Hint("ask_loan", -0.8, "a loan from a friend is a debt like any other"),
            Hint("borrow", -0.5, "a bank loan has to be repaid with more"),
        ),
        "insurer": (
            Hint("ask_loan", -0.5, "a loan from a friend is a debt like any other"),
            # One step ahead the card only costs money; its cover shows when bad luck comes.
            Hint("buy_card insurance", 0.8, "an Insurance card protects against bad luck"),
        ),
        # Monitics has no wellbeing to spend on: what a spender buys for the year is cover
        # (Monitics' RULINGS.md, R25, has the figures).
        "spender": (
            Hint("buy_card insurance", 0.6, "a spender buys what it can use this year"),
            Hint("buy_card option", 0.5, "a spender buys what it can use this year"),
        ),
    },
}


def hints_for(game_id: str, kind: str) -> tuple[Hint, ...]:
    """The hints of personality ``kind`` in game ``game_id`` (none if the game has none)."""
    return tuple(HINTS.get(game_id, {}).get(kind, ()))

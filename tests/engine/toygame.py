"""A tiny dice-and-money game used only to test the kernel (and adapters) in isolation.

Each round every seat in turn rolls a die (a chance node) and then chooses to ``keep`` the
roll as income from the bank or ``gamble``: pay 1 unit to the bank and roll again, keeping
the second roll. A seat may ``borrow`` 3 units at any time (once per game). After
``rounds`` rounds, the richest seat wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar

from pydantic import Field

from moneyboard.engine import Action, GameDef, GameState, Message, RuleOptions, msg
from moneyboard.engine.ledger import BANK


class ToyOptions(RuleOptions):
    rounds: int = Field(default=3, ge=1, le=20)
    """How many rounds the game lasts."""
    gamble_fee: int = Field(default=1, ge=0, le=5)
    """Units paid to the bank to roll again."""


@dataclasses.dataclass(frozen=True, slots=True)
class Keep(Action):
    kind: ClassVar[str] = "keep"


@dataclasses.dataclass(frozen=True, slots=True)
class Gamble(Action):
    kind: ClassVar[str] = "gamble"


@dataclasses.dataclass(frozen=True, slots=True)
class Borrow(Action):
    kind: ClassVar[str] = "borrow"
    anytime: ClassVar[bool] = True


KEEP, GAMBLE, BORROW = Keep(), Gamble(), Borrow()


class ToyState(GameState):
    game_id = "toy"
    action_types = (Keep, Gamble, Borrow)
    answers: ClassVar[dict[str, frozenset[str]]] = {"roll": frozenset({"keep", "gamble"})}
    options: ToyOptions

    def setup(self) -> None:
        self.round = 1
        self.roll = [0] * self.n
        self.borrowed = [False] * self.n
        for seat in range(self.n):
            self.ledger.open(f"cash:{seat}")
        self.ledger.post(BANK, "cash:0", 1, "toy.start", {"seat": 0})
        self.then(("round",))

    def step_round(self) -> None:
        self.then(*[("turn", s) for s in range(self.n)], ("round_end",))

    def step_turn(self, seat: int) -> None:
        self.draw("die", (1, 2, 3, 4, 5, 6), ("rolled", seat))

    def step_rolled(self, seat: int, value: int) -> None:
        self.roll[seat] = value
        self.event("toy.rolled", seat=seat, value=value)
        self.ask(seat, "roll", value=value)

    def step_reroll(self, seat: int, value: int) -> None:
        self.roll[seat] = value
        self.then(("bank", seat))

    def step_bank(self, seat: int) -> None:
        self.ledger.post(BANK, f"cash:{seat}", self.roll[seat], "toy.income", {"seat": seat})

    def step_round_end(self) -> None:
        if self.round == self.options.rounds:
            cash = [self.ledger.balance(f"cash:{s}") for s in range(self.n)]
            best = max(cash)
            self.end([s for s in range(self.n) if cash[s] == best], cash, msg("toy.richest"))
            return
        self.round += 1
        self.then(("round",))

    def candidates(self, seat: int) -> Sequence[Action]:
        return (KEEP, GAMBLE, BORROW)

    def check_keep(self, seat: int, action: Keep) -> Message | None:
        return None

    def do_keep(self, seat: int, action: Keep) -> None:
        self.then(("bank", seat))

    def check_gamble(self, seat: int, action: Gamble) -> Message | None:
        fee = self.options.gamble_fee
        if fee and self.ledger.balance(f"cash:{seat}") < fee:
            return msg("toy.cannot_afford", fee=fee)
        return None

    def do_gamble(self, seat: int, action: Gamble) -> None:
        if self.options.gamble_fee:
            self.ledger.post(f"cash:{seat}", BANK, self.options.gamble_fee, "toy.fee", {})
        self.draw("die", (1, 2, 3, 4, 5, 6), ("reroll", seat))

    def check_borrow(self, seat: int, action: Borrow) -> Message | None:
        return msg("toy.borrowed") if self.borrowed[seat] else None

    def do_borrow(self, seat: int, action: Borrow) -> None:
        self.borrowed[seat] = True
        self.ledger.post(BANK, f"cash:{seat}", 3, "toy.loan", {"seat": seat})

    def stream_outcomes(self, stream: str) -> tuple[int, ...] | None:
        return (1, 2, 3, 4, 5, 6) if stream == "die" else None

    def view(self, seat: int | None) -> dict[str, Any]:
        return {**self.kernel_view(seat), "round": self.round, "cash_by_seat": self._cash()}

    def hidden_view(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "borrowed": self.borrowed,
        }

    def _cash(self) -> list[int]:
        return [self.ledger.balance(f"cash:{s}") for s in range(self.n)]

    def fallback_action(self, seat: int) -> Action | None:
        return KEEP if seat in self.to_move() else None

    def metrics(self, seat: int) -> dict[str, float]:
        cash = float(self.ledger.balance(f"cash:{seat}"))
        return dict.fromkeys(("savings", "debt", "assets", "income", "wellbeing"), 0.0) | {
            "cash": cash,
            "score": cash,
        }

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        return (KEEP, GAMBLE, BORROW)


GAME = GameDef("toy", "Toy", 2, 4, ToyOptions, ToyState, "kernel test game")

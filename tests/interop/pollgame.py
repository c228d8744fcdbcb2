"""A tiny sealed-bid game that asks every seat at once, to test the adapters' turn order.

Each round every seat secretly bids 0, 1 or 2 (all are asked together and may answer in any
order). A biased coin then decides whether the lowest or the highest bid scores: heads (one
chance in three) rewards the lowest bids, tails the highest. Scoring seats gain their bid
plus one point from the bank. After ``rounds`` rounds the seats with the most points win.
Its options include every kind the adapters map to game parameters (int, bool, float, a
choice of strings) and one they leave at its default (a tuple).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import Field

from moneyboard.engine import Action, GameDef, GameState, Message, RuleOptions, msg
from moneyboard.engine.ledger import BANK


class PollOptions(RuleOptions):
    rounds: int = Field(default=2, ge=1, le=10)
    """How many rounds the game lasts."""
    bonus: bool = True
    """Whether a scoring seat gains one extra point."""
    weight: float = Field(default=1.0, gt=0)
    """Multiplier of the score shown in the metrics (not of the points themselves)."""
    tie_rule: Literal["share", "none"] = "share"
    """Whether tied top scorers all win (``share``) or nobody does (``none``)."""
    coin: tuple[str, ...] = ("heads", "tails", "tails")
    """The coin's sides, equally likely (not a game parameter: a tuple)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    amount: int


BIDS = (Bid(0), Bid(1), Bid(2))


class PollState(GameState):
    game_id = "poll"
    action_types = (Bid,)
    answers: ClassVar[dict[str, frozenset[str]]] = {"bid": frozenset({"bid"})}
    options: PollOptions

    def setup(self) -> None:
        self.round = 1
        self.bids: dict[int, int] = {}
        for seat in range(self.n):
            self.ledger.open(f"points:{seat}")
        self.then(("round",))

    def step_round(self) -> None:
        self.bids = {}
        self.ask(tuple(range(self.n)), "bid", round=self.round)

    def step_reveal(self) -> None:
        self.draw("coin", self.options.coin, ("scored",))

    def step_scored(self, side: str) -> None:
        best = min(self.bids.values()) if side == "heads" else max(self.bids.values())
        for seat, amount in sorted(self.bids.items()):
            if amount == best:
                gain = amount + 1 + int(self.options.bonus)
                self.ledger.post(BANK, f"points:{seat}", gain, "poll.scored", {"seat": seat})
        self.event("poll.revealed", side=side, bids=[self.bids[s] for s in range(self.n)])
        if self.round == self.options.rounds:
            points = self._points()
            top = max(points)
            winners = [s for s in range(self.n) if points[s] == top]
            if len(winners) > 1 and self.options.tie_rule == "none":
                winners = []
            self.end(winners, points, msg("poll.most_points"))
            return
        self.round += 1
        self.then(("round",))

    def candidates(self, seat: int) -> Sequence[Action]:
        return BIDS

    def check_bid(self, seat: int, action: Bid) -> Message | None:
        if seat in self.bids:
            return msg("poll.already_bid")
        if not 0 <= action.amount <= 2:
            return msg("poll.bad_amount", amount=action.amount)
        return None

    def do_bid(self, seat: int, action: Bid) -> None:
        self.bids[seat] = action.amount
        if self.decision is None:  # the kernel struck off the last seat to bid
            self.then(("reveal",))

    def _points(self) -> list[int]:
        return [self.ledger.balance(f"points:{s}") for s in range(self.n)]

    def view(self, seat: int | None) -> dict[str, Any]:
        own = self.bids.get(seat) if seat is not None else None
        return {**self.kernel_view(), "round": self.round, "points": self._points(), "bid": own}

    def hidden_view(self) -> dict[str, Any]:
        return {"bids": {str(s): b for s, b in sorted(self.bids.items())}}

    def metrics(self, seat: int) -> dict[str, float]:
        points = float(self.ledger.balance(f"points:{seat}"))
        return dict.fromkeys(("savings", "debt", "assets", "income", "wellbeing"), 0.0) | {
            "cash": points,
            "score": points * self.options.weight,
        }

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        return BIDS

    @classmethod
    def max_game_length(cls, options: RuleOptions, players: int) -> int:
        assert isinstance(options, PollOptions)
        return options.rounds * players

    @classmethod
    def max_chance_outcomes(cls, options: RuleOptions, players: int) -> int:
        assert isinstance(options, PollOptions)
        return len(set(options.coin))


GAME = GameDef("poll", "Poll", 2, 5, PollOptions, PollState, "adapter test game")

"""A small trading game that exercises every kernel primitive, used only by the kernel tests.

Each round begins with a sealed vote of every seat ("save" or "spend"). Then each seat in
turn takes its allowance (a die roll; an automation named ``allowance`` that a class may turn
into a claim), and during its turn may deposit any amount of its cash into savings (an amount
field, leaving the turn open; the next seat must witness each deposit, as an interjection),
offer its token to another seat for a price (the kernel's offers), and then end its turn.
After ``rounds`` rounds, the richest seat (cash + savings + 5 per token) wins.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from pydantic import Field

from moneyboard.engine import Action, GameDef, GameState, Message, RuleOptions, msg
from moneyboard.engine.actions import Amount
from moneyboard.engine.claims import Claim
from moneyboard.engine.kernel import Offer
from moneyboard.engine.ledger import BANK
from moneyboard.engine.offers import ACCEPT, DECLINE, Accept, Decline, Propose

DIE = (1, 2, 3, 4, 5, 6)
TOKEN_VALUE = 5


class TradeOptions(RuleOptions):
    rounds: int = Field(default=2, ge=1, le=10)
    """How many rounds the game lasts."""
    offers_per_turn: int = Field(default=1, ge=0, le=3)
    """Offers a seat may make in one turn."""


@dataclasses.dataclass(frozen=True, slots=True)
class Vote(Action):
    kind: ClassVar[str] = "vote"
    choice: str


@dataclasses.dataclass(frozen=True, slots=True)
class Deposit(Action):
    kind: ClassVar[str] = "deposit"
    keeps_decision: ClassVar[bool] = True
    amounts: ClassVar[Mapping[str, Amount]] = {"amount": Amount(step=1)}
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Witness(Action):
    kind: ClassVar[str] = "witness"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"


VOTES = (Vote("save"), Vote("spend"))
WITNESS = Witness()
END_TURN = EndTurn()


class TradeState(GameState):
    game_id = "trade"
    action_types = (Vote, Deposit, Witness, EndTurn, Propose, Accept, Decline, Claim)
    answers: ClassVar[dict[str, frozenset[str]]] = {
        "vote": frozenset({"vote"}),
        "turn": frozenset({"deposit", "end_turn", "propose"}),
        "witness": frozenset({"witness"}),
    }
    automations: ClassVar[dict[str, str]] = {"allowance": "the allowance is paid at once"}
    options: TradeOptions

    def setup(self) -> None:
        self.round = 1
        self.votes: dict[int, str] = {}
        self.tokens = list(range(self.n))  # token i is held by seat tokens[i]
        for seat in range(self.n):
            self.ledger.open(f"cash:{seat}")
            self.ledger.open(f"savings:{seat}")
        self.then(("round",))

    def step_round(self) -> None:
        self.votes = {}
        self.ask_sealed(tuple(range(self.n)), "vote", round=self.round)
        self.then(*[("turn", s) for s in range(self.n)], ("round_end",))

    def step_turn(self, seat: int) -> None:
        self.begin_turn(seat)
        self.draw("die", DIE, ("allowance_drawn", seat))

    def step_allowance_drawn(self, seat: int, value: int) -> None:
        self.claimable(seat, "allowance", ("allowance", seat, value))
        self.ask(seat, "turn")

    def step_allowance(self, seat: int, value: int) -> None:
        self.ledger.post(BANK, f"cash:{seat}", value, "trade.allowance", {"seat": seat})

    def step_round_end(self) -> None:
        if self.round == self.options.rounds:
            worth = [self.worth(s) for s in range(self.n)]
            best = max(worth)
            self.end([s for s in range(self.n) if worth[s] == best], worth, msg("trade.richest"))
            return
        self.round += 1
        self.then(("round",))

    def worth(self, seat: int) -> int:
        held = sum(TOKEN_VALUE for holder in self.tokens if holder == seat)
        return self.cash(seat) + self.ledger.balance(f"savings:{seat}") + held

    def cash(self, seat: int) -> int:
        return self.ledger.balance(f"cash:{seat}")

    def stream_outcomes(self, stream: str) -> tuple[int, ...] | None:
        return DIE if stream == "die" else None

    def offers_per_turn(self) -> int:
        return self.options.offers_per_turn

    def candidates(self, seat: int) -> Sequence[Action]:
        d = self.decision
        if d is None or seat not in d.seats:
            return ()
        if d.kind == "vote":
            return VOTES
        if d.kind == "witness":
            return (WITNESS,)
        if d.kind == "offer":
            return (ACCEPT, DECLINE)
        out: list[Action] = [END_TURN, *self.amount_ladder(seat, Deposit(0), "amount")]
        for token, holder in enumerate(self.tokens):
            if holder == seat:
                for to in range(self.n):
                    if to != seat:
                        out += self.amount_ladder(seat, Propose(to, "sell", str(token), 0), "price")
        return out

    def amount_range(self, seat: int, action: Action, field: str) -> tuple[int, int] | None:
        if isinstance(action, Deposit):
            cash = self.cash(seat)
            return (1, cash) if cash >= 1 else None
        if isinstance(action, Propose):
            return (1, 20)
        return None

    def action_cost(self, seat: int, action: Action) -> int | None:
        return action.amount if isinstance(action, Deposit) else None

    def check_vote(self, seat: int, a: Vote) -> Message | None:
        return None if a.choice in ("save", "spend") else msg("trade.bad_vote")

    def do_vote(self, seat: int, a: Vote) -> None:
        self.votes[seat] = a.choice
        self.event("trade.voted", seat=seat, choice=a.choice)

    def check_deposit(self, seat: int, a: Deposit) -> Message | None:
        return None

    def do_deposit(self, seat: int, a: Deposit) -> None:
        self.ledger.post(f"cash:{seat}", f"savings:{seat}", a.amount, "trade.deposit", {})
        self.interject((seat + 1) % self.n, "witness", depositor=seat)

    def check_witness(self, seat: int, a: Witness) -> Message | None:
        return None

    def do_witness(self, seat: int, a: Witness) -> None:
        self.event("trade.witnessed", seat=seat)

    def check_end_turn(self, seat: int, a: EndTurn) -> Message | None:
        return None

    def do_end_turn(self, seat: int, a: EndTurn) -> None:
        self.event("trade.turn_over", seat=seat)

    def check_offer(self, seat: int, offer: Offer) -> Message | None:
        if offer.deal != "sell" or not offer.item.isdecimal():
            return msg("trade.bad_offer")
        token = int(offer.item)
        if not 0 <= token < self.n or self.tokens[token] != seat:
            return msg("trade.not_yours")
        return None

    def check_accept_offer(self, seat: int, offer: Offer) -> Message | None:
        if self.cash(seat) < offer.price:
            return msg("trade.cannot_pay")
        return None

    def settle_offer(self, offer: Offer) -> None:
        """The buyer pays the price; the seller pays the market's fee of 1 out of it."""
        self.ledger.transfer(
            [
                (f"cash:{offer.to}", f"cash:{offer.seat}", offer.price, "trade.sold", {}),
                (f"cash:{offer.seat}", BANK, 1, "trade.fee", {}),
            ]
        )
        self.tokens[int(offer.item)] = offer.to

    def view(self, seat: int | None) -> dict[str, Any]:
        return {
            **self.kernel_view(seat),
            "round": self.round,
            "tokens_by_seat": [self.tokens.count(s) for s in range(self.n)],
            "votes": {str(s): v for s, v in sorted(self.votes.items())},
        }

    def hidden_view(self) -> dict[str, Any]:
        return {"tokens": list(self.tokens)}

    def fallback_action(self, seat: int) -> Action | None:
        d = self.decision
        if d is None or seat not in d.seats:
            return None
        return {"vote": VOTES[0], "witness": WITNESS, "offer": DECLINE}.get(d.kind, END_TURN)

    def time_limit(self) -> float | None:
        return 30.0

    def turn_time_limit(self) -> float | None:
        return 60.0

    def metrics(self, seat: int) -> dict[str, float]:
        return dict.fromkeys(("debt", "assets", "income", "wellbeing"), 0.0) | {
            "cash": float(self.cash(seat)),
            "savings": float(self.ledger.balance(f"savings:{seat}")),
            "score": float(self.worth(seat)),
        }

    @classmethod
    def action_space(cls, options: RuleOptions, players: int) -> tuple[Action, ...]:
        return (*VOTES, WITNESS, END_TURN, ACCEPT, DECLINE)


GAME = GameDef("trade", "Trade", 2, 4, TradeOptions, TradeState, "kernel primitives test game")

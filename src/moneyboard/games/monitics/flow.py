"""Monitics' turn structure as agenda steps: set-up, roll, move, box, actions, the end.

A turn: roll the die (an Option lets the player roll again), move forward, resolve only the
box landed on (``boxes.py``), take up to two actions, end. The first player to complete the
board may grant the others their final turns; then net worth decides.
"""

from __future__ import annotations

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.messages import msg
from moneyboard.engine.state import Decision
from moneyboard.games.monitics.base import CASH, SAVINGS, Player, Turn
from moneyboard.games.monitics.boxes import Boxes
from moneyboard.games.monitics.figures import figures_for


class Flow(Boxes):
    """Set-up, the turn loop, the final turns and the count of net worth."""

    # ----- set-up ------------------------------------------------------------------------
    def setup(self) -> None:
        o = self.options
        if o.first_seat > self.n:
            raise OptionsError(
                f"first_seat is {o.first_seat}, but the game has {self.n} players: write 1 for"
                f" Player 1 up to {self.n} for Player {self.n}"
            )
        first = o.first_seat - 1  # seats are counted from 0 inside
        for seat in range(self.n):
            self.ledger.open(CASH[seat])
            self.ledger.open(SAVINGS[seat])
        self.figures = figures_for(o)
        self.players = [Player() for _ in range(self.n)]
        self.owners = {}
        self.stock = {"option": o.bank_options, "insurance": o.bank_insurance}
        self.finisher = None
        self.phase = "race"
        self.turn_count = 0
        self.turn = Turn(first, 0, 0, False)
        for seat in range(self.n):
            self.receive(seat, o.start_cash, "setup.cash")
        self.then(("turn", first))

    # ----- a turn ------------------------------------------------------------------------
    def step_turn(self, seat: int) -> None:
        p = self.players[seat]
        self.turn_count += 1
        p.turns += 1
        self.begin_turn(seat)
        turn = Turn(seat, self.turn_count, self.options.actions_per_turn, self.phase == "final")
        if self.options.asset_market == "any_time":
            turn.market = "any"
        self.turn = turn
        self.event("turn.start", seat=seat, turn=p.turns)
        self.ask(seat, "roll", turn=p.turns)

    def step_rolled(self, seat: int, roll: int) -> None:
        turn = self.turn
        turn.roll = roll
        self.event("turn.rolled", seat=seat, roll=roll)
        if self.players[seat].options and not turn.option_used:
            self.ask(seat, "reroll", roll=roll)
        else:
            self.step_move(seat)

    def step_move(self, seat: int) -> None:
        p = self.players[seat]
        content = self.content
        p.position = min(content.last, p.position + self.turn.roll)
        box = content.boxes[p.position - 1]
        self.event("turn.moved", seat=seat, box=p.position, label=box.words(content.bill))
        self.then(("box", seat), ("actions", seat), ("turn_over", seat))

    def step_actions(self, seat: int) -> None:
        """Ask for the turn's actions (each action asks again, until the player ends)."""
        if self.players[seat].out:
            return
        turn = self.turn
        if turn.stopped:
            self.event("turn.insurance_stop", seat=seat)
            return
        self.ask(seat, "turn", roll=turn.roll, left=max(turn.actions_left, 0))

    def decision_figures(self, decision: Decision) -> dict[str, int] | None:
        """The turn's question tells the actions left now: a voluntary tax that counts as one
        leaves it open."""
        if decision.kind != "turn":
            return None
        return {"left": max(self.turn.actions_left, 0)}

    def step_turn_over(self, seat: int) -> None:
        if self.phase != "race":
            return  # the final turns are already on the agenda
        if self.finisher is not None:
            self.then(("finish_line",))
            return
        n = self.n
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if not self.players[nxt].out:
                self.then(("turn", nxt))
                return

    # ----- the end -----------------------------------------------------------------------
    def step_finish_line(self) -> None:
        """The board is complete: the finisher may give the others their final turns."""
        o = self.options
        finisher = self.finisher
        assert finisher is not None
        self.phase = "final"
        waiting = [s for s in self.others(finisher) if not self.players[s].done]
        if not waiting or o.final_turns == 0 or o.final_turns_grant == "never":
            self.then(("game_end",))
        elif o.final_turns_grant == "always":
            self.step_final_turns()
        else:
            self.ask(finisher, "grant", turns=o.final_turns, players=waiting)

    def step_final_turns(self) -> None:
        finisher = self.finisher
        assert finisher is not None
        self.event("end.final_turns", seat=finisher, turns=self.options.final_turns)
        order = self.others(finisher)
        self.then(
            *[
                ("final_offer", seat, k)
                for k in range(1, self.options.final_turns + 1)
                for seat in order
            ],
            ("game_end",),
        )

    def step_final_offer(self, seat: int, k: int) -> None:
        p = self.players[seat]
        if p.out or p.done:
            return
        self.ask(seat, "final_turn", turn=k, turns=self.options.final_turns)

    def step_game_end(self) -> None:
        """Settle what is due at the end, count every net worth, and name the winner."""
        self.phase = "over"
        for seat in range(self.n):
            self.settle(seat)
        scores = [self.net_worth(s) for s in range(self.n)]
        standing = [s for s in range(self.n) if not self.players[s].out]
        best = max(scores[s] for s in standing)
        winners = [s for s in standing if scores[s] == best]
        for seat in range(self.n):
            self.event("end.net_worth", seat=seat, net_worth=scores[seat])
            if scores[seat] >= self.options.did_well and not self.players[seat].out:
                self.event("end.did_well", seat=seat, net_worth=scores[seat])
        self.end(winners, [float(x) for x in scores], msg("end.best_net_worth", best=best))

    def settle(self, seat: int) -> None:
        """Pay what is due at the end from cash, then savings: players' loans, then unpaid tax."""
        p = self.players[seat]
        for lender in sorted(p.debts):
            owed = p.debts[lender]
            paid = min(owed, self.cash(seat) + self.savings(seat))
            from_cash = min(paid, self.cash(seat))
            self.pay(
                CASH[seat],
                CASH[lender],
                from_cash,
                "end.friend_repaid",
                seat=seat,
                lender=lender,
                lender_name=self.seats[lender].name,
            )
            self.pay(
                SAVINGS[seat],
                CASH[lender],
                paid - from_cash,
                "end.friend_repaid",
                seat=seat,
                lender=lender,
                lender_name=self.seats[lender].name,
            )
            if paid == owed:
                del p.debts[lender]
            else:
                p.debts[lender] = owed - paid
        if p.tax_debt:
            paid = min(p.tax_debt, self.cash(seat) + self.savings(seat))
            self.pay_from_all(seat, paid, "end.tax_paid")
            p.tax_debt -= paid

    def bankrupt(self, seat: int) -> None:
        """``seat`` cannot pay: out of the game (or the game ends, under that option)."""
        self.players[seat].out = True
        self.event("insolvency.out", seat=seat)
        if self.options.bankruptcy == "game_ends" or len(self.active()) < 2:
            self.agenda.clear()
            self.then(("game_end",))

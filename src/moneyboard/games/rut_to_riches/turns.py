"""Set-up, turns and movement: Job cards, Dreams, the opening roll, rolling, passing squares,
Pay Day (a claim when the class plays "declare your Pay Day"), the turn's end, the passive
income win and the class period."""

from __future__ import annotations

from moneyboard.engine import Message, msg
from moneyboard.engine.claims import Claim
from moneyboard.engine.ledger import BANK
from moneyboard.games.rut_to_riches.actions import ChooseDream, Roll
from moneyboard.games.rut_to_riches.base import ACCOUNTS, DIE, RutBase
from moneyboard.games.rut_to_riches.sheet import Player

#: Squares a moving token acts on when it passes them, not only when it lands.
PAYDAY_SQUARES = frozenset({"payday", "payday_deal", "payday_advice"})


class Turns(RutBase):
    """The order of play, from the deal of the Job cards to the end of the game."""

    # ----- set-up -------------------------------------------------------------------------
    def step_deal_job(self, seat: int) -> None:
        """Deal a Job card to ``seat`` from those not yet dealt."""
        taken = {p.job for p in self.players}
        left = tuple(job for job in self.c.job_ids if job not in taken)
        self.draw("job", left, ("job_dealt", seat))

    def step_job_dealt(self, seat: int, job_id: str) -> None:
        """Copy the Job card to the player's sheets; savings become cash."""
        job = self.c.jobs[job_id]
        p = Player(job)
        self.players.append(p)
        if job.savings:
            self.ledger.post(BANK, ACCOUNTS[seat], job.savings, "rut.savings", {"seat": seat})
        self.event("rut.job", seat=seat, job=job.title, salary=job.salary, savings=job.savings)
        totals = self.totals(seat)
        p.entered = totals
        p.audit_base = (totals, totals)

    def step_ask_dreams(self) -> None:
        """Every player chooses a Dream at once (several may share one)."""
        self.ask(tuple(range(self.n)), "dream", dreams=list(self.c.dream_ids))

    def check_choose_dream(self, seat: int, a: ChooseDream) -> Message | None:
        if a.dream not in self.c.dream_ids:
            return msg("why.rut.no_such_dream", dream=a.dream)
        return None

    def do_choose_dream(self, seat: int, a: ChooseDream) -> None:
        self.players[seat].dream = a.dream
        self.event("rut.dream", seat=seat, dream=a.dream)

    def step_opening(self, contenders: tuple[int, ...], rolls: tuple[int, ...]) -> None:
        """Everyone rolls one die; the highest starts; a tie is rolled again among the tied."""
        if not contenders:
            contenders = tuple(range(self.n))
        if len(rolls) < len(contenders):
            self.draw("die", DIE, ("opening_rolled", contenders, rolls))
            return
        best = max(rolls)
        top = tuple(s for s, r in zip(contenders, rolls, strict=True) if r == best)
        if len(top) > 1:
            self.event("rut.opening_tie", seats=list(top), value=best)
            self.then(("opening", top, ()))
            return
        self.first = top[0]
        self.event("rut.first_player", seat=self.first, value=best)
        self.then(("turn", self.first))

    def step_opening_rolled(
        self, contenders: tuple[int, ...], rolls: tuple[int, ...], value: int
    ) -> None:
        """Note one opening roll and roll on."""
        self.event("rut.opening_roll", seat=contenders[len(rolls)], value=value)
        self.then(("opening", contenders, (*rolls, value)))

    # ----- a turn -------------------------------------------------------------------------
    def step_turn(self, seat: int) -> None:
        """A seat's turn: the round's count and audit, lost turns, then the turn decision."""
        if self.status.time_called:
            self.end_by_score("rut.end_time")
            return
        if seat == self.first:
            self.round += 1
            o = self.options
            if o.turn_limit is not None and self.round > o.turn_limit:
                self.end_by_score("rut.end_turns")
                return
            if o.auditor and self.round > 1 and (self.round - 1) % o.audit_every == 0:
                self.then(("audit",), ("seat_turn", seat))
                return
        self.then(("seat_turn", seat))

    def step_seat_turn(self, seat: int) -> None:
        """The seat plays its turn, loses it, or is skipped if out of the game."""
        p = self.players[seat]
        if p.out:
            if all(q.out for q in self.players):
                self.end_by_score("rut.end_all_out")
            else:
                self.then(("turn", (seat + 1) % self.n))
            return
        self.current = seat
        self.table = None
        p.turns += 1
        if p.lost_turns:
            p.lost_turns -= 1
            if p.lost_turns == 0:
                p.bankrupt = False
            key = "rut.lose_turn" if p.lost_turns else "rut.lose_last_turn"
            self.event(key, seat=seat, left=p.lost_turns)
            self.then(("turn_end", seat))
            return
        p.bankrupt = False
        self.decide(seat, "turn", dice="die" if self.options.dice == 1 else "dice")

    def check_roll(self, seat: int, a: Roll) -> Message | None:
        return None

    def do_roll(self, seat: int, a: Roll) -> None:
        """The roll starts the turn proper: Pay Days left unclaimed by others are lost now
        ("before the next player rolls the dice")."""
        self.begin_turn(seat)
        self.then(("turn_end", seat))
        self.draw("die", DIE, ("rolled", seat, self.options.dice, 0))

    def step_rolled(self, seat: int, dice_left: int, total: int, value: int) -> None:
        """Add a die to the roll; after the last die the token moves."""
        total += value
        if dice_left > 1:
            self.draw("die", DIE, ("rolled", seat, dice_left - 1, total))
            return
        self.event("rut.rolled", seat=seat, value=total)
        self.then(("move", seat, total))

    def step_move(self, seat: int, steps: int) -> None:
        """Move the token; changing track, the arrow's square is the first step (R19)."""
        p = self.players[seat]
        board = self.c.board
        start = p.position
        if p.pending == "enter":
            arrow = board.rut[start].arrow
            p.circle, p.pending = "inner", ""
            start = (arrow if arrow is not None else 0) - 1
            self.event("rut.into_circle", seat=seat)
        elif p.pending == "exit":
            p.circle, p.pending = "rut", ""
            start = self.exit_arrow(start) - 1
            self.event("rut.into_rut", seat=seat)
        track = self.track(p)
        p.position = (start + steps) % len(track)
        landing = track[p.position]
        self.event(
            "rut.moved",
            seat=seat,
            circle=p.circle,
            # Counted from 1, as the pages number the board's squares (R34).
            square=p.position + 1,
            kind=landing.kind,
            # The circle and the square by the board's names ("the Rut", "Pay Day").
            ring=self.catalogue.word(p.circle, "circle"),
            place=self.catalogue.word(landing.kind, "square_kind"),
        )
        # Passing a Rut Pay Day brings an Expenses card, but one card in all when the token
        # lands on an Expenses square (R6).
        card_due = p.circle == "rut" and landing.kind != "expenses"
        passed: list[tuple[object, ...]] = []
        for k in range(1, steps + 1):
            square = track[(start + k) % len(track)]
            if square.kind in PAYDAY_SQUARES:
                passed.append(("pass_payday", seat, card_due))
            if square.kind == "payday_advice":
                passed.append(("advice", seat))
        self.then(*passed, ("land", seat))

    # ----- Pay Day --------------------------------------------------------------------------
    def step_pass_payday(self, seat: int, card_due: bool) -> None:
        """A Pay Day square reached: collected at once, or claimable when the class plays
        "declare your Pay Day" (R7). A negative Pay Day, or a retired player's, is never
        left to a claim."""
        p = self.players[seat]
        if p.out or p.lost_turns:
            return
        if p.payday < 0 or p.retired:
            self.step_payday(seat, card_due)
            return
        self.claimable(seat, "payday", ("payday", seat, card_due))

    def check_claim(self, seat: int, a: Claim) -> Message | None:
        """A claim as the kernel allows it; but a Pay Day that brings its Expenses card waits
        while a card on the table awaits the player's answer (R7a): the two cards would
        share the table."""
        reason = super().check_claim(seat, a)
        if reason is None and a.name == "payday" and self.table is not None:
            steps = [step for s, name, step in self.status.claims if s == seat and name == "payday"]
            if self.current == seat and all(step[2] for step in steps):
                return msg("why.rut.payday_after_card")
        return reason

    def step_payday(self, seat: int, card_due: bool) -> None:
        """Pay Day: nett income in, or a negative Pay Day paid out (bankruptcy if it cannot
        be); then the Rut's Expenses card, if the Pay Day came during the player's turn."""
        p = self.players[seat]
        nett = p.payday
        if nett >= 0:
            if nett:
                self.ledger.post(BANK, ACCOUNTS[seat], nett, "rut.payday", {"seat": seat})
            self.event("rut.payday", seat=seat, amount=nett)
        elif self.cash(seat) >= -nett:
            self.ledger.post(ACCOUNTS[seat], BANK, -nett, "rut.payday_negative", {"seat": seat})
            self.event("rut.payday", seat=seat, amount=nett)
        else:
            self.event("rut.cannot_pay", seat=seat, amount=-nett, cash=self.cash(seat))
            self.then(("bankruptcy", seat))
            return
        if card_due and p.circle == "rut" and not p.retired and self.current == seat:
            self.then(("expense", seat))
        if not self.automatic("payday"):
            self.books_now()  # a claim made in the middle of a decision

    # ----- the end of a turn ----------------------------------------------------------------
    def step_turn_end(self, seat: int) -> None:
        """The passive-income win, the books, then the next seat's turn."""
        self.table = None
        self.check_win()
        if self.result is not None:
            return
        self.then(("books", (seat + 1) % self.n))

    def step_books(self, next_seat: int) -> None:
        """In bookkeeping mode, whoever is behind writes their totals before the next turn."""
        self.then(("turn", next_seat))
        if self.options.auditor:
            behind = self.behind()
            if behind:
                self.ask(tuple(behind), "books")

    def check_win(self) -> None:
        """The passive-income win, for every retired player (several at once share it)."""
        goal = self.options.passive_goal
        winners = [
            s for s, p in enumerate(self.players) if p.retired and not p.out and p.passive >= goal
        ]
        if winners:
            self.win(winners, "rut.win_passive")

    def call_time(self) -> None:
        """The class period is over (the ``call_time`` directive, which the record keeps and
        a replay gives at the same point): the game is scored when the next turn begins
        (R25)."""
        self.event("rut.time_called")

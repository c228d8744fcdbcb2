"""Monitics state data: each player's card, the turn in progress, and the money helpers.

The flow (``flow.py``), the boxes (``boxes.py``) and the players' choices (``choices.py``)
build on this base. Money moves only through the ledger: each player has a cash and a
savings account; the bank is the other side of every posting but player-to-player deals.
"""

from __future__ import annotations

from typing import Any, ClassVar

from moneyboard.engine.ledger import BANK
from moneyboard.engine.state import GameState
from moneyboard.games.monitics.content import Content
from moneyboard.games.monitics.figures import Figures
from moneyboard.games.monitics.options import MoniticsOptions

#: The ledger accounts of each seat's cash and savings.
CASH = tuple(f"cash:{seat}" for seat in range(16))
SAVINGS = tuple(f"savings:{seat}" for seat in range(16))
#: The die: one six-sided die.
DIE = (1, 2, 3, 4, 5, 6)


class Player:
    """Everything on one player's card apart from money (cash and savings are in the ledger)."""

    __slots__ = (
        "assets",
        "debts",
        "done",
        "insurance",
        "loan",
        "loan_turn",
        "next_loan",
        "options",
        "out",
        "position",
        "repaid_turn",
        "tax_card",
        "tax_debt",
        "turns",
    )

    def __init__(self) -> None:
        self.position = 0
        #: Asset id -> the player's own turn number from which it may be sold.
        self.assets: dict[str, int] = {}
        self.options = 0
        self.insurance = 0
        self.tax_card = False
        #: An unpaid tax penalty with its surcharge, settled at the end of the game.
        self.tax_debt = 0
        #: Index in the loan ladder of the loan held now (None: no loan).
        self.loan: int | None = None
        #: The game turn on which that loan was taken (it cannot be repaid on the same turn).
        self.loan_turn = 0
        #: The game turn on which a bank loan was last repaid (no new loan on the same turn).
        self.repaid_turn = 0
        #: Index in the loan ladder of the next loan the bank will make.
        self.next_loan = 0
        #: Lender seat -> amount to repay to that player.
        self.debts: dict[int, int] = {}
        #: Own turns begun so far.
        self.turns = 0
        #: Out of the game: could not pay a bill or a penalty.
        self.out = False
        #: Journey over: completed the board, or stopped during the final turns.
        self.done = False

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.position,
            "assets": sorted(self.assets),
            "options": self.options,
            "insurance": self.insurance,
            "tax_card": self.tax_card,
            "tax_debt": self.tax_debt,
            "loan": self.loan,
            "next_loan": self.next_loan,
            "debts": {str(k): v for k, v in sorted(self.debts.items())},
            "turns": self.turns,
            "out": self.out,
            "done": self.done,
        }


class Turn:
    """The turn in progress: whose it is, the roll, and what has been used up."""

    __slots__ = (
        "actions_left",
        "asked",
        "crash_sales",
        "deals",
        "final",
        "lenders",
        "market",
        "number",
        "option_used",
        "roll",
        "seat",
        "stopped",
    )

    def __init__(self, seat: int, number: int, actions: int, final: bool):
        self.seat = seat
        #: The game's turn counter (every seat's turns counted together).
        self.number = number
        self.roll = 0
        self.actions_left = actions
        self.option_used = False
        #: Player-to-player transactions settled this turn.
        self.deals = 0
        #: Seats already asked for a deal this turn (each is asked once).
        self.asked: set[int] = set()
        #: Players who lent to this turn's player this turn (not repaid on the same turn).
        self.lenders: set[int] = set()
        #: Insurance was used: no further moves this turn.
        self.stopped = False
        #: The asset kind the bank sells this turn ("" none, "any" every kind).
        self.market = ""
        self.final = final
        #: In a crash of the whole market, the (seat, asset) distress sales waiting until
        #: every player hit has chosen whether to use protection.
        self.crash_sales: list[tuple[int, str]] = []

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "number": self.number,
            "roll": self.roll,
            "actions_left": self.actions_left,
            "option_used": self.option_used,
            "deals": self.deals,
            "stopped": self.stopped,
            "market": self.market,
            "final": self.final,
        }


def share(amount: int, percent: int) -> int:
    """``percent`` of ``amount``, rounded down: the player keeps the odd unit.

    >>> share(75, 60), share(99, 30), share(0, 40)
    (45, 29, 0)
    """
    return amount * percent // 100


class MoniticsBase(GameState):
    """Fields and helpers shared by the flow, the boxes and the choices."""

    game_id = "monitics"
    options: MoniticsOptions
    content: ClassVar[Content]

    players: list[Player]
    turn: Turn
    #: Option and Insurance cards the bank holds.
    stock: dict[str, int]
    #: The first player to complete the board (None until someone does).
    finisher: int | None
    #: "race" until the board is completed, then "final", then "over".
    phase: str
    turn_count: int
    #: Actions fixed by the rule options (built once per option set).
    figures: Figures

    # ----- money, always explained -------------------------------------------------------
    def cash(self, seat: int) -> int:
        return self.ledger.balances[CASH[seat]]

    def savings(self, seat: int) -> int:
        return self.ledger.balances[SAVINGS[seat]]

    def receive(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """The bank pays ``seat`` in cash; the posting and the log say why."""
        self.pay(BANK, CASH[seat], amount, key, seat=seat, **params)

    def spend(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """``seat`` pays the bank from cash (the caller has checked it can)."""
        self.pay(CASH[seat], BANK, amount, key, seat=seat, **params)

    def pay_from_all(self, seat: int, amount: int, key: str, /, **params: Any) -> None:
        """``seat`` pays the bank from cash first and savings for the rest (caller checked)."""
        cash = self.cash(seat)
        from_cash = min(cash, amount)
        self.spend(seat, from_cash, key, **params)
        rest = amount - from_cash
        if rest > 0:
            self.pay(SAVINGS[seat], BANK, rest, key, seat=seat, from_savings=True, **params)

    # ----- what a player has ---------------------------------------------------------------
    def asset_value(self, seat: int) -> int:
        """Market value of everything the player owns."""
        asset = self.content.asset
        return sum(asset[a].market for a in self.players[seat].assets)

    def liabilities(self, seat: int) -> int:
        """What the player owes: the bank loan's repayment, unpaid tax, loans from players."""
        p = self.players[seat]
        owed = p.tax_debt + sum(p.debts.values())
        if p.loan is not None:
            owed += self.options.loan_ladder[p.loan][1]
        return owed

    def receivables(self, seat: int) -> int:
        """What other players owe this player for loans it made them."""
        return sum(p.debts.get(seat, 0) for p in self.players)

    def net_worth(self, seat: int) -> int:
        """Cash + savings + asset value - liabilities (+ loans made to other players)."""
        return (
            self.cash(seat)
            + self.savings(seat)
            + self.asset_value(seat)
            + self.receivables(seat)
            - self.liabilities(seat)
        )

    def owns_for_ownership_pays(self, seat: int) -> bool:
        """Whether Ownership Pays counts the player as an owner: any asset, or an Option or
        Insurance card when the rule option counts them (R14)."""
        p = self.players[seat]
        cards = self.options.ownership_counts_cards and (p.options or p.insurance)
        return bool(p.assets or cards)

    def owns_company(self, seat: int) -> bool:
        asset = self.content.asset
        return any(asset[a].kind == "company" for a in self.players[seat].assets)

    def active(self) -> list[int]:
        """Seats still in the game (not out), in seat order."""
        return [s for s, p in enumerate(self.players) if not p.out]

    def others(self, seat: int) -> list[int]:
        """The other seats still in the game, in turn order after ``seat``."""
        n = self.n
        return [(seat + i) % n for i in range(1, n) if not self.players[(seat + i) % n].out]

    def deals_left(self) -> bool:
        """Whether this turn still allows a player-to-player transaction."""
        return self.turn.deals < self.options.transactions_per_turn

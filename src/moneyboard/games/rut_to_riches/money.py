"""The rulebook's arithmetic as named functions: rounding, loan limits, pay-offs, tax cuts.

Every figure is whole dollars. Fractions are computed exactly and rounded only where the
rulebook says so, in the direction it says.
"""

from __future__ import annotations

from fractions import Fraction


def round_up_10(value: Fraction | int) -> int:
    """Round up to the next multiple of 10 (the rulebook's "rounded up to the next 10").

    >>> round_up_10(Fraction(85)), round_up_10(170), round_up_10(Fraction(2261, 10))
    (90, 170, 230)
    """
    tens = -(-Fraction(value) // 10)
    return int(tens) * 10


def round_down_100(value: Fraction | int) -> int:
    """Round down to a multiple of 100 (loan limits).

    >>> round_down_100(8080), round_down_100(8960), round_down_100(-50)
    (8000, 8900, -100)
    """
    return int(Fraction(value) // 100) * 100


def ceil_to_10(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` (denominator > 0) rounded up to the next multiple of 10.

    Exact integer arithmetic: the same as ``round_up_10(Fraction(numerator, denominator))``
    without building a Fraction (these run on every card bill and pay-off).

    >>> ceil_to_10(85, 1), ceil_to_10(2261, 10), ceil_to_10(340 * 4250, 17000), ceil_to_10(0, 3)
    (90, 230, 90, 0)
    """
    return -(-numerator // (denominator * 10)) * 10


def round_up_100(value: int) -> int:
    """Round up to a multiple of 100 (a loan taken to cover a shortfall)."""
    return -(-value // 100) * 100


def loan_limit(nett_income: int, projected: int, multiple: int) -> int:
    """Most a player may owe the bank: ``multiple`` x (nett income + projected income), down to 100.

    >>> loan_limit(1000, 0, 8), loan_limit(1010, 0, 8), loan_limit(1000, 120, 8)
    (8000, 8000, 8900)
    """
    return max(0, (nett_income + projected) * multiple // 100 * 100)


def payment_still_owed(balance: int, payment: int, left: int, figure: bool = False) -> int:
    """The monthly payment on a debt taken on as ``balance`` at ``payment`` a month, once
    only ``left`` of it is still owed (R11).

    The payment falls by the pro-rated share of all that has been paid off since the debt
    was taken on, that share rounded up to the next 10; nothing is due once all is paid.
    Worked out from the debt's terms rather than from the last payment, so the same total
    paid off leaves the same payment however it was split into parts ($50 seven times or
    $350 at once).

    >>> payment_still_owed(17000, 340, 8500), payment_still_owed(17000, 340, 12750)
    (170, 250)
    >>> payment_still_owed(2000, 60, 1950), payment_still_owed(2000, 60, 1650)
    (50, 40)
    >>> payment_still_owed(2000, 60, 0)
    0

    With ``figure`` (option ``rounding = "figure"``, R37) the new payment itself is the
    pro-rated share rounded up, never above the terms' payment:

    >>> payment_still_owed(17000, 340, 8500, True), payment_still_owed(17000, 340, 4250, True)
    (170, 90)
    >>> payment_still_owed(17000, 340, 12750, True), payment_still_owed(2000, 85, 1990, True)
    (260, 85)
    """
    if left <= 0:
        return 0
    if figure:
        return min(payment, ceil_to_10(payment * left, balance))
    return max(0, payment - ceil_to_10(payment * (balance - left), balance))


def tax_cut(taxes: int, percent: int, figure: bool = False) -> int:
    """The tax reduction a mentor brings: ``percent`` of the taxes, rounded up to the next 10;
    with ``figure`` (R37) the reduced taxes are what is rounded up.

    >>> tax_cut(1130, 20), tax_cut(1000, 20), tax_cut(0, 20), tax_cut(30, 20)
    (230, 200, 0, 10)
    >>> tax_cut(630, 20, True), tax_cut(1000, 20, True), tax_cut(0, 20, True)
    (120, 200, 0)
    """
    if figure:
        return taxes - min(taxes, ceil_to_10(taxes * (100 - percent), 100))
    return min(taxes, ceil_to_10(taxes * percent, 100))


def half_of_cash(cash: int) -> int:
    """What Lose Your Mentor takes: half the cash, the odd dollar staying with the player.

    >>> half_of_cash(5000), half_of_cash(1235)
    (2500, 617)
    """
    return cash // 2


def card_interest(amount: int, percent: int) -> int:
    """Monthly payment on an unpaid bill put on the credit card, rounded up to the next 10."""
    return ceil_to_10(amount * percent, 100)

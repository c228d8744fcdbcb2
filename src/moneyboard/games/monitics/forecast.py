"""What the boxes ahead of a Monitics pawn hold for it: the arithmetic behind ``outlook``.

Net worth alone says nothing of the year still to come, and most of a Monitics year's money
is made there: an asset is bought at its purchase value and counts (and sells back to the
bank) at its market value, about half as much again, so every landing on an Asset box
turns the money a player can put down into a gain. Cash in hand before an Asset box is
worth more than its face; an asset held is worth its market value and also blocks the
money in it until it is sold. Bills, the Tax authority, the Circumstances and the Crash
take money on the way, and which of them hurt depends on what the player holds
(insurance, savings, an asset, a business).

:func:`forecast` counts, from a pawn's box and over the turns it has left, how often it is
expected to land on each kind of box: an exact walk over the die (each face one in six,
the last box ending the journey; Option replays are not modelled). The Circumstance a pawn
meets is the face that brought it there, so those landings are counted per face.
:func:`best_purchase` is the most a landing on a market can add: the best set of assets
on offer that the money and the turn's actions allow. :func:`crashes_reaching` counts the
Crashes that hit a seat, the other pawns' included where a Crash hits the whole market.
``MoniticsState.outlook`` puts these together with what the seat holds now.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Iterable

from moneyboard.games.monitics.content import Content

#: The die's faces, each as likely.
FACES = (1, 2, 3, 4, 5, 6)

#: The board as a forecast reads it: per box (numbered from 1), its type, its detail (the
#: bill or asset kind) and the amount of its bill (0 for other boxes).
Board = tuple[tuple[str, str, int], ...]


def board_of(content: Content) -> Board:
    """The boxes of ``content`` as :func:`forecast` reads them."""
    bills = content.bill
    return tuple(
        (box.type, box.detail, bills[box.detail].amount if box.type == "bill" else 0)
        for box in content.boxes
    )


@dataclasses.dataclass(frozen=True, slots=True)
class Forecast:
    """Expected landings of one pawn over the turns it has left, by what the boxes do.

    ``next_market`` is the chance, per asset kind, that the very next roll lands on a market
    of that kind (the money held now is what can be put down there); ``later_market`` the
    expected landings per kind on the turns after it (by then the assets held now can have
    been sold). ``circumstances[i]`` is the expected landings on a Circumstances box with
    face ``i + 1``. ``tax`` is the chance of landing on at least one Tax box (only the first
    catch costs anything). ``turns`` is the expected number of turns still played.
    """

    bills: float
    next_market: tuple[tuple[str, float], ...]
    later_market: tuple[tuple[str, float], ...]
    circumstances: tuple[float, ...]
    tax: float
    crashes: float
    turns: float


#: A pawn with no turns left expects nothing.
NOTHING = Forecast(0.0, (), (), (0.0,) * len(FACES), 0.0, 0.0, 0.0)


@functools.lru_cache(maxsize=8192)
def forecast(board: Board, position: int, turns: int | None) -> Forecast:
    """What a pawn on box ``position`` (0: Start) expects to land on in its next ``turns``
    turns (None: until it completes the board).

    >>> board = (("bill", "food", 30), ("asset", "stock", 0), ("finish", "", 0))
    >>> f = forecast(board, 0, None)
    >>> f.bills, [(k, round(c, 4)) for k, c in f.next_market + f.later_market], round(f.turns, 4)
    (5.0, [('stock', 0.1667), ('stock', 0.0278)], 1.3611)
    """
    last = len(board)
    # Where each coming turn starts, with its chance; ``clean`` follows only the paths that
    # have not yet met the Tax authority.
    start: dict[int, float] = {position: 1.0} if position < last else {}
    clean = dict(start)
    bills = tax = crashes = played = 0.0
    circumstances = [0.0] * len(FACES)
    next_market: dict[str, float] = {}
    later_market: dict[str, float] = {}
    limit = last if turns is None else min(turns, last)
    for turn in range(limit):
        if not start:
            break
        played += sum(start.values())
        market = next_market if turn == 0 else later_market
        ahead: dict[int, float] = {}
        for box, chance in start.items():
            for face in FACES:
                land = min(last, box + face)
                share = chance / len(FACES)
                kind, detail, amount = board[land - 1]
                if kind == "bill":
                    bills += share * amount
                elif kind == "asset":
                    market[detail] = market.get(detail, 0.0) + share
                elif kind == "circumstances":
                    circumstances[face - 1] += share
                elif kind == "crash":
                    crashes += share
                if land < last:
                    ahead[land] = ahead.get(land, 0.0) + share
        clean_ahead: dict[int, float] = {}
        for box, chance in clean.items():
            for face in FACES:
                land = min(last, box + face)
                share = chance / len(FACES)
                if board[land - 1][0] == "tax":
                    tax += share
                elif land < last:
                    clean_ahead[land] = clean_ahead.get(land, 0.0) + share
        start, clean = ahead, clean_ahead
    return Forecast(
        bills=bills,
        next_market=_in_order(next_market),
        later_market=_in_order(later_market),
        circumstances=tuple(circumstances),
        tax=tax,
        crashes=crashes,
        turns=played,
    )


def crashes_reaching(
    board: Board,
    own: tuple[int, int | None],
    others: Iterable[tuple[int, int | None]],
    *,
    reach: str,
    holds_assets: bool,
) -> float:
    """The Crashes expected to hit a seat: those its own pawn lands on and, where a Crash hits
    the whole market (``crash_reach`` "asset_holders", R15) while the seat holds assets,
    those the ``others``' pawns land on too. Each pawn is given as its box and the turns it
    has left (as for :func:`forecast`). A seat without assets loses nothing to another
    player's Crash: only the player who lands loses cash.

    >>> board = (("bill", "food", 30), ("crash", "", 0), ("finish", "", 0))
    >>> me, other = (2, None), (0, None)  # past the Crash; at Start (a 2, or a 1 and a 1)
    >>> crashes_reaching(board, me, [other], reach="lander", holds_assets=True)
    0.0
    >>> round(crashes_reaching(board, me, [other], reach="asset_holders", holds_assets=True), 4)
    0.1944
    >>> crashes_reaching(board, me, [other], reach="asset_holders", holds_assets=False)
    0.0
    """
    hits = forecast(board, *own).crashes
    if reach == "asset_holders" and holds_assets:
        hits += sum(forecast(board, position, turns).crashes for position, turns in others)
    return hits


def _in_order(chances: dict[str, float]) -> tuple[tuple[str, float], ...]:
    """Chances per asset kind, in a fixed order."""
    return tuple(sorted(chances.items()))


@functools.lru_cache(maxsize=256)
def turns_to_finish(last: int, position: int) -> float:
    """Expected turns a pawn on box ``position`` needs to reach the last box.

    >>> turns_to_finish(2, 1), round(turns_to_finish(3, 0), 4)  # 1 + (1 + 1/6 + 1) / 6
    (1.0, 1.3611)
    """
    if position >= last:
        return 0.0
    return 1.0 + sum(turns_to_finish(last, min(last, position + f)) for f in FACES) / len(FACES)


@functools.lru_cache(maxsize=4096)
def _purchases(offer: tuple[tuple[int, int], ...], actions: int) -> tuple[tuple[int, int], ...]:
    """Every useful (total price, total gain) of at most ``actions`` of the ``offer``ed
    (price, gain) pairs: cheapest first, each gaining more than every cheaper one."""
    sets: list[tuple[int, int]] = [(0, 0)]
    for size in range(1, min(actions, len(offer)) + 1):
        for chosen in itertools.combinations(offer, size):
            sets.append((sum(p for p, _ in chosen), sum(g for _, g in chosen)))
    sets.sort(key=lambda s: (s[0], -s[1]))
    useful: list[tuple[int, int]] = []
    for price, gain in sets:
        if not useful or gain > useful[-1][1]:
            useful.append((price, gain))
    return tuple(useful)


def best_purchase(offer: Iterable[tuple[int, int]], actions: int, money: float) -> int:
    """The largest gain (market value less price) of at most ``actions`` assets from
    ``offer`` (their (price, gain) pairs) whose prices add up to no more than ``money``.

    >>> offer = [(250, 140), (200, 110), (120, 70)]
    >>> best_purchase(offer, 2, 460), best_purchase(offer, 2, 400), best_purchase(offer, 1, 100)
    (250, 210, 0)
    """
    best = 0
    for price, gain in _purchases(tuple(sorted(offer)), actions):
        if price > money:
            break
        best = gain
    return best


def market_gain(offer: Iterable[tuple[int, int]], actions: int, cash: float, raise_: float) -> int:
    """The best gain a market offers a player with ``actions`` actions and ``cash``, who may
    also spend one action to raise ``raise_`` more (taking savings out, selling an asset)
    and buy with one action fewer.

    >>> offer = [(250, 140), (200, 110)]
    >>> market_gain(offer, 2, 300, 0), market_gain(offer, 2, 100, 200)
    (140, 140)
    >>> market_gain(offer, 1, 100, 200)  # no action left to raise the money
    0
    """
    offer = tuple(offer)
    best = best_purchase(offer, actions, cash)
    if actions >= 2 and raise_ > 0:
        best = max(best, best_purchase(offer, actions - 1, cash + raise_))
    return best

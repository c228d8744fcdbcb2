"""How well each seat is doing, on a 0..1 scale, in any game: the search bot's position value.

A game in progress is judged by each seat's *standing*: its outlook (``GameState.outlook``:
the score it would finish with if the game ended now, counting what it holds at what it will
bring, on the game's own scale) plus a quarter of its net worth (cash, savings and assets
less debt; cash counted above its face and assets below, see :func:`liquid_worth`: money
that can still buy the next bargain), each measured against the largest at the table. A
seat's value is its *lead*: against each other seat, a smooth 0..1 verdict on the gap
between their standings (a logistic curve, a half for level, near 1 for far ahead),
averaged over the others. A bare rank ("ahead or not") would say 100% for every move once
a seat is ahead and 0% for every move once it is behind, leaving the search nothing to
choose by; the curve keeps a direction in both cases.

A finished game is worth mostly its *first place*: a share of the win to the winners, and
when nobody met the winning conditions, half a share to the best final score (ties share);
the lead on final scores makes up the rest, so a bigger win is still a better one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from moneyboard.engine.state import GameState

#: Weight of net worth against the outlook in a standing.
WORTH_WEIGHT = 0.25
#: What a unit of cash counts for in a standing against a unit of savings or debt.
CASH_WEIGHT = 1.3
#: What a unit of assets counts for in a standing against a unit of savings or debt.
ASSET_WEIGHT = 0.75
#: Gap between two standings (on the table's scale) that gives about 73% to the one ahead.
LEAD_SCALE = 0.15
#: Weight of first place in a finished game's value (the lead on final scores has the rest).
FIRST_WEIGHT = 0.8
#: Worth of first place by score in a game nobody won, against a real win.
UNWON_FIRST = 0.5


def net_worth(metrics: dict[str, float]) -> float:
    """Cash, savings and assets less debt, from a seat's common metrics.

    >>> net_worth({"cash": 5, "savings": 2, "assets": 10, "debt": 4})
    13
    """
    return (
        metrics.get("cash", 0.0)
        + metrics.get("savings", 0.0)
        + metrics.get("assets", 0.0)
        - metrics.get("debt", 0.0)
    )


def liquid_worth(metrics: dict[str, float]) -> float:
    """Net worth with cash at :data:`CASH_WEIGHT` and assets at :data:`ASSET_WEIGHT` of their
    value: money in hand pays the next bill or buys the next bargain, while a debt repaid
    early or an asset bought cannot do either until it is borrowed again or sold.

    >>> liquid_worth({"cash": 10, "savings": 2, "assets": 10, "debt": 4})
    18.5
    """
    return (
        net_worth(metrics)
        + (CASH_WEIGHT - 1.0) * metrics.get("cash", 0.0)
        - (1.0 - ASSET_WEIGHT) * metrics.get("assets", 0.0)
    )


def standings(state: GameState) -> list[float]:
    """Each seat's outlook plus a quarter of its liquid worth, each on the table's scale."""
    scores = [state.outlook(seat) for seat in range(state.n)]
    worths = [liquid_worth(state.metrics(seat)) for seat in range(state.n)]
    score_scale = max(map(abs, scores)) or 1.0
    worth_scale = max(map(abs, worths)) or 1.0
    return [
        s / score_scale + WORTH_WEIGHT * w / worth_scale
        for s, w in zip(scores, worths, strict=True)
    ]


def first_place(scores: Sequence[float], winners: Sequence[int]) -> list[float]:
    """Each seat's share of first place: the winners share it; when nobody won, the best
    final scores share it.

    >>> first_place([3.0, 5.0, 5.0], [0])
    [1.0, 0.0, 0.0]
    >>> first_place([3.0, 5.0, 5.0], [])
    [0.0, 0.5, 0.5]
    """
    n = len(scores)
    if winners:
        top = set(winners)
    elif n:
        best = max(scores)
        top = {seat for seat, s in enumerate(scores) if s == best}
    else:
        top = set()
    return [1.0 / len(top) if seat in top else 0.0 for seat in range(n)]


def values(state: GameState) -> list[float]:
    """Each seat's value in 0..1: mostly first place if the game is over, else its lead."""
    n = state.n
    if n == 1:
        return [1.0]
    result = state.result
    if result is None:
        return leads(standings(state))
    scores = list(result.scores) or [0.0] * n
    first = first_place(scores, result.winners)
    worth = 1.0 if result.winners else UNWON_FIRST
    scale = max(map(abs, scores)) or 1.0
    lead = leads([s / scale for s in scores])
    return [
        FIRST_WEIGHT * worth * f + (1.0 - FIRST_WEIGHT) * g
        for f, g in zip(first, lead, strict=True)
    ]


def leads(standing: Sequence[float], scale: float = LEAD_SCALE) -> list[float]:
    """Each seat's mean over the other seats of a logistic verdict on the gap to them.

    >>> [round(v, 2) for v in leads([1.0, 1.0])]
    [0.5, 0.5]
    >>> a, b, c = leads([1.0, 0.9, 0.0])
    >>> a > b > c and round(a + b + c, 9) == 1.5
    True
    """
    n = len(standing)
    if n == 1:
        return [1.0]
    out = []
    for seat, mine in enumerate(standing):
        total = 0.0
        for other, theirs in enumerate(standing):
            if other != seat:
                gap = (mine - theirs) / scale
                total += 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, gap))))
        out.append(total / (n - 1))
    return out

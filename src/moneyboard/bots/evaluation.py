"""How well each seat is doing, on a 0..1 scale, in any game: the search bot's position value.

A finished game is worth 1 to its winners (shared on a tie) and 0 to the rest (when nobody
met the winning conditions, up to a half by final score). A game in
progress is judged on the common metrics: each seat's *standing* is its score (what decides
the winner) plus half its net worth (cash, savings and assets less debt), each measured
against the largest at the table, and a seat's value is the share of the other seats it is
ahead of. Ranks rather than raw amounts keep the value on one scale in every game and
currency, and money matters for what it will buy before the end.
"""

from __future__ import annotations

from moneyboard.engine.state import GameState

#: Weight of net worth against score in a standing.
WORTH_WEIGHT = 0.5


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


def standings(state: GameState) -> list[float]:
    """Each seat's score plus half its net worth, each on the table's own scale."""
    metrics = [state.metrics(seat) for seat in range(state.n)]
    scores = [m.get("score", 0.0) for m in metrics]
    worths = [net_worth(m) for m in metrics]
    score_scale = max(map(abs, scores)) or 1.0
    worth_scale = max(map(abs, worths)) or 1.0
    return [
        s / score_scale + WORTH_WEIGHT * w / worth_scale
        for s, w in zip(scores, worths, strict=True)
    ]


def values(state: GameState) -> list[float]:
    """Each seat's value in 0..1: its share of the win if the game is over, else its rank."""
    n = state.n
    result = state.result
    if result is not None:
        if not result.winners:
            # Nobody met the game's winning conditions: a loss for all, but a higher score
            # is still better (half a win at most), so the search has something to aim for.
            return [0.5 * v for v in _ranks(list(result.scores) or [0.0] * n)]
        share = 1.0 / len(result.winners)
        return [share if seat in result.winners else 0.0 for seat in range(n)]
    if n == 1:
        return [1.0]
    return _ranks(standings(state))


def _ranks(standing: list[float]) -> list[float]:
    """Each seat's share of the other seats it is ahead of (a tie counts half).

    >>> _ranks([3.0, 1.0, 3.0])
    [0.75, 0.0, 0.75]
    """
    n = len(standing)
    if n == 1:
        return [1.0]
    out = []
    for seat, mine in enumerate(standing):
        ahead = 0.0
        for other, theirs in enumerate(standing):
            if other != seat:
                ahead += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        out.append(ahead / (n - 1))
    return out

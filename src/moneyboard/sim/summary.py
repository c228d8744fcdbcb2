"""The figures a reader wants from the tables: win rates with intervals, per bot and per
starting card, and what decides games; and two rule sets compared on the same seeds."""

from __future__ import annotations

import pandas as pd

from moneyboard.sim.stats import mean_interval, sure, wilson

#: The columns that identify one game in a games table.
GAME_KEY = ("rules", "seating", "seed")


def win_shares(games: pd.DataFrame) -> pd.Series:
    """Each row's share of its game's win (1 / number of winners, 0 for the others)."""
    winners = games.groupby(list(GAME_KEY))["winner"].transform("sum")
    return games["winner"].astype(float) / winners.where(winners > 0, 1)


def first_shares(games: pd.DataFrame) -> pd.Series:
    """Each row's share of its game's first place (rank 1): the winners share it, and when
    nobody met the winning conditions, the best final scores share it (a tournament's
    measure, so a game nobody won still says who played it best)."""
    first = games["rank"] == 1
    firsts = first.groupby([games[k] for k in GAME_KEY]).transform("sum")
    return first.astype(float) / firsts.where(firsts > 0, 1)


def win_rates(games: pd.DataFrame, by: str, shares: pd.Series | None = None) -> pd.DataFrame:
    """Per value of ``by`` (``bot``, ``start``...): seats played, wins (ties shared), win rate
    and its 95% interval, mean score and mean rank. ``shares`` counts something else as the
    win (:func:`first_shares`); by default a seat's share of the game's winners."""
    frame = games.assign(win=win_shares(games) if shares is None else shares)
    rows = []
    for key, group in frame.groupby(by, sort=True):
        n = len(group)
        wins = float(group["win"].sum())
        low, high = wilson(wins, n)
        rows.append(
            {
                by: key,
                "seats": n,
                "wins": round(wins, 2),
                "win_rate": wins / n,
                "low": low,
                "high": high,
                "mean_score": float(group["score"].mean()),
                "mean_rank": float(group["rank"].mean()),
            }
        )
    return pd.DataFrame(rows)


def deciding_cards(cards: pd.DataFrame, games: int, top: int = 15) -> pd.DataFrame:
    """Chance outcomes by how often they fell in the round that decided a game."""
    if cards.empty:
        return pd.DataFrame(columns=["card", "games_drawn", "games_decided", "share_of_games"])
    grouped = cards.groupby("card").agg(
        games_drawn=("seed", "size"), games_decided=("deciding_round", "sum")
    )
    grouped["share_of_games"] = grouped["games_decided"] / max(games, 1)
    grouped = grouped.sort_values(["games_decided", "games_drawn"], ascending=False)
    return grouped.head(top).reset_index()


def debt_by_round(rounds: pd.DataFrame) -> pd.DataFrame:
    """Mean debt per bot kind at the end of each round."""
    return rounds.groupby(["bot", "round"])["debt"].mean().unstack("bot").sort_index()


def compare(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Two rule sets played on the same seeds and seats, side by side, with how sure we are.

    Every figure is paired by seed and seat (same bot, same dice where the rules allow), so
    its interval is that of the mean paired difference B - A.
    """
    a, b = a.assign(win=win_shares(a)), b.assign(win=win_shares(b))
    paired = a.merge(b, on=["seating", "seed", "seat", "bot"], suffixes=("_a", "_b"))
    figures: list[tuple[str, pd.DataFrame, str]] = [
        (f"win rate: {bot}", paired[paired["bot"] == bot], "win")
        for bot in sorted(paired["bot"].unique())
    ]
    for column, label in (
        ("score", "mean score"),
        ("final_debt", "final debt"),
        ("final_cash", "final cash"),
        ("loans", "loans taken"),
        ("bankruptcies", "bankruptcies"),
        ("decisions", "game length (decisions)"),
    ):
        figures.append((label, paired, column))
    rows = []
    for label, frame, column in figures:
        before, after = frame[f"{column}_a"].astype(float), frame[f"{column}_b"].astype(float)
        interval = mean_interval((after - before).tolist())
        rows.append(_row(label, float(before.mean()), float(after.mean()), interval))
    return pd.DataFrame(rows)


def _row(label: str, a: float, b: float, interval: tuple[float, float, float]) -> dict[str, object]:
    """One line of a comparison: both values, B - A with its interval, and a verdict."""
    diff, low, high = interval
    return {
        "figure": label,
        "A": float(a),
        "B": float(b),
        "B - A": diff,
        "low": low,
        "high": high,
        "B vs A": sure(low, high),
    }

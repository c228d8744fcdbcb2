"""The figures a reader wants from the tables: win rates with intervals, per bot and per
starting card, and what decides games; and two rule sets compared on the same seeds."""

from __future__ import annotations

import pandas as pd

from moneyboard.sim.stats import at_least, holm, mean_interval, paired_difference, sure, wilson

#: The columns that identify one game in a games table.
GAME_KEY = ("rules", "seating", "seed")
#: A comparison's verdict on a figure that is the same under both rule sets in every game
#: (no bankruptcy under either): not "unclear", there is no difference at all.
SAME_EVERYWHERE = "the same in every game"


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


def seat_rates(games: pd.DataFrame) -> pd.DataFrame:
    """:func:`win_rates` per seat (the tables count seats from 1: seat 1 is the first listed),
    each named with its bot where it held the same one in every game (``"1 (saver)"``): with
    fixed seats and the same bot in every seat, this is what says whether a seat helps."""
    seats = games["seat"]
    bots = games.groupby(seats)["bot"].unique()
    names = {
        seat: f"{seat} ({kinds[0]})" if len(kinds) == 1 else str(seat)
        for seat, kinds in bots.items()
    }
    return win_rates(games.assign(seat=seats.map(names)), "seat")


#: The columns of :func:`deciding_cards`.
DECIDING_COLUMNS = [
    "card",
    "card_id",
    "games_drawn",
    "games_decided",
    "games_expected",
    "times_expected",
    "p_holm",
]


def deciding_cards(cards: pd.DataFrame, top: int = 15, level: float = 0.05) -> pd.DataFrame:
    """The chance outcomes that fell in the round that decided a game (the one in which the
    eventual winner took the lead for good) clearly more often than their frequency alone
    explains, the clearest first, at most ``top``.

    Counting the games in which an outcome fell in that round ranks outcomes by how often
    they are drawn: one drawn many times in every game (a die's face, a card of a deck gone
    through every game) is in most deciding rounds whatever it does. A 200-game Monitics run
    listed only the die's six faces, each drawn in every game, which says nothing. So each
    outcome is set against the number of games in which it would have fallen there by
    frequency alone (``games_expected``: the sum over games of ``deciding_chance``, its
    draws placed at random among its stream's), and shown only if it beat that clearly: an
    exact one-sided test (the count is a sum of independent yes-or-no chances, a
    Poisson-binomial; :func:`~moneyboard.sim.stats.at_least`) with Holm's correction over
    every outcome tested (``p_holm`` below ``level``), so that 100 outcomes do not produce
    five "findings" by luck. Outcomes drawn in nearly every game are not left out as such:
    a die face that fell in the deciding round beyond its frequency would be shown; one
    that did not is not, however often it was drawn.
    """
    if cards.empty:
        return pd.DataFrame(columns=DECIDING_COLUMNS)
    grouped = cards.groupby("card_id").agg(
        card=("card", "first"),
        games_drawn=("seed", "size"),
        games_decided=("deciding_round", "sum"),
        games_expected=("deciding_chance", "sum"),
    )
    grouped = grouped[grouped["games_expected"] > 0].copy()
    if grouped.empty:
        return pd.DataFrame(columns=DECIDING_COLUMNS)
    chances: dict[str, list[float]] = {}
    for card, chance in zip(cards["card_id"], cards["deciding_chance"], strict=True):
        chances.setdefault(str(card), []).append(float(chance))
    p_values = [
        at_least(chances[str(card)], int(decided))
        for card, decided in grouped["games_decided"].items()
    ]
    grouped["times_expected"] = grouped["games_decided"] / grouped["games_expected"]
    grouped["p_holm"] = holm(p_values)
    clear = grouped[(grouped["p_holm"] < level) & (grouped["times_expected"] > 1)]
    clear = clear.sort_values(["p_holm", "times_expected"], ascending=[True, False])
    return clear.head(top).reset_index()[DECIDING_COLUMNS]


def outcomes_tested(cards: pd.DataFrame) -> int:
    """How many chance outcomes :func:`deciding_cards` weighed (those drawn in a game that
    had a deciding round)."""
    if cards.empty:
        return 0
    return int(cards.loc[cards["deciding_chance"] > 0, "card_id"].nunique())


def debt_by_round(rounds: pd.DataFrame, keep: float = 0.5) -> pd.DataFrame:
    """Mean debt per bot kind at the end of each round, over the rounds that at least
    ``keep`` of the games reached: past them the mean is of the few longest games only
    (and one of them ending moves it), which says little about the rule set."""
    reached = rounds.groupby("round")[["rules", "seed"]].apply(lambda g: len(g.drop_duplicates()))
    games = len(rounds[["rules", "seed"]].drop_duplicates())
    shown = reached[reached >= keep * games].index
    debt = rounds[rounds["round"].isin(shown)]
    return debt.groupby(["bot", "round"])["debt"].mean().unstack("bot").sort_index()


def compare(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """Two rule sets played on the same seeds and seats, side by side, with how sure we are.

    Every figure is paired by seed and seat (same bot, same dice where the rules allow), so
    its interval is that of the paired difference B - A: for a rate (a bot's wins, the
    games nobody won), Newcombe's interval for two rates on the same games
    (:func:`~moneyboard.sim.stats.paired_difference`, never a single point however few the
    games); for the other figures, the normal interval of the mean paired difference. The
    money, loans and bankruptcies are per seat (a mean over every bot's seat); the games
    nobody won, the rounds played and the decisions, per game. A figure equal under both
    in every game is said to be :data:`SAME_EVERYWHERE` rather than given a verdict; the
    final debt is left out when it is nil in every game (a game that settles every loan at
    its end, as FinanciaLit does): the peak debt says what borrowing there was.
    """
    a, b = a.assign(win=win_shares(a)), b.assign(win=win_shares(b))
    paired = a.merge(b, on=["seating", "seed", "seat", "bot"], suffixes=("_a", "_b"))
    per_game = paired.groupby(["seating", "seed"]).agg(
        no_winner_a=("winner_a", lambda w: float(not w.any())),
        no_winner_b=("winner_b", lambda w: float(not w.any())),
        rounds_a=("rounds_a", "first"),
        rounds_b=("rounds_b", "first"),
        decisions_a=("decisions_a", "first"),
        decisions_b=("decisions_b", "first"),
    )
    figures: list[tuple[str, pd.DataFrame, str]] = [
        (f"win rate: {bot}", paired[paired["bot"] == bot], "win")
        for bot in sorted(paired["bot"].unique())
    ]
    figures.append(("games with no winner", per_game, "no_winner"))
    seat_figures = [
        ("score", "mean score"),
        ("peak_debt", "peak debt"),
        ("final_debt", "final debt"),
        ("final_cash", "final cash"),
        ("loans", "loans taken"),
        ("bankruptcies", "bankruptcies"),
    ]
    for column, label in seat_figures:
        debts = paired[[f"{column}_a", f"{column}_b"]]
        if column == "final_debt" and len(paired) and bool((debts == 0).all(axis=None)):
            continue
        figures.append((label, paired, column))
    figures.append(("rounds played", per_game, "rounds"))
    figures.append(("game length (decisions)", per_game, "decisions"))
    rows = []
    for label, frame, column in figures:
        before, after = frame[f"{column}_a"].astype(float), frame[f"{column}_b"].astype(float)
        if column in ("win", "no_winner"):
            interval = paired_difference(after.tolist(), before.tolist())
        else:
            interval = mean_interval((after - before).tolist())
        row = _row(label, float(before.mean()), float(after.mean()), interval)
        if len(frame) and bool((after == before).all()):
            row["B vs A"] = SAME_EVERYWHERE
        rows.append(row)
    return pd.DataFrame(rows)


def no_winner_games(games: pd.DataFrame) -> tuple[int, int]:
    """How many of the games in ``games`` (one rule set's) nobody won, and how many games
    there are."""
    won = games.groupby(list(GAME_KEY))["winner"].any()
    return int((~won).sum()), len(won)


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

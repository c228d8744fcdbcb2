"""What ``moneyboard simulate`` and ``moneyboard tournament`` do, apart from parsing options.

Both show a Rich progress bar (games done, rate, time left), keep whatever finished if the
run is interrupted, and raise :class:`MoneyboardError` for anything a person got wrong.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pandas as pd
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.game import GameDef
from moneyboard.engine.options import describe_options
from moneyboard.sim.display import (
    comparison_shown,
    game_words,
    margins_shown,
    print_shown,
    rates_shown,
)
from moneyboard.sim.play import GameJob, GameOutcome, job_overrides, rotated
from moneyboard.sim.report import by_rule_set, write_report
from moneyboard.sim.runner import RunResult, require_dask, run_jobs
from moneyboard.sim.seats import parse_bot_seats
from moneyboard.sim.summary import compare, no_winner_games, seat_rates, win_rates
from moneyboard.sim.tables import write_tables
from moneyboard.sim.tournament import run_tournament


class _Rate(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:,.1f} games/s" if speed else "- games/s")


#: Seconds between two plain progress lines when stderr is not a terminal (a log, a pipe).
PROGRESS_EVERY = 10.0


def duration_words(seconds: float) -> str:
    """A time left, rounded as a person would say it.

    >>> duration_words(44.2), duration_words(760), duration_words(3900)
    ('44 s', '13 min', '1 h 5 min')
    """
    if seconds < 90:
        return f"{round(seconds)} s"
    minutes = round(seconds / 60)
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60} min"


@contextmanager
def plain_progress(console: Console, total: int, label: str) -> Iterator[Callable[[int], None]]:
    """Progress as a line every :data:`PROGRESS_EVERY` seconds (and one at the start), for
    a stream that is not a terminal, where a live bar would show nothing until the end."""
    start = time.monotonic()
    last = start - PROGRESS_EVERY

    def advance(done: int) -> None:
        nonlocal last
        now = time.monotonic()
        if now - last < PROGRESS_EVERY and done < total:
            return
        last = now
        line = f"{label}: {done} of {total} games"
        if 0 < done < total:
            left = (now - start) / done * (total - done)
            line += f", about {duration_words(left)} left"
        console.print(line, soft_wrap=True)

    advance(0)
    yield advance


@contextmanager
def progress_bar(console: Console, total: int, label: str) -> Iterator[Callable[[int], None]]:
    """Progress over ``total`` games, on stderr so the tables on stdout stay clean: a live
    bar on a terminal, else a plain line now and then; yields the callback that moves it."""
    console = Console(stderr=True, highlight=False)
    if not console.is_terminal:
        with plain_progress(console, total, label) as advance:
            yield advance
        return
    columns = (
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        _Rate(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as bar:
        task = bar.add_task(label, total=total)
        yield lambda done: bar.update(task, completed=done)


@dataclasses.dataclass(frozen=True)
class SimulateSettings:
    """Everything ``simulate`` was asked for, already checked."""

    game: GameDef
    kinds: tuple[str, ...]
    games: int
    seed: int
    overrides: dict[str, Any]
    other_overrides: dict[str, Any] | None
    workers: int | None
    scheduler: str | None
    out: Path
    #: Write each game's record to ``out/records`` (to replay or debrief any one game).
    records: bool = False
    #: What rule sets A and B are, in words (the variant files' names).
    rules_name: str = "the game's own rules"
    compare_name: str = "the second variant"
    #: Turn the seats by one place each game (:func:`~moneyboard.sim.play.rotated`), so each
    #: bot sits in every seat equally often; else every game is seated as ``kinds`` (fixed
    #: seats: a fixed line-up, or "does going first matter?" with the same bot in every seat).
    rotate: bool = True


#: What the notes say of the seating, rotated or not.
ROTATED_WORDS = (
    "Seats turn by one place each game, so each bot moves first in 1 game in {n} "
    "(each game's seating is in games.csv); under both rule sets a seed has the same seating."
)
FIXED_WORDS = (
    "Seats fixed: in every game {places}; a bot's win rate is also its seat's (its seats' "
    "together where it has more than one), and the win rate per seat gives each seat's own."
)


def seating_words(kinds: tuple[str, ...], rotate: bool) -> str:
    """What the report's notes say of the seating, so a reader knows whether a bot's win
    rate is also a seat's.

    >>> seating_words(("saver", "random"), rotate=False)[:63]
    'Seats fixed: in every game saver sits in seat 1, random in seat'
    """
    if rotate:
        return ROTATED_WORDS.format(n=len(kinds))
    places = [f"{kinds[0]} sits in seat 1"]
    places += [f"{kind} in seat {seat}" for seat, kind in enumerate(kinds[1:], start=2)]
    return FIXED_WORDS.format(places=", ".join(places))


def simulate(settings: SimulateSettings, console: Console) -> RunResult:
    """Run the games (twice on the same seeds with ``--compare``), write tables and report."""
    s = settings
    if s.scheduler is not None:
        require_dask()
    s.game.options(s.overrides)  # a bad rules file is refused before any game is played
    rule_sets = [("A" if s.other_overrides is not None else "default", s.overrides)]
    if s.other_overrides is not None:
        s.game.options(s.other_overrides)
        rule_sets.append(("B", s.other_overrides))
    output_folder(s.out)  # and so is a folder the results cannot be written to
    jobs = [
        GameJob(
            s.game.id,
            rotated(s.kinds, i) if s.rotate else s.kinds,
            s.seed + i,
            job_overrides(overrides),
            name,
            s.records,
        )
        for name, overrides in rule_sets
        for i in range(s.games)
    ]
    legend = []
    if s.other_overrides is not None:
        legend = [
            f"Rule set A: {rule_set_words(s.rules_name, s.overrides, s.game)}.",
            f"Rule set B: {rule_set_words(s.compare_name, s.other_overrides, s.game)}.",
        ]
        for line in legend:  # what A and B are, before any table about them
            console.print(line, soft_wrap=False, highlight=False)
    with progress_bar(console, len(jobs), s.game.title) as advance:
        run = run_jobs(jobs, s.workers, s.scheduler, advance)
    with written_to(s.out):
        tables = write_tables(run.outcomes, s.out)
        if s.records:
            write_records(run.outcomes, s.out / "records")
    comparison = None
    words = game_words(s.game)
    if s.other_overrides is not None:
        games = tables["games"]
        comparison = compare(games[games["rules"] == "A"], games[games["rules"] == "B"])
        with written_to(s.out):
            # Six significant figures: -0.15, not -0.14999999999999997.
            comparison.to_csv(s.out / "compare.csv", index=False, float_format="%.6g")
        print_shown(console, comparison_shown(comparison, words))
    notes = f"{len(run.outcomes)} of {run.total} games, seats {', '.join(s.kinds)}, "
    notes += f"{seeds_words(s.seed, s.games)}. "
    notes += seating_words(s.kinds, s.rotate)
    if run.interrupted:
        notes += " The run was stopped early: these are the games that finished."
    if s.records:
        notes += f" Each game's record is in {s.out / 'records'} (moneyboard debrief RECORD)."
    with written_to(s.out):
        write_report(
            s.out / "report.html",
            f"{s.game.title}: simulation",
            tables,
            comparison,
            notes,
            words=words,
            legend=legend,
        )
    if not tables["games"].empty:
        for name, these in by_rule_set(tables["games"]):
            suffix = f" under rule set {name}" if name else ""
            rates = win_rates(these, "bot")
            title = f"Win rate per bot{suffix} (ties shared)"
            shown = rates_shown(rates, "bot", title, words=words, no_winner=no_winner_games(these))
            print_shown(console, shown)
            if not s.rotate:  # what fixed seats are for: whether a seat itself helps
                title = f"Win rate per seat{suffix} (seat 1 is the first listed)"
                print_shown(console, rates_shown(seat_rates(these), "seat", title, words=words))
    console.print(f"{notes} Tables and report.html are in {s.out}.")
    return run


def seeds_words(first: int, games: int) -> str:
    """The seeds of ``games`` games from ``first``, in words.

    >>> seeds_words(0, 4), seeds_words(7, 1)
    ('seeds 0 to 3', 'seed 7')
    """
    return f"seed {first}" if games == 1 else f"seeds {first} to {first + games - 1}"


def output_folder(out: Path) -> None:
    """Make ``out`` (a folder for the tables and report), or say plainly why it cannot be."""
    if out.exists() and not out.is_dir():
        raise MoneyboardError(f"{out} is a file, not a folder: give --out a folder's name")
    with written_to(out):
        out.mkdir(parents=True, exist_ok=True)


@contextmanager
def written_to(out: Path) -> Iterator[None]:
    """Writing into ``out``: a failure (no room left, no permission) is one clear line."""
    try:
        yield
    except OSError as exc:
        raise MoneyboardError(f"cannot write the results to {out}: {exc.strerror or exc}") from None


def rule_set_words(name: str, overrides: Mapping[str, Any], game: GameDef | None = None) -> str:
    """A rule set for the reader: where it came from and the options it sets, each by its
    name as the file writes it and, given the ``game``, by its meaning and default (as
    ``moneyboard rules`` gives them).

    >>> rule_set_words("rich.toml", {"start_cash": 1000})
    'rich.toml (start_cash = 1000)'
    >>> rule_set_words("the game's own rules", {})
    "the game's own rules (no option changed)"
    >>> from moneyboard.registry import get_game
    >>> said = rule_set_words("fl.toml", {"goods_min": 4}, get_game("financialit"))
    >>> said[:60]
    'fl.toml (goods_min = 4: Common Goods a family must buy on ea'
    >>> said[-30:]
    's its cash allows); default 0)'
    """
    rows = {}
    if game is not None:
        rows = {
            row["name"]: row
            for row in describe_options(game.options_model, game.state_class.automations)
        }
    options = []
    for key, value in sorted(overrides.items()):
        said = f"{key} = {toml_value(value)}"
        row = rows.get(key)
        if row is not None and row["meaning"]:
            said += f": {row['meaning'].rstrip('.')}; default {toml_value(row['default'])}"
        options.append(said)
    return f"{name} ({', '.join(options) or 'no option changed'})"


def toml_value(value: Any) -> str:
    """A rule option's value as a variant file writes it (TOML), not as Python prints it.

    >>> toml_value(["fire", "flu"]), toml_value(True), toml_value({"cost": 11, "on": None})
    ('["fire", "flu"]', 'true', '{cost = 11, on = "none"}')
    """
    if value is None:
        return '"none"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + "}"
    return str(value)


def write_records(outcomes: list[GameOutcome], folder: Path) -> None:
    """Each finished game's record as ``<rules>-<seed>.json`` (the name the tables give it)."""
    folder.mkdir(parents=True, exist_ok=True)
    for outcome in outcomes:
        if outcome.record is not None:
            name = f"{outcome.job.rules}-{outcome.job.seed}.json"
            (folder / name).write_text(outcome.record, encoding="utf-8")


def tournament(
    game: GameDef,
    kinds: tuple[str, ...],
    games_per_seating: int,
    *,
    seed: int,
    workers: int | None,
    scheduler: str | None,
    console: Console,
) -> pd.DataFrame:
    """Play every seating ``games_per_seating`` times; print first-place rates and margins."""
    from moneyboard.sim.tournament import seatings

    if len(set(kinds)) < 2:
        raise MoneyboardError(
            "a tournament compares bots: give at least two different kinds, "
            "e.g. --seats saver,spender"
        )
    if scheduler is not None:
        require_dask()
    total = len(seatings(kinds)) * games_per_seating
    with progress_bar(console, total, f"{game.title} tournament") as advance:
        result = run_tournament(
            game.id,
            kinds,
            games_per_seating,
            seed=seed,
            workers=workers,
            scheduler=scheduler,
            progress=advance,
        )
    if result.rates.empty:
        raise MoneyboardError("the tournament was stopped before any game finished")
    done = len(result.run.outcomes)
    stopped = " (stopped early)" if result.run.interrupted else ""
    orders = len(seatings(kinds))
    console.print(
        f"{done} games{stopped}: {orders} seatings (orders of the bots at the table), each on "
        f"{seeds_words(seed, games_per_seating)}."
    )
    title = "First place per bot: a win, or the best score when nobody won (ties shared)"
    shown = rates_shown(
        result.rates,
        "bot",
        title,
        counted="firsts",
        rate="first_place",
        headers=("Firsts", "First place"),
        words=game_words(game),
    )
    print_shown(console, shown)
    print_shown(console, margins_shown(result.margins))
    return result.rates


def read_seats(text: str | None, game: GameDef) -> tuple[str, ...]:
    """The seats asked for, or a default table of personalities for the game's player count."""
    if text is None:
        from moneyboard.bench import default_players

        default = ["saver", "spender", "investor", "insurer", "risk-taker", "random"]
        text = ",".join(default[: default_players(game)])
    return parse_bot_seats(text, game)

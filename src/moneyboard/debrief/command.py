"""``moneyboard debrief RECORD``: the debrief in the terminal and as an HTML report."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule

from moneyboard.debrief.debrief import build_debrief, nothing_clear
from moneyboard.debrief.records import DebriefError, load
from moneyboard.debrief.report import report_html
from moneyboard.debrief.turning_points import badge
from moneyboard.debrief.what_if import WhatIf, action_from_text, what_if


def default_report_path(record: Path) -> Path:
    """Where the report goes unless told: beside the record, named after it.

    >>> default_report_path(Path("runs/game.json")).as_posix()
    'runs/game-debrief.html'
    """
    return record.with_name(f"{record.stem}-debrief.html")


def look_closer(record_path: Path, entry: int, typed: str) -> str:
    """The whole command that plays the alternative ``typed`` at ``entry`` on at random (as
    the turning points were measured), quoted for the shell, for a trainer to copy and run.

    >>> look_closer(Path("week 3/game.json"), 57, "Take a loan")
    "moneyboard debrief 'week 3/game.json' --what-if 57 'Take a loan' --bots random"
    """
    return shlex.join(
        [
            "moneyboard",
            "debrief",
            str(record_path),
            "--what-if",
            str(entry),
            typed,
            "--bots",
            "random",
        ]
    )


def run_debrief(
    record_path: Path,
    console: Console,
    *,
    out: Path | None = None,
    what_if_move: tuple[int, str] | None = None,
    seed: int = 0,
    budget: float,
    games: int = 20,
    bots: str | None = None,
    as_json: bool = False,
) -> Path:
    """Debrief the record at ``record_path``, print it and write the report; returns its path.

    Raises a :class:`~moneyboard.engine.errors.MoneyboardError` for anything a person got
    wrong (a broken record, an entry that is not a move, an action not allowed there).
    """
    record = load(record_path)
    extra: list[WhatIf] = []
    if what_if_move is not None:  # checked first: a mistyped action costs no waiting
        entry, text = what_if_move
        action = action_from_text(record, entry, text)
        extra.append(what_if(record, entry, action, games=games, seed=seed, bots=bots))
    debrief = build_debrief(record, seed=seed, budget_seconds=budget)
    target = out if out is not None else default_report_path(record_path)
    try:
        target.write_text(report_html(debrief, extra), encoding="utf-8")
    except OSError as exc:
        raise DebriefError(f"cannot write the report {target}: {exc.strerror}") from None
    if as_json:
        data = debrief.to_json()
        data["what_if"] = [w.to_json() for w in extra]
        console.print_json(json.dumps(data))
        return target
    console.print(Rule(f"Debrief: {escape(debrief.title)}"))
    for line in debrief.summary:
        console.print(f"- {escape(line)}")
    console.print()
    console.print("[bold]The decisions that mattered[/bold]")
    if not debrief.turning_points:
        console.print(nothing_clear(debrief.measured, debrief.decisions, debrief.moves))
    for p in debrief.turning_points:
        colour = "green" if p.good_call else "red"
        tag = f"[{colour}]{escape(badge(p))}[/{colour}]"
        console.print(f"{tag} (entry {p.entry}): {escape(p.sentence)}")
        command = look_closer(record_path, p.entry, p.alternative_typed)
        # One line however long (the terminal may fold it): a copied command then runs.
        console.print(f"  [dim]to look closer: {escape(command)}[/dim]", soft_wrap=True)
    if debrief.turning_points:
        console.print(
            "These were measured with every seat playing on at random; a what-if without "
            "'--bots random' plays each seat as its own bot, so its figures differ."
        )
    for w in extra:
        console.print()
        console.print(f"[bold]What if (entry {w.entry})[/bold]")
        console.print(escape(w.sentence))
    console.print()
    console.print(f"Report with charts: {escape(str(target))}")
    return target

"""The debrief of a recorded game: its timeline, the decisions that mattered and a summary.

:func:`build_debrief` replays the record once, collecting the timeline at the end of every
round and the position before every move where a seat had a real choice; then it judges
those choices with simulated finishes (:mod:`moneyboard.debrief.turning_points`) within a
budget, and sums the game up in a few plain sentences.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from moneyboard.debrief.charts import NARROW, WIDE, Layout, line_chart
from moneyboard.debrief.records import (
    DebriefError,
    Record,
    Replayer,
    game_of,
    load,
    seat_of,
    undone_entries,
)
from moneyboard.debrief.timeline import (
    SCORE_IS_NET_WORTH,
    SCORE_IS_SHARE,
    TimelineBuilder,
    TimelineRow,
    debrief_label,
    score_measure,
    score_unit,
    shown_metrics,
)
from moneyboard.debrief.turning_points import (
    LIMIT,
    Candidate,
    Scales,
    TurningPoint,
    measure,
    plan,
    screen,
    select,
    to_measure,
)
from moneyboard.engine.record import ActionMove, GameRecord
from moneyboard.engine.state import GameState
from moneyboard.sim.play import round_of

#: Seconds of simulated play a debrief spends by default (at the nominal rate).
DEFAULT_BUDGET = 8.0


@dataclasses.dataclass(frozen=True, slots=True)
class Debrief:
    """Everything a debrief shows about one recorded game."""

    game: str
    title: str
    seats: tuple[str, ...]
    metrics: tuple[str, ...]
    labels: dict[str, str]
    timeline: tuple[TimelineRow, ...]
    turning_points: tuple[TurningPoint, ...]
    summary: tuple[str, ...]
    #: Moves where a seat had a real choice, and how many of them were measured.
    decisions: int
    measured: int
    finished: bool
    #: What the game calls a round ("round"; FinanCity's "year"): charts and lists say it.
    period: str = "round"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "title": self.title,
            "seats": list(self.seats),
            "metrics": [{"name": m, "label": self.labels[m]} for m in self.metrics],
            "timeline": [row.to_json() for row in self.timeline],
            "turning_points": [p.to_json() for p in self.turning_points],
            "summary": list(self.summary),
            "decisions": self.decisions,
            "measured": self.measured,
            "finished": self.finished,
            "period": self.period,
        }

    def rounds(self) -> list[int]:
        """The rounds of the timeline, in order."""
        return list(dict.fromkeys(row.round for row in self.timeline))

    def series(self, metric: str) -> list[tuple[str, list[float]]]:
        """Per seat, its name and the metric at the end of each round."""
        return [
            (name, [row.values[metric] for row in self.timeline if row.seat == seat])
            for seat, name in enumerate(self.seats)
        ]


def build_debrief(
    record: Record, *, seed: int = 0, budget_seconds: float = DEFAULT_BUDGET, limit: int = LIMIT
) -> Debrief:
    """Debrief a recorded game (see the module doc); the same record and seed give the same
    debrief. ``budget_seconds`` bounds the simulated play spent on the turning points (at a
    nominal rate, so not the machine's speed), ``limit`` how many are listed."""
    if not budget_seconds >= 0:
        raise DebriefError(f"a debrief's budget is a number of seconds, not {budget_seconds}")
    if limit < 0:
        raise DebriefError(f"a debrief lists zero or more turning points, not {limit}")
    rec = load(record)
    candidates, rows, final = _replay(rec)
    measured = _judge(rec.game, candidates, rows, final, seed=seed, budget_seconds=budget_seconds)
    metrics = shown_metrics(rows)
    debrief = Debrief(
        game=rec.game,
        title=game_of(rec).title,
        seats=tuple(s.name for s in final.seats),
        metrics=tuple(metrics),
        labels={m: debrief_label(rec.game, m) for m in metrics},
        timeline=tuple(rows),
        turning_points=tuple(select(measured, limit)),
        summary=(),
        decisions=len(candidates),
        measured=len(measured),
        finished=final.result is not None,
        period=final.period,
    )
    summary = summarize(debrief, final, score_measure(rec.game))
    return dataclasses.replace(debrief, summary=tuple(summary))


def _replay(rec: GameRecord) -> tuple[list[Candidate], list[TimelineRow], GameState]:
    """Replay the record once: the decisions worth judging, the timeline and the last state."""
    walk = Replayer(rec)
    timeline = TimelineBuilder(walk.state)
    undone = undone_entries(rec)
    left = _decisions_left(rec, undone)
    candidates: list[Candidate] = []
    while not walk.done:
        if isinstance(walk.entry(), ActionMove) and walk.index not in undone:
            candidate = _candidate(walk, left[walk.index])
            if candidate is not None:
                candidates.append(candidate)
        walk.advance()
        timeline.observe(walk.state, walk.index)
    final = walk.finish()
    return candidates, timeline.finish(final, walk.index), final


def _judge(
    game_id: str,
    candidates: list[Candidate],
    rows: list[TimelineRow],
    final: GameState,
    *,
    seed: int,
    budget_seconds: float,
) -> list[TurningPoint]:
    """Screen every decision, then measure the most promising ones the budget allows."""
    if not candidates:
        return []
    scales = Scales(
        score=max(abs(final.metrics(s).get("score", 0.0)) for s in range(final.n)) or 1.0,
        worth=max(abs(row.values["net_worth"]) for row in rows[-final.n :]) or 1.0,
    )
    # Look about a round ahead when screening: the record's decisions per round.
    per_round = round(len(candidates) / max(1, len(rows) // final.n))
    the_plan = plan(candidates, max(8, per_round), budget_seconds)
    screen(candidates, seed, the_plan, scales)
    unit, money_is_score = score_unit(game_id), game_id in SCORE_IS_NET_WORTH
    share = game_id in SCORE_IS_SHARE
    return to_measure(
        candidates,
        the_plan.left,
        lambda c: measure(c, seed, scales, unit, money_is_score, share=share),
    )


def _decisions_left(record: GameRecord, undone: set[int]) -> list[int]:
    """For each entry, how many seats' moves that stand (not ``undone``) come after it."""
    out = [0] * len(record.moves)
    count = 0
    for i in range(len(record.moves) - 1, -1, -1):
        out[i] = count
        if seat_of(record.moves[i]) is not None and i not in undone:
            count += 1
    return out


def _candidate(walk: Replayer, remaining: int) -> Candidate | None:
    """The position before the next move if its seat was asked and had a real choice."""
    state = walk.before_move()
    entry = walk.entry()
    seat = entry.seat
    if seat not in state.to_move():
        return None  # a move at any time (a loan between turns): no decision was asked
    chosen = walk.action()
    assert chosen is not None
    legal = state.legal_actions(seat)
    options = [chosen, *(a for a in legal if a != chosen)]
    if len(options) < 2:
        return None
    return Candidate(
        entry=walk.index,
        seat=seat,
        round=round_of(state),
        name=state.seats[seat].name,
        state=state.clone(with_history=False),
        options=options,
        remaining=remaining,
    )


def summarize(debrief: Debrief, final: GameState, unit: str) -> list[str]:
    """The game in a few plain sentences: who won, how the money went, what mattered
    (``unit``: what the game's score is called, as :func:`score_measure` names it)."""
    out: list[str] = []
    names = debrief.seats
    rounds = debrief.rounds()
    result = final.result
    if result is not None:
        reason = final.explain(result.reason)
        winners = " and ".join(names[s] for s in result.winners) or "Nobody"
        verb = "won" if len(result.winners) <= 1 else "shared the win"
        last = rounds[-1] if rounds else round_of(final)
        out.append(f"{winners} {verb} in {final.period} {last}: {reason}")
    else:
        last = rounds[-1] if rounds else round_of(final)
        out.append(f"The game was not finished: the record stops in {final.period} {last}.")
    if rounds:
        first = {row.seat: row.values for row in debrief.timeline if row.round == rounds[0]}
        last_values = {row.seat: row.values for row in debrief.timeline if row.round == rounds[-1]}
        growth = {s: last_values[s]["net_worth"] - first[s]["net_worth"] for s in last_values}
        top = max(growth, key=lambda s: (growth[s], -s))
        since = "at the start" if rounds[0] == 0 else f"after {final.period} {rounds[0]}"
        out.append(
            f"{names[top]}'s net worth grew the most over the game: from "
            f"{final.money_text(first[top]['net_worth'])} {since} to "
            f"{final.money_text(last_values[top]['net_worth'])} at the end."
            if growth[top] > 0
            else "Nobody's net worth grew over the game."
        )
        debts = [(row.values["debt"], -row.round, row.seat) for row in debrief.timeline]
        peak, minus_round, seat = max(debts)
        if peak > 0:
            out.append(
                f"The largest debt was {names[seat]}'s: {final.money_text(peak)} at the end "
                f"of {final.period} {-minus_round}."
            )
    if debrief.turning_points:
        costly = sum(1 for p in debrief.turning_points if not p.good_call)
        good = len(debrief.turning_points) - costly
        kinds = []  # only the kinds there are: never "0 costly"
        if costly:
            kinds.append(f"{costly} costly")
        if good:
            kinds.append(f"{good} good {'call' if good == 1 else 'calls'}")
        compared = "net worth" if debrief.game in SCORE_IS_NET_WORTH else f"{unit} and net worth"
        decisions = f"{debrief.decisions} {'decision' if debrief.decisions == 1 else 'decisions'}"
        out.append(
            f"Of {decisions} with a real choice, {len(debrief.turning_points)} clearly "
            f"changed how a player was likely to end ({' and '.join(kinds)}), judged by "
            f"{compared} at the end of simulated finishes."
        )
    elif debrief.decisions:
        out.append(nothing_clear(debrief.measured, debrief.decisions))
    return out


def nothing_clear(measured: int, decisions: int) -> str:
    """The sentence for a debrief without turning points: how many decisions were weighed
    (none to weigh, all of them, or the most promising few).

    >>> nothing_clear(0, 0)
    'No move in this game offered a real choice, so there are no decisions to weigh.'
    >>> nothing_clear(1, 1)
    'The one decision with a real choice made no difference clear of chance.'
    >>> nothing_clear(3, 40)
    'None of the 3 most promising of 40 decisions made a difference clear of chance.'
    """
    if decisions == 0:
        return "No move in this game offered a real choice, so there are no decisions to weigh."
    if measured == 0:
        return f"The {decisions} decisions with a real choice were not weighed."
    if measured >= decisions:
        if decisions == 1:
            return "The one decision with a real choice made no difference clear of chance."
        return (
            f"None of the {decisions} decisions with a real choice made a difference clear "
            "of chance."
        )
    if measured == 1:
        return f"The most promising of {decisions} decisions made no difference clear of chance."
    return (
        f"None of the {measured} most promising of {decisions} decisions made a difference "
        "clear of chance."
    )


def is_share(debrief: Debrief, metric: str) -> bool:
    """Whether ``metric`` is a share of expenses in this game, shown as a percentage."""
    return metric == "score" and debrief.game in SCORE_IS_SHARE


def charts_svg(debrief: Debrief, layout: Layout = WIDE) -> dict[str, str]:
    """One accessible inline SVG chart per metric of the timeline: a line per seat, shaped
    for a wide screen or, with :data:`~moneyboard.debrief.charts.NARROW`, for a phone."""
    rounds = debrief.rounds()
    suffix = "-narrow" if layout is NARROW else ""
    return {
        metric: line_chart(
            f"chart-{metric.replace('_', '-')}{suffix}",
            debrief.labels[metric],
            rounds,
            debrief.series(metric),
            y_label=debrief.labels[metric],
            x_label=debrief.period.capitalize(),
            layout=layout,
            share=is_share(debrief, metric),
        )
        for metric in debrief.metrics
    }

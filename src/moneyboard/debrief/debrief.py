"""The debrief of a recorded game: its timeline, the decisions that mattered and a summary.

:func:`build_debrief` replays the record once, collecting the timeline at the end of every
round and the position before every move where a seat had a real choice; then it judges
those choices with simulated finishes (:mod:`moneyboard.debrief.turning_points`) within a
budget, and sums the game up in a few plain sentences.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from moneyboard.debrief.charts import NARROW, WIDE, Layout, line_chart, number
from moneyboard.debrief.playouts import Position
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
    Setback,
    TimelineBuilder,
    TimelineRow,
    debrief_label,
    score_measure,
    score_unit,
    seat_values,
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
from moneyboard.debrief.words import share_percent, with_unit
from moneyboard.engine.record import ActionMove, DirectiveMove, GameRecord
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
    #: Seats that went bankrupt or left the game (their rows stop when they left).
    setbacks: tuple[Setback, ...] = ()
    #: The round in which the trainer called time, if they did.
    time_called: int | None = None
    #: The seats' moves that stand in the record (none: the game has not begun).
    moves: int = 0

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
            "setbacks": [s.to_json() for s in self.setbacks],
            "time_called": self.time_called,
            "moves": self.moves,
        }

    def rounds(self) -> list[int]:
        """The rounds of the timeline, in order."""
        return list(dict.fromkeys(row.round for row in self.timeline))

    def series(self, metric: str) -> list[tuple[str, list[float | None]]]:
        """Per seat, its name and the metric at the end of each round (``None`` once the
        seat has left the game)."""
        rounds = self.rounds()
        out: list[tuple[str, list[float | None]]] = []
        for seat, name in enumerate(self.seats):
            have = {row.round: row.values[metric] for row in self.timeline if row.seat == seat}
            out.append((name, [have.get(number) for number in rounds]))
        return out


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
    candidates, timeline, final, called = _replay(rec)
    rows = timeline.rows
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
        setbacks=tuple(timeline.setbacks()),
        time_called=called,
        moves=_moves(rec),
    )
    summary = summarize(debrief, final, score_measure(rec.game))
    return dataclasses.replace(debrief, summary=tuple(summary))


def _replay(
    rec: GameRecord,
) -> tuple[list[Candidate], TimelineBuilder, GameState, int | None]:
    """Replay the record once: the decisions worth judging, the timeline (finished), the
    last state and the round in which the trainer called time (``None`` if they did not)."""
    walk = Replayer(rec)
    timeline = TimelineBuilder(walk.state)
    undone = undone_entries(rec)
    left = _decisions_left(rec, undone)
    candidates: list[Candidate] = []
    called: int | None = None
    while not walk.done:
        entry = walk.entry()
        if isinstance(entry, ActionMove) and walk.index not in undone:
            candidate = _candidate(walk, left[walk.index])
            if candidate is not None:
                candidates.append(candidate)
        elif (
            isinstance(entry, DirectiveMove)
            and entry.directive == "call_time"
            and walk.index not in undone
        ):
            called = round_of(walk.state)
        walk.advance()
        timeline.observe(walk.state, walk.index)
    final = walk.finish()
    timeline.finish(final, walk.index)
    return candidates, timeline, final, called


def _moves(record: GameRecord) -> int:
    """How many of the record's entries are seats' moves that stand (not taken back)."""
    undone = undone_entries(record)
    return sum(
        1
        for number, entry in enumerate(record.moves)
        if seat_of(entry) is not None and number not in undone
    )


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
    # Look about a round ahead when screening: the record's decisions per round (the rows
    # of the start, before any move, are no round played).
    played = len({row.round for row in rows if row.entry > 0})
    per_round = round(len(candidates) / max(1, played))
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
        position=Position(state),
        options=options,
        remaining=remaining,
    )


def summarize(debrief: Debrief, final: GameState, unit: str) -> list[str]:
    """The game in a few plain sentences: who won (or where the record stops, and the
    standings if the trainer called time), who went bankrupt or left, how the money went, and
    how many decisions mattered (``unit``: what the game's score is called, as
    :func:`score_measure` names it). That no decision stood out of chance is said once, under
    the decisions that mattered (:func:`nothing_clear`), not here too."""
    if debrief.moves == 0:
        return ["The game has not begun: the record stops before the first move."]
    out: list[str] = []
    names = debrief.seats
    rounds = debrief.rounds()
    result = final.result
    period = final.period
    last = rounds[-1] if rounds else round_of(final)
    if result is not None:
        reason = final.explain(result.reason)
        winners = " and ".join(names[s] for s in result.winners) or "Nobody"
        verb = "won" if len(result.winners) <= 1 else "shared the win"
        out.append(f"{winners} {verb} in {period} {last}: {reason}")
    elif debrief.time_called is not None:
        out.append(
            f"The trainer called time in {period} {debrief.time_called}; the standings "
            f"then: {standings(debrief, final)}."
        )
    else:
        out.append(f"The game was not finished: the record stops in {period} {last}.")
    out.extend(setback_sentence(s, names[s.seat], period) for s in debrief.setbacks)
    end = "at the end" if result is not None else "when the record stops"
    if rounds:
        out.extend(_money_sentences(debrief, final, end))
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
    return out


def _money_sentences(debrief: Debrief, final: GameState, end: str) -> list[str]:
    """Whose net worth grew the most (from the start, among the seats still in at the end,
    ``end`` saying when that is) and the largest debt, with how long it lasted."""
    out: list[str] = []
    names, rounds, period = debrief.seats, debrief.rounds(), final.period
    first: dict[int, dict[str, float]] = {}
    for row in debrief.timeline:
        first.setdefault(row.seat, row.values)
    last_values = {row.seat: row.values for row in debrief.timeline if row.round == rounds[-1]}
    growth = {s: last_values[s]["net_worth"] - first[s]["net_worth"] for s in last_values}
    top = max(growth, key=lambda s: (growth[s], -s)) if growth else None
    if top is not None and growth[top] > 0:
        start = min(row.round for row in debrief.timeline if row.seat == top)
        out.append(
            f"{names[top]}'s net worth grew the most over the game: from "
            f"{final.money_text(first[top]['net_worth'])} {_after(start, period)} to "
            f"{final.money_text(last_values[top]['net_worth'])} {end}."
        )
    else:
        out.append("Nobody's net worth grew over the game.")
    debts = [(row.values["debt"], -row.round, row.seat) for row in debrief.timeline]
    peak, minus_round, seat = max(debts)
    if peak > 0:
        since = -minus_round
        held = [row.values["debt"] for row in debrief.timeline if row.seat == seat]
        own = [row.round for row in debrief.timeline if row.seat == seat]
        after = held[own.index(since) :]
        lasted = len(after) > 1 and all(debt == peak for debt in after) and own[-1] == rounds[-1]
        money = final.money_text(peak)
        if lasted:
            until = "to the end of the game" if final.result else "until the record stops"
            begun = "the start" if since == 0 else f"{period} {since}"
            said = f"{money} from {begun} {until}"
        else:
            said = f"{money} {_after(since, period)}"
        out.append(f"The largest debt was {names[seat]}'s: {said}.")
    return out


def _after(number: int, period: str) -> str:
    """When a timeline row's figures were: "at the start" (round 0), else at a round's end.

    >>> _after(0, "round"), _after(3, "year")
    ('at the start', 'at the end of year 3')
    """
    return "at the start" if number == 0 else f"at the end of {period} {number}"


def setback_sentence(setback: Setback, name: str, period: str) -> str:
    """A seat's bankruptcy and leaving the game, in one sentence.

    >>> setback_sentence(Setback(3, 34, 34, 700), "Random", "round")
    'Random went bankrupt in round 34 and left the game.'
    >>> setback_sentence(Setback(1, 20, None, None), "Ana", "round")
    'Ana went bankrupt in round 20 and stayed in the game.'
    >>> setback_sentence(Setback(0, 5, 9, 90), "Ben", "year")
    'Ben went bankrupt in year 5 and left the game in year 9.'
    """
    if setback.bankrupt is None:
        return f"{name} left the game in {period} {setback.left}."
    went = f"{name} went bankrupt in {period} {setback.bankrupt}"
    if setback.left is None:
        return f"{went} and stayed in the game."
    if setback.left == setback.bankrupt:
        return f"{went} and left the game."
    return f"{went} and left the game in {period} {setback.left}."


def standings(debrief: Debrief, final: GameState) -> str:
    """The seats ranked as a game scored now would rank them: by score, then by net worth
    (Rut to Riches' rule for a called period, R25); a seat out of the game comes last, with
    no score. Equal seats share a place."""
    gone = {s.seat for s in debrief.setbacks if s.left is not None}
    keys = {
        seat: (final.metrics(seat).get("score", 0.0), seat_values(final, seat)["net_worth"])
        for seat in range(final.n)
        if seat not in gone
    }
    order = sorted(keys, key=lambda seat: (-keys[seat][0], -keys[seat][1], seat))
    parts = []
    for seat in order:
        place = 1 + sum(1 for other in keys if keys[other] > keys[seat])
        parts.append(f"{place}. {debrief.seats[seat]} ({score_text(debrief, final, seat)})")
    parts.extend(f"{debrief.seats[seat]} (out of the game)" for seat in sorted(gone))
    return ", ".join(parts)


def score_text(debrief: Debrief, final: GameState, seat: int) -> str:
    """A seat's score now as a learner reads it: a share of expenses as a percentage, money
    in the game's currency, else a number with the game's unit ("12 happiness points");
    with its net worth beside it where that is not the score itself."""
    score = final.metrics(seat).get("score", 0.0)
    worth = final.money_text(seat_values(final, seat)["net_worth"])
    if debrief.game in SCORE_IS_NET_WORTH:
        return f"net worth {final.money_text(score)}"
    if debrief.game in SCORE_IS_SHARE:
        said = f"{share_percent(score)} {score_unit(debrief.game)}"
    else:
        said = with_unit(number(round(score, 2)), score_unit(debrief.game))
    return f"{said}, net worth {worth}"


def nothing_clear(measured: int, decisions: int, moves: int | None = None) -> str:
    """The sentence for a debrief without turning points: how many decisions were weighed
    (none to weigh, all of them, or the most promising few); with ``moves`` 0 (the record's
    moves that stand), that nobody has moved yet.

    >>> nothing_clear(0, 0)
    'No move in this game offered a real choice, so there are no decisions to weigh.'
    >>> nothing_clear(0, 0, moves=0)
    'No move has been made yet in this record.'
    >>> nothing_clear(1, 1)
    'The one decision with a real choice made no difference clear of chance.'
    >>> nothing_clear(3, 40)
    'None of the 3 most promising of 40 decisions made a difference clear of chance.'
    """
    if moves == 0:
        return "No move has been made yet in this record."
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

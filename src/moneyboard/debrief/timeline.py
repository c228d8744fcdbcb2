"""The timeline: every seat's common metrics at the start and at the end of every round of a
recorded game.

Rounds are found as the simulation tables find them (:func:`moneyboard.sim.play.round_of`):
a round is over when the game first shows the next round number (the bookkeeping the rules
do between rounds included), and the last row is the end of the game, or of the record if
the game is still going. The first row, round 0, is the start: the figures before the first
move (a game that counts a round 0 of its own, as Rut to Riches does before its first turn,
has it as that round's end). A seat that leaves the game (a bankruptcy that puts it out)
has no rows from then on: its figures no longer say how it plays. Net worth (cash, savings
and assets less debt) is added to the game's own metrics; a metric that is zero for every
seat all game long (a game without savings or wellbeing) is left out.
"""

from __future__ import annotations

import dataclasses

from moneyboard.bots.evaluation import net_worth
from moneyboard.engine.state import GameState
from moneyboard.sim.play import METRICS, round_of

#: Every metric a timeline may show, in chart order.
TIMELINE_METRICS = (*METRICS[:5], "net_worth", *METRICS[5:])

#: Plain labels of the metrics (a game may name its score: see :data:`SCORE_LABELS`).
LABELS = {
    "cash": "Cash",
    "savings": "Savings",
    "debt": "Debt",
    "assets": "Assets",
    "income": "Income",
    "net_worth": "Net worth",
    "wellbeing": "Wellbeing",
    "score": "Score",
}

#: What each shipped game's score measures, for labels and sentences.
SCORE_LABELS = {
    "financialit": "Happiness (score)",
    "financity": "Score (champion score less loans)",
    "rut-to-riches": "Progress out of the Rut (passive income / expenses)",
    "monitics": "Net worth (score)",
}
#: The score as a sentence names it ("about 2 more ___"; a share: "150% ___").
SCORE_UNITS = {
    "financialit": "happiness points",
    "financity": "points of score",
    "rut-to-riches": "of expenses covered by passive income",
    "monitics": "net worth",
}
#: Games whose score is net worth itself (a sentence then names net worth once).
SCORE_IS_NET_WORTH = frozenset({"monitics"})
#: Games whose score is a share of expenses (Rut to Riches' passive income over expenses):
#: the debrief says it as a percentage, as the game's end does ("150% of expenses covered by
#: passive income"), and a difference in percentage points, never as a bare ratio.
SCORE_IS_SHARE = frozenset({"rut-to-riches"})
#: Such a score's label in the debrief's charts and tables (their figures are percentages).
SHARE_LABELS = {"rut-to-riches": "Expenses covered by passive income"}
#: What the score is, where a sentence names it on its own ("judged by ___ and net worth").
SCORE_MEASURES = {
    "rut-to-riches": "the share of expenses covered by passive income",
    "financity": "the score (champion score less loans)",
}
#: Games whose wellbeing has its own name.
WELLBEING_LABELS = {"financialit": "Happiness"}


def metric_label(game_id: str, metric: str) -> str:
    """A metric's label for a game (its score and wellbeing by the game's own names)."""
    if metric == "score":
        return SCORE_LABELS.get(game_id, LABELS["score"])
    if metric == "wellbeing":
        return WELLBEING_LABELS.get(game_id, LABELS["wellbeing"])
    return LABELS.get(metric, metric.replace("_", " ").capitalize())


def debrief_label(game_id: str, metric: str) -> str:
    """A metric's label in the debrief's charts and tables: a score that is a share of
    expenses by what its percentages say, else as :func:`metric_label` names it."""
    if metric == "score" and game_id in SHARE_LABELS:
        return SHARE_LABELS[game_id]
    return metric_label(game_id, metric)


def score_unit(game_id: str) -> str:
    """How a sentence names a difference in the game's score."""
    return SCORE_UNITS.get(game_id, "points of score")


def score_measure(game_id: str) -> str:
    """How a sentence names the game's score on its own ("judged by ___ and net worth")."""
    return SCORE_MEASURES.get(game_id, score_unit(game_id))


def seat_values(state: GameState, seat: int) -> dict[str, float]:
    """A seat's timeline metrics now (the game's common metrics plus net worth)."""
    m = state.metrics(seat)
    values = {k: float(m.get(k, 0.0)) for k in METRICS}
    values["net_worth"] = float(net_worth(values))
    return {k: values[k] for k in TIMELINE_METRICS}


@dataclasses.dataclass(frozen=True, slots=True)
class TimelineRow:
    """One seat's metrics at the end of one round (``entry``: how many of the record's
    entries had been played then)."""

    round: int
    seat: int
    values: dict[str, float]
    entry: int

    def to_json(self) -> dict[str, object]:
        return {
            "round": self.round,
            "seat": self.seat,
            "values": dict(self.values),
            "entry": self.entry,
        }


@dataclasses.dataclass(frozen=True, slots=True)
class Setback:
    """A seat that went bankrupt or left the game: in which round (``round`` of the first
    bankruptcy, ``left`` of leaving, else ``None``) and after how many of the record's entries
    it left (its rows stop there)."""

    seat: int
    bankrupt: int | None
    left: int | None
    left_after: int | None

    def to_json(self) -> dict[str, object]:
        return {"seat": self.seat, "bankrupt": self.bankrupt, "left": self.left}


def _is_bankruptcy(key: str) -> bool:
    """Whether a log event says a seat went bankrupt ("rut.bankrupt"; Monitics' insolvency)."""
    group, _, name = key.rpartition(".")
    return name == "bankrupt" or (group == "insolvency" and name == "out")


def _is_leaving(key: str) -> bool:
    """Whether a log event says a seat is out of the game ("rut.out", "insolvency.out")."""
    return key.rpartition(".")[2] == "out"


class TimelineBuilder:
    """Collects rows while a record is replayed: call :meth:`observe` after every entry."""

    def __init__(self, state: GameState):
        self.rows: list[TimelineRow] = []
        self.current = round_of(state)
        self._seen = len(state.log)
        #: The last log entry seen (a rebuilt log no longer holds it).
        self._last: object = state.log[-1] if state.log else None
        self._bankrupt: dict[int, int] = {}
        #: Seat -> the round it left in and the entries played when it left.
        self._left: dict[int, tuple[int, int]] = {}
        if self.current > 0:  # the first round has begun: its start is the figures now
            self._close(state, 0, 0)

    def observe(self, state: GameState, entries: int) -> None:
        """Close the round if the entry just replayed (``entries`` played in all) moved the
        game into the next one. A take back that went back to an earlier round reopens it:
        the rows of that round and after it are dropped, as the game no longer has them."""
        now = round_of(state)
        self._note_setbacks(state, now, entries)
        if now < self.current:
            self.rows = [row for row in self.rows if row.round < now]
            self.current = now
        elif now != self.current and state.result is None:
            self._close(state, self.current, entries)
            self.current = now

    def finish(self, state: GameState, entries: int) -> list[TimelineRow]:
        """Close the last round (the end of the game or of the record) and return the rows;
        a record without an entry has only its start."""
        if entries > 0 or not self.rows:
            self._close(state, self.current, entries)
        return self.rows

    def setbacks(self) -> list[Setback]:
        """The seats that went bankrupt or left the game, in seat order."""
        return [
            Setback(
                seat,
                self._bankrupt.get(seat),
                self._left[seat][0] if seat in self._left else None,
                self._left[seat][1] if seat in self._left else None,
            )
            for seat in sorted({*self._bankrupt, *self._left})
        ]

    def _note_setbacks(self, state: GameState, now: int, entries: int) -> None:
        """Note the bankruptcies and departures the entry just replayed logged (all of them
        again if a take back rebuilt the log)."""
        log = state.log
        bankrupt: dict[int, int] = {}
        left: dict[int, tuple[int, int]] = {}
        # A take back rebuilds the log: shorter, or as long with other entries (the move that
        # replaced the one taken back may log more), so the last entry seen is not in it. The
        # setbacks it still holds happened when first seen, not now.
        if len(log) < self._seen or (self._seen and log[self._seen - 1] is not self._last):
            bankrupt, left = self._bankrupt, self._left
            self._seen, self._bankrupt, self._left = 0, {}, {}
        for key, params in log[self._seen :]:
            seat = params.get("seat")
            if not isinstance(seat, int):
                continue
            if _is_bankruptcy(key):
                self._bankrupt.setdefault(seat, bankrupt.get(seat, now))
            if _is_leaving(key):
                self._left.setdefault(seat, left.get(seat, (now, entries)))
        self._seen = len(log)
        self._last = log[-1] if log else None

    def _close(self, state: GameState, number: int, entries: int) -> None:
        for seat in range(state.n):
            left = self._left.get(seat)
            if left is None or entries < left[1]:
                self.rows.append(TimelineRow(number, seat, seat_values(state, seat), entries))


def shown_metrics(rows: list[TimelineRow]) -> list[str]:
    """The metrics worth a chart: not zero for every seat all game long, and not a repeat of
    one before it (FinanciaLit's score is its happiness, Monitics' its net worth)."""
    shown: list[str] = []
    for metric in TIMELINE_METRICS:
        column = [row.values[metric] for row in rows]
        if not any(column):
            continue
        if any(column == [row.values[other] for row in rows] for other in shown):
            continue
        shown.append(metric)
    return shown

"""One simulated game, start to end, as plain rows: what every back end runs for each seed.

A :class:`GameJob` fixes everything that decides a game (game, rule overrides, bot kinds,
seed), so the same job gives the same :class:`GameOutcome` on one core, on many, or on a
cluster. Bots each get their own random source from the seed and seat; the game's chance
comes only from its seed.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from moneyboard.bots import make_bot
from moneyboard.bots.evaluation import standings
from moneyboard.engine.record import record_of
from moneyboard.engine.state import GameState, Seat, StuckGameError, cyclic_gc_paused
from moneyboard.registry import get_game

#: The common metrics every game reports (``GameState.metrics``), in table order.
METRICS = ("cash", "savings", "debt", "assets", "income", "wellbeing", "score")
#: A bot game that needs more decisions than this is stuck in a loop (a bug in a game).
MAX_DECISIONS = 200_000


@dataclasses.dataclass(frozen=True, slots=True)
class GameJob:
    """Everything that decides one simulated game."""

    game_id: str
    kinds: tuple[str, ...]
    seed: int
    overrides: tuple[tuple[str, Any], ...] = ()
    #: A name for the rule set (``"A"``/``"B"`` when two are compared).
    rules: str = "default"
    #: Keep the game's record (JSON), so it can be replayed or debriefed on its own.
    keep_record: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class SeatRow:
    """How one seat finished one game."""

    seed: int
    seat: int
    bot: str
    metrics: tuple[float, ...]
    score: float
    rank: int
    winner: bool
    decisions: int
    rounds: int
    #: The seat's highest debt at the end of any round (a game that settles every loan at
    #: its end, as FinanciaLit does, ends with no debt however much was borrowed).
    peak_debt: float
    loans: int
    bankruptcies: int
    start: str


@dataclasses.dataclass(frozen=True, slots=True)
class GameOutcome:
    """All rows of one game: per seat at the end, per seat per round, and the cards drawn.

    ``cards`` holds, for each ``"stream: outcome"`` drawn after set-up, ``(card, times drawn,
    drawn in the deciding round, chance of that)``: the deciding round is the one in which
    the eventual winner took the lead for good, and the chance is that of the outcome falling
    in it had its draws been placed at random among its stream's (:func:`chance_in_round`;
    0 in a game nobody won, which has no deciding round).
    """

    job: GameJob
    seats: tuple[SeatRow, ...]
    rounds: tuple[tuple[int, int, tuple[float, ...]], ...]
    cards: tuple[tuple[str, int, bool, float], ...]
    #: The game's record as JSON text, when the job asked to keep it.
    record: str | None = None


def round_of(state: GameState) -> int:
    """The game's round: ``round`` (or ``year``) as its public view shows it, else the
    kernel's turn count (a game without rounds then gets one row per turn).

    Read from the state directly where it keeps the number under that name (building the
    view costs more than a decision), otherwise from the public view.
    """
    for name in ("round", "year"):
        value = getattr(state, name, None)
        if isinstance(value, int):
            return value
    turn = getattr(getattr(state, "status", None), "turn", None)
    if isinstance(turn, int):
        return turn
    view = state.view(None)
    for name in ("round", "year", "turn"):
        if isinstance(view.get(name), int):
            return int(view[name])
    return 0


def is_borrowing(kind: str) -> bool:
    """Whether an action kind takes on a loan (not one that repays or settles one).

    >>> is_borrowing("take_loan"), is_borrowing("borrow"), is_borrowing("settle_loan")
    (True, True, False)
    """
    if kind.startswith(("settle", "pay", "repay")):
        return False
    return "loan" in kind or "borrow" in kind


def starting_cards(state: GameState, setup_end: int) -> list[str]:
    """Each seat's starting card (FinanciaLit's family, FinanCity's home, Rut to Riches' job):
    a set-up draw followed at once by an event naming the seat, from a stream that is not
    drawn again once play has begun. A game whose set-up runs into the first turn (its
    first die roll) thus gives no starting card for that roll: a die is drawn all game long.
    ``""`` for a seat dealt none."""
    found: dict[int, str] = {}
    log = state.log
    running = {p["stream"] for key, p in log[setup_end:] if key == "chance.drawn"}
    for i in range(min(setup_end, len(log)) - 1):
        key, params = log[i]
        if key != "chance.drawn" or params["stream"] in running:
            continue
        _, following = log[i + 1]
        seat = following.get("seat")
        if isinstance(seat, int) and seat not in found:
            found[seat] = f"{params['stream']}: {params['outcome']}"
    return [found.get(seat, "") for seat in range(state.n)]


def ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """1 for winners; others by score (1 + the seats ahead of them, winners always ahead).

    >>> ranks([3, 5, 5, 1], [1, 2])
    [3, 1, 1, 4]
    """
    out = []
    for seat, score in enumerate(scores):
        if seat in winners:
            out.append(1)
            continue
        ahead = sum(1 for other, s in enumerate(scores) if s > score or other in winners)
        out.append(1 + ahead)
    return out


def play_game(job: GameJob) -> GameOutcome:
    """Play ``job`` to the end with its bots and return its rows."""
    game = get_game(job.game_id)
    seats = [Seat(f"{kind} {i + 1}", kind) for i, kind in enumerate(job.kinds)]
    state = game.new_state(seats, job.seed, game.options(dict(job.overrides)))
    bots = [make_bot(kind, job.seed, seat) for seat, kind in enumerate(job.kinds)]
    setup_end = len(state.log)
    round_rows: list[tuple[int, int, tuple[float, ...]]] = []
    #: (round, log length when it ended, leader(s) at its end)
    round_ends: list[tuple[int, int, frozenset[int]]] = []
    current = round_of(state)
    with cyclic_gc_paused():
        while state.result is None:
            if state.decisions_made > MAX_DECISIONS:
                raise StuckGameError(
                    f"{job.game_id}: a bot game did not end in {MAX_DECISIONS} decisions "
                    f"(seed {job.seed})"
                )
            seat = state.to_move()[0]
            state.apply(seat, bots[seat].choose(state, seat).action)
            now = round_of(state)
            if now != current and state.result is None:
                # Round 0 is set-up (Rut to Riches' dreams): no round of its own, its
                # decisions count in round 1, so a 40-round game has 40 rounds, not 41.
                if current > 0:
                    _close_round(state, current, round_rows, round_ends)
                current = now
        _close_round(state, current, round_rows, round_ends)
    return _outcome(job, state, setup_end, round_rows, round_ends)


def _close_round(
    state: GameState,
    number: int,
    rows: list[tuple[int, int, tuple[float, ...]]],
    ends: list[tuple[int, int, frozenset[int]]],
) -> None:
    """Record every seat's metrics at the end of a round, and who led."""
    for seat in range(state.n):
        m = state.metrics(seat)
        rows.append((number, seat, tuple(float(m.get(k, 0.0)) for k in METRICS)))
    if state.result is not None:
        leaders = frozenset(state.result.winners)
    else:
        standing = standings(state)
        best = max(standing)
        leaders = frozenset(s for s, v in enumerate(standing) if v == best)
    ends.append((number, len(state.log), leaders))


def _outcome(
    job: GameJob,
    state: GameState,
    setup_end: int,
    round_rows: list[tuple[int, int, tuple[float, ...]]],
    round_ends: list[tuple[int, int, frozenset[int]]],
) -> GameOutcome:
    result = state.result
    assert result is not None
    scores = list(result.scores) if result.scores else [0.0] * state.n
    rank = ranks(scores, result.winners)
    loans: Counter[int] = Counter()
    for move in state.moves:
        if move.kind == "action" and move.action is not None and is_borrowing(move.action.kind):
            loans[move.seat] += 1
    bankrupt: Counter[int] = Counter()
    for key, params in state.log:
        if key.rsplit(".", 1)[-1] == "bankrupt" and isinstance(params.get("seat"), int):
            bankrupt[params["seat"]] += 1
    starts = starting_cards(state, setup_end)
    debt = METRICS.index("debt")
    peaks = [0.0] * state.n
    for _, seat, values in round_rows:
        peaks[seat] = max(peaks[seat], values[debt])
    seats = tuple(
        SeatRow(
            seed=job.seed,
            seat=seat,
            bot=job.kinds[seat],
            metrics=tuple(float(state.metrics(seat).get(k, 0.0)) for k in METRICS),
            score=float(scores[seat]),
            rank=rank[seat],
            winner=seat in result.winners,
            decisions=state.decisions_made,
            rounds=len(round_ends),
            peak_debt=peaks[seat],
            loans=loans[seat],
            bankruptcies=bankrupt[seat],
            start=starts[seat],
        )
        for seat in range(state.n)
    )
    record = record_of(state).to_json() if job.keep_record else None
    return GameOutcome(job, seats, tuple(round_rows), _cards(state, setup_end, round_ends), record)


def chance_in_round(drawn: int, stream_draws: int, in_round: int) -> float:
    """The chance that at least one of an outcome's ``drawn`` draws is among the ``in_round``
    draws of the deciding round, if its draws were any ``drawn`` of its stream's
    ``stream_draws`` (all placings equally likely): how often an outcome that decides
    nothing still falls in that round, by its frequency alone.

    >>> chance_in_round(1, 10, 2), chance_in_round(3, 4, 2), chance_in_round(2, 10, 0)
    (0.2, 1.0, 0.0)
    >>> round(chance_in_round(2, 4, 2), 4)  # 1 - C(2, 2) / C(4, 2)
    0.8333
    """
    if drawn <= 0 or in_round <= 0:
        return 0.0
    placings = math.comb(stream_draws, drawn)
    return (placings - math.comb(stream_draws - in_round, drawn)) / placings


def _cards(
    state: GameState, setup_end: int, round_ends: list[tuple[int, int, frozenset[int]]]
) -> tuple[tuple[str, int, bool, float], ...]:
    """Chance outcomes drawn after set-up: how often, whether one fell in the deciding round,
    and the chance of that by frequency alone (:func:`chance_in_round`)."""
    winners = set(state.result.winners) if state.result is not None else set()
    deciding = len(round_ends) - 1
    while deciding > 0 and winners and winners <= round_ends[deciding - 1][2]:
        deciding -= 1
    start = round_ends[deciding - 1][1] if deciding > 0 else setup_end
    stop = round_ends[deciding][1] if round_ends else len(state.log)
    drawn: Counter[str] = Counter()
    stream_of: dict[str, str] = {}
    stream_draws: Counter[str] = Counter()
    in_round: Counter[str] = Counter()
    decisive: set[str] = set()
    for i, (key, params) in enumerate(state.log):
        if key != "chance.drawn" or i < setup_end:
            continue
        stream = str(params["stream"])
        card = f"{stream}: {params['outcome']}"
        drawn[card] += 1
        stream_of[card] = stream
        stream_draws[stream] += 1
        if winners and start <= i < stop:
            decisive.add(card)
            in_round[stream] += 1
    return tuple(
        (
            card,
            n,
            card in decisive,
            chance_in_round(n, stream_draws[stream_of[card]], in_round[stream_of[card]]),
        )
        for card, n in sorted(drawn.items())
    )


def rotated(kinds: Sequence[str], game: int) -> tuple[str, ...]:
    """The seating of the ``game``-th game of a simulation: the seats turned by one place
    each game, so that over every ``len(kinds)`` games each bot sits in every seat (moves
    first, second...) once, and a win rate per bot is not that of a seat.

    >>> rotated(["saver", "spender", "investor"], 0), rotated(["saver", "spender", "investor"], 4)
    (('saver', 'spender', 'investor'), ('spender', 'investor', 'saver'))
    """
    turn = game % len(kinds)
    return (*kinds[turn:], *kinds[:turn])


def job_overrides(overrides: Mapping[str, Any] | None) -> tuple[tuple[str, Any], ...]:
    """Rule overrides as a sorted, hashable tuple for a :class:`GameJob`."""
    return tuple(sorted((overrides or {}).items()))

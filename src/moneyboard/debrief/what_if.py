"""What if: from any move of a record, play another legal action instead and play on with bots.

Every seat is played on by its own bot kind when it had one (a random bot or a personality),
and by a stand-in bot otherwise (a person's seat, or a search bot, which thinks too long for
many games): ``random`` unless asked. Each of the ``games`` finishes has its own dice from the
seed (never the record's future), and the action that was actually played is simulated on the
same dice too, so the two branches are compared fairly; what really happened is reported
beside them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import threading
from collections.abc import Callable, Mapping, Sequence
from statistics import fmean, quantiles, stdev
from typing import Any

from moneyboard.bots import Bot, bot_kinds, make_bot
from moneyboard.debrief.playouts import (
    Finish,
    Position,
    bot_finish,
    outcome,
    plain_finish,
    rng_for,
)
from moneyboard.debrief.records import (
    DebriefError,
    Record,
    Replayer,
    load,
    seat_of,
    state_before,
    undone_entries,
)
from moneyboard.debrief.timeline import SCORE_IS_NET_WORTH, SCORE_IS_SHARE, score_unit
from moneyboard.debrief.words import (
    action_words,
    amount,
    figures_alike,
    joined,
    of_the_games,
    percent,
    percentage_points,
    says_something,
    share_percent,
    shares_alike,
    times,
    with_unit,
)
from moneyboard.engine.actions import Action
from moneyboard.engine.errors import MoneyboardError, RecordError
from moneyboard.engine.record import ActionMove, GameRecord
from moneyboard.engine.state import GameState
from moneyboard.registry import get_game
from moneyboard.sim.play import round_of
from moneyboard.terminal.render import action_text

#: Most games a what-if plays per branch.
MAX_GAMES = 500
#: Bot kinds too slow to play many games: a stand-in plays their seats.
SLOW_KINDS = ("search",)


def alternatives(record: Record, entry: int) -> list[dict[str, Any]]:
    """What the seat of move ``entry`` could have played there: each legal action as JSON,
    its text (with what it costs or brings) and whether it is the one played."""
    rec = load(record)
    state, seat = _position(rec, entry)
    played = _played(rec, entry, state)
    return [
        {
            "action": action.to_json(),
            "text": action_text(state, seat, action),
            "chosen": action == played,
        }
        for action in state.legal_actions(seat)
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class Spread:
    """A figure over many simulated games: its mean, and the range of the middle 80%."""

    mean: float
    low: float
    high: float

    @classmethod
    def of(cls, values: Sequence[float]) -> Spread:
        if len(values) == 1:
            return cls(values[0], values[0], values[0])
        deciles = quantiles(values, n=10, method="inclusive")
        return cls(fmean(values), deciles[0], deciles[-1])

    def to_json(self) -> dict[str, float]:
        return {"mean": round(self.mean, 4), "low": round(self.low, 4), "high": round(self.high, 4)}


@dataclasses.dataclass(frozen=True, slots=True)
class SeatResults:
    """How one seat ended over the simulated games of one branch."""

    seat: int
    name: str
    score: Spread
    money: Spread
    wins: float
    #: The score as a page shows it: its mean and middle 80% in the game's words.
    score_text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "score": self.score.to_json(),
            "score_text": self.score_text,
            "money": self.money.to_json(),
            "wins": round(self.wins, 4),
        }


def seat_results(state: GameState, finishes: Sequence[Finish]) -> list[SeatResults]:
    """Per seat: score, net worth and share of wins over ``finishes``."""
    return [
        SeatResults(
            seat=seat,
            name=state.seats[seat].name,
            score=Spread.of([f.scores[seat] for f in finishes]),
            money=Spread.of([f.worths[seat] for f in finishes]),
            wins=fmean(f.wins[seat] for f in finishes),
        )
        for seat in range(state.n)
    ]


@dataclasses.dataclass(frozen=True, slots=True)
class WhatIf:
    """One what-if: the move, the alternative, and how the game ended or would have ended."""

    entry: int
    seat: int
    round: int
    name: str
    chosen: Action
    chosen_text: str
    alternative: Action
    alternative_text: str
    games: int
    players: tuple[str, ...]
    #: What really happened (the end of the record if the game was not finished).
    actual: Finish
    actual_names: tuple[str, ...]
    chosen_results: tuple[SeatResults, ...]
    alternative_results: tuple[SeatResults, ...]
    sentence: str
    #: Every simulated game of each branch, in order (for charts and checks).
    chosen_finishes: tuple[Finish, ...] = ()
    alternative_finishes: tuple[Finish, ...] = ()
    #: Each seat's score in the real game as a page shows it, in the game's words.
    actual_texts: tuple[str, ...] = ()

    def difference(self) -> tuple[float, float]:
        """The deciding seat's score with the alternative less with the real choice, game by
        game on the same dice: the mean and its standard error (infinite for one game)."""
        pairs = [
            b.scores[self.seat] - a.scores[self.seat]
            for a, b in zip(self.chosen_finishes, self.alternative_finishes, strict=True)
        ]
        if not pairs:  # no games kept: the means alone, with nothing to judge them by
            mean = self.alternative_results[self.seat].score.mean
            return mean - self.chosen_results[self.seat].score.mean, math.inf
        error = stdev(pairs) / math.sqrt(len(pairs)) if len(pairs) > 1 else math.inf
        return fmean(pairs), error

    def to_json(self) -> dict[str, Any]:
        mean, error = self.difference()
        return {
            "entry": self.entry,
            "seat": self.seat,
            "round": self.round,
            "chosen": {"action": self.chosen.to_json(), "text": self.chosen_text},
            "alternative": {"action": self.alternative.to_json(), "text": self.alternative_text},
            "games": self.games,
            "players": list(self.players),
            "actual": [
                {
                    "seat": seat,
                    "name": self.actual_names[seat],
                    "score": self.actual.scores[seat],
                    "score_text": self.actual_texts[seat] if self.actual_texts else "",
                    "money": self.actual.worths[seat],
                    "won": self.actual.wins[seat],
                    "finished": self.actual.finished,
                }
                for seat in range(len(self.actual.scores))
            ],
            "chosen_results": [r.to_json() for r in self.chosen_results],
            "alternative_results": [r.to_json() for r in self.alternative_results],
            "difference": {
                "mean": round(mean, 4),
                "error": round(error, 4) if math.isfinite(error) else None,
                "clear": clear_of_chance(mean, error),
            },
            "sentence": self.sentence,
        }


def what_if(
    record: Record,
    entry: int,
    action: Action | Mapping[str, Any] | str,
    *,
    games: int = 20,
    seed: int = 0,
    stand_in: str = "random",
    bots: str | None = None,
) -> WhatIf:
    """Play ``action`` instead of move ``entry``, then play on with bots ``games`` times.

    Each seat plays on as its own bot kind (``stand_in`` for a person or a search bot), or,
    with ``bots``, every seat as that kind (``"random"``: a quick what-if, about a hundred
    times faster than personalities). The move actually made is played on the same dice too
    (``chosen_results``), so the alternative is compared with it fairly; ``actual`` is what
    really happened.
    """
    if not 1 <= games <= MAX_GAMES:
        raise DebriefError(f"a what-if plays 1 to {MAX_GAMES} games, not {games}")
    for role, kind in (("stand-in", stand_in), ("bot", bots)):
        if kind is not None and (
            kind.partition(":")[0] not in bot_kinds() or kind.startswith(SLOW_KINDS)
        ):
            fast = [k for k in bot_kinds() if k not in SLOW_KINDS]
            raise DebriefError(f"unknown {role} kind {kind!r}; choose one of {', '.join(fast)}")
    rec = load(record)
    state, seat = _position(rec, entry)
    alternative = _action(state, seat, action, entry)
    played = _played(rec, entry, state)
    players = tuple(
        bots if bots is not None else _player(state, s, stand_in) for s in range(state.n)
    )

    digest = hashlib.sha256(rec.to_json().encode("utf-8")).hexdigest()

    def branch(move: Action) -> tuple[Finish, ...]:
        key = (digest, entry, move, games, seed, players)
        found = _BRANCHES.get(key)
        if found is None:
            found = _play_branch(
                state,
                seat,
                move,
                label=f"what-if:{entry}",
                games=games,
                seed=seed,
                players=players,
            )
            with _BRANCHES_LOCK:  # the classroom server runs what-ifs on several threads
                _BRANCHES[key] = found
                while len(_BRANCHES) > BRANCHES_KEPT:
                    _BRANCHES.pop(next(iter(_BRANCHES)))
        return found

    alternative_finishes = branch(alternative)
    chosen_finishes = alternative_finishes if alternative == played else branch(played)
    final = Replayer(rec).finish()
    result = WhatIf(
        entry=entry,
        seat=seat,
        round=round_of(state),
        name=state.seats[seat].name,
        chosen=played,
        chosen_text=action_words(state, seat, played),
        alternative=alternative,
        alternative_text=action_words(state, seat, alternative),
        games=games,
        players=players,
        actual=outcome(final),
        actual_names=tuple(s.name for s in final.seats),
        chosen_results=tuple(seat_results(state, chosen_finishes)),
        alternative_results=tuple(seat_results(state, alternative_finishes)),
        sentence="",
        chosen_finishes=chosen_finishes,
        alternative_finishes=alternative_finishes,
    )
    unit = score_unit(rec.game)
    shown: Callable[[float], str] = _figure
    alike: Callable[[Sequence[float]], list[str]] = figures_alike
    if rec.game in SCORE_IS_NET_WORTH:  # the score is money: say it in the game's currency

        def shown_money(value: float) -> str:
            return state.money_text(round(value))

        def money_alike(values: Sequence[float]) -> list[str]:
            return [shown_money(value) for value in values]

        unit, shown, alike = "of net worth", shown_money, money_alike
    share = rec.game in SCORE_IS_SHARE  # a share of expenses: said as a percentage
    if share:
        shown, alike = share_percent, shares_alike
    said = _sentence(result, unit, shown, state.period, share=share, alike=alike)
    return dataclasses.replace(
        result,
        sentence=said,
        actual_texts=tuple(alike([score])[0] for score in result.actual.scores),
        chosen_results=_with_texts(result.chosen_results, alike),
        alternative_results=_with_texts(result.alternative_results, alike),
    )


def _with_texts(
    results: tuple[SeatResults, ...], alike: Callable[[Sequence[float]], list[str]]
) -> tuple[SeatResults, ...]:
    """``results`` with each score as a page shows it: ``"160% (84% to 280%)"``, the mean
    alone where every game ended alike; the three written alike by ``alike``."""
    out = []
    for r in results:
        mean, low, high = alike([r.score.mean, r.score.low, r.score.high])
        text = mean if r.score.low == r.score.high else f"{mean} ({low} to {high})"
        out.append(dataclasses.replace(r, score_text=text))
    return tuple(out)


def action_from_text(record: Record, entry: int, text: str) -> Action:
    """The action a person typed for a what-if at move ``entry``: its JSON, its type alone
    (``keep``), its label (``Take a loan``), its text with the amount (``Borrow from the bank
    ($500)``) or its short text (``borrow 500``, ``take loan``). Text that names none of the
    actions allowed there is refused with the list of them, and a label several amounts
    share with the text of each."""
    rec = load(record)
    state, seat = _position(rec, entry)
    wanted = _plain(text)
    legal = state.legal_actions(seat)
    named = [
        action
        for action in legal
        if wanted in (_plain(str(action)), _plain(state.action_label(action)))
    ] or [action for action in legal if wanted == _plain(state.action_text(action))]
    if len(named) == 1:
        return named[0]
    if named:  # the steps of an amount share a label: the amount says which
        forms = "; ".join(dict.fromkeys(state.action_text(a) for a in named))
        raise DebriefError(f"'{text}' is more than one move at entry {entry}; say which: {forms}")
    try:
        data: Any = json.loads(text)
    except ValueError:
        data = text.strip()
    try:
        return _action(state, seat, data, entry)
    except DebriefError as exc:
        said = str(exc).rstrip(".")
        kinds = {kind.kind for kind in type(state).action_types}
        if isinstance(data, str):
            of_kind = [a for a in legal if a.kind == data]
            if len(of_kind) == 1:  # the one move of its kind there ('buy': the one asset)
                return of_kind[0]
            if of_kind:  # a kind of move that needs more said ('buy': which asset?)
                forms = "; ".join(dict.fromkeys(state.action_text(a) for a in of_kind))
                raise DebriefError(f"'{text}' at entry {entry}: which one? {forms}") from None
            if data not in kinds or not any(a.kind == data for a in legal):
                name = state.seats[seat].name
                said = f"'{text}' was not on offer to {name} at entry {entry}"
        offered = "; ".join(dict.fromkeys(state.action_text(a) for a in legal))
        raise DebriefError(f"{said}. On offer there: {offered}") from None


def _plain(text: str) -> str:
    """Text as a typed move is compared: lower case, one space between words, ``_`` a space."""
    return " ".join(text.replace("_", " ").split()).lower()


#: Branches kept played (a trainer often tries several alternatives at one move: the move
#: actually made is then played once), oldest dropped first.
BRANCHES_KEPT = 32
_BRANCHES: dict[tuple[object, ...], tuple[Finish, ...]] = {}
_BRANCHES_LOCK = threading.Lock()


def _play_branch(
    state: GameState,
    seat: int,
    move: Action,
    *,
    label: str,
    games: int,
    seed: int,
    players: tuple[str, ...],
) -> tuple[Finish, ...]:
    """``seat`` plays ``move``, then ``players`` play on: ``games`` finishes, each on its own
    dice and with its own bots, fixed by ``seed`` and ``label``. With every seat random, the
    game is played on as the turning points play it (:func:`plain_finish`)."""
    start = Position(state)
    out = []
    for game in range(games):
        rng = rng_for(seed, label, game)
        if all(kind == "random" for kind in players):
            out.append(plain_finish(start, seat, move, rng))
            continue
        bots: list[Bot] = [make_bot(kind, rng.getrandbits(32), s) for s, kind in enumerate(players)]
        out.append(bot_finish(start, seat, move, rng, bots))
    return tuple(out)


def _position(record: GameRecord, entry: int) -> tuple[GameState, int]:
    """The position before move ``entry`` and the seat that moved there (never a move the
    trainer took back: the game as it stands no longer has it)."""
    state = state_before(record, entry)
    seat = seat_of(record.moves[entry])
    if seat is None:
        raise DebriefError(
            f"entry {entry} is not a seat's move (it is a trainer's directive or a chance "
            "outcome): choose an entry where a seat acted"
        )
    if entry in undone_entries(record):
        raise DebriefError(
            f"entry {entry} is a move the trainer took back, so the game no longer has it: "
            "choose a move that stands"
        )
    return state, seat


def _played(record: GameRecord, entry: int, state: GameState) -> Action:
    """The action played at ``entry`` (for a timeout: the fallback the game played)."""
    move = record.moves[entry]
    if isinstance(move, ActionMove):
        try:
            return _decode(state, move.action)
        except MoneyboardError as exc:
            raise RecordError(f"entry {entry} of the record does not replay: {exc}") from None
    seat = seat_of(move)
    assert seat is not None
    fallback = state.fallback_action(seat)
    if fallback is None:
        raise DebriefError(f"entry {entry}: seat {seat}'s time ran out with nothing to play")
    return fallback


def _decode(state: GameState, data: Any) -> Action:
    """An action of ``state``'s game from its JSON (or short text) form."""
    action: Action = get_game(state.game_id).codec.from_json(data)
    return action


def _action(
    state: GameState, seat: int, action: Action | Mapping[str, Any] | str, entry: int
) -> Action:
    """The alternative as an action that ``seat`` may take there, or a clear refusal."""
    try:
        value = action if isinstance(action, Action) else _decode(state, action)
    except MoneyboardError as exc:
        raise DebriefError(f"the alternative action: {exc}") from None
    reason = state.why_not(seat, value)
    if reason is not None:
        raise DebriefError(
            f"{state.seats[seat].name} could not play '{value}' at entry {entry}: "
            f"{state.explain(reason)}"
        )
    return value


def _player(state: GameState, seat: int, stand_in: str) -> str:
    """The bot kind that plays ``seat`` on: its own if it is quick, else the stand-in."""
    kind = state.seats[seat].bot
    if kind is None or kind.startswith(SLOW_KINDS) or kind.partition(":")[0] not in bot_kinds():
        return stand_in
    return kind


def _sentence(
    w: WhatIf,
    unit: str,
    shown: Callable[[float], str],
    period: str = "round",
    *,
    share: bool = False,
    alike: Callable[[Sequence[float]], list[str]] | None = None,
) -> str:
    """The what-if in words: the alternative's average result against the choice's, and what
    really happened. ``shown`` writes a score (money in the game's currency when the score is
    net worth), ``alike`` a range's two ends to the same decimals (by default each as
    ``shown`` writes it); ``period`` is the game's word for a round. A score that is a
    ``share`` of expenses is said as a percentage of them, and a difference in percentage
    points."""
    if alike is None:

        def each(values: Sequence[float]) -> list[str]:
            return [shown(value) for value in values]

        alike = each
    mine = w.chosen_results[w.seat]
    other = w.alternative_results[w.seat]
    head = f"In {period} {w.round}, {w.name} played “{w.chosen_text}”."
    bots = _who_played_on(w)
    real_score = shown(w.actual.scores[w.seat])
    if share:  # "ended with 150%" alone would not say of what
        real_score = with_unit(real_score, unit)
    real = (
        f"In the real game {w.name} ended with {real_score}."
        if w.actual.finished
        else f"Where the record stops, {w.name} has {real_score}."
    )
    if w.alternative == w.chosen:
        return (
            f"{head} Played on {times(w.games)} from there, {w.name} ended with "
            f"{with_unit(shown(mine.score.mean), unit)} on average "
            f"({_range(mine.score, alike)}) and won {of_the_games(mine.wins)}. {bots} {real}"
        )
    delta, error = w.difference()

    def gap_of(value: float) -> str:
        if share:
            return with_unit(percentage_points(value), "percentage points")
        return shown(abs(value))

    gap = gap_of(delta)
    change = (
        f"about {gap} {'more' if delta > 0 else 'less'} than"
        if says_something(gap)
        else "about the same as"
    )
    # As the turning points judge a difference: clear of chance when more than twice its
    # standard error, given then as a range (the mean give or take twice that error).
    if clear_of_chance(delta, error):
        low, high = sorted((abs(delta - 2 * error), abs(delta + 2 * error)))
        more = "more" if delta > 0 else "less"
        sure = (
            f" That difference is clear of chance: between {gap_of(low)} and {gap_of(high)} {more}."
        )
    elif says_something(gap):
        sure = (
            f" That difference is too close to call with {w.games} "
            f"{'game' if w.games == 1 else 'games'}: chance alone could explain it"
            f"{'' if w.games >= MAX_GAMES else ' (more games would tell)'}."
        )
    else:
        sure = ""
    # The share of wins: compared only where the two differ (else it says it once).
    wins = (
        f"winning {of_the_games(other.wins)} instead of {percent(mine.wins)}"
        if percent(other.wins) != percent(mine.wins)
        else f"winning {of_the_games(other.wins)}, as with the real choice"
    )
    return (
        f"{head} With “{w.alternative_text}” instead, played on {times(w.games)}, {w.name} "
        f"would have ended with {with_unit(shown(other.score.mean), unit)} on average "
        f"({_range(other.score, alike)}): {change} with the real choice on the same dice "
        f"({shown(mine.score.mean)}), {wins}.{sure} {bots} {real}"
    )


def clear_of_chance(mean: float, error: float) -> bool:
    """Whether a paired difference stands out of the noise as the turning points require:
    more than twice its standard error."""
    return abs(mean) > 1e-9 and abs(mean) > 2 * error


def _who_played_on(w: WhatIf) -> str:
    """How the seats played the game on, truthfully: a random bot (a person's seat too, by
    default) at random, any other bot as itself. The turning points play every seat on at
    random, so where a what-if did not, the reader is told that their figures differ."""
    seats: dict[str, list[str]] = {}  # how -> the seats that played on so, in seat order
    for name, kind in zip(w.actual_names, w.players, strict=True):
        seats.setdefault(how_played(kind), []).append(name)
    if list(seats) == [how_played("random")]:
        return "Every seat played on at random, as in the turning points."
    if len(seats) == 1:
        said = f"Every seat played on {next(iter(seats))}"
    else:
        (first, names), *rest = seats.items()
        said = joined(
            [f"{joined(names)} played on {first}", *(f"{joined(n)} {how}" for how, n in rest)]
        )
    return f"{said}. The turning points play every seat on at random, so their figures differ."


def how_played(kind: str) -> str:
    """How a bot kind plays, in words: ``"at random"``, ``"as a saver bot"``."""
    if kind == "random":
        return "at random"
    name = kind.partition(":")[0]
    return f"as {'an' if name[:1] in 'aeiou' else 'a'} {name} bot"


def _range(spread: Spread, alike: Callable[[Sequence[float]], list[str]]) -> str:
    """The middle 80% of a figure, in words, its two ends written ``alike``."""
    if spread.low == spread.high:
        return "every game alike"
    low, high = alike([spread.low, spread.high])
    return f"{low} to {high} in most games"


def _figure(value: float) -> str:
    """A result as a sentence says it (whole numbers unless it is small), a negative one
    with the minus sign money is written with ("−$30")."""
    return amount(value) if value >= 0 else "−" + amount(value)

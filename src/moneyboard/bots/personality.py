"""Personality bots: households that weigh money, debt and wellbeing differently.

A personality bot looks one step ahead: for each legal action it plays the action on a copy
of the game without history (the copy gets a fresh chance source from the bot's own random
source, so the bot never peeks at the real dice or a stacked deck), lets the game run to the
next decision, and reads the seat's common metrics. It scores the change in each metric with
its personality weights, adds its attitude to luck (a cautious household dislikes moves whose
outcome swings with the dice, a risk-taker likes them) and the game's small hints, and
explains the choice by whichever of these decided it.

A move that leaves the decision open (a loan, a purchase in a shop) stops the game at once,
while a move that closes it runs on through the bills, events and maturing investments that
follow. Compared as they are, a loan looked like "cash +5 and nothing else" beside "Done"
with a whole period's costs, and a household borrowed again and again; and a loan that did
not cover a bill looked as if it kept the savings the bill was then paid from. So after a
move that leaves the decision open, the copy goes on with the best move that closes it (by
the same appraisal): every move is judged at the same horizon, the loan as "loan, then Done"
against "Done".

A household plays every game by its summary, even where a game lacks the metric it cares
for most. Monitics has no wellbeing: the spender's weight on it did nothing there, its
weights were left mostly score (net worth) with little fear of debt, and it bought every
asset it could, so it played as the best investor while a class read "spender". In
Monitics it now weighs cash as money to spend and assets and savings as little
(``Personality.in_games``), and its hints make it buy the Insurance and Option cards it can
use this year. The insurer, which never bought an Insurance card there (one step ahead the
card only costs money), now likes one. The other games' weights are unchanged; what the
bots score in Monitics since (the spender 0% of 200 games, with a median net worth of $20,
where it won 65%) is in Monitics' RULINGS.md, R25.

Rut to Riches has no wellbeing and no spending a player chooses but for the Expenses cards
it may turn down (a cruise, a kitchen, a newer car). Left with mostly its score, passive
income over expenses, the spender paid its debts off (which cuts expenses) and bought what
paid, and won most games. There it now weighs cash now against debt, gives assets and the
score nothing, takes the treats and pays no debt off; the insurer, which let every
insurance card go (one step ahead its premium only lowers income), now takes it. The
figures are in Rut to Riches' RULINGS.md, R38.

In FinanCity the insurer let every insurance token go too (one step ahead a token only
costs its $50; none bought in 24 chances over 20 games with a saver, an investor and a
random bot). A hint now makes it buy one (15 of 24, handed back 13 times to be spared an
event), and its mean final score in those games went from 19 to 173.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet

from moneyboard.bots.base import REPEATED, Choice, RepeatGuard
from moneyboard.bots.hints import Hint, hints_for
from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.labels import money_text
from moneyboard.engine.state import GameState

#: Metrics measured in money, compared on one common scale.
MONEY_METRICS = ("cash", "savings", "debt", "assets", "income")
#: Metrics with their own units, each compared on its own scale.
OTHER_METRICS = ("wellbeing", "score")

#: Amounts never matter below this (guards the scale against float noise).
_EPSILON = 1e-9
#: Noise added to each move's value to break ties at random: moves closer than this are
#: as good as each other, and a reason says so.
TIE = 1e-3
#: A cost a reason names beside the gain: one weighing at least this share of the gain.
COST_SHARE = 0.25


@dataclasses.dataclass(frozen=True, slots=True)
class Personality:
    """A named set of metric weights (positive: wants more; negative: wants less).

    ``risk`` is the attitude to luck: the value of a move moves by ``risk`` times the spread
    of its outcomes over the sampled dice (negative: cautious; positive: seeks chances).
    ``in_games`` replaces some weights in a named game, where a metric the household cares
    for is missing (see the module doc: a spender in a game without wellbeing).
    """

    kind: str
    weights: Mapping[str, float]
    summary: str
    risk: float = 0.0
    in_games: Mapping[str, Mapping[str, float]] = dataclasses.field(default_factory=dict)

    def weights_in(self, game_id: str) -> Mapping[str, float]:
        """The weights this household plays ``game_id`` with.

        >>> SPENDER.weights_in("financialit")["wellbeing"], SPENDER.weights_in("monitics")["score"]
        (2.0, 0.0)
        """
        return {**self.weights, **self.in_games.get(game_id, {})}


SAVER = Personality(
    "saver",
    {
        "cash": 1.0,
        "savings": 1.3,
        "debt": -2.0,
        "assets": 0.2,
        "income": 0.4,
        "wellbeing": 0.15,
        "score": 0.2,
    },
    "keeps cash and savings, avoids debt",
)
SPENDER = Personality(
    "spender",
    {
        "cash": 0.15,
        "savings": 0.05,
        "debt": -0.3,
        "assets": 0.1,
        "income": 0.1,
        "wellbeing": 2.0,
        "score": 0.2,
    },
    "spends now rather than saving: on wellbeing where the game has it, in Monitics on "
    "Insurance and Option cards for the year rather than on assets, in Rut to Riches on "
    "the treats it may turn down (a cruise, a newer car) rather than on assets or paying "
    "debt off",
    # Monitics has no wellbeing: with its 2.0 gone the score (net worth) led these weights,
    # and the spender bought every asset it could (see the module doc). Cash is money to
    # spend now; assets and savings are for later.
    in_games={
        "monitics": {
            "cash": 1.0,
            "savings": 0.2,
            "debt": -1.0,
            "assets": 0.3,
            "wellbeing": 0.0,
            "score": 0.0,
        },
        # Rut to Riches has no wellbeing either: its score (passive income over expenses)
        # led, and the spender paid its debts off and bought what paid (see the module
        # doc). It gives no thought to passive income later; its hints make it take the
        # treats and leave its debts as they are.
        "rut-to-riches": {
            "cash": 0.3,
            "savings": 0.0,
            # A little above cash: at -0.3 a $100 loan and the dice without it tied, and
            # the spender borrowed $100 at random, "to keep $90 more in cash".
            "debt": -0.5,
            "assets": 0.0,
            "income": 0.1,
            "wellbeing": 0.0,
            "score": 0.0,
        },
    },
)
INVESTOR = Personality(
    "investor",
    {
        "cash": 0.3,
        "savings": 0.3,
        "debt": -0.6,
        "assets": 1.5,
        "income": 2.0,
        "wellbeing": 0.1,
        "score": 0.3,
    },
    "buys assets and income",
)
INSURER = Personality(
    "insurer",
    {
        "cash": 0.6,
        "savings": 0.8,
        "debt": -1.5,
        "assets": 0.4,
        "income": 0.4,
        "wellbeing": 0.4,
        "score": 0.3,
    },
    "insures against bad luck and avoids gambles",
    risk=-1.5,
)
RISK_TAKER = Personality(
    "risk-taker",
    {
        "cash": 0.3,
        "savings": 0.0,
        # As much as cash, no less: with debt at -0.1 a loan (5 units of cash for 8 of
        # debt) looked like a gain in itself, and the risk-taker borrowed 60 times a period.
        "debt": -0.3,
        "assets": 1.0,
        "income": 0.8,
        "wellbeing": 0.6,
        "score": 0.6,
    },
    "borrows and gambles for a bigger win",
    risk=1.5,
)
PERSONALITIES: tuple[Personality, ...] = (SAVER, SPENDER, INVESTOR, INSURER, RISK_TAKER)


def _amount(x: float) -> str:
    """A money amount or count for a sentence: whole numbers without decimals.

    >>> _amount(4.0), _amount(2.25), _amount(-3.0)
    ('4', '2.2', '3')
    """
    x = abs(x)
    return str(round(x)) if abs(x - round(x)) < 0.05 else f"{x:.1f}"


def _money_amount(x: float, money: Callable[[float], str]) -> tuple[str, str]:
    """An amount of money for a sentence, as a qualifier and a figure: money is counted in
    whole units, so an average over imagined dice is rounded and said to be about that
    much, never "3.50 units".

    >>> dollars = "${:,.0f}".format
    >>> _money_amount(-420.0, dollars), _money_amount(3.5, dollars), _money_amount(0.3, dollars)
    (('', '$420'), ('about ', '$4'), ('less than ', '$1'))
    """
    x = abs(x)
    whole = round(x)
    if abs(x - whole) < 0.05:
        return "", money(whole)
    return ("about ", money(whole)) if whole >= 1 else ("less than ", money(1))


def _units(amount: float) -> str:
    """Money without a game's currency: "4 units", "1 unit"."""
    return money_text(amount, ("", " units"))


def describe_gain(
    metric: str,
    delta: float,
    money: Callable[[float], str] | None = None,
    name: str | None = None,
    in_money: bool = False,
    *,
    share_of: str | None = None,
) -> str:
    """Plain words for "this choice gives ``delta`` more of ``metric`` than the next best";
    ``money`` writes an amount in the game's currency (by default, in units); ``name`` is the
    game's own word for a score or wellbeing ("Happiness", "net worth"), counted in money
    when ``in_money`` (Monitics' net worth), or for its income and assets ("Pay Day",
    :data:`METRIC_NAMES`); ``share_of`` says what a score that is a share
    is a share of (Rut to Riches' expenses covered by passive income), its difference then
    in percentage points. ``delta`` is an average over imagined dice: an amount of money is
    given in whole units, "about" when rounded.

    >>> describe_gain("savings", 4)
    'keeps 4 units more in savings'
    >>> describe_gain("debt", -2000, "${:,.0f}".format)
    'avoids $2,000 of debt'
    >>> describe_gain("cash", 3.5)
    'keeps about 4 units more in cash'
    >>> describe_gain("wellbeing", 7, name="Happiness"), describe_gain("score", -3)
    ('Happiness +7', 'score −3')
    >>> describe_gain("wellbeing", 0.7, name="Happiness")
    'Happiness about +1'
    >>> describe_gain("wellbeing", -0.3, name="Happiness")
    'Happiness down by less than 1'
    >>> describe_gain("score", 35, "${:,.0f}".format, "net worth", in_money=True)
    'net worth +$35'
    >>> describe_gain("score", 0.25, share_of="of expenses covered by passive income")
    'about 25 percentage points more of expenses covered by passive income'
    >>> describe_gain("score", 0.0004, share_of="of expenses covered")
    'about 0.04 percentage points more of expenses covered'
    >>> describe_gain("score", -0.00004, share_of="of expenses covered")
    'less than 0.01 percentage points less of expenses covered'
    >>> describe_gain("income", -120, "${:,.0f}".format, "Pay Day")
    'leaves Pay Day $120 lower'
    >>> describe_gain("assets", 4, name="investments and luxury items")
    'has 4 units more in investments and luxury items'
    """
    if share_of is not None:
        points = abs(100 * delta)
        more_or_less = "more" if delta > 0 else "less"
        if points < 0.01:  # "about 0 percentage points more" gave no reason at all
            return f"less than 0.01 percentage points {more_or_less} {share_of}"
        if points >= 10:
            figure = f"{points:,.0f}"
        elif points >= 0.1:
            figure = f"{points:.1f}".removesuffix(".0")
        else:  # a few hundredths can decide between two debts to pay off: say them
            figure = f"{points:.1g}"
        unit = "percentage point" if figure == "1" else "percentage points"
        return f"about {figure} {unit} {more_or_less} {share_of}"
    qualifier, figure = _money_amount(delta, money or _units)
    n = _amount(delta)
    more = delta > 0
    if metric in OTHER_METRICS:  # by the game's name, as the family table shows it
        sign = "+" if more else "−"
        if not in_money:  # points are whole too: an average is "about +1", never "+0.7"
            qualifier, figure = _money_amount(delta, "{:,.0f}".format)
        if qualifier == "less than ":  # "less than −1" would be a loss of more than 1
            return f"{name or metric} {'up' if more else 'down'} by less than {figure}"
        return f"{name or metric} {qualifier}{sign}{figure}"
    m = qualifier + figure
    # A difference against another move, never the move's own effect: passing on an
    # insurance card "leaves income $120 higher" than buying it, where it raises nothing.
    # Nor does "spends" fit a move that only borrows less than another does.
    phrases = {
        "cash": ("keeps {m} more in cash", "keeps {m} less in cash"),
        "savings": ("keeps {m} more in savings", "keeps {m} less in savings"),
        "debt": ("owes {m} more", "avoids {m} of debt"),
        "assets": ("has {m} more in {name}", "has {m} less in {name}"),
        "income": ("leaves {name} {m} higher", "leaves {name} {m} lower"),
    }
    gain, loss = phrases.get(metric, (f"raises {metric} by {{n}}", f"lowers {metric} by {{n}}"))
    return (gain if more else loss).format(n=n, m=m, name=name or metric)


#: What a game's income and assets are, where its own words do not name them: FinanciaLit
#: counts a Beach Holiday among the family's assets at its price, and a reason saying a
#: holiday "adds 4 units of assets" taught that a treat is an investment.
METRIC_NAMES: Mapping[str, Mapping[str, str]] = {
    "financialit": {"income": "this period's income", "assets": "investments and luxury items"},
    "financity": {"income": "yearly income", "assets": "investments and products"},
}


def metric_words(game_id: str, metric: str, words: Mapping[str, str]) -> str | None:
    """The game's name for ``metric`` in a reason: its own word ("Pay Day"), else the bots'
    (:data:`METRIC_NAMES`), else none (the metric's own name is used).

    >>> metric_words("rut-to-riches", "income", {"metric=income": "Pay Day"})
    'Pay Day'
    >>> metric_words("financialit", "assets", {}), metric_words("monitics", "cash", {})
    ('investments and luxury items', None)
    """
    return words.get(f"metric={metric}") or METRIC_NAMES.get(game_id, {}).get(metric)


def score_words(game_id: str, words: Mapping[str, str]) -> tuple[str, str | None]:
    """How a reason names the game's score, and what it is a share of where it is one.

    By the game's own word for it where it gives one (FinanciaLit's Happiness, Monitics' net
    worth), else as the debrief's tables label it, so a learner reads what it is made of
    (FinanCity: "score (champion score less loans)", never a bare "score"); a share of
    expenses (Rut to Riches) is said in percentage points of what it covers.

    >>> score_words("financity", {})
    ('score (champion score less loans)', None)
    >>> score_words("rut-to-riches", {"metric=score": "out of the Rut"})
    ('out of the Rut', 'of expenses covered by passive income')
    >>> score_words("financialit", {"metric=score": "Happiness"})
    ('Happiness', None)
    """
    # Imported here: the debrief imports the bots (it replays games with them); only a
    # reason decided by the score needs its names.
    from moneyboard.debrief.timeline import SCORE_IS_SHARE, metric_label, score_unit

    share_of = score_unit(game_id) if game_id in SCORE_IS_SHARE else None
    named = words.get("metric=score")
    if named:
        return named, share_of
    label = metric_label(game_id, "score")
    return label[:1].lower() + label[1:], share_of


def spread(values: Sequence[float]) -> float:
    """Population standard deviation: how much an outcome swings with luck.

    >>> spread([1.0, 3.0]), spread([2.0])
    (1.0, 0.0)
    """
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    return float((sum((v - mean) ** 2 for v in values) / len(values)) ** 0.5)


@dataclasses.dataclass(slots=True)
class _Appraisal:
    """What the bot saw of one move: mean metric changes, luck spread and hint bonus, and
    the move it imagined playing after it (as its button reads) when this one left the
    decision open (see the module doc). ``parts`` splits ``value`` into what each metric,
    the luck (``"luck"``) and the hint (``"hint"``) added, so a reason names what decided
    on the scale the choice was made on."""

    deltas: dict[str, float]
    spread: float
    hint: Hint | None
    value: float = 0.0
    then: str | None = None
    parts: dict[str, float] = dataclasses.field(default_factory=dict)


def _change(copy: GameState, seat: int, before: Mapping[str, float]) -> dict[str, float]:
    """The seat's metric changes from ``before`` to ``copy``."""
    after = copy.metrics(seat)
    return {key: after.get(key, value) - value for key, value in before.items()}


def _leaves_open(state: GameState, seat: int, action: Action, copy: GameState) -> bool:
    """Whether ``action`` (one that may leave a decision open, or be taken at any time) left
    ``seat`` facing the same question in ``copy`` as in ``state``: of the same kind, about
    the same thing (its data alike but for the figures that change while it is open).

    A question of the same kind about something else is a new one: FinanCity asks how to
    pay the year's expenses and then, once they are paid, how to pay an event; taken for
    the first left open, the savings card that paid the expenses was compared with a
    smaller card that had not paid them yet."""
    if not (action.keeps_decision or action.anytime):
        return False
    asked, now = state.decision, copy.decision
    if asked is None or now is None or now.kind != asked.kind or seat not in now.seats:
        return False
    figures = copy.decision_figures(now) or {}
    keys = (asked.data.keys() | now.data.keys()) - figures.keys()
    return all(asked.data.get(key) == now.data.get(key) for key in keys)


class PersonalityBot:
    """Chooses by one-step lookahead scored with a personality's weights; bounded work per move."""

    def __init__(
        self,
        personality: Personality,
        rng: random.Random,
        *,
        samples: int | None = None,
        max_evaluations: int = 48,
    ):
        self.personality = personality
        self.kind = personality.kind
        self.rng = rng
        # Households with an attitude to luck need a few draws to see how much a move swings.
        self.samples = samples if samples is not None else (3 if personality.risk else 2)
        self.max_evaluations = max_evaluations
        self._repeats = RepeatGuard()

    def choose(self, state: GameState, seat: int) -> Choice:
        legal = state.legal_actions(seat)
        if not legal:
            raise RuntimeError(f"{state.game_id}: seat {seat} has no legal action")
        if len(legal) == 1:
            return self._chose(state, Choice(legal[0], "it was the only possible move"))
        # A long run of its own moves: stop repeating, so no loop of moves goes on forever.
        legal = self._repeats.allowed(state, legal)
        if len(legal) == 1:
            return self._chose(state, Choice(legal[0], REPEATED))
        rng = self.rng
        if len(legal) > self.max_evaluations:
            legal = rng.sample(legal, self.max_evaluations)
        samples = max(1, min(self.samples, self.max_evaluations // len(legal)))
        # The same chance seeds for every action, so actions are compared on equal luck.
        seeds = [rng.getrandbits(64) for _ in range(samples)]
        before = state.metrics(seat)
        hints = self._hints(state)
        weights = self.personality.weights_in(state.game_id)
        copies = [self._lookahead(state, seat, action, seeds) for action in legal]
        outcomes = [[_change(copy, seat, before) for copy in per_action] for per_action in copies]
        then = self._close_open_moves(
            state,
            seat,
            legal,
            copies=copies,
            outcomes=outcomes,
            before=before,
            hints=hints,
            weights=weights,
        )
        appraisals = self._appraise(legal, outcomes, hints, weights)
        for i, move in then.items():
            appraisals[i].then = move
        noisy = [a.value + rng.uniform(0.0, TIE) for a in appraisals]
        best = max(range(len(legal)), key=noisy.__getitem__)
        # Moves as good as the best (but for the noise that breaks ties) are not what it
        # chose against: the reason compares with the best of the rest, and names them.
        tied = [
            i
            for i in range(len(legal))
            if i != best and abs(appraisals[i].value - appraisals[best].value) < TIE
        ]
        rest = [i for i in range(len(legal)) if i != best and i not in tied]
        text = state.action_text
        if not rest:
            return self._chose(
                state,
                Choice(
                    legal[best],
                    _all_alike(len(tied), text(legal[max(tied, key=noisy.__getitem__)])),
                ),
            )
        runner_up = max(rest, key=noisy.__getitem__)
        why = self._why(
            appraisals[best],
            appraisals[runner_up],
            text(legal[best]),
            text(legal[runner_up]),
            money=state.money_text,
            words=state.catalogue.words(),
            money_metrics=state.money_metrics,
            game_id=state.game_id,
            weights=weights,
        )
        if tied:
            why += _as_good(len(tied), text(legal[max(tied, key=noisy.__getitem__)]))
        return self._chose(state, Choice(legal[best], why))

    def _hints(self, state: GameState) -> list[Hint]:
        """The game's hints for this personality, a liking left out once a move it likes has
        been made in this run of own moves: the risk-taker's liking for borrowing in Rut to
        Riches made it borrow $100 again and again, 28 times in one turn."""
        done = self._repeats.streak
        return [
            h
            for h in hints_for(state.game_id, self.kind)
            if h.bonus < 0 or not any(h.matches(action) for action in done)
        ]

    def _chose(self, state: GameState, choice: Choice) -> Choice:
        """Remember the move for the repeat guard (assuming it is played next)."""
        self._repeats.played(state, choice.action)
        return choice

    def _lookahead(
        self, state: GameState, seat: int, action: Action, seeds: Sequence[int]
    ) -> list[GameState]:
        """Copies of the game after ``action``, one per sampled chance seed, each run on to
        the next decision."""
        out = []
        for seed in seeds:
            copy = state.clone(with_history=False)
            copy.chance = ChanceSource(seed)
            copy.auto_chance = True
            copy.play(seat, action)  # a legal move on a throwaway copy
            out.append(copy)
        return out

    def _close_open_moves(
        self,
        state: GameState,
        seat: int,
        legal: Sequence[Action],
        *,
        copies: Sequence[Sequence[GameState]],
        outcomes: list[list[dict[str, float]]],
        before: Mapping[str, float],
        hints: Sequence[Hint],
        weights: Mapping[str, float],
    ) -> dict[int, str]:
        """After each move that left the decision open, play on its copies the best move that
        closes it (ranked among the closing moves by the same appraisal) and measure again,
        so a loan is judged as "loan, then Done" against "Done" (see the module doc).

        Returns, by the index of each such move, the closing move played after it (as its
        button read then; the most frequent one if the samples differ)."""
        left_open = [
            [_leaves_open(state, seat, action, copy) for copy in per_action]
            for action, per_action in zip(legal, copies, strict=True)
        ]
        closing = [i for i, flags in enumerate(left_open) if not any(flags)]
        if not closing or len(closing) == len(legal):
            return {}
        ranked = self._appraise(
            [legal[i] for i in closing], [outcomes[i] for i in closing], hints, weights
        )
        value = {i: a.value for i, a in zip(closing, ranked, strict=True)}
        order = sorted(closing, key=lambda i: -value[i])
        followed: dict[int, Counter[str]] = {}
        for i, flags in enumerate(left_open):
            for sample, (copy, still_open) in enumerate(zip(copies[i], flags, strict=True)):
                if not still_open:
                    continue
                then = next((legal[j] for j in order if copy.can(seat, legal[j])), None)
                if then is not None:
                    followed.setdefault(i, Counter())[copy.action_text(then)] += 1
                    copy.play(seat, then)
                    outcomes[i][sample] = _change(copy, seat, before)
        return {i: texts.most_common(1)[0][0] for i, texts in followed.items()}

    def _appraise(
        self,
        legal: Sequence[Action],
        outcomes: Sequence[Sequence[Mapping[str, float]]],
        hints: Sequence[Hint],
        weights: Mapping[str, float],
    ) -> list[_Appraisal]:
        """Each move's value: ``weights`` times the metric changes (each group on a 0..1
        scale), plus the personality's attitude to their spread over the samples, plus any
        hint's bonus."""
        every = [d for per_action in outcomes for d in per_action]
        money_scale = max((abs(d.get(k, 0.0)) for d in every for k in MONEY_METRICS), default=0.0)
        scales = {k: money_scale for k in MONEY_METRICS}
        for k in OTHER_METRICS:
            scales[k] = max((abs(d.get(k, 0.0)) for d in every), default=0.0)

        def worth(d: Mapping[str, float]) -> float:
            value = 0.0
            for key, weight in weights.items():
                scale = scales.get(key, 0.0)
                if scale > _EPSILON:
                    value += weight * d.get(key, 0.0) / scale
            return value

        appraisals = []
        for action, samples in zip(legal, outcomes, strict=True):
            mean = {k: sum(d[k] for d in samples) / len(samples) for k in samples[0]}
            hint = next((h for h in hints if h.matches(action)), None)
            luck = spread([worth(d) for d in samples])
            value = worth(mean) + self.personality.risk * luck + (hint.bonus if hint else 0.0)
            parts = {
                key: weight * mean.get(key, 0.0) / scales[key]
                for key, weight in weights.items()
                if scales.get(key, 0.0) > _EPSILON
            }
            parts["luck"] = self.personality.risk * luck
            parts["hint"] = hint.bonus if hint else 0.0
            appraisals.append(_Appraisal(mean, luck, hint, value, parts=parts))
        return appraisals

    def _why(
        self,
        chosen: _Appraisal,
        alternative: _Appraisal,
        action: str,
        other: str,
        *,
        money: Callable[[float], str],
        words: Mapping[str, str],
        money_metrics: AbstractSet[str] = frozenset(),
        game_id: str = "",
        weights: Mapping[str, float] | None = None,
    ) -> str:
        """Name what decided against the next best move: a metric, the luck, or a hint
        (``action`` and ``other``: the two moves as their buttons read; ``money``: an amount
        in the game's currency; ``words``: the game's words, naming its metrics; ``game_id``:
        whose score it is, for its name where the words give none; ``weights``: the
        household's weights in that game, by default as :meth:`Personality.weights_in` gives).

        The next best move is named with the move imagined after it (unless the chosen move
        is followed by it too), or said to come "first" when that is the chosen move: a saver
        who cashes its $1,000 savings card "keeps $100 more in savings" than one who cashes
        the $100 card first, which falls short of the bill, and then the $1,000 card as well;
        said without it, the comparison read reversed.

        What decided is the part of the value (:attr:`_Appraisal.parts`) that gained most on
        the other move, on the scale the choice was made on. Compared in raw amounts, dollars
        outweighed points of Happiness whatever the weights said, and a difference under 0.05
        (a few percentage points of Rut to Riches' share of expenses) was no reason at all,
        so a preference read "the moves looked equally good". A cost that weighed at least
        :data:`COST_SHARE` of the gain is named beside it."""
        if weights is None:
            weights = self.personality.weights_in(game_id)
        keys = [*weights, "luck", "hint"]
        edge = {k: chosen.parts.get(k, 0.0) - alternative.parts.get(k, 0.0) for k in keys}
        decisive = max(keys, key=edge.__getitem__)
        then = alternative.then
        compared = f"'{other}'"
        if then == action:  # the next best move, and then the chosen one
            compared += " first"
        elif then is not None and then != chosen.then:
            compared += f" followed by '{then}'"
        if edge[decisive] <= _EPSILON:
            return f"saw no difference right away between this move and {compared}"
        if decisive == "hint":
            if chosen.hint is not None and chosen.hint.bonus > 0:
                return f"chose '{action}' because {chosen.hint.reason}"
            assert alternative.hint is not None
            return f"did not choose '{other}' because {alternative.hint.reason}"
        if decisive == "luck":
            if self.personality.risk < 0:
                return f"plays it safe: the result depends less on luck than {compared}"
            return (
                f"takes the chance: the result swings more with luck than with {compared}, "
                "so it could turn out better"
            )

        def words_for(metric: str) -> str:
            diff = chosen.deltas.get(metric, 0.0) - alternative.deltas.get(metric, 0.0)
            name, share_of = metric_words(game_id, metric, words), None
            if metric == "score":
                name, share_of = score_words(game_id, words)
            in_money = metric in money_metrics
            return describe_gain(metric, diff, money, name, in_money=in_money, share_of=share_of)

        said = words_for(decisive)
        # What the move costs against the other, where it weighed at least a quarter as much
        # as the gain: a loan "keeps 5 units more in cash, though it owes 8 units more".
        costs = [k for k in weights if edge[k] < 0 and -edge[k] >= COST_SHARE * edge[decisive]]
        if costs:
            cost = min(costs, key=edge.__getitem__)
            loss = words_for(cost)
            if loss != said:
                said += f", though {loss}" if cost in OTHER_METRICS else f", though it {loss}"
        if chosen.then is not None and chosen.then not in (other, then):
            said = f"with '{chosen.then}' after it, {said}"
        return f"{said}, compared with {compared}"


def _all_alike(others: int, example: str) -> str:
    """The reason when every other move (``others`` of them; ``example``, the closest, as its
    button reads) looked as good as the chosen one: the noise that breaks ties chose.

    >>> _all_alike(1, "Roll")
    "saw no difference right away between this move and 'Roll', so it picked one at random"
    >>> _all_alike(3, "Roll")
    'saw no difference right away between its moves, so it picked one at random'
    """
    between = f"this move and '{example}'" if others == 1 else "its moves"
    return f"saw no difference right away between {between}, so it picked one at random"


def _as_good(others: int, example: str) -> str:
    """What a reason adds when other moves looked as good as the chosen one.

    >>> _as_good(1, "Fire")
    "; 'Fire' looked just as good, so it picked one of the two at random"
    >>> _as_good(4, "Fire")
    '; 4 other moves looked just as good, so it picked one of them at random'
    """
    if others == 1:
        return f"; '{example}' looked just as good, so it picked one of the two at random"
    return f"; {others} other moves looked just as good, so it picked one of them at random"

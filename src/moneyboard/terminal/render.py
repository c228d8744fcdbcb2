"""Rich renderings of any game's state: the families' money, the board, events, the result.

Everything here reads only the public interface (views, metrics, the log and the ledger's
postings), so it works for every game. A game may say more about a decision, an action
(its cost, say) or a family's result through optional hooks: see :func:`decision_line`,
:func:`action_text` and :func:`result_lines`. Its words name its places, phases and metrics
(a ``[words]`` table in its messages: :func:`moneyboard.terminal.text.game_words`); what
the generic rules cannot tell (bookkeeping to leave out, a metric that is a share) is in a
small table per game, :data:`SHOWN`.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table

from moneyboard.engine.actions import Action
from moneyboard.engine.chance import ChanceSource
from moneyboard.engine.errors import MoneyboardError
from moneyboard.engine.ledger import Posting
from moneyboard.engine.messages import Event, Message, audience_of
from moneyboard.engine.offers import decision_key
from moneyboard.engine.state import GameState
from moneyboard.engine.views import KERNEL_VIEW_KEYS
from moneyboard.terminal.text import (
    account_label,
    explain,
    label,
    metric_label,
    named,
    names_of,
    number,
    word,
)
from moneyboard.web.art import game_art

#: Keys of every view that the kernel fills (shown elsewhere, not on the board).
KERNEL_KEYS = KERNEL_VIEW_KEYS
#: The common metrics, in the order the families table shows them.
METRIC_ORDER = ("cash", "savings", "debt", "assets", "income", "wellbeing", "score")


@dataclasses.dataclass(frozen=True)
class Shown:
    """How the terminal shows one game's own view fields and metrics where the generic rules
    fall short: a small, explicit table per game (:data:`SHOWN`). It is presentation only;
    what a game calls its values and metrics is the game's own (its words:
    :func:`moneyboard.terminal.text.word` and :func:`~moneyboard.terminal.text.metric_label`).
    """

    #: Labels of the board's fields by their path in the view (``"this_turn.actions_left"``).
    #: An object with a labelled field is shown field by field, a row each.
    labels: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: Bookkeeping a learner has no use for, by path (a family's field is
    #: ``"<families key>.<field>"``, ``"players.progress"``): not shown.
    hidden: frozenset[str] = frozenset()
    #: Paths shown only when they hold something (not 0, "", no or nothing): a die not yet
    #: rolled is no news.
    optional: frozenset[str] = frozenset()
    #: The kernel's common metrics the game does not have (it fills them with 0): not shown.
    unused_metrics: frozenset[str] = frozenset()
    #: Metrics that are yes or no (1.0 or 0.0).
    flags: frozenset[str] = frozenset()
    #: Metrics that are a share of a whole (0.05 is "5.0%").
    shares: frozenset[str] = frozenset()
    #: Fields inside a family's hidden object worth a row of their own, by path, with the
    #: row's label (``"players.score_sheet.cards": "cards held"``).
    parts: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: A family's fields the generic rules cannot put in words (a record per card, a
    #: place in a ladder), by path, with how to say them from the family's object (one
    #: field may need another: Monitics' loan is said with the next one).
    words: Mapping[str, Callable[[GameState, Mapping[str, Any]], str]] = dataclasses.field(
        default_factory=dict
    )


def _plural(count: int, thing: str) -> str:
    """``2, "loan"`` as ``"2 loans"``."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def _careers(state: GameState, family: Mapping[str, Any]) -> str:
    """FinanciaLit's career cards by name, one not yet at work marked ("from next period")."""
    careers = family.get("careers") or ()
    later = {False: " (from next period)", True: ""}
    return ", ".join(word(state, c["card"]) + later[bool(c["active"])] for c in careers) or "-"


def _investments(state: GameState, family: Mapping[str, Any]) -> str:
    """FinanciaLit's investments by name with when each pays out (its slot on the track:
    a card in slot 1 pays out in the next Income Phase)."""

    def when(slot: int | None) -> str:
        if slot is None:
            return "just bought"
        return "pays out next period" if slot <= 1 else f"pays out in {slot} periods"

    held = family.get("investments") or ()
    return ", ".join(f"{word(state, i['card'])} ({when(i['slot'])})" for i in held) or "-"


def _loans(state: GameState, family: Mapping[str, Any]) -> str:
    """FinanciaLit's loans counted, with the repayments still to make (each loan's slot; a
    loan taken this round has all of its repayments ahead)."""
    loans = family.get("loans")
    if not loans:
        return "-"
    periods = getattr(state.options, "loan_periods", 0)
    left = sum(periods if slot is None else slot for slot in loans)
    return f"{_plural(len(loans), 'loan')}, {_plural(left, 'repayment')} left"


def _bank_loan(state: GameState, family: Mapping[str, Any]) -> str:
    """Monitics' bank loan: the one held, with what it costs to repay, else the one the
    bank lends next (both are places in the options' loan ladder, counted from 0)."""
    ladder = getattr(state.options, "loan_ladder", ())
    held, following = family.get("loan"), family.get("next_loan")
    if isinstance(held, int) and 0 <= held < len(ladder):
        borrowed, repay = ladder[held]
        return f"{state.money_text(borrowed)} (repay {state.money_text(repay)})"
    if isinstance(following, int) and 0 <= following < len(ladder):
        return f"none (next: {state.money_text(ladder[following][0])})"
    return "none"


def _savings_cards(state: GameState, family: Mapping[str, Any]) -> str:
    """FinanCity's savings cards in dollars ("$500, $100")."""
    return ", ".join(state.money_text(a) for a in family.get("savings_cards") or ()) or "-"


def _income_change(state: GameState, family: Mapping[str, Any]) -> str:
    """FinanCity's change of income next year, with its sign ("+$50", "−$50")."""
    amount = family.get("next_year_income_change") or 0
    return ("+" if amount > 0 else "") + state.money_text(amount)


def _assets_held(state: GameState, family: Mapping[str, Any]) -> str:
    """Monitics' assets by their names ("Studio flat, Plot of farmland")."""
    return ", ".join(str(a.get("name")) for a in family.get("assets") or ()) or "-"


#: Each game's table (a game without one is shown by the generic rules alone).
SHOWN: dict[str, Shown] = {
    # The board's zones: "pawns on Payable Bills: Ben, Ana" (see _zone_rows).
    "financialit": Shown(
        labels={
            "board": "pawns on",
            "families.where": "pawns on",
            "families.pawns": "pawns to place",
            "families.goods": "Common Goods",
            "families.goods_need": "Common Goods needed",
            "families.miscalculation": "Miscalculation card",
            "families.family_aid_used": "Family Aid used",
            "families.saved": "stopped this round",
        },
        # Where the pawns are is said once ("where"); a family seeking a career advance
        # holds a career card marked "from next period".
        hidden=frozenset({"families.placed", "families.career_away"}),
        words={
            "families.careers": _careers,
            "families.investments": _investments,
            "families.loans": _loans,
        },
    ),
    "financity": Shown(
        labels={
            "zone": "play marker",
            "board": "home tokens in",
            "players.over_indebted": "over-indebted",
            "players.next_year_income_change": "income change next year",
        },
        optional=frozenset({"players.next_year_income_change"}),
        words={
            "players.savings_cards": _savings_cards,
            "players.next_year_income_change": _income_change,
        },
    ),
    "monitics": Shown(
        labels={
            "this_turn.seat": "whose turn",
            "this_turn.roll": "die roll this turn",
            "this_turn.actions_left": "actions left this turn",
            "this_turn.option_used": "option card used this turn",
            "this_turn.market": "the bank sells this turn",
            "this_turn.final": "a final turn",
            "finisher": "reached Finish first",
            "players.assets": "assets held",
            "players.options": "Option cards",
            "players.insurance": "insurance cards",
            "players.loan": "bank loan",
            "players.debts": "owed to other players",
            "players.out": "out of the game",
            "players.done": "journey over",
        },
        # The game's turn counter, its deals and its "stopped" flag steer the rules; the
        # moves offered already say what they mean for the learner. A family's place on the
        # board is its box; its next loan is said with its loan.
        hidden=frozenset(
            {
                "this_turn.number",
                "this_turn.deals",
                "this_turn.stopped",
                "players.position",
                "players.turns",
                "players.next_loan",
            }
        ),
        optional=frozenset(
            {
                "this_turn.roll",
                "this_turn.option_used",
                "this_turn.market",
                "this_turn.final",
                "players.out",
                "players.done",
            }
        ),
        unused_metrics=frozenset({"income", "wellbeing"}),
        words={"players.assets": _assets_held, "players.loan": _bank_loan},
    ),
    "rut-to-riches": Shown(
        # The score is a metric; the sheets' totals are the metrics above them, and the
        # square's number and the turn count are the board's business.
        hidden=frozenset(
            {
                "players.progress",
                "players.score_sheet",
                "players.cash_sheet",
                "players.square",
                "players.turns",
            }
        ),
        optional=frozenset(
            {"players.pending_move", "players.lost_turns", "players.bankrupt", "players.out"}
        ),
        unused_metrics=frozenset({"savings", "wellbeing"}),
        flags=frozenset({"retired", "inner"}),
        shares=frozenset({"score"}),
        parts={
            "players.score_sheet.cards": "cards held",
            "players.score_sheet.children": "children",
        },
    ),
}

#: Board fields that hold seats (one, or a list), shown by the seats' names.
SEAT_FIELDS = frozenset({"first", "current", "finisher", "seat", "holder"})
#: Words for the board fields every game may have.
FIELD_LABELS = {
    "first": "first player",
    "current": "whose turn",
    "finisher": "finished first",
    "seat": "whose turn",
    "decks": "cards left in the decks",
}
#: A counter and the fields that may hold its end ("round 2 of 8"), shown as one row.
LIMITS = {"round": ("rounds", "turn_limit"), "year": ("years",)}


def shown_for(state: GameState) -> Shown:
    """The game's table of :data:`SHOWN` (an empty one: the generic rules alone)."""
    return SHOWN.get(state.game_id, _PLAIN)


_PLAIN = Shown()


def metric_text(state: GameState, metric: str, value: float) -> str:
    """A metric's value as a learner reads it: money in the currency, a flag as yes or no, a
    share as a percentage, else a number."""
    shown = shown_for(state)
    if metric in state.money_metrics:
        return state.money_text(value)
    if metric in shown.flags:
        return "yes" if value else "no"
    if metric in shown.shares:
        return f"{value:.1%}"
    return number(value)


def families_table(state: GameState, view: Mapping[str, Any] | None = None) -> Table:
    """Each family's money and standing: one column per family, the ones to move marked.

    If ``view`` holds one object per seat (a game's per-family details), its fields follow
    the metrics as further rows. Without them (the table at the end) a family out of the game
    is said to be out under its name: its figures are those of a family no longer playing.
    """
    metrics = [state.metrics(seat) for seat in range(state.n)]
    gone = set() if view else out_of_the_game(state)
    shown = shown_for(state)
    keys = [k for k in METRIC_ORDER if k in metrics[0]]
    keys += [k for k in metrics[0] if k not in keys]
    keys = [k for k in keys if k not in shown.unused_metrics]
    table = Table(title=state.catalogue.people()[1], title_justify="left")
    table.add_column("")
    moving = set(state.to_move())
    for seat, s in enumerate(state.seats):
        head = f"> {s.name}" if seat in moving else s.name
        if s.bot:
            head += f"\n({s.bot} bot)"
        if seat in gone:
            head += "\n(out of the game)"
        table.add_column(escape(head), justify="right", overflow="fold")
    shown_rows: dict[str, list[str]] = {}  # each row's label (lower case) and cells
    for key in keys:
        name = metric_label(state, key)
        cells = [metric_text(state, key, row[key]) for row in metrics]
        if shown_rows.get(name.lower()) == cells:
            continue  # one figure by two names: FinanciaLit's wellbeing and score
        shown_rows[name.lower()] = cells
        table.add_row(escape(name), *cells)
    money_fields = {f["path"] for f in game_art(state.game_id)["figures"] if f.get("money")}
    money_fields = (money_fields | state.money_metrics) - set(keys)
    for key, details in _family_details(state, view or {}):
        fields = [
            k
            for k in details[0]
            if (k not in keys or f"{key}.{k}" in shown.words)  # a metric's value is above
            and k not in SKIPPED_DETAILS
            and f"{k}_name" not in details[0]
            and f"{key}.{k}" not in shown.hidden
            and label(k).lower() not in shown_rows  # a metric already, by its name
        ]
        # A field shown only when some family has something in it (not 0, "", no, nothing).
        fields = [
            k
            for k in fields
            if f"{key}.{k}" not in shown.optional or any(d.get(k) for d in details)
        ]
        table.add_section()
        for path, row_label in shown.parts.items():
            outer, _, inner = path.removeprefix(f"{key}.").partition(".")
            if path.startswith(f"{key}.") and inner and outer in details[0]:
                in_words = functools.partial(_field_word, state, inner)
                parts = (d.get(outer, {}).get(inner) for d in details)
                table.add_row(escape(row_label), *(escape(compact(v, in_words)) for v in parts))
        for field in fields:
            path = f"{key}.{field}"
            # The game's words for this field's values first ("box=tax": "Tax authority").
            in_words = functools.partial(_field_word, state, field)
            say = shown.words.get(path)
            if say is not None:
                values = [escape(say(state, d)) for d in details]
            else:
                values = [
                    state.money_text(d[field])
                    if field in money_fields and isinstance(d.get(field), int | float)
                    else escape(compact(d.get(field), in_words))
                    for d in details
                ]
            stands_for = field.removesuffix("_name")  # "home_name" stands for "home"
            row_label = shown.labels.get(path) or label(
                stands_for if stands_for in details[0] else field
            )
            table.add_row(escape(row_label), *values)
    return table


def _field_word(state: GameState, field: str, value: str) -> str:
    return word(state, value, field)


#: Per-family fields not worth a row (the column header already says them). A field with a
#: ``<field>_name`` beside it ("home" and "home_name") shows once, by its name.
SKIPPED_DETAILS = frozenset({"seat", "name"})


def out_of_the_game(state: GameState) -> set[int]:
    """The seats out of the game, by their families' ``out`` in the public view."""
    families = _family_details(state, state.view(None))
    if not families:
        return set()
    return {seat for seat, family in enumerate(families[0][1]) if family.get("out") is True}


def _family_details(
    state: GameState, view: Mapping[str, Any]
) -> list[tuple[str, list[dict[str, Any]]]]:
    """The view's entries that hold one object per seat."""
    return [
        (key, value)
        for key, value in view.items()
        if key not in KERNEL_KEYS
        and isinstance(value, list)
        and len(value) == state.n
        and all(isinstance(v, dict) for v in value)
    ]


def compact(value: Any, word: Callable[[str], str] = str) -> str:
    """A JSON value in few words: lists joined by commas, flags as yes/no, nothing as "-",
    text through ``word`` (a game's name for an identifier: ``Catalogue.word``).

    >>> compact([{"card": "a", "active": True}, "b"]), compact([]), compact(None), compact("")
    ('(card a, active yes), b', '-', '-', '-')
    >>> compact(["garden_house"], {"garden_house": "House with a Garden"}.get)
    'House with a Garden'
    """
    if value is None or value == "" or (isinstance(value, list | dict) and not value):
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(
            f"({compact(v, word)})" if isinstance(v, dict) else compact(v, word) for v in value
        )
    if isinstance(value, dict):
        return ", ".join(f"{label(str(k))} {compact(v, word)}" for k, v in value.items())
    if isinstance(value, str):
        return word(value) or value
    return number(value)


def _per_seat(state: GameState, key: str, value: Any) -> bool:
    """A view entry that holds one value per seat: by convention its key ends in ``_by_seat``
    (a list that merely happens to have as many entries as seats, like a market, is not)."""
    return key.endswith("_by_seat") and isinstance(value, list) and len(value) == state.n


def board_table(state: GameState, view: Mapping[str, Any]) -> Table | None:
    """The rest of a view (not the kernel's, not per-family details) in a learner's words,
    what lies on the table first, as the pages draw it; None if nothing.

    See :func:`board_rows` for how each field is worded.
    """
    on_table = table_rows(state, view)
    rows = board_rows(state, view)
    if not rows and not on_table:
        return None
    table = Table(title="Board", title_justify="left", show_header=False, box=None)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for heading, text in [*on_table, *rows]:
        table.add_row(escape(heading), escape(text))
    return table


def board_rows(state: GameState, view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The game's own fields of a view that are not drawn on the table nor a family's, each
    as a label and its text, the way a learner reads them:

    - seats by their names ("first player: Ben"; :data:`SEAT_FIELDS`);
    - a counter with its end as one row ("round: 2 of 8"; :data:`LIMITS`);
    - the board's zones (the art's ``[board]`` of kind ``zones``) a row each, by the game's
      name for the zone (else the art's label), with whose tokens are there;
    - values by the game's words for them as values of that field ("phase=payments");
    - counts by what they count ("22 events, 16 income modifiers");
    - the game's :class:`Shown` table: its labels, and the bookkeeping it leaves out.
    """
    shown = shown_for(state)
    art = game_art(state.game_id)
    drawn = {spec["path"].split(".")[0] for spec in art["table"]}
    details = {key for key, _ in _family_details(state, view)}
    board = art["board"]
    zones = board.get("source") if board.get("kind") == "zones" else None
    # Each counter's end, where the view has one ("round" and "rounds").
    ends: dict[str, str] = {}
    for counter, limits in LIMITS.items():
        found = [k for k in limits if k in view]
        if counter in view and found:
            ends[counter] = found[0]
    skipped = KERNEL_KEYS | details | drawn | set(ends.values())
    rows: list[tuple[str, str]] = []
    for key, value in view.items():
        if key in skipped:
            continue
        if key == zones and isinstance(value, Mapping):
            rows += _zone_rows(state, value, board, shown.labels.get(key))
        elif key in ends:
            rows.append(
                (_field_label(shown, key, key), _counter_text(state, key, value, view[ends[key]]))
            )
        else:
            rows += _field_rows(state, shown, key, key, value)
    return rows


def _counter_text(state: GameState, key: str, value: Any, end: Any) -> str:
    """A counter with its end ("2 of 8"); one at 0 has not started: "not started yet (40
    rounds)", not "round 0 of 40"."""
    if value == 0:
        return "not started yet" + (f" ({number(end)} {key}s)" if end else "")
    return _value_text(state, key, value) + (f" of {number(end)}" if end else "")


def _field_label(shown: Shown, path: str, key: str) -> str:
    return shown.labels.get(path) or FIELD_LABELS.get(key) or label(key)


def _field_rows(
    state: GameState, shown: Shown, path: str, key: str, value: Any
) -> list[tuple[str, str]]:
    """One field of the board (at ``path`` in the view) as rows: none if the game's table
    hides it or it holds nothing to tell, one per field for an object with labelled fields,
    else one."""
    if path in shown.hidden or value is None:
        return []
    if path in shown.optional and not value:
        return []
    if isinstance(value, Mapping) and any(f"{path}.{k}" in shown.labels for k in value):
        rows: list[tuple[str, str]] = []
        for k, v in value.items():
            rows += _field_rows(state, shown, f"{path}.{k}", str(k), v)
        return rows
    if _per_seat(state, key, value):
        text = ", ".join(
            f"{state.seats[i].name} {compact(v, state.catalogue.word)}" for i, v in enumerate(value)
        )
        return [(_field_label(shown, path, key), text)]
    return [(_field_label(shown, path, key), _value_text(state, key, value))]


def _value_text(state: GameState, key: str, value: Any) -> str:
    """A board field's value in words: seats by name, identifiers by the game's words for
    them as values of ``key``, counts by what they count."""
    if key in SEAT_FIELDS and (names := _seats(state, value)) is not None:
        return names or "nobody"
    in_words = functools.partial(_field_word, state, key)
    if isinstance(value, Mapping):
        if value and all(_is_count(v) for v in value.values()):
            return ", ".join(f"{number(n)} {in_words(str(k))}" for k, n in value.items())
        return "; ".join(f"{in_words(str(k))}: {compact(v, in_words)}" for k, v in value.items())
    if isinstance(value, int | float) and not isinstance(value, bool):
        # A number the game names as this field's value ("zone=3": "Zone 3: Savings").
        return named(state, number(value), key) or number(value)
    return compact(value, in_words)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seats(state: GameState, value: Any) -> str | None:
    """Seats (one, or a list; a seat twice with its count) by their names; None if ``value``
    is not seats."""
    seats = value if isinstance(value, list) else [value]
    if not all(_is_count(s) and 0 <= s < state.n for s in seats):
        return None
    counts: dict[int, int] = {}
    for s in seats:
        counts[s] = counts.get(s, 0) + 1
    names = [state.seats[s].name + (f" (x{n})" if n > 1 else "") for s, n in counts.items()]
    return ", ".join(names)


def _zone_rows(
    state: GameState, zones: Mapping[str, Any], board: Mapping[str, Any], tokens: str | None
) -> list[tuple[str, str]]:
    """The board's zones that hold someone's tokens, a row each: the zone by the game's
    words ("Payable Bills", "Zone 4: Extra Jobs"), else as the pages label it, after what
    the tokens are where the game's table says (``tokens``: "pawns on"), and whose tokens
    are there."""
    labels = {z["id"]: z["label"] for z in board.get("zones", [])}
    rows = []
    for zone, seats in zones.items():
        who = _seats(state, seats)
        if not seats or who is None:
            continue
        name = named(state, zone, "zone") or labels.get(zone) or word(state, zone)
        rows.append((f"{tokens} {name}" if tokens else name, who))
    return rows


def table_rows(state: GameState, view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What lies on the table, as the game's art lists it for the pages (see
    :mod:`moneyboard.web.art`): each place's label and its cards in words, with their figures.
    """
    rows = []
    for spec in game_art(state.game_id)["table"]:
        cards = _table_cards(state, _at(view, spec["path"]), spec)
        if not cards:
            continue
        holder = _at(view, spec["holder"]) if "holder" in spec else None
        heading = spec["label"]
        if isinstance(holder, int) and 0 <= holder < state.n:
            heading += f" ({state.seats[holder].name})"
        rows.append((heading, "; ".join(cards)))
    return rows


def _at(view: Mapping[str, Any], path: str) -> Any:
    value: Any = view
    for key in path.split("."):
        value = value.get(key) if isinstance(value, Mapping) else None
    return value


def _table_cards(state: GameState, value: Any, spec: Mapping[str, Any]) -> list[str]:
    """The cards at one place on the table (a list, one card, or named places), as text."""
    if isinstance(value, list):
        numbered = spec.get("numbered")
        return [
            _card_text(state, card, spec, f"{numbered} {i + 1}" if numbered else None)
            for i, card in enumerate(value)
            if card
        ]
    if not isinstance(value, Mapping):
        return []
    if "name" in value or "title" in value:
        return [_card_text(state, value, spec, None)]
    places = spec.get("places", {})
    out = []
    for place, card in value.items():
        if isinstance(card, int) and not isinstance(card, bool):
            if card:
                out.append(f"{places.get(place) or state.catalogue.word(place)} x{card}")
        elif card:
            out.append(
                _card_text(state, card, spec, places.get(place) or label(place).capitalize())
            )
    return out


def _card_text(state: GameState, card: Any, spec: Mapping[str, Any], place: str | None) -> str:
    """One card: its place, its name, its text and the figures the art lists (those it has)."""
    word = state.catalogue.word
    head = f"{place}: " if place else ""
    if not isinstance(card, Mapping):
        return head + word(str(card))
    name = card.get("name") or card.get("title") or word(str(card.get("card") or card.get("id")))
    figures = []
    for field in spec.get("fields", []):
        value = card.get(field["path"])
        if value is None or value is False or value in (0, ""):
            continue
        shown = state.money_text(value) if field.get("money") else word(str(value))
        unit = f" {field['unit']}" if field.get("unit") else ""
        if not field["label"]:  # the value alone, as a word ("Property")
            shown = shown[:1].upper() + shown[1:]
        figures.append(f"{field['label']} {shown}{unit}".strip())
    text = f" - {card['text']}" if card.get("text") else ""
    return head + name + text + (f" ({', '.join(figures)})" if figures else "")


def decision_line(state: GameState, seat: int) -> str:
    """Who decides what now, e.g. ``"Ana decides: roll (value 3)"``.

    A game's catalogue may word it with a ``describe.decision.<kind>`` template (its
    parameters: the decision's data and the seat), or the template its ``wording`` names
    (a free offer's, see :func:`~moneyboard.engine.offers.decision_key`).
    """
    d = state.decision
    name = state.seats[seat].name
    if d is None:
        return f"{name} may act"
    key = decision_key(state.catalogue, d)  # a free offer has its own sentence
    if key in state.catalogue:
        return explain(state, Message(key, {**d.data, "seat": seat}))
    details = ", ".join(f"{label(k)} {compact(v)}" for k, v in d.data.items())
    return f"{name} decides: {label(d.kind)}" + (f" ({details})" if details else "")


def action_text(state: GameState, seat: int, action: Action) -> str:
    """An action's label plus what it costs or brings, so a person can weigh it.

    A game may say this itself with a ``describe_action(seat, action)`` method returning
    text or a :class:`Message`, or a ``describe.action.<kind>`` template in its catalogue
    (its parameters: the action's fields and the seat). Otherwise the text shows what the
    action itself changes of the seat's money and wellbeing, and apart from it what the
    game's flow changes after it until the next decision (:func:`previews`).
    """
    extra: object = None
    describe = getattr(state, "describe_action", None)
    if callable(describe):
        extra = describe(seat, action)
    else:
        key = f"describe.action.{action.kind}"
        if key in state.catalogue:
            extra = Message(key, {**action.to_json(), "seat": seat})
        else:
            extra = "; ".join(part for part in previews(state, seat, action) if part)
    if isinstance(extra, Message):
        extra = explain(state, extra)
    # The label with any amount it leaves out, so that no two moves listed read the same.
    label = state.action_text(action)
    return f"{label} ({extra})" if extra else label


#: The metrics a preview shows (the score is left out: it sums up the others).
PREVIEWED = ("cash", "savings", "debt", "assets", "income", "wellbeing")


def preview(state: GameState, seat: int, action: Action) -> str:
    """What ``action`` itself changes for ``seat``, e.g. ``"cash −$3"``, each metric by the
    game's name for it ("Happiness +1" in FinanciaLit: :func:`metric_label`); what the
    game's flow does after it (the period's payments) is not the move's (:func:`previews`)."""
    return _changes(state, seat, *_tried(state, seat, action)[:2])


def previews(state: GameState, seat: int, action: Action) -> tuple[str, str]:
    """What ``action`` itself changes for ``seat``, and, set apart, what follows until the
    next decision without being the move's doing ("then, at the end of the round: ...").

    The move's own part is what it does with the steps it starts; the steps the game had
    scheduled already (a period's bills and income) run after it and make the second part.
    """
    before, own, after, boundary = _tried(state, seat, action)
    following = _changes(state, seat, own, after)
    if following:
        following = f"then, {boundary}: {following}"
    return _changes(state, seat, before, own), following


#: One metric dictionary per chance draw tried (two copies, two draws).
_Tries = list[dict[str, float]]


def _tried(state: GameState, seat: int, action: Action) -> tuple[_Tries, _Tries, _Tries, str]:
    """``seat``'s metrics before ``action``, after the move's own steps, and at the next
    decision, each on two copies with different chance draws (never the game's own source),
    with the words for when the rest happens. Nothing changes for a move that is refused."""
    before = [state.metrics(seat)]
    own: _Tries = []
    after: _Tries = []
    boundary = "as play goes on"
    if state.why_not(seat, action) is not None:
        return before, before, before, boundary
    for seed in (1, 2):
        copy = state.clone(with_history=False)
        copy.chance = ChanceSource(seed)
        copy.auto_chance = True
        try:
            held = copy.play_alone(seat, action)
            own.append(copy.metrics(seat))
            counters = _counters(copy)
            if held:
                copy.play_on()
        except MoneyboardError:
            return before, before, before, boundary
        after.append(copy.metrics(seat))
        if copy.result is not None:
            boundary = "as the game ends"
        elif (moved := [k for k, v in _counters(copy).items() if counters.get(k) != v]) != []:
            boundary = f"at the end of the {label(moved[0])}"
    return before, own, after, boundary


def _counters(state: GameState) -> dict[str, Any]:
    """The game's counters of its periods (round, year: :data:`LIMITS`) in its public view."""
    view = state.view(None)
    return {key: view[key] for key in LIMITS if key in view}


def _changes(state: GameState, seat: int, before: _Tries, after: _Tries) -> str:
    """The changes of ``seat``'s metrics from ``before`` to ``after`` ("cash −$3, debt +$8");
    a change that differs between the chance draws tried is said to depend on chance."""
    parts = []
    chancy = []
    for key in PREVIEWED:
        if key not in before[0]:
            continue
        bases = before if len(before) == len(after) else before * len(after)
        deltas = {a.get(key, b[key]) - b[key] for a, b in zip(after, bases, strict=True)}
        if len(deltas) > 1:
            chancy.append(metric_label(state, key))
        elif (delta := deltas.pop()) != 0:
            parts.append(f"{metric_label(state, key)} {signed(state, key, delta)}")
    if chancy:  # said once: "cash and debt depend on chance"
        verb = "depends" if len(chancy) == 1 else "depend"
        parts.append(f"{and_list(chancy)} {verb} on chance")
    return ", ".join(parts)


def and_list(items: Sequence[str]) -> str:
    """``["cash", "debt", "income"]`` as ``"cash, debt and income"``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def signed(state: GameState, metric: str, delta: float) -> str:
    """A change with its sign: money in the game's currency ("+$1,200", "−$3"), any other
    metric (wellbeing, Happiness) as a number ("+5")."""
    if metric not in state.money_metrics:
        return f"{delta:+,g}".replace("-", "−")  # the minus sign money is written with
    return ("+" if delta > 0 else "") + state.money_text(delta)


def event_lines(
    state: GameState, events: Sequence[Event], postings: Sequence[Posting]
) -> tuple[list[str], list[str]]:
    """Every event and every payment, in plain words (two lists, each in order).

    A payment whose reason is already told as an event is shown by its amount alone; a
    chance draw in the kernel's words ("Chance, die: 3.") is left out where the game tells
    what it brought itself (:func:`told_by_the_game`). An event for some seats' eyes only
    is not told here, where everyone at the table reads: :func:`private_lines` tells it.
    """
    said = [
        _private_note(state, audience) if (audience := audience_of(m)) is not None else None
        for m in events
    ]
    happened = [
        note if note is not None else explain(state, event)
        for i, (event, note) in enumerate(zip(events, said, strict=True))
        if not told_by_the_game(state, events, i)
    ]
    told = set(happened)
    payments = []
    for p in postings:
        # A payment's reason is worded like its event; the amount is the payment's own.
        params = {"amount": p.amount, **p.params} if p.key in state.catalogue else p.params
        why = explain(state, (p.key, params))
        line = (
            f"{state.money_text(p.amount)} from {account_label(state, p.source)} "
            f"to {account_label(state, p.target)}"
        )
        told_already = why in told or "{" in why  # a reason that needs what it lacks: left out
        payments.append(line if told_already else f"{line}: {why}")
    return happened, payments


def private_lines(state: GameState, events: Sequence[Event], seat: int) -> list[str]:
    """The events among ``events`` that are for ``seat``'s eyes (a card dealt face down),
    in plain words: told at that seat's own turn, not to the whole table."""
    return [explain(state, e) for e in events if seat in (audience_of(e) or ())]


def _private_note(state: GameState, audience: Sequence[int]) -> str:
    """What the whole table reads of an event for some seats only: that there is one."""
    names = names_of(state, audience)
    return f"Something for {names}'s eyes only: shown when {names} next decides."


def told_by_the_game(state: GameState, events: Sequence[Event], i: int) -> bool:
    """Whether event ``i`` is a chance draw in the kernel's words that the game tells
    itself: the step that takes a draw's outcome logs what it brought right after it
    ("Ana rolls a 3."), and a draw the game gives words of its own
    (:meth:`~moneyboard.engine.kernel.Kernel.describe_draw`) is told in them instead.
    What the draw brings is known from the events' order, never guessed from their words;
    a draw followed by no event of the game keeps its line. A draw whose step tells the
    table only that there is something to see (a share tip for one player's eyes) is not
    told either: its card is the drawer's, shown in their view."""
    key, params = events[i]
    if key != "chance.drawn" or not isinstance(stream := params.get("stream"), str):
        return False
    if state.describe_draw(stream, params.get("outcome")) is not None:
        return False  # the game's own words already
    following = events[i + 1][0] if i + 1 < len(events) else None
    return following is not None and not following.startswith("chance.")


def result_renderable(state: GameState) -> RenderableType:
    """How the game ended, in plain words: who won and the game's reason, then each family's
    score by the game's name for it (in the currency where it is money) and, where the game
    says, what the score is made of or which of the rules' conditions the family met
    (:func:`result_lines`). A column is there only when it has something to say."""
    result = state.result
    if result is None:
        return "The game is not over."
    reason = escape(result_reason(state))
    if result.winners:
        title = "Winners" if len(result.winners) > 1 else "Winner"
        head = f"[bold]{title}: {escape(names_of(state, result.winners))}[/bold] - {reason}"
    else:  # the reason says why nobody won ("No family met all four winner criteria.")
        head = f"[bold]No winner[/bold] - {reason}"
    why = [result_lines(state, seat) for seat in range(state.n)]
    table = Table(title="Result", title_justify="left")
    table.add_column(state.catalogue.people()[0])
    table.add_column(escape(metric_label(state, "score")), justify="right")
    if any(why):
        table.add_column("why", overflow="fold")
    for seat, score in enumerate(result.scores):
        name = state.seats[seat].name + (" (winner)" if seat in result.winners else "")
        cells = [escape(name), escape(metric_text(state, "score", score))]
        if any(why):
            cells.append(escape("\n".join(why[seat])))
        table.add_row(*cells)
    return Group(head, table)


def result_reason(state: GameState) -> str:
    """The game's reason for its result in words. A reason about the one winner that names
    none of its figures ("{name} reaches {passive:money} of passive income and wins!" with
    no parameters) takes them from the winner: its seat and its metrics."""
    result = state.result
    if result is None:
        return ""
    text = explain(state, result.reason)
    if "{" in text and len(result.winners) == 1:
        winner = result.winners[0]
        key, params = result.reason
        filled = {**state.metrics(winner), "seat": winner, **params}
        text = explain(state, Message(key, filled))
    return text


def result_lines(state: GameState, seat: int) -> list[str]:
    """What a family's result is made of, in the game's words: the game's
    ``describe_result(seat)`` (text or messages, a line each) if it has one, else its
    ``describe.result`` template (its parameters: the family's metrics and the seat), else
    nothing. A family out of the game (its view's ``out``) is said to be out: its score
    is no measure of how it played."""
    if seat in out_of_the_game(state):
        return ["out of the game"]
    describe = getattr(state, "describe_result", None)
    if callable(describe):
        said: Sequence[object] = describe(seat)
    elif "describe.result" in state.catalogue:
        said = [Message("describe.result", {**state.metrics(seat), "seat": seat})]
    else:
        return []
    return [explain(state, line) if isinstance(line, Message) else str(line) for line in said]

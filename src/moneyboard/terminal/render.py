"""Rich renderings of any game's state: the families' money, the board, events, the result.

Everything here reads only the public interface (views, metrics, the log and the ledger's
postings), so it works for every game. A game may say more about a decision or an action
(its cost, say) through optional hooks: see :func:`decision_line` and :func:`action_text`.
"""

from __future__ import annotations

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
from moneyboard.engine.messages import Catalogue, Event, Message
from moneyboard.engine.state import GameState
from moneyboard.engine.views import KERNEL_VIEW_KEYS
from moneyboard.terminal.text import account_label, explain, label, names_of, number
from moneyboard.web.art import game_art

#: Keys of every view that the kernel fills (shown elsewhere, not on the board).
KERNEL_KEYS = KERNEL_VIEW_KEYS
#: The common metrics, in the order the families table shows them.
METRIC_ORDER = ("cash", "savings", "debt", "assets", "income", "wellbeing", "score")


def families_table(state: GameState, view: Mapping[str, Any] | None = None) -> Table:
    """Each family's money and standing: one column per family, the ones to move marked.

    If ``view`` holds one object per seat (a game's per-family details), its fields follow
    the metrics as further rows.
    """
    metrics = [state.metrics(seat) for seat in range(state.n)]
    keys = [k for k in METRIC_ORDER if k in metrics[0]]
    keys += [k for k in metrics[0] if k not in keys]
    table = Table(title="Families", title_justify="left")
    table.add_column("")
    moving = set(state.to_move())
    for seat, s in enumerate(state.seats):
        head = f"> {s.name}" if seat in moving else s.name
        if s.bot:
            head += f"\n({s.bot} bot)"
        table.add_column(escape(head), justify="right", overflow="fold")
    for key in keys:
        money = key in state.money_metrics
        cells = (state.money_text(row[key]) if money else number(row[key]) for row in metrics)
        table.add_row(label(key), *cells)
    money_fields = {f["path"] for f in game_art(state.game_id)["figures"] if f.get("money")}
    money_fields = (money_fields | state.money_metrics) - set(keys)
    for _, details in _family_details(state, view or {}):
        fields = [
            k
            for k in details[0]
            if k not in keys and k not in SKIPPED_DETAILS and f"{k}_name" not in details[0]
        ]
        table.add_section()
        for field in fields:
            # The game's words for this field's values first ("box=tax": "Tax authority").
            word = functools.partial(_field_word, state.catalogue, field)
            cells = (
                state.money_text(d[field])
                if field in money_fields and isinstance(d.get(field), int | float)
                else escape(compact(d.get(field), word))
                for d in details
            )
            named = field.removesuffix("_name")  # "home_name" stands for "home"
            table.add_row(label(named if named in details[0] else field), *cells)
    return table


def _field_word(catalogue: Catalogue, field: str, value: str) -> str:
    return catalogue.word(value, field)


#: Per-family fields not worth a row (the column header already says them). A field with a
#: ``<field>_name`` beside it ("home" and "home_name") shows once, by its name.
SKIPPED_DETAILS = frozenset({"seat", "name"})


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

    >>> compact([{"card": "a", "active": True}, "b"]), compact([]), compact(None)
    ('(card a, active yes), b', '-', '-')
    >>> compact(["garden_house"], {"garden_house": "House with a Garden"}.get)
    'House with a Garden'
    """
    if value is None or (isinstance(value, list | dict) and not value):
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
    """The rest of a view (not the kernel's, not per-family details), what lies on the table
    first, as the pages draw it; None if nothing."""
    on_table = table_rows(state, view)
    drawn = {spec["path"].split(".")[0] for spec in game_art(state.game_id)["table"]}
    details = {key for key, _ in _family_details(state, view)}
    rows = [
        (k, v)
        for k, v in view.items()
        if k not in KERNEL_KEYS and k not in details and k not in drawn
    ]
    if not rows and not on_table:
        return None
    table = Table(title="Board", title_justify="left", show_header=False, box=None)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for heading, text in on_table:
        table.add_row(escape(heading), escape(text))
    for key, value in rows:
        word = state.catalogue.word
        if _per_seat(state, key, value):
            text = ", ".join(
                f"{state.seats[i].name} {compact(v, word)}" for i, v in enumerate(value)
            )
        elif isinstance(value, dict):
            text = "; ".join(f"{label(str(k))}: {compact(v, word)}" for k, v in value.items())
        else:
            text = compact(value, word)
        table.add_row(escape(label(key)), escape(text))
    return table


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
    parameters: the decision's data and the seat).
    """
    d = state.decision
    name = state.seats[seat].name
    if d is None:
        return f"{name} may act"
    key = f"describe.decision.{d.kind}"
    if key in state.catalogue:
        return explain(state, Message(key, {**d.data, "seat": seat}))
    details = ", ".join(f"{label(k)} {compact(v)}" for k, v in d.data.items())
    return f"{name} decides: {label(d.kind)}" + (f" ({details})" if details else "")


def action_text(state: GameState, seat: int, action: Action) -> str:
    """An action's label plus what it costs or brings, so a person can weigh it.

    A game may say this itself with a ``describe_action(seat, action)`` method returning
    text or a :class:`Message`, or a ``describe.action.<kind>`` template in its catalogue
    (its parameters: the action's fields and the seat). Otherwise the text shows the
    action's effect on the seat's money and wellbeing until the next decision
    (:func:`preview`).
    """
    extra: object = None
    describe = getattr(state, "describe_action", None)
    if callable(describe):
        extra = describe(seat, action)
    else:
        key = f"describe.action.{action.kind}"
        extra = (
            Message(key, {**action.to_json(), "seat": seat})
            if key in state.catalogue
            else preview(state, seat, action)
        )
    if isinstance(extra, Message):
        extra = explain(state, extra)
    label = state.action_label(action)
    return f"{label} ({extra})" if extra else label


#: The metrics a preview shows (the score is left out: it sums up the others).
PREVIEWED = ("cash", "savings", "debt", "assets", "income", "wellbeing")


def preview(state: GameState, seat: int, action: Action) -> str:
    """What ``action`` changes for ``seat`` until the next decision, e.g. ``"cash −$3"``.

    The action is tried on two copies with different chance draws (never the game's own
    source); a change that differs between them is shown as depending on chance.
    """
    before = state.metrics(seat)
    results = []
    for seed in (1, 2):
        copy = state.clone(with_history=False)
        copy.chance = ChanceSource(seed)
        copy.auto_chance = True
        try:
            copy.apply(seat, action)
        except MoneyboardError:
            return ""
        results.append(copy.metrics(seat))
    parts = []
    for key in PREVIEWED:
        if key not in before:
            continue
        deltas = {r.get(key, before[key]) - before[key] for r in results}
        if len(deltas) > 1:
            parts.append(f"{label(key)} depends on chance")
        elif (delta := deltas.pop()) != 0:
            parts.append(f"{label(key)} {signed(state, key, delta)}")
    return ", ".join(parts)


def signed(state: GameState, metric: str, delta: float) -> str:
    """A change with its sign: money in the game's currency ("+$1,200", "−$3"), wellbeing
    as a number ("+5")."""
    if metric == "wellbeing":
        return f"{delta:+,g}"
    return ("+" if delta > 0 else "") + state.money_text(delta)


def event_lines(
    state: GameState, events: Sequence[Event], postings: Sequence[Posting]
) -> tuple[list[str], list[str]]:
    """Every event and every payment, in plain words (two lists, each in order).

    A payment whose reason is already told as an event is shown by its amount alone.
    """
    happened = [explain(state, m) for m in events]
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


def result_renderable(state: GameState) -> RenderableType:
    """How the game ended: the winners, why, and each family's score."""
    result = state.result
    if result is None:
        return "The game is not over."
    winners = names_of(state, result.winners) or "nobody"
    reason = explain(state, result.reason)
    table = Table(title="Result", title_justify="left")
    table.add_column("family")
    table.add_column("score", justify="right")
    table.add_column("")
    for seat, score in enumerate(result.scores):
        mark = "winner" if seat in result.winners else ""
        table.add_row(escape(state.seats[seat].name), number(score), mark)
    return Group(f"[bold]Winner: {escape(winners)}[/bold] - {escape(reason)}", table)

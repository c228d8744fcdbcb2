"""Actions and amounts of money in a learner's words: one wording for every client.

A game's catalogue holds a label per action kind (``label.<kind>``, e.g. ``"Buy the luxury
in slot {slot+1}"``); the terminal, the debrief, the class vote and the pages all show that
label. A placeholder names one of the action's fields: ``{field}``, ``{field+1}`` (a 0-based
slot counted from 1), ``{field:seat}`` (a seat's name) or ``{field:money}`` (an amount in
the game's currency). A yes-or-no field reads by the game's words for it, when it has
them (``"agree=yes" = "Lend the money"``, the label ``"{agree}"``). The pages render the same
templates in JavaScript (``actionLabel``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from typing import Any

from moneyboard.engine.actions import Action
from moneyboard.engine.messages import Catalogue

#: ``{field}``, ``{field+1}``, ``{field:seat}``, ``{field:money}`` (as the pages read them).
PLACEHOLDER = re.compile(r"\{(\w+)(\+1|:seat|:money)?\}")
#: What stands for an amount a person still has to choose (a number input beside the label).
CHOSEN_LATER = "…"


def show_value(value: Any) -> str:
    """A field's value in words: ``buy_basic`` -> ``buy basic``, ``True`` -> ``yes``."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list | tuple):
        return ", ".join(show_value(v) for v in value) if value else "none"
    return str(value).replace("_", " ")


def human(text: str) -> str:
    """snake_case words as a sentence: ``place pay_bills`` -> ``Place pay bills``."""
    words = text.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


@functools.lru_cache(maxsize=4096)  # the same few amounts are written again and again
def money_text(amount: int | float, currency: tuple[str, str]) -> str:
    """An amount with the game's currency: ``$1,200``, ``5 units``, ``1 unit``, ``−$30``."""
    before, after = currency
    sign = "−" if amount < 0 else ""
    size = abs(amount)
    if size == 1 and after.endswith("s"):  # one unit, not "1 units"
        after = after[:-1]
    number = f"{int(size):,}" if float(size).is_integer() else f"{size:,.2f}"
    return f"{sign}{before}{number}{after}"


def action_label(
    kind: str,
    fields: Mapping[str, Any],
    template: str | None,
    *,
    seat_name: Callable[[int], str],
    money: Callable[[int], str],
    chosen_later: str | None = None,
    word: Callable[[str, str | None], str] | None = None,
) -> str:
    """The label of an action of ``kind`` with ``fields`` (``template``: the game's label, or
    ``None`` for its kind and values in words). ``chosen_later`` names an amount field a
    person still has to choose: it is shown as ``…``. ``word`` names a field's identifier
    (a card's title for its id), given the identifier and the field's name."""
    if template is None:
        rest = [
            word(v, k) if word is not None and isinstance(v, str) else show_value(v).lower()
            for k, v in fields.items()
            if k != chosen_later
        ]
        return human(" ".join([kind, *rest]))

    def fill(match: re.Match[str]) -> str:
        field, how = match.group(1), match.group(2)
        if field not in fields:
            return ""
        value = fields[field]
        if field == chosen_later:
            return CHOSEN_LATER
        if how == "+1":
            return str(int(value) + 1)
        if how == ":seat":
            return seat_name(int(value))
        if how == ":money":
            return money(int(value))
        if isinstance(value, str):
            return word(value, field) if word is not None else value.replace("_", " ")
        if isinstance(value, bool) and word is not None:  # "agree=yes": "Lend the money"
            return word(show_value(value), field)
        return show_value(value).lower()

    return PLACEHOLDER.sub(fill, template)


@functools.lru_cache(maxsize=4096)
def remembered_label(
    action: Action,
    catalogue: Catalogue,
    names: tuple[str, ...],
    currency: tuple[str, str],
    chosen_later: str | None,
) -> str:
    """An action's label in ``catalogue``'s words, remembered: the same few actions are
    labelled for every seat at every step of every room, and a label depends on nothing but
    these arguments. An action with a ``price`` of 0 takes the game's ``label.<kind>_free``
    where it has one."""
    fields = action.to_json()
    fields.pop("type", None)

    def seat_name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    template = catalogue.template(f"label.{action.kind}")
    # A price of nothing reads as the game words a free deal ("for no commission"), not "$0".
    if fields.get("price") == 0 and chosen_later != "price":
        template = catalogue.template(f"label.{action.kind}_free") or template
    return action_label(
        action.kind,
        fields,
        template,
        seat_name=seat_name,
        money=lambda amount: money_text(amount, currency),
        chosen_later=chosen_later,
        word=catalogue.word,
    )

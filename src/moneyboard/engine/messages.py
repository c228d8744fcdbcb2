"""Events and reasons as message keys with parameters, rendered to words separately.

Keeping the key and parameters (not the sentence) in the log lets every consequence be
explained in any language later; English templates live in each game's ``messages.toml``.
"""

from __future__ import annotations

import re
import string
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any, NamedTuple, Protocol, TypeVar, cast

T = TypeVar("T")


class Message(NamedTuple):
    """A message key and its parameters: an event in the log, or the reason an action is refused."""

    key: str
    params: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


#: An entry of a game's event log: a message key and its parameters, as a plain pair. The
#: log gets several entries per decision and a plain pair costs half what a Message does
#: to make; a :class:`Message` is also an ``Event``, and everything that renders one takes
#: either.
Event = tuple[str, Mapping[str, Any]]


class PrivateEvent(tuple[str, Mapping[str, Any]]):
    """An event for some seats' eyes only (and the trainer's): a card dealt face down, a tip.

    It is still a ``(key, params)`` pair wherever the log is read; ``audience`` names the
    seats that may see it. Every other event is for everyone. A game logs one with
    ``self.log.append(private_event(seats, key, **params))``; the classroom server shows it
    to those seats only.

    >>> e = private_event((1,), "dealt", card="gold")
    >>> key, params = e
    >>> key, dict(params), audience_of(e), audience_of(("rolled", {}))
    ('dealt', {'card': 'gold'}, (1,), None)
    """

    audience: tuple[int, ...]

    def __new__(cls, key: str, params: Mapping[str, Any], audience: Iterable[int]) -> PrivateEvent:
        event = super().__new__(cls, (key, params))
        event.audience = tuple(audience)
        return event

    def __getnewargs__(self) -> tuple[str, Mapping[str, Any], tuple[int, ...]]:
        return (self[0], self[1], self.audience)


def private_event(seats: Iterable[int], key: str, /, **params: Any) -> PrivateEvent:
    """An event of the log that only ``seats`` (and the trainer) may see."""
    return PrivateEvent(key, params, seats)


def audience_of(event: Event) -> tuple[int, ...] | None:
    """The seats an event is for (``None``: everyone, the default)."""
    return event.audience if isinstance(event, PrivateEvent) else None


def event_json(event: Event) -> dict[str, Any]:
    """An event (or a :class:`Message`) as JSON: ``{"key": ..., "params": {...}}``, with
    ``"audience"`` (a list of seats) for an event not meant for everyone."""
    key, params = event
    audience = audience_of(event)
    if audience is None:
        return {"key": key, "params": dict(params)}
    return {"key": key, "params": dict(params), "audience": list(audience)}


def msg(key: str, /, **params: Any) -> Message:
    """Shorthand for building a :class:`Message`."""
    message: Message = new_message(Message, (key, params))
    return message


class _TupleNew(Protocol):
    def __call__(self, cls: type[T], values: tuple[Any, ...], /) -> T: ...


#: Builds a NamedTuple (a Message, Posting, Move...) from its values without the
#: Python-level constructor: the engine's hot paths create several per decision.
new_message = cast(_TupleNew, tuple.__new__)


class Catalogue:
    """English (or other) templates for message keys, with a readable fallback for unknown keys.

    >>> c = Catalogue({"paid": "{who} paid {amount} units"})
    >>> c.render(msg("paid", who="Ana", amount=3))
    'Ana paid 3 units'
    >>> c.render(msg("paid", who="Ana", amount="credit_card"))
    'Ana paid credit card units'
    >>> Catalogue({"sold": "{to:seat} paid {price:money}"}).render(
    ...     msg("sold", to=1, price=30), seat_name=["Ana", "Ben"].__getitem__,
    ...     money="${:,}".format)
    'Ben paid $30'
    >>> c.render(msg("unknown.key", x=1))
    'unknown.key (x=1)'

    ``{field:count noun}`` shows a number with its noun, singular for one (``noun/plural``
    where the plural is not the noun with an "s"):

    >>> born = Catalogue({"born": "{who} has {kids:count child/children} and {n:count dog}"})
    >>> born.render(msg("born", who="Ana", kids=1, n=2))
    'Ana has 1 child and 2 dogs'

    ``words`` names a game's things by their identifiers (a card's title for its id): a
    parameter or an action's field holding one is shown by that name.

    >>> c.with_words({"pe_carwash": "Car-wash franchise"}).render(
    ...     msg("paid", who="Ana", amount="pe_carwash"))
    'Ana paid Car-wash franchise units'
    """

    def __init__(self, templates: Mapping[str, str], words: Mapping[str, str] | None = None):
        self._templates = dict(templates)
        self._words = dict(words or {})
        #: Each template worked out once, as it is first rendered (see :func:`_compiled`).
        self._compiled: dict[str, _Compiled] = {}

    def __contains__(self, key: str) -> bool:
        return key in self._templates

    def keys(self) -> set[str]:
        return set(self._templates)

    def template(self, key: str) -> str | None:
        """The template of ``key`` (``None``: the catalogue has none)."""
        return self._templates.get(key)

    def merged(self, other: Catalogue) -> Catalogue:
        return Catalogue({**self._templates, **other._templates}, {**self._words, **other._words})

    def with_words(self, words: Mapping[str, str]) -> Catalogue:
        """This catalogue, naming these identifiers by these words as well."""
        return Catalogue(self._templates, {**self._words, **words})

    def word(self, value: str, field: str | None = None) -> str:
        """An identifier in words: the name given for it as an action's ``field`` (words
        keyed ``"zone=loans"``: a place named on its button, where the same identifier names
        a deck elsewhere), else the name given for it anywhere, else its parts ("credit
        card"); anything else (a person's name, a sentence) as it is.

        >>> words = Catalogue({}, {"zone=shopping": "Zone 7: Shopping"})
        >>> words.word("shopping", "zone"), words.word("shopping"), words.word("free_time")
        ('Zone 7: Shopping', 'shopping', 'free time')
        """
        if field is not None:
            named = self._words.get(f"{field}={value}")
            if named is not None:
                return named
        named = self._words.get(value)
        if named is not None:
            return named
        if "_" in value and _IDENTIFIER.fullmatch(value):
            return value.replace("_", " ")
        return value

    def render(
        self,
        message: Event,
        seat_name: Callable[[int], str] = str,
        money: Callable[[int | float], str] = str,
    ) -> str:
        """A message (an event or a :class:`Message`) in words: ``{field:seat}`` shows a seat
        by ``seat_name``, ``{field:seats}`` a list of seats as their names ("Ana, Ben and
        Cleo"), ``{field:money}`` an amount by ``money`` (as labels do)."""
        key, params = message
        compiled = self._compiled.get(key)
        if compiled is None:
            template = self._templates.get(key)
            if template is None:
                detail = ", ".join(f"{k}={v}" for k, v in params.items())
                return f"{key} ({detail})" if detail else key
            compiled = self._compiled[key] = _compiled(template)
        text, plain, typed, counted = compiled
        values = _Lenient(params)
        for field in plain:  # text and lists in words; numbers as they are
            kind = values.get(field).__class__
            if kind is str or kind is list or kind is tuple:
                values[field] = self._shown(values[field])
        for field, how in typed:
            if field not in params:
                continue
            value = params[field]
            if how == "@seats" and isinstance(value, list | tuple):
                values[field + how] = and_list([seat_name(int(s)) for s in value])
                continue
            if isinstance(value, bool) or not isinstance(value, int | float):
                values[field + how] = self._shown(value)
            else:
                values[field + how] = seat_name(int(value)) if how == "@seat" else money(value)
        for field, key, one, many in counted:
            if field in params:
                value = params[field]
                values[key] = f"{self._shown(value)} {one if value == 1 else many}"
        return text.format_map(values)

    def _shown(self, value: Any) -> Any:
        """A parameter as a template shows it: an identifier in words, a list as its items
        ("100, 500"). Words given for one field (``"zone=shopping"``) name a label's field
        and a view's, not a message's parameter: a game puts the name in the event."""
        if isinstance(value, list | tuple):
            return ", ".join(str(self._shown(v)) for v in value) if value else "none"
        return self.word(value) if isinstance(value, str) else value

    @staticmethod
    def fields(template: str) -> set[str]:
        """The parameter names a template uses (for tests that every event can be rendered)."""
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    def templates(self) -> dict[str, str]:
        return dict(self._templates)

    def words(self) -> dict[str, str]:
        """The identifiers this catalogue names, with their names."""
        return dict(self._words)

    def people(self) -> tuple[str, str]:
        """What the game calls one of its players and all of them, for headings: a family
        and "Families" unless its words say otherwise (``people=one``, ``people=many``).

        >>> Catalogue({}).people(), Catalogue({}, {"people=one": "player"}).people()
        (('family', 'Families'), ('player', 'Families'))
        """
        return self._words.get("people=one", "family"), self._words.get("people=many", "Families")


#: A placeholder for a seat's name, several seats' names or an amount of money:
#: ``{to:seat}``, ``{champions:seats}`` ("Ana and Ben"), ``{price:money}``.
_TYPED = re.compile(r"\{(\w+)(:seats|:seat|:money)\}")
#: A number with its noun: ``{kids:count child/children}``, ``{moves:count move}`` (plural +s).
_COUNTED = re.compile(r"\{(\w+):count ([^{}/]+)(?:/([^{}]+))?\}")
#: A template worked out: its text for ``str.format_map``, its plain fields, its typed ones
#: (field, ``"@seat"`` or ``"@money"``) and its counts (field, key in the text, noun for one,
#: noun for more).
_Compiled = tuple[
    str, tuple[str, ...], tuple[tuple[str, str], ...], tuple[tuple[str, str, str, str], ...]
]
#: A game's identifier in a message ("credit_card", "buy_or_pass"): shown as words.
_IDENTIFIER = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
#: Parameters that hold what a person typed (a seat's name), shown exactly as typed.
_NAMES = frozenset({"name", "player", "was"})


def _compiled(template: str) -> _Compiled:
    """``template`` for ``str.format_map``, with the fields to put in words: the plain ones
    (a person's name, the ``name`` fields and the ``player``, left out: shown as typed), the
    typed ones, ``{to:seat}`` rewritten ``{to@seat}`` (filled with the seat's name) and
    ``{price:money}`` ``{price@money}``, each with ``"@seat"`` or ``"@money"``, and the
    counts, ``{kids:count child/children}`` rewritten ``{kids@count0}``."""
    counted: list[tuple[str, str, str, str]] = []

    def count(match: re.Match[str]) -> str:
        field, one, many = match.groups()
        key = f"{field}@count{len(counted)}"
        counted.append((field, key, one, many or one + "s"))
        return "{" + key + "}"

    text = _COUNTED.sub(count, template)
    text = _TYPED.sub(lambda m: "{" + m.group(1) + "@" + m.group(2)[1:] + "}", text)
    plain: dict[str, None] = {}
    typed: dict[tuple[str, str], None] = {}
    for _, name, _, _ in string.Formatter().parse(text):
        if not name:
            continue
        field, at, how = name.partition("@")
        if how.startswith("count"):
            continue
        if at:
            typed[(field, at + how)] = None
        elif field not in _NAMES and not field.endswith("_name"):
            plain[field] = None
    return text, tuple(plain), tuple(typed), tuple(counted)


def and_list(items: Sequence[str]) -> str:
    """Names for a sentence: ``["Ana", "Ben", "Cleo"]`` as ``"Ana, Ben and Cleo"``.

    >>> and_list(["Ana"]), and_list(["Ana", "Ben", "Cleo"])
    ('Ana', 'Ana, Ben and Cleo')
    """
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


class _Lenient(dict[str, Any]):
    """A template's parameters; one it names but is not given shows as ``{name}``."""

    def __missing__(self, key: str) -> str:
        return "{" + key.partition("@")[0] + "}"


def load_catalogue(package: str, name: str = "messages.toml") -> Catalogue:
    """Load a ``messages.toml`` shipped inside ``package``: tables of key = template, and a
    ``[words]`` table naming the game's identifiers that are not cards (its phases, zones,
    decks, metrics), often for one field alone (``"phase=payments" = "Payments & Events
    Phase"``): every client names them alike (:meth:`Catalogue.word`)."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    data = tomllib.loads(text)
    words = {str(k): str(v) for k, v in data.pop("words", {}).items()}
    flat: dict[str, str] = {}

    def walk(prefix: str, table: Mapping[str, Any]) -> None:
        for k, v in table.items():
            key = f"{prefix}.{k}" if prefix else k
            if isinstance(v, Mapping):
                walk(key, v)
            else:
                flat[key] = str(v)

    walk("", data)
    return Catalogue(flat, words)

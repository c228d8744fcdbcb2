"""Monitics' authored content (board, bills, assets), loaded from ``data/`` and validated.

The rulebook prints no board, prices or bill amounts; they are data here so a trainer can
read and change them, and a broken file is refused with a message naming the file and field.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from moneyboard.engine.errors import OptionsError
from moneyboard.engine.options import describe_validation_error

AssetKind = Literal["property", "stock", "company", "commodity"]
ASSET_KINDS: tuple[str, ...] = ("property", "stock", "company", "commodity")
BOX_TYPES = ("bill", "asset", "circumstances", "tax", "crash", "finish")
#: The boxes without a detail, by the rulebook's names (a bill or an asset box names its kind).
BOX_NAMES = {
    "circumstances": "Circumstances",
    "tax": "Tax authority",
    "crash": "Market crash",
    "finish": "Finish",
}


class Bill(BaseModel):
    """A living cost (rent, food, transport, utilities) paid when its box is landed on."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    amount: int = Field(ge=0, le=10_000)


class Asset(BaseModel):
    """An asset card: what the bank sells it for, pays for it, and pays in a forced sale."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    kind: AssetKind
    purchase: int = Field(ge=1, le=100_000)
    market: int = Field(ge=1, le=100_000)
    distress: int = Field(ge=1, le=100_000)

    @model_validator(mode="after")
    def _values_in_order(self) -> Asset:
        if self.distress > self.market:
            raise ValueError(f"asset {self.id!r}: distress value is above its market value")
        return self


class Box(BaseModel):
    """One box of the track: its type and, for bills and assets, which bill or asset kind."""

    model_config = ConfigDict(frozen=True)
    type: str
    detail: str = ""

    @property
    def label(self) -> str:
        return f"{self.type}:{self.detail}" if self.detail else self.type

    def words(self, bills: dict[str, Bill]) -> str:
        """The box as a learner reads it, by the rulebook's names: "Bill: Food", "Stock
        market", "Circumstances", "Tax authority", "Market crash"."""
        if self.type == "bill":
            bill = bills.get(self.detail)
            return f"Bill: {bill.name if bill else self.detail}"
        if self.type == "asset":
            return f"{self.detail.capitalize()} market"
        return BOX_NAMES.get(self.type, self.type.capitalize())


class Content(BaseModel):
    """Everything Monitics needs beyond the rule options, cross-checked on load."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    boxes: tuple[Box, ...] = Field(min_length=2)
    bills: tuple[Bill, ...] = Field(min_length=1)
    assets: tuple[Asset, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _cross_check(self) -> Content:
        for what, ids in (
            ("bill", [b.id for b in self.bills]),
            ("asset", [a.id for a in self.assets]),
        ):
            dupes = sorted({i for i in ids if ids.count(i) > 1})
            if dupes:
                raise ValueError(f"duplicate {what} id(s): {', '.join(dupes)}")
        bill_ids = {b.id for b in self.bills}
        for number, box in enumerate(self.boxes, start=1):
            if box.type not in BOX_TYPES:
                raise ValueError(f"box {number}: unknown type {box.type!r}; types: {BOX_TYPES}")
            if box.type == "bill" and box.detail not in bill_ids:
                raise ValueError(f"box {number}: unknown bill {box.detail!r}")
            if box.type == "asset" and box.detail not in ASSET_KINDS:
                raise ValueError(f"box {number}: unknown asset kind {box.detail!r}")
            if box.type not in ("bill", "asset") and box.detail:
                raise ValueError(f"box {number}: a {box.type} box takes no detail")
            if box.type == "finish" and number != len(self.boxes):
                raise ValueError(f"box {number}: only the last box may be the finish")
        if self.boxes[-1].type != "finish":
            raise ValueError("the last box must be the finish")
        return self

    @functools.cached_property
    def bill(self) -> dict[str, Bill]:
        return {b.id: b for b in self.bills}

    @functools.cached_property
    def asset(self) -> dict[str, Asset]:
        return {a.id: a for a in self.assets}

    def box_words(self) -> dict[str, str]:
        """Every box as a player's ``box`` field names it ("asset:stock", "start") with the
        name a learner reads ("Stock market", "Start"); scoped to that field, so a crash
        that is a blow keeps its own word."""
        names = {"start": "Start", **{box.label: box.words(self.bill) for box in self.boxes}}
        return {f"box={label}": name for label, name in names.items()}

    @property
    def last(self) -> int:
        """The number of the last box (boxes are numbered from 1; Start is 0)."""
        return len(self.boxes)


def _box(text: Any) -> dict[str, str]:
    if not isinstance(text, str):
        raise OptionsError(f"Monitics content: board.toml: a box must be text, got {text!r}")
    kind, _, detail = text.partition(":")
    return {"type": kind, "detail": detail}


def parse_content(files: dict[str, dict[str, Any]]) -> Content:
    """Build :class:`Content` from the parsed TOML files (keyed by file name)."""
    data = {
        "boxes": [_box(b) for b in files["board.toml"].get("boxes", [])],
        "bills": files["bills.toml"].get("bill", []),
        "assets": files["assets.toml"].get("asset", []),
    }
    try:
        return Content.model_validate(data)
    except ValidationError as exc:
        raise OptionsError(f"Monitics content: {describe_validation_error(exc, 'field')}") from None


FILES = ("board.toml", "bills.toml", "assets.toml")


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data", name).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise OptionsError(f"content file {name} is not valid TOML: {exc}") from None


@functools.cache
def load_content() -> Content:
    """The shipped content (parsed once per process)."""
    return parse_content({name: _read(name) for name in FILES})

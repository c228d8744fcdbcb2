"""Ledger, chance source, decks and message catalogues."""

from __future__ import annotations

import pytest

from moneyboard.engine.chance import ChanceNode, ChanceSource
from moneyboard.engine.components import Deck
from moneyboard.engine.errors import LedgerError
from moneyboard.engine.ledger import BANK, Ledger
from moneyboard.engine.messages import Catalogue, load_catalogue, msg


def test_ledger_refuses_bad_postings() -> None:
    ledger = Ledger(["cash:0"])
    with pytest.raises(LedgerError, match="positive whole number"):
        ledger.post(BANK, "cash:0", 0, "x", {})
    with pytest.raises(LedgerError, match="positive whole number"):
        ledger.post(BANK, "cash:0", 1.5, "x", {})  # type: ignore[arg-type]
    with pytest.raises(LedgerError, match="cannot pay"):
        ledger.post("cash:0", BANK, 1, "x", {})
    assert ledger.postings == []


def test_ledger_audit_catches_tampering() -> None:
    ledger = Ledger(["cash:0"])
    ledger.post(BANK, "cash:0", 5, "x", {})
    ledger.audit()
    ledger.balances["cash:0"] += 1
    with pytest.raises(LedgerError):
        ledger.audit()


def test_ledger_copy_without_history_still_audits() -> None:
    ledger = Ledger(["a", "b"])
    ledger.post(BANK, "a", 7, "x", {})
    bare = ledger.copy(with_history=False)
    bare.post("a", "b", 2, "y", {})
    bare.audit()
    assert bare.balance("b") == 2 and ledger.balance("b") == 0


def test_chance_source_is_seeded_and_forcable() -> None:
    node = ChanceNode("die", (1, 2, 3, 4, 5, 6))
    a = [ChanceSource(42).resolve(node) for _ in range(1)]
    b = [ChanceSource(42).resolve(node) for _ in range(1)]
    assert a == b
    source = ChanceSource(1)
    source.force("die", [5, 5])
    assert [source.resolve(node), source.resolve(node)] == [5, 5]
    assert source.pending_forced() == {}
    copy = source.copy()
    assert [copy.resolve(node) for _ in range(5)] == [source.resolve(node) for _ in range(5)]


def test_deck_reshuffles_discards() -> None:
    deck = Deck(["a", "b"])
    deck.take("a")
    deck.take("b")
    deck.discard("a")
    deck.discard("b")
    assert sorted(deck.population()) == ["a", "b"]
    assert deck.discards == []


def test_catalogue_renders_and_reports_fields() -> None:
    catalogue = Catalogue({"x": "{name} has {n:+d}"})
    assert catalogue.render(msg("x", name="Ana", n=3)) == "Ana has +3"
    assert Catalogue.fields("{a} and {b}") == {"a", "b"}


def test_kernel_catalogue_covers_kernel_reasons() -> None:
    catalogue = load_catalogue("moneyboard.engine")
    for key in ("why.not_your_turn", "why.game_over", "chance.drawn", "game.over"):
        assert key in catalogue

"""Board-game components that several games share: decks with discard piles."""

from __future__ import annotations

from collections.abc import Iterable


class Deck:
    """A face-down deck whose order is unknown: a draw is uniform over the cards left.

    When it runs out, the discards are shuffled back in (a reshuffle is simply the discards
    becoming the population again, since order is never stored).

    >>> d = Deck(["a", "b"])
    >>> d.take("a"); d.discard("a"); d.take("b")
    >>> d.population()
    ('a',)
    """

    __slots__ = ("cards", "discards")

    def __init__(self, cards: Iterable[str] = ()):
        self.cards: list[str] = list(cards)
        self.discards: list[str] = []

    def population(self) -> tuple[str, ...]:
        """The cards a draw may give now (reshuffling the discards in if the deck is empty)."""
        if not self.cards and self.discards:
            self.cards, self.discards = self.discards, []
        return tuple(self.cards)

    def left(self) -> tuple[str, ...]:
        """What the next draw may give, as :meth:`population`, without reshuffling."""
        return tuple(self.cards or self.discards)

    def take(self, card: str) -> None:
        """Remove a drawn (or chosen) card; a card not in the deck is taken from the box."""
        if card in self.cards:
            self.cards.remove(card)

    def discard(self, card: str) -> None:
        self.discards.append(card)

    def __len__(self) -> int:
        return len(self.cards)

    def to_json(self) -> dict[str, list[str]]:
        return {"cards": sorted(self.cards), "discards": list(self.discards)}

"""Playing cards: parsing, formatting, decks. Pure Python, shared by every game.

A card is written rank + suit: rank ``A 2-9 T J Q K`` (or ``10``), suit ``S H D C``,
any case. Games with two decks tell the copies apart by ``deck`` (0 or 1); the
copy index is not part of the written form, which is what players see.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """rank 1 (ace) .. 13 (king); suit one of S H D C; deck 0 or 1 for two-deck games."""

    rank: int
    suit: str
    deck: int = 0

    def __post_init__(self) -> None:
        if not 1 <= self.rank <= 13 or self.suit not in SUITS:
            raise ValueError(f"not a card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, text: str, deck: int = 0) -> Card:
        token = text.strip().upper()
        if len(token) < 2:
            raise ValueError(f"not a card: {text!r}")
        rank_text, suit = token[:-1], token[-1]
        if rank_text == "10":
            rank_text = "T"
        if len(rank_text) != 1 or rank_text not in RANKS or suit not in SUITS:
            raise ValueError(
                f"not a card: {text!r} (expected rank A,2-9,T/10,J,Q,K and suit S,H,D,C)")
        return cls(RANKS.index(rank_text) + 1, suit, deck)

    @property
    def code(self) -> str:
        """The written form, e.g. ``"TD"``."""
        return RANKS[self.rank - 1] + self.suit

    @property
    def uid(self) -> str:
        """Unique within a two-deck game: ``"TD"`` or ``"TD#1"``."""
        return self.code if self.deck == 0 else f"{self.code}#{self.deck}"

    @property
    def symbol(self) -> str:
        """How players write it: ``"10\u2666"``, ``"K\u2660"`` (for messages)."""
        return ("10" if self.rank == 10 else RANKS[self.rank - 1]) + SUIT_SYMBOLS[self.suit]

    @property
    def is_red(self) -> bool:
        return self.suit in "HD"

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.uid})"


def card_from_uid(uid: str) -> Card:
    code, _, deck = uid.partition("#")
    return Card.parse(code, int(deck) if deck else 0)


def parse_cards(text: str) -> list[Card]:
    """``"AS 10d Th"`` -> three cards; ValueError names the bad token."""
    return [Card.parse(token) for token in text.replace(",", " ").split()]


def as_card(value: Card | str) -> Card:
    return value if isinstance(value, Card) else Card.parse(value)


def full_deck(decks: int = 1) -> list[Card]:
    return [Card(rank, suit, deck) for deck in range(decks) for suit in SUITS
            for rank in range(1, 14)]


def shuffled_deck(rng: random.Random, decks: int = 1) -> list[Card]:
    cards = full_deck(decks)
    rng.shuffle(cards)
    return cards

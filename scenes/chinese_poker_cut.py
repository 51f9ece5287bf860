"""The cut for the first deal, told in words as it goes: a tie for highest is said when
it happens (the tied players cut again), and the result names only the cards of the
cut that settled it, after the ties that came before."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.cards import Card
from game.rules import chinese_poker as C


@dataclass
class CutStory:
    name: Callable[[int], str]  # a seat's name at this table
    cutters: tuple[int, ...] = ()  # who cut in the latest round (empty: everyone)
    aside: int = -1  # tied cards seen so far (-1: no view seen yet)
    ties: list[str] = field(default_factory=list)

    def see(self, view: C.View) -> str | None:
        """Follow the cut shown in ``view``: the words for a tie it has just shown, else
        None. A view first seen mid-cut (a resumed match) is taken as it stands."""
        if view.phase != "cut":
            return None
        first, self.aside = self.aside < 0, max(self.aside, 0)
        new = view.cut_aside[self.aside:]
        self.aside = len(view.cut_aside)
        if first or not new:
            return None
        cutters = self.cutters or tuple(range(view.players))
        tied = tuple(s for s in cutters if view.cut[s] is None)
        cards = {s: view.cut[s] for s in cutters if view.cut[s] is not None}
        cards.update(zip(tied, new, strict=False))
        self.cutters = tied
        who = " and ".join(self.name(s) for s in tied)
        tie = f"{self._line(cards)}: {who} tied for highest and cut again."
        self.ties.append(tie)
        return tie

    def words(self, cut: Sequence[Card | None], dealer: int, then: str) -> str:
        """The whole cut: any ties, then the cards that settled it and who deals."""
        cutters = self.cutters or tuple(range(len(cut)))
        cards = {s: cut[s] for s in cutters if s < len(cut) and cut[s] is not None}
        return " ".join([*self.ties, f"{self._line(cards)}. {self.name(dealer)} cut "
                                     f"highest{then}"])

    def _line(self, cards: dict[int, Card | None]) -> str:
        return ", ".join(f"{self.name(s)} {card.symbol}" for s, card in sorted(cards.items())
                         if card is not None)

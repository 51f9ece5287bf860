"""Quick Pyramid play without search: the best-looking immediate move, for hints
when the solver has no answer in time, and for the computer's demo play."""

from __future__ import annotations

from game.cards import Card
from game.rules import pyramid as P


def _removal_value(state: P.PyramidState, move: P.Remove) -> tuple[int, int, int]:
    """Rank removals: pyramid cards first (they free others), lower rows before
    higher ones (bottom rows block the most), then the pack over the waste."""
    where = P.available(state)
    pyramid_rows = [P.row_col(int(where[c][1:]))[0] for c in move.cards if where[c][0] == "p"]
    from_waste = sum(1 for c in move.cards if where[c] == "waste")
    return len(pyramid_rows), sum(pyramid_rows), from_waste


def best_removal(state: P.PyramidState) -> P.Remove | None:
    removals = [m for m in P.legal_moves(state) if isinstance(m, P.Remove)]
    if not removals:
        return None
    return max(removals, key=lambda m: _removal_value(state, m))


def greedy_move(state: P.PyramidState) -> P.Move | None:
    """Remove what can be removed, else turn the pack, else redeal; None when stuck."""
    move = best_removal(state)
    if move is not None:
        return move
    others = P.legal_moves(state)
    return others[0] if others else None


def hint_cards(state: P.PyramidState) -> list[Card]:
    move = best_removal(state)
    return [Card.parse(c) for c in move.cards] if move is not None else []

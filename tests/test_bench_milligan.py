"""The Giant's drag bench: its scene is seated at a client showing one fixed position
(all 104 cards in the columns); that client is a whole seat, so the scene opens on it."""

from __future__ import annotations

import pytest

from game.rules import milligan as M
from game.rules.base import IllegalMove
from tools.bench_milligan import TableClient, bench_run_drag, long_columns


def test_the_drag_bench_carries_the_run_over_all_104_cards() -> None:
    # (It stopped in the scene's constructor: the old stand-in client had no seat.)
    assert bench_run_drag((480, 270), 2).endswith("12 cards dragged, 104 on the table")


def test_the_fixed_position_takes_no_move() -> None:
    client = TableClient(long_columns())
    assert client.legal_moves == [] and client.view == M.observe(long_columns())
    with pytest.raises(IllegalMove):
        client.submit(M.Resign())

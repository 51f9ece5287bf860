"""What a network table says in words: a tie is said to be one, and the chat's hint
names the pad's way in (a click of the right stick; pushing it does nothing)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from game.engine.chat import CLOSED_HINT
from game.engine.net_table import NetworkTable
from game.net.protocol import Lobby, MatchEnd, SeatInfo


def table_of_two(save_dir: Path) -> NetworkTable:
    seats = [SeatInfo(0, "Ann", "human", True, True, ""), SeatInfo(1, "Bob", "human", True,
                                                                 True, "")]
    client = SimpleNamespace(seat=0, send_chat=lambda text: None,
                             lobby=Lobby("main", "poker-squares", {}, "playing", 0, seats))
    return NetworkTable(client, save_dir)  # type: ignore[arg-type]


def test_a_tie_is_said_to_be_one(tmp_path: Path) -> None:
    net = table_of_two(tmp_path)
    tie = net.match_words(MatchEnd(1, ["Ann", "Bob"], [80, 80], [0, 1], [1, 1], True))
    assert tie.startswith("Match 1 was a tie: You and Bob share it. Points: You: 80, Bob: 80")
    won = net.match_words(MatchEnd(2, ["Ann", "Bob"], [70, 90], [1], [1, 2], False))
    assert won.startswith("Bob won match 2.")


def test_the_chat_hint_says_to_click_the_right_stick() -> None:
    assert "click the right stick" in CLOSED_HINT


def test_a_seat_the_computer_played_for_someone_away_is_named_so(tmp_path: Path) -> None:
    """Bob dropped and the computer finished his match: the result does not say Bob
    played it (issue 20)."""
    net = table_of_two(tmp_path)
    words = net.match_words(MatchEnd(1, ["Ann", "Bob"], [70, 90], [1], [0, 1], True,
                                     stood_in=[1]))
    assert words.startswith("Bob (computer standing in) won match 1. Points: You: 70, "
                            "Bob (computer standing in): 90."), words

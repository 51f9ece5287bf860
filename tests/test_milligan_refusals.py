"""Every refusal of The Giant's rules, word for word: the reason is the error message the
player reads, so a changed word (or letter case) is a changed message."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.rules import milligan as M
from game.rules import milligan_stuck as S
from game.rules.base import IllegalMove
from tests.test_milligan_rules import position
from tests.test_milligan_stuck import LIVE, SEARCHED

# Column 1 a run of three, column 2 a lone 5D, column 3 empty, column 4 not a run; two
# spades up. The stock is out unless a row says otherwise.
TABLE, UP = ["KC QH JC", "5D", "", "9S 4H"], {0: "AS 2S"}
GIANT = position(TABLE, UP)
MILLIGAN = position(TABLE, UP, mm=True)
WAITING = position(TABLE, UP, waiting="8D")
DEALING = position(TABLE, UP, stock=8)

# name: (position, move, seat, the reason the player is told)
REFUSALS = {
    # check
    "a second player": (DEALING, M.Deal(), 1, "The Giant has one player."),
    "a game that is over": (replace(GIANT, status="lost"), M.Resign(), None,
                            "The game is over."),
    "a deal from an empty stock": (GIANT, M.Deal(), None, "The stock is empty."),
    "a layoff with nothing to go up": (GIANT, M.Layoff(), None,
                                       "No exposed card can go up to the foundations now."),
    "giving up before the stock is out": (DEALING, M.Resign(), None,
                                          "Deal the whole stock before giving up."),
    "stuck with cards to deal": (position(SEARCHED[0], stock=8, **SEARCHED[1]), M.Stuck(),
                                 None, "The stock still has cards to deal."),
    "stuck with a card to go up": (position(["AH 8D 4H", "5S"], **SEARCHED[1]), M.Stuck(),
                                   None, "A card can still go up to the foundations."),
    "stuck with a line up": (position(LIVE[0], **LIVE[1]), M.Stuck(), None,
                             "Cards can still be moved so that one goes up: the game is "
                             "not lost."),
    "stuck, not proven": (position(SEARCHED[0], **SEARCHED[1]), M.Stuck(), None,
                          "It is not proven that no card can go up: play on, or give up."),
    "a word that is no move": (GIANT, "deal", None, "That is not a move of The Giant."),
    # _refusal
    "to a foundation by number": (GIANT, M.Transfer("c0", 1, "f0"), None,
                                  "Move cards from a column, the waiving space or a "
                                  "foundation to another place."),
    "from the foundations at large": (GIANT, M.Transfer("f", 1, "c2"), None,
                                      "Move cards from a column, the waiving space or a "
                                      "foundation to another place."),
    "back where it is": (GIANT, M.Transfer("c1", 1, "c1"), None,
                         "Move cards from a column, the waiving space or a foundation to "
                         "another place."),
    "from an empty column": (GIANT, M.Transfer("c2", 1, "c1"), None,
                             "There is nothing in column 3."),
    "from an empty waiving space": (GIANT, M.Transfer("w", 1, "c2"), None,
                                    "There is nothing in the waiving space."),
    "down, Miss Milligan": (MILLIGAN, M.Transfer("f0", 1, "c2"), None,
                            "Under Miss Milligan rules nothing comes back off the foundations."),
    "down to the waiving space": (GIANT, M.Transfer("f0", 1, "w"), None,
                                  "A card off a foundation goes back onto a column."),
    "more cards than the column holds": (GIANT, M.Transfer("c0", 4, "c2"), None,
                                         "Column 1 holds only 3 cards."),
    "no cards at all": (GIANT, M.Transfer("c0", 0, "c2"), None, "Column 1 holds only 3 cards."),
    "two from a lone card": (GIANT, M.Transfer("c1", 2, "c2"), None,
                             "Column 2 holds only 1 card."),
    "two off a foundation": (GIANT, M.Transfer("f0", 2, "c2"), None,
                             "Only one card at a time leaves there."),
    "cards that are no run": (GIANT, M.Transfer("c3", 2, "c2"), None,
                              "9♠ and the cards on it are not a run of alternating colours."),
    "two up at once": (GIANT, M.Transfer("c0", 2, "f"), None,
                       "Cards go up to the foundations one at a time."),
    "up too soon": (GIANT, M.Transfer("c1", 1, "f"), None,
                    "5♦ does not go on any foundation yet."),
    "two to the waiving space": (GIANT, M.Transfer("c0", 2, "w"), None,
                                 "The waiving space holds a single card."),
    "to a waiving space taken": (WAITING, M.Transfer("c1", 1, "w"), None,
                                 "The waiving space already holds 8♦."),
    "no king into an empty column, Miss Milligan": (
        MILLIGAN, M.Transfer("c0", 2, "c2"), None,
        "Under Miss Milligan rules only a run led by a king fills an empty column."),
    "not one rank lower": (GIANT, M.Transfer("c1", 1, "c0"), None,
                           "5♦ does not go on J♣ (alternating colours, one rank lower)."),
}


@pytest.mark.parametrize("state, move, seat, reason", REFUSALS.values(), ids=REFUSALS)
def test_every_refusal_tells_the_player_its_reason_word_for_word(
        monkeypatch: pytest.MonkeyPatch, state: M.MilliganState, move: M.Move,
        seat: int | None, reason: str) -> None:
    """The proof behind Stuck gets 15 positions here: SEARCHED takes 16 (so it is not
    proven), LIVE's line up is found in fewer."""
    monkeypatch.setattr(S, "_settled", {})
    monkeypatch.setattr(S, "WORKER_BUDGET", 15)
    with pytest.raises(IllegalMove) as refusal:
        M.check(state, move, seat)
    assert refusal.value.reason == reason

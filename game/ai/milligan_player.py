"""The Giant's computer players, hints, the "winnable?" question and the simulator.

A player sees the table as its seat does (``MilliganView``) and never the stock: it
searches the moves short of dealing for the best position it can reach (see
game.ai.milligan_search), plays that line, and deals when nothing gains; with the stock
gone and nothing to gain it plays on while it finds a line that sends a card up, and
then gives up. ``winnable`` is the table's own question about
the whole position and so may look at the stock.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.ai import milligan_search as search
from game.ai import milligan_solver as solver
from game.ai.random_player import RandomPlayer
from game.progress import counted
from game.rules import milligan as M
from game.rules import milligan_stuck

NODES = {"search": search.NODES, "quick": 100}
# Positions searched for a line that sends a card up when the judgement sees no gain
# with the stock out (play goes on while one is found; giving up is the last resort).
LINE_NODES = {"search": 20_000, "quick": 2_000}
HINT_NODES = search.NODES  # hints are worked out on the worker: as deep as play
HINT_LINE_NODES = 20_000  # positions a hint searches for a card to go up once play sees none


@dataclass
class SearchPlayer:
    """Plays the best line its judgement finds; with the stock out and nothing judged a
    gain, the shortest line that sends a card up (milligan_stuck.line_up; else any line
    found best first, any_line_up), and gives up only when neither search finds one
    within ``line_nodes`` positions.

    Such a line may end where the judgement rates the table lower than before, so the
    player would take the card back down and find the same line again, for ever. After
    one, the cards up are its ``floor``: no later line may end with fewer. Every plan
    then ends higher in (floor, judgement), so no position comes round again."""

    nodes: int = search.NODES
    line_nodes: int = 0
    _plan: list[M.Move] = field(default_factory=list)
    _expect: M.MilliganState | None = None  # the position the plan's next move is for
    _floor: int = 0

    def new_game(self) -> None:
        self._plan, self._expect, self._floor = [], None, 0

    def act(self, view: M.MilliganView, legal: Sequence[M.Move]) -> M.Move | None:
        if view.over or not legal:
            return None
        here = M.position_of(view)
        ours = self._expect is not None and same_table(here, self._expect)
        if not ours:  # a new game, a deal, or someone else moved: judge afresh
            self._floor = 0
        if not self._plan or not ours:
            self._plan = self._choose(here, view.stock_size > 0)
        move = self._plan.pop(0)
        if move not in legal:  # a plan made for another table: start afresh next time
            self._plan = []
            move = search.plan(here, view.stock_size > 0, self.nodes)[0]
        self._expect = M.shift(here, move) if isinstance(move, M.Transfer) else None
        return move

    def _choose(self, here: M.MilliganState, can_deal: bool) -> list[M.Move]:
        moves = search.plan(here, can_deal, self.nodes, self._floor)
        if isinstance(moves[0], M.Resign) and self.line_nodes:
            # The shortest line if there is one near; else any, best first.
            line = milligan_stuck.line_up(here, self.line_nodes) \
                or milligan_stuck.any_line_up(here, self.line_nodes)
            if line:
                self._floor = here.laid_off + 1
                return list(line)
        return moves


def same_table(a: M.MilliganState, b: M.MilliganState) -> bool:
    return a.columns == b.columns and a.foundations == b.foundations and a.waiting == b.waiting


def make_agent(name: str = "search", seed: int = 0, time_limit: float | None = None
               ) -> SearchPlayer | RandomPlayer:
    """A computer player by name: "search" (looks 800 positions ahead between deals,
    and up to 20,000 for a card to go up before it gives up), "quick" (100 and 2,000)
    or "random"."""
    if name in NODES:
        return SearchPlayer(NODES[name], LINE_NODES[name])
    if name == "random":
        return RandomPlayer(seed)
    raise ValueError(f"unknown milligan player {name!r}: choose search, quick or random")


@dataclass(frozen=True)
class Hint:
    move: M.Move
    text: str


def hint(view: M.MilliganView, nodes: int = HINT_NODES) -> Hint | None:
    """The first move of the best line the search finds, or deal / give up."""
    if view.over:
        return None
    move = search.plan(M.position_of(view), view.stock_size > 0, nodes)[0]
    if isinstance(move, M.Deal):
        return Hint(move, "Nothing here gains: deal eight from the stock.")
    if isinstance(move, M.Resign):
        # The player's search saw no gain; a plain one may still find a card going up.
        line = milligan_stuck.line_up(M.position_of(view), HINT_LINE_NODES)
        if line:
            return Hint(line[0], "A card can still go up, " + _moves(len(line)) + " from here:"
                        " try " + hint_text(view, line[0]) + ".")
        return Hint(move, "No move gains any more: the game looks lost.")
    assert isinstance(move, M.Transfer)  # a line the search found is of Transfers
    return Hint(move, "Try " + hint_text(view, move) + ".")


def _moves(n: int) -> str:
    return "one move" if n == 1 else f"{n} moves"


def hint_text(view: M.MilliganView, move: M.Transfer) -> str:
    cards = {"w": (view.waiting,)} if view.waiting else {}
    source = move.source
    held = cards.get(source) or (view.columns[int(source[1:])] if source[0] == "c"
                                 else view.foundations[int(source[1:])])
    lead = held[-move.count]
    return f"{lead.symbol} to {M.place_name(move.target)}"


def winnable(state: M.MilliganState, time_limit: float = 2.0) -> bool | None:
    """Can the game still be won (the stock's order counted)? None: not settled in time."""
    return solver.solve(state, time_limit).winnable


def simulate(games: int, seed: int, agent: str | None = None, rule: str = "alternate",
             miss_milligan: bool = False) -> dict[str, Any]:
    """``games`` deals from ``seed`` on, played by the computer; win rate and points."""
    name = agent or "search"
    config = {"rule": rule, "miss_milligan": bool(miss_milligan)}
    M.check_config(config)
    player = make_agent(name, seed)
    started = time.perf_counter()
    wins, points, laid = 0, 0.0, 0
    for n in counted(range(games), "games"):
        state = M.new_game(seed + n, config)
        player.new_game()
        while not M.is_over(state):
            move = player.act(M.observe(state), M.legal_moves(state))
            assert move is not None  # a game not over has a legal move
            state = M.apply(state, move)
        wins += state.status == "won"
        points += M.points(state)
        laid += state.laid_off
    share = 1 / games if games else 0.0
    seconds = round(time.perf_counter() - started, 3)
    return {"game": M.GAME_ID, "agent": name, "games": games, "seed": seed, "rule": rule,
            "miss_milligan": bool(miss_milligan), "seconds": seconds,
            "figure": "win_rate", "win_rate": wins * share, "mean_score": points * share,
            "mean_laid_off": laid * share}

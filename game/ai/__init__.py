"""Computer players. Each game's ``make_agent`` returns an ``Agent`` on that game's
views and moves: it sees only what its seat sees and the legal moves."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

V = TypeVar("V", contravariant=True)  # a game's view
M = TypeVar("M")  # a game's move


class Agent(Protocol[V, M]):
    """What a seat asks of a computer player (game.engine.seats, game.net, simulate)."""

    def new_game(self) -> None: ...

    def act(self, view: V, legal: Sequence[M]) -> M | None: ...


if TYPE_CHECKING:  # every game's players hold to it, on that game's own types
    from game.ai import chinese_poker_player, draw_poker, milligan_player, pyramid_player
    from game.ai import poker_squares as poker_squares_player
    from game.rules import chinese_poker as C
    from game.rules import draw_poker as D
    from game.rules import milligan as MG
    from game.rules import poker_squares as PS
    from game.rules import pyramid as P

    _PYRAMID: Callable[..., Agent[P.PyramidView, P.Move]] = pyramid_player.make_agent
    _POKER_SQUARES: Callable[..., Agent[PS.PokerSquaresView, PS.Move]] = \
        poker_squares_player.make_agent
    _CHINESE_POKER: Callable[..., Agent[C.View, C.Move]] = chinese_poker_player.make_agent
    _DRAW_POKER: Callable[..., Agent[D.DrawPokerView, D.Move]] = draw_poker.make_agent
    _MILLIGAN: Callable[..., Agent[MG.MilliganView, MG.Move]] = milligan_player.make_agent

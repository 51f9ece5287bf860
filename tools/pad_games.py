"""What each game's moves ask of the game controller (tools.pad_only plays them).

A move becomes the places the focus frame must visit and the button pressed at each:
A picks and puts down, X is the game's second action where it has one (Pyramid turns
the pack, Chinese Poker plays the selection, Draw Poker draws, The Giant sends the
focused card up, Poker Squares throws the waiting card away).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.ai import chinese_poker_player, milligan_player, pyramid_player
from game.ai import draw_poker as draw_poker_ai
from game.ai import poker_squares as poker_squares_ai
from game.engine.actions import Act
from game.engine.app import App
from game.engine.widgets import BIG_STEP
from game.rules import chinese_poker as C
from game.rules import draw_poker as D
from game.rules import milligan as M
from game.rules import poker_squares as P
from game.rules import pyramid as Y
from game.settings import Settings
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from scenes.draw_poker import DrawPokerScene
from scenes.milligan import MilliganScene
from scenes.poker_squares import PokerSquaresScene
from scenes.pyramid import PyramidScene
from tools.pad_only import DPAD, PAGE_DOWN, PAGE_UP, A, Game, PadDriver, Press, X

BUTTON = "button"


# -- Pyramid ----------------------------------------------------------------------------

def pyramid_presses(scene: PyramidScene, move: Y.Move) -> Iterator[Press]:
    if isinstance(move, Y.Draw | Y.Recycle):
        yield None, X
        return
    for code in move.cards:
        yield code, A


PYRAMID = Game("Pyramid", lambda app, seed: PyramidScene(app, seed=seed),
               lambda seed: pyramid_player.make_agent("greedy"), pyramid_presses)


# -- Poker Squares ------------------------------------------------------------------------

def poker_squares_presses(scene: PokerSquaresScene, move: P.Move) -> Iterator[Press]:
    view = scene.view
    if isinstance(move, P.Pass | P.Done):
        yield (BUTTON, "pass" if isinstance(move, P.Pass) else "done"), A
        return
    if isinstance(move, P.Place):
        source, target = f"d{move.pick}", f"g{move.grid}{move.row}{move.col}"
    else:
        source, target = move.source, move.target
    if source != scene.waiting_card():
        yield card_on(scene, source), A
    if source == "d0" and target[0] in "rc" and target == free_reject(view):
        yield None, X
    else:
        yield f"zone:{target}", A


def card_on(scene: PokerSquaresScene, spot: str) -> str:
    return next(key for key, where in scene.spot_of.items() if where == spot)


def free_reject(view: P.PokerSquaresView) -> str | None:
    return next((s for s in view.targets if s[0] in "rc"), None)


POKER_SQUARES = Game("Poker Squares", lambda app, seed: PokerSquaresScene(app, seed=seed),
                     lambda seed: poker_squares_ai.make_agent("quick"), poker_squares_presses)


# -- Chinese Poker -------------------------------------------------------------------------

def chinese_poker_presses(scene: ChinesePokerScene, move: C.Move) -> Iterator[Press]:
    if isinstance(move, C.Cut):  # face down, every card of the cut is alike to a person:
        # they take the one the focus is on (the scene puts it on the cut)
        focus = scene.focus
        yield (focus if isinstance(focus, str) and focus.startswith("cut#")
               else f"cut#{move.index}"), A
    elif isinstance(move, C.Choose):
        yield f"offer{move.hand}#0", A
    elif isinstance(move, C.Pass):
        yield None, X
    elif isinstance(move, C.Play):
        hand = {c.code: c.uid for c in scene.view.hand}
        for code in move.cards:
            yield hand[code], A
        yield None, X
    else:
        raise AssertionError(f"the pad has no way to make {move}")


def answer_notice(driver: PadDriver) -> bool:
    """The cut's result, a round's summary, the deal: A answers (OK or Deal)."""
    driver.button(A)
    return True


CHINESE_POKER = Game(
    "Chinese Poker",
    lambda app, seed: ChinesePokerScene(app, seed=seed, setup=Setup(("human", "medium"),
                                                                      target=20)),
    lambda seed: chinese_poker_player.make_agent("medium", seed), chinese_poker_presses,
    answer=answer_notice,
    ready=lambda scene: scene.client.acting and scene.view.phase != "deal")


# -- Draw Poker --------------------------------------------------------------------------

def draw_poker_presses(scene: DrawPokerScene, move: D.Move) -> Iterator[Press]:
    if isinstance(move, D.Draw):
        hand = [card for card in scene.view.hands[D.PLAYER] if card is not None]  # face up
        for index in move.discard:
            yield hand[index].uid, A
        yield None, X
        return
    names = {D.ChooseDealer: getattr(move, "dealer", ""), D.Deal: "next",
             D.ChangeDealer: "change", D.Leave: "leave", D.Check: "check", D.Call: "call",
             D.Fold: "fold", D.Bet: "bet", D.Raise: "raise"}
    yield (BUTTON, names[type(move)]), A
    if isinstance(move, D.Bet | D.Raise):
        yield lambda driver: set_amount(driver, move.amount)


def set_amount(driver: PadDriver, amount: int) -> None:
    """The bet's dialog: the triggers step by ten, the D-pad by one; A places it."""
    number = driver.scene.hud.dialog.number
    while number.value != amount:
        gap = amount - number.value
        if abs(gap) >= BIG_STEP:
            driver.trigger(PAGE_UP if gap > 0 else PAGE_DOWN)
        else:
            driver.button(DPAD[Act.UP if gap > 0 else Act.DOWN])
        driver.tally.dialog += 1
    driver.button(A)


DRAW_POKER = Game("Draw Poker", lambda app, seed: DrawPokerScene(app, seed=seed),
                  lambda seed: draw_poker_ai.make_agent("player", seed), draw_poker_presses,
                  ready=lambda scene: scene.client.acting and scene.hud.dialog is None)


# -- The Giant ---------------------------------------------------------------------------

def milligan_presses(scene: MilliganScene, move: M.Move) -> Iterator[Press]:
    view = scene.view
    if isinstance(move, M.Deal):
        yield f"stock#{view.stock_size - 1}", A
    elif isinstance(move, M.Layoff):
        yield (BUTTON, "layoff"), A
    elif isinstance(move, M.Resign):
        yield (BUTTON, "giveup"), A
        yield lambda driver: driver.button(A)  # Yes
    elif isinstance(move, M.Transfer):
        lead = source_card(view, move)
        if move.target == M.FOUNDATION and move.count == 1:
            yield lead, X
            return
        yield lead, A
        yield target_place(view, move.target), A
    else:
        raise AssertionError(f"the pad has no way to make {move}")


def source_card(view: M.MilliganView, move: M.Transfer) -> str:
    if move.source == M.WAIVE:
        assert view.waiting is not None  # a move from the waiting space
        return view.waiting.uid
    if move.source[0] == "f":
        return view.foundations[int(move.source[1:])][-1].uid
    return view.columns[int(move.source[1:])][-move.count].uid


def target_place(view: M.MilliganView, target: str) -> str:
    if target[0] == "c" and view.columns[int(target[1:])]:
        return view.columns[int(target[1:])][-1].uid
    return f"zone:{target}"


MILLIGAN = Game("The Giant", lambda app, seed: MilliganScene(app, seed=seed),
                lambda seed: milligan_player.make_agent("quick", seed), milligan_presses)

GAMES: dict[str, Game] = {g.name: g for g in (PYRAMID, POKER_SQUARES, CHINESE_POKER,
                                                DRAW_POKER, MILLIGAN)}


def app_for_pad(save_dir: Path, size: tuple[int, int] = (1280, 720), **settings: Any) -> App:
    """A headless app as the tests make one: no animation, quick computer seats."""
    chosen = replace(Settings(), **{"animation": "off", "ai_speed": "fast", **settings})
    app = App(save_dir, chosen, headless=True, size=size)
    app.crash_guard = False
    return app

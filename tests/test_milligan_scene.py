"""The Giant played through the real app by posted events: whole games by mouse drags,
by the keyboard and by a real (virtual SDL) pad; shift-click, right-click, spacing
buttons, long columns, statistics, and quitting mid-game."""

from __future__ import annotations

import json
import math
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import stats_file
from game.ai import milligan_player
from game.engine.card_art import HIGHLIGHTS
from game.engine.vpad import VirtualPad
from game.rules import milligan as M
from game.rules.outcome import Mode
from game.stats import Stats
from scenes import milligan as S
from scenes import statistics as scores
from tests.driver import (
    click,
    drag,
    frames,
    key,
    make_app,
    pad_focus,
    pad_press,
    post,
    px,
    settle,
)

QUICK = {"rule": "suit", "miss_milligan": True}  # short games: tests stay fast


def start(app, seed: int) -> S.MilliganScene:  # noqa: ANN001
    scene = S.MilliganScene(app, seed=seed)
    app.push(scene)
    settle(app)
    return scene


def app_with(tmp_path: Path, rules: dict | None = None, **settings: object):  # noqa: ANN201
    return make_app(tmp_path, animation="off", per_game={"milligan": rules or QUICK},
                    **settings)


def lead_key(view: M.MilliganView, move: M.Transfer) -> str:
    if move.source == "w":
        return view.waiting.uid
    if move.source[0] == "f":
        return view.foundations[int(move.source[1:])][-1].uid
    return view.columns[int(move.source[1:])][-move.count].uid


def grab_point(scene: S.MilliganScene, key_: str) -> tuple[float, float]:
    rect = scene.table.card_rect(key_)
    return rect.centerx, rect.y + 5  # the strip of a covered card that shows


def drop_point(scene: S.MilliganScene, target: str) -> tuple[float, float]:
    if target == "w":
        return S.WAITING_POS[0] + S.CARD_W / 2, S.WAITING_POS[1] + S.CARD_H / 2
    if target == "f":
        x, y = S.foundation_pos(3)
        return x + S.CARD_W / 2, y + S.CARD_H / 2
    column = scene.view.columns[int(target[1:])]
    if column:
        rect = scene.table.card_rect(column[-1].uid)
        return rect.centerx, rect.centery
    return S.column_x(int(target[1:])) + S.CARD_W / 2, S.COLUMN_TOP + S.CARD_H / 2


def button_centre(scene: S.MilliganScene, name: str) -> tuple[float, float]:
    rect = scene.hud.button(name).rect
    return rect.centerx, rect.centery


def gives_up_early() -> milligan_player.SearchPlayer:
    """The quick player that gives up as soon as its judgement sees no gain with the
    stock out (it searches no further for a card to go up): games that end given up."""
    return milligan_player.SearchPlayer(milligan_player.NODES["quick"], line_nodes=0)


def play_game(app, scene: S.MilliganScene, do_move, limit: int = 400,  # noqa: ANN001
              stop: int | None = None, agent=None) -> int:  # noqa: ANN001
    """The quick computer player's game (or ``agent``'s; or its first ``stop`` moves),
    each move made through ``do_move``; checks every move landed as the rules say.
    Returns the number of moves."""
    agent = agent or milligan_player.make_agent("quick")
    count = 0
    while not scene.over and count != stop:
        before = scene.recorder.state
        move = agent.act(scene.view, scene.client.legal_moves)
        do_move(move)
        assert scene.recorder.state == M.apply(before, move), move
        count += 1
        assert count < limit
    return count


def by_mouse(app, scene: S.MilliganScene):  # noqa: ANN001, ANN201
    def do(move: M.Move) -> None:
        if isinstance(move, M.Deal):
            click(app, (S.STOCK_POS[0] + 50, S.STOCK_POS[1] + 50))
        elif isinstance(move, M.Resign):
            click(app, button_centre(scene, "giveup"))
            key(app, pygame.K_y, "y")
        else:
            drag(app, grab_point(scene, lead_key(scene.view, move)),
                 drop_point(scene, move.target))
    return do


def test_a_whole_game_by_mouse_drags(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    scene = start(app, seed=34)  # a short game that the rules find lost
    moves = play_game(app, scene, by_mouse(app, scene))
    assert moves > 12 and scene.view.lost
    assert scene.hud.dialog is not None and "played" in scene.hud.dialog.body
    assert scene.card_count_problem() is None
    saved = stats_file.load(tmp_path, "milligan")
    assert saved.overall.played == 1 and saved.by_mode["suit+mm"].played == 1


def test_giant_moves_by_mouse_runs_into_empty_columns_and_back_off_foundations(
        tmp_path: Path) -> None:
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=5)
    play_game(app, scene, by_mouse(app, scene), stop=30)
    move = play_until(scene, lambda m: isinstance(m, M.Transfer) and m.source[0] == "f")
    by_mouse(app, scene)(move)
    assert scene.recorder.moves[-1] == move
    empty = play_until(scene, lambda m: isinstance(m, M.Transfer) and m.count > 1
                       and m.target[0] == "c" and not scene.view.columns[int(m.target[1:])])
    by_mouse(app, scene)(empty)
    assert scene.recorder.moves[-1] == empty
    assert scene.card_count_problem() is None


def by_keys(app, scene: S.MilliganScene):  # noqa: ANN001, ANN201
    def press(ch: str) -> None:
        key(app, pygame.key.key_code(ch), ch)

    def do(move: M.Move) -> None:
        if isinstance(move, M.Deal):
            press("d")
        elif isinstance(move, M.Resign):
            press("g")
            press("y")
        else:
            source, count, target = move.source, move.count, move.target
            if source == "w":
                press("w")
            elif source[0] == "f":
                press("f")
                press(str(int(source[1:]) + 1))
            else:
                for _ in range(count):
                    press(str(int(source[1:]) + 1))
            press(target if target in "wf" else str(int(target[1:]) + 1))
    return do


def test_a_whole_game_by_keyboard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker's proof (a position standing a second) is not asked here: every move
    # and the ending come from the keys (the worker has its own test below).
    monkeypatch.setattr(S, "STUCK_PAUSE", math.inf)
    app = app_with(tmp_path, {"rule": "alternate", "miss_milligan": False})
    scene = start(app, seed=11)
    assert play_game(app, scene, by_keys(app, scene), limit=600) > 20
    assert app.input.last_device == "keyboard"
    # The last move typed leaves no card able to go up: proven inside the move.
    assert scene.view.lost and scene.recorder.moves[-1] != M.Stuck()
    assert scene.hud.dialog is not None
    assert "No card can go up to the foundations any more" in scene.hud.dialog.body


def pad_target(scene: S.MilliganScene, target: str) -> str:
    """What the cursor rests on to put a picked card at ``target``."""
    if target in ("w", "f"):
        return f"zone:{target}"
    column = scene.view.columns[int(target[1:])]
    return column[-1].uid if column else f"zone:{target}"


def test_a_whole_game_by_pad(tmp_path: Path, pad: VirtualPad) -> None:
    app = app_with(tmp_path)
    pad.attach()
    frames(app, 2)
    scene = start(app, seed=25)  # a short game, given up at the end
    a = pygame.CONTROLLER_BUTTON_A

    def do(move: M.Move) -> None:
        if isinstance(move, M.Deal):
            pad_focus(app, pad, scene, f"stock#{scene.view.stock_size - 1}")
            pad_press(app, pad, a)
        elif isinstance(move, M.Resign):
            pad_focus(app, pad, scene, ("button", "giveup"))
            pad_press(app, pad, a)
            pad_press(app, pad, a)  # Yes
        elif move.target == "f" and move.count == 1:
            pad_focus(app, pad, scene, lead_key(scene.view, move))
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)
        else:
            pad_focus(app, pad, scene, lead_key(scene.view, move))
            pad_press(app, pad, a)
            pad_focus(app, pad, scene, pad_target(scene, move.target))
            pad_press(app, pad, a)

    assert play_game(app, scene, do, agent=gives_up_early()) > 12
    assert app.input.last_device == "pad" and scene.view.status == "resigned"


# -- single gestures ------------------------------------------------------------------------

def play_until(scene: S.MilliganScene, wanted) -> M.Move:  # noqa: ANN001
    """Let the quick player move until a legal move fits ``wanted``; return that move."""
    agent = milligan_player.make_agent("quick")
    for _ in range(300):
        found = next((m for m in scene.client.legal_moves if wanted(m)), None)
        if found is not None:
            return found
        assert scene.play(agent.act(scene.view, scene.client.legal_moves))
    raise AssertionError("no such move came up")


def goes_up(move: M.Move) -> bool:
    return isinstance(move, M.Transfer) and move.source[0] == "c" and move.target == "f"


def test_shift_click_and_right_click_try_a_card_on_the_foundations(tmp_path: Path) -> None:
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=1)
    for how in ("shift", "right"):
        move = play_until(scene, goes_up)
        settle(app)
        card = lead_key(scene.view, move)
        up = scene.view.laid_off
        if how == "shift":
            pygame.key.set_mods(pygame.KMOD_SHIFT)
            try:
                click(app, grab_point(scene, card))
            finally:
                pygame.key.set_mods(0)
        else:
            click(app, grab_point(scene, card), button=3)
        assert scene.view.laid_off == up + 1, how
        assert card not in {c.uid for col in scene.view.columns for c in col}
    move = play_until(scene, goes_up)  # T tries the card picked by its column number
    up = scene.view.laid_off
    digit = str(int(move.source[1:]) + 1)
    key(app, pygame.key.key_code(digit), digit)
    key(app, pygame.K_t, "t")
    assert scene.view.laid_off == up + 1
    stuck = next(col[-1] for col in scene.view.columns
                 if col and M.foundation_for(scene.recorder.state, col[-1]) is None)
    before = scene.view
    click(app, grab_point(scene, stuck.uid), button=3)
    assert scene.view == before and scene.hud.message.error


def test_shift_click_is_read_from_the_click_not_from_the_keys_now(tmp_path: Path) -> None:
    """Real mouse events go through the input mapper while Shift is (or is not) held; the
    scene handles the clicks after the key state has changed: the click's own modifiers
    decide (Shift-click sends the card up, a plain click picks it)."""
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=1)
    for shift in (False, True):
        move = play_until(scene, goes_up)
        settle(app)
        card = lead_key(scene.view, move)
        up = scene.view.laid_off
        p = px(app, grab_point(scene, card))
        events = [pygame.event.Event(kind, pos=p, button=1)
                  for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)]
        pygame.key.set_mods(pygame.KMOD_SHIFT if shift else 0)
        try:
            actions = [a for e in events for a in app.input.translate(e)]
            pygame.key.set_mods(0 if shift else pygame.KMOD_SHIFT)  # the keys change...
            for action in actions:  # ...before the scene sees the click
                app.handle(action)
        finally:
            pygame.key.set_mods(0)
        frames(app, 2)
        if shift:
            assert scene.view.laid_off == up + 1
            assert card not in {c.uid for col in scene.view.columns for c in col}
        else:
            assert scene.view.laid_off == up and scene.selected == (move.source, 1)
            key(app, pygame.K_ESCAPE)
            assert scene.selected is None


def test_a_loss_no_move_can_prove_is_proven_on_the_worker_and_said(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(S, "STUCK_SECONDS", 30.0)  # ~0.3 s needed; a busy machine is slow
    app = app_with(tmp_path, {"rule": "alternate", "miss_milligan": False})
    scene = start(app, seed=43)  # the quick player gives this one up with the stock out
    agent = milligan_player.make_agent("quick")
    while not isinstance(move := agent.act(scene.view, scene.client.legal_moves), M.Resign):
        assert scene.play(move)
    state = scene.recorder.state
    assert not state.stock and state.status == "playing" and not M.is_stuck(state)
    frames(app, 40)  # the position stands a moment before the worker is asked
    assert not scene.over
    frames(app, 30)
    scene.jobs.wait("stuck", timeout=30)
    frames(app, 2)
    assert scene.recorder.moves[-1] == M.Stuck() and scene.view.lost
    assert scene.hud.dialog is not None
    assert "No card can go up to the foundations any more" in scene.hud.dialog.body
    saved = stats_file.load(tmp_path, "milligan")
    assert saved.overall.played == 1 and saved.overall.lost == 1
    key(app, pygame.K_u, "u")  # Undo from the dialog: the player may look again
    assert not scene.over and scene.client.can_redo
    frames(app, 90)
    assert not scene.over  # not ended again behind the player's back


def test_a_position_the_worker_cannot_settle_is_said_so_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(S.milligan_stuck, "lost_proof", lambda state, seconds: asked.append(1))
    app = app_with(tmp_path, {"rule": "alternate", "miss_milligan": False})
    scene = start(app, seed=43)
    agent = milligan_player.make_agent("quick")
    while not isinstance(move := agent.act(scene.view, scene.client.legal_moves), M.Resign):
        assert scene.play(move)
    frames(app, 70)
    scene.jobs.wait("stuck", timeout=30)
    frames(app, 2)
    assert asked and not scene.over
    assert "more than the computer can settle" in scene.hud.message.text
    scene.hud.message = None
    frames(app, 90)
    assert scene.hud.message is None  # said once for the position, not every frame


def test_lay_off_sends_up_every_card_that_can_go(tmp_path: Path) -> None:
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=1)
    play_until(scene, goes_up)
    click(app, button_centre(scene, "layoff"))
    assert not any(goes_up(m) for m in scene.client.legal_moves)
    assert scene.recorder.moves[-1] == M.Layoff()


def test_spacing_buttons_squeeze_spread_and_reset_a_column(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    scene = start(app, seed=2)
    for _ in range(3):
        key(app, pygame.K_d, "d")
    column = scene.view.columns[0]
    gap = scene.table.position(column[1].uid)[1] - scene.table.position(column[0].uid)[1]
    click(app, button_centre(scene, "space:0:expand"))
    settle(app)
    wider = scene.table.position(column[1].uid)[1] - scene.table.position(column[0].uid)[1]
    click(app, button_centre(scene, "space:0:compact"))
    click(app, button_centre(scene, "space:0:compact"))
    settle(app)
    narrower = scene.table.position(column[1].uid)[1] - scene.table.position(column[0].uid)[1]
    assert narrower < gap < wider
    click(app, button_centre(scene, "space:0:reset"))
    settle(app)
    assert scene.table.position(column[1].uid)[1] - scene.table.position(
        column[0].uid)[1] == gap


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_long_columns_stay_inside_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    app = app_with(tmp_path, size=size)
    scene = start(app, seed=4)
    for _ in range(12):
        key(app, pygame.K_d, "d")  # every card dealt: columns of 13 or more
    settle(app)
    assert scene.view.stock_size == 0 and max(len(c) for c in scene.view.columns) >= 12
    for column in scene.view.columns:
        if column:
            assert scene.table.card_rect(column[-1].uid).bottom <= S.COLUMN_BOTTOM + 1
            click(app, button_centre(scene, "space:0:expand"))
    settle(app)
    column = scene.view.columns[0]
    assert scene.table.card_rect(column[-1].uid).bottom <= S.COLUMN_BOTTOM + 1
    assert scene.card_count_problem() is None


def test_quitting_mid_game_resumes_it_with_its_spacing(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    scene = start(app, seed=6)
    key(app, pygame.K_d, "d")
    key(app, pygame.K_d, "d")
    click(app, button_centre(scene, "space:2:expand"))
    state, steps = scene.recorder.state, dict(scene.steps)
    saved = json.loads((tmp_path / "autosave-milligan.json").read_text())
    assert saved["replay"]["moves"] == ["deal", "deal"]
    assert saved["spacing"] == {"2": S.STEP * S.STEP_CHANGE}
    app.pop()  # leaving (or a crash: the file is written after every move)
    again = app_with(tmp_path)
    resumed = S.MilliganScene(again)
    again.push(resumed)
    assert resumed.recorder.state == state and resumed.steps == steps


def test_a_new_deal_counts_the_abandoned_game_and_uses_the_chosen_rules(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    scene = start(app, seed=9)
    key(app, pygame.K_d, "d")
    app.settings = replace(app.settings, per_game={"milligan": {"rule": "any"}})
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")
    saved = stats_file.load(tmp_path, "milligan")
    assert saved.overall.played == 1 and saved.overall.won == 0
    assert saved.by_mode["suit+mm"].streak == -1
    assert scene.view.rule == "any" and not scene.view.miss_milligan and scene.view.moves == 0


def test_a_finished_game_plays_back_in_the_replay_viewer(tmp_path: Path) -> None:
    from game import storage
    from scenes.replay_viewer import ReplayScene

    app = app_with(tmp_path)
    scene = start(app, seed=3)
    moves = play_game(app, scene, lambda m: scene.play(m))
    final = scene.recorder.state
    files = storage.list_replays(storage.replay_dir(tmp_path))
    assert len(files) == 1
    viewer = ReplayScene.open(app, files[0].path, autoplay=False)
    app.push(viewer)
    frames(app, 3)
    assert viewer.inner.view.moves == 0 and viewer.inner.card_count_problem() is None
    viewer.recorder.seek(moves)
    frames(app, 3)
    assert viewer.recorder.state == final and viewer.inner.card_count_problem() is None
    viewer.recorder.seek(moves // 2)  # backward through the game: the table follows
    frames(app, 3)
    assert viewer.inner.view.moves == moves // 2 and viewer.inner.card_count_problem() is None


def test_hint_lights_the_cards_to_move_without_holding_up_frames(tmp_path: Path) -> None:
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=1)
    for _ in range(4):
        key(app, pygame.K_d, "d")
    key(app, pygame.K_h, "h")
    deadline = time.monotonic() + 60  # the worker's answer, however busy the machine
    while scene.hint_asked is not None:
        assert time.monotonic() < deadline, "the hint never came"
        frames(app)
    advice = milligan_player.hint(scene.view)
    assert scene.hud.message.text == advice.text
    if isinstance(advice.move, M.Transfer):
        assert lead_key(scene.view, advice.move) in scene.table.highlighted("hint")


def test_scores_page_shows_the_statistics(tmp_path: Path) -> None:
    stats_file.save(tmp_path, "milligan", Stats().add(Mode("alternate", ""), "won", 84.0, 150).add(
        Mode("suit+mm", ""), "lost", 20.0, 60))
    app = app_with(tmp_path)
    scene = start(app, seed=1)
    key(app, pygame.K_s, "s")
    page = app.scene
    assert isinstance(page, scores.StatisticsScene)
    rows = page.rows()
    assert rows[0][:5] == ["All games", "2", "1", "1", "50%"]
    assert rows[1][0].startswith("Alternating") and rows[1][1:4] == ["1", "1", "0"]
    assert any(r[0].endswith("Miss Milligan") and r[1] == "1" and r[6] == "lost 1" for r in rows)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_show_winnable_answers_from_the_worker(tmp_path: Path) -> None:
    app = app_with(tmp_path, {"rule": "suit", "miss_milligan": True, "show_winnable": True})
    scene = start(app, seed=1)
    deadline = time.monotonic() + 60  # the worker's answer (5 s of search), however busy
    while scene.winnable_text() == "Winnable?" and time.monotonic() < deadline:
        frames(app)
    assert scene.winnable_text() in ("Winnable", "Not winnable", "Winnable: unknown")


def test_a_game_finished_again_after_an_undo_is_counted_once(tmp_path: Path) -> None:
    app = app_with(tmp_path)
    scene = start(app, seed=25)
    play_game(app, scene, lambda m: scene.play(m), agent=gives_up_early())
    assert scene.view.status == "resigned"
    assert stats_file.load(tmp_path, "milligan").overall.played == 1
    key(app, pygame.K_u, "u")  # the game-over dialog's Undo
    assert not scene.over
    key(app, pygame.K_g, "g")
    key(app, pygame.K_y, "y")
    assert scene.over
    saved = stats_file.load(tmp_path, "milligan")
    assert saved.overall.played == 1 and saved.overall.lost == 1
    key(app, pygame.K_n, "n")  # New from the dialog: the finished game is not counted again
    assert stats_file.load(tmp_path, "milligan").overall.played == 1 and scene.view.moves == 0


def test_new_game_takes_and_answers_what_every_scenes_does(tmp_path: Path) -> None:
    """The type check found MilliganScene.new_game without ``same`` and ``undo`` and
    returning None, which a caller reads as a refused deal."""
    app = app_with(tmp_path)
    scene = start(app, 5)
    dealt = scene.client.deal
    assert scene.new_game(same=True) is True
    assert scene.client.deal == dealt  # the same cards again
    assert scene.new_game(7, undo=False) is True
    assert scene.client.deal != dealt


def test_an_empty_column_lights_up_under_a_run_that_may_drop_there(tmp_path: Path) -> None:
    """A place with no card in it is lit like a card when the dragged run may go there
    (only cards were ringed: the empty column stayed dark under a legal drop)."""
    app = app_with(tmp_path, {"rule": "any", "miss_milligan": False})
    scene = start(app, seed=5)
    play_game(app, scene, by_mouse(app, scene), stop=30)
    move = play_until(scene, lambda m: isinstance(m, M.Transfer) and m.target[0] == "c"
                      and not scene.view.columns[int(m.target[1:])])
    assert isinstance(move, M.Transfer)
    a = px(app, grab_point(scene, lead_key(scene.view, move)))
    b = px(app, drop_point(scene, move.target))
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for p in (a, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    zone = f"zone:{move.target}"
    assert scene.table.highlighted("drop") == [zone]
    left, top = px(app, (S.column_x(int(move.target[1:])), S.COLUMN_TOP))
    ring = [app.screen.get_at((left - 2, top + dy))[:3] for dy in range(20, 60)]
    assert HIGHLIGHTS["drop"] in ring, "the ring is drawn beside the empty column"
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app)
    assert not scene.table.highlighted("drop") and scene.recorder.moves[-1] == move

"""Pyramid played through the real app by posted events: mouse drags and clicks,
the keyboard, and a real (virtual SDL) game controller."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.ai import pyramid_player
from game.engine.vpad import VirtualPad
from game.rules import pyramid as P
from scenes.pyramid import APEX_X, TOP_Y, PyramidScene
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
    type_text,
)

SEED = 7


def start(app, seed: int = SEED) -> PyramidScene:  # noqa: ANN001
    scene = PyramidScene(app, seed=seed)
    app.push(scene)
    settle(app)
    return scene


def centre(scene: PyramidScene, code: str) -> tuple[float, float]:
    rect = scene.table.card_rect(code)
    return rect.centerx, rect.centery


def greedy(scene: PyramidScene) -> P.Move:
    """The quick player's move, chosen from what the scene's seat sees."""
    return pyramid_player.greedy_move(scene.view, scene.client.legal_moves)


def expect_move(scene: PyramidScene, before: P.PyramidState, move: P.Move) -> None:
    assert P.state_digest(scene.recorder.state) == P.state_digest(P.apply(before, move)), move


def play_full_game(app, scene: PyramidScene, do_move) -> int:  # noqa: ANN001
    """Play the greedy line to the end through ``do_move``; return the move count."""
    count = 0
    while not P.is_over(scene.recorder.state):
        before = scene.recorder.state
        move = greedy(scene)
        do_move(move)
        expect_move(scene, before, move)
        count += 1
        assert count < 400
    assert scene.recorder.length == count
    return count


def test_full_game_by_mouse_drags(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)

    def by_mouse(move: P.Move) -> None:
        if isinstance(move, P.Draw | P.Recycle):
            click(app, (960, 1000), button=3)  # right-click anywhere turns the pack
        elif len(move.cards) == 1 and scene.table.placement(move.cards[0]).zone == "stock":
            drag(app, centre(scene, move.cards[0]), (1664, 280))  # a king to the discards
        elif len(move.cards) == 1:
            click(app, centre(scene, move.cards[0]))
        else:
            drag(app, centre(scene, move.cards[0]), centre(scene, move.cards[1]))

    moves = play_full_game(app, scene, by_mouse)
    assert moves > 20
    settle(app)
    assert scene.hud.dialog is not None, "the game-over dialog shows"
    # every card ended where the rules put it
    for card in scene.recorder.state.discard:
        assert scene.table.position(card.uid) == _rest(scene, card.uid)


def test_click_two_cards_and_illegal_pair_is_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    free = [c for c, where in P.available(scene.recorder.state).items() if where.startswith("p")]
    bad = next((a, b) for a in free for b in free
               if a != b and P.as_card(a).rank + P.as_card(b).rank != 13
               and 13 not in (P.as_card(a).rank, P.as_card(b).rank))
    before = scene.recorder.state
    click(app, centre(scene, bad[0]))
    assert scene.selected == bad[0]
    assert scene.table.highlighted("selected") == [bad[0]]
    click(app, centre(scene, bad[1]))
    assert scene.recorder.state is before and scene.selected is None
    assert "not 13" in scene.hud.message.text and scene.hud.message.error
    assert "error" in app.sound.played or app.sound.problem


def test_illegal_drop_flies_back(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    card = next(c for c, w in P.available(scene.recorder.state).items() if w.startswith("p"))
    home = scene.table.position(card)
    drag(app, centre(scene, card), (960, 900))
    assert scene.recorder.length == 0
    assert scene.table.animating, "the card flies back"
    settle(app)
    assert scene.table.position(card) == home


def keys_for(state: P.PyramidState, code: str) -> str:
    where = P.available(state)[code]
    if where == "stock":
        return "p"
    if where == "waste":
        return "w"
    row, col = P.row_col(int(where[1:]))
    return f"{row + 1}{col + 1}"


def play_by_keys(app, scene: PyramidScene, move: P.Move) -> None:  # noqa: ANN001
    """Type ``move``: D turns the pack; each card is row+column, P or W."""
    if isinstance(move, P.Draw | P.Recycle):
        type_text(app, "d")
    else:
        state = scene.recorder.state
        for code in move.cards:
            type_text(app, keys_for(state, code))


def test_full_game_by_keyboard(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, seed=12)
    assert play_full_game(app, scene, lambda move: play_by_keys(app, scene, move)) > 20


def test_numeric_keypad_layout(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    before = scene.recorder.state
    key(app, pygame.K_KP0)  # keypad 0 turns the pack
    expect_move(scene, before, P.Draw())
    key(app, pygame.K_KP9)  # keypad 9 picks the waste top
    top = scene.recorder.state.waste[-1]
    assert scene.selected == top.uid or top.rank == 13
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_KP8)  # keypad 8 picks the pack top
    top = scene.view.stock_top
    assert scene.selected == top.uid or top.rank == 13


def test_full_game_by_controller(tmp_path: Path, pad: VirtualPad) -> None:
    app = make_app(tmp_path)
    pad.attach()
    frames(app, 2)
    assert app.input.pads_connected() == 1
    scene = start(app, seed=21)

    def by_pad(move: P.Move) -> None:
        if isinstance(move, P.Draw | P.Recycle):
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)
        else:
            for code in move.cards:
                pad_focus(app, pad, scene, code)
                pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)

    assert play_full_game(app, scene, by_pad) > 20
    assert app.input.last_device == "pad"


def test_undo_redo_and_seek_during_play(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    states = [scene.recorder.state]
    for _ in range(8):
        scene.play(greedy(scene))
        frames(app, 3)  # input arrives while cards are still moving
        states.append(scene.recorder.state)
    key(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    key(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert scene.recorder.state == states[6]
    key(app, pygame.K_y, "y", pygame.KMOD_CTRL)
    assert scene.recorder.state == states[7]
    scene.recorder.seek(2)
    frames(app)
    assert scene.recorder.state == states[2]
    # after a seek the table is already in place: seeking snaps
    for code in scene.recorder.state.waste + scene.recorder.state.discard:
        assert scene.table.position(code.uid) == _rest(scene, code.uid)
    scene.play(greedy(scene))
    assert scene.recorder.length == 3 and not scene.recorder.can_redo
    settle(app)
    live = {k for k in scene.table.entities}
    assert len(live) == 52, "no card lost or duplicated by undo/redo/seek"


def test_hint_highlights_a_pair(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    type_text(app, "h")
    hinted = scene.table.highlighted("hint")
    assert hinted, scene.hud.message.text
    ranks = [P.as_card(c).rank for c in hinted]
    assert ranks == [13] or sum(ranks) == 13
    type_text(app, "d")
    assert not scene.table.highlighted("hint"), "any key clears the hint"


def test_new_asks_first(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    scene.play(P.Draw())
    type_text(app, "n")
    assert scene.hud.dialog is not None
    type_text(app, "n")
    assert scene.recorder.length == 1
    type_text(app, "n")
    type_text(app, "y")
    assert scene.recorder.length == 0 and scene.recorder.seed != SEED


def test_full_screen_toggle_under_the_dummy_driver(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    start(app)
    key(app, pygame.K_F11)
    frames(app, 2)
    key(app, pygame.K_RETURN, "\r", pygame.KMOD_ALT)
    frames(app, 2)
    assert app.scenes and app.running


def non_felt_share(surface: pygame.Surface) -> float:
    """Share of sampled pixels that are not green baize."""
    w, h = surface.get_size()
    hits = total = 0
    for y in range(0, h, max(1, h // 60)):
        for x in range(0, w, max(1, w // 100)):
            r, g, b, *_ = surface.get_at((x, y))
            total += 1
            hits += not (g > r + 20 and g > b + 10)
    return hits / total


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_screenshots_have_the_table(tmp_path: Path, size: tuple[int, int]) -> None:
    app = make_app(tmp_path, size=size)
    scene = start(app)
    shot = tmp_path / "shot.png"
    app.save_screenshot(shot)
    image = pygame.image.load(str(shot))
    assert image.get_size() == size
    assert non_felt_share(image) > 0.15, "cards and widgets cover a good part of the felt"
    # the apex card is drawn where the layout says, at this size
    rect = scene.table.card_rect(scene.recorder.state.pyramid[0].uid)
    x, y = app.viewport.to_px(rect.centerx, rect.y + 10)
    r, g, b, *_ = image.get_at((x, y))
    assert min(r, g, b) > 150, "card face (light) at the apex"


def test_quitting_mid_game_resumes_it(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    for _ in range(3):
        scene.play(greedy(scene))
    state = scene.recorder.state
    app.quit()
    again = make_app(tmp_path)
    resumed = PyramidScene(again)
    again.push(resumed)
    assert resumed.recorder.state == state and resumed.recorder.length == 3


def test_a_corrupt_autosave_is_set_aside_and_reported(tmp_path: Path) -> None:
    (tmp_path / "autosave-pyramid.json").write_text('{"kind": "autosave", "version": 1, "rep')
    app = make_app(tmp_path)
    scene = PyramidScene(app)
    app.push(scene)
    assert scene.recorder.length == 0
    assert list(tmp_path.glob("autosave-pyramid.json.bad-*"))
    assert any("set aside" in text for text in app.notices.texts)


def test_a_tampered_autosave_is_set_aside(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    scene.play(P.Draw())
    scene.autosave()
    path = tmp_path / "autosave-pyramid.json"
    data = json.loads(path.read_text())
    data["replay"]["moves"] = [["KS", "QS"]]
    path.write_text(json.dumps(data))
    again = make_app(tmp_path)
    resumed = PyramidScene(again)
    again.push(resumed)
    assert resumed.recorder.length == 0
    assert any("autosave-pyramid.json could not be read" in text
               for text in again.notices.texts)


def test_finished_games_are_saved_as_replays(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off")
    scene = start(app)
    while not P.is_over(scene.recorder.state):
        scene.play(greedy(scene))
    replays = list((tmp_path / "replays").glob("pyramid-*.json"))
    assert len(replays) == 1
    assert json.loads(replays[0].read_text())["moves"]


def _rest(scene: PyramidScene, key: str) -> tuple[float, float]:
    p = scene.table.placement(key)
    return p.x, p.y


def test_a_legal_partner_lights_up_while_dragging(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app, seed=3)
    move = next(m for m in P.legal_moves(scene.recorder.state)
                if isinstance(m, P.Remove) and len(m.cards) == 2)
    a, b = (app.viewport.to_px(*centre(scene, c)) for c in move.cards)
    post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for p in (a, ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), b):
        post(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    assert scene.table.dragging == move.cards[0]
    assert scene.table.highlighted("drop") == [move.cards[1]]
    post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    frames(app)
    assert not scene.table.highlighted("drop") and scene.recorder.length == 1


def test_mouse_option_no_ignores_the_mouse_and_ask_asks(tmp_path: Path) -> None:
    app = make_app(tmp_path, input_mode="keyboard")
    scene = start(app)
    click(app, (960, 1000), button=3)
    assert scene.recorder.length == 0, "Mouse: No ignores the mouse"
    assert "mouse is off" in scene.hud.message.text and "Settings" in scene.hud.message.text
    scene.hud.message = None
    click(app, scene.hud.button("menu").rect.center)
    assert app.scene is scene and scene.hud.message is None, "said once; buttons ignore it too"
    type_text(app, "d")
    assert scene.recorder.length == 1
    asking = make_app(tmp_path / "ask", input_mode="ask")
    scene = PyramidScene(asking, seed=2)
    asking.push(scene)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Mouse"
    type_text(asking, "n")
    click(asking, (960, 1000), button=3)
    assert scene.recorder.length == 0
    type_text(asking, "d")
    assert scene.recorder.length == 1


def test_auto_finishes_the_game_with_the_solver(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off", ai_speed="fast")
    scene = start(app, seed=2)
    scene.computer_time_limit = None  # plans to the end: the same on any machine
    quick = P.new_game(2)
    while (move := pyramid_player.greedy_move(P.observe(quick), P.legal_moves(quick))):
        quick = P.apply(quick, move)
    type_text(app, "a")
    assert scene.hud.dialog is not None and not scene.computer_to_play, "Auto asks first"
    type_text(app, "y")
    assert scene.computer_to_play and scene.hud.button("auto").selected
    for _ in range(6000):
        if scene.over:
            break
        frames(app)
    assert P.is_over(scene.recorder.state)
    assert P.par_score(scene.recorder.state) > P.par_score(quick), "AUTO beats the quick player"
    settle(app)
    assert scene.celebration is None, "a game Auto won is not the player's to celebrate"
    assert scene.hud.dialog is not None and scene.hud.dialog.title.endswith("by the computer")
    assert not scene.computer_to_play and not scene.hud.button("auto").selected


def test_hint_follows_a_winning_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import pyramid_solver

    # the search to its end, not to the hint's clock: a loaded machine's half second
    # found no line, and the hint fell back to the quick pair (seen under load)
    exact = pyramid_solver.solve_state
    monkeypatch.setattr(pyramid_solver, "solve_state",
                        lambda state, goal, time_limit=None: exact(state, goal))
    app = make_app(tmp_path)
    scene = start(app, seed=0)
    state = scene.recorder.state
    type_text(app, "h")
    hinted = scene.table.highlighted("hint")
    advice = pyramid_player.hint(scene.view, scene.client.legal_moves)
    assert advice.source == "solver" and sorted(hinted) == sorted(c.uid for c in advice.cards)
    # The pack is still unseen, so the hint promises nothing; the pair is legal.
    assert scene.hud.message.text.startswith("Try ") and "winnable" not in scene.hud.message.text
    P.check(state, P.Remove(tuple(hinted)))
    # Once every card has been seen (after a redeal) a hint is a proof.
    seen = P.PyramidState(state.pyramid, state.stock, (), redeals_used=1)
    advice = pyramid_player.hint(P.observe(seen), P.legal_moves(seen))
    assert "winnable" in advice.text and advice.cards
    after = P.apply(seen, P.Remove(tuple(c.uid for c in advice.cards)))
    assert pyramid_solver.solve_state(after, "all").won


def test_status_says_whether_the_game_is_still_winnable(tmp_path: Path) -> None:
    app = make_app(tmp_path, per_game={"pyramid": {"show_winnable": True}})
    scene = start(app, seed=0)
    scene.jobs.wait("winnable", timeout=30)
    frames(app)
    assert scene.winnable_text() == "Winnable"
    lost = PyramidScene(app, seed=4)
    app.push(lost)
    frames(app)
    lost.jobs.wait("winnable", timeout=30)
    assert lost.winnable_text() == "Not winnable", "a fresh deal never was"
    lost.play(P.Draw())
    frames(app)
    lost.jobs.wait("winnable", timeout=30)
    assert lost.winnable_text() == "No longer winnable"


def test_deal_only_winnable_games_shuffles_off_the_frame_loop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The search for a winnable deal runs as a job: frames go on meanwhile, the pack
    waits face down, moves and the hint are refused with the reason, and the deal that
    comes is one the solver wins."""
    from game.ai import pyramid_solver
    from game.engine import jobs
    from game.fuzz.jobqueue import JobQueue

    held = JobQueue()  # the jobs' answers come only when the test says
    monkeypatch.setattr(jobs, "make_worker", held.worker)
    app = make_app(tmp_path, per_game={"pyramid": {"winnable_only": True}})
    scene = PyramidScene(app, resume=False)
    app.push(scene)
    for round_ in range(3):
        settle(app)
        assert scene.shuffling is not None
        assert "Shuffling" in scene.hud.message.text
        shown = [k for k in scene.table.entities if scene.table.placement(k).face_up]
        assert not shown and len(scene.table.entities) == 52, "the pack waits, face down"
        assert scene.deal_number() is None, "no deal to name yet"
        assert not any(b.enabled for b in scene.hud.buttons if b.key in ("undo", "hint"))
        moves = scene.recorder.length  # the last game's, until the new deal comes
        click(app, px(app, (APEX_X, TOP_Y + 40)))  # where the apex card will lie
        key(app, pygame.K_h, "h")
        assert scene.recorder.length == moves and scene.table.highlighted("hint") == []
        held.run()
        frames(app)
        settle(app)
        assert scene.shuffling is None and scene.hud.message is None
        assert pyramid_solver.solve_state(scene.recorder.state, "all").won
        assert sum(scene.table.placement(k).face_up for k in scene.table.entities) >= 28
        assert scene.hud.button("hint").enabled and scene.deal_number() is not None
        if round_ == 0:
            assert not scene.client.can_undo, "the first deal has no game before it"
        scene.play(greedy(scene))
        settle(app)
        scene.deal_again()


def test_undo_new_or_a_computer_move_in_the_middle_of_a_drag(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    scene.play(greedy(scene))
    settle(app)
    for interrupt in ("undo", "new", "auto"):
        card = next(k for k in scene.interactive_keys() if not k.startswith("stock"))
        a = px(app, centre(scene, card))
        post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        post(pygame.MOUSEMOTION, pos=(a[0] + 60, a[1] + 40), rel=(0, 0), buttons=(1, 0, 0))
        frames(app, 3)
        assert scene.table.dragging == card
        if interrupt == "undo":
            key(app, pygame.K_z, "z", pygame.KMOD_CTRL)
        elif interrupt == "new":
            scene.new_game(5)
        else:
            scene.set_computer(0, True)
            for _ in range(600):
                if scene.recorder.length:
                    break
                frames(app)
            scene.set_computer(0, False)
        post(pygame.MOUSEBUTTONUP, pos=(a[0] + 60, a[1] + 40), button=1)
        frames(app, 2)
        settle(app)
        assert scene.table.dragging is None and scene.card_count_problem() is None


def test_after_new_and_undo_the_table_looks_as_if_freshly_dealt(tmp_path: Path) -> None:
    """Covered cards look covered after New and Undo (dim and shadow follow the deal)."""
    def shot(app) -> bytes:  # noqa: ANN001
        """The table left of the command buttons (Redo lights up after an undo)."""
        app.renderer.invalidate()
        app.render()
        width = app.viewport.to_px(1450, 0)[0]
        return pygame.image.tobytes(app.screen.subsurface((0, 0, width, 720)), "RGB")

    fresh_app = make_app(tmp_path / "a")
    fresh = start(fresh_app, seed=9)
    expected = shot(fresh_app)
    app = make_app(tmp_path / "b")
    scene = start(app, seed=3)
    for _ in range(6):
        scene.play(greedy(scene))
        settle(app)
    scene.new_game(9)
    settle(app)
    assert shot(app) == expected, "a new deal looks like a fresh one"
    before = shot(app)
    scene.play(greedy(scene))
    settle(app)
    scene.undo()
    settle(app)
    frames(app, 5)
    assert shot(app) == before, "undo puts the table back as it was"
    assert fresh.card_count_problem() is None


def test_a_window_resized_by_the_system_lays_the_table_out_again(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    start(app)
    # SDL resizes a resizable window's surface before the game hears of it.
    pygame.display.set_mode((800, 450), pygame.RESIZABLE)
    app.screen = pygame.display.get_surface()
    post(pygame.VIDEORESIZE, size=(800, 450), w=800, h=450)
    frames(app, 2)
    assert app.viewport.size == (800, 450)
    assert app.scene.table.viewport.size == (800, 450)
    post(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080)
    frames(app, 2)
    assert app.screen.get_size() == app.viewport.size == (1920, 1080)


def test_a_hint_asked_by_keys_puts_the_focus_on_its_first_card(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = start(app)
    key(app, pygame.K_RIGHT)  # the first press shows the focus
    type_text(app, "h")
    hinted = scene.table.highlighted("hint")
    assert hinted and scene.focus in hinted, (scene.focus, hinted)


def test_a_dialog_opened_while_shuffling_is_not_closed_by_the_deal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question the player opened while the pack waits (Tour, Quit, the deal number)
    stays until answered: the winnable deal waits for it, then comes."""
    from game.engine import jobs
    from game.fuzz.jobqueue import JobQueue

    held = JobQueue()
    monkeypatch.setattr(jobs, "make_worker", held.worker)
    app = make_app(tmp_path, per_game={"pyramid": {"winnable_only": True}})
    scene = PyramidScene(app, resume=False)
    app.push(scene)
    settle(app)
    type_text(app, "t")
    asked = scene.hud.dialog
    assert asked is not None and scene.shuffling is not None
    held.run()
    frames(app, 5)
    assert scene.hud.dialog is asked and scene.shuffling is not None
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None
    frames(app)
    assert scene.shuffling is None


def test_a_game_given_up_for_a_winnable_deal_counts_and_is_not_offered_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """New, then leaving while the winnable deal is looked for: the game given up
    counted as abandoned at once (as any New's does) and the autosave went, so coming
    back is a fresh deal, not "your last game has been restored"."""
    from game import stats_file
    from game.engine import jobs
    from game.engine.in_progress import autosave_path
    from game.fuzz.jobqueue import JobQueue

    held = JobQueue()
    monkeypatch.setattr(jobs, "make_worker", held.worker)
    app = make_app(tmp_path, per_game={"pyramid": {"winnable_only": True}})
    scene = PyramidScene(app, resume=False)
    app.push(scene)
    held.run()
    frames(app)
    settle(app)
    for _ in range(3):
        scene.play(greedy(scene))
    settle(app)
    assert autosave_path(tmp_path, P.GAME_ID).exists()
    scene.deal_again()
    assert scene.shuffling is not None
    assert stats_file.load(tmp_path, P.GAME_ID).overall.played == 1
    assert not autosave_path(tmp_path, P.GAME_ID).exists()
    app.pop()  # to the menu while shuffling
    again = PyramidScene(app)
    app.push(again)
    assert again.recorder.length == 0 and again.shuffling is not None
    held.run()
    frames(app)
    assert again.shuffling is None
    assert stats_file.load(tmp_path, P.GAME_ID).overall.played == 1, "counted once"

"""Settings, help and replay scenes, driven through the real app with posted pygame events
(keys, clicks, wheel) and checked on state, files on disk and rendered pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import storage
from game.ai import pyramid_player
from game.engine.app import App
from game.engine.ui import centre_of, text_image
from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules.registry import GAME_BY_ID, playable
from game.settings import Settings, load_settings
from scenes.help import VIEW, HelpScene
from scenes.menu import MenuScene
from scenes.replay_viewer import SPEEDS, ReplayListScene, ReplayScene
from scenes.settings import CHOICE_X, LABEL_X, ROWS, SettingsScene

ROOT = Path(__file__).resolve().parents[1]
SELECTED_FILL = (150, 118, 30)  # ui.Button's fill for a chosen option


# -- driving the app -------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path: Path):
    app = App(save_dir=tmp_path, settings=Settings(), headless=True, size=(1280, 720))
    app.push(MenuScene(app))
    yield app
    app.quit()


def run(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        app.frame(1 / 60)


def run_until(app: App, done, limit: int = 900) -> int:  # noqa: ANN001
    """Frames until ``done()``; fails the test if it never happens."""
    for n in range(limit):
        if done():
            return n
        app.frame(1 / 60)
    raise AssertionError(f"condition not met after {limit} frames")


def press(app: App, key: int, char: str = "") -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):  # a key held on meets the next scene's guard
        pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode=char))
    run(app)


def click(app: App, pos: tuple[float, float]) -> None:
    """A left click at logical ``pos``, posted in window pixels like a real one."""
    px = app.viewport.to_px(*pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=px, button=1))
    run(app)


def pixel(app: App, pos: tuple[float, float]) -> tuple[int, int, int]:
    return tuple(app.screen.get_at(app.viewport.to_px(*pos)))[:3]


def ink_pixels(app: App, rect: pygame.Rect) -> int:
    """Near-white (text) pixels inside logical ``rect``: the felt and panels have none."""
    area = app.screen.subsurface(app.viewport.rect_px(*rect))
    return pygame.mask.from_threshold(area, (245, 242, 230), (40, 40, 40, 255)).count()


def near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


# -- settings ---------------------------------------------------------------------------------

def test_clicking_sound_off_applies_saves_and_repaints(app: App, tmp_path: Path) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    run(app, 3)
    off = scene.hud.button("sound:2")
    swatch = (off.rect.x + 10, off.rect.centery)  # the fill, clear of the label
    before = pixel(app, swatch)
    assert not near(before, SELECTED_FILL)

    click(app, centre_of(off.rect))

    assert app.settings.sound == "off" and app.sound.mode == "off"
    assert load_settings(tmp_path)[0].sound == "off"
    assert json.loads((tmp_path / "settings.json").read_text())["sound"] == "off"
    assert off.selected and not scene.hud.button("sound:0").selected
    assert near(pixel(app, swatch), SELECTED_FILL)


def test_keyboard_focus_and_enter_change_a_choice_then_esc_leaves(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    assert scene.focus == ("button", "sound:0")  # the current choice of the first row
    press(app, pygame.K_DOWN)
    press(app, pygame.K_RIGHT)
    assert scene.focus == ("button", "animation:1")
    for _ in range(4):  # right stops at the row's end instead of wandering to another row
        press(app, pygame.K_RIGHT)
    assert scene.focus == ("button", "animation:3")
    press(app, pygame.K_LEFT)
    press(app, pygame.K_LEFT)
    press(app, pygame.K_RETURN)
    assert app.settings.animation == "fast"
    assert scene.hud.button("animation:1").selected
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_tv_mode_relayouts_without_overlap(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    click(app, centre_of(scene.hud.button("tv_mode:0").rect))
    run(app, 2)
    assert app.settings.tv_mode and app.viewport.tv_mode and app.scene is scene
    vp = app.viewport
    for row in ROWS:  # labels are shrunk together so the longest still clears the choices
        width = text_image(vp, row.label, scene.label_size, bold=True).get_width() / vp.scale
        assert LABEL_X + width < CHOICE_X


@pytest.mark.parametrize("size, tv", [((1280, 720), False), ((1920, 1080), True)])
def test_every_option_of_every_game_is_reached_and_changed_by_keys(
        tmp_path: Path, size: tuple[int, int], tv: bool) -> None:
    """No row is ever dropped: the list scrolls to each one as the focus frame goes down,
    its choices show inside the panel, and Enter on another choice changes the setting."""
    from scenes.settings import PANEL, game_rows

    app = App(save_dir=tmp_path, settings=Settings(tv_mode=tv), headless=True, size=size)
    app.push(MenuScene(app))  # under each page, as in the game (Esc there stops the app)
    for entry in playable():
        scene = SettingsScene(app, game_id=entry.id)
        app.push(scene)
        run(app)
        wanted = game_rows(entry.id)
        assert [r.key for r in scene.rows] == [r.key for r in ROWS + wanted]
        for row in scene.rows:
            if row.game is not None:
                before = row.value(app.settings)
                target = f"{row.key}:{(scene.chosen_index(row) + 1) % len(row.choices)}"
                for _ in range(len(row.choices)):
                    if scene.focus[1] != target:
                        here = int(scene.focus[1].rsplit(":", 1)[1])
                        press(app, pygame.K_RIGHT if int(target.rsplit(":", 1)[1]) > here
                              else pygame.K_LEFT)
                assert scene.focus == ("button", target)
                focus = scene.hud.button(target)
                assert scene.row_of(scene.focus) == scene.rows.index(row)
                assert focus.visible and PANEL.contains(focus.rect), f"{row.key} is out of sight"
                press(app, pygame.K_RETURN)
                assert row.value(app.settings) != before, f"{row.key} did not change"
            press(app, pygame.K_DOWN)
        assert scene.scroll == scene.max_scroll
        press(app, pygame.K_ESCAPE)
    app.quit()


# -- help --------------------------------------------------------------------------------------

def test_help_draws_text_scrolls_and_closes(app: App) -> None:
    scene = HelpScene(app, "pyramid")
    app.push(scene)
    run(app, 3)
    assert ink_pixels(app, VIEW) > 2000
    assert scene.max_scroll > VIEW.h  # the text is longer than two pages
    top = pygame.image.tobytes(app.screen.subsurface(app.viewport.rect_px(*VIEW)), "RGB")

    press(app, pygame.K_DOWN)
    run(app, 40)
    assert scene.scroll == pytest.approx(scene.line_step)
    press(app, pygame.K_PAGEDOWN)
    run(app, 40)
    assert scene.scroll == pytest.approx(scene.line_step + VIEW.h - scene.line_step)
    shown = pygame.image.tobytes(app.screen.subsurface(app.viewport.rect_px(*VIEW)), "RGB")
    assert shown != top

    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    run(app, 40)
    assert scene.scroll > VIEW.h
    press(app, pygame.K_END)
    run(app, 60)
    assert scene.scroll == scene.max_scroll
    press(app, pygame.K_HOME)
    run(app, 60)
    assert scene.scroll == 0
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_the_parlour_help_lists_the_registered_games(app: App) -> None:
    scene = HelpScene(app, "parlour")
    for entry in playable():
        assert f"- {entry.title}: {entry.blurb}\n" in scene.text
    assert "Coming soon" not in scene.text and "{games}" not in scene.text


def test_help_for_a_missing_topic_says_so(app: App) -> None:
    app.push(HelpScene(app, "no-such-game"))
    run(app, 2)
    assert "no help page" in app.scene.text.lower()
    click(app, centre_of(app.scene.hud.button("back").rect))
    assert isinstance(app.scene, MenuScene)


# -- replays -----------------------------------------------------------------------------------

def save_replay(folder: Path, seed: int = 3, moves: int = 12, result: str = "abandoned",
                **meta: str) -> Path:
    rec = Recorder(P.RULES, seed, P.DEFAULT_CONFIG)
    for _ in range(moves):
        rec.play(pyramid_player.greedy_move(P.observe(rec.state), P.legal_moves(rec.state)))
    rec.meta.update({"date": "2025-03-01T14:02:00", "result": result, **meta})
    return storage.write_replay(storage.replay_dir(folder), rec.to_json())


def test_replay_plays_steps_jumps_fast_forwards_and_rewinds(app: App, tmp_path: Path) -> None:
    scene = ReplayScene.open(app, save_replay(tmp_path))
    assert scene is not None
    app.push(scene)
    n = scene.length
    assert n == 12 and scene.cursor == 0 and scene.direction == 1  # plays from the deal
    press(app, pygame.K_SPACE)
    assert scene.direction == 0
    run(app, 120)
    assert scene.cursor == 0  # paused

    press(app, pygame.K_SPACE)
    run_until(app, lambda: scene.cursor >= 2)
    press(app, pygame.K_SPACE)
    k = scene.cursor
    press(app, pygame.K_LEFT)
    assert scene.cursor == k - 1
    press(app, pygame.K_RIGHT)
    assert scene.cursor == k

    track = scene.track_rect()
    late = (track.x + track.w * 0.9, track.centery)
    assert not near(pixel(app, late), (244, 200, 66), 30)
    press(app, pygame.K_END)
    assert scene.cursor == n
    run(app)
    assert near(pixel(app, late), (244, 200, 66), 30)  # the progress bar filled up
    press(app, pygame.K_HOME)
    assert scene.cursor == 0

    for _ in range(len(SPEEDS)):
        press(app, pygame.K_UP)
    assert scene.speed == 16 and scene.inner.table.animation_scale is None
    press(app, pygame.K_SPACE)
    frames = run_until(app, lambda: scene.cursor == n)
    assert frames < 120 and scene.direction == 0  # 16x: a dozen moves in well under 2 s

    press(app, pygame.K_b, "b")
    assert scene.direction == -1
    run_until(app, lambda: scene.cursor == 0)
    run(app)
    assert scene.direction == 0
    press(app, pygame.K_DOWN)
    assert scene.speed == 8 and scene.inner.table.animation_scale == pytest.approx(1 / 8)

    click(app, (track.x + track.w / 2, track.centery))  # jump to the middle
    assert scene.cursor == n // 2
    press(app, pygame.K_b, "b")
    press(app, pygame.K_END)  # End while rewinding: at the end, and still
    run(app, 60)
    assert scene.cursor == n and scene.direction == 0
    assert not any(b.visible for b in scene.inner.hud.buttons), "the game's commands hide"
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_replay_viewer_keeps_player_input_from_the_game(app: App, tmp_path: Path) -> None:
    scene = ReplayScene.open(app, save_replay(tmp_path), autoplay=False)
    app.push(scene)
    run(app, 240)
    rec = scene.recorder
    before = (rec.cursor, rec.length, rec.moves)
    card = P.observe(rec.state).pyramid[-1]
    rect = scene.inner.table.card_rect(card.uid)
    click(app, centre_of(rect))
    click(app, (40, 40))
    for key, char in ((pygame.K_d, "d"), (pygame.K_n, "n"), (pygame.K_7, "7")):
        press(app, key, char)
    run(app, 5)
    assert (rec.cursor, rec.length, rec.moves) == before
    assert scene.inner.hud.dialog is None and scene.inner.selected is None
    assert app.scene is scene


@pytest.mark.parametrize("game_id", [entry.id for entry in playable()])
def test_the_replay_viewer_shows_the_whole_game_above_its_controls(app: App, game_id: str
                                                                   ) -> None:
    """Hands along the bottom, long columns and score lines stay clear of the strip."""
    import random

    from scenes.replay_viewer import BAR

    rules = GAME_BY_ID[game_id].rules
    recorder = Recorder(rules, 5, rules.quick_config)
    rng = random.Random(2)
    for _ in range(40):
        if rules.is_over(recorder.state):
            break
        recorder.play(rng.choice(rules.legal_moves(recorder.state,
                                                   rules.current_player(recorder.state))))
    viewer = ReplayScene(app, recorder, autoplay=False)
    app.push(viewer)
    viewer.seek(recorder.length)
    run(app, 3)
    strip = app.viewport.to_px(0, BAR.y)[1]
    inner = viewer.inner
    lowest = max(inner.viewport.rect_px(*inner.table.card_rect(k))[1]
                 + inner.viewport.rect_px(*inner.table.card_rect(k))[3]
                 for k in inner.table.entities)
    assert lowest <= strip, f"a card reaches y={lowest}px, the controls start at {strip}px"
    for item in inner.draw_items(1.0):
        bottom = item.pos[1] + item.image.get_height()
        assert bottom <= strip + 2, f"{item.key} reaches y={bottom}px, below {strip}px"


def test_opening_a_bad_replay_reports_and_returns_none(app: App, tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert ReplayScene.open(app, bad) is None
    assert "broken.json" in app.problems[-1] and "damaged" in app.problems[-1]
    assert bad.exists()  # a file given to the viewer is never moved

    data = json.loads(save_replay(tmp_path).read_text())
    data["moves"][3] = ["AS", "QS"] if data["moves"][3] != ["AS", "QS"] else "draw"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data), encoding="utf-8")
    assert ReplayScene.open(app, tampered) is None
    assert "tampered.json cannot be shown" in app.problems[-1]

    assert ReplayScene.open(app, tmp_path / "missing.json") is None
    assert "not found" in app.problems[-1]
    run(app, 2)  # and the app carries on


def test_replay_list_shows_saved_replays_and_opens_one(app: App, tmp_path: Path) -> None:
    first = save_replay(tmp_path, seed=3)
    save_replay(tmp_path, seed=5, moves=6)
    damaged = storage.replay_dir(tmp_path) / "pyramid-damaged.json"
    damaged.write_text("{", encoding="utf-8")
    scene = ReplayListScene(app)
    app.push(scene)
    run(app, 2)
    assert len(scene.replays) == 2
    assert any("set aside" in text for text in app.notices.texts) and not damaged.exists()
    assert ink_pixels(app, scene.hud.button("row:0").rect) > 200  # its columns are drawn

    click(app, centre_of(scene.hud.button("row:0").rect))
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.recorder.length == scene.replays[0].moves
    press(app, pygame.K_ESCAPE)
    assert app.scene is scene

    press(app, pygame.K_DOWN)  # keyboard: the focus starts on the newest, Down, Enter
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, ReplayScene)
    assert app.scene.recorder.length == scene.replays[1].moves
    assert {r.path for r in scene.replays} >= {first}
    press(app, pygame.K_ESCAPE)
    doomed = scene.replays[1].path
    press(app, pygame.K_DELETE)  # on the focused row: asks first
    assert scene.hud.dialog is not None and doomed.exists()
    press(app, pygame.K_y, "y")
    assert not doomed.exists() and len(scene.replays) == 1 and "deleted" in scene.hud.message.text


def test_replay_list_filters_by_result_and_game(app: App, tmp_path: Path) -> None:
    save_replay(tmp_path, seed=1, result="You won!", outcome="won")
    save_replay(tmp_path, seed=2, result="No more moves", outcome="lost")
    save_replay(tmp_path, seed=3, result="You won!")  # from before outcomes were stored
    save_replay(tmp_path, seed=4)
    save_replay(tmp_path, seed=5, result="A tie", outcome="drawn")
    scene = ReplayListScene(app)
    app.push(scene)
    run(app, 2)
    assert len(scene.replays) == 5
    press(app, pygame.K_r, "r")
    assert [r.outcome for r in scene.replays] == ["won", "won"]
    assert "Won" in scene.hud.button("results").label and "2 replays shown of 5" in \
        scene.hud.message.text
    run(app, 1)
    assert ink_pixels(app, scene.hud.button("row:1").rect) > 200
    assert "row:2" not in [b.key for b in scene.hud.buttons]
    press(app, pygame.K_r, "r")
    assert [r.outcome for r in scene.replays] == ["lost"]
    press(app, pygame.K_r, "r")
    assert [r.outcome for r in scene.replays] == ["drawn"]
    press(app, pygame.K_r, "r")
    assert [r.outcome for r in scene.replays] == ["abandoned"]
    press(app, pygame.K_g, "g")  # only Pyramid has replays: All -> Pyramid
    assert scene.game_filter == "pyramid" and len(scene.replays) == 1
    click(app, centre_of(scene.hud.button("results").rect))  # the mouse cycles them too
    assert scene.result_filter == "all" and len(scene.replays) == 5


def test_a_deal_abandoned_after_a_move_or_two_leaves_no_replay(tmp_path: Path) -> None:
    from scenes.pyramid import PyramidScene

    app = App(save_dir=tmp_path, settings=Settings(), headless=True, size=(1280, 720))
    scene = PyramidScene(app, seed=4)
    app.push(scene)
    scene.play(pyramid_player.greedy_move(scene.view, scene.client.legal_moves))
    scene.new_game()
    assert storage.list_replays(storage.replay_dir(tmp_path)) == []
    for _ in range(6):
        scene.play(pyramid_player.greedy_move(scene.view, scene.client.legal_moves))
    scene.new_game()
    [kept] = storage.list_replays(storage.replay_dir(tmp_path))
    assert kept.outcome == "abandoned" and kept.moves == 6
    app.quit()


def test_replay_list_when_empty(app: App) -> None:
    scene = ReplayListScene(app)
    app.push(scene)
    run(app, 2)
    assert scene.replays == [] and scene.focus == ("button", "back")
    press(app, pygame.K_RETURN)
    assert isinstance(app.scene, MenuScene)


# -- command line ----------------------------------------------------------------------------

def _main(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_main_replay_command_plays_and_screenshots(tmp_path: Path) -> None:
    path = save_replay(tmp_path)
    shot = tmp_path / "r.png"
    done = _main("--save-dir", str(tmp_path), "--headless", "--frames", "60", "--screenshot",
                 str(shot), "replay", str(path))
    assert done.returncode == 0, done.stderr
    assert pygame.image.load(str(shot)).get_size() == (1600, 900)
    bad = _main("--save-dir", str(tmp_path), "--headless", "--frames", "5", "replay",
                str(tmp_path / "nothing.json"))
    assert bad.returncode == 2 and "not found" in bad.stdout


def test_main_replay_command_takes_options_after_the_path(tmp_path: Path) -> None:
    path = save_replay(tmp_path)
    done = _main("replay", str(path), "--save-dir", str(tmp_path), "--headless", "--frames",
                 "30", "--screenshot", str(tmp_path / "r.png"))
    assert done.returncode == 0, done.stderr


def test_settings_says_full_screen_when_started_with_fullscreen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--fullscreen is in force for the run, and the Settings page says On (it said Off);
    changing another setting does not save it as the player's choice."""
    def window(self: App, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        return pygame.display.set_mode(size)  # the dummy driver has no full screen

    monkeypatch.setattr(App, "_open_window", window)
    app = App(save_dir=tmp_path, settings=Settings(), headless=True, size=(1280, 720),
              fullscreen=True)
    app.push(MenuScene(app))
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    row = next(r for r in scene.rows if r.key == "fullscreen")
    assert app.fullscreen and row.choices[scene.chosen_index(row)][0] is True
    app.set_setting(sound="off")
    assert not load_settings(tmp_path)[0].fullscreen, "the switch is not the saved choice"
    app.quit()


def test_the_first_return_after_the_mouse_shows_the_menus_focus_and_opens_nothing(
        tmp_path: Path) -> None:
    """The play-test moved the mouse over the menu, pressed Return, and Pyramid opened:
    its tile had the focus, unseen. The first Return shows the focus; the next opens."""
    from tests.driver import frames, key, make_app, post, px

    app = make_app(tmp_path)
    menu = MenuScene(app)
    app.push(menu)
    frames(app, 2)
    post(pygame.MOUSEMOTION, pos=px(app, (20, 20)), rel=(0, 0), buttons=(0, 0, 0))
    frames(app)
    assert not menu.show_focus
    key(app, pygame.K_RETURN, "\r")
    assert app.scene is menu and menu.show_focus and menu.hud.dialog is None
    key(app, pygame.K_RETURN, "\r")
    assert app.scene is not menu or menu.hud.dialog is not None, "the focused game opens"

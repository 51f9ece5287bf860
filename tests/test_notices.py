"""Several damaged files at once: every one set aside is reported, all of them, in one
panel drawn over the scene's buttons (issue 25, item 5: the hud kept one message, and
the settings one showed half hidden under a menu tile)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import main
from game.engine.app import App
from game.engine.notices import Notices
from game.engine.ui import Dialog, centre_of
from scenes.menu import MenuScene
from tests.driver import click, frames, make_app

DAMAGED = ("settings.json", "autosave-poker-squares.json", "poker-squares-tournament.json")


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[App]:
    """The app each launch made, as it was after its last frame."""
    apps: list[App] = []
    run = App.run

    def keep(app: App, *args: object, **kwargs: object) -> int:
        apps.append(app)
        return run(app, *args, **kwargs)

    monkeypatch.setattr(App, "run", keep)
    monkeypatch.setattr(App, "_quit_safely", lambda app: None)  # keep the scenes to look at
    return apps


@pytest.mark.parametrize("game", [[], ["--game", "poker-squares"]], ids=["menu", "game"])
def test_every_damaged_file_is_reported_over_the_scene(tmp_path: Path, shown: list[App],
                                                       game: list[str]) -> None:
    for name in DAMAGED:
        (tmp_path / name).write_text("{{{ damaged")
    assert main.main(["--frames", "3", "--save-dir", str(tmp_path), "-nosound", *game]) == 0
    (app,) = shown
    texts = app.notices.texts
    reported = [name for name in DAMAGED if any(t.startswith(name) for t in texts)]
    wanted = DAMAGED if game else DAMAGED[:1]  # the menu reads only the settings
    assert reported == list(wanted), texts
    assert all("set aside" in t for t in texts)
    items = app.scene.draw_items(0.0) + app.notices.draw_items(app.viewport)
    panel = next(i for i in items if i.key == ("notices",))
    assert pygame.Rect((0, 0), app.screen.get_size()).contains(panel.rect)  # all of it
    over = [i for i in items if i.rect.colliderect(panel.rect) and i.z >= panel.z]
    assert over == [panel], "a tile or button drawn over the notices"


def test_more_notices_than_fit_end_with_a_count(tmp_path: Path) -> None:
    app = make_app(tmp_path, size=(1280, 720))
    app.push(MenuScene(app))
    for n in range(40):
        app.problems.append(f"replays/pyramid-{n}.json could not be read (it is damaged) "
                            f"and has been set aside as pyramid-{n}.json.bad-1; it is not listed.")
    frames(app)
    rect = app.notices.rect(app.viewport)
    assert rect is not None and rect.top >= 0
    assert len(app.notices.texts) == 40
    assert "more like these" in "".join(sum(app.notices._layout(app.viewport)[2], []))


def test_notices_last_while_they_can_be_read_and_a_click_closes_them(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    menu = MenuScene(app)
    app.push(menu)
    app.problems.append("settings.json was damaged and has been set aside.")
    frames(app)
    menu.hud.ask(Dialog("Question", "A dialog over the notices.", [("ok", "OK", "o")],
                        lambda _: None))
    app.step(60.0)  # a minute under a dialog: not a second of it counts
    assert app.notices.texts
    menu.hud.dialog = None
    rect = app.notices.rect(app.viewport)
    assert rect is not None
    click(app, centre_of(rect))
    assert not app.notices.texts and app.scene is menu, "the click went to a tile"


def test_a_notice_goes_after_its_reading_time() -> None:
    notices = Notices()
    notices.add("x" * 100)
    notices.add("x" * 100)  # the same sentence twice is said once
    assert notices.texts == ["x" * 100]
    notices.update(9.0, paused=False)
    assert notices.texts
    notices.update(2.0, paused=False)
    assert not notices.texts

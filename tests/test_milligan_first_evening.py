"""What a first evening with The Giant showed (issue 22, items 11 and 12), each driven
by posted events: a new deal on show at once, long columns that stay readable, the
win show that hands over to the end box, the rules said at a deal, one name for the
waiving space, foundation clicks under Miss Milligan, labelled piles."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.engine import celebration
from scenes import milligan as S
from tests.driver import click, frames, key, make_app
from tests.milligan_tools import long_column, one_from_winning, table_on

HALF_SECOND = 30  # frames at 60 fps


def button_centre(scene: S.MilliganScene, name: str) -> tuple[float, float]:
    rect = scene.hud.button(name).rect
    return rect.centerx, rect.centery


def dealt_cards_rest(scene: S.MilliganScene) -> bool:
    """Every card out of the stock lies face up where the rules put it, still."""
    view = scene.view
    keys = [c.uid for column in view.columns for c in column]
    keys += [c.uid for pile in view.foundations for c in pile]
    return bool(keys) and not scene.table.animating and all(
        scene.table.position(k) == (scene.table.placement(k).x, scene.table.placement(k).y)
        for k in keys)


def frames_until_dealt(app, scene: S.MilliganScene, limit: int = 600) -> int:  # noqa: ANN001
    for n in range(1, limit):
        frames(app)
        if dealt_cards_rest(scene):
            return n
    raise AssertionError("the deal never came to rest")


def test_a_new_deal_is_on_show_within_half_a_second(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="normal",
                   per_game={"milligan": {"rule": "alternate", "miss_milligan": False}})
    scene = S.MilliganScene(app, seed=5)
    app.push(scene)
    assert frames_until_dealt(app, scene) <= HALF_SECOND  # the first deal
    key(app, pygame.K_d, "d")
    frames(app, 120)
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")  # abandon the game: the next deal
    assert scene.view.moves == 0 and scene.view.stock_size == 96
    assert frames_until_dealt(app, scene) < HALF_SECOND  # (the Y key's frame was one)
    assert scene.card_count_problem() is None


def index_height(scene: S.MilliganScene, key_: str) -> int:
    """How tall the corner index of the face ``key_`` shows is (logical units)."""
    return round(S.MIN_STEP if scene.table.placement(key_).strip else S.INDEX_STEP)


def unreadable(scene: S.MilliganScene, column: int) -> list[str]:
    """The covered cards of a column whose visible strip is shorter than their index."""
    keys = [c.uid for c in scene.view.columns[column]]
    shown = scene.table.visible_rects(keys[:-1])
    return [k for k in keys[:-1] if shown[k].h < index_height(scene, k)]


def test_45_cards_in_one_column_each_show_rank_and_suit_at_1280x720(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = table_on(tmp_path, long_column(45), monkeypatch)
    column = scene.view.columns[0]
    assert len(column) == 45 and not unreadable(scene, 0)
    last = scene.table.card_rect(column[-1].uid)
    assert last.bottom <= S.COLUMN_BOTTOM + 1 and scene.table.visible_rects(
        [column[-1].uid])[column[-1].uid] == last  # the end card shows whole
    for name in ("expand", "compact", "compact", "compact", "compact"):
        click(app, button_centre(scene, f"space:0:{name}"))
        click(app, button_centre(scene, f"space:1:{name}"))
        assert not unreadable(scene, 0) and not unreadable(scene, 1), name
    assert scene.table.placement(scene.view.columns[1][0].uid).strip  # squeezed: strips
    click(app, button_centre(scene, "space:1:reset"))
    assert not scene.table.placement(scene.view.columns[1][0].uid).strip  # whole indices
    assert not unreadable(scene, 1)


def test_the_end_box_with_its_summary_follows_a_win_show_that_ends_by_itself(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(celebration, "LONGEST", 2.0)  # what follows the show is tested
    app, scene = table_on(tmp_path, one_from_winning(), monkeypatch, animation="normal")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_f, "f")
    assert scene.view.won and scene.celebration is not None
    for _ in range(60 * 15):  # the show ends by itself within its LONGEST
        frames(app)
        if scene.celebration is None:
            break
    assert scene.celebration is None
    frames(app, 30)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "You won!"
    assert "played" in scene.hud.dialog.body  # the statistics' summary


def test_a_key_meant_for_the_win_show_just_after_it_ended_keeps_the_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(celebration, "LONGEST", 2.0)  # what follows the show is tested
    app, scene = table_on(tmp_path, one_from_winning(), monkeypatch, animation="normal")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_f, "f")
    while scene.celebration is not None:
        frames(app)
    key(app, pygame.K_RETURN)  # "any key goes on", pressed as the show ended by itself
    assert scene.view.won and scene.hud.dialog is not None
    assert "played" in scene.hud.dialog.body
    frames(app, 60)
    key(app, pygame.K_ESCAPE)  # a moment later the end box answers as ever
    assert scene.hud.dialog is None


def bright_share(app, rect: pygame.Rect) -> float:  # noqa: ANN001
    """The share of the screen's pixels in ``rect`` that are near white."""
    area = app.screen.subsurface(rect.clip(app.screen.get_rect()))
    w, h = area.get_size()
    bright = sum(1 for x in range(0, w, 2) for y in range(0, h, 2)
                 if min(area.get_at((x, y))[:3]) > 200)
    return bright / max(1, len(range(0, w, 2)) * len(range(0, h, 2)))


def test_the_win_shows_prompt_reads_over_white_cards(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = table_on(tmp_path, one_from_winning(), monkeypatch, animation="normal")
    key(app, pygame.K_1, "1")
    key(app, pygame.K_f, "f")
    frames(app, 200)  # the trail of white cards lies under the prompt by now
    assert scene.celebration is not None
    items = {item.key: item for item in scene.draw_items(1.0)}
    app.renderer.invalidate()
    app.render()
    for part in ("banner", "hint"):
        assert bright_share(app, items[("celebration", part)].rect) < 0.4, part


def test_rules_set_in_config_are_said_when_the_next_deal_starts(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off",
                   per_game={"milligan": {"rule": "alternate", "miss_milligan": False}})
    scene = S.MilliganScene(app, seed=5)
    app.push(scene)
    frames(app, 2)
    # Miss Milligan switched on, as Config saves it: it starts with the next deal
    app.settings = replace(app.settings, per_game={"milligan": {"rule": "alternate",
                                                                "miss_milligan": True}})
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")
    assert scene.view.miss_milligan and scene.view.moves == 0
    assert scene.hud.message.text == "New deal: Miss Milligan rules, alternating colours."


def test_a_click_on_a_foundation_card_under_miss_milligan_says_why_nothing_happens(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, scene = table_on(tmp_path, one_from_winning(miss_milligan=True), monkeypatch)
    x, y = S.foundation_pos(4)
    click(app, (x + S.CARD_W / 2, y + S.CARD_H / 2))
    assert scene.selected is None and scene.hud.message is not None
    assert scene.hud.message.error
    assert "nothing comes back off the foundations" in scene.hud.message.text


def felt_differs(app, pos: tuple[float, float]) -> bool:  # noqa: ANN001
    """Is something drawn at ``pos`` (logical), unlike the felt a little way left of it?"""
    here = app.screen.get_at(app.viewport.to_px(*pos))
    there = app.screen.get_at(app.viewport.to_px(pos[0] - 30, pos[1]))
    return sum(abs(a - b) for a, b in zip(here[:3], there[:3], strict=True)) > 120


def test_empty_foundations_show_their_suit_and_columns_their_key(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off",
                   per_game={"milligan": {"rule": "alternate", "miss_milligan": False}})
    scene = S.MilliganScene(app, seed=5)
    app.push(scene)
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")
    frames(app, 2)
    app.renderer.invalidate()
    app.render()
    for p, pile in enumerate(scene.view.foundations):
        x, y = S.foundation_pos(p)
        if not pile:  # the suit's symbol at the middle of the empty place
            assert felt_differs(app, (x + S.CARD_W / 2, y + S.CARD_H / 2)), p
    for i in range(8):  # a number over each column, where the key that picks it says
        x = S.column_x(i) + S.CARD_W / 2
        y = S.COLUMN_TOP - S.NUMBER_ABOVE + 12  # the number's middle
        assert any(felt_differs(app, (x + dx, y)) for dx in range(-6, 7)), i


def test_the_waiving_space_goes_by_one_name(tmp_path: Path) -> None:
    app = make_app(tmp_path, animation="off",
                   per_game={"milligan": {"rule": "alternate", "miss_milligan": False}})
    scene = S.MilliganScene(app, seed=5)
    app.push(scene)
    frames(app, 2)
    key(app, pygame.K_w, "w")  # nothing waived yet: the scene says so
    said = [scene.hud.message.text]
    key(app, pygame.K_1, "1")
    key(app, pygame.K_w, "w")
    assert scene.view.waiting is not None
    key(app, pygame.K_2, "2")
    key(app, pygame.K_w, "w")  # taken: the rules say so
    said.append(scene.hud.message.text)
    assert all("waiving space" in text for text in said), said
    help_text = (Path(__file__).parents[1] / "assets" / "help" / "milligan.txt").read_text()
    assert "waiving space" in help_text and "waiting" not in help_text.lower()

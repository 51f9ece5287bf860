"""What a play-tester found at The Giant's and Poker Squares' tables, driven by posted
events: Esc on the end box closes it (no undo), Undo is offered only where it works, a
game is counted and kept as a replay once (even after Undo, leaving and coming back),
Give up says the stock rule before asking, empty columns, the title, Scores."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame

from game import stats_file, storage
from game.engine.vpad import VirtualPad
from game.rules import milligan as M
from game.rules.outcome import Mode
from game.stats import Stats
from scenes import milligan as S
from scenes import statistics as scores
from scenes.poker_squares import PokerSquaresScene
from tests.driver import frames, key, make_app, pad_press, settle

GIANT = {"rule": "alternate", "miss_milligan": False}


def giant(tmp_path: Path, seed: int = 7, rules: dict | None = None,
          size: tuple[int, int] = (1280, 720), **settings: object):  # noqa: ANN201
    app = make_app(tmp_path, size=size, animation="off",
                   per_game={"milligan": rules or GIANT}, **settings)
    scene = S.MilliganScene(app, seed=seed)
    app.push(scene)
    settle(app)
    return app, scene


def deal_out(app, scene: S.MilliganScene) -> None:  # noqa: ANN001
    while scene.view.stock_size:
        key(app, pygame.K_d, "d")


def give_up(app, scene: S.MilliganScene) -> None:  # noqa: ANN001
    deal_out(app, scene)
    key(app, pygame.K_g, "g")
    key(app, pygame.K_y, "y")
    assert scene.over and scene.hud.dialog is not None


def replays(tmp_path: Path) -> list[storage.ReplayInfo]:
    return storage.list_replays(storage.replay_dir(tmp_path))


# -- 1. the end box -------------------------------------------------------------------------

def test_esc_closes_the_end_box_and_leaves_the_finished_table(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    moves = scene.recorder.cursor
    assert "undo" in [c[0] for c in scene.hud.dialog.choices]  # one player: Undo works
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and app.scene is scene
    assert scene.over and scene.recorder.cursor == moves, "Esc took nothing back"
    assert "New (N)" in scene.hud.message.text  # the message line says how to go on,
    assert ("Game over: New (N) deals again", S.GOLD) in scene.status_lines(scene.view)  # and
    key(app, pygame.K_n, "n")  # nothing to abandon: no question, a new deal
    assert scene.hud.dialog is None and scene.view.moves == 0 and not scene.over
    assert stats_file.load(tmp_path, "milligan").overall.played == 1 and len(replays(tmp_path)) == 1


def test_pad_b_closes_the_end_box(tmp_path: Path, pad: VirtualPad) -> None:
    app, scene = giant(tmp_path)
    pad.attach()
    frames(app, 2)
    give_up(app, scene)
    moves = scene.recorder.cursor
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_B)
    assert scene.hud.dialog is None and scene.over and scene.recorder.cursor == moves


def alternate_game(tmp_path: Path):  # noqa: ANN201
    """A Poker Squares game against the computer (Alternate), played to its end by keys."""
    app = make_app(tmp_path, animation="off", ai_speed="fast",  # quick: moves at once
                   per_game={"poker-squares": {"mode": "alternate", "strength": "quick",
                                               "rejects": 0}})
    scene = PokerSquaresScene(app, seed=11)
    app.push(scene)
    settle(app)
    for _ in range(3000):
        if scene.over:
            break
        spot = next((s for s in sorted(scene.view.targets) if s.startswith("g0")), None)
        if scene.view.card is not None and spot is not None:
            key(app, pygame.K_1 + int(spot[2]), str(1 + int(spot[2])))  # row, then column
            key(app, pygame.K_1 + int(spot[3]), str(1 + int(spot[3])))
        else:
            frames(app)
    settle(app)
    assert scene.over and scene.hud.dialog is not None
    return app, scene


def test_two_player_end_box_offers_no_undo_and_a_mode_change_saves_nothing_twice(
        tmp_path: Path) -> None:
    app, scene = alternate_game(tmp_path)
    assert "undo" not in [c[0] for c in scene.hud.dialog.choices], "no move can go back"
    assert len(replays(tmp_path)) == 1
    key(app, pygame.K_ESCAPE)
    assert scene.hud.dialog is None and scene.over
    key(app, pygame.K_BACKSPACE)  # the table's Undo refuses
    assert scene.over and "cannot be taken back" in scene.hud.message.text
    # A change of mode deals again at once: the finished game is not saved again.
    app.settings = replace(app.settings, per_game={"poker-squares": {"mode": "one_hand"}})
    key(app, pygame.K_o, "o")
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.recorder.cursor == 0
    assert [r.result for r in replays(tmp_path)] == [replays(tmp_path)[0].result]


# -- 2. counted once -------------------------------------------------------------------------

def test_a_given_up_game_undone_left_and_abandoned_counts_once(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    key(app, pygame.K_u, "u")  # the end box's Undo revives the game
    assert not scene.over
    key(app, pygame.K_m, "m")  # to the menu and back: the game is resumed from its save
    frames(app, 2)
    again = S.MilliganScene(app)
    app.push(again)
    settle(app)
    assert again.recorder.seed == scene.recorder.seed and not again.over
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")
    assert again.view.moves == 0
    saved = stats_file.load(tmp_path, "milligan")
    assert (saved.overall.played, saved.overall.lost) == (1, 1)
    assert [r.result for r in replays(tmp_path)] == ["Game given up"]


def test_a_later_finish_replaces_the_replay_and_the_count(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    give_up(app, scene)
    first = replays(tmp_path)
    key(app, pygame.K_u, "u")
    column = next(int(m.source[1:]) for m in scene.client.legal_moves
                  if isinstance(m, M.Transfer) and m.target == "w")
    key(app, pygame.K_1 + column, str(column + 1))  # a card to the waiving space:
    key(app, pygame.K_w, "w")  # on this deal that move itself proves the game lost
    assert scene.over and scene.hud.dialog.title == "No more cards can go up"
    files = replays(tmp_path)
    assert len(files) == 1 and files[0].path == first[0].path
    assert (first[0].result, files[0].result) == ("Game given up", scene.hud.dialog.title)
    assert files[0].moves == scene.recorder.length
    saved = stats_file.load(tmp_path, "milligan")
    assert saved.overall.played == 1 and saved.overall.points == scene.view.score


# -- 4. give up ------------------------------------------------------------------------------

def test_give_up_with_stock_left_says_the_rule_instead_of_asking(tmp_path: Path) -> None:
    app, scene = giant(tmp_path)
    key(app, pygame.K_g, "g")
    assert scene.hud.dialog is None, "no question that would then be refused"
    assert scene.hud.message.error and "whole stock" in scene.hud.message.text
    assert not scene.over
    help_text = (Path(__file__).resolve().parents[1] / "assets/help/milligan.txt").read_text()
    assert "Give up (G) is only possible once the whole stock has been dealt" in help_text


# -- 5. empty columns ------------------------------------------------------------------------

def felt_distance(app, scene: S.MilliganScene, pos: tuple[float, float]) -> int:  # noqa: ANN001
    """How far the colour at ``pos`` is from the bare felt beside the columns."""
    here = app.screen.get_at(app.viewport.to_px(*pos))[:3]
    bare = app.screen.get_at(app.viewport.to_px(pos[0], S.COLUMN_TOP + S.CARD_H + 140))[:3]
    return max(abs(a - b) for a, b in zip(here, bare, strict=True))


def test_an_empty_column_is_a_plain_outline_and_under_miss_milligan_a_k(
        tmp_path: Path) -> None:
    for mm, (source, target) in ((False, (1, 0)), (True, (2, 1))):
        app, scene = giant(tmp_path / str(mm), seed=1, rules={"rule": "any", "miss_milligan": mm})
        key(app, pygame.K_1 + source, str(source + 1))  # a lone card onto another column
        key(app, pygame.K_1 + target, str(target + 1))
        settle(app)
        frames(app, 2)
        assert not scene.view.columns[source]
        items = {item.key: item for item in scene.extra_items()}
        assert items[("slot", f"c{source}")].image is scene.table.art.outline("empty")
        x, y = S.column_x(source), S.COLUMN_TOP
        # The outline's middle is the felt: no cross through it (the old "not allowed" X).
        quarter = (x + S.CARD_W / 4, y + S.CARD_H / 4)
        assert felt_distance(app, scene, quarter) < 40
        if mm:  # the K sits inside the outline, and nothing else marks it
            king = items[("king", source)]
            kx, ky = app.viewport.to_logical(king.pos)
            assert x < kx and kx + king.image.get_width() / app.viewport.scale < x + S.CARD_W
            assert y < ky < y + S.CARD_H
        else:
            assert ("king", source) not in items
            assert felt_distance(app, scene, (x + S.CARD_W / 2, y + S.CARD_H / 2)) < 40


# -- 7. text ---------------------------------------------------------------------------------

def test_the_status_lines_end_inside_the_window_in_tv_mode(tmp_path: Path) -> None:
    for size in ((1280, 720), (1920, 1080)):
        app, scene = giant(tmp_path / str(size[0]), size=size, tv_mode=True,
                           rules={"rule": "alternate", "miss_milligan": True,
                                  "show_winnable": True})
        frames(app, 2)
        edge = app.viewport.to_px(1920 - 20, 0)[0]
        lines = [i for i in scene.extra_items() if i.key[0] == "status"]
        assert len(lines) >= 5  # the rules title took two lines
        assert all(i.pos[0] + i.image.get_width() <= edge for i in lines)
        tops = sorted(i.pos[1] for i in lines)  # the wrapped lines do not overlap
        high = min(i.image.get_height() for i in lines)
        assert all(b - a >= high for a, b in zip(tops, tops[1:], strict=False))


def test_scores_headings_clear_each_other_and_unplayed_rules_show_a_dash(
        tmp_path: Path) -> None:
    stats_file.save(tmp_path, "milligan", Stats().add(Mode("alternate", ""), "lost", -6.0, 30))
    app, scene = giant(tmp_path, size=(1280, 720), tv_mode=True)
    key(app, pygame.K_s, "s")
    page = app.scene
    frames(app, 2)
    rows = page.rows()
    assert rows[1][1:5] == ["1", "0", "1", "0%"]  # played and lost: a real 0%
    assert rows[2][1] == "0" and set(rows[2][2:]) == {"-"}  # never played: no 0%
    assert any("Longest streak" in h for h in scores.HEADINGS[7])
    spans: dict[int, tuple[int, int]] = {}
    for item in page.draw_items(0.0):
        if item.key[0] in ("head", "cell"):
            col = item.key[1] if item.key[0] == "head" else item.key[2]
            left, right = item.pos[0], item.pos[0] + item.image.get_width()
            old = spans.get(col, (left, right))
            spans[col] = (min(old[0], left), max(old[1], right))
    assert len(spans) == len(scores.HEADINGS)
    for col in range(len(spans) - 1):
        assert spans[col][1] < spans[col + 1][0], f"column {col} runs into the next"
    assert spans[len(spans) - 1][1] <= app.viewport.to_px(1880, 0)[0]


def test_the_demo_banner_says_what_a_key_does_and_a_key_does_it(tmp_path: Path) -> None:
    from game.engine.ui import text_image
    from scenes.card_scene import DEMO_BANNER
    from scenes.menu import MenuScene

    app = make_app(tmp_path, animation="off", per_game={"milligan": GIANT})
    app.push(MenuScene(app))
    demo = S.MilliganScene(app, seed=3, demo=True)
    app.push(demo)
    frames(app, 3)
    banner = next(i for i in demo.draw_items(0.0) if i.key == ("demo",))
    assert banner.image is text_image(app.viewport, DEMO_BANNER, 30, (244, 200, 66), bold=True)
    assert "ends the show" in DEMO_BANNER and "to play" not in DEMO_BANNER
    key(app, pygame.K_SPACE, " ")
    assert isinstance(app.scene, MenuScene), "any key ended the show"


# -- 6. the replay viewer names seats by what they were ---------------------------------------

def test_a_replay_labels_player_two_as_it_was_played(tmp_path: Path) -> None:
    import json

    from scenes.replay_viewer import ReplayScene

    app, scene = alternate_game(tmp_path)
    path = replays(tmp_path)[0].path
    data = json.loads(path.read_text())
    assert data["meta"]["seats"] == ["person", "computer"]
    viewer = ReplayScene.open(app, path, autoplay=False)
    assert viewer.opponent_text() == "Player 2: the computer"
    # The same game as two people played it (Race, Player 2 with a pad): the file says
    # so, and the viewer believes the file, not today's settings.
    data["meta"]["seats"] = ["person", "person"]
    path.write_text(json.dumps(data))
    viewer = ReplayScene.open(app, path, autoplay=False)
    app.push(viewer)
    frames(app, 2)
    assert viewer.inner.seat_kinds() == ["person", "person"]
    assert viewer.opponent_text() == "Player 2: a person"
    for bad in (["person", "robot"], "person", [1, 2], None):  # hostile: no claim at all
        data["meta"]["seats"] = bad
        path.write_text(json.dumps(data))
        viewer = ReplayScene.open(app, path, autoplay=False)
        assert viewer.inner.seat_kinds() is None and viewer.opponent_text() == ""


def test_a_hostile_record_in_the_autosave_is_ignored(tmp_path: Path) -> None:
    import json

    app, scene = giant(tmp_path)
    key(app, pygame.K_d, "d")
    save = tmp_path / "autosave-milligan.json"
    data = json.loads(save.read_text())
    assert data["recorded"] is None  # nothing recorded yet for a game in play
    outside = tmp_path / "outside.json"
    data["recorded"] = {"replay": "../outside.json", "tally": {"overall": "lots"}}

    def reopen() -> S.MilliganScene:
        save.write_text(json.dumps(data))
        app.pop()
        frames(app, 2)
        scene = S.MilliganScene(app)
        app.push(scene)
        settle(app)
        return scene
    again = reopen()
    assert again.records.record is None and again.view.moves == 1
    data["recorded"] = {"replay": None, "tally": {"overall": "lots"}}  # a damaged count
    third = reopen()
    give_up(app, third)  # counted onto the statistics as they are; nothing written outside
    assert not outside.exists() and len(replays(tmp_path)) == 1
    assert stats_file.load(tmp_path, "milligan").overall.played == 1

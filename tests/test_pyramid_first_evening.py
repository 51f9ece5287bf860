"""What a first evening with Pyramid showed (issue 7), each driven by posted events:
Esc, hints after undo, Auto that a player's move or New takes back, a way out while
the computer plays its match game, covered cards that say why, match keys that say why."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ai import pyramid_player
from game.rules import pyramid as P
from scenes.menu import MenuScene
from scenes.pyramid import PyramidScene
from tests.driver import click, frames, key, make_app, settle, type_text


def table(tmp_path: Path, seed: int = 7, **settings: object) -> tuple:
    app = make_app(tmp_path, **settings)
    app.push(MenuScene(app))
    scene = PyramidScene(app, seed=seed)
    app.push(scene)
    settle(app)
    return app, scene


def centre(scene: PyramidScene, key_: str) -> tuple[float, float]:
    rect = scene.table.card_rect(key_)
    return rect.centerx, rect.centery


def test_esc_puts_down_a_picked_card_else_opens_the_menu(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    pick = next(c for c, w in scene.view.available.items()
                if w.startswith("p") and P.needs_partner(c))
    click(app, centre(scene, pick))
    assert scene.selected == pick
    key(app, pygame.K_ESCAPE)
    assert scene.selected is None and app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_undo_from_the_button_clears_the_hint(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    scene.play(pyramid_player.greedy_move(scene.view, scene.client.legal_moves))
    settle(app)
    type_text(app, "h")
    assert scene.table.highlighted("hint")
    click(app, scene.hud.button("undo").rect.center)
    assert scene.recorder.cursor == 0 and not scene.table.highlighted("hint")


def test_auto_is_taken_back_by_a_players_move_and_by_new(tmp_path: Path) -> None:
    app, scene = table(tmp_path, animation="off", ai_speed="fast")
    type_text(app, "a")
    type_text(app, "y")
    assert scene.computer_to_play
    key(app, pygame.K_d)  # the player turns the pack: the game is theirs again
    assert not scene.computer_to_play and not scene.hud.button("auto").selected
    assert scene.recorder.moves[-1] == P.Draw()
    type_text(app, "a")
    type_text(app, "y")
    type_text(app, "n")
    type_text(app, "y")  # New, confirmed
    assert scene.recorder.length == 0 and not scene.computer_to_play
    frames(app, 120)
    assert scene.recorder.length == 0, "the computer does not play the next deal"


def test_the_menu_is_reachable_while_the_computer_plays_its_match_game(
        tmp_path: Path) -> None:
    app, scene = table(tmp_path, animation="off", ai_speed="slow")
    type_text(app, "t")
    type_text(app, "c")
    key(app, pygame.K_RETURN, "\r")  # "Player"
    while scene.match.next_turn[1] == 0:  # the human's game first
        scene.play(pyramid_player.greedy_move(scene.view, scene.client.legal_moves))
    if scene.celebration is not None:  # a win: the first key ends the show
        key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_RETURN, "\r")  # Continue: the computer's turn
    assert scene.computer_to_play
    type_text(app, "d")
    assert "computer is playing" in scene.hud.message.text
    key(app, pygame.K_F10)
    assert isinstance(app.scene, MenuScene)


def test_a_click_on_a_covered_card_says_why(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    covered = scene.view.pyramid[0]
    rect = scene.table.card_rect(covered.uid)
    click(app, (rect.centerx, rect.y + 20))  # its visible top edge
    assert "covered" in scene.hud.message.text and covered.symbol in scene.hud.message.text


def test_match_keys_that_do_nothing_say_why(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    type_text(app, "t")
    assert any(b.label == "Alone" for b in scene.hud.dialog.buttons())
    type_text(app, "a")  # alone
    key(app, pygame.K_RETURN, "\r")
    assert scene.match is not None
    type_text(app, "h")
    assert "No hints" in scene.hud.message.text
    scene.play(P.Draw())
    key(app, pygame.K_z, "z", pygame.KMOD_CTRL)
    assert "cannot be taken back" in scene.hud.message.text and scene.recorder.cursor == 1


def test_a_click_on_the_pack_deals_and_a_draw_button_shows_the_key(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    top = scene.view.stock_top
    click(app, centre(scene, top.uid))
    assert scene.recorder.moves == (P.Draw(),) and scene.view.waste[-1] == top
    draw = scene.hud.button("draw")
    assert (draw.label, draw.hotkey) == ("Draw", "d")
    click(app, draw.rect.center)
    assert scene.recorder.moves == (P.Draw(), P.Draw())
    # the pack's top card is still paired by clicking its partner first
    pair = next((m for m in scene.client.legal_moves if isinstance(m, P.Remove)
                 and scene.view.stock_top.code in m.cards and len(m.cards) == 2), None)
    if pair is not None:
        partner = next(c for c in pair.cards if c != scene.view.stock_top.code)
        click(app, centre(scene, partner))
        click(app, centre(scene, scene.view.stock_top.uid))
        assert scene.recorder.moves[-1] == pair


def test_a_typed_name_keeps_its_capitals(tmp_path: Path) -> None:
    app, scene = table(tmp_path)
    type_text(app, "t")
    type_text(app, "a")
    for _ in "Player":
        key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_t, "T", pygame.KMOD_LSHIFT)
    type_text(app, "ess")
    key(app, pygame.K_RETURN, "\r")
    assert scene.match.entrants[0].name == "Tess"


def test_row_then_column_shows_the_chosen_rows_numbers_and_clears_its_prompt(
        tmp_path: Path) -> None:
    app, scene = table(tmp_path, size=(1920, 1080))
    badges = lambda: {i.key[1] for i in scene.draw_items(0.0) if i.key[0] == "col"}  # noqa: E731
    assert badges() == set(), "no numbers until a row is chosen"
    type_text(app, "7")
    row7 = {scene.view.pyramid[P.index_of(6, c)].uid for c in range(7)}
    assert badges() == row7 and "Row 7" in scene.hud.message.text
    badge = next(i for i in scene.draw_items(0.0) if i.key[0] == "col")
    assert badge.image.get_height() >= 50, "large enough to read from a sofa"
    card = scene.view.pyramid[P.index_of(6, 0)]
    type_text(app, "1")
    assert badges() == set() and scene.hud.message is None or "Row" not in (
        scene.hud.message.text), "the prompt is answered"
    assert scene.selected == card.uid or card.rank == 13


def gold_pixels(surface: pygame.Surface, area: pygame.Rect) -> int:
    count = 0
    for x in range(area.left, area.right, 2):
        for y in range(area.top, area.bottom, 2):
            r, g, b, _ = surface.get_at((x, y))
            count += r > 200 and 150 < g < 225 and b < 110
    return count


def test_a_win_is_celebrated_skippably_and_offers_its_replay(tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayScene
    from tests.test_game_endings import play_pyramid_win

    app, scene = table(tmp_path, seed=2, animation="off", ai_speed="fast")
    play_pyramid_win(app, scene)  # the player plays the winning line
    assert scene.view.won
    settle(app)
    assert scene.celebration is not None
    assert scene.hud.dialog is not None, "the game is counted at once; the show hides the dialog"
    frames(app, 40)
    banner = pygame.Rect(0, 0, app.screen.get_width(), app.screen.get_height() // 3)
    assert gold_pixels(app.screen, banner) > 100, "the banner is drawn"
    before = app.screen.copy()
    frames(app, 20)
    changed = sum(before.get_at((x, y)) != app.screen.get_at((x, y))
                  for x in range(0, 1280, 8) for y in range(240, 720, 8))
    assert changed > 50, "the cards are on the move, leaving a trail"
    key(app, pygame.K_SPACE, " ")  # any key skips the show
    assert scene.celebration is None
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "You won!"
    frames(app, 2)
    type_text(app, "w")
    assert isinstance(app.scene, ReplayScene), "Watch replay opens the game just won"
    assert app.scene.length == scene.recorder.length
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene and scene.hud.dialog is not None, "the end dialog waits"


def test_the_computers_match_win_is_not_celebrated_as_the_players(tmp_path: Path) -> None:
    from game.match import Entrant, Match

    app, scene = table(tmp_path)
    scene.match = Match((Entrant("Ann"), Entrant("Computer", computer=True)), 1, 6, True)
    won = P.observe(P.new_game(2))
    won = type(won)(**{**{f: getattr(won, f) for f in won.__dataclass_fields__}, "won": True})
    assert scene.celebration_banner(won) == "Ann won!" and scene.own_seat() == 0
    scene.match = scene.match.record(10)  # the computer's game: none of the player's
    assert scene.own_seat() is None and not scene.ending().celebrated

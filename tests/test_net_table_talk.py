"""A network table's notices and chat over them, through the app over real sockets on
127.0.0.1: the computer wins the cut and deals at once, and the client still tells the
cut; with the cut's box up, Tab opens the chat and the typed line goes to the table, not
to the box or the cards; the pad's chat button sends a stock phrase and the box comes
back, and Type gives the pad an on-screen keyboard for its own line."""

from __future__ import annotations

import time
from pathlib import Path

import pygame

from game import seeds
from scenes.chinese_poker import ChinesePokerScene
from tests.driver import click, frames, key, make_app, pad_press, type_text
from tests.net_gui_tools import DEADLINE, host_from_menu, until

SEED = 1  # Ann cuts the deck's lowest card, the 2 at 34; Computer 2 cuts higher and deals
LOWEST = 34


def type_by_pad(app, pad, scene: ChinesePokerScene) -> None:  # noqa: ANN001
    """Say > Type by the pad, then "qw" on the on-screen keyboard, drawn beside the
    chat, and Y sends it."""
    chat = scene.net.net.chat
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
    for _ in range(4):  # past the four phrases to Type...
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert chat.entry == "" and chat.keyboard is not None, "Type opens the entry's keys"
    keys = {k.key: k.rect for k in chat.keyboard.keys()}
    inside = pygame.Rect(0, 0, 1920, 1080)
    assert all(inside.contains(r) and not r.colliderect(chat.rect) for r in keys.values())
    x, y = app.viewport.to_px(keys["q"].x + 6, keys["q"].centery)
    assert app.screen.get_at((x, y))[:3] == (30, 70, 52), "the key is drawn"
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # q has the focus
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert chat.entry == "qw"
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_Y)  # Done
    assert chat.entry is None and chat.keyboard is None


def test_the_cut_is_told_when_the_computer_deals_at_once_and_chat_opens_over_it(
        tmp_path: Path, pad, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(seeds, "fresh", lambda bits=31: SEED)  # the server's deal
    app = make_app(tmp_path, animation="off")
    try:
        host_from_menu(app, 2, 1)
        lobby = app.scene
        until(app, lambda: lobby.net.client.lobby is not None and any(
            s.kind == "computer" for s in lobby.net.client.lobby.seats), "the computer seated")
        key(app, pygame.K_s, "s")
        until(app, lambda: isinstance(app.scene, ChinesePokerScene), "the table opened")
        scene = app.scene
        until(app, lambda: scene.view.phase == "cut" and scene.view.my_turn, "Ann's cut")
        rect = scene.table.card_rect(f"cut#{LOWEST}")
        # Nothing the table says reaches a frame until the server has dealt (the click's
        # own frames would race the computer's cut): this seat then takes the deal and
        # the first round in one frame, never idle while the deal is due.
        client = scene.net.net.client
        with monkeypatch.context() as line:
            line.setattr(client, "poll", lambda wait=0.0: [])
            click(app, (rect.x + 12, rect.centery))
            session = next(iter(scene.net.net.hosted._server.tables.values())).session
            deadline = time.monotonic() + DEADLINE
            while session.view(0).round == 0:
                assert time.monotonic() < deadline, "the computer never dealt"
                time.sleep(0.01)
        until(app, lambda: scene.hud.dialog is not None, "a notice")
        dialog = scene.hud.dialog
        assert scene.view.round == 1 and scene.view.dealer == 1, "the computer dealt at once"
        assert dialog.title == "The cut"
        assert "You 2\u2660" in dialog.body and "Computer 2 cut highest and dealt" in dialog.body

        sort_by, hand = scene.sort_by, set(scene.selected)
        key(app, pygame.K_TAB)
        type_text(app, "gg that round")
        assert scene.hud.dialog is dialog, "Space did not answer the box"
        assert (scene.sort_by, scene.selected) == (sort_by, hand), "no letter reached the cards"
        assert scene.net.net.chat.entry == "gg that round"
        key(app, pygame.K_RETURN)
        assert scene.hud.dialog is dialog, "Return sent the line and left the box up"
        until(app, lambda: ("Ann", "gg that round") in scene.net.net.chat.lines,
              "the table got the line")

        pad.attach()
        frames(app, 2)
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
        assert scene.hud.dialog is not None and scene.hud.dialog.title == "Say"
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)  # "Good game"
        assert scene.hud.dialog is dialog, "the cut's box is back once the phrase is sent"
        until(app, lambda: ("Ann", "Good game") in scene.net.net.chat.lines,
              "the stock phrase arrived")
        type_by_pad(app, pad, scene)
        until(app, lambda: ("Ann", "qw") in scene.net.net.chat.lines, "the pad's typed line")
        assert scene.hud.dialog is dialog
        key(app, pygame.K_RETURN)
        assert scene.hud.dialog is None
    finally:
        app.quit()

"""Chinese Poker played through the real app with posted events: a whole two-player
match against the computer (cut, deal, choice of hands, plays and passes), selection by
click, sweep, rank keys and the pad's buttons, Play and Pass lit as the manual says,
hints, the hot seat's curtain, and the set-up dialogs."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.ai.chinese_poker_player import MediumPlayer
from game.engine.arrange import Box
from game.replay.recorder import Recorder
from game.rules import chinese_poker as C
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from tests.driver import (
    click,
    drag,
    frames,
    key,
    make_app,
    pad_focus,
    pad_press,
    settle,
    type_text,
)

SIZE = (800, 450)  # small frames draw fast; the layout is the same at any size


def start(app, setup: Setup, seed: int = 3) -> ChinesePokerScene:  # noqa: ANN001
    scene = ChinesePokerScene(app, seed=seed, setup=setup)
    app.push(scene)
    settle(app)
    return scene


def visible_point(scene: ChinesePokerScene, key_: str) -> tuple[float, float]:
    """A point on the part of a card that shows (fanned cards cover each other's right)."""
    rect = scene.table.card_rect(key_)
    return rect.x + 12, rect.centery


def wait_for_turn(app, scene: ChinesePokerScene, limit: float = 20.0) -> None:  # noqa: ANN001
    """Run frames until the person may act (or the match is over), answering notices."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        view = scene.view
        if view.over:
            return
        if scene.hud.dialog is not None:
            if scene.hud.dialog.title.endswith("'s turn"):
                return  # the hot seat's curtain is for the caller
            key(app, pygame.K_d, "d")  # the cut's notice and round summaries: OK / Deal
            continue
        if view.my_turn and not scene.table.animating:
            return
        frames(app, 4)
    view = scene.view
    raise AssertionError(f"the computer never finished its turn: {view.phase}, turn "
                         f"{view.turn}, seat {scene.seat}, dialog {scene.hud.dialog}")


def test_a_whole_match_against_the_computer_by_mouse_and_keys(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "medium"), target=5))
    moves = 0
    while not scene.view.over:
        wait_for_turn(app, scene)
        view = scene.view
        if view.over:
            break
        before = scene.recorder.length
        if view.phase == "cut":
            click(app, visible_point(scene, "cut#5"))
        elif view.phase == "deal":
            key(app, pygame.K_d, "d")
        elif view.phase == "choose":
            choice = next(i for i, n in enumerate(view.offered) if n)
            click(app, visible_point(scene, f"offer{choice}#0"))
        else:
            move = MediumPlayer().act(view, scene.client.legal_moves)
            if isinstance(move, C.Pass):
                assert scene.hud.button("pass").enabled
                key(app, pygame.K_x, "x")
            else:
                assert not scene.hud.button("play").enabled  # nothing selected yet
                for code in move.cards:
                    click(app, visible_point(scene, code))
                assert scene.selected == set(move.cards)
                assert scene.hud.button("play").enabled and not scene.hud.button("pass").enabled
                key(app, pygame.K_p, "p")
            assert scene.recorder.moves[before] == move
        assert scene.recorder.length > before, view.phase
        moves += 1
        assert moves < 400
    frames(app, 3)
    final = scene.recorder.state
    assert C.current_player(final) == C.NOBODY and max(final.scores) >= 5
    assert scene.hud.dialog is not None and "Final scores" in scene.hud.dialog.body


def my_play(app, seed: int = 3) -> ChinesePokerScene:  # noqa: ANN001
    """A four-player table waiting for the person to lead (passing until then)."""
    scene = start(app, Setup(("human", "easy", "easy", "easy")), seed)
    for _ in range(200):
        wait_for_turn(app, scene)
        view = scene.view
        assert not view.over
        if view.phase == "play" and view.my_turn and not view.table:
            return scene
        if view.my_turn and view.phase == "cut":
            click(app, visible_point(scene, "cut#0"))
        elif view.my_turn and view.phase == "play":
            key(app, pygame.K_h, "h")  # beat the table where the hint can, to win the lead
            key(app, pygame.K_p, "p") if scene.selected else key(app, pygame.K_x, "x")
    raise AssertionError("the lead never came round")


def test_selection_by_sweep_rank_keys_and_a_drag_to_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    hand = [c.key for c in scene.placements(scene.view) if c.zone == f"hand:{scene.seat}"]
    # A sweep from the first card across the next two selects all three.
    a, b = visible_point(scene, hand[0]), visible_point(scene, hand[2])
    drag(app, a, b)
    assert scene.selected == set(hand[:3])
    key(app, pygame.K_ESCAPE)
    assert scene.selected == set()
    # A rank key picks the next card of that rank.
    card = scene.view.hand[-1]
    name = {1: "a", 10: "t", 11: "j", 12: "q", 13: "k"}.get(card.rank, str(card.rank))
    key(app, pygame.key.key_code(name), name)
    assert {C.Card.parse(k).rank for k in scene.selected} == {card.rank}
    key(app, pygame.K_ESCAPE)
    # Dragging a lone card onto the table plays it.
    low = scene.view.hand[0].uid
    before = scene.recorder.length
    drag(app, visible_point(scene, low), (700, 400))
    assert scene.recorder.moves[before] == C.Play(scene.seat, (low,))


def test_play_is_refused_for_a_selection_that_does_not_beat(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    hand = scene.view.hand
    pair_breaker = [hand[0].uid, hand[-1].uid]  # lowest and highest: no hand at all
    for code in pair_breaker:
        click(app, visible_point(scene, code))
    assert hand[0].rank != hand[-1].rank
    assert not scene.hud.button("play").enabled
    before = scene.recorder.length
    key(app, pygame.K_p, "p")
    assert scene.recorder.length == before
    assert "not a hand" in scene.hud.message.text, scene.hud.message
    scene.hud.message = None
    click(app, scene.hud.button("play").rect.center)  # the dim button says why too
    assert scene.recorder.length == before
    assert "not a hand" in scene.hud.message.text, scene.hud.message
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_h, "h")  # the hint selects a legal play
    assert scene.selected and scene.hud.button("play").enabled


def test_hot_seat_hides_the_hand_until_its_owner_looks(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "human", "easy")))
    for _ in range(60):
        if scene.hud.dialog is not None and scene.hud.dialog.title.endswith("'s turn"):
            break
        wait_for_turn(app, scene)
        view = scene.view
        if view.phase == "cut":
            click(app, visible_point(scene, "cut#0"))
        elif view.phase == "play" and view.my_turn:
            key(app, pygame.K_h, "h")
            key(app, pygame.K_p, "p") if scene.selected else key(app, pygame.K_x, "x")
        frames(app, 2)
    dialog = scene.hud.dialog
    assert dialog is not None and dialog.title == f"Player {scene.seat + 1}'s turn"
    own = [p for p in scene.placements(scene.view) if p.zone == f"hand:{scene.seat}"]
    assert own and not any(p.face_up for p in own)
    key(app, pygame.K_s, "s")
    settle(app)
    own = [p for p in scene.placements(scene.view) if p.zone == f"hand:{scene.seat}"]
    assert all(p.face_up for p in own)


def test_the_set_up_dialogs_choose_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    scene = ChinesePokerScene(app)
    app.push(scene)
    frames(app, 2)
    assert scene.hud.dialog.title == "New match"
    key(app, pygame.K_3, "3")
    key(app, pygame.K_h, "h")  # seat 2: Hard
    key(app, pygame.K_p, "p")  # seat 3: a person
    assert scene.hud.dialog.title == "Seat 1"  # two people share the screen: their names
    type_text(app, "Ann")
    key(app, pygame.K_RETURN)
    assert scene.hud.dialog.title == "Seat 3"
    key(app, pygame.K_RETURN)  # keeps "Player 3"
    assert scene.hud.dialog.title == "Target"
    key(app, pygame.K_RETURN)  # the default, 100
    assert scene.setup == Setup(("human", "hard", "human"), 100, ("Ann", "", "Player 3"))
    assert scene.name(0) == "Ann" and scene.name(2) == "Player 3"
    assert scene.recorder.state.players == 3 and scene.recorder.state.target == 100
    assert set(scene.computers) == {1}


def test_a_match_resumes_with_its_seats(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "hard", "easy"), target=150))
    click(app, visible_point(scene, "cut#0"))
    assert scene.recorder.length >= 1
    app.pop()
    again = ChinesePokerScene(app)  # no seed: the autosave is resumed
    assert again.recorder.moves == scene.recorder.moves
    assert again.setup == Setup(("human", "hard", "easy"), target=150)
    assert again.hud.dialog is None and set(again.computers) == {1, 2}


def test_a_replay_shows_one_seats_eyes_or_every_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, animation="off")
    recorder = Recorder(C.RULES, 5, {"players": 3, "target": 100})
    while recorder.state.phase != "play" or len(recorder.state.played) < 6:
        recorder.play(C.legal_moves(recorder.state)[0])
    scene = ChinesePokerScene(app, recorder=recorder)
    app.push(scene)
    frames(app, 2)

    def face_up(seat: int) -> set[str]:
        return {p.card for p in scene.placements(scene.view)
                if p.zone == f"hand:{seat}" and p.face_up}

    hands = [{c.uid for c in h} for h in recorder.state.hands]
    assert face_up(0) == hands[0] and not face_up(1) and not face_up(2)
    scene.show_replay_view("seat:1")
    assert face_up(1) == hands[1] and not face_up(0) and not face_up(2)
    scene.show_replay_view("all")
    assert [face_up(s) for s in range(3)] == hands
    assert scene.card_count_problem() is None


def test_a_lead_by_game_controller(tmp_path: Path, pad) -> None:  # noqa: ANN001, F811
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    pad.attach()
    frames(app, 2)
    scene = my_play(app)
    pair = next((m for m in scene.client.legal_moves
                 if isinstance(m, C.Play) and len(m.cards) == 2), None)
    move = pair or next(m for m in scene.client.legal_moves if isinstance(m, C.Play))
    for code in move.cards:
        pad_focus(app, pad, scene, code)
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    assert scene.selected == set(move.cards)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_B)  # clears the selection
    assert not scene.selected
    for code in move.cards:
        pad_focus(app, pad, scene, code)
        pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
    before = scene.recorder.length
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)  # plays the selection
    assert scene.recorder.moves[before] == move
    assert app.input.last_device == "pad"
    # With nothing selected X passes, where passing is allowed, and says why not elsewhere.
    wait_for_turn(app, scene)
    assert not scene.view.over and not scene.selected
    assert scene.view.table and scene.view.may_pass, "seed 3: a table to beat comes round"
    before = scene.recorder.length
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)
    assert scene.recorder.moves[before] == C.Pass(scene.seat)


def test_the_replay_viewer_offers_every_seats_eyes_and_all_hands_once_played_out(
        tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayScene

    app = make_app(tmp_path, SIZE, animation="off")
    recorder = Recorder(C.RULES, 5, {"players": 3, **C.QUICK_CONFIG})
    while not C.RULES.is_over(recorder.state):
        recorder.play(C.legal_moves(recorder.state)[0])
    viewer = ReplayScene(app, recorder, autoplay=False)
    app.push(viewer)
    frames(app, 2)
    labels = []
    for _ in range(4):
        labels.append(viewer.hud.button("view").label)
        key(app, pygame.K_v, "v")
    assert len(set(labels)) == 4, labels  # three seats, then every hand
    assert "Every hand" in labels[3] and viewer.hud.button("view").label == labels[0]
    assert viewer.inner.replay_view == "seat"
    key(app, pygame.K_v, "v")
    key(app, pygame.K_v, "v")
    key(app, pygame.K_v, "v")
    assert viewer.inner.replay_view == "all"

    unfinished = Recorder(C.RULES, 5, {"players": 3, "target": 100})
    for _ in range(20):
        unfinished.play(C.legal_moves(unfinished.state)[0])
    again = ReplayScene(app, unfinished, autoplay=False)
    assert [key_ for key_, _ in again.views] == ["seat:0", "seat:1", "seat:2"], \
        "every hand only once the match has been played out"


def test_esc_in_the_new_match_set_up_keeps_the_match_on_the_table(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "hard", "easy"), target=150))
    click(app, visible_point(scene, "cut#0"))
    moves = tuple(scene.recorder.moves)
    for answers in ([], ["3"], ["3", "h", "p"]):  # Esc at each question in turn
        key(app, pygame.K_n, "n")
        assert scene.hud.dialog.title == "New game"
        key(app, pygame.K_y, "y")
        assert scene.hud.dialog.title == "New match"
        for answer in answers:
            key(app, getattr(pygame, f"K_{answer}"), answer)
        key(app, pygame.K_ESCAPE)
        assert scene.hud.dialog is None or scene.hud.dialog.title != "Target"
        assert scene.recorder.moves[:len(moves)] == moves
        assert scene.setup == Setup(("human", "hard", "easy"), target=150)
        assert set(scene.computers) == {1, 2}


def test_the_replay_viewer_names_the_seats_levels(tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayScene

    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "easy", "medium", "hard"), target=5))
    scene.recorder.meta["table"] = scene.replay_extra()
    assert scene.recorder.meta["table"] == {"seats": ["human", "easy", "medium", "hard"],
                                            "target": 5}
    viewer = ReplayScene(app, scene.recorder, autoplay=False)
    app.push(viewer)
    frames(app, 2)
    assert [viewer.inner.setup.name(s) for s in range(4)] == \
        ["You", "Easy 2", "Medium 3", "Hard 4"]
    for bad in ({"seats": ["human", 3, None, []], "target": "x"}, "junk", None,
                {"seats": ["human", "easy"], "target": 5}):  # hostile or of another table
        scene.recorder.meta["table"] = bad
        again = ReplayScene(app, scene.recorder, autoplay=False)
        assert [again.inner.setup.name(s) for s in range(4)] == \
            ["You", "Medium 2", "Medium 3", "Medium 4"]


def test_words_for_one_and_for_the_hot_seat(tmp_path: Path) -> None:
    from scenes.chinese_poker import plural

    assert plural(1, "card") == "1 card" and plural(2, "pt") == "2 pts"
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "human")))
    lines = scene.status(scene.view)
    assert lines[0] == f"Player {scene.view.turn + 1}'s turn:", lines


def test_the_round_summary_comes_before_the_next_deal_and_the_end_shows_the_last_round(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "medium", "medium"), target=30))
    summaries = 0
    deadline = time.monotonic() + 60
    while not scene.view.over and time.monotonic() < deadline:
        dialog = scene.hud.dialog
        if dialog is not None and dialog.title.startswith("Round "):
            summaries += 1
            length = scene.recorder.length
            frames(app, 30)  # the computers wait behind the summary
            assert scene.recorder.length == length and scene.view.phase == "deal"
            key(app, pygame.K_d, "d")
            continue
        if dialog is not None and dialog.title == "The cut":
            length = scene.recorder.length
            frames(app, 30)
            assert scene.recorder.length == length
            key(app, pygame.K_d, "d")
            continue
        if scene.view.my_turn and scene.view.phase in ("play", "cut", "choose") \
                and scene.hud.dialog is None:
            move = MediumPlayer().act(scene.view, scene.client.legal_moves)
            scene.play(move)
        frames(app, 2)
    assert scene.view.over
    frames(app, 10)
    assert summaries >= 1
    title, body = scene.game_over_message(scene.view)
    assert body.startswith("Last round: ") and "Final scores" in body, body


def test_every_panel_line_stays_inside_the_window_and_the_tv_safe_area(tmp_path: Path) -> None:
    from game.cards import parse_cards
    from scenes.chinese_poker import combo_text

    long_lines = ["Round 1 \u00b7 target 100", "Medium 2's turn:",
                  "    " + combo_text(tuple(parse_cards("TS TH JS JH QS QH"))),
                  "    " + combo_text(tuple(parse_cards("4S 4H 4C 5S 5H 5C 6S 6H 6C 7S 7H 7C")))]
    for size, tv in (((1600, 900), False), ((1920, 1080), True), ((1280, 720), True),
                     ((1280, 720), False)):
        app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=tv)
        scene = start(app, Setup(("human", "medium", "medium")))
        scene.panel_lines = lambda view, plays=None: long_lines  # noqa: ARG005
        margin = 0.05 if tv else 0.0
        right = size[0] * (1 - margin)
        panel = [item for item in scene.extra_items() if item.key[0] == "panel"]
        # "3 pairs in a row 10 10 J J Q Q" keeps to one line; four threes in a row wrap.
        assert len(panel) == len(long_lines) + 1, (size, tv)
        for item in panel:
            assert item.pos[0] + item.image.get_width() <= right - 8, (size, tv, item.key)
            assert item.image.get_height() >= 12, "shrunk, never below a readable size"
        app.pop()


def test_the_table_s_combination_stays_on_one_line_inside_a_small_window(tmp_path: Path) -> None:
    """The tester's "table: 3 pairs in a row 10 10 J J / Q Q" ran to the window's edge at
    1280x720: drawn, its line leaves the strip along the right edge bare."""
    app = make_app(tmp_path, (1280, 720), ai_speed="fast", animation="off")
    scene = my_play(app)
    from game.cards import parse_cards

    lines = scene.status(replace(scene.view, table=tuple(parse_cards("TS TH JS JH QS QH"))))
    assert lines[-1].strip() == "3 pairs in a row 10 10 J J Q Q", lines
    scene.panel_lines = lambda view, plays=None: lines  # noqa: ARG005
    frames(app, 2)
    panel = [item for item in scene.extra_items() if item.key[0] == "panel"]
    assert len(panel) == len(lines), "no line wraps"
    app.frame(1 / 60)
    top = min(item.pos[1] for item in panel)
    bottom = max(item.pos[1] + item.image.get_height() for item in panel)
    strip = [app.screen.get_at((x, y)) for x in range(1268, 1280) for y in range(top, bottom)]
    assert not [c for c in strip if min(c[:3]) > 190], "no text at the window's right edge"


def test_the_turn_outline_and_out_of_play_cards_keep_clear_of_labels(tmp_path: Path) -> None:
    for size, tv in (((1920, 1080), True), ((1280, 720), False)):
        app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=tv)
        scene = my_play(app)
        items = {item.key: item.rect for item in scene.extra_items()}
        assert not items[("turn",)].colliderect(items[("seat", scene.view.turn)]), size
        cards = [scene.table.card_rect(c.uid) for c in scene.view.removed]
        assert len(cards) == 4
        out = items[("out",)]
        for card in cards:  # card_rect is in design units: compare in window pixels
            x, y = scene.viewport.to_px(card.x, card.y)
            assert out.bottom <= y + 1, (size, out, (x, y))
        app.pop()


def test_the_hand_no_one_took_is_labelled_in_a_two_player_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, (1920, 1080), ai_speed="fast", animation="off", tv_mode=True)
    scene = start(app, Setup(("human", "medium")))
    for _ in range(50):
        wait_for_turn(app, scene)
        view = scene.view
        if view.phase == "play":
            break
        if view.my_turn and view.phase == "cut":
            click(app, visible_point(scene, "cut#0"))
        elif view.my_turn and view.phase == "choose":
            scene.play(next(m for m in scene.client.legal_moves if isinstance(m, C.Choose)))
        frames(app, 2)
    assert scene.view.phase == "play"
    items = {item.key: item.rect for item in scene.extra_items()}
    spare = [p for p in scene.placements(scene.view) if p.zone == "offer"]
    assert spare and ("spare",) in items
    assert not items[("spare",)].colliderect(items[("out",)])
    for p in spare:
        assert items[("spare",)].bottom <= scene.viewport.to_px(p.x, p.y)[1] + 1


def test_every_seats_cut_card_leaves_the_spread_towards_its_seat(tmp_path: Path) -> None:
    """The left and right seats' cut cards lay on the spread (their played boxes are
    level with it); now each seat's cut card lies off the spread, on its own side."""
    from scenes.chinese_poker_layout import layout_for

    for players in (3, 4):
        app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
        scene = start(app, Setup(("human",) + ("easy",) * (players - 1)))
        wait_for_turn(app, scene)
        assert scene.view.phase == "cut" and scene.view.my_turn
        click(app, visible_point(scene, "cut#3"))
        for _ in range(300):  # the computers cut; the cut's notice stays up
            if scene.view.cut and None not in scene.view.cut:
                break
            frames(app, 2)
        settle(app)
        view = scene.view
        assert view.phase == "deal" and None not in view.cut, view.phase
        rects = [scene.table.card_rect(k) for k in scene.table.entities if k.startswith("cut#")]
        assert len(rects) == view.cut_left
        deck = rects[0].unionall(rects[1:])
        lay = layout_for(players, scene.seat)
        sides = set()
        for seat, card in enumerate(view.cut):
            rect = scene.table.card_rect(card.uid)
            side = lay.place(seat).side
            sides.add(side)
            assert rect.collidelist(rects) == -1, (players, side, rect, deck)
            assert {"left": rect.right <= deck.left, "right": rect.left >= deck.right,
                    "top": rect.bottom <= deck.top, "bottom": rect.top >= deck.bottom}[side], \
                (players, side, rect, deck)
        assert sides >= {"left", "right", "bottom"}
        app.pop()


def test_in_tv_mode_each_cut_card_keeps_clear_of_every_seat_label(tmp_path: Path) -> None:
    """TV mode's bigger labels grow down from where they stand: the top seat's cut card
    touched its label (a 5 px gap at 720p). Every cut card now keeps at least 16 design
    units clear of every label it lies under or over."""
    for size in ((1280, 720), (1920, 1080)):
        for players in (2, 4):
            app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=True)
            scene = start(app, Setup(("human",) + ("easy",) * (players - 1)))
            wait_for_turn(app, scene)
            click(app, visible_point(scene, "cut#3"))
            for _ in range(300):  # the computers cut; the cut's notice stays up
                if scene.view.cut and None not in scene.view.cut:
                    break
                frames(app, 2)
            settle(app)
            vp = scene.viewport
            labels = [item.rect for item in scene.extra_items() if item.key[0] == "seat"]
            assert len(labels) == players
            for card in scene.view.cut:
                rect = pygame.Rect(vp.rect_px(*scene.table.card_rect(card.uid)))
                for label in labels:
                    if label.right > rect.left and label.left < rect.right:
                        gap = max(rect.top - label.bottom, label.top - rect.bottom)
                        assert gap >= 16 * vp.scale, (size, players, card, gap)
            app.pop()


def test_the_focus_is_on_the_hand_when_a_turn_to_play_starts(tmp_path: Path) -> None:
    """After the cut and the deal, Enter picks the first card instead of sorting."""
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "medium", "medium"), target=5))
    key(app, pygame.K_DOWN)  # a keyboard player: the focus frame shows
    while scene.view.phase != "play" or not scene.view.my_turn:
        wait_for_turn(app, scene)
        if scene.view.phase == "cut":
            key(app, pygame.K_RETURN)  # the focus is on the spread: Enter cuts
        elif scene.view.phase == "deal" and scene.view.my_turn:
            key(app, pygame.K_d, "d")
        elif scene.view.phase == "play" and not scene.view.my_turn:
            frames(app, 4)
    frames(app)
    first = next(c.uid for c in scene.view.hand if c.uid == scene.focus)
    sort_by = scene.sort_by
    key(app, pygame.K_RETURN)
    assert scene.sort_by == sort_by and scene.selected == {first}, "Enter picked the card"


def test_a_pad_player_cuts_with_a_and_a_pass_keeps_the_focus_on_the_hand(
        tmp_path: Path, pad) -> None:  # noqa: ANN001
    """The next match's cut found the focus on Sort (where the last match left it), so A
    sorted instead of cutting; after a pass the focus jumped to Sort."""
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    pad.attach()
    frames(app, 2)
    setup = Setup(("human", "easy", "easy", "easy"))
    scene = start(app, setup)
    pad_press(app, pad, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # a pad player: the frame shows
    scene.set_focus(("button", "sort"))  # the last match's focus
    scene.start_match(setup)  # the next match: its cut
    passed = False
    for _ in range(300):
        wait_for_turn(app, scene)
        view = scene.view
        assert not view.over
        if view.phase == "cut" and view.my_turn:
            assert isinstance(scene.focus, str) and scene.focus.startswith("cut#"), scene.focus
            before, sort_by = scene.recorder.length, scene.sort_by
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_A)
            assert isinstance(scene.recorder.moves[before], C.Cut) and scene.sort_by == sort_by
        elif view.phase == "play" and view.my_turn and view.may_pass and not scene.selected:
            assert scene.focus in scene.hand_keys()
            before = scene.recorder.length
            pad_press(app, pad, pygame.CONTROLLER_BUTTON_X)
            assert scene.recorder.moves[before] == C.Pass(scene.seat)
            frames(app, 3)
            assert scene.focus in scene.hand_keys() and scene.focus in scene.focus_targets(), \
                f"the focus left the hand: {scene.focus}"
            passed = True
            break
        elif view.phase == "play" and view.my_turn:
            key(app, pygame.K_h, "h")
            key(app, pygame.K_p, "p") if scene.selected else key(app, pygame.K_x, "x")
        else:
            frames(app, 2)
    assert passed, "a pass came round"


def test_a_new_match_with_fewer_seats_records_the_old_one_with_its_own_names(
        tmp_path: Path) -> None:
    """The fuzzer's IndexError (seed 7, event 67,362): the new set-up replaced the old
    before the match it gives up was recorded, whose seats it no longer had."""
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = start(app, Setup(("human", "easy", "medium", "hard"), target=150))
    click(app, visible_point(scene, "cut#0"))
    wait_for_turn(app, scene)  # every seat has cut and the deal is on: a replay is kept
    assert scene.recorder.length >= 5
    key(app, pygame.K_n, "n")
    key(app, pygame.K_y, "y")  # give this match up: the set-up questions follow
    for answer in ("2", "e"):  # two seats, the other one Easy
        key(app, getattr(pygame, f"K_{answer}"), answer)
    assert scene.hud.dialog is not None and scene.hud.dialog.title == "Target"
    key(app, pygame.K_RETURN)
    settle(app)
    assert scene.setup.players == 2 and scene.view.players == 2
    replay, = (tmp_path / "replays").glob("chinese-poker-*.json")
    assert json.loads(replay.read_text())["meta"]["players"] == [
        "You", "Easy 2", "Medium 3", "Hard 4"]


def test_a_selected_pair_is_dragged_together_and_played(tmp_path: Path) -> None:
    """The play-test selected 9♣ 9♠ and dragged them to the table: one card moved and
    the drop was refused. The cards chosen go with the one dragged, and the drop plays
    them all."""
    from collections import Counter

    from tests.driver import post, px

    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    ranks = Counter(c.rank for c in scene.view.hand)
    rank = next(r for r, n in sorted(ranks.items()) if n >= 2)
    a, b = [c.uid for c in scene.view.hand if c.rank == rank][:2]
    click(app, visible_point(scene, a))
    click(app, visible_point(scene, b))
    assert scene.selected == {a, b}
    before = scene.recorder.length
    start = visible_point(scene, b)
    post(pygame.MOUSEBUTTONDOWN, pos=px(app, start), button=1)
    frames(app)
    for y in range(int(start[1]) - 20, 240, -20):  # straight up, off the hand
        post(pygame.MOUSEMOTION, pos=px(app, (start[0], y)), rel=(0, 0), buttons=(1, 0, 0))
        frames(app)
    assert set(scene.table.dragged_keys) == {a, b}, "the pair goes together"
    post(pygame.MOUSEBUTTONUP, pos=px(app, (start[0], 240)), button=1)
    frames(app, 2)
    settle(app)
    assert scene.recorder.moves[before] == C.Play(scene.seat, tuple(sorted((a, b))))


def test_a_deal_made_for_the_person_closes_the_deal_box_and_keeps_its_words(
        tmp_path: Path) -> None:
    """The play-test's idle player: the table's turn timer dealt for them, and "The cut
    ... [Deal]" stayed over the new hand while the clock ran. Here the session deals
    for the person as that timer does."""
    for seed in range(1, 12):
        app = make_app(tmp_path / str(seed), SIZE, ai_speed="fast", animation="off")
        scene = start(app, Setup(("human", "easy")), seed)
        for _ in range(300):
            dialog = scene.hud.dialog
            if dialog is not None and dialog.choices[0][1] == "Deal":
                break
            if scene.view.phase == "cut" and scene.view.my_turn and dialog is None:
                click(app, visible_point(scene, f"cut#{scene.view.cut_left // 2}"))
            elif dialog is not None:
                key(app, pygame.K_o, "o")
            frames(app)
        else:
            app.quit()
            continue
        title = dialog.title
        scene.session.submit(scene.seat, C.Deal(scene.seat))  # dealt for them
        frames(app, 3)
        assert scene.hud.dialog is None and scene.view.phase != "deal"
        assert scene.hud.message is not None and scene.hud.message.text.startswith(title)
        app.quit()
        return
    raise AssertionError("no seed gave the person the deal")


def long_trick(app, plays: int = 9) -> ChinesePokerScene:  # noqa: ANN001
    """Four players, the person's turn in a trick of ``plays`` plays and passes: every
    seat's moves are submitted here (the computers' late answers are refused as stale)."""
    import random

    scene = ChinesePokerScene(app, seed=3, setup=Setup(("human", "easy", "easy", "easy")))
    app.push(scene)
    rng, session = random.Random(1), scene.session
    while not (scene.view.phase == "play" and scene.view.my_turn
               and len(scene.view.trick) >= plays):
        seat = session.acting_seats()[0]
        legal = session.legal_moves(seat)
        passes = [m for m in legal if isinstance(m, C.Pass)]
        plays_ = sorted((m for m in legal if not isinstance(m, C.Pass)),
                        key=lambda m: len(getattr(m, "cards", ())))
        session.submit(seat, passes[0] if passes and (rng.random() < 0.4 or not plays_)
                       else plays_[0] if plays_ else legal[0])
    frames(app, 3)
    return scene


@pytest.mark.parametrize("size, tv", [((640, 360), True), ((1280, 720), True),
                                      ((1920, 1080), True), ((1280, 720), False)])
def test_panel_lines_keep_apart_above_the_buttons_and_keep_every_score(
        tmp_path: Path, size: tuple[int, int], tv: bool) -> None:
    """The second play-test's TV screen: the lines were placed 34 units apart whatever
    their height, so TV's taller text overlapped, and a long trick list ran down into
    the panel below. Each line is as tall as its text; the oldest plays give way. The
    third play-test's TV screen: the score lines gave way instead, all but Easy 4's."""
    from game.engine.ui import INK, text_image
    from scenes.chinese_poker import PANEL_TEXT, ranks_text

    app = make_app(tmp_path, size, ai_speed="fast", animation="off", tv_mode=tv)
    scene = long_trick(app)
    panel = sorted((item for item in scene.extra_items() if item.key[0] == "panel"),
                   key=lambda item: item.pos[1])
    for upper, lower in zip(panel, panel[1:], strict=False):
        assert upper.rect.bottom <= lower.rect.top, upper.key
    buttons = [app.viewport.rect_px(*b.rect) for b in scene.hud.buttons if b.visible]
    assert not any(item.rect.colliderect(b) for item in panel for b in buttons)
    drawn = {pygame.image.tobytes(item.image, "RGBA") for item in panel}

    def shown(line: str) -> bool:
        image = text_image(app.viewport, line, PANEL_TEXT, INK)
        return pygame.image.tobytes(image, "RGBA") in drawn

    view = scene.view
    missing = [s for s, score in enumerate(view.scores) if not shown(f"{scene.name(s)}: {score}")]
    assert not missing, "every player's score shows"
    # The latest plays, as many as the count of earlier ones leaves: the newest kept.
    kept = [k for k in range(1, 7) if shown(f"  \u2026 {len(view.trick) - k} earlier")]
    assert shown("This trick:") and len(kept) == 1, kept
    assert all(shown(f"  {scene.name(t.seat)}: {ranks_text(t.cards) or 'pass'}")
               for t in view.trick[-kept[0]:])
    app.pop()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_tied_cut_s_cards_lie_out_of_play_not_by_a_seat(players: int) -> None:
    """Cards of a tied cut lay where two players' spare hand goes: with three or four
    that is the left seat's hand, so a player's king seemed to be the left seat's. They
    lie in the "Out of play" row now, after the cards the game leaves out."""
    from scenes import chinese_poker_layout as L

    state = C.new_game(5, {"players": players})
    kings = tuple(c for c in state.cut_deck if c.rank == 13)[:2]
    view = replace(C.observe(state, 0), cut_aside=kings)
    placed = {p.key: p for p in L.placements(view)}
    out = [placed[c.uid] for c in view.removed]
    lay = L.layout_for(players, 0)
    for card in kings:
        aside = placed[card.uid]
        assert aside.y == L.OUT_POS[1] and all(aside.x > p.x for p in out), aside
        box = Box(aside.x, aside.y, L.CARD_W * L.SMALL, L.CARD_H * L.SMALL)
        assert not any(box.overlaps(place.hand) for place in lay.places
                       if place.side in ("left", "right")), (players, card)


@pytest.mark.parametrize("letter", ["s", "x"])
def test_s_passes_as_the_pass_button_shows_and_x_as_on_the_pad(tmp_path: Path,
                                                                letter: str) -> None:
    """Pass's key was X alone, which its label cannot underline: a player looking for it
    found none (the play-test). S is underlined on it; X, the pad's, still works."""
    app = make_app(tmp_path, SIZE, ai_speed="fast", animation="off")
    scene = my_play(app)
    assert scene.hud.button("pass").hotkey == "s"
    for _ in range(20):
        if scene.view.may_pass:
            break
        key(app, pygame.K_h, "h")  # lead what the hint picks
        key(app, pygame.K_p, "p")
        wait_for_turn(app, scene)
    assert scene.view.my_turn and scene.view.may_pass and not scene.selected
    before = scene.recorder.length
    key(app, pygame.key.key_code(letter), letter)
    assert scene.recorder.moves[before] == C.Pass(scene.seat)

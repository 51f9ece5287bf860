"""UI pieces the table games share: the confirm dialog, the backdrop behind dialogs, a
number field for bets, side panels and the command bar; driven with actions and real
key / mouse events, checked on state and pixels."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cards import Card
from game.engine.actions import Act, Action
from game.engine.arrange import fan
from game.engine.card_art import CardArt, surface_bytes
from game.engine.layout import Viewport
from game.engine.render import DirtyRenderer, DrawItem
from game.engine.scene import Scene
from game.engine.ui import UI_Z, Button, Dialog, Hud, confirm
from game.engine.widgets import NumberField, SidePanel, command_bar
from scenes.pyramid_match import STANDARD_COMMANDS
from tests.driver import click, frames, key, make_app, type_text

FELT = (20, 120, 60)
VP = Viewport(1280, 720)


def act(kind: Act, **kw: object) -> Action:
    return Action(kind, **kw)


def paint(items: list[DrawItem], size: tuple[int, int] = VP.size) -> pygame.Surface:
    screen = pygame.Surface(size)
    renderer = DirtyRenderer()
    background = pygame.Surface(size)
    background.fill(FELT)
    renderer.set_background(background)
    renderer.draw(screen, items)
    return screen


# -- confirm --------------------------------------------------------------------------------

def test_confirm_runs_on_yes_only() -> None:
    hud, said = Hud(), []
    dialog = confirm(hud, "New game", "Abandon this game?", lambda: said.append("yes"))
    assert hud.dialog is dialog and [b.label for b in dialog.buttons()] == ["Yes", "No"]
    hud.handle_dialog(act(Act.KEY, key="n"))
    assert hud.dialog is None and said == []
    confirm(hud, "New game", "Abandon this game?", lambda: said.append("yes"))
    hud.handle_dialog(act(Act.CANCEL))
    assert hud.dialog is None and said == [], "Esc answers no"
    confirm(hud, "Fold", "Give up the pot?", lambda: said.append("fold"), yes="Fold",
            no="Play on")
    hud.handle_dialog(act(Act.KEY, key="f"))
    assert said == ["fold"]
    dialog = confirm(hud, "Quit", "Leave?", lambda: said.append("quit"), yes="Yes",
                     no="Yes, later")
    assert [c[2] for c in dialog.choices] == ["y", ""], "a hotkey is never shared"
    hud.handle_dialog(act(Act.SELECT))
    assert said == ["fold", "quit"], "Enter on the focused Yes"


# -- backdrop ---------------------------------------------------------------------------------

def test_backdrop_dims_the_table_under_a_dialog_and_is_painted_once() -> None:
    hud = Hud(buttons=[Button("deal", "Deal", pygame.Rect(1500, 900, 180, 58))])
    corner = VP.to_px(100, 100)  # table, far from the dialog
    button = VP.to_px(1510, 905)
    plain = paint(hud.draw_items(VP, False))
    confirm(hud, "Quit", "Leave the parlour?", lambda: None)
    items = hud.draw_items(VP, False)
    assert [i.key for i in items].count(("dialog", "backdrop")) == 1
    dimmed = paint(items)
    for spot in (corner, button):
        before, after = plain.get_at(spot), dimmed.get_at(spot)
        assert all(a < b * 0.6 for a, b in zip(after[:3], before[:3], strict=True)), spot
    # the same cached image next frame: the dirty-rect renderer has nothing to repaint
    screen = pygame.Surface(VP.size)
    renderer = DirtyRenderer()
    renderer.draw(screen, items)
    assert renderer.draw(screen, hud.draw_items(VP, False)) == []


def test_long_dialog_text_grows_the_dialog_in_tv_mode() -> None:
    body = "You have 1,000 points. Bet 1 to 1,000, in steps of 5. " * 2
    plain, tv = Hud(), Hud()
    for hud, vp in ((plain, VP), (tv, Viewport(1280, 720, tv_mode=True))):
        hud.ask(Dialog("Your bet", body, [("bet", "Bet", "b")], lambda _: None,
                       number=NumberField(25, 1, 1000)))
        hud.draw_items(vp, False)
    assert tv.dialog.height > plain.dialog.height >= 340
    r, field = tv.dialog.rect(), tv.dialog.number.rect
    assert r.contains(field) and field.bottom < tv.dialog.buttons()[0].rect.top


# -- the number field -------------------------------------------------------------------------

def test_number_field_typing_stepping_and_clamping() -> None:
    got: list[int] = []
    bet = NumberField(10, minimum=5, maximum=500, step=5, on_confirm=got.append)
    for ch in "25":
        assert bet.handle(act(Act.KEY, key=ch))
    assert bet.value == 25, "the first digit replaces the shown number"
    assert bet.handle(act(Act.UNDO))
    assert bet.digits == "2" and bet.value == 5, "Backspace deletes a digit; min clamps"
    bet.handle(act(Act.UP))
    assert bet.value == 10 and bet.digits == "10"
    bet.handle(act(Act.KEY, key="-"))
    bet.handle(act(Act.DOWN))
    assert bet.value == 5, "never below the minimum"
    bet.handle(act(Act.PAGE_UP))
    assert bet.value == 55
    for ch in "9999":
        bet.handle(act(Act.KEY, key=ch))
    assert bet.value == 500, "typing past the maximum stops at it"
    bet.handle(act(Act.WHEEL, amount=1))
    bet.handle(act(Act.KEY, key="+"))
    assert bet.value == 500
    assert not bet.handle(act(Act.KEY, key="b")), "letters stay the game's (hotkeys)"
    assert not bet.handle(act(Act.LEFT))
    assert bet.handle(act(Act.SELECT)) and got == [500]
    assert bet.handle(act(Act.DELETE)) and bet.value == 5 and bet.digits == "", "Delete clears"
    bet.handle(act(Act.KEY, key="4"))
    bet.handle(act(Act.KEY, key="0"))
    assert bet.value == 40, "after a clear, digits build a new amount"
    bet.active = False
    assert not bet.handle(act(Act.KEY, key="1")) and not bet.handle(act(Act.UNDO))


def test_number_field_buttons_with_the_mouse() -> None:
    bet = NumberField(20, 0, 100, 10, rect=pygame.Rect(100, 100, 400, 60), active=False)
    plus, minus = bet.plus_rect.center, bet.minus_rect.center
    assert bet.handle(act(Act.POINTER_DOWN, pos=plus, button=1))
    assert bet.handle(act(Act.POINTER_UP, pos=plus, button=1))
    assert bet.value == 30 and bet.active, "a click steps and takes the typing"
    bet.handle(act(Act.POINTER_DOWN, pos=minus, button=1))
    assert bet.value == 20
    assert not bet.handle(act(Act.POINTER_DOWN, pos=(900, 600), button=1))
    bet.handle(act(Act.POINTER_MOVE, pos=plus))
    assert bet.hover == "plus"


def test_number_field_draws_value_and_disables_a_spent_button() -> None:
    bet = NumberField(0, 0, 100, 10, rect=pygame.Rect(300, 300, 400, 60))
    at_min = {i.key[1]: i.image for i in bet.draw_items(VP, "bet", UI_Z)}
    bet.step_by(1)
    stepped = {i.key[1]: i.image for i in bet.draw_items(VP, "bet", UI_Z)}
    assert at_min["minus"] is not stepped["minus"], "minus greys out at the minimum"
    assert at_min["plus"] is stepped["plus"], "unchanged pieces keep their cached image"
    assert at_min["box"] is not stepped["box"]
    screen = paint(bet.draw_items(VP, "bet", UI_Z))
    box = pygame.Rect(VP.rect_px(*bet.box_rect))
    dark = pygame.mask.from_threshold(screen.subsurface(box), (20, 30, 24), (40, 40, 40, 255))
    assert dark.count() > 50, "the digits are drawn in the light box"


class BetScene(Scene):
    """A table with a bet field, as Draw Poker would have it."""

    def __init__(self, app) -> None:  # noqa: ANN001
        super().__init__(app)
        self.confirmed: list[int] = []
        self.seen: list[Act] = []
        self.bet = NumberField(10, 5, 500, 5, rect=pygame.Rect(760, 500, 400, 64),
                               on_confirm=self.confirmed.append)

    def handle(self, action: Action) -> None:
        if self.hud.dialog is None and self.bet.handle(action):
            return
        super().handle(action)

    def handle_game(self, action: Action) -> None:
        self.seen.append(action.kind)

    def draw_items(self, alpha: float) -> list[DrawItem]:
        return super().draw_items(alpha) + self.bet.draw_items(self.app.viewport, "bet", UI_Z)


@pytest.fixture
def bet_app(tmp_path: Path):
    app = make_app(tmp_path)
    scene = BetScene(app)
    app.push(scene)
    frames(app, 2)
    yield app, scene
    app.quit()


def test_backspace_edits_the_bet_and_never_undoes_a_move(bet_app) -> None:  # noqa: ANN001
    app, scene = bet_app
    type_text(app, "37")
    key(app, pygame.K_BACKSPACE)
    assert scene.bet.digits == "3"
    key(app, pygame.K_UP)
    key(app, pygame.K_KP_PLUS, "+")
    key(app, pygame.K_RETURN, "\r")
    assert scene.confirmed == [15]
    assert Act.UNDO not in scene.seen and Act.UP not in scene.seen
    scene.bet.active = False  # the focus went to the cards: Backspace is undo again
    key(app, pygame.K_BACKSPACE)
    assert scene.seen == [Act.UNDO]
    click(app, scene.bet.plus_rect.center)
    assert scene.bet.value == 20 and scene.bet.active


def test_a_dialog_holds_a_number_field(bet_app) -> None:  # noqa: ANN001
    app, scene = bet_app
    scene.bet.active = False
    answers: list[tuple[str, int]] = []
    dialog = Dialog("Raise", "Raise by how much?", [("raise", "Raise", "r"),
                                                    ("call", "Call", "c")],
                    lambda c: answers.append((c, dialog.number.value)), cancel_key="call",
                    number=NumberField(10, 0, 200, 10))
    scene.hud.ask(dialog)
    frames(app)
    assert dialog.rect().contains(dialog.number.rect)
    type_text(app, "120")
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_DOWN)
    click(app, dialog.number.plus_rect.center)
    click(app, dialog.number.plus_rect.center)
    assert dialog.number.value == 22, "12, one step down, two up"
    assert scene.hud.dialog is dialog and scene.seen == []
    key(app, pygame.K_RETURN, "\r")
    assert answers == [("raise", 22)] and scene.hud.dialog is None


# -- side panels ------------------------------------------------------------------------------

def test_side_panel_is_one_cached_item_on_its_edge() -> None:
    panel = SidePanel("Scores", [("Ann", "12"), ("Bob", "30")], side="right", width=360)
    (item,) = panel.draw_items(VP)
    assert item.pos[0] + item.image.get_width() == VP.to_px(1920 - 24, 0)[0]
    assert panel.draw_items(VP)[0].image is item.image, "unchanged: the same image"
    panel.highlight = 1
    assert panel.draw_items(VP)[0].image is not item.image
    panel.toggle()
    assert panel.draw_items(VP) == []
    left = SidePanel("Chat", ["hello"], side="left").draw_items(VP)[0]
    assert left.pos[0] == VP.to_px(24, 0)[0]
    screen = paint([item])
    inside = VP.to_px(1920 - 24 - 180, 110 + 10)
    assert screen.get_at(inside)[:3] != FELT, "a dark panel, not felt"


def test_side_panel_keeps_the_newest_lines_within_its_height() -> None:
    lines = [f"Player {i % 4}: message number {i}" for i in range(100)]
    full = SidePanel("Chat", lines, max_height=400)
    image = full.draw_items(VP)[0].image
    assert image.get_height() <= VP.px(400)
    rows = next(n for n in range(1, 100)
                if SidePanel("Chat", lines[-n:], max_height=400).draw_items(VP)[0].image
                .get_height() == image.get_height())
    tail = SidePanel("Chat", lines[-rows:], max_height=400).draw_items(VP)[0].image
    assert pygame.image.tobytes(tail, "RGBA") == pygame.image.tobytes(image, "RGBA")


def test_a_panel_leaves_the_focus_to_the_table(bet_app) -> None:  # noqa: ANN001
    app, scene = bet_app
    scene.bet.active = False
    panel = SidePanel("Scores", [("Ann", "1")])
    scene.draw_items = lambda alpha: Scene.draw_items(scene, alpha) + panel.draw_items(
        app.viewport)
    frames(app)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN, "\r")
    assert scene.seen == [Act.LEFT, Act.SELECT]


# -- command bar ------------------------------------------------------------------------------

def test_command_bar_in_the_corner_matches_pyramid() -> None:
    buttons = command_bar(STANDARD_COMMANDS)
    assert [b.key for b in buttons] == [k for k, _, _ in STANDARD_COMMANDS]
    assert buttons[0].rect == pygame.Rect(1500, 1010 - 6 * 68, 180, 58)
    assert buttons[1].rect == pygame.Rect(1690, 1010 - 6 * 68, 180, 58)
    assert buttons[-1].rect.bottom == 1000 and buttons[-1].hotkey == "q"
    assert max(b.rect.right for b in buttons) == 1870


@pytest.mark.parametrize("n", [1, 5, 14])
def test_command_bar_along_the_bottom(n: int) -> None:
    commands = [(f"c{i}", f"Command {i}", "") for i in range(n)]
    buttons = command_bar(commands, where="bottom")
    rects = [b.rect for b in buttons]
    assert rects[-1].right == 1870 and all(r.bottom == 1000 for r in rects)
    assert rects[0].left >= 50
    assert all(a.right < b.left for a, b in zip(rects, rects[1:], strict=False))
    with pytest.raises(ValueError):
        command_bar(commands, where="top")


# -- a fanned hand on screen ------------------------------------------------------------------

def test_a_selected_card_in_a_fan_is_drawn_higher() -> None:
    vp = Viewport(1920, 1080)
    hand = fan(5, 960, 1000, 128, 900, selected={2}, rise=40)
    art = CardArt(vp.px(128))
    cards = [Card(r, "S") for r in (2, 5, 7, 9, 12)]
    screen = paint([DrawItem(i, art.face(c), vp.to_px(b.x, b.y), i)
                    for i, (b, c) in enumerate(zip(hand.boxes, cards, strict=True))], vp.size)
    flat, raised = hand.boxes[1], hand.boxes[2]
    above = flat.y - 20  # above the resting cards' tops
    assert screen.get_at(vp.to_px(raised.x + hand.step / 2, above))[:3] != FELT
    assert screen.get_at(vp.to_px(flat.x + hand.step / 2, above))[:3] == FELT
    tip = vp.to_px(raised.x + hand.step + 10, raised.y + 5)
    assert hand.index_at((raised.x + hand.step + 10, raised.y + 5)) == 2
    assert min(screen.get_at(tip)[:3]) > 200, "the raised card's face shows there"


def reddish(image: pygame.Surface) -> int:
    """Pixels clearly red (not the cream text, not the felt)."""
    count = 0
    for x in range(image.get_width()):
        for y in range(image.get_height()):
            r, g, b, a = image.get_at((x, y))
            count += a > 200 and r > 180 and g < 130 and b < 130
    return count


def test_red_cards_named_in_text_are_drawn_red() -> None:
    from game.engine.ui import text_image

    both = text_image(VP, "Pair 6\u2663 with 7\u2665", 30)
    black = text_image(VP, "Pair 6\u2663 with 7\u2663", 30)
    assert reddish(both) > 20
    assert reddish(black) == 0
    assert abs(both.get_width() - black.get_width()) <= 2  # wrapping measured it right


def test_a_dialog_with_four_answers_widens_so_no_label_is_squeezed() -> None:
    from game.engine.ui import DIALOG_BUTTON_W, DIALOG_W

    answers = [("new", "New game", "n"), ("replay", "Watch replay", "w"), ("undo", "Undo", "u"),
               ("menu", "Menu", "m")]
    wide = Dialog("You left the table", "Bye.", answers, lambda _: None)
    narrow = Dialog("Quit", "Leave?", answers[:2], lambda _: None)
    assert narrow.rect().w == DIALOG_W and wide.rect().w > DIALOG_W
    for button in wide.buttons():
        assert button.rect.w == DIALOG_BUTTON_W and wide.rect().contains(button.rect)


def squeezed(vp: Viewport, dialog: Dialog) -> list[str]:
    """The answers whose label is drawn smaller than its size to fit its button (a
    button keeps a quarter of its height clear at each rounded end)."""
    from game.engine.ui import text_image

    dialog.fit(vp)
    out = []
    for b in dialog.buttons():
        label = text_image(vp, b.label, min(b.rect.h * 0.42, 30), bold=True)
        if label.get_width() > vp.px(b.rect.w) - 2 * vp.px(b.rect.h / 4):
            out.append(b.label)
    return out


def test_in_tv_mode_no_dialog_answer_is_squeezed(tmp_path: Path) -> None:
    """TV mode's bigger text shrank "Host a table" (the menu's network question) and
    "Watch replay" (a match's end) to fit 240-unit buttons: the answers widen instead,
    and the dialog with them, inside the window."""
    from game.engine.layout import DESIGN_W
    from game.engine.ui import centre_of
    from scenes.menu import MenuScene

    for size in ((1280, 720), (1920, 1080)):
        app = make_app(tmp_path, size, tv_mode=True)
        menu = MenuScene(app)
        app.push(menu)
        frames(app, 2)
        click(app, centre_of(menu.hud.button("chinese-poker").rect))
        frames(app)
        question = menu.hud.dialog
        assert "Host a table" in [b.label for b in question.buttons()]
        ends = [Dialog("Match 1 is over", "Points.", [("ok", "Next match", "n"),
                                                       ("replay", "Watch replay", "w"),
                                                       ("leave", "Leave", "l")], repr),
                Dialog("You won!", "Scores.", [("new", "New game", "n"),
                                               ("replay", "Watch replay", "w"),
                                               ("undo", "Undo", "u"), ("menu", "Menu", "m")],
                       repr)]
        for dialog in [question, *ends]:
            assert squeezed(app.viewport, dialog) == [], (size, dialog.title)
            assert 0 <= dialog.rect().x and dialog.rect().right <= DESIGN_W
            for b in dialog.buttons():
                assert dialog.rect().contains(b.rect), (size, b.label)
        key(app, pygame.K_h, "h")  # the widened answers still answer
        assert menu.hud.dialog is not None and menu.hud.dialog.title != question.title
        app.quit()


def test_fonts_are_kept_for_the_sizes_in_use_not_every_size_ever_seen() -> None:
    """A font holds its glyphs; every window size brings new pixel sizes, and the cache
    grew with each (a fuzz run's resizes left hundreds)."""
    from game.engine.ui import Fonts

    pygame.font.init()
    first = Fonts.get(20)
    for px in range(21, 21 + 3 * Fonts.KEPT):
        Fonts.get(px, bold=px % 2 == 0)
        assert Fonts.get(20) is first  # the size in use every frame stays
    assert len(Fonts._cache) <= Fonts.KEPT


def test_window_sized_outlines_share_the_text_images_byte_budget() -> None:
    """The focus frame and the turn outline were kept 32 and 16 by count: at 8K each is
    megabytes, and every resize made new ones."""
    from game.engine import ui
    from game.engine.focus_frame import frame_item

    ui._text_cache.clear()
    for scale in range(2, 60):
        vp = Viewport(640 * scale // 4, 360 * scale // 4)
        item = frame_item(vp, pygame.Rect(100, 100, 300, 900))
        assert frame_item(vp, pygame.Rect(100, 100, 300, 900)).image is item.image  # kept
        assert ui._text_cache.bytes >= surface_bytes(item.image)  # and counted
        assert ui._text_cache.bytes <= ui.TEXT_CACHE_BYTES


def test_like_buttons_write_their_labels_at_one_size() -> None:
    """The Giant's bar in TV mode squeezed each long label its own way ("Lay off" small
    beside "Deal"): buttons of one size share the most any of their labels must shrink."""
    vp = Viewport(1280, 720, tv_mode=True)
    hud = Hud()
    hud.buttons = [Button("deal", "Lay", pygame.Rect(100, 100, 118, 54)),  # alike glyphs
                   Button("lay", "Lay off", pygame.Rect(240, 100, 118, 54)),
                   Button("wide", "Lay off", pygame.Rect(100, 200, 400, 54))]

    def ink_rows(image: pygame.Surface) -> int:
        """How many rows of the button hold the label's light ink."""
        return sum(any(image.get_at((x, y))[0] > 200 for x in range(image.get_width()))
                   for y in range(4, image.get_height() - 4))
    heights = {item.key[1]: ink_rows(item.image) for item in hud.draw_items(vp, False)
               if item.key[0] == "button"}
    assert heights["deal"] == heights["lay"], heights
    assert heights["wide"] > heights["lay"], "a button of another size keeps its own"

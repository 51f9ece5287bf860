"""How a game ended, told the same everywhere (issue 21), driven through the real app:
a won and a lost game in every game, in the end box, the replay file and the
statistics; games Auto, the demo or a tournament's computer played are not the
player's; the replay list shows the score, the rules and the players."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from game import stats_file, storage
from game.ai import milligan_player, pyramid_player, pyramid_solver
from game.ai import poker_squares as ps_ai
from game.ai.chinese_poker_player import make_agent as chinese_agent
from game.ai.draw_poker import make_agent as draw_agent
from game.rules import draw_poker as D
from game.rules import poker_squares as P
from game.rules import pyramid as PY
from game.stats import Stats
from scenes.chinese_poker import ChinesePokerScene
from scenes.chinese_poker_setup import Setup
from scenes.draw_poker import DrawPokerScene
from scenes.milligan import MilliganScene
from scenes.poker_squares import PokerSquaresScene
from scenes.pyramid import PyramidScene
from tests.driver import frames, key, let_the_computer_think, make_app, settle, type_text

SIZE = (800, 450)  # small frames draw fast; the layout is the same at any size


def open_scene(tmp_path: Path, scene_type: type, seed: int, **settings: Any) -> tuple:
    app = make_app(tmp_path, SIZE, animation="off", ai_speed="fast", **settings)
    scene = scene_type(app, seed=seed)
    app.push(scene)
    settle(app)
    return app, scene


def play_out(app, scene, choose: Callable[[], Any], limit: int = 3000) -> None:  # noqa: ANN001
    """The player's moves, chosen by ``choose``, made at the table until the game ends."""
    for _ in range(limit):
        if scene.over:
            return
        move = choose()
        if move is not None:
            assert scene.play(move), move
        frames(app)
    raise AssertionError("the game did not end")


def wait_until_over(app, scene, seconds: float = 90.0) -> None:  # noqa: ANN001
    """Frames until the computer has finished the game (it thinks on a worker thread,
    so this is real time, not a count of frames)."""
    deadline = time.monotonic() + seconds
    while not scene.over:
        assert time.monotonic() < deadline, "the computer did not finish the game"
        frames(app)
        let_the_computer_think(scene, scene.seat)
    settle(app)


def last_replay(scene) -> dict[str, Any]:  # noqa: ANN001
    """The meta of the replay the scene saved last."""
    return json.loads(scene.records.last_replay.read_text())["meta"]


def counted(tmp_path: Path, game: str) -> Stats:
    return stats_file.load(tmp_path, game)


def new_from_end_box(app, scene) -> None:  # noqa: ANN001
    """N in the end box deals again (after the send-off of a win, skipped by a key)."""
    if scene.celebration is not None:
        key(app, pygame.K_SPACE, " ")
    key(app, pygame.K_n, "n")
    settle(app)
    assert not scene.over


def winning_line(state: PY.PyramidState) -> list[PY.Move]:
    found = pyramid_solver.solve_state(state, "all")
    assert found.won
    return [pyramid_player.to_move(step) for step in found.moves]


def play_pyramid_win(app, scene: PyramidScene) -> None:  # noqa: ANN001
    """The solver's winning line, played by the person at the table."""
    line = iter(winning_line(scene.recorder.state))
    play_out(app, scene, lambda: next(line))


def greedy(scene) -> Callable[[], Any]:  # noqa: ANN001
    return lambda: pyramid_player.greedy_move(scene.view, scene.client.legal_moves)


# -- a won and a lost game in every game -------------------------------------------------------

def test_pyramid_a_win_and_a_loss(tmp_path: Path) -> None:
    app, scene = open_scene(tmp_path, PyramidScene, seed=2)
    play_pyramid_win(app, scene)
    settle(app)
    assert scene.celebration is not None and scene.hud.dialog.title == "You won!"
    meta = last_replay(scene)
    assert (meta["outcome"], meta["result"], meta["players"], meta["seats"]) == (
        "won", "You won!", ["You"], ["person"])
    assert meta["score"] == f"Par {scene.view.score:+d}" and meta["mode"] == \
        "Par scoring, 2 redeals"
    assert "All games: 1 played, 100% won" in scene.hud.dialog.body
    new_from_end_box(app, scene)
    scene.new_game(7)
    play_out(app, scene, greedy(scene))
    assert scene.celebration is None and last_replay(scene)["outcome"] == "lost"
    tally = counted(tmp_path, "pyramid").overall
    assert (tally.played, tally.won, tally.lost, tally.streak) == (2, 1, 1, -1)


def quick_placer(scene: PokerSquaresScene) -> Callable[[], P.Move]:
    agent = ps_ai.make_agent("quick", scoring="american")
    agent.new_game()

    def choose() -> P.Move:
        view = scene.view
        return P.Place(view.seat, *agent.place(view.grid, view.card))
    return choose


def test_poker_squares_is_won_at_the_books_target_and_celebrated(tmp_path: Path) -> None:
    app, scene = open_scene(tmp_path, PokerSquaresScene, seed=158)  # the quick player: 279
    play_out(app, scene, quick_placer(scene))
    settle(app)
    assert scene.celebration is not None and scene.hud.dialog.title == "You won!"
    meta = last_replay(scene)
    assert (meta["outcome"], meta["score"], meta["players"]) == (
        "won", "279 (target 200)", ["You"])
    assert meta["mode"] == "One Hand, American, 10 hands, target 200"
    new_from_end_box(app, scene)
    scene.new_game(1)  # 148 for the quick player: short of 200
    play_out(app, scene, quick_placer(scene))
    assert scene.hud.dialog.title == "Short of the target" and scene.celebration is None
    assert last_replay(scene)["outcome"] == "lost"
    tally = counted(tmp_path, "poker-squares").mode("one_hand:american:10")
    assert (tally.played, tally.won, tally.points) == (2, 1, 279.0 + scene.view.scores[0])


def test_make_pat_hands_is_won_or_lost_and_no_tournament_score(tmp_path: Path) -> None:
    from game.rules.poker_squares_tournament import Tournament

    app, scene = open_scene(tmp_path, PokerSquaresScene, seed=1,
                            per_game={"poker-squares": {"scoring": "pat"}})
    scene.tournaments.tournament = Tournament.of(["Ann"])
    play_out(app, scene, quick_placer(scene))
    ending = scene.client.outcome
    meta = last_replay(scene)
    assert meta["outcome"] == ending.results[0] and meta["score"].startswith("pat hands")
    assert scene.tournaments.tournament.player.games == 0, "a pat game has no score to keep"
    assert "Ann: no games yet" in scene.hud.dialog.body.replace("\u00a0", " ")


def chinese_match(app, scene: ChinesePokerScene, person: Any) -> None:  # noqa: ANN001
    """A whole match, the person's plays chosen by ``person``; notices answered."""
    person.new_game()
    for _ in range(5000):
        view = scene.view
        if view.over:
            return
        if scene.hud.dialog is not None:
            key(app, pygame.K_d, "d")  # the cut and each round's summary: OK / Deal
        elif view.my_turn and not scene.table.animating:
            scene.play(person.act(view, scene.client.legal_moves))
        frames(app, 2)
    raise AssertionError("the match did not end")


def test_chinese_poker_a_match_won_and_a_match_lost(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, animation="off", ai_speed="fast")
    scene = ChinesePokerScene(app, seed=2, setup=Setup(("human", "easy"), target=10))
    app.push(scene)
    settle(app)
    chinese_match(app, scene, chinese_agent("medium", seed=1))
    assert scene.hud.dialog.title == "You won!" and scene.celebration is not None
    meta = last_replay(scene)
    assert (meta["outcome"], meta["players"], meta["seats"]) == (
        "won", ["You", "Easy 2"], ["person", "computer"])
    assert meta["mode"] == "2 players, to 10 points" and meta["score"].endswith("penalty points")
    key(app, pygame.K_m, "m")  # to the menu; a new match against Medium, played badly
    scene = ChinesePokerScene(app, seed=2, setup=Setup(("human", "medium"), target=10))
    app.push(scene)
    settle(app)
    chinese_match(app, scene, chinese_agent("random", seed=1))
    assert scene.hud.dialog.title == "Medium 2 won" and scene.celebration is None
    assert last_replay(scene)["outcome"] == "lost"
    tally = counted(tmp_path, "chinese-poker").overall
    assert (tally.played, tally.won, tally.lost) == (2, 1, 1)


def test_draw_poker_a_session_left_up_is_won_and_one_left_down_lost(tmp_path: Path) -> None:
    app, scene = open_scene(tmp_path, DrawPokerScene, seed=4)
    type_text(app, "1")  # S. Jack deals
    type_text(app, "3")  # fold the first hand: 999 points
    settle(app)
    type_text(app, "l")  # leave: asked first (Enter says yes)
    key(app, pygame.K_RETURN)
    assert scene.over and scene.hud.dialog.title == "You left the table down"
    meta = last_replay(scene)
    assert (meta["outcome"], meta["score"], meta["mode"], meta["players"]) == (
        "lost", "999 points (-1)", "Dealer S. Jack", ["You", "S. Jack"])
    new_from_end_box(app, scene)
    scene.new_game(4)  # the same deals each run
    type_text(app, "1")
    player = draw_agent("player")
    for _ in range(3000):  # hands until the player is up, then leave
        view = scene.view
        if view.phase == "done" and view.points > D.START_POINTS:
            break
        if scene.client.acting and not scene.table.animating:
            scene.play(player.act(view, scene.client.legal_moves))
        frames(app)
    settle(app)
    type_text(app, "l")
    key(app, pygame.K_RETURN)  # yes, leave
    points = scene.view.points
    assert scene.over and scene.hud.dialog.title == "You left a winner"
    meta = last_replay(scene)
    assert meta["outcome"] == "won" and meta["score"] == \
        f"{points:,} points (+{points - D.START_POINTS:,})"
    tally = counted(tmp_path, "draw-poker").overall
    assert (tally.played, tally.won, tally.lost) == (2, 1, 1)


def test_the_giant_a_win_and_a_game_given_up(tmp_path: Path) -> None:
    rules = {"rule": "any", "miss_milligan": False}
    app, scene = open_scene(tmp_path, MilliganScene, seed=1, per_game={"milligan": rules})
    quick = milligan_player.make_agent("quick")
    play_out(app, scene, lambda: quick.act(scene.view, scene.client.legal_moves))
    settle(app)
    assert scene.celebration is not None and scene.hud.dialog.title == "You won!"
    meta = last_replay(scene)
    assert (meta["outcome"], meta["mode"]) == ("won", "Any suit")
    assert meta["score"] == f"{scene.view.score:+.1f} points, 104 of 104 up"
    new_from_end_box(app, scene)
    while scene.view.stock_size:
        type_text(app, "d")
    type_text(app, "g")
    type_text(app, "y")  # given up: lost
    assert scene.over and last_replay(scene)["outcome"] == "lost"
    tally = counted(tmp_path, "milligan").mode("any")
    assert (tally.played, tally.won, tally.lost, tally.streak) == (2, 1, 1, -1)


# -- the computer's games are not the player's -------------------------------------------------

def test_a_game_auto_finished_is_counted_only_as_helped(tmp_path: Path) -> None:
    app, scene = open_scene(tmp_path, PyramidScene, seed=2)
    scene.play(winning_line(scene.recorder.state)[0])  # the player's first move
    type_text(app, "a")
    type_text(app, "y")  # Auto plays on
    wait_until_over(app, scene)
    assert scene.view.won and scene.celebration is None
    assert scene.hud.dialog.title == "Won with the computer's help"
    meta = last_replay(scene)
    assert (meta["outcome"], meta["result"], meta["seats"], meta["players"]) == (
        "won", "Won with the computer's help", ["computer"], ["Computer"])
    tally = counted(tmp_path, "pyramid").overall
    assert (tally.played, tally.won, tally.streak, tally.helped) == (0, 0, 0, 1)
    assert "1 more the computer helped with" in scene.hud.dialog.body


def test_the_demo_counts_nothing_and_saves_nothing(tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, animation="off", ai_speed="fast")
    scene = PokerSquaresScene(app, seed=158, demo=True)
    app.push(scene)
    wait_until_over(app, scene)
    frames(app, 5)
    assert scene.over and scene.celebration is None and scene.hud.dialog is None
    assert storage.list_replays(storage.replay_dir(tmp_path)) == []
    assert not (tmp_path / stats_file.FILE_NAME).exists()


def test_the_computers_tournament_game_is_not_the_players(tmp_path: Path) -> None:
    from game.match import Entrant

    app, scene = open_scene(tmp_path, PyramidScene, seed=2)
    scene.computer_time_limit = 0.1  # its game's score does not matter here
    scene.start_match([Entrant("Ann"), Entrant("Computer", computer=True)])
    play_out(app, scene, greedy(scene))  # Ann's first game
    meta = last_replay(scene)
    assert (meta["players"], meta["seats"]) == (["Ann"], ["person"])
    if scene.celebration is not None:
        key(app, pygame.K_SPACE, " ")  # Ann's win's send-off
    key(app, pygame.K_c, "c")  # Continue: the computer's first game
    assert scene.computer_to_play
    wait_until_over(app, scene)
    assert scene.celebration is None
    meta = last_replay(scene)
    assert meta["players"] == ["Computer"] and meta["seats"] == ["computer"]
    assert meta["result"].endswith("by the computer")
    tally = counted(tmp_path, "pyramid").overall
    assert (tally.played, tally.helped) == (1, 0), "Ann's game only"
    assert tally.computers == 1, "the computer's own game, apart"


# -- the replay list -------------------------------------------------------------------------

def test_the_replay_list_shows_score_rules_and_players(tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayListScene, row_cells

    app, scene = open_scene(tmp_path, PyramidScene, seed=7)
    play_out(app, scene, greedy(scene))
    listing = ReplayListScene(app)
    app.push(listing)
    frames(app, 2)
    cells, detail = row_cells(listing.replays[0])
    assert cells[2] == scene.hud.dialog.title and cells[3] == f"Par {scene.view.score:+d}"
    assert detail.startswith("Par scoring, 2 redeals \u00b7 You \u00b7 ")
    items = {item.key: item for item in listing.draw_items(0.0)}
    assert ("detail", "row:0") in items and ("cell", "row:0", 1320) in items


# -- a new deal forgets the last game's words ------------------------------------------------

def message_drawn(scene) -> bool:  # noqa: ANN001
    return any(item.key[0] == "message" for item in scene.draw_items(0.0))


def test_new_cards_clear_the_game_over_line_in_poker_squares_and_the_giant(
        tmp_path: Path) -> None:
    app, scene = open_scene(tmp_path / "ps", PokerSquaresScene, seed=1)
    play_out(app, scene, quick_placer(scene))
    key(app, pygame.K_ESCAPE)  # the end box closes; the line says how to go on
    assert scene.hud.message.text.startswith("The game is over") and message_drawn(scene)
    type_text(app, "n")
    assert scene.recorder.cursor == 0 and scene.hud.message is None
    assert not message_drawn(scene)

    rules = {"rule": "any", "miss_milligan": False}
    app, scene = open_scene(tmp_path / "giant", MilliganScene, seed=2,
                            per_game={"milligan": rules})
    while scene.view.stock_size:
        type_text(app, "d")
    type_text(app, "g")
    type_text(app, "y")
    key(app, pygame.K_ESCAPE)
    assert scene.hud.message.text.startswith("The game is over")
    type_text(app, "n")
    # the line now says the rules the new deal is played by (Config's, from this deal on)
    assert scene.view.moves == 0 and scene.hud.message.text.startswith("New deal:")


def test_chinese_poker_between_rounds_names_the_deal_not_the_last_trick(
        tmp_path: Path) -> None:
    app = make_app(tmp_path, SIZE, animation="off", ai_speed="fast")
    scene = ChinesePokerScene(app, seed=2, setup=Setup(("human", "easy"), target=10))
    app.push(scene)
    settle(app)
    person = chinese_agent("medium", seed=1)
    for _ in range(3000):  # to the end of the first round
        view = scene.view
        if view.phase == "deal" and view.round == 1:
            break
        if scene.hud.dialog is not None:
            key(app, pygame.K_d, "d")
        elif view.my_turn and not scene.table.animating:
            scene.play(person.act(view, scene.client.legal_moves))
        frames(app, 2)
    view = scene.view
    assert view.phase == "deal" and view.trick, "the round's last trick is still in the view"
    lines = scene.panel_lines(view)
    assert not any(line.startswith("This trick") for line in lines)
    assert lines[-1].strip() == "deal round 2"


def test_a_paused_draw_poker_replay_does_not_say_the_dealer_is_thinking(
        tmp_path: Path) -> None:
    from scenes.replay_viewer import ReplayScene

    app, scene = open_scene(tmp_path, DrawPokerScene, seed=4)
    type_text(app, "1")  # S. Jack
    type_text(app, "1")  # check: the dealer's turn to answer
    for _ in range(600):
        if scene.view.to_act == D.PLAYER:
            break
        frames(app)
    type_text(app, "3")  # fold
    settle(app)
    type_text(app, "l")
    key(app, pygame.K_RETURN)  # yes, leave
    viewer = ReplayScene.open(app, scene.records.last_replay, autoplay=False)
    app.push(viewer)
    frames(app, 2)
    inner = viewer.inner
    turns = []
    for k in range(viewer.length + 1):
        viewer.seek(k)
        frames(app)
        turns.append(inner.view.to_act)
        assert "thinking" not in inner.prompt(inner.view), k
    assert D.DEALER in turns, "the replay passes a position where the dealer was to act"

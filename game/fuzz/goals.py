"""Goals: start points that open what random input finds too rarely (game/fuzz/
catalogue.py lists what a run did not reach). Each opens a game or page and does what a
player would to get there (a command pressed, a dialog answered, a game resumed from
an autosave just before the moment), then the fuzzer's random input goes on from it.

Every goal is tied to a game id or page by name, not to the game's rules: a game that
is not there has no goal."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from game.fuzz.pace import FRAME
from game.fuzz.starts import Start, Watch, random_game, replayed, resume
from game.match import Entrant, Match
from game.replay.recorder import Recorder
from game.rules.registry import GAME_BY_ID, GameEntry, playable

SETTLE_FRAMES = 300  # a card's move takes well under a second
TRIES = 200  # random games played for a position that comes in few of them


@dataclass(frozen=True)
class Goal:
    game: str  # its game's id, or "" for any game there is
    name: str
    make: Callable[[Any, int], Any]  # what opens it (a Start's make)
    watch: Callable[[], Watch] | None = None  # see Start.watch


def goal_starts() -> list[Start]:
    """The goals of the games there are, each a start point the round visits once."""
    return [Start(f"goal:{g.name}", g.make, watch=g.watch) for g in GOALS
            if not g.game or g.game in GAME_BY_ID and GAME_BY_ID[g.game].playable]


def moment(entry: GameEntry, rng: random.Random, wanted: Callable[[Any], bool]
           ) -> Recorder[Any, Any]:
    """A random game played up to the first position ``wanted`` holds for (new games
    until one comes to it)."""
    for _ in range(TRIES):
        game = random_game(entry, rng, until=wanted)
        if wanted(game.state):
            return game
    raise RuntimeError(f"no random game of {entry.id} came to the position wanted")


def answer(scene: Any, choice: str | None = None) -> None:
    """Answer the scene's open dialog as a click on ``choice`` (None: Enter on the
    focused answer) would."""
    dialog = scene.hud.dialog
    scene.hud.dialog = None
    dialog.on_choice(dialog.choices[dialog.focus][0] if choice is None else choice)


def _game(app: Any, game: str, seed: int) -> Any:
    from scenes.open_game import game_scene

    return game_scene(app, game, seed=seed)


def user_points(app: Any, seed: int) -> Any:
    """Poker Squares' User points page, now and then with a hand's question open."""
    from scenes.poker_squares_points import SCORED, UserPointsPage

    page = UserPointsPage(app)
    rng = random.Random(seed)
    if rng.random() < 0.5:
        page.press(f"points:{rng.choice(SCORED)}")
    return page


def tournament_names(app: Any, seed: int) -> Any:
    """Poker Squares' Players: New tournament, whose players' names are asked."""
    scene = _game(app, "poker-squares", seed)
    scene.press("players")
    answer(scene, "new")
    return scene


def pyramid_tour(app: Any, seed: int) -> Any:
    """Pyramid's Tour, alone or with the computer: the player's name."""
    scene = _game(app, "pyramid", seed)
    scene.ask_tour()
    answer(scene, random.Random(seed).choice(("none", "computer")))
    return scene


def pyramid_tour_two(app: Any, seed: int) -> Any:
    """Pyramid's Tour with a second person: the first player's name, or (the first
    given) the second's."""
    scene = _game(app, "pyramid", seed)
    scene.ask_tour()
    answer(scene, "human")
    if random.Random(seed).random() < 0.5:
        answer(scene)  # the first name as offered
    return scene


def match_between(app: Any, seed: int) -> Any:
    """A Pyramid match resumed one move before a game that is not its last ends: the
    next game's box."""
    rng = random.Random(seed)
    return _computer_finishes(_match_game(app, rng, rng.choice(ENTRANTS), last=False))


def match_over(app: Any, seed: int) -> Any:
    """A Pyramid match resumed one move before its last game ends: the match's box
    (alone: Match over; two: who won, or, half the time made so, a tie)."""
    rng = random.Random(seed)
    entrants = rng.choice(ENTRANTS)
    return _computer_finishes(_match_game(app, rng, entrants, last=True,
                                          tie=len(entrants) == 2 and rng.random() < 0.5))


def exit_tournament(app: Any, seed: int) -> Any:
    """A Pyramid match resumed during one of its games: Exit asks first."""
    rng = random.Random(seed)
    scene = _match_game(app, rng, rng.choice(ENTRANTS), last=rng.random() < 0.5)
    scene.press("exit")
    return scene


SCORES = (-60, 30)  # a match game's net scores, as the goals record them
ENTRANTS = ((Entrant("Ann"),), (Entrant("Ann"), Entrant("Bob")),
            (Entrant("Ann"), Entrant("Computer", computer=True)))


def _match_game(app: Any, rng: random.Random, entrants: tuple[Entrant, ...], last: bool,
                tie: bool = False) -> Any:
    """Pyramid resumed one move before the end of a match's game (its ``last``, or an
    earlier one); ``tie``: the games before scored so that the last one's end (its one
    legal move, mostly) ties the match."""
    from scenes.pyramid_match import MATCH_GAMES, MAX_ENTRANTS

    match = Match(entrants, rng.randrange(2**31), MATCH_GAMES, rng.random() < 0.5,
                  max_entrants=MAX_ENTRANTS)
    turns = MATCH_GAMES * len(entrants)
    scores = [rng.randint(*SCORES) for _ in range(turns - 1 if last else
                                                  rng.randrange(turns - 1))]
    turn = _recorded(match, scores).next_turn
    assert turn is not None
    entry = GAME_BY_ID["pyramid"]
    whole = random_game(entry, rng, seed=match.deal_seed(*turn))
    if tie:
        scores = _tying(match, scores, turn[1], entry.built_rules.observe(whole.state).score)
    game = replayed(entry, whole, len(whole.moves) - 1)
    game.undo_allowed = False  # a match's game, as the scene starts it
    return resume(app, entry, game, {"match": _recorded(match, scores).to_json()})


def _recorded(match: Match, scores: list[int]) -> Match:
    for score in scores:
        match = match.record(score)
    return match


def _tying(match: Match, scores: list[int], last: int, final: int) -> list[int]:
    """``scores`` (a two-entrant match's, in turn) with the other entrant's moved within
    ``SCORES`` so that ``last`` scoring ``final`` in the game to come ties the match;
    as they were when no such move does it."""
    owners = []
    for score in scores:
        turn = match.next_turn
        assert turn is not None
        owners.append(turn[1])
        match = match.record(score)
    need = final + sum(s if o == last else -s for s, o in zip(scores, owners, strict=True))
    tied = list(scores)
    for i, owner in enumerate(owners):
        if owner != last:
            tied[i] = min(max(tied[i] + need, SCORES[0]), SCORES[1])
            need -= tied[i] - scores[i]
    return tied if need == 0 else scores


def _computer_finishes(scene: Any) -> Any:
    """The computer makes the game's last move (random input seldom does; the game's end
    gives the seat back to its entrant). UntilAsked watches it."""
    scene.set_computer(scene.seat, True)
    return scene


@dataclass
class UntilAsked:
    """Watched until something is asked: the computer's move that ends a game is
    thought out as a background job, which a fuzz run's random steps hand over only
    now and then (one in 40), later than a jump lasts."""

    def __call__(self, app: Any) -> bool:
        return app.scene.hud.dialog is None


def round_end(app: Any, seed: int) -> Any:
    """Chinese Poker resumed as a round has ended (its box at once) or a move or three
    before; now and then the computer plays the person's seat there."""
    rng = random.Random(seed)
    entry = GAME_BY_ID["chinese-poker"]
    ended = moment(entry, rng, lambda state: state.phase == "deal" and state.round > 0)
    back = rng.choice((0, 0, 1, 2, 3))  # moves before the round's end
    scene = resume(app, entry, replayed(entry, ended, len(ended.moves) - back))
    return _computer_now_and_then(scene, rng)


def cut_tie(app: Any, seed: int) -> None:
    """Chinese Poker resumed in the cut for the deal, where a person's cut (a click on
    the card) ties for highest: the tie is told. The last to cut makes a tie, never the
    person at seat 0, so people share the screen: the one cutting takes it."""
    rng = random.Random(seed)
    entry = GAME_BY_ID["chinese-poker"]
    rules = entry.built_rules

    def tying(state: Any) -> list[Any]:
        if state.phase != "cut":
            return []
        seat = rules.current_player(state)
        return [m for m in rules.legal_moves(state, seat)
                if len(rules.apply(state, m).cut_aside) > len(state.cut_aside)]

    game = moment(entry, rng, lambda state: bool(tying(state)))
    scene = resume(app, entry, game, _sharing(rng, game.state, rules.current_player(game.state)))
    app.push(scene)
    app.frame(FRAME)  # the screen goes to the one cutting
    scene.on_click(f"cut#{rng.choice(tying(game.state)).index}", (0.0, 0.0))
    # the tie is told once the card is down: waited for, as random input would seldom
    for _ in range(SETTLE_FRAMES):
        if not scene.table.animating:
            break
        app.frame(FRAME)


def _sharing(rng: random.Random, state: Any, seat: int) -> dict[str, Any]:
    """A Chinese Poker autosave's seats: people at seat 0 and ``seat`` sharing the
    screen, each other seat a person or the computer."""
    seats = ["human" if s in (0, seat) else rng.choice(("human", "medium"))
             for s in range(state.players)]
    return {"setup": {"seats": seats, "target": state.target}}


def pass_the_screen(app: Any, seed: int) -> Any:
    """Chinese Poker resumed at a table where people share the screen, in play with the
    turn another person's than the one at it (seat 0): the screen is passed."""
    rng = random.Random(seed)
    entry = GAME_BY_ID["chinese-poker"]
    rules = entry.built_rules
    game = moment(entry, rng, lambda state: state.phase == "play"
                  and rules.current_player(state) != 0)
    return resume(app, entry, game, _sharing(rng, game.state, rules.current_player(game.state)))


def _computer_now_and_then(scene: Any, rng: random.Random) -> Any:
    """Half the time the computer plays the person's seat (random input rarely makes
    the moves that end a round or pass a turn)."""
    if rng.random() < 0.5:
        scene.set_computer(scene.seat, True)
    return scene


def hot_seat(app: Any, seed: int) -> None:
    """Chinese Poker's New with people in two or more seats, sharing the screen: the
    names are asked, and each turn is passed. (Pushed here: on entering, a table with
    no match asks its own New match.)"""
    rng = random.Random(seed)
    scene = _game(app, "chinese-poker", seed)
    app.push(scene)
    scene.deal_again()  # who sits where
    answer(scene, rng.choice("234"))
    while scene.hud.dialog is not None and scene.hud.dialog.title.startswith("Seat"):
        answer(scene, "human" if scene.hud.dialog.text is None else None)
    if rng.random() < 0.5:
        answer(scene)  # the target: the match starts
        _computer_now_and_then(scene, rng)


def new_session(app: Any, seed: int) -> Any:
    """Draw Poker's New during a session: start again with the starting points?"""
    scene = _game(app, "draw-poker", seed)
    scene.press("new")
    return scene


def raise_bet(app: Any, seed: int) -> Any:
    """Draw Poker resumed where the person faces a bet and may raise: Raise asks how
    much."""
    from game.rules.draw_poker import PLAYER, Raise

    rng = random.Random(seed)
    entry = GAME_BY_ID["draw-poker"]
    rules = entry.built_rules
    game = moment(entry, rng, lambda state: any(
        isinstance(m, Raise) for m in rules.legal_moves(state, PLAYER)))
    scene = resume(app, entry, game)
    scene.press("raise")
    return scene


def leave_two_player(app: Any, seed: int) -> None:
    """Poker Squares in a two-player mode: Esc asks before the game is left."""
    from game.engine.actions import Act, Action

    rng = random.Random(seed)
    with _two_player_settings(app, rng, rng.choice(("computer", "person"))):
        scene = _game(app, "poker-squares", seed)
        app.push(scene)
        scene.handle(Action(Act.CANCEL))


def second_player(app: Any, seed: int) -> None:
    """Poker Squares in a two-player mode with a person beside as Player 2: a new
    tournament of two asks which of them plays Player 2."""
    rng = random.Random(seed)
    with _two_player_settings(app, rng, "person"):
        scene = _game(app, "poker-squares", seed)
        app.push(scene)
        scene.press("players")
        answer(scene, "new")
        for name in ("Ann", "Bob", ""):  # the empty name ends the list
            scene.hud.dialog.text = name
            answer(scene)


@contextmanager
def _two_player_settings(app: Any, rng: random.Random, opponent: str) -> Iterator[None]:
    """Poker Squares' settings at a two-player mode and Player 2 ``opponent`` (as its
    Rules page sets them) while inside; then as they were."""
    from game.rules.poker_squares_options import SOLO_MODES

    entry = GAME_BY_ID["poker-squares"]
    before = app.settings.per_game
    mode = rng.choice([m for m, _ in entry.option("mode").choices if m not in SOLO_MODES])
    app.set_setting(per_game=entry.with_setting(entry.with_setting(before, "mode", mode),
                                                "opponent", opponent))
    try:
        yield
    finally:
        app.set_setting(per_game=before)


def give_up(app: Any, seed: int) -> Any:
    """Milligan resumed with the stock dealt out, where a game may be given up: Give up
    asks first."""
    from game.rules.milligan import Resign

    entry = GAME_BY_ID["milligan"]
    rules = entry.built_rules
    game = moment(entry, random.Random(seed), lambda state: any(
        isinstance(m, Resign) for m in rules.legal_moves(state)))
    scene = resume(app, entry, game)
    scene.press("giveup")
    return scene


def mouse_question(app: Any, seed: int) -> Any:
    """A new game with the Mouse setting at Ask (the setting then goes back)."""
    rng = random.Random(seed)
    before = app.settings.input_mode
    app.set_setting(input_mode="ask")
    scene = _game(app, rng.choice(sorted(e.id for e in playable())), seed)
    scene.pointer.ask()
    app.set_setting(input_mode=before)
    return scene


def deal_number(app: Any, seed: int) -> Any:
    """A game's Deal #n: Play deal number."""
    rng = random.Random(seed)
    scene = _game(app, rng.choice(sorted(e.id for e in playable() if e.numbered_deals)), seed)
    scene.deals.open()
    answer(scene, "number")
    return scene


def host_questions(app: Any, seed: int) -> None:
    """Host a table, from the menu: the questions answered with Enter a few times (the
    later ones, Turn timer, Listen, Port and the name, come after the game's own)."""
    from scenes.net_setup import HostDialogs

    rng = random.Random(seed)
    menu = app.scene
    entry = rng.choice(sorted((e for e in playable() if e.network), key=lambda e: e.id))
    HostDialogs(app, menu.hud, entry).start()
    for _ in range(rng.randint(0, 8)):
        if menu.hud.dialog is None or app.scene is not menu:  # the lobby opened
            break
        answer(menu)


def network_race(app: Any, seed: int) -> None:
    """A Poker Squares race hosted here against the computer (its lobby): PlayOut starts
    it and sees it to its end, the match's box."""
    from scenes.net_setup import HostChoice, host

    entry = GAME_BY_ID["poker-squares"]
    level = random.Random(seed).choice([a for a in entry.agents if a != "random"])
    host(app, entry, HostChoice({"mode": "race"}, players=2, people=1, levels=(level,),
                                name="Host"))


@dataclass
class PlayOut:
    """A hosted match watched to its end by a player who lets the computer play for him
    (random input would end it seldom, and never within a jump): Start pressed once the
    computer sits at the table, then the person's seat the computer's. Done once anything
    is asked (the match's box) or the table is gone."""

    started: bool = False

    def __call__(self, app: Any) -> bool:
        from scenes.net_lobby import LobbyScene

        scene = app.scene
        if isinstance(scene, LobbyScene):
            lobby = scene.net.client.lobby
            if not self.started and lobby is not None \
                    and any(s.kind == "computer" for s in lobby.seats):
                self.started = True
                scene.press("start")
            return scene.hud.dialog is None
        if getattr(scene, "net", None) is None or scene.hud.dialog is not None:
            return False
        if scene.seat not in scene.computers:
            scene.set_computer(scene.seat, True)
        return True


GOALS: tuple[Goal, ...] = (
    Goal("poker-squares", "user-points", user_points),
    Goal("poker-squares", "tournament-names", tournament_names),
    Goal("pyramid", "tour", pyramid_tour),
    Goal("pyramid", "tour-two", pyramid_tour_two),
    Goal("pyramid", "match-between", match_between, UntilAsked),
    Goal("pyramid", "match-over", match_over, UntilAsked),
    Goal("pyramid", "exit-tournament", exit_tournament),
    Goal("chinese-poker", "round-end", round_end),
    Goal("chinese-poker", "cut-tie", cut_tie),
    Goal("chinese-poker", "pass-the-screen", pass_the_screen),
    Goal("chinese-poker", "hot-seat", hot_seat),
    Goal("milligan", "give-up", give_up),
    Goal("draw-poker", "new-session", new_session),
    Goal("draw-poker", "raise", raise_bet),
    Goal("poker-squares", "leave-two-player", leave_two_player),
    Goal("poker-squares", "second-player", second_player),
    Goal("", "mouse-question", mouse_question),
    Goal("", "deal-number", deal_number),
    Goal("", "host-questions", host_questions),
    Goal("poker-squares", "network-race", network_race, PlayOut),
)

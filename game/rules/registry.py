"""The one list of games. Everything else (the menu, ``--game``, ``simulate``, help,
replays, settings, the fuzzer) derives from ``GAMES``: adding a game is a rules
module, a scene and one entry here.

The entry names its scene and computer players as import paths ("module:attribute")
so this pure module imports no pygame; ``load`` resolves one when it is needed.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rules import (
    chinese_poker,
    draw_poker,
    milligan,
    poker_squares,
    poker_squares_options,
    pyramid,
)
from game.rules.base import SIMULTANEOUS, ModuleRules

if TYPE_CHECKING:  # each game's module holds to the contract, its functions' types too
    from game.rules.base import RulesModule

    _PYRAMID: RulesModule[pyramid.PyramidState, pyramid.Move] = pyramid
    _POKER_SQUARES: RulesModule[poker_squares.PokerSquaresState, poker_squares.Move] = \
        poker_squares
    _CHINESE_POKER: RulesModule[chinese_poker.State, chinese_poker.Move] = chinese_poker
    _DRAW_POKER: RulesModule[draw_poker.DrawPokerState, draw_poker.Move] = draw_poker
    _MILLIGAN: RulesModule[milligan.MilliganState, milligan.Move] = milligan


@dataclass(frozen=True, slots=True)
class Option:
    """A per-game setting, stored under the game's id in the settings file."""

    key: str
    label: str
    choices: tuple[tuple[Any, str], ...]  # (value, button label)
    default: Any
    explain: str


@dataclass(frozen=True, slots=True)
class NetQuestion:
    """One question the host of a network table answers for this game: the answer is
    the rules' config ``key`` (the number of seats, a target, a mode)."""

    key: str
    title: str
    body: str
    choices: tuple[tuple[Any, str, str], ...]  # (value, button label, hotkey)
    default: Any
    shown: str = "{}"  # the answer in the lobby's heading ("": not shown)

    def label(self, value: Any) -> str:
        return next((label for v, label, _ in self.choices if v == value), str(value))


@dataclass(frozen=True, slots=True)
class SimFlag:
    """An extra ``simulate`` option of one game (``--scoring english``, ``--players 4``).
    ``kind`` is str, int or bool (a bool flag takes no value). The value reaches the
    game's simulator as a keyword argument named after the flag (``--miss-milligan``
    -> ``miss_milligan``)."""

    flag: str
    help: str
    kind: type = str
    choices: tuple[Any, ...] = ()
    default: Any = None

    @property
    def keyword(self) -> str:
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True, slots=True)
class StatsPage:
    """How the Statistics screen shows this game's figures (game.stats): the rule sets
    it lists even before one is played, and how its points read."""

    modes: tuple[tuple[str, str], ...] = ()  # (mode key, title)
    points: str = "{:,.0f}"  # a format for a game's points (the best, the total)


@dataclass(frozen=True, slots=True)
class GameEntry:
    id: str
    title: str
    blurb: str
    rules: ModuleRules[Any, Any] | None = None  # None: not built yet ("coming soon")
    scene: str = ""  # "module:Class" of the game's scene
    agents: tuple[str, ...] = ()  # computer players by name; the first is the default
    agent_factory: str = ""  # "module:function": make_agent(name) -> Agent
    figure: str = "mean_score"  # simulate's headline figure
    help_topic: str = ""  # assets/help/<topic>.txt
    options: tuple[Option, ...] = ()
    # "module:function" called as fn(games=, seed=, agent=, **flags) -> JSON-able dict;
    # "" plays every seat with ``agent`` through game.simulate's generic loop
    simulator: str = ""
    sim_flags: tuple[SimFlag, ...] = ()
    # People at other machines may take its seats: the menu offers to host a table or
    # connect to one, and the scene takes a ``net=`` (game.engine.net_table). The host
    # answers ``net_questions`` for the table's config.
    network: bool = False
    net_questions: tuple[NetQuestion, ...] = ()
    stats_page: StatsPage = StatsPage()
    # A deal comes from a seed the player may name ("Play deal number..."): the table
    # shows the deal's number, and its menu restarts the deal or plays another.
    numbered_deals: bool = False

    @property
    def playable(self) -> bool:
        return self.rules is not None and bool(self.scene)

    @property
    def built_rules(self) -> ModuleRules[Any, Any]:
        """The rules of a game that is built; ValueError for one coming soon."""
        if self.rules is None:
            raise ValueError(f"{self.id} is not built yet")
        return self.rules

    def option(self, key: str) -> Option:
        return next(o for o in self.options if o.key == key)

    def table_words(self, config: Mapping[str, Any]) -> list[str]:
        """The host's answers a table shows others ("Race", "to 25 points")."""
        return [q.shown.format(q.label(config[q.key]))
                for q in self.net_questions if q.shown and q.key in config]

    def at_once(self, config: Mapping[str, Any]) -> bool:
        """Do the seats play at the same time with ``config`` (Poker Squares' races)?
        A turn timer then times each card, not a turn."""
        rules = self.rules
        return rules is not None and \
            rules.current_player(rules.new_game(0, dict(config))) == SIMULTANEOUS

    def setting(self, per_game: Mapping[str, Any], key: str) -> Any:
        """This game's setting ``key`` from the settings' per-game table: the stored
        value if it is one of the option's choices (same type too), else the default."""
        option = self.option(key)
        stored = per_game.get(self.id) if isinstance(per_game, Mapping) else None
        value = stored.get(key, option.default) if isinstance(stored, Mapping) else option.default
        fits = any(type(v) is type(value) and v == value for v, _ in option.choices)
        return value if fits else option.default

    def with_setting(self, per_game: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
        """A new per-game table with this game's ``key`` set to ``value``."""
        mine = per_game.get(self.id) if isinstance(per_game, Mapping) else None
        mine = dict(mine) if isinstance(mine, Mapping) else {}
        return {**per_game, self.id: {**mine, key: value}}


def load(path: str) -> Any:
    """The attribute an import path ("package.module:name") names."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


YES_NO = ((True, "Yes"), (False, "No"))
TARGETS = (25, 50, 100, 150)  # a network Chinese Poker table's choice of target
ON_OFF = ((True, "On"), (False, "Off"))
COUNTS = tuple((n, str(n)) for n in range(poker_squares_options.SIDE_SLOTS + 1))  # 0 to 5

GAMES: tuple[GameEntry, ...] = (
    GameEntry(
        "pyramid", "Pyramid",
        "Patience for one: pair cards that add up to 13 until the pyramid is gone. Par "
        "scoring, tournaments against a friend or the computer, a top ten.",
        rules=pyramid.RULES, scene="scenes.pyramid:PyramidScene",
        agents=("solver", "greedy", "random"),
        agent_factory="game.ai.pyramid_player:make_agent", figure="win_rate",
        help_topic="pyramid", numbered_deals=True,
        stats_page=StatsPage(points="{:+,.0f}"),  # Par
        options=(
            Option("same_deck", "Use Same Deck", YES_NO, True,
                   "In a two-player tournament both players get the same deal in each game."),
            Option("show_winnable", "Show if winnable", ON_OFF, False,
                   "Tell whether the deal in front of you can still be won (the solver checks)."),
            Option("winnable_only", "Deal only winnable games", ON_OFF, False,
                   "New deals are only ones the solver can win, so every game can be won."),
        )),
    GameEntry(
        "poker-squares", "Poker Squares",
        "Place 25 cards in a 5x5 grid to make ten poker hands at once. Seven modes; race "
        "the computer, or a friend here or over the network.",
        rules=poker_squares.RULES, scene="scenes.poker_squares:PokerSquaresScene",
        help_topic="poker-squares", network=True, numbered_deals=True,
        net_questions=(
            NetQuestion("mode", "Host a table", "Which two-player game? Race: grab the "
                        "cards as they are dealt, the first full matrix ends it; Race Both: "
                        "the same, until both are full; Alternate: turn about; Same Deck: "
                        "turn about, every card dealt to both.",
                        tuple((m, poker_squares_options.MODES[m], m[0] if m != "race_both"
                               else "b") for m in (*poker_squares_options.RACE_MODES,
                                                   *poker_squares_options.TURN_MODES)),
                        "race"),),
        agents=("quick", "strong", "random"), agent_factory="game.ai.poker_squares:make_agent",
        simulator="game.ai.poker_squares_sim:simulate",
        sim_flags=(
            SimFlag("--scoring", "points table: american, english or user",
                    choices=("american", "english", "user"), default="american"),
            SimFlag("--budget", "CPU seconds a game for the strong player (default 30; "
                    "it spends about half)", kind=float),
        ),
        # Keys are the rules' config keys, so a set-up turns settings into a config as is.
        options=(
            Option("mode", "Game mode", tuple(poker_squares_options.MODES.items()), "one_hand",
                   "One Hand alone; Best of Two or Sum of Two fill two matrices alone; Race, "
                   "Race Both, Alternate and Same Deck are for two players."),
            Option("placement", "Placement", tuple(poker_squares_options.PLACEMENTS.items()),
                   "anywhere", "Where a card may go once the first card is down."),
            Option("can_move", "Cards can move", YES_NO, False,
                   "Move cards within the matrix and take rejected cards back."),
            Option("hands", "Hands counted", ((10, "10"), (12, "12")), 10,
                   "12 adds the two long diagonals (not with Make Pat Hands)."),
            Option("scoring", "Scoring", tuple(poker_squares_options.SCORINGS.items()), "american",
                   "American follows poker's odds, English the odds in this game; User "
                   "is your own table; Make Pat Hands wins or loses."),
            Option("deal", "Cards dealt at a time", COUNTS[1:], 1,
                   "How many dealt cards lie face up to choose from. Dealt cards and every "
                   "reject square share five places."),
            Option("rejects", "Rejects", COUNTS[:-1], poker_squares_options.STANDARD_REJECTS,
                   "Squares where a player may throw a card away: one in the standard game. "
                   "Player 2 may have a number of their own."),
            Option("common_rejects", "Common rejects", COUNTS[:-1], 0,
                   "Reject squares either player may use, apart from each one's own."),
            Option("decks", "Decks", ((1, "1"), (2, "2")), 1,
                   "Two decks make five of a kind possible."),
            Option("stealing", "Stealing", ON_OFF, False,
                   "Two players: take a card from the other matrix (never one stolen before)."),
            Option("planting", "Planting", ON_OFF, False,
                   "Two players: put a dealt card in the other matrix."),
            Option("opponent", "Player 2 is",
                   (("computer", "The computer"), ("person", "A person (pad or keys)")),
                   "computer", "Two-player modes: the computer, or someone beside you with "
                   "a game controller (A joins) or the keyboard (K joins; you keep the mouse)."),
            Option("strength", "The computer plays",
                   (("quick", "Quick"), ("strong", "Strong")), "strong",
                   "For the Hint and the computer opponent: quick answers at once, strong "
                   "searches about half a second a card and plays better."),
            # A handicap: the second player's own rules ("same": as the first player's).
            Option("p2_placement", "Player 2: placement",
                   (("same", "Same"), *poker_squares_options.PLACEMENTS.items()), "same",
                   "Where the second player's cards may go."),
            Option("p2_can_move", "Player 2: cards can move",
                   (("same", "Same"), *YES_NO), "same",
                   "Whether the second player may move cards and take rejects back."),
            Option("p2_hands", "Player 2: hands counted",
                   (("same", "Same"), (10, "10"), (12, "12")), "same",
                   "10, or 12 with the diagonals, for the second player."),
            Option("p2_scoring", "Player 2: scoring",
                   (("same", "Same"), *poker_squares_options.SCORINGS.items()), "same",
                   "The second player's scoring."),
            Option("p2_rejects", "Player 2: rejects", (("same", "Same"), *COUNTS[:-1]), "same",
                   "The second player's own reject squares (with the dealt cards, Player 1's "
                   "and the common ones, five at most)."),
        )),
    GameEntry(
        "chinese-poker", "Chinese Poker",
        "A climbing game for 2-4: beat the last play or pass, and be first to shed "
        "your hand. Computer rivals at three levels, or people over the network.",
        rules=chinese_poker.RULES, scene="scenes.chinese_poker:ChinesePokerScene",
        agents=("hard", "medium", "easy", "random"),
        agent_factory="game.ai.chinese_poker_player:make_agent", figure="win_rate",
        help_topic="chinese-poker", network=True, numbered_deals=True,
        stats_page=StatsPage(points="{:+,.0f}"),  # minus the penalty points
        net_questions=(
            NetQuestion("players", "Host a table", "How many seats at the table?",
                        ((2, "Two", "2"), (3, "Three", "3"), (4, "Four", "4")), 4, shown=""),
            NetQuestion("target", "Target", "Play until someone reaches how many points? The "
                        "lowest score then wins.", tuple((t, str(t), "") for t in TARGETS),
                        100, shown="to {} points")),
        simulator="game.ai.chinese_poker_match:simulate",
        sim_flags=(SimFlag("--players", "seats at the table", kind=int, choices=(2, 3, 4),
                           default=4),
                   SimFlag("--agents", "a computer player per seat, comma-separated "
                           "(hard, medium, easy, random, or hard-blind: Hard before it read "
                           "the table); default hard against medium"))),
    GameEntry(
        "draw-poker", "Draw Poker",
        "Five-card draw for points against the house: pick one of three dealers, each "
        "with a way of playing, and bet, draw and bluff.",
        rules=draw_poker.RULES, scene="scenes.draw_poker:DrawPokerScene",
        agents=("player", "dealer", "always-call", "random", "exploiter"),
        agent_factory="game.ai.draw_poker:make_agent", figure="dealer_points_per_hand",
        help_topic="draw-poker", simulator="game.ai.draw_poker_sim:simulate",
        sim_flags=(
            SimFlag("--dealer", "the dealer: S. Jack (no bias), F. Queen (flushes), "
                    "N. King (straights)", choices=draw_poker.DEALERS, default="jack"),
            SimFlag("--opponent", "the player's seat: calls everything, plays at random, "
                    "or bets big only with strong hands",
                    choices=("always-call", "random", "exploiter"),
                    default="always-call"),
        )),
    GameEntry("milligan", "The Giant",
              "Two-deck patience: build eight foundations from ace to king. Three "
              "sequence rules, and the sterner Miss Milligan.",
              rules=milligan.RULES, scene="scenes.milligan:MilliganScene",
              agents=("search", "quick", "random"),
              agent_factory="game.ai.milligan_player:make_agent", figure="win_rate",
              help_topic="milligan", simulator="game.ai.milligan_player:simulate",
              numbered_deals=True,
              stats_page=StatsPage(tuple((k, milligan.rules_title(k))
                                         for k in milligan.RULE_KEYS), "{:+,.1f}"),
              sim_flags=(
                  SimFlag("--rule", "how runs are built: alternate colours, any suit, "
                          "same suit", choices=milligan.RULE_NAMES, default="alternate"),
                  SimFlag("--miss-milligan", "Miss Milligan rules (kings into empty "
                          "columns, nothing back off the foundations)", kind=bool,
                          default=False),
              ),
              options=(
                  Option("rule", "Sequences", (("alternate", "Alternate"), ("any", "Any suit"),
                                               ("suit", "Same suit")), "alternate",
                         "How runs are built down in the columns (from the next deal)."),
                  Option("miss_milligan", "Miss Milligan", ON_OFF, False,
                         "Only kings fill empty columns, nothing comes off the foundations; "
                         "scores double."),
                  Option("show_winnable", "Show if winnable", ON_OFF, False,
                         "The solver says whether the game can still be won (it sees the "
                         "stock)."),
                  Option("table", "Table", (("green", "Green"), ("blue", "Blue"),
                                            ("red", "Red"), ("grey", "Grey")), "green",
                         "The colour of the baize."),
              )),
)
GAME_BY_ID: dict[str, GameEntry] = {g.id: g for g in GAMES}
RULES_BY_ID: dict[str, ModuleRules[Any, Any]] = {g.id: g.rules for g in GAMES
                                                  if g.rules is not None}


def playable() -> list[GameEntry]:
    return [g for g in GAMES if g.playable]


def timer_words(seconds: float, at_once: bool) -> str:
    """The turn timer as a table's heading says it."""
    if not seconds:
        return "no turn timer"
    return f"{seconds:g} s a card" if at_once else f"turn timer {seconds:g} s"

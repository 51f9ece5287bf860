"""Poker Squares' options: modes, per-player rules (a handicap), scoring tables, and
the validation of a game's config dict. Pure.

A config is JSON-able (the recorder stores it). Every key is optional ({} is the
manual's standard game: One Hand for one player, American scoring, cards anywhere,
cards can't move, one reject, 10 hands, one card dealt at a time, one deck). The per-player keys
(placement, can_move, hands, scoring, user_points, rejects) set both players'
rules; ``"players": [{...}, {...}]`` overrides them for one player.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.exotic_hands import EXOTIC
from game.rules.hands import CATEGORIES

MODES: dict[str, str] = {  # id -> name; the first three are one player's
    "one_hand": "One Hand", "best_of_two": "Best of Two", "sum_of_two": "Sum of Two",
    "race": "Race", "race_both": "Race Both", "alternate": "Alternate",
    "same_deck": "Same Deck",
}
SOLO_MODES = ("one_hand", "best_of_two", "sum_of_two")
TWO_GRID_MODES = ("best_of_two", "sum_of_two")
RACE_MODES = ("race", "race_both")
TURN_MODES = ("alternate", "same_deck")  # players take turns; Pass exists
PLACEMENTS: dict[str, str] = {
    "anywhere": "Cards go anywhere", "edges": "Edges must touch",
    "corners": "Corners must touch",
}
SCORINGS: dict[str, str] = {
    "american": "American", "english": "English", "user": "User", "pat": "Make Pat Hands",
}
# Points per category, as in the manual's table (User: its default column).
POINTS: dict[str, dict[str, int]] = {
    "english": {"five_of_a_kind": 30, "royal_flush": 30, "straight_flush": 30,
                "four_of_a_kind": 16, "full_house": 10, "flush": 5, "straight": 12,
                "three_of_a_kind": 6, "two_pair": 3, "one_pair": 1, "high_card": 0},
    "american": {"five_of_a_kind": 100, "royal_flush": 100, "straight_flush": 75,
                 "four_of_a_kind": 50, "full_house": 25, "flush": 20, "straight": 15,
                 "three_of_a_kind": 10, "two_pair": 5, "one_pair": 2, "high_card": 0},
    "user": {"five_of_a_kind": 65, "royal_flush": 65, "straight_flush": 53,
             "four_of_a_kind": 33, "full_house": 18, "flush": 13, "straight": 14,
             "three_of_a_kind": 8, "two_pair": 4, "one_pair": 1, "high_card": 0},
}
# A solitaire game's winning score with ten hands (Morehead and Mott-Smith, The Complete
# Book of Solitaire and Patience Games): 200 American, 70 English. A User table's is
# the American one scaled by its points, category by category summed.
TARGETS: dict[str, int] = {"american": 200, "english": 70}
# A pat hand cannot be bettered without breaking it: a straight or anything above.
PAT = frozenset(CATEGORIES[CATEGORIES.index("straight"):])
MAX_POINTS = 10_000  # per hand, for user tables
SIDE_SLOTS = 5  # dealt cards and every reject (each player's, the common ones) share five squares
STANDARD_REJECTS = 1  # the manual's standard game allows one reject

SEAT_KEYS = ("placement", "can_move", "hands", "scoring", "user_points", "rejects")
GAME_KEYS = ("mode", "deal", "decks", "common_rejects", "stealing", "planting", "players")


@dataclass(frozen=True, slots=True)
class SeatRules:
    """One player's rules."""

    placement: str = "anywhere"
    can_move: bool = False
    diagonals: bool = False  # 12 hands; never with Make Pat Hands
    scoring: str = "american"
    points: tuple[tuple[str, int], ...] = tuple(POINTS["american"].items())
    rejects: int = STANDARD_REJECTS

    @property
    def pat(self) -> bool:
        return self.scoring == "pat"

    @property
    def table(self) -> dict[str, int]:
        return dict(self.points)


@dataclass(frozen=True, slots=True)
class Options:
    mode: str = "one_hand"
    deal: int = 1  # cards face up to choose from
    decks: int = 1
    common_rejects: int = 0
    stealing: bool = False
    planting: bool = False
    seats: tuple[SeatRules, ...] = (SeatRules(),)

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def grids_per_seat(self) -> int:
        return 2 if self.mode in TWO_GRID_MODES else 1


def target(options: Options, seat: int = 0) -> int | None:
    """The score that wins ``seat``'s game alone (None with Make Pat Hands, which has no
    score): the ten-hand target, raised by a fifth for twelve hands and doubled for Sum
    of Two's two matrices."""
    rules = options.seats[seat]
    if rules.pat:
        return None
    base = TARGETS.get(rules.scoring)
    if base is None:  # a User table
        american = sum(POINTS["american"].values())  # the normal hands alone set it
        table = rules.table
        base = max(0, round(TARGETS["american"] * sum(table[c] for c in CATEGORIES) / american))
    hands = 12 if rules.diagonals else 10
    return round(base * hands / 10) * (2 if options.mode == "sum_of_two" else 1)


def points_table(scoring: str | Mapping[str, int]) -> dict[str, int]:
    """A full category -> points table from a scoring name or a (partial) mapping;
    categories a mapping leaves out score as in the User defaults. A mapping may give
    exotic hands (game.rules.exotic_hands) points too: the table holds those that score
    (0, the manual's User default, leaves a hand out)."""
    if isinstance(scoring, str):
        if scoring not in POINTS:
            raise ValueError(f"scoring {scoring!r}: choose {', '.join(POINTS)} or a table")
        return dict(POINTS[scoring])
    if not isinstance(scoring, Mapping):
        raise ValueError("scoring: a name or a mapping category -> points")
    table = dict(POINTS["user"])
    for name, points in scoring.items():
        if name not in table and name not in EXOTIC:
            raise ValueError(f"no hand called {name!r}: {', '.join((*CATEGORIES, *EXOTIC))}")
        if not isinstance(points, int) or isinstance(points, bool) or not (
                -MAX_POINTS <= points <= MAX_POINTS):
            raise ValueError(f"points for {name}: a whole number up to {MAX_POINTS}")
        table[name] = points
    return {name: points for name, points in table.items() if points or name in CATEGORIES}


def side_refusal(deal: int, rejects: Sequence[int], common: int) -> str | None:
    """Why ``deal`` cards dealt at a time (at least one: parse sees to it), each playing
    seat's ``rejects`` and ``common`` rejects break the manual's rule that the cards dealt
    and every reject come to five at most, or None if they keep it."""
    total = deal + sum(rejects) + common
    if total <= SIDE_SLOTS:
        return None
    parts = [f"{deal} dealt"]
    if len(rejects) == 1:
        parts.append(f"{rejects[0]} reject{'s' * (rejects[0] != 1)}")
    else:
        parts += [f"{n} for player {i}" for i, n in enumerate(rejects, start=1)]
    parts.append(f"{common} common")
    return (f"Cards dealt and rejects may come to at most {SIDE_SLOTS}: "
            f"{' + '.join(parts)} make {total}.")


def _choice(value: Any, choices: Mapping[str, str] | tuple[Any, ...], key: str) -> Any:
    if (not isinstance(value, str | int) or value not in choices
            or isinstance(value, bool) != isinstance(next(iter(choices)), bool)):
        raise ValueError(f"{key} {value!r}: choose {', '.join(map(str, choices))}")
    return value


def _count(value: Any, low: int, high: int, key: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(f"{key} {value!r}: a whole number from {low} to {high}")
    return value


def _flag(value: Any, key: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{key} {value!r}: true or false")
    return value


def _seat(raw: Mapping[str, Any]) -> SeatRules:
    unknown = set(raw) - set(SEAT_KEYS)
    if unknown:
        raise ValueError(f"unknown player option(s): {', '.join(sorted(map(str, unknown)))}")
    scoring = _choice(raw.get("scoring", "american"), SCORINGS, "scoring")
    user = raw.get("user_points", {})
    if not isinstance(user, Mapping):
        raise ValueError("user_points: a mapping category -> points")
    table = points_table(user) if scoring in ("user", "pat") else points_table(scoring)
    hands = _choice(raw.get("hands", 10), (10, 12), "hands")
    exotic = EXOTIC if scoring == "user" else {}  # pat rows are the normal hands
    return SeatRules(
        placement=_choice(raw.get("placement", "anywhere"), PLACEMENTS, "placement"),
        can_move=_flag(raw.get("can_move", False), "can_move"),
        diagonals=hands == 12 and scoring != "pat",
        scoring=scoring,
        points=tuple((name, table[name]) for name in (*CATEGORIES, *exotic) if name in table),
        rejects=_count(raw.get("rejects", STANDARD_REJECTS), 0, SIDE_SLOTS - 1, "rejects"),
    )


def parse(config: Mapping[str, Any] | None) -> Options:
    """The options a config dict asks for; ValueError with a readable reason if not."""
    config = dict(config or {})
    unknown = set(config) - set(GAME_KEYS) - set(SEAT_KEYS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    mode = _choice(config.get("mode", "one_hand"), MODES, "mode")
    players = 1 if mode in SOLO_MODES else 2
    shared = {k: config[k] for k in SEAT_KEYS if k in config}
    overrides = config.get("players", [])
    if not isinstance(overrides, list | tuple) or len(overrides) > 2 or not all(
            isinstance(o, Mapping) for o in overrides):
        raise ValueError("players: a list of up to two mappings of a player's own rules")
    seats = tuple(_seat({**shared, **(overrides[s] if s < len(overrides) else {})})
                  for s in range(players))
    deal = _count(config.get("deal", 1), 1, SIDE_SLOTS, "deal")
    common = _count(config.get("common_rejects", 0), 0, SIDE_SLOTS - 1, "common_rejects")
    reason = side_refusal(deal, [seat.rejects for seat in seats], common)
    if reason is not None:
        raise ValueError(reason)
    two = players == 2
    stealing = _flag(config.get("stealing", False), "stealing")
    planting = _flag(config.get("planting", False), "planting")
    if (stealing or planting) and not two:
        raise ValueError("stealing and planting need a two-player mode")
    return Options(mode=mode, deal=deal, decks=_count(config.get("decks", 1), 1, 2, "decks"),
                   common_rejects=common, stealing=stealing,
                   planting=planting, seats=seats)

"""Every dialog the game can show, read from its code, so that a fuzz run can say which
it never reached.

A dialog's name is its title where the code that makes it writes the title out: a
string, an f-string (its {parts} read as "…": "Seat …"), a choice of those, or a local
variable set to one of those. Where the title is worked out elsewhere the dialog says
its name (``Dialog(kind=...)``, ``confirm(kind=...)``). A function that passes one of
its own parameters on as a title (confirm, ask_text, ask_name...) opens dialogs too:
its callers name them. A call whose title cannot be read is a gap: tests/test_fuzz.py
fails on gaps and on a ``CATALOGUE`` that differs from ``scan()``, so no dialog is
added without a name here.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("game", "scenes")  # game/fuzz opens none
GAP = "…"  # an f-string's formatted part

# name -> the modules that open it (tests/test_fuzz.py keeps this equal to scan())
CATALOGUE: dict[str, tuple[str, ...]] = {
    'A tie': ('scenes/chinese_poker.py',),
    "A seat's name": ('scenes/chinese_poker_setup.py',),
    "A tournament player's name": ('scenes/poker_squares_tournament.py',),
    'Auto': ('scenes/pyramid.py',),
    'Bet': ('scenes/draw_poker.py',),
    'Card Parlour: Pyramid': ('scenes/pyramid.py',),
    'Change dealer': ('scenes/draw_poker.py',),
    'Computer': ('scenes/net_setup.py',),
    'Connect': ('scenes/net_setup.py',),
    'Connection': ('scenes/net_play.py',),
    'Deal #…': ('game/engine/deal_menu.py',),
    'Delete replay': ('scenes/replay_viewer.py',),
    'Demo': ('scenes/menu.py',),
    'Exit tournament': ('scenes/pyramid_match.py',),
    "First player's name": ('scenes/pyramid_match.py',),
    'Game over': ('scenes/game_end.py',),
    'Game … of … over': ('scenes/pyramid_match.py',),
    'Give up': ('scenes/milligan.py',),
    'Hand points': ('scenes/poker_squares_points.py',),
    'Here or on the network': ('scenes/net_setup.py',),
    'Host a table': ('scenes/net_setup.py',),
    'Leave': ('scenes/draw_poker.py', 'scenes/net_lobby.py', 'scenes/net_play.py'),
    'Leave the game': ('scenes/poker_squares.py',),
    'Listen': ('scenes/net_setup.py',),
    'Match over': ('scenes/pyramid_match.py',),
    'Mouse': ('game/engine/pointer_play.py',),
    'Network match over': ('scenes/net_play.py',),
    'New game': ('scenes/card_scene.py', 'scenes/poker_squares.py'),
    'New match': ('scenes/chinese_poker_setup.py', 'scenes/pyramid_match.py'),
    'New session': ('scenes/draw_poker.py',),
    'People': ('scenes/net_setup.py',),
    'Play deal number': ('game/engine/deal_menu.py',),
    'Player 2': ('scenes/poker_squares_tournament.py',),
    'Players': ('scenes/poker_squares_tournament.py',),
    'Port': ('scenes/net_setup.py',),
    'Quit': ('scenes/card_scene.py', 'scenes/menu.py'),
    'Raise': ('scenes/draw_poker.py',),
    'Reset statistics': ('scenes/statistics.py',),
    'Round …': ('scenes/chinese_poker.py',),
    'Say': ('game/engine/chat.py',),
    'Score': ('scenes/pyramid_match.py',),
    'Seat …': ('scenes/chinese_poker_setup.py',),
    'Second action': ('game/engine/pointer_play.py',),
    "Second player's name": ('scenes/pyramid_match.py',),
    'Start': ('scenes/net_lobby.py',),
    'Target': ('scenes/chinese_poker_setup.py',),
    'The cut': ('scenes/chinese_poker.py',),
    "The game's table question": ('scenes/net_setup.py',),
    'The match is a tie': ('scenes/pyramid_match.py',),
    'Top 10': ('scenes/pyramid_match.py',),
    'Tournament': ('scenes/pyramid.py', 'scenes/pyramid_match.py'),
    'Turn timer': ('scenes/net_setup.py',),
    'Your deal': ('scenes/chinese_poker.py',),
    'Your name': ('scenes/net_setup.py', 'scenes/pyramid_match.py'),
    '… wins the match': ('scenes/pyramid_match.py',),
    "…'s turn": ('scenes/chinese_poker.py',),
}

# Dialogs a fuzz run cannot reach, and why: the fuzzer is one app, the host of any
# table it opens, and it closes its tables cleanly.
UNREACHABLE: dict[str, str] = {
    "Connection": "a table's connection lost or refused: the only network player is the "
                  "fuzzer's own host, whose table closes with its scene",
    "Host a table": "resuming a table cut off by a killed host: the fuzzer's tables close "
                    "cleanly",
    "Start": "starting over a person who has not said Ready: nobody else joins the "
             "fuzzer's tables",
    "Your deal": "a Chinese Poker deal offered again after a network table refused it, "
                 "which only a stale state id does (a line that lagged or dropped with the "
                 "deal on it): the fuzzer's lines to its own tables carry every message in "
                 "order at once, and a table here deals whenever the dealer presses Deal",
}


@dataclass
class Scan:
    dialogs: dict[str, set[str]] = field(default_factory=dict)  # name -> modules
    gaps: list[str] = field(default_factory=list)  # "path:line" of titles not read


def scan(root: Path = ROOT) -> Scan:
    """Read every dialog the code opens: names and where, and the calls not read."""
    trees = {path.relative_to(root).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
             for folder in FOLDERS for path in sorted((root / folder).rglob("*.py"))
             if "fuzz" not in path.parts}
    openers = {"Dialog": 0}  # function name -> where its title is among the call's arguments
    while True:  # a wrapper found makes its callers' calls dialogs: until no new one
        result = Scan()
        found = dict(openers)
        for module, tree in trees.items():
            for call, function in _calls(tree, openers):
                _read(call, function, openers[_name(call)], module, result, found)
        if found == openers:
            return result
        openers = found


def name_of(title: str, kind: str = "") -> str | None:
    """The catalogue's name for a dialog shown with this title (and kind); None if the
    catalogue has none."""
    if kind:
        return kind if kind in CATALOGUE else None
    if title in CATALOGUE:
        return title
    return next((name for name, pattern in _PATTERNS if pattern.fullmatch(title)), None)


def _calls(tree: ast.AST, openers: dict[str, int]
           ) -> Iterator[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    """Calls of an opener, each with the function it is made in."""
    def walk(node: ast.AST, function: ast.FunctionDef | ast.AsyncFunctionDef | None
             ) -> Iterator[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
        for child in ast.iter_child_nodes(node):
            inner = child if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) \
                else function
            if isinstance(child, ast.Call) and _name(child) in openers:
                yield child, function
            yield from walk(child, inner)
    return walk(tree, None)


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def _read(call: ast.Call, function: ast.FunctionDef | ast.AsyncFunctionDef | None,
          index: int, module: str, result: Scan, openers: dict[str, int]) -> None:
    """Name the dialog ``call`` opens, note its function as an opener, or note a gap."""
    where = f"{module}:{call.lineno}"
    kind = next((k.value for k in call.keywords if k.arg == "kind"), None)
    if kind is not None and _parameter(kind, function) is None:  # a wrapper's is passed on
        names = _titles(kind, None)
    elif any(isinstance(a, ast.Starred) for a in call.args[:index + 1]) \
            or len(call.args) <= index:
        names = None
    else:
        title = call.args[index]
        param = _parameter(title, function)
        if param is not None and function is not None:
            openers[function.name] = param
            return
        names = _titles(title, function)
    if names is None:
        result.gaps.append(where)
        return
    for name in names:
        result.dialogs.setdefault(name, set()).add(module)


def _parameter(title: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef | None
               ) -> int | None:
    """Where ``title`` stands among a call's arguments when it is one of the function's
    own parameters (a method's self is not passed); None if it is not one."""
    if function is None or not isinstance(title, ast.Name):
        return None
    params = [a.arg for a in function.args.posonlyargs + function.args.args]
    if title.id not in params:
        return None
    method = bool(params) and params[0] in ("self", "cls")
    return params.index(title.id) - method


def _titles(node: ast.expr, function: ast.FunctionDef | ast.AsyncFunctionDef | None
            ) -> list[str] | None:
    """The titles an expression can be, or None if it cannot be read."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(str(v.value) if isinstance(v, ast.Constant) else GAP
                        for v in node.values)]
    if isinstance(node, ast.IfExp):
        a, b = _titles(node.body, function), _titles(node.orelse, function)
        return None if a is None or b is None else a + b
    if isinstance(node, ast.Name) and function is not None:
        return _assigned(node.id, function)
    return None


def _assigned(name: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str] | None:
    """The titles a local variable is set to (``title = ...`` or ``title, body = ...,
    ...``) in its function; None if any of them cannot be read."""
    out: list[str] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign) or len(node.targets) != 1:
            continue
        target, value = node.targets[0], node.value
        if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) \
                and len(target.elts) == len(value.elts):
            pairs = list(zip(target.elts, value.elts, strict=True))
        else:
            pairs = [(target, value)]
        for t, v in pairs:
            if isinstance(t, ast.Name) and t.id == name:
                titles = _titles(v, None)
                if titles is None:
                    return None
                out += titles
            elif isinstance(t, ast.Tuple) and any(
                    isinstance(e, ast.Name) and e.id == name for e in t.elts):
                return None  # unpacked from something not written out here
    return out or None


_PATTERNS = [(name, re.compile(".+".join(map(re.escape, name.split(GAP)))))
             for name in CATALOGUE if GAP in name]

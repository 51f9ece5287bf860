"""The pure layers stay pure: the rules, the computer players, the replay recorder and
the session import with pygame, pymunk and esper out of reach (a fresh interpreter in
which importing any of them fails), so they run on a server or in a tool with no screen."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PURE = ("game.rules", "game.ai", "game.replay")
MODULES = ("game.session", "game.seat_json")
BLOCKED = ("pygame", "pymunk", "esper")

PROBE = f"""
import importlib, importlib.abc, pkgutil, sys

class Blocked(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is not for the pure layers")
        return None

sys.meta_path.insert(0, Blocked())
names = list({MODULES!r})
for package in {PURE!r}:
    names += [m.name for m in pkgutil.walk_packages(
        importlib.import_module(package).__path__, package + ".")]
for name in names:
    importlib.import_module(name)
print(len(names))
"""


def test_the_pure_layers_import_without_pygame_pymunk_or_esper() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) > 20  # every module of the three packages was imported


def test_the_probe_does_catch_a_drawing_import() -> None:
    """The blocker is real: a module that draws fails under it."""
    probe = PROBE.replace(repr(MODULES), repr(("game.engine.render",)))
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0 and "is not for the pure layers" in done.stderr

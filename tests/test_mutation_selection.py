"""Every test of the pure rules and the replay is one `make mutate` runs: mutmut runs
only the files in pyproject.toml's selection, and four new rules test files were left out
of it, so the mutants they kill were counted as survivors (run s8)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = re.compile(r"^(from|import) game\.(rules|replay)\b", re.M)
# a test of the table, the network or the computer players is not a rules test
DRAWN = re.compile(r"^(from|import) (pygame|scenes|tools|game\.(engine|net|ai|session|fuzz))\b"
                   r"|make_app", re.M)
OUTSIDE = {"tests/test_storage.py"}  # the save files, not game/rules or game/replay


def selected() -> set[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return set(config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"])


def test_every_rules_test_file_is_one_mutmut_runs() -> None:
    pure = {f"tests/{path.name}" for path in (ROOT / "tests").glob("test_*.py")
            if PURE.search(text := path.read_text()) and not DRAWN.search(text)}
    assert pure - OUTSIDE <= selected(), sorted(pure - OUTSIDE - selected())
    assert all((ROOT / name).exists() for name in selected())

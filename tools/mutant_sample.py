"""A seeded random sample of mutmut's mutants, for a mutation score in an hour where
trying all of them takes a day on two cores: ``python -m tools.mutant_sample N [--seed S]``
prints N mutant names, one a line, for ``mutmut run``.

mutmut writes its mutants' names into ``mutants/**/*.meta`` when a run starts, so run
``make mutate`` once (it may be stopped as soon as it tries mutants). A uniform sample
of all the mutants, light and heavy alike, gives a score with a known interval (binomial);
mutmut's own order tries the mutants whose tests are quickest first and so leaves the
functions the property tests reach until last.

``--score`` instead reads the sampled mutants' verdicts and prints the score with its
95% interval and the survivors by name.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter
from pathlib import Path

from mutmut.stats import status_by_exit_code

MUTANTS = Path("mutants")
KILLED = ("killed", "timeout", "caught by type check")  # mutmut's score counts these


def verdicts(folder: Path = MUTANTS) -> dict[str, int | None]:
    """Every mutant's exit code as mutmut recorded it (None: not tried yet)."""
    found: dict[str, int | None] = {}
    for meta in sorted(folder.glob("game/**/*.meta")):
        found.update(json.loads(meta.read_text())["exit_code_by_key"])
    return found


def sample(names: list[str], size: int, seed: int) -> list[str]:
    return sorted(random.Random(seed).sample(sorted(names), min(size, len(names))))


def score(statuses: Counter[str]) -> tuple[float, float]:
    """Killed / (killed + survived) and its 95% half-width (the normal approximation is
    enough at these sizes)."""
    killed = sum(statuses[s] for s in KILLED)
    tried = killed + statuses["survived"]
    share = killed / tried if tried else 0.0
    return share, (1.96 * (share * (1 - share) / tried) ** 0.5 if tried else 1.0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("size", type=int)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--score", action="store_true")
    args = parser.parse_args(argv)
    found = verdicts()
    if not found:
        sys.exit("No mutants yet: run `make mutate` once (it can be stopped at once).")
    chosen = sample(list(found), args.size, args.seed)
    if not args.score:
        print("\n".join(chosen))
        return
    status = {name: status_by_exit_code[found[name]] for name in chosen}
    statuses = Counter(status.values())
    share, half = score(statuses)
    print(f"{len(chosen)} of {len(found)} mutants sampled (seed {args.seed}): "
          + ", ".join(f"{n} {s}" for s, n in statuses.most_common())
          + f"; score {share:.1%} +- {half:.1%}")
    for name, verdict in status.items():
        if verdict not in KILLED:
            print(f"  {verdict}: {name}")


if __name__ == "__main__":
    main()

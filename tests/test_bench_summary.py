"""`make bench` ends with one summary: every figure a bench noted, beside its target,
the missed ones marked, with the machine's load (tools.figures, tools.bench_summary)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import bench_summary
from tools.figures import figure, read


def test_figures_are_summed_up_with_their_targets_and_misses_marked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    noted = tmp_path / "out" / "figures.jsonl"
    monkeypatch.setenv("BENCH_FIGURES", str(noted))
    figure("net", "move latency p99", 15.8, "ms", 20.0)
    figure("net", "moves a second", 480, "/s", better="higher")
    figure("focus", "Pyramid: D-pad presses a move", 4.4, "", 4.0)
    figure("poker_squares", "strong: mean score", 126.5, "", 127.0, "higher", "published 126.0")
    with noted.open("a") as out:
        out.write('{"bench": "cut sh')  # a bench stopped half way through a line
    assert [f.met for f in read(noted)] == [True, None, False, False]
    summary = tmp_path / "summary.json"
    assert bench_summary.main(["--figures", str(noted), "--out", str(summary)]) == 0
    data = json.loads(summary.read_text())
    assert data["missed"] == ["focus: Pyramid: D-pad presses a move",
                              "poker_squares: strong: mean score"]
    assert data["machine"]["cores"] and len(data["figures"]) == 4
    printed = capsys.readouterr().out
    assert printed.count("MISSED") == 2 and "<= 20" in printed and ">= 127" in printed
    assert "4 figures, 2 missed" in printed


def test_a_bench_run_alone_writes_no_figures(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("BENCH_FIGURES", raising=False)
    monkeypatch.chdir(tmp_path)
    assert figure("net", "p99", 1.0, "ms", 20.0).met
    assert not list(tmp_path.iterdir())

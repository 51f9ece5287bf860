"""Saves are written atomically; files we cannot use are set aside, never lost."""

from __future__ import annotations

import json
import os
from datetime import datetime
from pathlib import Path

import pytest

from game import storage
from game.replay.recorder import Recorder
from game.rules.pyramid import RULES, Draw
from game.storage import list_replays, read_json, set_aside, write_json_atomic, write_replay


def test_save_dir_default_and_override(tmp_path: Path) -> None:
    assert storage.save_dir(None) == Path(storage.__file__).resolve().parents[1] / "saves"
    chosen = storage.save_dir(tmp_path / "a" / "b")
    assert chosen.is_dir() and chosen == tmp_path / "a" / "b"


def test_atomic_write_leaves_only_the_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"kind": "settings", "version": 1, "sound": "off"})
    write_json_atomic(path, {"kind": "settings", "version": 1, "sound": "full"})
    assert os.listdir(tmp_path) == ["settings.json"]
    assert json.loads(path.read_text())["sound"] == "full"
    assert read_json(path, "settings", 1).data == {"kind": "settings", "version": 1,
                                                   "sound": "full"}


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"kind": "settings", "version": 1})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"kind": "settings", "version": 1, "oops": object()})
    assert os.listdir(tmp_path) == ["settings.json"]
    assert read_json(path, "settings", 1).data == {"kind": "settings", "version": 1}


def test_missing_file_is_not_a_problem(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nothing.json", "settings", 1) == storage.LoadResult(None)


@pytest.mark.parametrize("content, reason", [
    (b'{"kind": "settings", "vers', "was damaged"),
    (b"\xff\xfe garbage", "was damaged"),
    (b"[1, 2]", "was damaged"),
    (b'{"kind": "replay", "version": 1}', "is not a settings file"),
    (b'{"kind": "settings"}', "was damaged"),
    (b'{"kind": "settings", "version": 3}', "was written by a newer version of the game"),
    (b'{"kind": "settings", "version": 1e999}', "holds a number out of range"),  # inf
    (b'{"kind": "settings", "version": 1, "x": NaN}', "was damaged"),
    (b'{"kind": "settings", "version": ' + b"9" * 5000 + b"}", "holds a number out of range"),
    (b'{"kind": "settings", "version": 1, "x": ' + b"9" * 309 + b"}",
     "holds a number out of range"),  # loads, but overflows float()
    (b'{"x": ' + b"[" * 10**5 + b"]" * 10**5 + b"}", "was damaged"),  # RecursionError
])
def test_bad_file_is_set_aside_and_reported(tmp_path: Path, content: bytes, reason: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    result = read_json(path, "settings", 2)
    assert result.data is None and not path.exists()
    assert result.set_aside is not None and result.set_aside.read_bytes() == content
    assert result.set_aside.name.startswith("settings.json.bad-")
    assert result.problem == (f"settings.json {reason} and has been set aside as "
                              f"{result.set_aside.name}; defaults are used.")


def test_older_version_is_returned_for_the_caller_to_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_json_atomic(path, {"kind": "settings", "version": 1})
    assert read_json(path, "settings", 2).data == {"kind": "settings", "version": 1}


def test_second_corruption_does_not_overwrite_the_first(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text("first {")
    first = read_json(path, "settings", 1).set_aside
    path.write_text("second {")
    second = read_json(path, "settings", 1).set_aside
    assert first is not None and second is not None and first != second
    assert (first.read_text(), second.read_text()) == ("first {", "second {")
    # Same second, same name: a counter is added rather than replacing anything.
    now = datetime(2026, 11, 21, 10, 15, 0)
    names = []
    for text in ("a", "b", "c"):
        path.write_text(text)
        names.append(set_aside(path, now).name)
    assert names == ["settings.json.bad-20261121-101500", "settings.json.bad-20261121-101500-2",
                     "settings.json.bad-20261121-101500-3"]
    assert [(tmp_path / n).read_text() for n in names] == ["a", "b", "c"]


def _replay(seed: int, moves: int, date: str | None, result: str) -> dict:
    rec = Recorder(RULES, seed, {}, meta={"result": result, **({"date": date} if date else {})})
    for _ in range(moves):
        rec.play(Draw())
    return rec.to_json()


def test_list_replays_newest_first_skipping_bad_files(tmp_path: Path) -> None:
    folder = storage.replay_dir(tmp_path)
    old = write_replay(folder, _replay(1, 3, "2026-01-02T10:00:00", "won"), datetime(2026, 1, 2))
    new = write_replay(folder, _replay(2, 5, "2026-03-01T09:00:00+00:00", "-20"),
                       datetime(2026, 3, 1))
    (folder / "broken.json").write_text("{not json")
    (folder / "odd.json").write_text(json.dumps({"kind": "card-parlour-replay", "version": 1}))
    problems: list[str] = []
    found = list_replays(folder, problems)
    assert [(r.path, r.game, r.moves, r.result) for r in found] == [
        (new, "pyramid", 5, "-20"), (old, "pyramid", 3, "won")]
    assert found[1].date == datetime(2026, 1, 2, 10, 0)
    assert len(problems) == 2 and all("set aside" in p for p in problems)
    assert sorted(p.name.split(".bad-")[0] for p in folder.glob("*.bad-*")) == [
        "broken.json", "odd.json"]
    # The saved file loads back through the recorder, and is marked as a replay for storage.
    data = read_json(new, "card-parlour-replay", 1).data
    assert data is not None and data["kind"] == "card-parlour-replay"
    assert Recorder.from_json(data, {"pyramid": RULES}).length == 5


def test_replay_names_do_not_collide(tmp_path: Path) -> None:
    now = datetime(2026, 1, 2, 3, 4, 5)
    first = write_replay(tmp_path, _replay(1, 1, None, ""), now)
    second = write_replay(tmp_path, _replay(1, 1, None, ""), now)
    assert (first.name, second.name) == ("pyramid-20260102-030405.json",
                                         "pyramid-20260102-030405-2.json")
    assert list_replays(tmp_path / "missing") == []


def test_a_folder_where_a_file_belongs_is_set_aside_whole(tmp_path: Path) -> None:
    (tmp_path / "settings.json" / "inner").mkdir(parents=True)
    result = read_json(tmp_path / "settings.json", "settings", 1)
    assert result.set_aside is not None and (result.set_aside / "inner").is_dir()
    assert "settings.json is a folder, not a file" in result.problem
    assert read_json(tmp_path / "settings.json", "settings", 1) == storage.LoadResult(None)


def test_a_file_in_the_way_of_replays_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / "replays").write_text("x")
    problems: list[str] = []
    assert storage.replay_dir(tmp_path, problems).is_dir()
    assert len(problems) == 1 and "set aside as replays.bad-" in problems[0]
    with pytest.raises(storage.SaveDirError, match="is a file"):
        storage.save_dir(next(tmp_path.glob("replays.bad-*")))

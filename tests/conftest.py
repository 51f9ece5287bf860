"""Every test runs headless: SDL's dummy video and audio drivers, set before any
test module imports pygame."""

import logging
import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"


import pytest  # noqa: E402


@pytest.fixture
def pad():  # noqa: ANN201
    """A virtual game controller (SDL's), or the test is skipped where SDL has none."""
    from game.engine.vpad import VirtualPad, VirtualPadUnavailable

    try:
        vp = VirtualPad()
    except VirtualPadUnavailable as exc:
        pytest.skip(str(exc))
    yield vp
    vp.detach()


@pytest.fixture
def leak_guard(monkeypatch):  # noqa: ANN201
    """Install a check of every frame a network server sends (see tests/net_tools.py)."""
    from tests.net_tools import install_leak_guard

    return install_leak_guard(monkeypatch)


@pytest.fixture
def quiet_loops(caplog):  # noqa: ANN001, ANN201
    """Fail a test whose event loops complain: a task destroyed while still pending
    (collected at the test's end, so it is said inside the test that caused it) or an
    exception in a callback."""
    import gc

    yield
    gc.collect()
    said = [r.getMessage() for phase in ("call", "teardown") for r in caplog.get_records(phase)
            if r.name == "asyncio" and r.levelno >= logging.ERROR]
    assert not said, said[0]



def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under mutmut, run the quickest tests first: it stops at the first failure (-x),
    so a mutant a quick test kills is not first made to sit through a property test."""
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    if "__mutmut_" in mutant:
        durations = _mutmut_test_durations()
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


def _mutmut_test_durations() -> dict[str, float]:
    """Each test's time as mutmut's stats recorded it (mutmut runs in mutants/)."""
    import json
    from pathlib import Path

    stats = Path("mutmut-stats.json")
    return json.loads(stats.read_text())["duration_by_test"] if stats.exists() else {}

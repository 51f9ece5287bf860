"""Every test runs headless: SDL's dummy video and audio drivers, set before any
test module imports pygame."""

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
def no_pending_tasks(caplog):  # noqa: ANN001, ANN201
    """Fail a test whose event loops leave a task to be destroyed while still pending
    (asyncio's "Task was destroyed but it is pending!"): collected at its end, so the
    message comes inside the test that caused it."""
    import gc

    yield
    gc.collect()
    destroyed = [r.getMessage() for r in caplog.get_records("teardown")
                 if "Task was destroyed but it is pending" in r.getMessage()]
    assert not destroyed, destroyed[0]

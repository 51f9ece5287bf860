"""SIGINT, SIGHUP and SIGTERM end the program quietly at any moment. From the first
line of ``main`` they raise ``Interrupted``, which main turns into a clean exit (a
signal in the first half second of start-up used to print a KeyboardInterrupt
traceback, or kill the process outright on SIGHUP); once the game loop runs,
``quit_on_signals`` has them stop it through the normal save path instead, so a
signal never lands mid-frame. Imports nothing slow: main installs it before the rest.

A signal is also remembered: code that swallows exceptions (pygame.init counts a
module whose start failed and clears the error) can swallow Interrupted, and the game
then ran on; the loop stops at once for a signal that came before it."""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType

QUIT_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGHUP", "SIGTERM")
                     if hasattr(signal, name))  # no SIGHUP on Windows


class Interrupted(KeyboardInterrupt):
    """A quit signal arrived outside the game loop; ``signum`` says which. A kind of
    KeyboardInterrupt, so whatever already stops cleanly on Ctrl+C (a server's loop)
    stops the same way on SIGHUP and SIGTERM."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


_caught: list[int] = []  # the signals raised as Interrupted in the current context


def _interrupt(signum: int, _frame: FrameType | None) -> None:
    _caught.append(signum)
    raise Interrupted(signum)


@contextmanager
def interrupt_on_signals() -> Iterator[None]:
    """While inside, the quit signals raise Interrupted."""
    _caught.clear()
    try:
        with _handling(_interrupt):
            yield
    finally:
        _caught.clear()


@contextmanager
def quit_on_signals(stop: Callable[[int], None]) -> Iterator[None]:
    """While inside, the quit signals call ``stop(signum)`` (which should end the loop)
    instead of raising anything or killing the process; a signal already raised as
    Interrupted, and swallowed on the way here, calls it at once."""
    with _handling(lambda signum, _frame: stop(signum)):
        if _caught:
            stop(_caught[-1])
        yield


@contextmanager
def _handling(handler: Callable[[int, FrameType | None], None]) -> Iterator[None]:
    """``handler`` for every quit signal while inside, the previous ones after. Only
    the main thread may install handlers; elsewhere (an embedding test) this does
    nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {sig: signal.signal(sig, handler) for sig in QUIT_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)

"""Quitting the game while it hosts a table: Python shuts every thread pool at exit
(``concurrent.futures``' exit hook) while the hosted server's loop, on its daemon
thread, may still play a computer's move or save the table; each then asked a shut pool
for a thread and printed "cannot schedule new futures after shutdown" (issue 20). The
program must end in silence."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A table of Ann and three computers on a hosted server that saves it; Ann plays a few
# moves; on her next turn the exit hook runs while the server's loop goes on (as when
# the game's window closes) and she moves (a computer's turn, and a save, come after it),
# and the server closes; the loop's thread is waited for, so that everything it would
# still do at exit is done before the program ends.
SCRIPT = textwrap.dedent("""
    import concurrent.futures.thread, sys, time
    from pathlib import Path
    from game.net.client import ThreadedClient
    from game.net.hosting import HostedServer
    from game.net.server import ServerOptions
    from game.net.table import TableOptions

    server = HostedServer(ServerOptions(port=0, save_dir=Path(sys.argv[1]),
                                        table=TableOptions(start_when=1, level="easy")))
    ann = ThreadedClient("127.0.0.1", server.start(), "Ann")

    def move(before=lambda: None) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            ann.poll()
            seat = ann.seat_client
            if seat is not None and seat.acting and seat.legal_moves and not seat.over:
                before()
                seat.submit(seat.legal_moves[0])
                return
            time.sleep(0.005)
        sys.exit("Ann's turn never came")

    for _ in range(3):
        move()
    move(before=concurrent.futures.thread._python_exit)  # what the interpreter does at exit
    position = ann.seat_client.position
    while ann.seat_client.position == position:  # the table has taken Ann's move
        ann.poll()
        time.sleep(0.005)
    ann.close()
    server.close()
    server._runner.thread.join(10)
""")


def test_quitting_while_hosting_with_a_computer_to_play_says_nothing(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "", done.stderr

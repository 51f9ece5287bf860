"""A client the server sends away while it is still writing (a flood: its next messages
are on the wire) reads why: the server half-closes after its error and goodbye and takes
in what still comes until the client hangs up. Closing a socket with unread data makes
the system answer with a reset, and a reset destroyed the error and goodbye before the
client read them: it showed "reconnecting" and dialled again instead of "lost" and the
reason (the flaky flood test of issue 20). A real socket on 127.0.0.1, read as it
arrives."""

from __future__ import annotations

import socket
from typing import Any

from game.net.protocol import (
    HEADER,
    SERVER_TYPES,
    VERSION,
    Bye,
    Error,
    Hello,
    Ping,
    Welcome,
    decode,
    encode,
)
from tests.net_tools import GUARD, server_thread


def exactly(peer: socket.socket, size: int) -> bytes | None:
    """``size`` bytes, or None at the end of the stream."""
    data = b""
    while len(data) < size:
        more = peer.recv(size - len(data))
        if not more:
            return None
        data += more
    return data


def read(peer: socket.socket) -> Any:
    """The next message, or None once the server has closed its end."""
    header = exactly(peer, HEADER.size)
    if header is None:
        return None
    body = exactly(peer, HEADER.unpack(header)[0])
    assert body is not None, "a frame cut short"
    return decode(body, SERVER_TYPES)


def test_a_client_still_writing_when_sent_away_reads_why_and_is_not_reset() -> None:
    with server_thread() as (server, _), \
            socket.create_connection(("127.0.0.1", server.port), timeout=GUARD) as peer:
        peer.sendall(encode(Hello(VERSION, "Ann")))
        assert isinstance(read(peer), Welcome)
        bad = b"{not json"
        peer.sendall(HEADER.pack(len(bad)) + bad)  # sent away for it
        got = []
        while (message := read(peer)) is not None:  # to the server's end of the stream
            got.append(message)
        errors = [m for m in got if isinstance(m, Error)]
        assert [e.code for e in errors] == ["bad_json"] and isinstance(got[-1], Bye)
        for _ in range(3):  # what was on its way still arrives; a reset would refuse it
            peer.sendall(encode(Ping(0.0)))
        peer.shutdown(socket.SHUT_WR)
        assert peer.recv(1) == b"", "the server's end closes in order, with no reset"

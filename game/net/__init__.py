"""Network play: one authoritative server per table set, clients and computer players
that connect to it over TCP. See ``game.net.protocol`` for the wire format. Pure
asyncio standard library: nothing here imports pygame."""

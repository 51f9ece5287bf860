"""Every game's rules by id: what replays and saves name in their "game" field."""

from __future__ import annotations

from typing import Any

from game.rules import pyramid

RULES_BY_ID: dict[str, Any] = {pyramid.GAME_ID: pyramid.RULES}

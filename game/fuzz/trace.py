"""A fuzz run, event by event: each event made and what the screen showed after its
step (the scenes and the dialog open). Its digest says in one word whether two runs
were the same; written out (``--trace FILE``), two runs that were not can be compared
line by line to find the first event where they part."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import IO, Any


class Trace:
    def __init__(self, path: Path | None = None) -> None:
        self._hash = hashlib.sha256()
        self._file: IO[str] | None = path.open("w", encoding="utf-8") if path else None

    def event(self, index: int, text: str) -> str:
        """Note event ``index``; the line, as the reproduction log shows it."""
        line = f"{index}: {text}"
        self._write(line)
        return line

    def shown(self, app: Any) -> None:
        """Note what the app shows after a step: the scenes and the dialog."""
        scenes = " > ".join(map(_scene, app.scenes))
        dialog = app.scene.hud.dialog if app.scenes else None
        self._write(f"    {scenes}" + (f" [{dialog.title}]" if dialog is not None else ""))

    @property
    def digest(self) -> str:
        return self._hash.hexdigest()[:16]

    def close(self) -> None:
        if self._file is not None:
            self._file.close()

    def _write(self, line: str) -> None:
        self._hash.update(line.encode("utf-8", "replace") + b"\n")
        if self._file is not None:
            self._file.write(line + "\n")


def _scene(scene: Any) -> str:
    """The scene's name, the moves made in its game (@12) and whether cards move (~)."""
    cursor = getattr(getattr(scene, "recorder", None), "cursor", None)
    table = getattr(scene, "table", None)
    return type(scene).__name__ + (f"@{cursor}" if cursor is not None else "") + (
        "~" if table is not None and table.animating else "")

"""A bot's stderr: written to its log file up to a size cap, with the last lines kept, and
the referee's own notes about the bot (what was not copied back from its folder)."""

from __future__ import annotations

import os
from typing import BinaryIO


class StderrCapture:
    """Everything a bot writes to stderr: a capped log file and an in-memory tail."""

    #: Bytes of the stream's end kept in memory to give its last lines.
    TAIL_BYTES = 8192

    def __init__(self, path: str | os.PathLike[str] | None, cap: int, tail_lines: int) -> None:
        """Log to ``path`` (None: keep only the tail) at most ``cap`` bytes."""
        self.path = None if path is None else os.fspath(path)
        self._file: BinaryIO | None = None if path is None else open(path, "wb")  # noqa: SIM115
        self._cap = cap
        self._tail_lines = tail_lines
        self._tail = bytearray()
        #: Bytes the bot wrote to stderr in all.
        self.total = 0
        #: The referee's notes about the bot, each one line (also in the log, past its cap).
        self.notes: list[str] = []

    def feed(self, chunk: bytes) -> None:
        """Take a chunk of the stream."""
        if self._file is not None and self.total < self._cap:
            room = self._cap - self.total
            self._file.write(chunk[:room])
            if len(chunk) > room:
                self._file.write(b"\n[stderr log cut: the cap of %d bytes was reached]\n" % self._cap)
            self._file.flush()
        self.total += len(chunk)
        self._tail += chunk[-self.TAIL_BYTES :]
        if len(self._tail) > 2 * self.TAIL_BYTES:
            del self._tail[: -self.TAIL_BYTES]

    def note(self, line: str) -> None:
        """Add the referee's one-line note ``line`` (printable text) to the log and :attr:`notes`."""
        self.notes.append(line)
        if self._file is not None:
            self._file.write(f"\n[flit-arena: {line}]\n".encode())
            self._file.flush()

    @property
    def cut(self) -> bool:
        """True if the log file stopped at its cap (the bot wrote more)."""
        return self.path is not None and self.total > self._cap

    def tail(self) -> list[str]:
        """The last lines written (decoded leniently: stderr is free-form)."""
        text = bytes(self._tail[-self.TAIL_BYTES :]).decode("utf-8", "replace")
        lines = [line.rstrip() for line in text.splitlines() if line.strip()]
        return lines[-self._tail_lines :]

    def close(self) -> None:
        """Close the log file (the tail stays readable)."""
        if self._file is not None:
            self._file.close()
            self._file = None

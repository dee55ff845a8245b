"""What the learner's code prints, captured on a pipe of its own: the first bytes kept,
the rest drained and counted, so a flood never blocks the learner's process."""

from __future__ import annotations

import fcntl
import os
import select
import struct
import termios
import threading


class CapturedOutput:
    """Drains one pipe in a thread: keeps the first `limit` bytes, counts the rest."""

    def __init__(self, stream, limit: int):
        self._stream, self._limit = stream, limit
        self._fd = stream.fileno()
        self._kept = bytearray()
        self.total = 0
        self._ended = False
        # held while a chunk is read and counted: text_so_far never falls between the two
        self._read = threading.Condition()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        poll = select.poll()
        poll.register(self._fd, select.POLLIN)
        while True:
            poll.poll()  # readable or at its end: the read below does not block
            with self._read:
                chunk = os.read(self._fd, 65536)
                self.total += len(chunk)
                room = self._limit - len(self._kept)
                if room > 0:
                    self._kept += chunk[:room]
                if not chunk:
                    self._ended = True
                    self._stream.close()
                self._read.notify_all()
            if not chunk:
                return

    def text(self, wait: float = 0.0) -> str:
        self._thread.join(wait)
        return self._text()

    def text_so_far(self) -> str:
        """Every byte written before this call, without waiting for the writers to end
        (their end waits for the kernel to free their memory)."""
        with self._read:
            if not self._ended:
                waiting = struct.unpack("i", fcntl.ioctl(self._fd, termios.FIONREAD, bytes(4)))[0]
                goal = self.total + waiting  # a pipe is read in order
                self._read.wait_for(lambda: self._ended or self.total >= goal, timeout=1.0)
            return self._text()

    def _text(self) -> str:
        text = self._kept.decode("utf-8", "replace")
        if self.total > self._limit:
            text += f"\n... output cut: {self.total - self._limit} more bytes not shown"
        return text

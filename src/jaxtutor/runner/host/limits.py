"""What one learner's run may use: its time, memory, output and file size."""

from __future__ import annotations

from dataclasses import dataclass

GIB = 1024**3


@dataclass(frozen=True)
class Limits:
    timeout_s: float = 10.0
    memory_bytes: int = 2 * GIB
    output_bytes: int = 64 * 1024
    file_bytes: int = 16 * 1024 * 1024  # the largest file the learner's code may write

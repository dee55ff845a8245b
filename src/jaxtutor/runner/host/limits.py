"""What one learner's run may use: its time, memory, output and file size."""

from __future__ import annotations

from dataclasses import dataclass

GIB = 1024**3
MEMORY_POLL_S = 0.1  # how often the run's resident memory is measured
# A backstop under the polled cap: private writable memory (RLIMIT_DATA) may not exceed
# the cap plus this much. JAX reserves far more address space than it uses (VmSize is
# ~1.5 GiB on 2 cores and grows with the core count), so RLIMIT_AS would break JAX; its
# private writable memory (VmData) stays near 300 MiB, so this leaves a wide margin and
# only stops one huge allocation that could outrun the poll.
DATA_MARGIN = 8 * GIB
# CPU time, a backstop behind the wall clock should the tutor lose track of a run: JAX's
# threads may use every core for the whole timeout, and a pool's child idles for free
CPU_S_PER_WALL_S, CPU_S_SPARE = 4, 60


@dataclass(frozen=True)
class Limits:
    timeout_s: float = 10.0
    memory_bytes: int = 2 * GIB
    output_bytes: int = 64 * 1024
    file_bytes: int = 16 * 1024 * 1024  # the largest file the learner's code may write

"""What marks every process of one run, on both sides: the jail sets it inside, the
trusted side's sweep (runner.host.procs) finds strays by it. Stdlib only: the fork
server is started before numpy is imported (cli's `check`)."""

from __future__ import annotations

# the environment variable that marks every process of a run, for the sweep that finds
# strays (runner.host.procs); set by the jail on the inside
RUN_MARK = "JAXTUTOR_RUN"


def run_uid(mark: str) -> int:
    """The user an unjailed run's learner becomes when the tutor runs as root (Gradescope,
    `grade --unsafe` in a container): one no account uses, a different one per run. It
    cannot signal the tutor or write what the tutor wrote, and unlike an environment
    variable it cannot be dropped, so the sweep finds every process of the run by it."""
    return 2_000_000_000 + int(mark[:8] or "0", 16) % 100_000_000

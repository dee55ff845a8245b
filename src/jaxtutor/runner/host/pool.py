"""Warm children: Child processes started ahead of time, JAX already imported, waiting
for a job.

A pool owns a fork server (launch.ForkServer): JAX is imported once, and each child is
forked from it, so a child costs a fork and a backend start, not an import. A child
is handed out once and never comes back: one that has run learner code is never
reused. Taking a child starts its replacement in the background a moment later (not at
once: that took the CPU from the check), so a learner pressing "check" again finds one
ready. A pool holds one child, or two while told to (`keep_warm`: a lesson whose checks
take a clean child too). When none is idle (the first check, or more checks at once than
the pool holds), `take` forks one on the spot, or, with no fork
server running, starts a fresh process: slower, never an error. Every limit still
starts at `load`, and every child is killed with everything it started by whoever
took it (a check's `finish` does).

Under `serve`, where many visitors' tutors share one machine, the pool keeps no child
warm (`on_demand`): its children are forked at each check from the fork server all
visitors share (launch.SharedForkServer, named by JAXTUTOR_FORK_SERVER), so a visitor
who only reads costs no JAX process at all.

The TUI, `watch` and `grade` hold a pool; a single `jaxtutor check` does not, since a
pool started in the same process could not be ready any sooner than its own child. A
check whose oracle judges exported programs takes a second child, the clean one, which
is never sent the learner's file (`clean`). The exercise's own
programs (a generic exercise's reference and mutants) run in `trusted`, the one child
kept from check to check (with its judge): it never runs a learner's code.
"""

from __future__ import annotations

import atexit
import contextlib
import os
import threading
import weakref
from collections.abc import Callable

from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.launch import SHARED_FORKS_ENV, ForkServer, SharedForkConnection
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.sandbox import Child, kill_all, start_child

_OPEN: weakref.WeakSet[WarmPool] = weakref.WeakSet()  # closed at exit, so no child outlives us


_REFILL_AFTER_S = 0.3  # after a take; a check's first requests are its busiest
_RELEASE_TRUSTED_S = 120.0  # on demand: a learner's next check usually comes sooner


class WarmPool:
    def __init__(self, size: int = 1, server: ForkServer | None = None):
        """`server`: a fork server started already (its import under way), the pool's to
        close; else the pool starts one."""
        shared = os.environ.get(SHARED_FORKS_ENV)
        self.on_demand = bool(shared)  # no child kept warm, no lesson warmed up ahead
        self._size = 0 if self.on_demand else max(1, size)
        self._least = self._size  # what keep_warm never goes below
        self._lock = threading.Lock()
        self._idle: list[Child] = []  # oldest first: the one most likely done importing JAX
        self._starting = 0  # children being started outside the lock
        self._threads: list[threading.Thread] = []  # starting children, or killing them
        self._closed = False
        self.trusted = TrustedChild(self.take, self.lesson)  # for the exercises' own programs
        self.handed_out = 0  # warm children given to a check
        self.fresh = 0  # checks that got a newly started child because none was idle
        self._op_by_op: list | None = None  # see prime
        self._priming = False  # a primed child is being started
        try:
            self._server: ForkServer | None = server or (
                SharedForkConnection(shared) if shared else ForkServer()
            )
        except OSError:
            self._server = None
        _OPEN.add(self)
        self._refill_later()  # forking waits for the server's import: not in our caller

    # -- keeping children warm ------------------------------------------------------

    def _refill(self) -> None:
        """Start children until `size` are idle or starting. Popen runs outside the lock,
        so `take` never waits for a process to be created."""
        while True:
            with self._lock:
                if self._closed or len(self._idle) + self._starting >= self._size:
                    return
                self._starting += 1
                # one child primed for the learner's calls: a check's clean child runs
                # only exported programs, and its warm-up would take the CPU for nothing
                primed = self._op_by_op is not None
                primed = primed and not self._priming and not self._primed_idle()
                self._priming |= primed
            child = None
            try:
                child = start_child(
                    Limits(), self._server, op_by_op=self._op_by_op if primed else None
                )
            except OSError:  # out of processes or memory: checks fall back to fresh children
                return
            finally:
                with self._lock:
                    self._starting -= 1
                    self._priming &= not primed
                    # not past `size`, which keep_warm may have lowered meanwhile
                    if child is not None and not self._closed and len(self._idle) < self._size:
                        self._idle.append(child)
                        child = None
            if child is not None:  # the pool closed, or shrank, while it was starting
                child.kill()
                return

    def _refill_later(self) -> None:
        self._background(self._refill, "jaxtutor-warm")

    def _background(self, job, name: str) -> bool:
        """Run `job` in a thread that `close` waits for; False once closed."""
        with self._lock:
            if self._closed:
                return False
            self._threads = [t for t in self._threads if t.is_alive()]
            thread = threading.Thread(target=job, name=name, daemon=True)
            self._threads.append(thread)
            thread.start()  # under the lock: `close` never finds a thread not yet started
        return True

    # -- handing them out -----------------------------------------------------------

    def ready_count(self) -> int:
        """Idle children that have finished importing JAX (never blocks)."""
        with self._lock:
            return sum(c.is_ready() for c in self._idle)

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Block until at least one idle child has imported JAX (for benchmarks and tests)."""
        import time

        end = None if timeout is None else time.monotonic() + timeout
        while end is None or time.monotonic() < end:
            if self.ready_count():
                return True
            time.sleep(0.02)
        return False

    def take(
        self, limits: Limits = Limits(), submission: str | None = None, primed: bool = True
    ) -> Child:
        """A child for one check, with that check's limits; its replacement starts soon.
        A submission's own folder is shown in its jail from the start, so that child is
        forked for it. The caller owns the child and must kill it (check_source does).
        `primed`: prefer a child primed for the lesson (see prime), for the learner's
        file; False: one that was not, for a clean child."""
        if submission is not None:
            self.fresh += 1
            return start_child(limits, self._server, submission=submission)
        child = None
        with self._lock:
            dead = [c for c in self._idle if not c.alive()]
            self._idle = [c for c in self._idle if c.alive()]
            if not self._closed:
                # a ready child first, primed (see prime) for the learner's file and not
                # for a clean one where there is a choice; else the oldest, which is
                # still ahead of a fresh one
                ready = sorted(
                    (c for c in self._idle if c.is_ready()),
                    key=lambda c: (c.op_by_op == self._op_by_op) != primed,
                )
                child = next(iter(ready), None)
                if child is None and self._idle:
                    child = self._idle[0]
                if child is not None and child.limits.output_bytes != limits.output_bytes:
                    child = None  # its output pipe was sized at start; start one to measure
                if child is not None:
                    self._idle.remove(child)
        for stale in dead:
            stale.kill()  # reaps it and removes its working directory
        # the replacement a moment later: forked at once, it (and a clean child's) took
        # the CPU from the check that just began
        timer = threading.Timer(_REFILL_AFTER_S, self._refill_later)
        timer.daemon = True
        timer.start()
        if child is None:
            self.fresh += 1
            return start_child(limits, self._server)
        self.handed_out += 1
        child.limits = limits  # the clock and the memory cap start at load
        return child

    # -- a check's runners (runner/host/runners.py) ---------------------------------

    def learner(self, limits: Limits, submission: str | None = None) -> Child:
        return self.take(limits, submission)

    def clean(self, limits: Limits) -> Child:
        return self.take(limits, primed=False)

    def lesson(self, limits: Limits) -> Child:
        # a warm child's jail has no place for the compiled programs
        return start_child(limits, self._server, lesson=True)

    def finish(self, learner: Child, others: list[Child]) -> str:
        """The learner's output as it stands, and the children killed in the background."""
        output = learner.output_so_far()
        self.reap([learner, *others])
        if self.on_demand:
            self._release_trusted_later()
        return output

    def _release_trusted_later(self) -> None:
        """On demand, the trusted child and its judge end once no check was taken for
        `_RELEASE_TRUSTED_S`: a visitor who stopped checking holds no JAX process."""
        takes = self.handed_out + self.fresh

        def release() -> None:
            if self.handed_out + self.fresh == takes and not self._closed:
                with self.trusted.lock:  # not in the middle of a program
                    self.trusted.release()

        timer = threading.Timer(_RELEASE_TRUSTED_S, release)
        timer.daemon = True
        timer.start()

    def reap(self, children: list[Child]) -> None:
        """Kill a check's children in a thread, once its verdict is decided: killing
        waits for the kernel to free their memory, which the learner need not wait for.
        `close` waits for it, so no child outlives the pool."""
        if not self._background(lambda: kill_all(children), "jaxtutor-reap"):
            kill_all(children)  # closed: nothing would wait for the thread

    def prime(self, op_by_op: list | None) -> None:
        """From now on, one waiting child warms up for a check that calls the learner's
        function op by op at these arrays' shapes (see warm_up.course_ops_op_by_op),
        and the learner's check takes it. An idle child is replaced if none did: a
        lesson is opened long before its check. None: no such call."""
        if self.on_demand or op_by_op == self._op_by_op:
            return
        with self._lock:
            self._op_by_op = op_by_op
            stale = [] if op_by_op is None or self._primed_idle() else self._idle[:1]
            self._idle = self._idle[len(stale) :]
        self.reap(stale)
        self._refill_later()

    def _primed_idle(self) -> bool:
        return any(c.op_by_op == self._op_by_op for c in self._idle)

    def keep_warm(self, size: int) -> None:
        """Keep `size` children warm from now on, never fewer than the pool was made
        with: a lesson whose checks take a clean child too wants two, the next lesson
        perhaps one again, and a waiting child holds about 100 MB. The child primed for
        the learner's check is the last one let go."""
        if self.on_demand:
            return
        with self._lock:
            self._size = max(self._least, size)
            spare = sorted(self._idle, key=lambda c: c.op_by_op == self._op_by_op)
            spare = spare[: max(0, len(self._idle) - self._size)]
            self._idle = [c for c in self._idle if c not in spare]
        self.reap(spare)
        self._refill_later()

    # -- the end --------------------------------------------------------------------

    def close(self) -> None:
        """Kill every idle child, and wait for the checks' children being killed;
        children still in a check belong to it."""
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
            threads = list(self._threads)
        if self._server is not None:  # first: a thread waiting for it to fork gives up
            self._server.close()  # children handed out live on; their roots are reaped by init
        for thread in threads:
            thread.join(timeout=10)  # a starting child is killed by its thread on seeing closed
        for child in idle:
            child.kill()
        self.trusted.close()

    def __enter__(self) -> WarmPool:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class TrustedChild:
    """One child for the exercise's own programs (a reference, then each mutant, one
    after another), never for a learner's: what JAX compiled for one program is there
    for the next, which a child per program would compile all over again. They are the
    lesson's code; each is loaded into a fresh namespace, or kept from its last run
    when that left no Python state behind (see runner/inside/learner_file.py). Beside
    it, a judge: a child never sent any file, which checks and runs the programs the
    first one exports, and keeps what it compiled (a mutant's program, judged on each
    check's new hidden cases, is compiled once, not once per check in a fresh clean
    child). A pool keeps both from check to check; a one-off check makes its own.
    `spawn` starts the judge; `lesson` (else `spawn`) the child, one whose jail keeps
    what XLA compiled on disk, for the next process (Runners.lesson)."""

    def __init__(
        self, spawn: Callable[[Limits], Child], lesson: Callable[[Limits], Child] | None = None
    ):
        self.spawn = spawn
        self._lesson = lesson or spawn
        self._child: Child | None = None
        self._judge: Child | None = None
        self._closed = False
        self._guard = threading.Lock()  # closing against a child being put in place
        self.lock = ChecksFirst()  # one program at a time

    def child(self, limits: Limits) -> Child:
        """The child, with these limits: replaced if it ended or had others (a memory
        cap, once set, cannot be raised)."""
        return self._kept("_child", limits)

    def judge(self, limits: Limits) -> Child:
        """The judge, with these limits, replaced as the child is; its clock starts
        again for each program."""
        judge = self._kept("_judge", limits)
        judge.restart_clock()
        return judge

    def _kept(self, name: str, limits: Limits) -> Child:
        if self._closed:  # its pool closed: no child may outlive it
            raise RunEnded("internal", "the checking processes were closed")
        current = getattr(self, name)
        # replaced before its programs use up its CPU time (RLIMIT_CPU would kill it in
        # the middle of one, a crash the learner's check would be blamed for) or its
        # memory, which grows with the lessons it serves (to 926 MB over 18 lessons of
        # the test corpus) and would be killed at its limit in the same way
        if current is not None and (
            not current.alive()
            or current.limits != limits
            or current.cpu_used_s > current.cpu_allowance_s / 2
            or current.peak_bytes > current.limits.memory_bytes / 2
        ):
            current.kill()
            current = None
            setattr(self, name, None)
        if current is None:
            current = (self._lesson if name == "_child" else self.spawn)(limits)
            current.role = "lesson"  # its runs are the lesson's: their failures are ours
            with self._guard:
                closed = self._closed
                if not closed:
                    setattr(self, name, current)
            if closed:  # closed while it started
                current.kill()
                raise RunEnded("internal", "the checking processes were closed")
        return current

    def release(self) -> None:
        """Kill both children; the next program starts new ones."""
        with self._guard:
            children = [c for c in (self._child, self._judge) if c is not None]
            self._child = self._judge = None
        for child in children:
            child.kill()

    def close(self) -> None:
        """Kill both children, even mid-program (that program's run then ends)."""
        with self._guard:
            self._closed = True  # no child is put in place from now on
        self.release()


class ChecksFirst:
    """The trusted child's lock: one program at a time, and while a check is under way
    (`checking`), a warm-up's programs (`warming`, in its own thread) wait for it to
    end. A lesson's warm-up runs every mutant, which takes seconds, and a check made
    meanwhile would wait for each of them in turn."""

    def __init__(self):
        self._free = threading.Condition()
        self._held = False
        self._checks = 0
        self._warm_up = threading.local()

    @contextlib.contextmanager
    def checking(self):
        with self._free:
            self._checks += 1
        try:
            yield
        finally:
            with self._free:
                self._checks -= 1
                self._free.notify_all()

    @contextlib.contextmanager
    def warming(self):
        """This thread's programs are a warm-up's."""
        self._warm_up.on = True
        try:
            yield
        finally:
            self._warm_up.on = False

    def __enter__(self) -> None:
        yields = getattr(self._warm_up, "on", False)
        with self._free:
            self._free.wait_for(lambda: not self._held and not (yields and self._checks))
            self._held = True

    def __exit__(self, *exc) -> None:
        with self._free:
            self._held = False
            self._free.notify_all()


@atexit.register
def _close_all() -> None:
    for pool in list(_OPEN):
        pool.close()

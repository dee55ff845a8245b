"""The trusted side of the runner: the only door to learner code.

A `Child` is one jailed learner's process (runner/inside/learner_process.py) in its own
session, with a wall-clock deadline, a resident-memory cap watched from here (limits.py),
and its prints captured on a pipe of their own (output.py). Results come back on a
separate pipe as plain-data frames, each carrying the request's id and the run's nonce;
anything else ends the run as a crash (errors.py). Nothing the child says is a verdict:
the oracles compare its numbers here, against their own reference."""

from __future__ import annotations

import contextlib
import os
import resource
import secrets
import select
import signal
import tempfile
import threading
import time
import uuid
from collections.abc import Sequence

from jaxtutor.runner import wire
from jaxtutor.runner.host import launch, procs
from jaxtutor.runner.host.compiled import compiled_folder
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.launch import STARTUP_TIMEOUT_S, ForkServer
from jaxtutor.runner.host.limits import (
    CPU_S_PER_WALL_S,
    CPU_S_SPARE,
    DATA_MARGIN,
    GIB,
    MEMORY_POLL_S,
    Limits,
)
from jaxtutor.runner.host.output import CapturedOutput
from jaxtutor.runner.host.program_requests import ProgramRequests
from jaxtutor.runner.host.run_endings import FORGED, GARBLED, LIMITS, exit_ending

_POLL_S = 0.05  # how often a wait wakes up to look at the clock and the child


class Child(ProgramRequests):
    """One learner process. Start it early (it imports JAX, or is forked by `server`
    with JAX imported), then `load` the learner's file once and make calls; `close`
    kills it and everything it started. Raises OSError if it cannot be started.
    `lesson`: it runs only the lesson's own programs (a pool's TrustedChild), so its
    jail keeps what XLA compiles in `compiled_folder`. `op_by_op`: shapes its warm-up
    runs a squared error's primitives at, if it waits long enough (see warm_up)."""

    def __init__(
        self,
        limits: Limits = Limits(),
        server: ForkServer | None = None,
        submission: str | None = None,
        lesson: bool = False,
        op_by_op: list | None = None,
    ):
        self.limits = limits
        self.op_by_op = op_by_op
        self.mark = uuid.uuid4().hex
        self._nonce = secrets.token_hex(16)
        self._isolated = launch.isolated()
        # jailed, the working folder is a tmpfs that dies with the run; unjailed, a
        # folder of ours, removed by kill()
        self._workdir = (
            None
            if self._isolated
            else tempfile.TemporaryDirectory(prefix="jaxtutor-run-", ignore_cleanup_errors=True)
        )
        # its CPU time for good (a kept child's programs add up); what it says it used
        self.cpu_allowance_s = int(CPU_S_PER_WALL_S * limits.timeout_s + CPU_S_SPARE)
        self.cpu_used_s, self.peak_bytes = 0.0, 0  # CPU seconds, the most memory it held
        spec = {
            "isolate": self._isolated,
            "mark": self.mark,
            "submission": submission,
            "compiled": compiled_folder() if self._isolated else None,
            "lesson": lesson,
            "cwd": self._workdir.name if self._workdir else None,
            "cpu_s": self.cpu_allowance_s,
            "file_bytes": limits.file_bytes,
        }
        req_r, self._req_w = os.pipe()
        self._res_r, res_w = os.pipe()
        # the run's lifeline: the root kills the run when this end closes, which the
        # kernel does however this process ends
        life_r, self._life_w = os.pipe()
        try:
            start = server.spawn if server is not None else launch.popen
            self.proc = start((req_r, res_w, life_r), spec)
        except BaseException:
            for fd in (self._req_w, self._res_r, self._life_w):
                os.close(fd)
            if self._workdir:
                self._workdir.cleanup()
            raise
        finally:
            for fd in (req_r, res_w, life_r):
                os.close(fd)
        # the nonce goes down the request pipe, not argv or the environment, which any
        # process can read; it fits the empty pipe, so this write never blocks
        hello = {"op": "hello", "nonce": self._nonce, "op_by_op": op_by_op}
        wire.write_frame(self._req_w, hello)
        os.set_blocking(self._req_w, False)
        self._output = CapturedOutput(self.proc.stdout, limits.output_bytes)
        self._buffer = bytearray()
        self._next_id = 0
        self._deadline: float | None = None
        self._ready = False
        self._closed = False
        self._gone = threading.Event()  # set once kill() has finished
        self._seen: dict[int, int] = {}  # pid -> start time of every process seen in the run
        self._learner: int | None = None  # jailed: a pidfd of PID 1 of the run's PID namespace
        self._last_poll = 0.0
        # kill() may come from another thread (a UI cancelling a check): the pipes are
        # then closed by the thread that is using them, so no fd number is reused under it
        self._fd_lock = threading.Lock()
        self._user: int | None = None  # the thread inside a request, if any
        self._cancelled = False
        self.killed_for: str | None = None
        self.notes: list[str] = []  # the child's notes on call replies, latest last
        # whether each call of the function is a run of its own: without jit, op by op,
        # or compiled anew for each value of a Python int (its own word: it can only
        # make a check ask for fewer random cases, never pass one)
        self.costly = False
        # whose process this is (see errors.RunEnded): the learner's unless its taker
        # says otherwise; a run that ends is reported as this role's
        self.role = "learner"
        # what it is doing (wire.PHASES), and what it measured on the way: a run that
        # ends is reported by the phase it was in
        self.phase = "start"
        self.measured: dict[str, int] = {}
        self._op = "start"
        # what it measured of the last trace it exported (operations, constants), kept
        # past later requests: evidence about that program in a judge
        self.traced: dict[str, int] = {}

    # -- the conversation ------------------------------------------------------------

    def alive(self) -> bool:
        return not self._closed and not self.proc.exited()

    def is_ready(self) -> bool:
        """True once the child has imported JAX and waits for a job (never blocks)."""
        if not self._ready and self.alive() and select.select([self._res_r], [], [], 0)[0]:
            try:
                self.wait_ready()
            except RunEnded:
                return False
        return self._ready

    def wait_ready(self) -> None:
        if not self._ready:
            with self._using_pipes():
                self._receive(time.monotonic() + STARTUP_TIMEOUT_S, None, startup=True)
            self._ready = True
            if self._isolated:  # before any learner code: the root's only child is ours
                pidfd = procs.pin_only_child(self.proc.pid)
                with self._fd_lock:  # a kill that came first swept the run: drop it
                    if self._closed and pidfd is not None:
                        os.close(pidfd)
                    elif not self._closed:
                        self._learner = pidfd

    @contextlib.contextmanager
    def _using_pipes(self):
        with self._fd_lock:
            if self._closed:
                raise self._ended("internal", "the check was stopped before it finished")
            self._user = threading.get_ident()
        try:
            yield
        finally:
            with self._fd_lock:
                self._user = None
                if self._closed:
                    self._close_fds()

    def load(self, source: str, filename: str, function: str) -> dict:
        """Run the learner's file. From here on the run's clock is ticking."""
        self.wait_ready()
        self._deadline = time.monotonic() + self.limits.timeout_s
        self._backstop()
        reply = self._request(
            {"op": "load", "source": source, "filename": filename, "function": function}
        )
        if reply.get("ok") is True:
            return reply
        return self._learner_error(reply)

    def call_many(self, calls: list[tuple], ahead: Sequence[tuple] = ()) -> list[dict]:
        """Call the learner's function once per argument tuple; one reply per call,
        each {"ok": True, "value": ...} or the learner's exception. `ahead`: the calls
        the next request will make, so the child can plan its compiles (never called;
        only those it plans with are sent, `wire.planned`)."""
        reply = self._request(
            {
                "op": "call",
                "calls": wire.encode_value(list(calls)),
                "ahead": wire.encode_value(wire.planned(ahead)),
            }
        )
        results = reply.get("results")
        if not isinstance(results, list) or len(results) != len(calls):
            self.kill()
            raise self._ended("crashed", GARBLED)
        checked = []
        for result in results:
            if not isinstance(result, dict):
                self.kill()
                raise self._ended("crashed", GARBLED)
            if result.get("ok") is True:
                checked.append({**result, "value": self._decode(result.get("value"))})
            else:
                checked.append(self._learner_error(result))
        if (note := wire.clean_note(reply.get("note"))) is not None:
            self.notes.append(note)
        self.costly = self.costly or reply.get("costly") is True
        return checked

    def restart_clock(self) -> None:
        """Give the next program the whole timeout again, as each `load` does: for a
        judge kept for many programs (pool.TrustedChild), whose clock its first
        `verify` started."""
        if self._deadline is not None:
            self._deadline = time.monotonic() + self.limits.timeout_s

    def request(self, message: dict) -> dict:
        """Send one request and return the child's raw reply, unchecked: for an op that
        has no method of its own. The caller must treat every field as untrusted."""
        return self._request(message)

    def output(self) -> str:
        """What the learner's code printed (cut to the output limit)."""
        return self._output.text(wait=0.5 if self._closed else 0.0)

    def output_so_far(self) -> str:
        """What it printed so far, for a check that has its answers and kills it later."""
        return self._output.text_so_far()

    def _decode(self, value):
        try:
            return wire.decode_value(value)
        except wire.WireError:
            self.kill()
            raise self._ended("crashed", GARBLED) from None

    def _learner_error(self, reply: dict) -> dict:
        """A learner's error report, every field checked; running out of memory under
        the backstop counts as the memory limit, like the poll's."""
        try:
            info = {**reply, **wire.clean_error(reply)}
        except wire.WireError:
            self.kill()
            raise self._ended("crashed", GARBLED) from None
        if info["type"] == "MemoryError" or "RESOURCE_EXHAUSTED" in info["message"][:200]:
            self.kill()
            self.killed_for = "memory"
            raise self._ended(
                "memory",
                f"asked for more memory than allowed ({self.limits.memory_bytes / GIB:g} GiB)",
            )
        return info

    def _request(self, message: dict) -> dict:
        self._next_id += 1
        message["id"] = self._next_id
        self._op = str(message.get("op"))
        self.phase, self.measured = wire.PHASES.get(self._op, (self._op,))[0], {}
        deadline = self._deadline or time.monotonic() + self.limits.timeout_s
        with self._using_pipes():
            self._send(wire.pack_frame(message), deadline)
            reply = self._receive(deadline, self._next_id)
        cpu_s, peak = reply.get("cpu_s"), reply.get("peak_bytes")  # its word: TrustedChild
        if isinstance(cpu_s, float) and isinstance(peak, int):
            self.cpu_used_s, self.peak_bytes = cpu_s, peak
        if reply.get("ok") is False and reply.get("kind") == "internal":
            # the runner failed there, outside the function it runs. In a learner's
            # process its code can break (or fake) anything, so that is neither the
            # learner's crash nor the tutor's internal error: it is the runner's
            self.kill()
            raise self._ended("runner", "it reported an error of its own")
        if (limit := wire.clean_limit(reply)) is not None:  # the child is well: it only
            what = limit.pop("limit")  # could not send what it was asked for
            self.measured.update(limit)
            raise self._ended("limit", LIMITS[what], limit=what)
        return reply

    def _ended(self, kind: str, detail: str, **measured) -> RunEnded:
        """How this child's run ended, with whose process it was, the phase it was in
        and what was measured."""
        return RunEnded(kind, detail, self.role, self.phase, {**self.measured, **measured})

    def _send(self, data: bytes, deadline: float) -> None:
        """Write a request without ever blocking past the deadline: a child that stops
        reading (stopped, or its reader stolen) must end in a timeout, not a hang here."""
        view = memoryview(data)
        while view:
            try:
                view = view[os.write(self._req_w, view) :]
                continue
            except BlockingIOError:
                pass
            except BrokenPipeError:
                raise self._died(startup=False) from None
            self._wait_for(deadline, [], [self._req_w], startup=False)

    def _receive(self, deadline: float, expect_id: int | None, startup: bool = False) -> dict:
        while True:
            frame = self._take_frame()
            if frame is not None:
                if frame.get("nonce") != self._nonce or frame.get("id") != expect_id:
                    self.kill()
                    raise self._ended("crashed", FORGED)
                if "progress" not in frame:
                    return frame
                if (found := wire.clean_progress(self._op, frame)) is not None:
                    self.phase, numbers = found
                    self.measured.update(numbers)
                    if self.phase == "lower":
                        self.traced = numbers
                continue
            if self._wait_for(deadline, [self._res_r], [], startup):
                chunk = os.read(self._res_r, 1 << 20)
                if not chunk:
                    raise self._died(startup)
                self._buffer += chunk

    def _wait_for(self, deadline: float, reads: list, writes: list, startup: bool) -> bool:
        """One short wait for a pipe; meanwhile enforce the deadline and the memory cap,
        and notice a dead child even when a stray still holds its pipes open."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            self.kill()
            if startup:
                raise self._ended("internal", "the checker's process did not start in time")
            raise self._ended(
                "timeout",
                f"still running after {self.limits.timeout_s:g} s",
                limit="clock",
                seconds=self.limits.timeout_s,
            )
        ready = any(select.select(reads, writes, [], min(_POLL_S, remaining))[:2])
        if not ready and self.proc.exited():
            raise self._died(startup)
        if not startup and time.monotonic() - self._last_poll >= MEMORY_POLL_S:
            self._last_poll = time.monotonic()
            self._check_memory()
        return ready

    def _check_memory(self) -> None:
        used = procs.resident_bytes(self.proc.pid, self._seen, jailed=self._learner is not None)
        if used > self.limits.memory_bytes:
            self.kill()
            self.killed_for = "memory"
            raise self._ended(
                "memory", f"used more than {self.limits.memory_bytes / GIB:g} GiB of memory"
            )

    def _backstop(self) -> None:
        limit = self.limits.memory_bytes + DATA_MARGIN
        # hard and soft: the learner's code cannot raise it again (in its own user
        # namespace not even as root); every process of the run, as the child may sit
        # below the isolating `unshare`
        for pid in procs.run_pids(self.proc.pid, self._seen, jailed=self._learner is not None):
            try:
                resource.prlimit(pid, resource.RLIMIT_DATA, (limit, limit))
            except (OSError, ValueError):
                pass  # the poll still holds the cap

    def _take_frame(self) -> dict | None:
        if len(self._buffer) < wire.HEADER_SIZE:
            return None
        try:
            size = wire.frame_size(self._buffer)
        except wire.WireError:
            self.kill()
            raise self._ended(
                "crashed", "your program's process sent an oversized message"
            ) from None
        end = wire.HEADER_SIZE + size
        if len(self._buffer) < end:
            return None
        data = bytes(self._buffer[wire.HEADER_SIZE : end])
        del self._buffer[:end]
        try:
            return wire.decode_frame(data)
        except wire.WireError:
            self.kill()
            raise self._ended("crashed", GARBLED) from None

    def _died(self, startup: bool) -> RunEnded:
        if self._cancelled:
            return self._ended("internal", "the check was stopped before it finished")
        # its pipe closed: let it finish exiting, so its own exit code is reported, not our kill
        grace = time.monotonic() + 1.0
        while not self.proc.exited() and time.monotonic() < grace:
            time.sleep(0.01)
        hung_up = not self.proc.exited()
        self.kill()
        code = self.proc.returncode
        assert code is not None  # kill() reaped it
        kind, detail, measured = exit_ending(
            code,
            hung_up=hung_up,
            startup=startup,
            cpu_allowance_s=self.cpu_allowance_s,
            output=self.output,
        )
        return self._ended(kind, detail, **measured)

    # -- the end ---------------------------------------------------------------------

    def kill(self) -> None:
        """Kill the child and everything it started: jailed, its PID namespace; else its
        group, its session, its descendants (it is their subreaper), every process seen
        in the run, and strays that carry its mark. Only then is the child reaped.
        Returns once all of that is gone, also when another thread started the kill."""
        with self._fd_lock:
            first, self._closed = not self._closed, True
            if first:  # another thread is waiting on the child: it sees the pipe close
                self._cancelled = self._user not in (None, threading.get_ident())
        if not first:
            self._gone.wait()
            return
        try:
            if self._learner is not None:
                self._end_namespace(self._learner)
            else:
                killed = procs.sweep(self.proc.pid, self.mark, self._seen)
                self.proc.wait()
                # a killed process may take a moment to die (freeing gigabytes, say): return
                # only once none is left running, so "killed" means gone
                deadline = time.monotonic() + 5.0
                while procs.alive(killed - {self.proc.pid}) and time.monotonic() < deadline:
                    time.sleep(0.002)
            with self._fd_lock:
                if self._user is None:
                    self._close_fds()
            os.close(self._life_w)
            if self._workdir:
                self._workdir.cleanup()
        finally:
            self._gone.set()

    def _end_namespace(self, pidfd: int) -> None:
        """Kill a jailed run without looking through /proc: the learner's process is PID 1
        of the run's own PID namespace, which none of its processes can leave; its death
        makes the kernel kill the rest, and it is seen to exit (the pidfd turns readable)
        only once they are all gone, memory freed."""
        try:
            signal.pidfd_send_signal(pidfd, signal.SIGKILL)
        except OSError:
            pass  # it has exited already, and its namespace with it
        with contextlib.suppress(ProcessLookupError):  # unreaped until wait(): still ours
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        select.select([pidfd], [], [], 5.0)
        os.close(pidfd)

    def _close_fds(self) -> None:
        for fd in (self._req_w, self._res_r):
            try:
                os.close(fd)
            except OSError:
                pass
        self._req_w = self._res_r = -1

    close = kill

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc) -> None:
        self.kill()


def start_child(limits: Limits, server: ForkServer | None, **child_args) -> Child:
    """A new child: forked from `server` while it is usable (waiting for its JAX import
    if need be, still sooner than a fresh import), else a fresh process."""
    if server is not None and server.usable():
        try:
            return Child(limits, server=server, **child_args)
        except OSError:  # the server is gone: it says so from now on
            pass
    return Child(limits, **child_args)


def kill_all(children: list[Child]) -> None:
    """Kill children side by side: each kill waits for its run's processes to be gone,
    memory freed."""
    killing = [threading.Thread(target=c.kill) for c in children[1:]]
    for thread in killing:
        thread.start()
    if children:
        children[0].kill()
    for thread in killing:
        thread.join()

"""The trusted side of the runner: the only door to learner code.

A `Child` is one child process (see child.py) in its own process group, with a
wall-clock deadline, a resident-memory cap watched from here, and its prints captured
on a pipe of their own (first 64 KiB kept, the rest drained and dropped, so a flood
never blocks it). Results come back on a separate pipe as plain-data frames, and
nothing the child says is a verdict: the oracles compare its numbers here.
"""

from __future__ import annotations

import os
import resource
import select
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from dataclasses import dataclass

from jaxtutor.runner import wire

GIB = 1024**3
STARTUP_TIMEOUT_S = 60.0  # importing JAX on a busy machine; never blamed on the learner
_POLL_S = 0.05
_RUN_MARK = "JAXTUTOR_RUN"  # every process of one run carries it, so strays can be found


@dataclass(frozen=True)
class Limits:
    timeout_s: float = 10.0
    memory_bytes: int = 2 * GIB
    output_bytes: int = 64 * 1024


class RunEnded(Exception):
    """The child stopped answering: `kind` is timeout, memory, crashed or internal."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


class LearnerRaised(Exception):
    """The learner's code raised; `info` is the child's plain-data report of it."""

    def __init__(self, info: dict):
        super().__init__(info.get("message", ""))
        self.info = info
        self.diagnosis = None  # an oracle may recognise the mistake behind the exception


class _Output:
    """Drains one pipe in a thread: keeps the first `limit` bytes, counts the rest."""

    def __init__(self, stream, limit: int):
        self._stream, self._limit = stream, limit
        self._kept = bytearray()
        self.total = 0
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while chunk := self._stream.read1(65536):
            self.total += len(chunk)
            room = self._limit - len(self._kept)
            if room > 0:
                self._kept += chunk[:room]
        self._stream.close()

    def text(self, wait: float = 0.0) -> str:
        self._thread.join(wait)
        text = self._kept.decode("utf-8", "replace")
        if self.total > self._limit:
            text += f"\n... output cut: {self.total - self._limit} more bytes not shown"
        return text


def _rss_of_group(pgid: int) -> int:
    """Resident bytes of every process in the group (the learner may start others)."""
    total = 0
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            if int(fields[2]) == pgid:  # field 5 of stat: the process group
                total += int(fields[21]) * page  # field 24: resident pages
        except (OSError, IndexError, ValueError):
            continue
    return total


def _kill_marked(mark: str) -> None:
    """Kill strays that left the process group but still carry this run's mark."""
    needle = f"{_RUN_MARK}={mark}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle in f.read().split(b"\0"):
                    os.kill(int(entry), signal.SIGKILL)
        except (OSError, ValueError):
            continue


def _child_limits() -> None:  # runs in the child between fork and exec
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


class Child:
    """One learner process. Start it early (it imports JAX), then `load` the learner's
    file once and make calls; `close` kills it and everything it started."""

    def __init__(self, limits: Limits = Limits()):
        self.limits = limits
        self.mark = uuid.uuid4().hex
        self._workdir = tempfile.TemporaryDirectory(prefix="jaxtutor-run-", ignore_cleanup_errors=True)
        req_r, self._req_w = os.pipe()
        self._res_r, res_w = os.pipe()
        env = dict(os.environ, JAX_PLATFORMS="cpu", PYTHONUNBUFFERED="1",
                   TF_CPP_MIN_LOG_LEVEL="3", **{_RUN_MARK: self.mark})
        try:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "jaxtutor.runner.child", str(req_r), str(res_w)],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                pass_fds=(req_r, res_w), cwd=self._workdir.name, env=env,
                start_new_session=True, preexec_fn=_child_limits)
        finally:
            os.close(req_r)
            os.close(res_w)
        self._output = _Output(self.proc.stdout, limits.output_bytes)
        self._buffer = bytearray()
        self._next_id = 0
        self._deadline: float | None = None
        self._ready = False
        self._closed = False
        self.killed_for: str | None = None

    # -- the conversation ------------------------------------------------------------

    def alive(self) -> bool:
        return not self._closed and self.proc.poll() is None

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
            self._receive(time.monotonic() + STARTUP_TIMEOUT_S, startup=True)
            self._ready = True

    def load(self, source: str, filename: str, function: str) -> dict:
        """Run the learner's file. From here on the run's clock is ticking."""
        self.wait_ready()
        self._deadline = time.monotonic() + self.limits.timeout_s
        return self._request({"op": "load", "source": source, "filename": filename,
                              "function": function})

    def call_many(self, calls: list[tuple]) -> list[dict]:
        """Call the learner's function once per argument tuple; one reply per call,
        each {"ok": True, "value": ...} or the learner's exception."""
        reply = self._request({"op": "call", "calls": wire.encode_value(list(calls))})
        results = reply.get("results")
        if not isinstance(results, list) or len(results) != len(calls):
            raise RunEnded("crashed", "the answer from your program's process was garbled")
        for result in results:
            if result.get("ok") is True:
                result["value"] = wire.decode_value(result.get("value"))
        return results

    def structure(self, args: tuple, watch: tuple[int, ...]) -> dict:
        """Trace the learner's function: primitive names, and for each scan whether it
        scans over data derived from the arguments at positions `watch`."""
        return self._request({"op": "structure", "args": wire.encode_value(tuple(args)),
                              "watch": list(watch)})

    def output(self) -> str:
        """What the learner's code printed (cut to the output limit)."""
        return self._output.text(wait=0.5 if self._closed else 0.0)

    def _request(self, message: dict) -> dict:
        self._next_id += 1
        message["id"] = self._next_id
        try:
            wire.write_frame(self._req_w, message)
        except OSError:
            self._receive(self._deadline or time.monotonic())  # find out how it died
            raise RunEnded("crashed", "your program's process stopped early")
        reply = self._receive(self._deadline)
        if reply.get("id") != self._next_id:
            raise RunEnded("crashed", "your program's process sent something the tutor did not ask for")
        return reply

    def _receive(self, deadline: float, startup: bool = False) -> dict:
        tick = 0
        while True:
            frame = self._take_frame()
            if frame is not None:
                return frame
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self.kill()
                if startup:
                    raise RunEnded("internal", "the checker's process did not start in time")
                raise RunEnded("timeout", f"still running after {self.limits.timeout_s:g} s")
            readable, _, _ = select.select([self._res_r], [], [], min(_POLL_S, remaining))
            if readable:
                chunk = os.read(self._res_r, 1 << 20)
                if not chunk:
                    raise self._died(startup)
                self._buffer += chunk
            tick += 1
            if tick % 2 == 0 and _rss_of_group(self.proc.pid) > self.limits.memory_bytes:
                self.kill()
                self.killed_for = "memory"
                limit = self.limits.memory_bytes / GIB
                raise RunEnded("memory", f"used more than {limit:g} GiB of memory")

    def _take_frame(self) -> dict | None:
        if len(self._buffer) < 4:
            return None
        size = int.from_bytes(self._buffer[:4], "big")
        if size > wire.MAX_FRAME:
            self.kill()
            raise RunEnded("crashed", "your program's process sent an oversized message")
        if len(self._buffer) < 4 + size:
            return None
        data = bytes(self._buffer[4:4 + size])
        del self._buffer[:4 + size]
        try:
            return wire.decode_frame(data)
        except wire.WireError:
            self.kill()
            raise RunEnded("crashed", "your program's process sent a garbled message") from None

    def _died(self, startup: bool) -> RunEnded:
        code = self.proc.wait()
        self.kill()
        if startup:
            return RunEnded("internal", f"the checker's process failed to start (exit code {code}): "
                            + self.output()[-2000:])
        if code < 0:
            name = signal.Signals(-code).name
            return RunEnded("crashed", f"your program's process was killed by {name}")
        return RunEnded("crashed", f"your program's process exited (exit code {code}) "
                        "before the tutor had its answers")

    # -- the end ---------------------------------------------------------------------

    def kill(self) -> None:
        """Kill the child's whole process group and any strays that carry its mark."""
        if self._closed:
            return
        self._closed = True
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        _kill_marked(self.mark)
        self.proc.wait()
        for fd in (self._req_w, self._res_r):
            try:
                os.close(fd)
            except OSError:
                pass
        self._workdir.cleanup()

    close = kill

    def __enter__(self) -> Child:
        return self

    def __exit__(self, *exc) -> None:
        self.kill()

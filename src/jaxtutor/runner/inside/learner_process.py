"""The untrusted side: the jailed process that imports JAX, runs the learner's file and
answers requests with plain data. It never judges anything; the trusted side does.

Started as `python -P -m jaxtutor.runner.inside.learner_process REQUEST_FD RESULT_FD
LIFELINE_FD SPEC`, or forked by the fork server (forkserver.py); either way it imports
JAX, is jailed (jail.py) and calls `run`. It reads the run's nonce (the first frame),
hides its pipe ends from the learner's code, imports JAX at once unless it already has
(so a warm child is ready before the learner presses "check"), says "ready", then serves:
load (learner_file.py), call and export (learner_calls.py), verify (verify.py), exit.
Every reply carries the request's id, the nonce and the CPU time the process has used.
"""

from __future__ import annotations

import fcntl
import json
import os
import resource
import secrets
import sys
import time
import traceback
from gc import collect  # bound now: the learner's code may replace gc.collect

# every module this process runs is imported here, before the jail hides the jaxtutor
# package from the run: none may be imported later
from jaxtutor.runner import wire
from jaxtutor.runner.inside import (
    compiles,
    jail,
    learner_calls,
    learner_file,
    progress,
    verify,
    warm_up,
)


def _verify(request: dict) -> dict:
    """Only ever sent to a child that was never sent a learner's file (see verify.py)."""
    if "filename" in learner_file.LEARNER:  # a file was sent here: this child is not clean
        return {"ok": False, "kind": "internal", "message": "verify after load"}
    return verify.verify(request)


_HANDLERS = {
    "load": learner_file.load,
    "call": learner_calls.call,
    "compiles": learner_calls.count_compiles,
    "export": learner_calls.export,
    "verify": _verify,
}


def _private_fd(fd: int) -> int:
    """Move one of the runner's pipe ends out of the learner's way: to a random high
    number, close-on-exec (programs the learner starts never inherit it), and close the
    well-known original. This stops blind forgeries (printing a fake reply, writing one
    to every descriptor from 3 to 20). It cannot stop code in this process that lists
    /proc/self/fd; the nonce rejects such a frame unless the code also reads the nonce
    from this process's memory, which it can. So nothing here is trusted: the child only
    sends numbers, and the verdict is decided outside against an independent reference."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    top = max(min(soft, 1 << 16), 256)
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, top // 2 + secrets.randbelow(top // 4))
    os.close(fd)
    return moved


def main() -> None:
    request_fd, result_fd, lifeline = map(int, sys.argv[1:4])
    warm_up.import_jax()  # before the jail: its namespaces need a single thread, as here
    jail.enter(json.loads(sys.argv[4]), lifeline, (request_fd, result_fd))
    run(request_fd, result_fd)


def run(request_fd: int, result_fd: int) -> None:
    """Serve one learner's run on these pipe ends; never returns."""
    hello = wire.read_frame(request_fd)  # sent at spawn, before any learner code exists
    nonce = hello.get("nonce")
    request_fd, result_fd = _private_fd(request_fd), _private_fd(result_fd)
    warm_up.import_jax()
    wire.write_frame(result_fd, {"ok": True, "ready": True, "nonce": nonce})
    warm_up.warm_up_if_idle(request_fd, hello.get("op_by_op"))
    try:
        _serve(request_fd, result_fd, nonce)
    # end quietly (a traceback would show the runner's frames in the learner's output),
    # with a code that says how: the trusted side words the verdict from it
    except OSError:  # our pipes, closed or broken inside this process: the learner's code
        os._exit(wire.EXIT_PIPES_LOST)
    except BaseException:  # the runner's own code raised (a signal of the learner's, say)
        os._exit(wire.EXIT_RUNNER_FAILED)


# How long a child waits for its next request before it collects its garbage, while
# nobody waits on it: a full collection is then rarely due in the middle of a check. A
# check's requests come sooner than this, a learner's next check later
_REST_AFTER_MS = 1000


def _serve(request_fd: int, result_fd: int, nonce) -> None:
    while True:
        if warm_up.idle(request_fd, _REST_AFTER_MS):
            collect()
        try:
            request = wire.read_frame(request_fd)
        except EOFError:
            os._exit(0)
        handler = _HANDLERS.get(request.get("op"))
        if handler is None:
            os._exit(0)
        compiles.finish_ahead()  # what the last call compiles for this one
        stamp = {"id": request.get("id"), "nonce": nonce}

        def send(frame: dict, stamp: dict = stamp) -> None:
            wire.write_frame(result_fd, {**frame, **stamp})

        try:
            with progress.reporting(send):
                reply = handler(request)
        except Exception:  # a bug of the runner's own (the learner's errors are caught inside)
            reply = {"ok": False, "kind": "internal", "message": traceback.format_exc(limit=-4)}
        # the CPU time this process used, which its RLIMIT_CPU counts, and the most memory
        # it has held: a trusted child kept for many programs is replaced before either
        # runs out (pool.TrustedChild)
        peak_bytes = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        reply.update(stamp, cpu_s=time.process_time(), peak_bytes=peak_bytes)
        _write(result_fd, reply)


def _write(fd: int, reply: dict) -> None:
    """Send a reply; one larger than a frame (answers of many megabytes) is replaced by
    a "limit" reply that says how large it was: the tutor's limit, not a crash."""
    try:
        frame = wire.pack_frame(reply)
    except wire.WireError:
        size = len(json.dumps(reply, separators=(",", ":")))
        stamp = {k: reply.get(k) for k in ("id", "nonce", "cpu_s", "peak_bytes")}
        frame = wire.pack_frame(
            {"ok": False, "kind": "limit", "limit": "reply", "bytes": size, **stamp}
        )
    view = memoryview(frame)
    while view:
        view = view[os.write(fd, view) :]


if __name__ == "__main__":
    main()

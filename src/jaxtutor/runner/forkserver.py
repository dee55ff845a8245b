"""The fork server: imports JAX once, then forks a child per check.

Started by launch.ForkServer as `python -m jaxtutor.runner.forkserver SOCKET_FD`. It never
runs learner code and never initialises an XLA backend, so it stays single-threaded
(numpy's BLAS is told to use one thread) and forking it is safe. Requests, one JSON
record each on a SOCK_SEQPACKET socket:
- spawn {cwd, mark, isolate} with three fds (requests, results, prints): fork a root
  that enters its own session and, when `isolate`, new user, PID and network namespaces,
  then forks the learner's process (PID 1 there) and mirrors its exit status, as
  `unshare --fork --kill-child` does for a fresh child. Replies {pid} of the root.
- reap {pid}: wait for that root (already killed by the trusted side), reply {code}.
Roots are reaped only on request, so their pids stay reserved until the trusted side
has swept the run. The end of the socket ends the server.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import socket
import sys

from jaxtutor.runner import child, procs

_CLONE_NEWUSER, _CLONE_NEWPID, _CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
_PR_SET_PDEATHSIG = 1


def main() -> None:
    sock = socket.socket(fileno=int(sys.argv[1]))
    child.import_jax()
    sock.send(json.dumps({"ready": True}).encode())
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, 65536, 3)
        except OSError:
            os._exit(0)
        if not data:
            os._exit(0)  # the tutor has gone
        try:
            reply = _answer(json.loads(data), fds, sock)
        except Exception as exc:  # a bad request is the tutor's bug: say so, keep serving
            reply = {"error": repr(exc)}
        finally:
            for fd in fds:
                os.close(fd)
        sock.send(json.dumps(reply).encode())


def _answer(request: dict, fds: list[int], sock: socket.socket) -> dict:
    if request["op"] == "spawn":
        if len(fds) != 3:
            raise ValueError("spawn needs three fds")
        return {"pid": _spawn(request, fds, sock)}
    if request["op"] == "reap":
        _pid, status = os.waitpid(request["pid"], 0)
        return {"code": os.waitstatus_to_exitcode(status)}
    raise ValueError(f"unknown op {request['op']!r}")


def _spawn(request: dict, fds: list[int], sock: socket.socket) -> int:
    pid = os.fork()
    if pid:
        return pid
    try:  # the root: nothing here may return into the server's loop
        sock.close()
        request_fd, result_fd, out = fds
        _only_fds(request_fd, result_fd, out)
        os.setsid()
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(out)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        os.chdir(request["cwd"])
        os.environ[procs.RUN_MARK] = request["mark"]  # for programs the learner starts
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # mirroring a SIGSEGV leaves no core
        libc = ctypes.CDLL(None, use_errno=True)
        if request["isolate"] and libc.unshare(_CLONE_NEWUSER | _CLONE_NEWPID | _CLONE_NEWNET):
            os._exit(72)  # the trusted side sees a child that failed to start
        learner = os.fork()
        if learner == 0:
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # killing the root kills the run
            import numpy as np

            np.random.seed()  # not the same "random" numbers in every forked child
            child.run(request_fd, result_fd)
        os.close(request_fd)
        os.close(result_fd)
        _mirror(learner)
    finally:
        os._exit(71)


def _only_fds(*keep: int) -> None:
    """Close everything the server had open but these (and the standard streams)."""
    for name in os.listdir("/proc/self/fd"):
        fd = int(name)
        if fd > 2 and fd not in keep:
            try:
                os.close(fd)
            except OSError:
                pass  # the listing's own descriptor, already closed


def _mirror(learner: int) -> None:
    """Wait for the learner's process and end the same way."""
    _pid, status = os.waitpid(learner, 0)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        if -code != signal.SIGKILL:
            signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    os._exit(code & 0xFF)


if __name__ == "__main__":
    main()

"""The fork server: imports JAX once, then forks a child per check.

Started by launch.ForkServer as `python -m jaxtutor.runner.inside.forkserver SOCKET_FD
[LIBRARY...]`, importing the libraries named with JAX. It never runs learner code and
never initialises an XLA backend, so it stays single-threaded (numpy's BLAS is told to
use one thread) and forking it is safe.

Shared (`--listen PATH CONTROL_FD [LIBRARY...]`, started by launch.SharedForkServer for
`serve`'s visitors): it listens on a Unix socket at PATH and forks, for each
connection, a server of the kind above that answers that connection only. A
connection's roots are that server's children, so one visitor's tutor can neither reap
nor see another's, and its server ends with the connection. The end of CONTROL_FD ends
the listener.

Requests, one JSON record each on a SOCK_SEQPACKET socket:
- spawn {jail} with four fds (requests, results, lifeline, prints): fork a root that
  enters its own session and jails the learner's process below it (jail.enter, as a
  fresh child does). Replies {pid} of the root.
- reap {pid}: wait for that root (already killed by the trusted side), reply {code}.
Roots are reaped only on request, so their pids stay reserved until the trusted side
has swept the run. The end of the socket ends the server.
"""

from __future__ import annotations

import json
import os
import select
import socket
import sys

from jaxtutor.runner.inside import jail, learner_process, warm_up


def main() -> None:
    if sys.argv[1] == "--listen":
        listen(sys.argv[2], socket.socket(fileno=int(sys.argv[3])), sys.argv[4:])
    sock = socket.socket(fileno=int(sys.argv[1]))
    warm_up.import_jax()
    warm_up.import_libraries(sys.argv[2:])
    warm_up.keep_heap()
    serve(sock)


def listen(path: str, control: socket.socket, libraries: list[str]) -> None:
    """Import JAX once, then fork a server per connection on `path` (never returns)."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    old = os.umask(0o077)  # the socket's own mode; its folder is private too
    try:
        listener.bind(path)
    finally:
        os.umask(old)
    listener.listen(64)  # bound first: a tutor that connects meanwhile waits for the import
    warm_up.import_jax()
    warm_up.import_libraries(libraries)
    warm_up.keep_heap()
    control.send(json.dumps({"ready": True}).encode())
    while True:
        _reap_servers()
        ready = select.select([listener, control], [], [], 5.0)[0]
        if control in ready and not control.recv(16):
            os._exit(0)  # `serve` has gone
        if listener in ready:
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            if os.fork() == 0:  # this connection's server
                try:
                    listener.close()
                    control.close()
                    serve(conn)
                finally:
                    os._exit(0)
            conn.close()


def _reap_servers() -> None:
    """Reap connections' servers that ended (their tutor closed the connection)."""
    while True:
        try:
            pid, _status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def serve(sock: socket.socket) -> None:
    """Answer one tutor's requests until it closes the socket (never returns)."""
    sock.send(json.dumps({"ready": True}).encode())
    while True:
        try:
            data, fds, _flags, _addr = socket.recv_fds(sock, 65536, 4)
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
        if len(fds) != 4:
            raise ValueError("spawn needs four fds")
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
        request_fd, result_fd, lifeline, out = fds
        # the run ends with the tutor (its lifeline), not with this server: a server that
        # died leaves the tutor's runs to finish, and the tutor to judge them
        _only_fds(request_fd, result_fd, lifeline, out)
        os.setsid()
        os.dup2(out, 1)
        os.dup2(out, 2)
        os.close(out)
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        spec = request["jail"]
        if spec.get("cwd"):
            os.chdir(spec["cwd"])
        jail.enter(spec, lifeline, (request_fd, result_fd))
        import numpy as np

        np.random.seed()  # not the same "random" numbers in every forked child
        learner_process.run(request_fd, result_fd)
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


if __name__ == "__main__":
    main()

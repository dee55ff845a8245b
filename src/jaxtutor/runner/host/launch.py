"""How a learner's child process is started, and how its end is seen: the trusted side.

Two ways, one shape (`Started`):
- `popen`: a fresh Python process that imports JAX itself (the slow part of a cold
  start). A single `jaxtutor check` uses it, and so does everything when the fork server
  is unavailable.
- `ForkServer.spawn`: one process imports JAX once and forks a child per check. It
  runs no learner code, and it has initialised no XLA backend, so it is single-threaded
  and fork is safe; each forked child starts its own backend, far cheaper than the
  import. The warm pool uses it: grading a class no longer pays JAX's import once per
  submission.

Either way the learner's process (runner/inside/learner_process.py) is jailed the same
way (runner/inside/jail.py) below a root
that mirrors its exit status and kills it when the tutor's end of the run's lifeline
closes. The root's pid names the run for the kill and the /proc sweep.
"""

from __future__ import annotations

import functools
import json
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading

from jaxtutor.runner.host import procs

STARTUP_TIMEOUT_S = 60.0  # importing JAX on a busy machine; never blamed on the learner


_PROBING = threading.Lock()


def protections() -> dict:
    """What jails a child on this machine (runner/inside/jail.py), as a jailed probe that runs
    nothing reports it from inside: namespaces, filesystem, capabilities_dropped,
    no_new_privs, seccomp, pid_namespace. Where the namespaces are refused, what the
    unjailed fallback keeps; empty when even that probe failed. Probed once: threads
    asking meanwhile wait for it (the app's first second asks several times, and a probe
    each would take CPU from the fork server's import of JAX)."""
    with _PROBING:
        return _protections()


@functools.cache
def _protections() -> dict:
    return _probe(isolate=True) or _probe(isolate=False)


def _probe(isolate: bool) -> dict:
    try:
        probe = subprocess.run(
            [
                sys.executable,
                "-P",
                "-m",
                "jaxtutor.runner.inside.jail",
                json.dumps({"isolate": isolate}),
            ],
            capture_output=True,
            timeout=30,
            env=child_env(),
            cwd="/",
        )
        found = json.loads(probe.stdout.decode().strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError):
        return {}
    return found if isinstance(found, dict) else {}


def isolated() -> bool:
    """Whether a child gets its own namespaces and file system here; without them it
    still runs, with only its limits, no_new_privs and seccomp between it and the user."""
    found = protections()
    return bool(found.get("namespaces") and found.get("filesystem"))


def child_env(**extra: str) -> dict[str, str]:
    # one BLAS thread: the tutorial's arrays are tiny, and the fork server must stay
    # single-threaded (numpy's OpenBLAS would start a thread per core at import)
    env = {k: v for k, v in os.environ.items() if k != SHARED_FORKS_ENV}  # not a run's
    return dict(
        env,
        JAX_PLATFORMS="cpu",
        PYTHONUNBUFFERED="1",
        TF_CPP_MIN_LOG_LEVEL="3",
        OPENBLAS_NUM_THREADS="1",
        **extra,
    )


class Started:
    """A started child as the trusted side sees it. `pid` is the run's root, which
    only launches the learner's process (its memory is not the learner's); `stdout`
    carries the learner's prints."""

    pid: int
    stdout: object
    returncode: int | None = None

    def exited(self) -> bool:
        """Whether the root has exited, without reaping it: while it is an unreaped
        zombie its pid (its group's and session's id) cannot be reused, so a sweep
        cannot hit an unrelated process."""
        raise NotImplementedError

    def wait(self) -> int:
        """Reap the root (after it was killed) and return its exit code, Popen-style."""
        raise NotImplementedError


class _Popened(Started):
    def __init__(self, proc: subprocess.Popen):
        self._proc, self.pid, self.stdout = proc, proc.pid, proc.stdout

    def exited(self) -> bool:
        if self._proc.returncode is not None:
            return True
        try:
            return os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def wait(self) -> int:
        self.returncode = self._proc.wait()
        return self.returncode


def popen(fds: tuple[int, int, int], spec: dict) -> Started:
    """A fresh child: `python -P -m jaxtutor.runner.inside.learner_process REQUEST RESULT
    LIFELINE SPEC` (-P: the tutor's working folder is not on its path, nor then in its jail)."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-P",
            "-m",
            "jaxtutor.runner.inside.learner_process",
            *map(str, fds),
            json.dumps(spec),
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        pass_fds=fds,
        cwd=spec.get("cwd") or "/",
        env=child_env(**{procs.RUN_MARK: spec.get("mark", "")}),  # the sweep's last net
        start_new_session=True,
    )  # no preexec_fn (unsafe with threads): the child jails itself
    return _Popened(proc)


class ServerGone(OSError):
    """The fork server is not running (it failed to start, or it died): start fresh."""


# what lessons' files import beyond JAX: a fork server imports it once for all its
# children (about 0.1 s each), where they would each import it again
COURSE_LIBRARIES = ("optax",)


def libraries_named(path: str) -> tuple[str, ...]:
    """The course's libraries whose name a learner's file holds (in its first MiB): all
    a one-off check's fork server need import, since a child that imports another one
    (the lesson's own programs, a name built at run time) still can."""
    try:
        if not os.path.isfile(path):  # a pipe would block the open: `check` refuses it
            return ()
        with open(path, "rb") as f:
            head = f.read(1 << 20)
    except OSError:
        return ()
    return tuple(name for name in COURSE_LIBRARIES if name.encode() in head)


class ForkServer:
    """The trusted side's handle on a fork server (runner/inside/forkserver.py). Requests are
    one JSON record each on a SOCK_SEQPACKET socket, the child's pipe ends riding along
    as SCM_RIGHTS; one request at a time, from any thread. It imports `libraries` with
    JAX."""

    def __init__(self, libraries: tuple[str, ...] = COURSE_LIBRARIES):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-P",
                    "-m",
                    "jaxtutor.runner.inside.forkserver",
                    str(theirs.fileno()),
                    *libraries,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                env=child_env(),
                start_new_session=True,
            )
        finally:
            theirs.close()
        self._sock: socket.socket | None = ours  # a shared connection's: made at first use
        self._lock = threading.Lock()
        self._ready = False
        self._gone = False

    def usable(self) -> bool:
        """Not known to be gone (it may still be importing JAX)."""
        return not self._gone and self.proc.poll() is None

    def _open(self) -> socket.socket:
        assert self._sock is not None  # made in __init__
        return self._sock

    def spawn(self, fds: tuple[int, int, int], spec: dict) -> Started:
        """Like `popen`, forked; waits while the server is still importing JAX.
        Raises ServerGone."""
        out_r, out_w = os.pipe()
        try:
            reply = self._ask({"op": "spawn", "jail": spec}, (*fds, out_w))
        except BaseException:
            os.close(out_r)
            raise
        finally:
            os.close(out_w)
        pid = reply.get("pid")
        if not isinstance(pid, int):
            os.close(out_r)
            raise ServerGone(f"the fork server could not start a child: {reply.get('error')}")
        try:
            return ForkedChild(self, pid, os.fdopen(out_r, "rb"))
        except OSError:  # no pidfd (a kernel before 5.3): this child cannot be watched
            os.kill(pid, signal.SIGKILL)
            self.reap(pid)
            raise ServerGone("this kernel cannot watch a forked child") from None

    def reap(self, pid: int) -> int:
        code = self._ask({"op": "reap", "pid": pid}).get("code")
        if not isinstance(code, int):
            raise ServerGone("the fork server could not reap a child")
        return code

    def _ask(self, request: dict, fds: tuple[int, ...] = ()) -> dict:
        with self._lock:
            if not self.usable():
                raise ServerGone("the fork server is not running")
            try:
                sock = self._open()
                self._await_ready(sock)
                socket.send_fds(sock, [json.dumps(request).encode()], list(fds))
                return self._receive(sock, timeout=STARTUP_TIMEOUT_S)
            except OSError as exc:
                self._gone = True
                raise ServerGone(f"the fork server stopped answering: {exc}") from None

    def _await_ready(self, sock: socket.socket) -> None:
        if not self._ready:
            if self._receive(sock, timeout=STARTUP_TIMEOUT_S).get("ready") is not True:
                self._gone = True
                raise ServerGone("the fork server did not start")
            self._ready = True

    @staticmethod
    def _receive(sock: socket.socket, timeout: float) -> dict:
        if not select.select([sock], [], [], timeout)[0]:
            raise ServerGone("the fork server did not answer in time")
        data = sock.recv(65536)
        if not data:
            raise ServerGone("the fork server exited")
        try:
            reply = json.loads(data)
        except ValueError:
            reply = None
        if not isinstance(reply, dict):
            raise ServerGone("the fork server's answer was garbled")
        return reply

    def close(self) -> None:
        """Stop the server (it holds nothing: killing it is the quickest way). Children
        it forked live on in their own sessions; init reaps their roots."""
        self._gone = True
        self.proc.kill()
        self.proc.wait()
        with self._lock:  # a thread waiting on the socket sees its end first
            if self._sock is not None:
                self._sock.close()


def fork_server(libraries: tuple[str, ...] = COURSE_LIBRARIES) -> ForkServer | None:
    """A fork server, starting its imports now; None where none can start (out of
    processes): each child is then a fresh process."""
    try:
        return ForkServer(libraries)
    except OSError:
        return None


class SharedForkConnection(ForkServer):
    """This tutor's connection to a fork server shared with other tutors (`serve`'s
    visitors: see SharedForkServer), made at the first request, so a tutor that never
    checks costs the server nothing. The far end is a server for this connection alone."""

    def __init__(self, path: str):
        self.path = path
        self._sock = None
        self._lock = threading.Lock()
        self._ready = False
        self._gone = False

    def usable(self) -> bool:
        return not self._gone

    def _open(self) -> socket.socket:
        if self._sock is None:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
            try:
                sock.connect(self.path)
            except OSError:
                sock.close()
                raise
            self._sock = sock
        return self._sock

    def close(self) -> None:
        """Hang up: the far end's server ends; the children it forked live on, like a
        private server's."""
        self._gone = True
        sock = self._sock
        if sock is not None:
            try:  # wakes a thread waiting for an answer, which holds the lock
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        with self._lock:
            if self._sock is not None:
                self._sock.close()


SHARED_FORKS_ENV = "JAXTUTOR_FORK_SERVER"  # a shared fork server's socket, for `serve`'s sessions


class SharedForkServer:
    """One fork server for many tutors (`serve`'s sessions), listening on a Unix socket
    in a folder of its own, readable by this user only. Each tutor connects with
    SharedForkConnection and gets a server of its own, forked from this one with JAX
    imported: JAX's pages are in memory once for all of them. Jailed runs cannot reach
    the socket (their file system and network are their own); unjailed ones run as this
    user anyway."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="jaxtutor-forks-")  # mode 0700
        self.path = os.path.join(self.folder, "forks.sock")
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-P",
                    "-m",
                    "jaxtutor.runner.inside.forkserver",
                    "--listen",
                    self.path,
                    str(theirs.fileno()),
                    *COURSE_LIBRARIES,
                ],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                env=child_env(),
                start_new_session=True,
            )
        except BaseException:
            ours.close()
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        finally:
            theirs.close()
        self._control = ours  # its end ends the listener, however this process ends

    def wait_ready(self, timeout: float = STARTUP_TIMEOUT_S) -> bool:
        """Whether it imported JAX and listens (for tests and benchmarks)."""
        if not select.select([self._control], [], [], timeout)[0]:
            return False
        return self._control.recv(64) != b""

    def close(self) -> None:
        """Stop listening; each tutor's own server ends when that tutor hangs up."""
        self._control.close()
        self.proc.kill()
        self.proc.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


class ForkedChild(Started):
    """A child forked by the server: the server is its parent, so its end is seen
    through a pidfd and its status comes from the server, which reaps it on request."""

    def __init__(self, server: ForkServer, pid: int, stdout):
        self._server, self.pid, self.stdout = server, pid, stdout
        self._pidfd = os.pidfd_open(pid)  # before anyone could reap `pid`: the server waits for us
        # a check's thread asks whether it lives while another's kill reaps it: the pidfd
        # is closed, and its status set, under this lock, never between a look and a select
        self._reaped = threading.Lock()

    def exited(self) -> bool:
        with self._reaped:
            return self.returncode is not None or bool(select.select([self._pidfd], [], [], 0)[0])

    def wait(self) -> int:
        if self.returncode is None:
            try:
                status = self._server.reap(self.pid)
            except ServerGone:  # init reaps it; the status is lost
                select.select([self._pidfd], [], [])
                status = -signal.SIGKILL
            with self._reaped:
                if self.returncode is None:
                    self.returncode = status
                    os.close(self._pidfd)
        return self.returncode

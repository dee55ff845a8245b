"""`jaxtutor serve`: the tutor in a web browser, through textual-serve.

textual-serve starts one app process per browser connection, up to a cap
(platforms/serve_cap.py). Each runs
`python -m jaxtutor.platforms.serve session ROOT`, which gives that visitor a progress folder of
their own (ROOT/sessions/<time>-<random>) as JAXTUTOR_HOME and then starts the app, so
visitors never see or change each other's drafts. Learner code still runs only in the
app's limited child processes, forked at each check from one fork server that `serve`
starts for all its visitors (runner/host/launch.SharedForkServer): a visitor who only
reads costs its app's process and nothing more. A teacher collects a visitor's progress with
`JAXTUTOR_HOME=ROOT/sessions/<folder> jaxtutor export`.
"""

from __future__ import annotations

import ipaddress
import os
import secrets
import shlex
import sys
import time
from pathlib import Path

from jaxtutor.platforms.serve_cap import capped_server, default_max_visitors

INSTALL_HINT = "pip install 'jaxtutor[serve]'"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def exposure_warning(host: str, port: int, root: Path) -> str:
    where = "every network interface of this machine" if host in ("0.0.0.0", "::", "") else host
    return (
        f"WARNING: jaxtutor serve listens on {where}, port {port}.\n"
        f"Anyone who can reach that address can open the tutor and run Python code on "
        f"this machine. It runs in the tutor's jail ({_protections()}), and each "
        f"visitor's app runs as user {_user()}: a flaw in the kernel's jail would give a "
        f"visitor that user's files, and every visitor shares this machine's CPU and memory "
        f"(each run is limited in time and memory, and the number of visitors by "
        f"--max-visitors).\n"
        f"There is no login: each browser tab gets a new, empty progress folder under "
        f"{root / 'sessions'}.\n"
        f"Serve only on a network you trust (a lab's own network), or keep the default "
        f"--host 127.0.0.1."
    )


def _protections() -> str:
    """The jail's layers that hold here, in a few words (`jaxtutor doctor` has them all)."""
    from jaxtutor.runner.host.launch import protections

    held = protections()
    if not held.get("namespaces"):
        return "NO namespaces on this machine: only limits, no_new_privs and seccomp"
    return "own namespaces, a read-only root file system, no capabilities, a seccomp filter"


def _user() -> str:
    import getpass

    try:
        return getpass.getuser()
    except Exception:
        return str(os.getuid())


def session_command(root: Path, lessons: str | None = None, lessons_only: bool = False) -> str:
    """The shell command textual-serve runs for each connection."""
    parts = [sys.executable, "-m", "jaxtutor.platforms.serve", "session", str(root)]
    if lessons:
        parts += ["--lessons", str(Path(lessons).resolve())]
    if lessons_only:
        parts.append("--lessons-only")
    return " ".join(shlex.quote(p) for p in parts)


def command(args) -> int:
    try:
        from textual_serve.server import Server
    except ImportError:
        print(
            "jaxtutor: `jaxtutor serve` needs the optional web server. Install it with:\n"
            f"    {INSTALL_HINT}",
            file=sys.stderr,
        )
        return 2
    from jaxtutor.learner.progress import home

    root = Path(args.home) if args.home else home() / "serve"
    (root / "sessions").mkdir(parents=True, exist_ok=True)
    if is_loopback(args.host):
        print(
            f"jaxtutor serve: only this machine can connect (http://{args.host}:{args.port}). "
            "Use --host 0.0.0.0 to let a lab's browsers in.",
            file=sys.stderr,
        )
    else:
        print(exposure_warning(args.host, args.port, root), file=sys.stderr)
    print(f"Each visitor's progress is kept in {root / 'sessions'}", file=sys.stderr)
    cap = args.max_visitors or default_max_visitors()
    print(
        f"Visitors let in at once: {cap} (--max-visitors); the next get a page asking "
        "them to come back later.",
        file=sys.stderr,
    )
    server = capped_server(Server, cap)(
        session_command(root, getattr(args, "lessons", None), getattr(args, "lessons_only", False)),
        host=args.host,
        port=args.port,
        title="jaxtutor",
        public_url=args.public_url,
    )
    forks = _shared_fork_server()
    try:
        server.serve()
    finally:
        if forks is not None:
            forks.close()
    return 0


def _shared_fork_server():
    """One fork server for every visitor's checks, named to the sessions by the
    environment they inherit; None where it cannot start (each check then starts a
    fresh process, slower but the same)."""
    from jaxtutor.runner.host.launch import SHARED_FORKS_ENV, SharedForkServer

    try:
        forks = SharedForkServer()
    except OSError:
        return None
    os.environ[SHARED_FORKS_ENV] = forks.path
    return forks


def new_session_home(root: Path) -> Path:
    """A fresh progress folder for one visitor, readable by its owner only."""
    sessions = Path(root) / "sessions"
    sessions.mkdir(parents=True, exist_ok=True)
    folder = sessions / f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(4)}"
    folder.mkdir(mode=0o700)
    return folder


def _session(argv: list[str]) -> int:
    """One visitor's app (run by textual-serve, never by hand)."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m jaxtutor.platforms.serve session")
    parser.add_argument("root")
    parser.add_argument("--lessons")
    parser.add_argument("--lessons-only", action="store_true")
    args = parser.parse_args(argv)
    os.environ["JAXTUTOR_HOME"] = str(new_session_home(Path(args.root)))
    from jaxtutor.course.active import active_course
    from jaxtutor.learner.tui import run

    return run(active_course(args.lessons, args.lessons_only))


if __name__ == "__main__":
    if sys.argv[1:2] != ["session"]:
        sys.exit(
            "usage: python -m jaxtutor.platforms.serve session ROOT  (started by `jaxtutor serve`)"
        )
    sys.exit(_session(sys.argv[2:]))

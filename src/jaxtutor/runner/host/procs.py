"""The processes of one run, found through /proc, measured and killed from the trusted side.

A run's processes are the child (by pid: it is also their group's and session's id),
everything in its process group or session, every descendant (the run's root is a
subreaper, so even a double-forked, setsid'd grandchild stays below it while it lives,
and clone(CLONE_PARENT) is refused by the learner's seccomp filter), every process seen
in the run before (pid and start time, so a reused pid is never hit), and, at the end,
strays that still carry the run's mark in their environment or, where the tutor runs as
root, the run's own user, which no process of the run can drop.

A jailed run needs none of that: its learner's process is PID 1 of a PID namespace of
its own, which nothing leaves, and when that process dies the kernel kills every other
one in the namespace before the first one's exit is seen (`pin_only_child`).
"""

from __future__ import annotations

import os
import signal
from typing import NamedTuple

from jaxtutor.runner.marks import RUN_MARK, run_uid

_PAGE = os.sysconf("SC_PAGE_SIZE")


class Proc(NamedTuple):
    ppid: int
    pgrp: int
    session: int
    start: int  # clock ticks after boot: with the pid, names one process for good
    rss: int  # resident bytes
    zombie: bool


def table() -> dict[int, Proc]:
    """Every process on the machine, from /proc/PID/stat."""
    procs = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            procs[int(entry)] = Proc(
                int(fields[1]),
                int(fields[2]),
                int(fields[3]),
                int(fields[19]),
                int(fields[21]) * _PAGE,
                fields[0] == b"Z",
            )
        except (OSError, IndexError, ValueError):
            continue  # it exited while we looked
    return procs


def members(procs: dict[int, Proc], root: int, seen: dict[int, int]) -> set[int]:
    """The run's processes in `procs`; never this process or init."""
    found = {
        pid
        for pid, p in procs.items()
        if pid == root or p.pgrp == root or p.session == root or seen.get(pid) == p.start
    }
    children: dict[int, list[int]] = {}
    for pid, p in procs.items():
        children.setdefault(p.ppid, []).append(pid)
    stack = list(found)
    while stack:
        for kid in children.get(stack.pop(), ()):
            if kid not in found:
                found.add(kid)
                stack.append(kid)
    return found - {os.getpid(), 1}


def run_pids(root: int, seen: dict[int, int], jailed: bool = False) -> set[int]:
    """The run's processes, the root among them (`seen`: see members). `jailed`: the
    run is the root's descendants (its PID namespace keeps every process below its PID
    1), read without a scan of every process on the machine: the memory poll runs every
    0.1 s in every waiting child, and a desktop runs hundreds of processes."""
    if jailed and (below := _descendants(root)) is not None:
        return {root, *below}
    return members(table(), root, seen)


def resident_bytes(root: int, seen: dict[int, int], jailed: bool = False) -> int:
    """Resident memory of the whole run (see run_pids); remembers every member in
    `seen`. The root only launches the run: its memory (JAX's, imported once) is not
    the learner's."""
    if jailed and (below := _descendants(root)) is not None:
        return sum(_resident(pid) for pid in below)
    procs = table()
    run = members(procs, root, seen)
    seen.update((pid, procs[pid].start) for pid in run)
    return sum(procs[pid].rss for pid in run if pid != root)


def _descendants(root: int) -> list[int] | None:
    """The processes below `root`, from each thread's list of the children it forked
    (and, for a namespace's PID 1, those it adopted); None where the kernel keeps no
    such list (CONFIG_PROC_CHILDREN)."""
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        try:
            threads = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue  # it exited while we looked
        for tid in threads:
            try:
                with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                    kids = [int(kid) for kid in f.read().split()]
            except FileNotFoundError:
                if not os.path.exists(f"/proc/{pid}/task/{tid}"):
                    continue  # the thread ended
                return None
            except OSError:
                continue
            found += kids
            stack += kids
    return found


def _resident(pid: int) -> int:
    """A process's resident bytes (0 once it has exited)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * _PAGE
    except (OSError, IndexError, ValueError):
        return 0


def marked(mark: str, variable: str = RUN_MARK) -> set[int]:
    """Processes whose environment carries this run's mark (a stray can clear it;
    this is one net among several)."""
    needle = f"{variable}={mark}".encode()
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    if needle in f.read().split(b"\0"):
                        found.add(int(entry))
            except OSError:
                continue
    return found - {os.getpid(), 1}


def owned_by(uid: int) -> set[int]:
    """Living processes whose real user is `uid` (a run's own user: see marks.run_uid),
    as the kernel reports it in /proc/PID/status: who owns a /proc entry can change with
    the process's dumpable flag, which the process sets itself. Zombies are dead."""
    needle = f"Uid:\t{uid}\t".encode()
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/status", "rb") as f:
                status = f.read()
        except OSError:
            continue
        if b"\nState:\tZ" not in status and any(
            line.startswith(needle) for line in status.splitlines()
        ):
            found.add(int(entry))
    return found - {os.getpid(), 1}


def sweep(root: int, mark: str, seen: dict[int, int]) -> set[int]:
    """Stop every process of the run, rescanning until no new one appears (a stopped
    process cannot fork, so even a fork loop is caught), then kill them all. Returns
    the pids killed."""
    stopped: set[int] = set()
    own_user = os.geteuid() == 0  # the learner ran as a user of its own (jail._become)
    for _ in range(200):
        procs = table()
        strays = marked(mark) | (owned_by(run_uid(mark)) if own_user else set())
        new = (members(procs, root, seen) | (strays & procs.keys())) - stopped
        new = {pid for pid in new if not procs[pid].zombie}
        if not new:
            break
        for pid in new:
            _signal(pid, signal.SIGSTOP)
        stopped |= new
    for pid in stopped | {root}:
        _signal(pid, signal.SIGKILL)
    return stopped | {root}


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def pin_only_child(root: int) -> int | None:
    """A pidfd for the root's one child (the learner's process), to be read while no
    learner code has run: it is then the only child. A pidfd names one process for good,
    so a signal sent through it never hits another one with the same pid, and it turns
    readable once that process has exited. None when there is not exactly one child."""

    def children() -> list[str]:
        with open(f"/proc/{root}/task/{root}/children") as f:
            return f.read().split()

    try:
        (kid,) = children()
        pidfd = os.pidfd_open(int(kid))
    except (OSError, ValueError):
        return None
    try:
        if children() == [kid]:  # still the root's: the pidfd is the child's, not a reused pid's
            return pidfd
    except OSError:
        pass
    os.close(pidfd)
    return None


def alive(pids) -> set[int]:
    """Which of these pids are still running processes (zombies are dead)."""
    procs = table()
    return {pid for pid in pids if pid in procs and not procs[pid].zombie}

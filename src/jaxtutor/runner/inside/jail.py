"""The jail a learner's process runs in, set up before any learner code exists.

Called in the run's root (a fresh `python -m jaxtutor.runner.inside.learner_process`, or
a process the fork server forked), which has imported JAX and is still single-threaded. `enter` forks the
learner's process and returns in it, jailed; the root stays outside and never returns.
Modelled on bubblewrap:

- new user, mount, PID, network, IPC, UTS and cgroup namespaces; the learner is PID 1 of
  its PID namespace, so its end kills everything it started, and it sees no other
  process (a fresh /proc) and no network;
- a new root file system, read-only: only what Python and JAX need (the system's
  /usr and /lib, the interpreter's prefixes and site-packages), never the home folder,
  the tutor's data, the lesson files or a class folder; a private /work (the working
  folder, also HOME), /tmp and /dev/shm, each a small tmpfs that vanishes with the run;
  a submission's own folder read-only at /submission when there is one;
- no capabilities, `no_new_privs`, a seccomp filter against the calls a jailed process
  has no use for (ptrace, mount, namespaces, keyrings, bpf...), resource limits (file
  size, CPU time as a backstop) and a minimal environment;
- the root is not dumpable, lives outside the learner's PID namespace, and kills the
  run when the tutor's end of its lifeline closes (the tutor died, however it died).

Where the kernel forbids namespaces the learner runs unjailed but for the last two
layers; `report()` says which layers hold, and the tutor warns or refuses.
"""

from __future__ import annotations

import ctypes
import errno
import json
import os
import resource
import select
import signal
import stat
import sys
from pathlib import Path

from jaxtutor.runner.inside import root_fs, warm_up
from jaxtutor.runner.inside.syscalls import (
    CLONE_NEWCGROUP,
    CLONE_NEWIPC,
    CLONE_NEWNET,
    CLONE_NEWNS,
    CLONE_NEWPID,
    CLONE_NEWUSER,
    CLONE_NEWUTS,
    CLONE_PARENT,
    NAMESPACES,
    PR_CAP_AMBIENT,
    PR_CAP_AMBIENT_CLEAR_ALL,
    PR_CAPBSET_DROP,
    PR_SET_CHILD_SUBREAPER,
    PR_SET_DUMPABLE,
    PR_SET_NO_NEW_PRIVS,
    PR_SET_PDEATHSIG,
    libc,
    prctl,
)
from jaxtutor.runner.marks import RUN_MARK, run_uid


def _import_pyseccomp():
    """pyseccomp, loaded before the jail hides the system's libraries. It finds them
    with ctypes.util.find_library, which runs ldconfig and a compiler in every fresh
    child: asked by their stable sonames, the dynamic loader finds them at once."""
    import ctypes.util

    find = ctypes.util.find_library
    sonames = {"c": "libc.so.6", "seccomp": "libseccomp.so.2"}
    ctypes.util.find_library = lambda name: sonames.get(name) or find(name)
    try:
        import pyseccomp

        return pyseccomp
    except Exception:  # not installed, or no libseccomp on this machine
        return None
    finally:
        ctypes.util.find_library = find


pyseccomp = _import_pyseccomp()

# calls a jailed learner never needs, refused with EPERM: debugging other processes,
# mounting, new namespaces, keyrings, kernel modules and the like
DENIED_CALLS = (
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "pidfd_getfd",
    "kcmp",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "mount_setattr",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fsconfig",
    "fspick",
    "unshare",
    "setns",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "open_by_handle_at",
    "name_to_handle_at",
    "quotactl",
    "swapon",
    "swapoff",
    "reboot",
    "acct",
    "settimeofday",
    "clock_settime",
    "iopl",
    "ioperm",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "syslog",
    "vhangup",
    "lookup_dcookie",
)

# -- the root: outside, holding the lifeline ------------------------------------------


def enter(spec: dict, lifeline: int, keep: tuple[int, ...]) -> dict:
    """Fork the learner's process and return in it, jailed as far as the machine
    allows; returns what holds (see `report`). The calling process becomes the run's
    root and never returns. `spec`: isolate (try namespaces), cwd (the working folder
    when unjailed), submission (a folder to show read-only), compiled and lesson (see
    root_fs.build_root), cpu_s, file_bytes, mark."""
    isolated = bool(spec.get("isolate"))
    if isolated and not _unshare():
        # asked for (the machine allowed it a moment ago) but refused now, say for want
        # of namespaces: never run unjailed where the tutor counts on the jail
        os._exit(72)  # the trusted side sees a child that failed to start
    if not isolated:  # the root, not the learner, keeps what the learner starts below it
        prctl(PR_SET_CHILD_SUBREAPER, 1)
    learner = os.fork()
    if learner:
        _root(learner, lifeline, keep, sweep=not isolated)
    os.close(lifeline)
    prctl(PR_SET_PDEATHSIG, signal.SIGKILL)  # the root's end is the run's end
    status = {"namespaces": isolated, "filesystem": False}
    lesson = spec.get("lesson") is True
    if isolated:
        root_fs.build_root(spec.get("submission"), spec.get("compiled"), lesson)
        status["filesystem"] = True
        if lesson:  # before any compile: JAX reads it once, at the first
            warm_up.keep_compiled(root_fs.COMPILED)
    elif spec.get("cwd"):
        os.chdir(spec["cwd"])
    _limit(int(spec.get("cpu_s", 120)), int(spec.get("file_bytes", 16 << 20)))
    if not isolated and os.geteuid() == 0:  # jailed, the namespaces keep it apart already
        status["own_user"] = _become(run_uid(spec.get("mark", "")), spec.get("cwd"))
    folder = spec.get("submission")
    _environment(
        spec.get("mark", ""),
        home=root_fs.WORK if isolated else spec.get("cwd") or "/tmp",
        imports_from=(root_fs.SUBMISSION if isolated else folder) if folder else None,
    )
    status["capabilities_dropped"] = _drop_capabilities()
    status["no_new_privs"] = prctl(PR_SET_NO_NEW_PRIVS, 1) == 0
    status["seccomp"] = _seccomp()
    return status


def _unshare() -> bool:
    """New namespaces for the run, with the tutor's own user mapped to itself."""
    uid, gid = os.geteuid(), os.getegid()
    if libc.unshare(NAMESPACES) != 0:
        return False
    try:
        with open("/proc/self/setgroups", "w") as f:
            f.write("deny")
        with open("/proc/self/uid_map", "w") as f:
            f.write(f"{uid} {uid} 1")
        with open("/proc/self/gid_map", "w") as f:
            f.write(f"{gid} {gid} 1")
    except OSError:
        os._exit(72)  # half-made namespaces: the trusted side sees a child that failed to start
    return True


def _root(learner: int, lifeline: int, keep: tuple[int, ...], sweep: bool) -> None:
    """Wait for the learner's process and end the same way; kill it when the lifeline
    closes (the tutor is gone). Unjailed (`sweep`), the root is the run's subreaper, and
    kills what the learner left below it before it ends."""
    prctl(PR_SET_DUMPABLE, 0)  # nothing of the learner's may read or write our memory
    for fd in keep:
        os.close(fd)
    try:
        ends = os.pidfd_open(learner)
    except OSError:
        ends = None
    poll = select.poll()
    poll.register(lifeline, select.POLLIN)
    if ends is not None:
        poll.register(ends, select.POLLIN)
    while True:
        ready = {fd for fd, _ev in poll.poll(None if ends is not None else 200)}
        done, status = os.waitpid(learner, os.WNOHANG)
        if done:
            break
        if lifeline in ready:
            os.kill(learner, signal.SIGKILL)  # PID 1 of its namespace: everything goes with it
            os.waitpid(learner, 0)
            if sweep:
                _kill_adopted()
            os._exit(75)
    if sweep:
        _kill_adopted()
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        if -code != signal.SIGKILL:
            signal.signal(-code, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # mirroring a SIGSEGV leaves no core
        os.kill(os.getpid(), -code)
    os._exit(code & 0xFF)


def _kill_adopted() -> None:
    """Kill every process the kernel handed to us, the subreaper, until none is left: a
    killed parent's children come to us next. A double-forked, setsid'd stray is one."""
    me = os.getpid()
    for _ in range(100):
        ours = []
        for entry in os.listdir("/proc"):
            try:
                with open(f"/proc/{entry}/stat", "rb") as f:
                    if entry.isdigit() and int(f.read().rsplit(b")", 1)[1].split()[1]) == me:
                        ours.append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
        if not ours:
            return
        for pid in ours:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        while True:  # reap them, so their children come to us
            try:
                if os.waitpid(-1, os.WNOHANG)[0] == 0:
                    break
            except ChildProcessError:
                break


# -- the learner's side: limits, environment, privileges -------------------------------


def _mapped(uid: int) -> bool:
    """Whether `uid` exists in this user namespace (inside `unshare --map-root-user`, say,
    only root does)."""
    for name in ("uid_map", "gid_map"):
        with open(f"/proc/self/{name}") as f:
            ranges = [tuple(map(int, line.split())) for line in f if line.strip()]
        if not any(inside <= uid < inside + count for inside, _outside, count in ranges):
            return False
    return True


def _open_to_others(path: str) -> bool:
    """Whether any user may read `path` and reach it through every folder above it."""
    try:
        if not os.stat(path).st_mode & stat.S_IROTH:
            return False
        folders = [*([path] if os.path.isdir(path) else []), *map(str, Path(path).parents)]
        return all(os.stat(folder).st_mode & stat.S_IXOTH for folder in folders)
    except OSError:
        return False


def _become(uid: int, workdir: str | None) -> bool:
    """Run as `uid`, a user of this run alone, with no groups: the learner can then
    neither signal the tutor nor write its files (the results Gradescope reads, say),
    and can start at most a few hundred processes. Only root can do this, and only
    where the user exists and may read the interpreter, JAX and the tutor's runner (a
    virtual environment in root's own folder is not for others to read: the learner's
    imports would fail); False where it cannot."""
    if not _mapped(uid) or not all(map(_open_to_others, root_fs.needed_paths())):
        return False
    try:
        if workdir:
            os.chown(workdir, uid, uid)
        resource.setrlimit(resource.RLIMIT_NPROC, (512, 512))  # counted per user
        os.setgroups([])
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
        return True
    except OSError:
        os._exit(72)  # half a change of user: never run the learner so


def _limit(cpu_s: int, file_bytes: int) -> None:
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a segfault leaves no core file
    resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))
    # CPU time is a backstop behind the wall-clock deadline (JAX's threads count too)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_s, cpu_s + 5))


def _environment(mark: str, home: str, imports_from: str | None) -> None:
    """Nothing inherited: no tokens, no tutor variables, no user paths."""
    keep = {
        name: os.environ[name]
        for name in (
            "JAX_PLATFORMS",
            "XLA_FLAGS",
            "TF_CPP_MIN_LOG_LEVEL",
            "OPENBLAS_NUM_THREADS",
            "PYTHONUNBUFFERED",
            "OPENBLAS_CORETYPE",
            "OPENBLAS_L2_SIZE",
        )
        if name in os.environ
    }
    os.environ.clear()
    os.environ.update(
        keep,
        PATH="/usr/local/bin:/usr/bin:/bin",
        HOME=home,
        TMPDIR="/tmp",
        LANG="C.UTF-8",
        **{RUN_MARK: mark},
    )
    if imports_from:
        sys.path.insert(0, imports_from)  # a helper module beside the submission imports


def _drop_capabilities() -> bool:
    """No capability left, none regained by running a program."""
    for cap in range(64):
        if prctl(PR_CAPBSET_DROP, cap) != 0 and ctypes.get_errno() == errno.EINVAL:
            break
    prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()
    return libc.capset(header, data) == 0


def _seccomp() -> bool:
    """Refuse DENIED_CALLS and new namespaces through clone; clone3 says it does not
    exist, so the C library falls back to clone, whose flags a filter can read."""
    seccomp = pyseccomp
    if seccomp is None:
        return False
    try:
        rules = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
        for name in DENIED_CALLS:
            try:
                rules.add_rule(seccomp.ERRNO(errno.EPERM), name)
            except (RuntimeError, ValueError, OSError):
                continue  # not a call on this machine
        for flag in (
            CLONE_PARENT,
            CLONE_NEWUSER,
            CLONE_NEWNS,
            CLONE_NEWPID,
            CLONE_NEWNET,
            CLONE_NEWIPC,
            CLONE_NEWUTS,
            CLONE_NEWCGROUP,
        ):
            rules.add_rule(
                seccomp.ERRNO(errno.EPERM), "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag)
            )
        rules.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
        rules.load()
        return True
    except Exception:  # no libseccomp here: the other layers still hold
        return False


# -- what holds here ---------------------------------------------------------------------


def report(status: dict) -> dict:
    """The protections of this process as the kernel reports them."""
    fields = {}
    with open("/proc/self/status") as f:
        for line in f:
            key, _, value = line.partition(":")
            fields[key] = value.strip()
    return {
        **status,
        "capabilities_dropped": int(fields.get("CapEff", "1"), 16) == 0
        and int(fields.get("CapBnd", "1"), 16) == 0,
        "no_new_privs": fields.get("NoNewPrivs") == "1",
        "seccomp": fields.get("Seccomp") == "2",
        "pid_namespace": os.getpid() == 1,
    }


def probe_main() -> None:
    """`python -P -m jaxtutor.runner.inside.jail SPEC`: jail a process that runs nothing and
    print, from inside, which protections hold (one JSON line)."""
    spec = json.loads(sys.argv[1])
    lifeline, keep = os.pipe()
    status = enter(spec, lifeline, (keep,))
    print(json.dumps(report(status)), flush=True)
    os._exit(0)


if __name__ == "__main__":
    probe_main()

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
import platform
import resource
import select
import signal
import sys
from pathlib import Path

from jaxtutor.runner.wire import RUN_MARK


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

_CLONE_NEWNS, _CLONE_NEWCGROUP, _CLONE_NEWUTS, _CLONE_NEWIPC = (
    0x20000,
    0x02000000,
    0x04000000,
    0x08000000,
)
_CLONE_NEWUSER, _CLONE_NEWPID, _CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
NAMESPACES = (
    _CLONE_NEWUSER
    | _CLONE_NEWNS
    | _CLONE_NEWPID
    | _CLONE_NEWNET
    | _CLONE_NEWIPC
    | _CLONE_NEWUTS
    | _CLONE_NEWCGROUP
)
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 16384, 1 << 18
_MNT_DETACH = 2
_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE, _PR_CAPBSET_DROP = 1, 4, 24
_PR_SET_NO_NEW_PRIVS, _PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL = 38, 47, 4
_PR_SET_CHILD_SUBREAPER = 36
# syscalls glibc has no wrapper for, by machine (mount_setattr shares one number everywhere)
_SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}
_SYS_MOUNT_SETATTR = 442
_MOUNT_ATTR_RDONLY, _MOUNT_ATTR_NOSUID, _MOUNT_ATTR_NODEV = 1, 2, 4
_AT_FDCWD, _AT_RECURSIVE = -100, 0x8000

WORK, SUBMISSION = "/work", "/submission"
TMPFS_MIB = {WORK: 32, "/tmp": 32, "/dev/shm": 16}  # RAM no one else counts: kept small
# the system's parts a dynamically linked Python needs; on merged-/usr systems most
# are symlinks into /usr, recreated as such
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_ETC = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime")
_DEVICES = ("null", "zero", "full", "random", "urandom")
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

_libc = ctypes.CDLL(None, use_errno=True)


class JailError(OSError):
    pass


def _check(result: int, what: str) -> int:
    if result == -1:
        err = ctypes.get_errno()
        raise JailError(err, f"{what}: {os.strerror(err)}")
    return result


def _prctl(option: int, arg: int = 0) -> int:
    return _libc.prctl(
        option, ctypes.c_ulong(arg), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)
    )


def _mount(
    source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None
) -> None:
    enc = lambda s: None if s is None else s.encode()  # noqa: E731
    _check(
        _libc.mount(enc(source), target.encode(), enc(fstype), ctypes.c_ulong(flags), enc(data)),
        f"mount {target}",
    )


# -- the root: outside, holding the lifeline ------------------------------------------


def enter(spec: dict, lifeline: int, keep: tuple[int, ...]) -> dict:
    """Fork the learner's process and return in it, jailed as far as the machine
    allows; returns what holds (see `report`). The calling process becomes the run's
    root and never returns. `spec`: isolate (try namespaces), cwd (the working folder
    when unjailed), submission (a folder to show read-only), cpu_s, file_bytes, mark."""
    isolated = bool(spec.get("isolate"))
    if isolated and not _unshare():
        # asked for (the machine allowed it a moment ago) but refused now, say for want
        # of namespaces: never run unjailed where the tutor counts on the jail
        os._exit(72)  # the trusted side sees a child that failed to start
    learner = os.fork()
    if learner:
        _root(learner, lifeline, keep)
    os.close(lifeline)
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)  # the root's end is the run's end
    status = {"namespaces": isolated, "filesystem": False}
    if isolated:
        _build_root(spec.get("submission"))
        status["filesystem"] = True
    else:
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)  # keep what the learner starts below us
        if spec.get("cwd"):
            os.chdir(spec["cwd"])
    _limit(int(spec.get("cpu_s", 120)), int(spec.get("file_bytes", 16 << 20)))
    folder = spec.get("submission")
    _environment(
        spec.get("mark", ""),
        home=WORK if isolated else spec.get("cwd") or "/tmp",
        imports_from=(SUBMISSION if isolated else folder) if folder else None,
    )
    status["capabilities_dropped"] = _drop_capabilities()
    status["no_new_privs"] = _prctl(_PR_SET_NO_NEW_PRIVS, 1) == 0
    status["seccomp"] = _seccomp()
    return status


def _unshare() -> bool:
    """New namespaces for the run, with the tutor's own user mapped to itself."""
    uid, gid = os.geteuid(), os.getegid()
    if _libc.unshare(NAMESPACES) != 0:
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


def _root(learner: int, lifeline: int, keep: tuple[int, ...]) -> None:
    """Wait for the learner's process and end the same way; kill it when the lifeline
    closes (the tutor is gone)."""
    _prctl(_PR_SET_DUMPABLE, 0)  # nothing of the learner's may read or write our memory
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
            os._exit(75)
    code = os.waitstatus_to_exitcode(status)
    if code < 0:
        if -code != signal.SIGKILL:
            signal.signal(-code, signal.SIG_DFL)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # mirroring a SIGSEGV leaves no core
        os.kill(os.getpid(), -code)
    os._exit(code & 0xFF)


# -- the learner's side: a new root file system ----------------------------------------


def _needed_paths() -> list[str]:
    """What this interpreter reads: its prefixes and every folder on sys.path (site-
    packages, an editable install's source folder), outermost first."""
    paths = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        sys.base_exec_prefix,
        os.path.dirname(os.path.realpath(sys.executable)),
    }
    paths.update(p for p in sys.path if p and os.path.isabs(p))
    found = set()
    for path in paths:
        for candidate in (os.path.abspath(path), os.path.realpath(path)):
            if os.path.exists(candidate) and not candidate.startswith(("/proc", "/dev", "/sys")):
                found.add(candidate)
    outer = []
    for path in sorted(found, key=len):
        if path != "/" and not any(
            path == o or path.startswith(o.rstrip("/") + "/") for o in outer
        ):
            outer.append(path)
    return outer


def _masked_paths() -> list[str]:
    """Folders inside the bound ones that the learner must not read: the tutor's own
    package (its lessons hold the solutions); its runner is already imported."""
    return [str(Path(__file__).resolve().parents[2])]  # runner/inside/jail.py -> jaxtutor/


def _build_root(submission: str | None) -> None:
    old, new = "/oldroot", "/newroot"
    needed, masked = _needed_paths(), _masked_paths()  # while the old root is still "/"
    # SysV shared memory and message queues would hold RAM no one counts, past the run's
    # end within its IPC namespace: none at all (POSIX shm lives in the small /dev/shm)
    for limit in ("shmmni", "msgmni"):
        with open(f"/proc/sys/kernel/{limit}", "w") as f:
            f.write("0")
    _mount(None, "/", None, _MS_REC | _MS_PRIVATE)
    # a scratch root to build in, reached by pivoting; the old root stays under /oldroot
    base = "/tmp" if os.path.isdir("/tmp") else "/mnt"
    _mount("tmpfs", base, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=1m,mode=0755")
    os.chdir(base)
    os.mkdir("newroot", 0o755)
    os.mkdir("oldroot", 0o755)
    _pivot_root(base, base + old)
    os.chdir("/")
    _mount("tmpfs", new, "tmpfs", _MS_NOSUID | _MS_NODEV, "size=1m,mode=0755")
    # the writable places first: a venv under /tmp (say) is then bound on top of them
    for path in (WORK, "/tmp"):
        os.makedirs(new + path, 0o755, exist_ok=True)
        mode = "1777" if path == "/tmp" else "0755"
        _mount(
            "tmpfs",
            new + path,
            "tmpfs",
            _MS_NOSUID | _MS_NODEV,
            f"size={TMPFS_MIB[path]}m,mode={mode}",
        )
    for path in _SYSTEM:
        _show(old + path, new + path)
    for path in needed:
        _show(old + path, new + path)
    for path in masked:
        if os.path.isdir(new + path):
            _mount(
                "tmpfs",
                new + path,
                "tmpfs",
                _MS_NOSUID | _MS_NODEV | _MS_RDONLY,
                "size=4k,mode=0555",
            )
    os.makedirs(new + "/etc", 0o755, exist_ok=True)
    for name in _ETC:
        _show(f"{old}/etc/{name}", f"{new}/etc/{name}")
    uid, gid = os.getuid(), os.getgid()
    with open(f"{new}/etc/passwd", "w") as f:
        f.write(f"learner:x:{uid}:{gid}:learner:{WORK}:/bin/sh\n")
    with open(f"{new}/etc/group", "w") as f:
        f.write(f"learner:x:{gid}:\n")

    _devices(old, new)
    os.makedirs(new + "/proc", 0o755, exist_ok=True)
    _mount("proc", new + "/proc", "proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC)
    if submission:
        _show(old + os.path.realpath(submission), new + SUBMISSION, follow=False)

    # the new root replaces the scratch one, and the old root goes for good
    os.chdir(new)
    _pivot_root(".", ".")
    _check(_libc.umount2(b".", _MNT_DETACH), "umount the old root")
    os.chdir("/")
    _mount(None, "/", None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID | _MS_NODEV)
    os.chdir(WORK)


def _devices(old: str, new: str) -> None:
    dev = new + "/dev"
    os.makedirs(dev, 0o755, exist_ok=True)
    _mount("tmpfs", dev, "tmpfs", _MS_NOSUID, "size=64k,mode=0755")
    for name in _DEVICES:
        _show(f"{old}/dev/{name}", f"{dev}/{name}", read_only=False)
    for name, target in (
        ("fd", "/proc/self/fd"),
        ("stdin", "/proc/self/fd/0"),
        ("stdout", "/proc/self/fd/1"),
        ("stderr", "/proc/self/fd/2"),
    ):
        os.symlink(target, f"{dev}/{name}")
    os.mkdir(f"{dev}/shm", 0o1777)
    _mount(
        "tmpfs",
        f"{dev}/shm",
        "tmpfs",
        _MS_NOSUID | _MS_NODEV,
        f"size={TMPFS_MIB['/dev/shm']}m,mode=1777",
    )
    _mount(None, dev, None, _MS_REMOUNT | _MS_RDONLY | _MS_NOSUID)


def _show(source: str, target: str, read_only: bool = True, follow: bool = True) -> None:
    """Bind `source` at `target`, read-only, no setuid, no devices (a symlink is made
    again as a symlink); a missing source is skipped."""
    if os.path.islink(source) and follow:
        if not os.path.lexists(target):
            os.makedirs(os.path.dirname(target), 0o755, exist_ok=True)
            os.symlink(os.readlink(source), target)
        return
    if not os.path.exists(source) or os.path.lexists(target) and not os.path.isdir(source):
        return
    os.makedirs(os.path.dirname(target), 0o755, exist_ok=True)
    if os.path.isdir(source):
        os.makedirs(target, 0o755, exist_ok=True)
    else:
        open(target, "a").close()
    _mount(source, target, None, _MS_BIND | _MS_REC)
    attrs = _MOUNT_ATTR_NOSUID | (_MOUNT_ATTR_RDONLY | _MOUNT_ATTR_NODEV if read_only else 0)
    _read_only(target, attrs)


class _MountAttr(ctypes.Structure):
    _fields_ = [
        ("attr_set", ctypes.c_uint64),
        ("attr_clr", ctypes.c_uint64),
        ("propagation", ctypes.c_uint64),
        ("userns_fd", ctypes.c_uint64),
    ]


def _read_only(target: str, attrs: int) -> None:
    """Set mount attributes on `target` and every mount below it (mount_setattr, since
    Linux 5.12); an older kernel gets the top mount remounted."""
    attr = _MountAttr(attrs, 0, 0, 0)
    done = _libc.syscall(
        _SYS_MOUNT_SETATTR,
        _AT_FDCWD,
        target.encode(),
        _AT_RECURSIVE,
        ctypes.byref(attr),
        ctypes.sizeof(attr),
    )
    if done == 0:
        return
    if ctypes.get_errno() != errno.ENOSYS:
        _check(-1, f"make {target} read-only")
    flags = os.statvfs(target).f_flag & (_MS_NOSUID | _MS_NODEV | _MS_NOEXEC | _MS_RDONLY)
    flags |= _MS_NOSUID | (_MS_RDONLY | _MS_NODEV if attrs & _MOUNT_ATTR_RDONLY else 0)
    _mount(None, target, None, _MS_REMOUNT | _MS_BIND | flags)


def _pivot_root(new_root: str, put_old: str) -> None:
    number = _SYS_PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise JailError(errno.ENOSYS, f"pivot_root: unknown on {platform.machine()}")
    _check(_libc.syscall(number, new_root.encode(), put_old.encode()), "pivot_root")


# -- the learner's side: limits, environment, privileges -------------------------------


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
        if _prctl(_PR_CAPBSET_DROP, cap) != 0 and ctypes.get_errno() == errno.EINVAL:
            break
    _prctl(_PR_CAP_AMBIENT, _PR_CAP_AMBIENT_CLEAR_ALL)
    header = (ctypes.c_uint32 * 2)(0x20080522, 0)  # _LINUX_CAPABILITY_VERSION_3, this process
    data = (ctypes.c_uint32 * 6)()
    return _libc.capset(header, data) == 0


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
            _CLONE_NEWUSER,
            _CLONE_NEWNS,
            _CLONE_NEWPID,
            _CLONE_NEWNET,
            _CLONE_NEWIPC,
            _CLONE_NEWUTS,
            _CLONE_NEWCGROUP,
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

"""The learner's side of the jail: a new root file system. The system's public parts and
the interpreter, read-only; private tmpfs for the working folder, /tmp and /dev/shm; a
few devices; the tutor's own package masked; then pivot_root into it."""

from __future__ import annotations

import ctypes
import errno
import os
import platform
import sys
from pathlib import Path

from jaxtutor.runner.inside.syscalls import (
    AT_FDCWD,
    AT_RECURSIVE,
    MNT_DETACH,
    MOUNT_ATTR_NODEV,
    MOUNT_ATTR_NOSUID,
    MOUNT_ATTR_RDONLY,
    MS_BIND,
    MS_NODEV,
    MS_NOEXEC,
    MS_NOSUID,
    MS_PRIVATE,
    MS_RDONLY,
    MS_REC,
    MS_REMOUNT,
    SYS_MOUNT_SETATTR,
    SYS_PIVOT_ROOT,
    JailError,
    check,
    libc,
    mount,
)

WORK, SUBMISSION, COMPILED = "/work", "/submission", "/compiled"
TMPFS_MIB = {WORK: 32, "/tmp": 32, "/dev/shm": 16}  # RAM no one else counts: kept small
# the system's parts a dynamically linked Python needs; on merged-/usr systems most
# are symlinks into /usr, recreated as such
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_ETC = ("ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime")
_DEVICES = ("null", "zero", "full", "random", "urandom")


def needed_paths() -> list[str]:
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
    return [str(Path(__file__).resolve().parents[2])]  # runner/inside/root_fs.py -> jaxtutor/


def build_root(submission: str | None, compiled: str | None = None, lesson: bool = False) -> None:
    """`compiled`: the folder of XLA's compiled programs (host/compiled.compiled_folder),
    hidden where it is; shown writable at COMPILED to the lesson's own child only."""
    old, new = "/oldroot", "/newroot"
    # while the old root is still "/"
    needed, masked = needed_paths(), _masked_paths() + ([compiled] if compiled else [])
    # SysV shared memory and message queues would hold RAM no one counts, past the run's
    # end within its IPC namespace: none at all (POSIX shm lives in the small /dev/shm)
    for limit in ("shmmni", "msgmni"):
        with open(f"/proc/sys/kernel/{limit}", "w") as f:
            f.write("0")
    mount(None, "/", None, MS_REC | MS_PRIVATE)
    # a scratch root to build in, reached by pivoting; the old root stays under /oldroot
    base = "/tmp" if os.path.isdir("/tmp") else "/mnt"
    mount("tmpfs", base, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
    os.chdir(base)
    os.mkdir("newroot", 0o755)
    os.mkdir("oldroot", 0o755)
    _pivot_root(base, base + old)
    os.chdir("/")
    mount("tmpfs", new, "tmpfs", MS_NOSUID | MS_NODEV, "size=1m,mode=0755")
    # the writable places first: a venv under /tmp (say) is then bound on top of them
    for path in (WORK, "/tmp"):
        os.makedirs(new + path, 0o755, exist_ok=True)
        mode = "1777" if path == "/tmp" else "0755"
        mount(
            "tmpfs",
            new + path,
            "tmpfs",
            MS_NOSUID | MS_NODEV,
            f"size={TMPFS_MIB[path]}m,mode={mode}",
        )
    for path in _SYSTEM:
        _show(old + path, new + path)
    for path in needed:
        _show(old + path, new + path)
    for path in masked:
        if os.path.isdir(new + path):
            mount(
                "tmpfs",
                new + path,
                "tmpfs",
                MS_NOSUID | MS_NODEV | MS_RDONLY,
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
    mount("proc", new + "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC)
    if submission:
        _show(old + os.path.realpath(submission), new + SUBMISSION, follow=False)
    if compiled and lesson:
        _show(old + os.path.realpath(compiled), new + COMPILED, read_only=False, follow=False)

    # the new root replaces the scratch one, and the old root goes for good
    os.chdir(new)
    _pivot_root(".", ".")
    check(libc.umount2(b".", MNT_DETACH), "umount the old root")
    os.chdir("/")
    mount(None, "/", None, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV)
    os.chdir(WORK)


def _devices(old: str, new: str) -> None:
    dev = new + "/dev"
    os.makedirs(dev, 0o755, exist_ok=True)
    mount("tmpfs", dev, "tmpfs", MS_NOSUID, "size=64k,mode=0755")
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
    mount(
        "tmpfs",
        f"{dev}/shm",
        "tmpfs",
        MS_NOSUID | MS_NODEV,
        f"size={TMPFS_MIB['/dev/shm']}m,mode=1777",
    )
    mount(None, dev, None, MS_REMOUNT | MS_RDONLY | MS_NOSUID)


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
    mount(source, target, None, MS_BIND | MS_REC)
    attrs = MOUNT_ATTR_NOSUID | (MOUNT_ATTR_RDONLY | MOUNT_ATTR_NODEV if read_only else 0)
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
    done = libc.syscall(
        SYS_MOUNT_SETATTR,
        AT_FDCWD,
        target.encode(),
        AT_RECURSIVE,
        ctypes.byref(attr),
        ctypes.sizeof(attr),
    )
    if done == 0:
        return
    if ctypes.get_errno() != errno.ENOSYS:
        check(-1, f"make {target} read-only")
    flags = os.statvfs(target).f_flag & (MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY)
    flags |= MS_NOSUID | (MS_RDONLY | MS_NODEV if attrs & MOUNT_ATTR_RDONLY else 0)
    mount(None, target, None, MS_REMOUNT | MS_BIND | flags)


def _pivot_root(new_root: str, put_old: str) -> None:
    number = SYS_PIVOT_ROOT.get(platform.machine())
    if number is None:
        raise JailError(errno.ENOSYS, f"pivot_root: unknown on {platform.machine()}")
    check(libc.syscall(number, new_root.encode(), put_old.encode()), "pivot_root")

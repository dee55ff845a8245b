"""The kernel calls the jail makes that Python has no wrapper for, and their constants:
namespaces, mounts, prctl. Loaded before the jail is built, like every inside module."""

from __future__ import annotations

import ctypes
import os

CLONE_NEWNS, CLONE_NEWCGROUP, CLONE_NEWUTS, CLONE_NEWIPC = (
    0x20000,
    0x02000000,
    0x04000000,
    0x08000000,
)
CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET = 0x10000000, 0x20000000, 0x40000000
CLONE_PARENT = 0x8000  # the new process a sibling of its maker: out from under a subreaper
NAMESPACES = (
    CLONE_NEWUSER
    | CLONE_NEWNS
    | CLONE_NEWPID
    | CLONE_NEWNET
    | CLONE_NEWIPC
    | CLONE_NEWUTS
    | CLONE_NEWCGROUP
)
MS_RDONLY, MS_NOSUID, MS_NODEV, MS_NOEXEC = 1, 2, 4, 8
MS_REMOUNT, MS_BIND, MS_REC, MS_PRIVATE = 32, 4096, 16384, 1 << 18
MNT_DETACH = 2
PR_SET_PDEATHSIG, PR_SET_DUMPABLE, PR_CAPBSET_DROP = 1, 4, 24
PR_SET_NO_NEW_PRIVS, PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL = 38, 47, 4
PR_SET_CHILD_SUBREAPER = 36
# syscalls glibc has no wrapper for, by machine (mount_setattr shares one number everywhere)
SYS_PIVOT_ROOT = {"x86_64": 155, "aarch64": 41}
SYS_MOUNT_SETATTR = 442
MOUNT_ATTR_RDONLY, MOUNT_ATTR_NOSUID, MOUNT_ATTR_NODEV = 1, 2, 4
AT_FDCWD, AT_RECURSIVE = -100, 0x8000


libc = ctypes.CDLL(None, use_errno=True)


class JailError(OSError):
    pass


def check(result: int, what: str) -> int:
    if result == -1:
        err = ctypes.get_errno()
        raise JailError(err, f"{what}: {os.strerror(err)}")
    return result


def prctl(option: int, arg: int = 0) -> int:
    return libc.prctl(
        option, ctypes.c_ulong(arg), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0)
    )


def mount(
    source: str | None, target: str, fstype: str | None, flags: int, data: str | None = None
) -> None:
    enc = lambda s: None if s is None else s.encode()  # noqa: E731
    check(
        libc.mount(enc(source), target.encode(), enc(fstype), ctypes.c_ulong(flags), enc(data)),
        f"mount {target}",
    )

"""What protects this machine from learner code, said in one place: `jaxtutor doctor`,
the one warning of the app, `check` and `watch`, and the refusal of `grade` and `serve`.

The facts come from a jailed probe that reports from inside its jail (launch.protections).
"""

from __future__ import annotations

import ctypes
import platform

from jaxtutor.runner.host.launch import isolated, protections
from jaxtutor.runner.host.limits import Limits

# (key in the probe's report, the layer, what it keeps from the learner's code)
LAYERS = (
    (
        "namespaces",
        "own user, PID, network and IPC namespaces",
        "sees and signals no other process, reaches no network, no socket outside",
    ),
    (
        "filesystem",
        "a new read-only root file system",
        "only the system and Python: no home folder, tutor data, lessons or classmates; "
        "private /work, /tmp and /dev/shm, small tmpfs that vanish with the run",
    ),
    ("pid_namespace", "PID 1 of its own PID namespace", "everything it starts dies with it"),
    ("capabilities_dropped", "no capabilities", "none to gain by running a program either"),
    ("no_new_privs", "no_new_privs", "setuid programs give it nothing"),
    (
        "seccomp",
        "a seccomp filter",
        "ptrace, mount, new namespaces, keyrings, bpf and the like are refused",
    ),
)
WARNING = (
    "jaxtutor: this machine does not allow the namespaces that jail a learner's code "
    "(user namespaces may be turned off): checks run with their limits, "
    "no_new_privs and seccomp only. `jaxtutor doctor` says more."
)


def warning() -> str | None:
    """The one warning for the app, `check` and `watch`; None when the jail holds."""
    return None if isolated() else WARNING


def refusal(command: str) -> str | None:
    """Why `grade` or `serve` will not run student code here without --unsafe."""
    if isolated():
        return None
    return (
        f"jaxtutor {command}: this machine does not allow the namespaces that jail "
        "student code, so a submission could read and change the files of the user "
        "running jaxtutor (classmates' work included). Run `jaxtutor doctor` to see "
        f"what is missing, or pass --unsafe to {command} anyway."
    )


def landlock_abi() -> int:
    """The kernel's Landlock ABI version, 0 without Landlock."""
    if platform.machine() not in ("x86_64", "aarch64"):
        return 0
    libc = ctypes.CDLL(None, use_errno=True)
    version = libc.syscall(444, None, ctypes.c_size_t(0), ctypes.c_uint32(1))  # ..._VERSION
    return max(int(version), 0)


def command(args=None) -> int:
    """`jaxtutor doctor`: exit 0 when every layer holds, 1 otherwise."""
    found = protections()
    print("What keeps a learner's code in its run, on this machine:")
    for key, layer, keeps in LAYERS:
        mark = "yes" if found.get(key) else "NO "
        print(f"  [{mark}] {layer}: {keeps}")
    limits = Limits()
    print(
        f"  [yes] limits: {limits.timeout_s:g} s wall clock (per lesson), "
        f"{limits.memory_bytes / 1024**3:g} GiB memory, {limits.output_bytes // 1024} KiB "
        f"of output kept, {limits.file_bytes // 1024**2} MiB per file, a CPU-time backstop"
    )
    print("  [yes] a lifeline: the run dies with the tutor, however the tutor ends")
    abi = landlock_abi()
    print(
        f"  [ - ] Landlock: {f'ABI {abi} available' if abi else 'not available'}, "
        "not used (the jail's own root file system already hides the rest)"
    )
    if not found:
        print(
            "The jailed probe did not start: see the error of `python -P -m "
            "jaxtutor.runner.inside.jail '{\"isolate\": true}'`."
        )
    every = all(found.get(key) for key, _layer, _keeps in LAYERS)
    print("Every layer holds." if every else WARNING)
    return 0 if every else 1

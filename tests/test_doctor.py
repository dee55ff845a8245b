"""What the tutor says and does about the jail: `jaxtutor doctor` here, and on a machine
that forbids user namespaces (made real by forbidding them inside a user namespace of
our own) the one warning of `check`, and `grade` refusing until --unsafe."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtutor.runner.host.launch import isolated

SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"
NO_NAMESPACES = 'echo 0 > /proc/sys/user/max_user_namespaces && exec "$@"'


def jaxtutor(*args, forbid_namespaces: bool = False):
    command = [sys.executable, "-m", "jaxtutor", *map(str, args)]
    if forbid_namespaces:
        command = [
            "unshare",
            "--user",
            "--map-root-user",
            "sh",
            "-c",
            NO_NAMESPACES,
            "sh",
            *command,
        ]
    return subprocess.run(command, capture_output=True, text=True, timeout=600)


def _can_forbid() -> bool:
    if shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "--user", "--map-root-user", "sh", "-c", NO_NAMESPACES, "sh", "true"],
        capture_output=True,
    )
    return probe.returncode == 0


forbidding = pytest.mark.skipif(not _can_forbid(), reason="cannot make a user namespace here")


@pytest.mark.skipif(not isolated(), reason="this machine forbids the jail's namespaces")
def test_doctor_names_every_layer_here():
    done = jaxtutor("doctor")
    assert done.returncode == 0, done.stdout
    for layer in (
        "namespaces",
        "read-only root",
        "no capabilities",
        "no_new_privs",
        "seccomp",
        "lifeline",
        "Landlock",
    ):
        assert layer in done.stdout
    assert "NO " not in done.stdout and "Every layer holds." in done.stdout


@forbidding
def test_without_namespaces_doctor_says_what_is_missing():
    done = jaxtutor("doctor", forbid_namespaces=True)
    assert done.returncode == 1
    assert "[NO ] own user, PID, network and IPC namespaces" in done.stdout
    assert "[NO ] a new read-only root file system" in done.stdout
    assert "[yes] seccomp" not in done.stdout and "[yes] a seccomp filter" in done.stdout


@forbidding
def test_without_namespaces_check_still_works_with_one_warning():
    done = jaxtutor("check", "argnums", SUBMISSIONS / "alice.py", forbid_namespaces=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr.count("does not allow the namespaces") == 1


@forbidding
def test_without_namespaces_grade_refuses_until_told_unsafe(tmp_path):
    shutil.copy(SUBMISSIONS / "alice.py", tmp_path / "alice.py")
    refused = jaxtutor("grade", "argnums", tmp_path, "--format", "csv", forbid_namespaces=True)
    assert refused.returncode == 2 and "--unsafe" in refused.stderr and refused.stdout == ""
    graded = jaxtutor(
        "grade", "argnums", tmp_path, "--format", "csv", "--unsafe", forbid_namespaces=True
    )
    assert graded.returncode == 0, graded.stderr
    assert "alice,alice.py,pass" in graded.stdout and "does not allow" in graded.stderr


@forbidding
def test_without_namespaces_serve_refuses_until_told_unsafe():
    refused = jaxtutor("serve", "--port", "0", forbid_namespaces=True)
    assert refused.returncode == 2 and "--unsafe" in refused.stderr


def test_the_jail_is_probed_once_however_many_threads_ask_at_once(monkeypatch):
    """The app's first second asks from three threads at once (its warning, the pool's
    first child, the first check): one probe answers them all."""
    import threading

    from jaxtutor.runner.host import launch

    probes = []
    real = launch._probe

    def probe(isolate):
        probes.append(isolate)
        return real(isolate)

    monkeypatch.setattr(launch, "_probe", probe)
    launch._protections.cache_clear()
    start, found = threading.Barrier(3), []

    def ask():
        start.wait()
        found.append(launch.protections())

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert probes.count(True) == 1  # (and the unjailed fallback at most once, where needed)
    assert probes.count(False) <= 1
    assert len(found) == 3 and found.count(found[0]) == 3

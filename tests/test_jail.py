"""The jail against an attacker's learner files, both ways a child starts (fresh and
forked): the file system, other processes, the tutor's own process, sockets, and what
is left when the tutor dies. Each attack reports what it managed as numbers the test
reads back; the tutor's side then looks for itself."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
import uuid
from pathlib import Path

import numpy as np
import pytest

from jaxtutor.check.endings import ended_outcome
from jaxtutor.course.lessons import builtin_dir
from jaxtutor.runner.host import procs, sandbox
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.launch import isolated, protections
from jaxtutor.verdict import Outcome

pytestmark = pytest.mark.skipif(
    not isolated(),
    reason="this machine forbids the namespaces the jail is made of (jaxtutor doctor says which)",
)
SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"


def attack(new_child, body: str, **child_args) -> list[float]:
    """Run `body` (the inside of `def f():`, which returns a tuple of numbers) in a
    jailed child and return what it returned."""
    source = "import os, signal, socket\n\ndef f():\n" + textwrap.indent(
        textwrap.dedent(body), "    "
    )
    with new_child(**child_args) as child:
        assert child.load(source, "attack.py", "f").get("ok") is True
        (reply,) = child.call_many([()])
    assert reply.get("ok") is True, reply
    return [float(v) for v in reply["value"]]


def tries(*paths_and_actions: str) -> str:
    """A body that returns 1.0 for each action that worked, 0.0 for each refused."""
    lines = ["done = []"]
    for action in paths_and_actions:
        lines += [
            "try:",
            f"    {action}",
            "    done.append(1.0)",
            "except Exception:",
            "    done.append(0.0)",
        ]
    return "\n".join(lines + ["return tuple(done)"]) + "\n"


# -- the file system ------------------------------------------------------------------


def test_the_home_folder_tutor_data_and_lessons_are_out_of_sight(new_child, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("a token")
    home = os.environ["JAXTUTOR_HOME"]
    os.makedirs(home, exist_ok=True)
    Path(home, "progress.sqlite3").write_text("progress")
    lesson = next(builtin_dir().glob("*.toml"))
    found = attack(
        new_child,
        tries(
            f"open({str(secret)!r}).read()",
            f"open({str(Path(home, 'progress.sqlite3'))!r}).read()",
            f"open({str(lesson)!r}).read()",
            # the interpreter may live in the home folder: then only it is there
            f"assert [p for p in os.listdir({str(Path.home())!r}) if p != '.pyenv']",
            "open('/etc/shadow').read()",
            "open('/etc/hostname').read()",
        ),
    )
    assert found == [0.0] * 6


def test_writes_outside_go_nowhere_and_private_places_vanish(new_child, tmp_path):
    canary = Path("/tmp") / f"jaxtutor-canary-{uuid.uuid4().hex}"
    canary.write_text("as it was\n")
    shm_before = set(os.listdir("/dev/shm"))
    home = Path.home()
    home_before = set(os.listdir(home))
    try:
        found = attack(
            new_child,
            tries(
                f"open({str(canary)!r}, 'a').write('appended')",
                f"open({str(home / 'planted.txt')!r}, 'w').write('x')",
                f"open({str(tmp_path / 'planted.txt')!r}, 'w').write('x')",
                "open('/usr/planted', 'w').write('x')",
                # private places work, within their limits
                "open('/tmp/scratch', 'w').write('x' * 1000)",
                "open(os.path.expanduser('~/scratch'), 'w').write('x' * 1000)",
                "open('/dev/shm/big', 'wb').write(b'x' * (400 << 20))",
                # RAM outside every count: SysV shared memory
                "import ctypes; assert ctypes.CDLL(None).shmget(0, ctypes.c_size_t(400 << 20), 0o1600) >= 0",
                "open('/work/big', 'wb').write(b'x' * (40 << 20))",
            ),
        )
    finally:
        canary_text = canary.read_text()
        canary.unlink()
    # the append "works" on a file of the same name in the run's own /tmp
    assert found == [1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    assert canary_text == "as it was\n"
    assert set(os.listdir(home)) == home_before and not (tmp_path / "planted.txt").exists()
    assert set(os.listdir("/dev/shm")) == shm_before


def test_only_its_own_processes_and_no_socket_outside(new_child, tmp_path):
    listener = socket.socket(socket.AF_UNIX)
    listener.bind(str(tmp_path / "agent.sock"))
    listener.listen()
    abstract = socket.socket(socket.AF_UNIX)
    abstract.bind(f"\0jaxtutor-test-{uuid.uuid4().hex}")
    abstract.listen()
    try:
        found = attack(
            new_child,
            tries(
                "assert [p for p in os.listdir('/proc') if p.isdigit()] == ['1']",
                f"socket.socket(socket.AF_UNIX).connect({str(tmp_path / 'agent.sock')!r})",
                f"socket.socket(socket.AF_UNIX).connect({abstract.getsockname()!r})",
                "socket.create_connection(('127.0.0.1', 22), timeout=1)",
            ),
        )
    finally:
        listener.close()
        abstract.close()
    assert found == [1.0, 0.0, 0.0, 0.0]


def test_a_submission_folder_is_read_only_and_imports_work(new_child, tmp_path):
    (tmp_path / "helper.py").write_text("ANSWER = 42.0\n")
    source_before = (tmp_path / "helper.py").read_bytes()
    found = attack(
        new_child,
        tries(
            "import helper; assert helper.ANSWER == 42.0",
            "open('/submission/helper.py', 'a').write('# changed')",
            "os.remove('/submission/helper.py')",
        ),
        submission=str(tmp_path),
    )
    assert found == [1.0, 0.0, 0.0]
    assert (tmp_path / "helper.py").read_bytes() == source_before


def test_only_the_lessons_child_keeps_what_xla_compiled(new_child):
    """The lesson's own child writes its slower compiled programs where the next process
    finds them; a learner's child neither sees that folder nor adds to it, so no learner can
    put native code where a reference would load it."""
    folder = Path(sandbox.compiled_folder())
    name = f"kept_{uuid.uuid4().hex[:12]}"
    # six permutations: slow enough to compile (about 0.6 s here) to be kept anywhere
    source = (
        "import os\nimport jax\n\n"
        f"def {name}(x):\n"
        "    seen = os.path.isdir('/compiled'), bool(jax.config.jax_compilation_cache_dir)\n"
        "    for k in range(6):\n"
        "        x = jax.random.permutation(jax.random.key(k), x)\n"
        "    return x, seen\n"
    )

    def run(**child_args) -> tuple[list, list[Path]]:
        with new_child(**child_args) as child:
            assert child.load(source, "kept.py", name).get("ok") is True
            (reply,) = child.call_many([(np.arange(3.0),)])
        assert reply.get("ok") is True, reply
        return [bool(v) for v in reply["value"][1]], sorted(folder.glob(f"*{name}*-cache"))

    seen, kept = run()
    assert seen == [False, False] and kept == []
    seen, kept = run(lesson=True)
    assert seen == [True, True] and len(kept) == 1
    hidden = attack(new_child, tries(f"os.listdir({str(folder)!r})"))
    assert hidden == [0.0]


def test_the_compiled_programs_stay_hidden_inside_a_folder_the_jail_shows(new_child, monkeypatch):
    """Kept where the jail shows the interpreter (a cache folder inside the venv, say),
    the compiled programs are masked for a learner, and still the lesson child's."""
    folder = Path(sys.prefix, f"compiled-{uuid.uuid4().hex[:12]}")
    folder.mkdir()
    try:
        (folder / "a-program-cache").write_text("a reference's program")
        monkeypatch.setattr(sandbox, "compiled_folder", lambda: str(folder))
        read = f"open({str(folder / 'a-program-cache')!r}).read()"
        assert attack(new_child, tries(read)) == [0.0]
        kept = tries("open('/compiled/a-program-cache').read()", "open('/compiled/new', 'w')")
        assert attack(new_child, kept, lesson=True) == [1.0, 1.0]
        assert (folder / "new").exists()
    finally:
        shutil.rmtree(folder)


# -- privileges and other processes ------------------------------------------------------


def test_no_capabilities_no_new_privileges_a_filter_and_a_minimal_environment(
    new_child, monkeypatch
):
    monkeypatch.setenv("GITHUB_TOKEN", "a secret")
    found = attack(
        new_child,
        """
        status = dict(line.split(":", 1) for line in open("/proc/self/status"))
        caps = sum(int(status[k].strip(), 16) for k in ("CapEff", "CapPrm", "CapBnd", "CapAmb"))
        leaked = sum(1.0 for k in os.environ if k.startswith(("GITHUB", "JAXTUTOR_HOME")))
        return (float(caps), float(status["NoNewPrivs"]), float(status["Seccomp"]), leaked)
    """,
    )
    assert found == [0.0, 1.0, 2.0, 0.0]


def test_nothing_outside_can_be_signalled_traced_or_written(new_child):
    canary = subprocess.Popen(["sleep", "60"])
    try:
        found = attack(
            new_child,
            tries(
                f"os.kill({canary.pid}, signal.SIGKILL)",
                "os.kill(os.getppid(), signal.SIGKILL) if os.getppid() else 1 / 0",
                f"open('/proc/{canary.pid}/mem', 'rb')",
                "import ctypes; assert ctypes.CDLL(None).ptrace(16, 1, 0, 0) == 0",  # PTRACE_ATTACH
                "import ctypes; assert ctypes.CDLL(None).unshare(0x10000000) == 0",  # a new user namespace
            )
            + "\n",
        )
        # kill(-1) reaches only the learner's own namespace
        attack(
            new_child,
            "try:\n    os.kill(-1, signal.SIGKILL)\nexcept OSError:\n    pass\nreturn (1.0,)\n",
        )
        assert canary.poll() is None
    finally:
        canary.kill()
        canary.wait()
    assert found == [0.0] * 5


# -- nothing outlives the tutor ------------------------------------------------------------

LOOP = (
    "import time\n\ndef grad_w_and_x(scale, w, x, y):\n    while True:\n        time.sleep(0.01)\n"
)


def _tagged(tag: str) -> set[int]:
    return procs.alive(procs.marked(tag, variable="JAXTUTOR_TEST_RUN"))


def _kill_midway(argv: list[str], tag: str, tmp: Path) -> None:
    env = dict(os.environ, JAXTUTOR_TEST_RUN=tag, TMPDIR=str(tmp))
    tutor = subprocess.Popen(
        [sys.executable, "-m", "jaxtutor", *argv],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    # mid-run: the learner's process is up (a root and its learner, at least)
    while len(_tagged(tag) - {tutor.pid}) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)
    tutor.send_signal(signal.SIGKILL)
    tutor.wait()


@pytest.mark.parametrize("command", ["check", "grade"])
def test_nothing_survives_a_killed_tutor(command, tmp_path):
    (tmp_path / "looper.py").write_text(LOOP)
    (tmp_path / "alice.py").write_text((SUBMISSIONS / "alice.py").read_text())
    tmp = tmp_path / "tmp"  # the tutor's temporary folder: where a run folder would be
    tmp.mkdir()
    tag = uuid.uuid4().hex
    argv = (
        ["check", "argnums", str(tmp_path / "looper.py")]
        if command == "check"
        else ["grade", "argnums", str(tmp_path), "--jobs", "2"]
    )
    _kill_midway(argv, tag, tmp)
    started = time.monotonic()
    # about a second; the clock only bounds a failing run, on however busy a machine
    while _tagged(tag) and time.monotonic() - started < 30:
        time.sleep(0.05)
    assert _tagged(tag) == set()
    assert list(tmp.iterdir()) == []


def test_the_jail_reports_every_layer():
    assert protections() == {
        "namespaces": True,
        "filesystem": True,
        "capabilities_dropped": True,
        "no_new_privs": True,
        "seccomp": True,
        "pid_namespace": True,
    }


def test_a_child_that_claims_an_internal_error_is_never_the_tutors_internal_error(new_child):
    """Code in the learner's process can break (or fake) its runner: that is the
    runner's failure there ("the tutor could not check this"), never "jaxtutor failed",
    and the learner's text is not repeated."""
    source = (
        "import sys\n"
        "for name in ('__main__', 'jaxtutor.runner.inside.learner_process'):\n"
        "    module = sys.modules.get(name)\n"
        "    if hasattr(module, '_HANDLERS'):\n"
        "        module._HANDLERS['call'] = lambda request: 1 / 0  # 'jaxtutor failed'\n"
        "def f():\n    return 1.0\n"
    )
    with new_child() as child:
        child.load(source, "attack.py", "f")
        with pytest.raises(RunEnded) as ended:
            child.call_many([()])
    assert ended.value.kind == "runner" and "ZeroDivision" not in ended.value.detail
    assert ended_outcome(ended.value) is Outcome.CANNOT_CHECK

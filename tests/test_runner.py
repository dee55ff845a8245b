"""The runner against hostile learner files (tests/hostile/): each gets its exact verdict
through the real sandbox and the real argnums oracle, and leaves no process behind."""

from __future__ import annotations

import array
import fcntl
import os
import re
import signal
import termios
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from jaxtutor.check import check_file
from jaxtutor.course.lessons import builtin_dir, load_dir
from jaxtutor.runner.host import launch, procs
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.launch import isolated
from jaxtutor.runner.host.limits import GIB, Limits
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import OUTPUT_LIMIT, Outcome, cut

HOSTILE = Path(__file__).parent / "hostile"
ARGS = (np.asarray(0.5), np.ones(2), np.ones((3, 2)), np.ones(3))


_NAMESPACES: dict[int, int] = {}  # a jailed run's root -> its PID namespace


@pytest.fixture(autouse=True)
def _note_namespaces(monkeypatch):
    """Note each jailed run's PID namespace when its learner's process is pinned, so
    that `survivors` can look for anything left in it."""
    pin = procs.pin_only_child

    def noting(root: int):
        pidfd = pin(root)
        if pidfd is not None:
            with open(f"/proc/{root}/task/{root}/children") as f:
                _NAMESPACES[root] = os.stat(f"/proc/{f.read().split()[0]}/ns/pid").st_ino
        return pidfd

    monkeypatch.setattr(procs, "pin_only_child", noting)


def in_namespace(namespace: int) -> set[int]:
    found = set()
    for entry in filter(str.isdigit, os.listdir("/proc")):
        try:
            if os.stat(f"/proc/{entry}/ns/pid").st_ino == namespace:
                found.add(int(entry))
        except OSError:
            continue
    return found


def survivors(child: Child, output: str = "") -> set[int]:
    """Processes of the run still alive: by pid seen, by the pids the file printed
    (unjailed: a jailed run prints the pids of its own namespace), by the run's mark,
    by its group or session, and anything left in its PID namespace."""
    printed = set() if isolated() else {int(p) for p in re.findall(r"PID (\d+)", output)}
    table = procs.table()
    grouped = {
        pid for pid, p in table.items() if child.proc.pid in (p.pgrp, p.session) and not p.zombie
    }
    namespace = _NAMESPACES.get(child.proc.pid)
    left = procs.alive(in_namespace(namespace)) if namespace is not None else set()
    return (
        procs.alive(set(child._seen) | printed | {child.proc.pid})
        | procs.marked(child.mark)
        | grouped
        | left
    )


def argnums_exercise():
    """The argnums exercise, read from its own lesson file (a lesson being edited elsewhere
    in the course cannot break these tests)."""
    lessons, _errors = load_dir(builtin_dir())
    (lesson,) = [lesson for lesson in lessons if lesson.id == "argnums"]
    return lesson.exercise


def judge(new_child, name: str, **limits):
    """Check tests/hostile/NAME.py as the argnums exercise (the real oracle, in a real
    Child with these limits); assert nothing the run started survives."""
    child = new_child(Limits(**limits))
    verdict = check_file(argnums_exercise(), HOSTILE / f"{name}.py", child=child)
    assert not child.alive()
    assert survivors(child, verdict.output) == set(), verdict.output
    return verdict


def call_once(new_child, source: str) -> dict:
    """Load `source` in a new child and call its `f` once with ARGS: the reply."""
    with new_child() as child:
        assert child.load(source, "solution.py", "f")["ok"] is True
        (result,) = child.call_many([ARGS])
    return result


# -- limits ----------------------------------------------------------------------------


def test_infinite_loop_times_out(new_child):
    started = time.monotonic()
    verdict = judge(new_child, "infinite_loop", timeout_s=2)
    assert verdict.outcome is Outcome.TIMEOUT
    assert "still running after 2 s" in verdict.message
    assert time.monotonic() - started < 2 + 60  # the child's start is not on the clock


def test_a_learner_stopping_itself_never_hangs_the_tutor(new_child):
    # isolated, the child is PID 1 of its namespace and the kernel ignores its own
    # SIGSTOP: the function returns None, a wrong answer; else the stop runs into the clock
    expected = Outcome.WRONG_ANSWER if isolated() else Outcome.TIMEOUT
    assert judge(new_child, "sigstop_self", timeout_s=2).outcome is expected


def test_a_child_stopped_from_outside_times_out(new_child):
    with new_child(Limits(timeout_s=2)) as child:
        child.load("def f(*a):\n    return 1.0\n", "solution.py", "f")
        for pid in procs.members(procs.table(), child.proc.pid, {}):
            os.kill(pid, signal.SIGSTOP)
        with pytest.raises(RunEnded) as ended:
            child.call_many([ARGS])
        assert ended.value.kind == "timeout"
    assert survivors(child) == set()


@pytest.mark.skipif(not isolated(), reason="this machine forbids user namespaces")
def test_the_child_cannot_see_or_signal_the_tutor(new_child):
    source = (
        "import os, signal\n"
        "def f(*a):\n"
        "    parent = os.getppid()\n"
        "    try:\n"
        "        os.kill(-1, signal.SIGKILL)  # every process it may signal\n"
        "    except ProcessLookupError:\n"
        "        pass\n"
        "    return float(parent)\n"
    )
    result = call_once(new_child, source)
    assert result["ok"] is True and float(result["value"]) == 0.0  # no parent in sight
    assert os.getpid() > 0  # and this process is still here to say so


def test_memory_hog_hits_the_polled_cap(new_child):
    verdict = judge(new_child, "memory_hog", memory_bytes=GIB // 2)
    assert verdict.outcome is Outcome.MEMORY_LIMIT
    assert "used more than 0.5 GiB" in verdict.message


def test_memory_held_by_grandchildren_hits_the_polled_cap(new_child):
    """Jailed, the poll reads the run's processes alone (the root's descendants, its PID
    namespace's orphans among them), not every process on the machine."""
    verdict = judge(new_child, "memory_in_grandchildren", memory_bytes=GIB // 2)
    assert verdict.outcome is Outcome.MEMORY_LIMIT
    assert "used more than 0.5 GiB" in verdict.message


def test_one_huge_allocation_hits_the_backstop(new_child):
    verdict = judge(new_child, "memory_huge", memory_bytes=GIB // 2)
    assert verdict.outcome is Outcome.MEMORY_LIMIT
    assert "asked for more memory than allowed" in verdict.message


def test_output_flood_is_cut_and_never_blocks(new_child):
    started = time.monotonic()
    child = new_child(Limits())
    verdict = check_file(argnums_exercise(), HOSTILE / "output_flood.py", child=child)
    assert verdict.outcome is Outcome.PASSED
    assert time.monotonic() - started < 30
    assert not child.alive() and survivors(child) == set()
    kept, note = child.output().split("\n... output cut: ")  # the runner keeps 64 KiB
    assert len(kept.encode()) == 64 * 1024
    assert note.endswith("more bytes not shown")
    assert verdict.output == cut(child.output(), OUTPUT_LIMIT)  # the verdict, a few KB of it


def test_output_so_far_has_every_byte_written_before_it_while_the_writer_lives(new_child):
    """A check that leaves the kill for later reads the output without waiting for its
    end: every byte in the pipe is counted, the first 64 KiB kept."""
    child = new_child(Limits())
    try:
        child.load(
            "import sys\nsys.stdout.write('x' * 200_000)\ndef f(*a):\n    return 0\n",
            "flood.py",
            "f",
        )  # answered only once the 200 KB are in the pipe
        assert child.alive()
        kept, note = child.output_so_far().split("\n... output cut: ")
        assert kept == "x" * (64 * 1024)
        assert note == f"{200_000 - 64 * 1024} more bytes not shown"
    finally:
        child.kill()


# -- nothing the learner writes or does turns into a pass -------------------------------


def test_a_forged_frame_written_to_low_descriptors_stays_a_wrong_answer(new_child):
    # each way of starting hands the child its pipes at other descriptors
    assert_wrong_answer(judge(new_child, "forged_frames_low_fds"))


@pytest.mark.parametrize(
    "name", ["fake_verdict_print", "monkeypatch_numpy", "monkeypatch_jaxtutor", "odd_returns"]
)
def test_forgeries_and_patches_stay_wrong_answers(forked_child, name):
    assert_wrong_answer(judge(forked_child, name))


def assert_wrong_answer(verdict):
    # these answers return zeros: right at argnums' exact fit (both gradients 0), only there
    assert verdict.outcome is Outcome.WRONG_ANSWER, verdict.message
    telling = [t for t in verdict.tests if "exact fit" not in t.name]
    assert len(telling) == len(verdict.tests) - 1 and all(t.status == "fail" for t in telling)


def test_forged_frame_that_reaches_the_result_pipe_is_rejected(new_child):
    verdict = judge(new_child, "forged_frames_all_fds")
    assert verdict.outcome is Outcome.CRASHED
    assert "message it did not ask for" in verdict.message


def test_sys_exit_is_the_learners_exception(forked_child):
    verdict = judge(forked_child, "sys_exit")
    assert verdict.outcome is Outcome.EXCEPTION
    assert "SystemExit: 0" in verdict.message and "line 4" in verdict.message


def test_keyboard_interrupt_is_the_learners_exception(forked_child):
    verdict = judge(forked_child, "keyboard_interrupt")
    assert verdict.outcome is Outcome.EXCEPTION
    assert "KeyboardInterrupt" in verdict.message and verdict.line == 2


@pytest.mark.parametrize(
    "name, words",
    [
        ("os_exit", "exited (exit code 0)"),
        ("segfault", "killed by SIGSEGV"),
        ("c_stack_overflow", "killed by SIGSEGV"),
        # the runner's pipes, closed by the learner's code: its own exit code for that
        ("closes_fds", "exited (exit code 74): its pipes to the tutor were closed inside it"),
    ],
)
def test_crashes(new_child, name, words):
    # a crash, however slow a loaded machine makes it, is not a timeout
    verdict = judge(new_child, name, timeout_s=60.0)
    assert verdict.outcome is Outcome.CRASHED
    assert words in verdict.message
    assert "Traceback" not in verdict.output  # no runner frames in what the learner sees


def test_deep_recursion_shows_only_the_learners_frames(forked_child):
    verdict = judge(forked_child, "deep_recursion")
    assert verdict.outcome is Outcome.EXCEPTION
    assert verdict.message.startswith("RecursionError")
    assert "more" in verdict.message and verdict.message.count("in down") == 5


def test_jax_leaves_the_learners_errors_unfiltered(forked_child):
    """JAX's traceback filter stats about 30 paths for each frame: a runaway recursion's
    RecursionError took it 1.2 s, each case. The child keeps the learner's frames itself."""
    reply = call_once(
        forked_child,
        "import jax\n\ndef f(*args):\n"
        "    return float(jax.config.jax_traceback_filtering == 'off')\n",
    )
    assert reply["ok"] and reply["value"] == 1.0, reply


def test_learner_traceback_hides_the_runner(forked_child):
    verdict = judge(forked_child, "nested_exception")
    assert verdict.outcome is Outcome.EXCEPTION
    assert verdict.line == 5
    assert "line 9, in grad_w_and_x" in verdict.message and "line 5, in helper" in verdict.message
    for secret in ("child.py", "sandbox", "runner", "jaxtutor-run-", "site-packages", 'File "'):
        assert secret not in verdict.message


def test_unprintable_exception_is_still_reported(forked_child):
    verdict = judge(forked_child, "unprintable_exception")
    assert verdict.outcome is Outcome.EXCEPTION
    assert verdict.message.startswith("Sneaky:")


def test_syntax_error_reports_line_and_column(forked_child):
    verdict = judge(forked_child, "syntax_error")
    assert verdict.outcome is Outcome.SYNTAX_ERROR
    assert verdict.message.startswith("line 5, column 20:") and verdict.line == 5


def test_missing_function_names_what_the_file_defines(forked_child):
    verdict = judge(forked_child, "missing_function")
    assert verdict.outcome is Outcome.MISSING_FUNCTION
    assert "grad_w_and_z" in verdict.message


# -- nothing the learner starts survives ---------------------------------------------


def test_background_sleeps_are_killed(new_child):
    verdict = judge(new_child, "background_sleep")
    assert verdict.outcome is Outcome.PASSED
    assert len(re.findall(r"PID \d+", verdict.output)) == 2


def test_setsid_double_forked_grandchildren_are_killed(new_child):
    verdict = judge(new_child, "setsid_double_fork")
    assert verdict.outcome is Outcome.PASSED
    assert len(re.findall(r"PID \d+", verdict.output)) == 2  # one with an empty environment


def test_setsid_grandchild_of_a_process_that_died_is_killed(new_child):
    verdict = judge(new_child, "setsid_then_exit")
    assert verdict.outcome is Outcome.CRASHED
    assert len(re.findall(r"PID \d+", verdict.output)) == 1


def test_a_process_that_outlives_its_parent_is_killed(new_child):
    # the learner's process could outlive the run's root, busy when the run is killed:
    # only a kill of its own (jailed: of its PID namespace) ends it
    verdict = judge(new_child, "deathsig_cleared", timeout_s=1)
    assert verdict.outcome is Outcome.TIMEOUT


@pytest.mark.parametrize(
    "name, outcome",
    [
        ("background_sleep", Outcome.PASSED),
        ("setsid_double_fork", Outcome.PASSED),
        ("setsid_then_exit", Outcome.CRASHED),
    ],
)
def test_a_forked_child_without_namespaces_still_leaves_nothing(name, outcome, server, monkeypatch):
    # on a machine that forbids user namespaces the forked root does not unshare: the
    # group, session, descendant and seen-pid nets must still catch every process
    monkeypatch.setattr(launch, "isolated", lambda: False)
    verdict = judge(lambda limits=Limits(): Child(limits, server=server), name)
    assert verdict.outcome is outcome, verdict.message


# -- the Child directly ----------------------------------------------------------------


def _killed_before_ready(new_child) -> Child:
    """A child killed before it said "ready", as if JAX failed to import. A forked one
    can say it within a millisecond of its fork: one that did is started again."""
    for _ in range(20):
        child = new_child()
        os.kill(child.proc.pid, 9)
        while not child.proc.exited():
            time.sleep(0.01)
        pending = array.array("i", [0])
        fcntl.ioctl(child._res_r, termios.FIONREAD, pending)
        if pending[0] == 0:  # nothing on its pipe: it died before it said anything
            return child
        child.kill()
    pytest.fail("every child said ready before it could be killed")


def test_internal_failure_to_start_is_never_the_learners(new_child):
    child = _killed_before_ready(new_child)
    with pytest.raises(RunEnded) as ended:
        child.load("def f(): pass", "solution.py", "f")
    assert ended.value.kind == "internal"
    assert survivors(child) == set()


def test_result_pipe_is_hidden_from_the_learners_code(new_child):
    source = (
        "import os, stat\n"
        "def pipe(fd):\n"
        "    try:\n"
        "        return stat.S_ISFIFO(os.fstat(fd).st_mode)\n"
        "    except OSError:\n"
        "        return False\n"
        "PIPES = sorted(fd for fd in map(int, os.listdir('/proc/self/fd')) if fd > 2 and pipe(fd))\n"
        "def f(*a):\n    return PIPES\n"
    )
    pipes = call_once(new_child, source)["value"]
    assert len(pipes) == 2 and all(fd > 20 for fd in pipes)  # moved far from 3..20


def test_the_learners_process_holds_no_socket_of_the_tutors(new_child):
    # a forked child must not inherit the fork server's socket (it could ask for forks)
    source = (
        "import os, stat\n"
        "def f(*a):\n"
        "    fds = [int(fd) for fd in os.listdir('/proc/self/fd')]\n"
        "    return sum(1 for fd in fds if fd > 2 and _socket(fd))\n"
        "def _socket(fd):\n"
        "    try:\n"
        "        return stat.S_ISSOCK(os.fstat(fd).st_mode)\n"
        "    except OSError:\n"
        "        return False\n"
    )
    result = call_once(new_child, source)
    assert result["ok"] is True and int(result["value"]) == 0


def test_a_timeout_kills_the_child(new_child):
    with new_child(Limits(timeout_s=1)) as child:
        child.load("def f(*a):\n    while True: pass\n", "solution.py", "f")
        with pytest.raises(RunEnded) as ended:
            child.call_many([ARGS])
        assert ended.value.kind == "timeout"
        assert not child.alive()


def test_kill_from_another_thread_stops_a_check_without_blaming_the_learner(new_child):
    with new_child(Limits(timeout_s=30)) as child:
        child.load("def f(*a):\n    while True: pass\n", "solution.py", "f")
        threading.Timer(1.0, child.kill).start()
        started = time.monotonic()
        with pytest.raises(RunEnded) as ended:
            child.call_many([ARGS])
        assert time.monotonic() - started < 10
        assert ended.value.kind == "internal" and "stopped" in ended.value.detail
    assert survivors(child) == set()


def test_a_second_kill_returns_only_once_the_first_is_done(new_child):
    # a process that takes a while to die (freeing gigabytes, say) keeps the first kill
    # busy; the `with` block's own kill, started meanwhile, must not return before it
    reaped = threading.Event()
    with new_child() as child:
        child.wait_ready()
        wait = child.proc.wait

        def slow_wait():
            code = wait()
            reaped.set()
            time.sleep(0.5)
            return code

        child.proc.wait = slow_wait  # both kills, jailed or not, reap the root
        first = threading.Thread(target=child.kill)
        first.start()
        assert reaped.wait(30)
    assert (
        child._workdir is None or not os.path.exists(child._workdir.name)
    ) and child.proc.exited()
    assert survivors(child) == set()
    first.join()


def test_a_learners_dataclass_reads_its_own_annotations(new_child):
    """The learner's file is its own module: none of the tutor's __future__ imports
    reach it (a field typed `b: float` stays a type), and a file that asks for postponed
    annotations itself still gets working dataclasses (their module is looked up)."""
    for future in ("", "from __future__ import annotations\n"):
        source = (
            f"{future}import dataclasses\n\n\n"
            "@dataclasses.dataclass\nclass Scale:\n    factor: float\n\n\n"
            "def f(*args):\n    return Scale(2.0).factor + len(Scale.__annotations__)\n"
        )
        result = call_once(new_child, source)
        assert result["ok"] is True and float(result["value"]) == 3.0, future


def test_the_folder_of_compiled_programs_keeps_the_newer_half_past_its_most(tmp_path):
    from jaxtutor.runner.host.compiled import _keep_the_newest

    for age in range(6):
        program = tmp_path / f"program-{age}-cache"
        program.write_bytes(b"compiled")
        os.utime(program, (1_000_000 - age, 1_000_000 - age))  # program-0 the newest
    _keep_the_newest(tmp_path, 6)
    assert len(list(tmp_path.iterdir())) == 6
    _keep_the_newest(tmp_path, 5)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["program-0-cache", "program-1-cache"]

"""Blame where it belongs: a limit the tutor set (a program's size, a reply's size, the
time a run may take) or a failure of one of its own processes is never reported as the
learner's crash or endless loop, and a function the tutor cannot check says so. Each
message says which limit was hit, in whose process and in which phase, and names a
cause only where a measurement shows one. Real learner files (tests/blame/), real
checks; the learner's own crashes stay the learner's."""

from __future__ import annotations

import dataclasses
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from conftest import shared_server, shared_trusted
from jaxtutor.check import check_file
from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.runner import wire
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.runners import OneOff
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import Outcome

BLAME = Path(__file__).parent / "blame"


class Watched(OneOff):
    """A check's children as the app's pool gives them (forked, with the run's trusted
    child), with its clean children kept in sight: the test can end one mid-check."""

    def __init__(self):
        super().__init__(shared_server(), shared_trusted())
        self.judges: list[Child] = []

    def clean(self, limits: Limits) -> Child:
        self.judges.append(super().clean(limits))
        return self.judges[-1]


def check(exercise_id: str, name: str, timeout_s: float | None = None, runners=None):
    """Check tests/blame/NAME as EXERCISE_ID (its lesson's file: one being edited
    elsewhere cannot break these), with the exercise's time limit set to `timeout_s`."""
    exercise = find_exercise(exercise_id, load_dir(builtin_dir())[0]).exercise
    if timeout_s is not None:
        exercise = dataclasses.replace(exercise, timeout_s=timeout_s)
    return check_file(exercise, BLAME / name, seed=0, runners=runners or Watched())


def everything_said(verdict) -> str:
    return "\n".join([verdict.message, verdict.hint, *(t.message for t in verdict.tests)])


# -- a limit the tutor sets on what it checks -------------------------------------------


@pytest.mark.parametrize(
    "exercise_id, name",
    [
        ("scan_training_step", "scan_large_constant.py"),
        ("closures_train_step", "closures_large_constant.py"),  # generic, with exports
    ],
)
def test_a_large_closed_over_constant_is_over_the_size_limit_not_a_crash(exercise_id, name):
    """The program of a right answer that closes over 60 MB was sent on the wire as
    one frame: too large, the runner's own failure path ended the process (exit code 70),
    reported as the learner's crash ("os._exit, a segfault")."""
    verdict = check(exercise_id, name)
    assert verdict.outcome is Outcome.CANNOT_CHECK, verdict.message
    said = everything_said(verdict)
    assert "is 57.2 MiB, over the tutor's 8 MiB limit for one program" in said
    # what was measured in the program names the cause: its constants, the largest shown
    assert "57.2 MiB of it is constants" in said and "closed over" in said
    assert "float32[15000000]" in said
    assert "inside your function" in verdict.hint
    for blame in ("exit code", "crash", "segfault", "os._exit"):
        assert blame not in said


def test_a_program_the_checking_process_refuses_for_its_size_says_so():
    """A program over the limit reached the checking process only from code that answers
    the export request itself; its refusal was worded as a host callback's."""
    verdict = check("scan_training_step", "scan_forged_large_program.py")
    assert verdict.outcome is Outcome.CANNOT_CHECK, verdict.message
    assert "is 9 MiB, over the tutor's 8 MiB limit for one program" in verdict.message
    assert "callback" not in everything_said(verdict)


def test_answers_over_the_reply_limit_are_the_tutors_limit_not_a_crash():
    verdict = check("argnums", "argnums_huge_answer.py")
    assert verdict.outcome is Outcome.CANNOT_CHECK, verdict.message
    assert "over the tutor's 64 MiB limit for one reply" in verdict.message
    assert "Your function's answers came to" in verdict.message
    assert "exit code" not in verdict.message and "crash" not in verdict.message


# -- a function the tutor cannot check ---------------------------------------------------


@pytest.mark.parametrize(
    "exercise_id, name, primitive",
    [
        ("scan_training_step", "scan_pure_callback.py", "pure_callback"),
        ("closures_train_step", "closures_io_callback.py", "io_callback"),
    ],
)
def test_a_host_callback_is_said_to_be_uncheckable_not_uncompilable(exercise_id, name, primitive):
    """It compiled and ran under jit; what fails is exporting a callback, which no
    program can carry out of its process. It was told its function "could not be
    compiled with jax.jit"."""
    verdict = check(exercise_id, name)
    assert verdict.outcome is Outcome.CANNOT_CHECK, verdict.message
    said = everything_said(verdict)
    assert f"calls back into Python from inside its compiled program ({primitive})" in said
    assert "The tutor cannot check such a function" in said
    assert "jax.numpy (jnp) operations" in said
    assert "could not be compiled" not in said and "jax.jit (" not in said


# -- time: whose process, in which phase -------------------------------------------------


def test_a_program_slow_to_lower_is_not_told_to_look_for_an_endless_loop():
    """A right answer whose trace is quick (one loop) but whose lowering writes 100,000
    copies of an unrolled body: the clock runs out while JAX lowers, after the learner's
    Python has finished."""
    verdict = check("scan_training_step", "scan_slow_to_lower.py", timeout_s=3)
    assert verdict.outcome is Outcome.TIMEOUT, verdict.message
    message = verdict.message
    assert "still running after 3 s, the exercise's time limit (its timeout_s" in message
    assert "while JAX lowered your function's trace" in message
    assert "Your code had finished" in message and "not stuck in a loop" in message
    # the count of operations (the unrolled copies) is what names the cause
    assert "operations" in message and "unroll=" in message
    assert "never ends" not in message
    assert "jax.export.export" in verdict.hint


def test_a_program_slow_to_compile_is_the_checking_process_not_the_learners_loop():
    """A right answer exported at once, whose program XLA takes far longer than the
    limit to compile (it folds a sort of a closed-over table): the clean child's clock
    ran out, and that was reported as the learner's code still running."""
    verdict = check("scan_training_step", "scan_slow_to_compile.py", timeout_s=3)
    assert verdict.outcome is Outcome.TIMEOUT, verdict.message
    message = verdict.message
    assert message.startswith("The tutor's checking process"), message
    assert "still running after 3 s, the exercise's time limit" in message
    assert "counted from the first program it was given" in message
    assert "while XLA compiled the program jax.export made of your function" in message
    assert "Your Python code was not running there" in message
    assert "KiB of constants" in message  # measured in the trace the learner's process sent
    assert "never ends" not in message
    assert ".compile()" in verdict.hint


def test_the_learners_own_endless_loop_is_still_its_own():
    verdict = check("argnums", "argnums_endless_loop.py", timeout_s=2)
    assert verdict.outcome is Outcome.TIMEOUT, verdict.message
    assert "Your code was still running after 2 s, the exercise's time limit" in verdict.message
    assert "while the tests called your function" in verdict.message
    assert "Look for a loop that never ends" in verdict.message


# -- crashes: the learner's own, and the tutor's -------------------------------------------


@pytest.mark.parametrize(
    "name, how",
    [
        ("scan_os_exit.py", "exited (exit code 3)"),
        ("scan_segfault.py", "was killed by SIGSEGV"),
    ],
)
def test_a_real_crash_of_the_learners_code_is_still_its_crash(name, how):
    verdict = check("scan_training_step", name)
    assert verdict.outcome is Outcome.CRASHED, verdict.message
    assert verdict.message.startswith(f"Your program's process {how}")
    assert "while JAX traced your function" in verdict.message


def test_a_crash_of_the_checking_process_is_the_tutors_failure():
    """The clean child never runs the learner's Python: its end, mid-compile, is an
    internal error, said of that process, not the learner's crash."""
    runners = Watched()

    def kill_the_judge_mid_compile():
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if runners.judges and runners.judges[0].phase == "compile":
                os.kill(runners.judges[0].proc.pid, signal.SIGKILL)
                return
            time.sleep(0.01)

    killer = threading.Thread(target=kill_the_judge_mid_compile)
    killer.start()
    verdict = check("scan_training_step", "scan_slow_to_compile.py", 30, runners)
    killer.join()
    assert verdict.outcome is Outcome.INTERNAL_ERROR, verdict.message
    assert verdict.message.startswith("The tutor's checking process"), verdict.message
    assert "was killed by SIGKILL, while XLA compiled" in verdict.message
    assert "This is the tutor's failure, not your code's" in verdict.message


# -- what a child says of itself is checked, and only ever words --------------------------


def test_a_progress_frame_names_only_a_phase_of_its_request_and_numbers():
    assert wire.clean_progress("export", {"progress": "lower", "ops": 12, "x": "y"}) == (
        "lower",
        {"ops": 12},
    )
    for op, frame in [
        ("call", {"progress": "lower"}),  # not a phase of that request
        ("export", {"progress": "passed"}),
        ("verify", {"progress": ["run"]}),
    ]:
        assert wire.clean_progress(op, frame) is None
    _, numbers = wire.clean_progress("verify", {"progress": "run", "bytes": -1, "ops": 2.5})
    assert numbers == {}


def test_a_limit_reply_keeps_only_the_fields_it_may_have():
    reply = {
        "ok": False,
        "kind": "limit",
        "limit": "program",
        "bytes": 9 << 20,
        "largest": "float32[15000000]",
        "primitive": "All tests passed",
        "constant_bytes": "many",
    }
    assert wire.clean_limit(reply) == {
        "limit": "program",
        "bytes": 9 << 20,
        "largest": "float32[15000000]",
    }
    assert (
        wire.clean_limit({**reply, "largest": "float32[1] All tests passed"}).get("largest") is None
    )
    assert wire.clean_limit({**reply, "limit": "pass"}) is None
    assert wire.clean_limit({**reply, "ok": True}) is None

"""One check: the learner's source in, a Verdict out.

Everything here runs on the trusted side. The learner's code runs only in the Child,
and every way a run can end maps to its own Outcome; an error of ours is INTERNAL_ERROR,
never the learner's fault.
"""

from __future__ import annotations

import functools
import time
import traceback
from collections.abc import Callable
from pathlib import Path

from jaxtutor import oracles
from jaxtutor.explain import explain, known, traceback_text
from jaxtutor.course.lessons import Exercise
from jaxtutor.oracles.cases import fresh_seed
from jaxtutor.oracles.learner import Learner
from jaxtutor.runner.host.sandbox import Child, LearnerRaised, Limits, RunEnded, kill_all
from jaxtutor.verdict import Diagnosis, Outcome, Verdict

_ENDED = {"timeout": Outcome.TIMEOUT, "memory": Outcome.MEMORY_LIMIT,
          "crashed": Outcome.CRASHED, "internal": Outcome.INTERNAL_ERROR}


def limits_for(exercise: Exercise) -> Limits:
    return Limits(timeout_s=exercise.timeout_s, memory_bytes=exercise.memory_mib * 1024**2)


def check_file(exercise: Exercise, path: Path, **kwargs) -> Verdict:
    source = Path(path).read_text(encoding="utf-8", errors="replace")
    return check_source(exercise, source, filename=Path(path).name, **kwargs)


def check_source(exercise: Exercise, source: str, filename: str = "solution.py",
                 seed: int | None = None, child: Child | None = None,
                 submission: str | None = None,
                 clean: Callable[[Limits], Child] | None = None, trusted=None,
                 reap: Callable[[list[Child]], None] | None = None) -> Verdict:
    """Run the oracle of `exercise` against `source`. A `child` started ahead of time
    (warm) is used if given; it is killed afterwards either way. `submission`: a
    student's own folder, shown read-only to a child started here. `seed` draws the
    hidden cases: None draws fresh ones, and the verdict keeps the seed so the run can be
    repeated. When the oracle judges exported programs, a second child that never sees
    the learner's file is taken from `clean` (a pool's `take`; by default a fresh one),
    at once, so it starts meanwhile. The exercise's own programs (a reference, mutants)
    run in children from `clean` too; a check with neither `child` nor `clean` that
    needs such children starts a fork server for them and the learner's child; a pool's
    `trusted` child (runner.pool.TrustedChild) runs them warm from check to check.
    `reap` (a pool's) is handed the check's children, alive, once the verdict is
    decided, and kills them in the background: the verdict does not wait for the
    kernel to free their memory."""
    started = time.monotonic()
    seed = fresh_seed() if seed is None else seed
    limits = limits_for(exercise)
    oracle = oracles.get(exercise.oracle)
    server = None
    if child is None and clean is None and oracle.runs_programs(exercise):
        # several children for one check: JAX is imported once, by the server, and each
        # child is a fork of it; a fresh child each would import JAX once per program
        server = _fork_server()
    spawn = clean or (functools.partial(_forked, server) if server is not None else Child)
    if child is None:
        child = (_forked(server, limits, submission) if server is not None
                 else Child(limits, submission=submission))
    judge = None
    try:
        if oracle.needs_clean(exercise):
            judge = spawn(limits)
        verdict = _judge(oracle, exercise, source, filename, seed, child, judge, spawn,
                         trusted)
    except RunEnded as ended:
        verdict = Verdict(exercise.id, _ENDED[ended.kind], _ended_message(ended, exercise))
    except Exception:  # a bug of ours: say so, and never blame the learner
        verdict = Verdict(exercise.id, Outcome.INTERNAL_ERROR,
                          "jaxtutor itself failed while checking. Please report this:\n"
                          + traceback.format_exc(limit=-3))
    finally:
        children = [c for c in (child, judge) if c is not None]
        if reap is not None and server is None:
            output = child.output_so_far()
            reap(children)
        else:
            kill_all(children)
            output = child.output()
            if server is not None:
                server.close()  # every child it forked is done
    # the child's note (say, that jit could not compile the function) explains a slow
    # or odd run; an error of ours is not about the learner's code
    if child.notes and verdict.outcome is not Outcome.INTERNAL_ERROR:
        verdict.message += f"\n\n{child.notes[-1]}"
    verdict.output = output
    if not verdict.hint and verdict.status != "pass":
        verdict.hint = outcome_hint(verdict, exercise)
    verdict.duration_s = time.monotonic() - started
    verdict.seed = seed
    return verdict.bound()


def _fork_server():
    from jaxtutor.runner.host.launch import ForkServer

    try:
        return ForkServer()
    except OSError:  # out of processes: fresh children still do
        return None


def _forked(server, limits: Limits, submission: str | None = None) -> Child:
    """A child forked by `server`, or a fresh one if the server is gone."""
    try:
        return Child(limits, server=server, submission=submission)
    except OSError:
        return Child(limits, submission=submission)


# What to do next when nothing more precise is known: about the outcome itself, never a
# step of the lesson's ladder (that would answer a question the learner may not have).
_OUTCOME_HINTS = {
    Outcome.SYNTAX_ERROR: "Python could not read the file, so no test ran. Fix the line the "
                          "caret points at (a missing bracket, colon or indent is the usual cause).",
    Outcome.MISSING_FUNCTION: "The tutor calls `{function}` by name: define it at the top "
                              "level of your file, with exactly that name.",
    Outcome.TIMEOUT: "Your function did not finish in time. A Python loop over many steps, or "
                     "a jitted function called with a new shape each time, can be far slower "
                     "than one lax.scan.",
    Outcome.MEMORY_LIMIT: "Your function built arrays far larger than the exercise needs; "
                          "check the shapes you create.",
    Outcome.CRASHED: "Your process ended without an answer; remove calls that end the program "
                     "and look for very deep recursion.",
    Outcome.EXCEPTION: "Start at the line the error points at: the explanation above says what "
                       "JAX needed there.",
    Outcome.WRONG_ANSWER: "Run your function on the failing case yourself and compare each "
                          "intermediate value with the one you expect; the lesson's hints "
                          "walk through the exercise step by step.",
    Outcome.INTERNAL_ERROR: "",
}


def outcome_hint(verdict: Verdict, exercise: Exercise) -> str:
    return _OUTCOME_HINTS.get(verdict.outcome, "").format(function=exercise.function)


def _judge(oracle, exercise: Exercise, source: str, filename: str, seed: int, child: Child,
           clean: Child | None, spawn: Callable[[Limits], Child] = Child,
           trusted=None) -> Verdict:
    loaded = child.load(source, filename, exercise.function)
    if loaded.get("ok") is not True:
        return _load_failed(exercise, loaded)
    try:
        report = oracle.run(Learner(child, clean, spawn, trusted, source), exercise, seed)
    except LearnerRaised as raised:
        message, line = explain(raised.info)
        trace = traceback_text(raised.info)
        # the exception replaces the tests, so say which case it came from
        if case := getattr(raised, "case", ""):
            message += f"\n\nThis happened on the case: {case}."
        diagnosis = raised.diagnosis or _catalogued(raised.info)
        return Verdict(exercise.id, Outcome.EXCEPTION,
                       message + (f"\n\nIn your code:\n{trace}" if trace else ""), line=line,
                       diagnosis=diagnosis, hint=diagnosis.hint if diagnosis else "")
    diagnosis = report.diagnosis
    if report.passed:
        return Verdict(exercise.id, Outcome.PASSED,
                       f"All {len(report.tests)} tests passed.", tests=report.tests)
    failed = sum(t.status != "pass" for t in report.tests)
    message = f"{failed} of {len(report.tests)} tests failed."
    if diagnosis:
        message += f" {diagnosis.message}"
    return Verdict(exercise.id, Outcome.WRONG_ANSWER, message, tests=report.tests,
                   diagnosis=diagnosis, hint=diagnosis.hint if diagnosis else "")


def _catalogued(info: dict) -> Diagnosis | None:
    """A JAX error the catalogue knows names its cause even where the oracle has no
    mistake for it (the explanation is already in the message)."""
    entry = known(info)
    return Diagnosis(entry.id, entry.words, hint=entry.hint) if entry else None


def _load_failed(exercise: Exercise, loaded: dict) -> Verdict:
    kind = loaded.get("kind")
    if kind == "syntax":
        line, column = loaded.get("line"), loaded.get("column")
        text = loaded.get("text", "")
        pointer = f"\n    {text}\n    {' ' * max((column or 1) - 1, 0)}^" if text else ""
        return Verdict(exercise.id, Outcome.SYNTAX_ERROR,
                       f"line {line}, column {column}: {loaded.get('message')}{pointer}", line=line)
    if kind == "missing":
        what = loaded.get("what")
        found = loaded.get("found") or []
        message = (f"Your file defines `{exercise.function}`, but as a {what}, not a function."
                   if what else f"Your file has no function named `{exercise.function}`.")
        if found:
            message += f" It defines: {', '.join(found)}."
        return Verdict(exercise.id, Outcome.MISSING_FUNCTION, message)
    message, line = explain(loaded)
    trace = traceback_text(loaded)
    return Verdict(exercise.id, Outcome.EXCEPTION,
                   "Running your file raised an exception before the tests started.\n"
                   + message + (f"\n\nIn your code:\n{trace}" if trace else ""), line=line)


def _ended_message(ended: RunEnded, exercise: Exercise) -> str:
    if ended.kind == "timeout":
        return (f"Your code was {ended.detail} and was stopped. Look for a loop that never "
                "ends, or work far larger than the exercise needs.")
    if ended.kind == "memory":
        return (f"Your code {ended.detail} and was stopped. Look for an array far larger "
                "than the exercise needs.")
    if ended.kind == "crashed":
        return f"{ended.detail}. A crash like this often comes from os._exit, a segfault or very deep recursion."
    return f"jaxtutor could not run the check (not your fault): {ended.detail}"

"""One check: the learner's source in, a Verdict out.

Everything here runs on the trusted side. The learner's code runs only in the Child,
and every way a run can end maps to its own Outcome; an error of ours is INTERNAL_ERROR,
never the learner's fault.
"""

from __future__ import annotations

import re
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from jaxtutor import oracles
from jaxtutor.check.endings import ended_message, ended_outcome
from jaxtutor.course.lessons import Exercise
from jaxtutor.explain import explain, jax_text, known, traceback_text, words
from jaxtutor.oracles.cases import fresh_seed
from jaxtutor.oracles.learner import Learner
from jaxtutor.runner.host.errors import LearnerRaised, RunEnded
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.runners import OneOff, Runners
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import CUT_MARK, TEXT_LIMIT, Diagnosis, Outcome, Verdict, cut

if TYPE_CHECKING:
    from jaxtutor.runner.host.pool import WarmPool


def limits_for(exercise: Exercise) -> Limits:
    return Limits(timeout_s=exercise.timeout_s, memory_bytes=exercise.memory_mib * 1024**2)


def check_file(exercise: Exercise, path: Path, **kwargs) -> Verdict:
    source = Path(path).read_text(encoding="utf-8", errors="replace")
    return check_source(exercise, source, filename=Path(path).name, **kwargs)


def check_source(
    exercise: Exercise,
    source: str,
    filename: str = "solution.py",
    seed: int | None = None,
    runners: Runners | None = None,
    child: Child | None = None,
    submission: str | None = None,
    judged: Callable[[Verdict], None] | None = None,
) -> Verdict:
    """Run the oracle of `exercise` against `source`, in children from `runners` (a
    pool's, else a one-off fork server's when the check runs several programs, else
    fresh processes). `child`: the learner's child if the caller took it from `runners`
    already (the app does, to cancel it). `submission`: a student's own folder, shown
    read-only to the learner's child. `seed` draws the hidden cases: None draws fresh
    ones, and the verdict keeps the seed so the run can be repeated. A clean child (one
    that never sees the learner's file) is taken at once, so it starts meanwhile.
    `judged`: called with a failed verdict's tests as soon as they are known, before the
    search for its cause (which the returned verdict holds), so the learner reads it
    meanwhile (the app does)."""
    started = time.monotonic()
    seed = fresh_seed() if seed is None else seed
    limits = limits_for(exercise)
    oracle = oracles.get(exercise.oracle, exercise.config.get("settings"))
    one_off = None
    if runners is None:
        runners = one_off = (
            OneOff.with_fork_server()
            if child is None and oracle.runs_programs(exercise)
            else OneOff()
        )
    if child is None:
        child = runners.learner(limits, submission)
    judge = None
    try:
        if oracle.needs_clean(exercise):
            judge = runners.clean(limits)
            judge.role = "judge"
        learner = Learner(child, judge, runners.clean, runners.trusted, source, runners.lesson)
        if judged is not None:
            learner.judged = lambda report: judged(_early(exercise, report, seed, started))
        verdict = _judge(oracle, exercise, source, filename, seed, child, learner)
    except RunEnded as ended:
        message, hint = ended_message(ended, child)
        verdict = Verdict(exercise.id, ended_outcome(ended), message, hint=hint)
    except Exception:  # a bug of ours: say so, and never blame the learner
        verdict = Verdict(
            exercise.id,
            Outcome.INTERNAL_ERROR,
            "jaxtutor itself failed while checking. Please report this:\n"
            + traceback.format_exc(limit=-3),
        )
    finally:
        output = runners.finish(child, [judge] if judge is not None else [])
        if one_off is not None:
            one_off.close()
    # the child's note (say, that jit could not compile the function) explains a slow
    # or odd run; an error of ours is not about the learner's code
    if child.notes and verdict.outcome is not Outcome.INTERNAL_ERROR:
        verdict.message = with_note(verdict.message, child.notes[-1])
    if verdict.status != "pass" and (truncated := _TRUNCATED.search(output or "")):
        verdict.message = with_note(verdict.message, X64_NOTE.format(*truncated.groups()))
    verdict.output = output
    return _stamped(verdict, exercise, seed, started)


def _early(exercise: Exercise, report, seed: int, started: float) -> Verdict:
    """A failed verdict before its cause is known: the tests, and what to do meanwhile."""
    return _stamped(_from_report(exercise, report), exercise, seed, started)


def _stamped(verdict: Verdict, exercise: Exercise, seed: int, started: float) -> Verdict:
    """The verdict as it is handed over: a hint about its outcome where nothing more
    precise is known, its time and seed, its texts bounded."""
    if not verdict.hint and verdict.status != "pass":
        verdict.hint = outcome_hint(verdict, exercise)
    # as its JSON keeps it, so a verdict restored from progress reads as it did live
    verdict.duration_s = round(time.monotonic() - started, 3)
    verdict.seed = seed
    return verdict.bound()


# JAX's warning when code asks for a 64-bit type with jax_enable_x64 off: the run went
# on in 32 bits, which a wrong answer may owe to it (a sum asked in int64 that wraps)
_TRUNCATED = re.compile(
    r"Explicitly requested dtype (\w{1,20}) requested in (\w{1,40}) is not available, and "
    r"will be truncated to dtype (\w{1,20})"
)
X64_NOTE = (
    "Note: JAX warned while your code ran that the {0} it asks for (in {1}) is not "
    "available, so it used {2}: 64-bit types need jax_enable_x64, which is off."
)


def with_note(message: str, note: str) -> str:
    """`message` and the child's note after it, the message cut first where the two
    would pass the verdict's limit: a long diagnosis must not cut the note away."""
    room = TEXT_LIMIT - len(note) - len(CUT_MARK) - 3  # the cut's and the note's newlines
    return f"{cut(message, room)}\n\n{note}"


def warm(exercise: Exercise, pool: WarmPool) -> None:
    """Run the exercise's own programs once in the pool's trusted child, so the next
    check finds what JAX compiled for them there (the app does this while the learner
    reads, `watch` while it waits for a save). Only a head start: it never raises. A
    pool that starts children only for checks (`serve`'s) is not warmed."""
    if pool.on_demand:
        return
    try:
        oracle = oracles.get(exercise.oracle, exercise.config.get("settings"))
        # a check that takes a clean child too takes two children: both warm
        pool.keep_warm(2 if oracle.needs_clean(exercise) else 1)
        pool.prime(oracle.op_by_op_shapes(exercise))
        with pool.trusted.lock.warming():
            oracle.warm(exercise, pool.trusted)
    except Exception:  # the check runs these programs itself
        pass


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
    Outcome.CANNOT_CHECK: "The message says what the tutor could not check; change that part "
    "of your code, or report it if the message says the tutor's runner failed.",
    Outcome.EXCEPTION: "Start at the line the error points at: the explanation above says what "
    "JAX needed there.",
    Outcome.WRONG_ANSWER: "Run your function on the failing case yourself and compare each "
    "intermediate value with the one you expect; the lesson's hints "
    "walk through the exercise step by step.",
    Outcome.INTERNAL_ERROR: "",
}


# every value right, only a rule on how the function is built broken: no case to rerun
_RULES_ONLY_HINT = (
    "Every answer was right; what failed is how your function is built. The failed "
    "structure line says what the task asks for."
)


def _rules_only(tests) -> list:
    """The failed tests, when every one is a structure rule (every answer right); else []."""
    failed = [t for t in tests if t.status != "pass"]
    return failed if failed and all(t.name.startswith("structure:") for t in failed) else []


def outcome_hint(verdict: Verdict, exercise: Exercise) -> str:
    if _rules_only(verdict.tests):
        return _RULES_ONLY_HINT
    return _OUTCOME_HINTS.get(verdict.outcome, "").format(function=exercise.function)


def _judge(
    oracle,
    exercise: Exercise,
    source: str,
    filename: str,
    seed: int,
    child: Child,
    learner: Learner,
) -> Verdict:
    loaded = child.load(source, filename, exercise.function)
    if loaded.get("ok") is not True:
        return _load_failed(exercise, loaded, source)
    try:
        report = oracle.run(learner, exercise, seed)
    except LearnerRaised as raised:
        message, line = explain(raised.info)
        if raised.diagnosis is not None:
            # the lesson's own mistake names the cause: its words, then JAX's, without
            # the catalogue's general advice for that error (which may point elsewhere)
            message = f"{raised.diagnosis.message}\n\n{jax_text(raised.info)}"
        trace = traceback_text(raised.info)
        # the exception replaces the tests, so say which case it came from
        if case := getattr(raised, "case", ""):
            message += f"\n\nThis happened on the case: {case}."
            message += f" {raised.case_said}" if raised.case_said else ""
        diagnosis = raised.diagnosis or _catalogued(raised.info)
        return Verdict(
            exercise.id,
            Outcome.EXCEPTION,
            message + (f"\n\nIn your code:\n{trace}" if trace else ""),
            line=line,
            diagnosis=diagnosis,
            hint=diagnosis.hint if diagnosis else "",
        )
    return _from_report(exercise, report)


def _from_report(exercise: Exercise, report) -> Verdict:
    """The verdict of an oracle's report: its tests, and the diagnosis if it has one."""
    diagnosis = report.diagnosis
    if report.passed:
        return Verdict(
            exercise.id,
            Outcome.PASSED,
            f"All {len(report.tests)} tests passed.",
            tests=report.tests,
        )
    failed = sum(t.status != "pass" for t in report.tests)
    message = f"{failed} of {len(report.tests)} tests failed."
    if diagnosis:
        message += f" {diagnosis.message}"
    elif rules := _rules_only(report.tests):
        # every answer right, a rule on how the function is built broken: the rule's
        # line says what it found in the learner's program, so say it first
        message += f" Your answers are right; how your function is built is not. {rules[0].message}"
    return Verdict(
        exercise.id,
        Outcome.WRONG_ANSWER,
        message,
        tests=report.tests,
        diagnosis=diagnosis,
        hint=diagnosis.hint if diagnosis else "",
    )


def _catalogued(info: dict) -> Diagnosis | None:
    """A JAX error the catalogue knows names its cause even where the oracle has no
    mistake for it (the explanation is already in the message)."""
    entry = known(info)
    return Diagnosis(entry.id, words(entry, info), hint=entry.hint) if entry else None


def _mistake_on_load(exercise: Exercise, loaded: dict, source: str) -> Diagnosis | None:
    """A lesson's declared mistake whose evidence is this exception, raised while the
    file ran (a class JAX refuses to register, say), or a catalogued JAX error."""
    from jaxtutor.oracles.evidence import without_comments
    from jaxtutor.oracles.generic.declared import declared
    from jaxtutor.oracles.generic.runs import Raised

    error = Raised(loaded.get("type", ""), loaded.get("message", ""), loaded)
    mine = declared(exercise.config, without_comments(source), error=error)
    return mine or _catalogued(loaded)


def _load_failed(exercise: Exercise, loaded: dict, source: str = "") -> Verdict:
    kind = loaded.get("kind")
    if kind == "syntax":
        line, column = loaded.get("line"), loaded.get("column")
        text = loaded.get("text", "")
        pointer = f"\n    {text}\n    {' ' * max((column or 1) - 1, 0)}^" if text else ""
        return Verdict(
            exercise.id,
            Outcome.SYNTAX_ERROR,
            f"line {line}, column {column}: {loaded.get('message')}{pointer}",
            line=line,
        )
    if kind == "missing":
        what = loaded.get("what")
        found = loaded.get("found") or []
        message = (
            f"Your file defines `{exercise.function}`, but as a {what}, not a function."
            if what
            else f"Your file has no function named `{exercise.function}`."
        )
        if found:
            message += f" It defines: {', '.join(found)}."
        return Verdict(exercise.id, Outcome.MISSING_FUNCTION, message)
    message, line = explain(loaded)
    trace = traceback_text(loaded)
    diagnosis = _mistake_on_load(exercise, loaded, source)
    return Verdict(
        exercise.id,
        Outcome.EXCEPTION,
        "Running your file raised an exception before the tests started.\n"
        + message
        + (f"\n\nIn your code:\n{trace}" if trace else ""),
        line=line,
        diagnosis=diagnosis,
        hint=diagnosis.hint if diagnosis else "",
    )

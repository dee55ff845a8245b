"""One check: the learner's source in, a Verdict out.

Everything here runs on the trusted side. The learner's code runs only in the Child,
and every way a run can end maps to its own Outcome; an error of ours is INTERNAL_ERROR,
never the learner's fault.
"""

from __future__ import annotations

import signal
import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from jaxtutor import oracles
from jaxtutor.course.lessons import Exercise
from jaxtutor.explain import explain, known, traceback_text
from jaxtutor.oracles.cases import fresh_seed
from jaxtutor.oracles.learner import Learner
from jaxtutor.runner import wire
from jaxtutor.runner.host.errors import LearnerRaised, RunEnded
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.runners import OneOff, Runners
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import Diagnosis, Outcome, Verdict

if TYPE_CHECKING:
    from jaxtutor.runner.host.pool import WarmPool

_ENDED = {  # the learner's process (errors.RunEnded); other processes: see `_ended_outcome`
    "timeout": Outcome.TIMEOUT,
    "memory": Outcome.MEMORY_LIMIT,
    "crashed": Outcome.CRASHED,
    "runner": Outcome.CANNOT_CHECK,
    "limit": Outcome.CANNOT_CHECK,
    "internal": Outcome.INTERNAL_ERROR,
}


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
) -> Verdict:
    """Run the oracle of `exercise` against `source`, in children from `runners` (a
    pool's, else a one-off fork server's when the check runs several programs, else
    fresh processes). `child`: the learner's child if the caller took it from `runners`
    already (the app does, to cancel it). `submission`: a student's own folder, shown
    read-only to the learner's child. `seed` draws the hidden cases: None draws fresh
    ones, and the verdict keeps the seed so the run can be repeated. A clean child (one
    that never sees the learner's file) is taken at once, so it starts meanwhile."""
    started = time.monotonic()
    seed = fresh_seed() if seed is None else seed
    limits = limits_for(exercise)
    oracle = oracles.get(exercise.oracle)
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
        verdict = _judge(
            oracle,
            exercise,
            source,
            filename,
            seed,
            child,
            Learner(child, judge, runners.clean, runners.trusted, source),
        )
    except RunEnded as ended:
        message, hint = _ended_message(ended, child)
        verdict = Verdict(exercise.id, _ended_outcome(ended), message, hint=hint)
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
        verdict.message += f"\n\n{child.notes[-1]}"
    verdict.output = output
    if not verdict.hint and verdict.status != "pass":
        verdict.hint = outcome_hint(verdict, exercise)
    verdict.duration_s = time.monotonic() - started
    verdict.seed = seed
    return verdict.bound()


def warm(exercise: Exercise, pool: WarmPool) -> None:
    """Run the exercise's own programs once in the pool's trusted child, so the next
    check finds what JAX compiled for them there (the app does this while the learner
    reads, `watch` while it waits for a save). Only a head start: it never raises."""
    try:
        oracle = oracles.get(exercise.oracle)
        if oracle.needs_clean(exercise):  # its checks take two children: both warm
            pool.keep_warm(2)
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


def outcome_hint(verdict: Verdict, exercise: Exercise) -> str:
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
        return _load_failed(exercise, loaded)
    try:
        report = oracle.run(learner, exercise, seed)
    except LearnerRaised as raised:
        message, line = explain(raised.info)
        trace = traceback_text(raised.info)
        # the exception replaces the tests, so say which case it came from
        if case := getattr(raised, "case", ""):
            message += f"\n\nThis happened on the case: {case}."
        diagnosis = raised.diagnosis or _catalogued(raised.info)
        return Verdict(
            exercise.id,
            Outcome.EXCEPTION,
            message + (f"\n\nIn your code:\n{trace}" if trace else ""),
            line=line,
            diagnosis=diagnosis,
            hint=diagnosis.hint if diagnosis else "",
        )
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
    return Diagnosis(entry.id, entry.words, hint=entry.hint) if entry else None


def _load_failed(exercise: Exercise, loaded: dict) -> Verdict:
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
    return Verdict(
        exercise.id,
        Outcome.EXCEPTION,
        "Running your file raised an exception before the tests started.\n"
        + message
        + (f"\n\nIn your code:\n{trace}" if trace else ""),
        line=line,
    )


# -- how a run ended, in words: what was measured, in which process and phase ---------
#
# Each message says which limit was hit (the time limit of the exercise's runs, the
# tutor's CPU, memory or size limits) and in which phase (loading the file, calling the
# function, JAX tracing it, lowering its finished trace, XLA compiling its program, the
# program running), and names a cause only where a measurement shows it (the program's
# size, its operations, its constants, an exit code or a signal).

_MIB = 1024**2
# a program of this many operations, or with this much in constants, is far beyond any
# lesson's (theirs have tens of operations and a few KiB): it may be named as a cause
_MANY_OPS = 5_000
_MANY_CONSTANT_BYTES = 64 * 1024
_UNROLLED = (
    "A Python loop in a traced function adds a copy of its body to the program for "
    "every step it runs, and so does a lax.scan or lax.fori_loop given unroll=; "
    "without unroll=, they add one."
)
_EXPORTED = "the program jax.export made of your function"
_JUDGE = (
    "The tutor's checking process (which compiles and runs the programs jax.export "
    "makes of your function, and never runs your Python)"
)
_LESSON = "The tutor's process that runs this lesson's own reference and mutants"

_PHASE = {  # "..., while <phase>": the learner's process, then the judge's
    "start": "it started, before any code was sent to it",
    "load": "your file was loaded (its top-level code, before any test called your function)",
    "call": "the tests called your function (under jax.jit: JAX traces it, running your "
    "Python once per input shape, then compiles and runs it)",
    "trace": "JAX traced your function for the tutor's checks (jax.export runs your Python "
    "once per input shape, with traced values, to build the program the tutor checks)",
    "lower": "JAX lowered your function's finished trace into the program the tutor checks",
    "check": f"it read {_EXPORTED}",
    "compile": f"XLA compiled {_EXPORTED}",
    "run": f"{_EXPORTED} ran on the tests",
}
_LESSON_PHASE = {
    "load": "it loaded the lesson's code",
    "call": "the lesson's function ran on the tests",
    "trace": "JAX exported the lesson's function",
    "lower": "JAX exported the lesson's function",
    "check": "it read the lesson's exported program",
    "compile": "XLA compiled the lesson's exported program",
    "run": "the lesson's exported program ran on the tests",
}
_MEMORY = " (the memory limit of the exercise's runs)"
_BIG_PROGRAM = (
    "See how large your function's program is: `jax.jit(f).lower(*args).as_text()` on "
    "the lesson's example prints it."
)
_SLOW_EXPORT = (
    "Time `jax.export.export(jax.jit(f))(*args)` yourself on the lesson's example: it "
    "should take well under a second. What makes it slow is what the message names."
)
_SLOW_COMPILE = (
    "Time `jax.jit(f).lower(*args).compile()` yourself on the lesson's example: it "
    "should take well under a second. What makes it slow is what the message names."
)


def _size(n: int) -> str:
    if n < _MIB:
        return f"{max(1, round(n / 1024))} KiB"
    return f"{n / _MIB:.1f}".removesuffix(".0") + " MiB"


def _ended_outcome(ended: RunEnded) -> Outcome:
    """The learner's process: by how it ended (`_ENDED`). A judge never runs the
    learner's Python, and a lesson's process runs only the lesson's code: their crashes
    and failures are the tutor's own; a limit a judge hits running the learner's
    program is still that program's."""
    if ended.role == "lesson" or ended.kind == "internal":
        return Outcome.INTERNAL_ERROR
    if ended.role == "judge" and ended.kind in ("crashed", "runner"):
        return Outcome.INTERNAL_ERROR
    return _ENDED[ended.kind]


def _ended_message(ended: RunEnded, learner: Child | None = None) -> tuple:
    """The verdict's message and hint ("": the outcome's own) for a run that ended.
    `learner`: the learner's child, whose measure of the last trace it exported
    (operations, constants) is evidence about the program a judge was compiling."""
    phase = ended.phase
    if ended.kind == "internal":
        return f"jaxtutor could not run the check (not your fault): {ended.detail}", ""
    if ended.role == "lesson":
        doing = f", while {_LESSON_PHASE[phase]}" if phase in _LESSON_PHASE else ""
        return (
            f"{_LESSON} {_lesson_how(ended)}{doing}. That process never runs your code: "
            "this is the tutor's failure, not yours. Please report it.",
            "",
        )
    if ended.kind == "limit":
        return _limit_message(ended)
    measured = dict(ended.measured)
    if ended.role == "judge" and learner is not None:
        for key in ("ops", "constant_bytes"):
            measured.setdefault(key, learner.traced.get(key))
    while_ = f", while {_PHASE[phase]}" if phase in _PHASE else ""
    if ended.kind == "timeout":
        return _timeout_message(ended, measured)
    if ended.role == "judge":
        if ended.kind == "memory":
            if phase == "compile":
                return (
                    f"{_JUDGE} {ended.detail}{_MEMORY}{while_}.{_many_ops(measured.get('ops'))}",
                    _BIG_PROGRAM,
                )
            return (
                f"{_JUDGE} {ended.detail}{_MEMORY}{while_}. Look for an array far larger "
                "than the exercise needs.",
                "",
            )
        return (  # crashed, or its runner failed: the tutor's own process
            f"{_JUDGE} {_how(ended)}{while_}. This is the tutor's failure, not your "
            "code's. Please report it.",
            "",
        )
    if ended.kind == "memory":
        if phase == "lower":
            return (
                f"Your program's process {ended.detail}{_MEMORY}{while_}."
                + _many_ops(measured.get("ops")),
                _BIG_PROGRAM,
            )
        return (
            f"Your code {ended.detail}{_MEMORY} and was stopped{while_}. Look for an array "
            "far larger than the exercise needs.",
            "",
        )
    if ended.kind == "runner":
        return (
            f"The tutor's runner in your program's process failed ({ended.detail}){while_}. "
            "It failed outside your function: not an error of your code the tutor could "
            "show you, and your code could not be checked. If it happens again with this "
            "code, please report it.",
            "",
        )
    detail = ended.detail[:1].upper() + ended.detail[1:]
    return f"{detail}{while_}.{_crash_cause(ended)}", _crash_hint(ended)


def _how(ended: RunEnded) -> str:
    """How a process ended, said of it in the third person, from what was measured."""
    if "signal" in ended.measured:
        return f"was killed by {signal.Signals(ended.measured['signal']).name}"
    if "exit_code" in ended.measured:
        return f"exited (exit code {ended.measured['exit_code']})"
    if ended.kind == "runner":
        return f"failed ({ended.detail})"
    return "stopped answering as it should"


def _lesson_how(ended: RunEnded) -> str:
    if ended.kind == "timeout" and ended.measured.get("limit") == "clock":
        return f"went over the exercise's time limit ({ended.measured.get('seconds')} s)"
    if ended.kind in ("timeout", "memory", "limit", "runner"):
        return ended.detail
    return _how(ended)


def _crash_cause(ended: RunEnded) -> str:
    """What the learner's process's end shows (a signal, an exit), as a cause."""
    if ended.measured.get("signal") == signal.SIGSEGV:
        return (
            " A segfault: code in the process read memory it may not (through ctypes or "
            "another C extension), or a recursion overflowed the C stack."
        )
    code = ended.measured.get("exit_code")
    if code is not None and code != wire.EXIT_PIPES_LOST:
        return " Code in the process ended it before it answered (os._exit, say)."
    return ""


def _crash_hint(ended: RunEnded) -> str:
    """What to do about the learner's crash, by what its end shows ("": the outcome's)."""
    if ended.measured.get("signal") == signal.SIGSEGV:
        return "Remove code that touches raw memory (ctypes), and look for very deep recursion."
    code = ended.measured.get("exit_code")
    if code == wire.EXIT_PIPES_LOST or "did not ask for" in ended.detail:
        return "Leave alone the file descriptors your code did not open: the tutor uses them."
    if code is not None:
        return "Remove calls that end the program (os._exit, say): return a value instead."
    return ""


def _many_ops(ops: int | None) -> str:
    if ops is None or ops < _MANY_OPS:
        return ""
    return f" Its program has about {ops:,} operations. {_UNROLLED}"


def _timeout_message(ended: RunEnded, measured: dict) -> tuple:
    """Which time limit, in which phase; a cause only where the phase or a measure shows
    one. In the learner's process its clock starts when the file is loaded; in the
    judge's, at the first program it is given."""
    phase = ended.phase
    if measured.get("limit") == "cpu":
        over = (
            f"used more than {measured.get('cpu_s', '?')} s of CPU time, the tutor's limit "
            "on CPU time for a run of this exercise (every core its threads use counts)"
        )
    else:
        counted = (
            "in the checking process, counted from the first program it was given"
            if ended.role == "judge"
            else "counted from when your file was loaded"
        )
        seconds = measured.get("seconds")
        over = (
            f"was still running after {seconds:g} s, the exercise's time limit (its "
            f"timeout_s, {counted})"
            if isinstance(seconds, (int, float))
            else f"was still running at the exercise's time limit (its timeout_s, {counted})"
        )
    if phase == "lower":
        ops = measured.get("ops")
        traced = f" (its program: about {ops:,} operations)" if ops is not None else ""
        return (
            f"Your program's process {over}, while JAX lowered your function's trace into "
            f"the program the tutor checks. Your code had finished: JAX had traced it{traced}, "
            "so it was not stuck in a loop; building its program took too long."
            + (f" {_UNROLLED}" if ops is not None and ops >= _MANY_OPS else ""),
            _SLOW_EXPORT,
        )
    if phase in ("check", "compile"):
        size = f" ({_size(measured['bytes'])})" if measured.get("bytes") else ""
        constants = measured.get("constant_bytes") or 0
        folded = (
            f" Its program holds {_size(constants)} of constants (arrays your function "
            "closed over): XLA computes what it can from constants while it compiles, "
            "which for large ones can take long."
            if phase == "compile" and constants >= _MANY_CONSTANT_BYTES
            else ""
        )
        return (
            f"{_JUDGE} {over}, while {_PHASE[phase]}{size}. Your Python code was not "
            "running there: your function had been exported, and its program was slow to "
            + ("compile." if phase == "compile" else "read.")
            + _many_ops(measured.get("ops"))
            + folded,
            _SLOW_COMPILE,
        )
    if phase == "run":
        return (
            f"{_EXPORTED[:1].upper()}{_EXPORTED[1:]} compiled, and then {_JUDGE[:1].lower()}"
            f"{_JUDGE[1:]} {over}, while the program ran on the tests. Look for a loop in "
            "it that never ends (a lax.while_loop whose condition stays true), or far more "
            "work than the exercise needs.",
            "",
        )
    while_ = f", while {_PHASE[phase]}" if phase in _PHASE else ""
    cause = (
        " Look for a loop that never ends, or a Python loop over very many steps (each "
        "step adds its operations to the program)."
        if phase == "trace"
        else " Look for a loop that never ends, or work far larger than the exercise needs."
    )
    hint = (
        "The time ran out in your file's top-level code, before any test called your "
        "function: look there first."
        if phase == "load"
        else ""
    )
    return f"Your code {over}{while_}, and was stopped.{cause}", hint


def _limit_message(ended: RunEnded) -> tuple:
    """What the tutor cannot check, from what was measured (see wire.clean_limit)."""
    m = ended.measured
    limit = m.get("limit")
    if limit == "callback":
        what = f" ({m['primitive']})" if "primitive" in m else ""
        return (
            f"Your function calls back into Python from inside its compiled program{what}. "
            "The tutor cannot check such a function: it checks the program jax.export "
            "makes of your function, in a process that never runs your Python code, and "
            "a callback's Python cannot go with the program. Compute that part with "
            "jax.numpy (jnp) operations instead, which JAX compiles into the program.",
            "Replace the callback (jax.pure_callback, io_callback) with jnp operations.",
        )
    if limit == "program":
        size = m.get("bytes", 0)
        message = (
            f"{_EXPORTED[:1].upper()}{_EXPORTED[1:]}"
            + (f" is {_size(size)}," if size else " is")
            + f" over the tutor's {_size(wire.MAX_PROGRAM)} limit for one program, so "
            "the tutor cannot check it."
        )
        constants = m.get("constant_bytes", 0)
        if size and constants * 2 >= size:
            largest = (
                f" (the largest: {m['largest']}, {_size(m.get('largest_bytes', 0))})"
                if "largest" in m
                else ""
            )
            return (
                message + f" {_size(constants)} of it is constants: arrays your function "
                f"uses that were built outside it and closed over{largest}, which jax.export "
                "writes into the program.",
                "Build such an array inside your function (JAX then computes it when the "
                "program runs instead of storing it), or do without it.",
            )
        return message + _many_ops(m.get("ops")), ""
    # a reply too large for the tutor: the learner's answers, or its program's
    whose = (
        "Your function's answers" if ended.role == "learner" else f"The answers {_EXPORTED} gave"
    )
    return (
        f"{whose} came to {_size(m.get('bytes', 0))} as sent, over the tutor's "
        f"{_size(wire.MAX_FRAME)} limit for one reply, so the tutor cannot check them.",
        "Check the shape of what your function returns: print it on the lesson's example.",
    )

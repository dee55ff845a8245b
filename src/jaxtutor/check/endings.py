"""How a run ended, in words: what was measured, in which process and phase, and which
limit of the tutor's it met. A cause is named only where the measurements show it."""

from __future__ import annotations

import signal

from jaxtutor.runner import wire
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.verdict import Outcome

_ENDED = {  # the learner's process (errors.RunEnded); other processes: see `ended_outcome`
    "timeout": Outcome.TIMEOUT,
    "memory": Outcome.MEMORY_LIMIT,
    "crashed": Outcome.CRASHED,
    "runner": Outcome.CANNOT_CHECK,
    "limit": Outcome.CANNOT_CHECK,
    "internal": Outcome.INTERNAL_ERROR,
}


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


def ended_outcome(ended: RunEnded) -> Outcome:
    """The learner's process: by how it ended (`_ENDED`). A judge never runs the
    learner's Python, and a lesson's process runs only the lesson's code: their crashes
    and failures are the tutor's own; a limit a judge hits running the learner's
    program is still that program's."""
    if ended.role == "lesson" or ended.kind == "internal":
        return Outcome.INTERNAL_ERROR
    if ended.role == "judge" and ended.kind in ("crashed", "runner"):
        return Outcome.INTERNAL_ERROR
    return _ENDED[ended.kind]


def ended_message(ended: RunEnded, learner: Child | None = None) -> tuple:
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

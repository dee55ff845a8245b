"""What every oracle shares: the learner seen from the trusted side, misconceptions,
and comparisons that check structure and shape exactly before values.

An oracle's cases are of two kinds: teaching cases, the same on every run and shown
with their inputs, and hidden cases, drawn afresh from the run's seed, whose inputs are
shown only once they have failed (so a table of memorised answers cannot pass).

An oracle generates cases, computes the answers with its own float64 NumPy
reference, asks the learner's child for the learner's answers, and compares here. When
an answer is wrong it compares with mutants of the reference (one per known
misconception) to say what went wrong.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.runner.wire import Opaque
from jaxtutor.verdict import Diagnosis, TestResult

# float32 arithmetic in the learner's process against a float64 reference
RTOL, ATOL = 2e-4, 2e-5


class Learner:
    """The learner's function as the oracle sees it: calls go to the child process,
    answers come back as numpy pytrees. A call that raised gives LearnerRaised.
    `clean` is a child that is never sent the learner's file: it judges the programs
    the learner's function exports (see `programs`); a fresh one is started if need be.
    `spawn` gives the children that run the exercise's own programs (a reference, the
    mutants): a pool's `take` or a fork server's, so each costs a fork, not an import."""

    def __init__(self, child: Child, clean: Child | None = None,
                 spawn: Callable[[Limits], Child] | None = None, trusted=None,
                 source: str = ""):
        self._child = child
        self._clean = clean
        self.spawn = spawn or Child
        self.trusted = trusted  # a pool's runner.pool.TrustedChild, kept warm between checks
        # the file as text, for evidence of what the code did (never run here)
        self.source = source

    def call(self, *args):
        (result,) = self.call_many([args])
        if isinstance(result, LearnerRaised):
            raise result
        return result

    def call_many(self, calls: list[tuple]) -> list:
        """One round trip for many calls; each entry is a value or a LearnerRaised."""
        return [r["value"] if r.get("ok") is True else LearnerRaised(r)
                for r in self._child.call_many(calls)]

    def programs(self, calls: list[tuple], rows: Callable[[tuple], tuple[list[int], int]]) -> Programs:
        """See `programs`, with this check's clean child (check_source kills it)."""
        return programs(self._child, self._clean, calls, rows)

    def take_clean(self) -> Child | None:
        """This check's clean child (None once taken, or if there is none)."""
        clean, self._clean = self._clean, None
        return clean


def programs(child: Child, clean: Child | None, calls: list[tuple],
             rows: Callable[[tuple], tuple[list[int], int]]) -> Programs:
    """See `start_programs`: its programs, once the clean child has judged them all."""
    return start_programs(child, clean, calls, rows).result()


def start_programs(child: Child, clean: Child | None, calls: list[tuple],
                   rows: Callable[[tuple], tuple[list[int], int]]) -> Exported:
    """Export the function loaded in `child` once per input signature, at the first
    call of each, and have `clean` (a child never sent any file; a fresh one if None)
    check each program and run it on every call of its signature (a `clean` given stays
    alive for more: its caller kills it). `rows(args)` names the batch arguments
    (positions among the traced arguments) and how many rows a loop over them must run.
    Returns once the exports are done: `child` is free for more requests while the
    clean child compiles."""
    groups: dict[tuple, list[int]] = {}
    for i, args in enumerate(calls):
        groups.setdefault(input_signature(args), []).append(i)
    members = list(groups.values())
    stack = contextlib.ExitStack()
    judge = clean if clean is not None else stack.enter_context(Child(child.limits))
    meanwhile = stack.enter_context(ThreadPoolExecutor(max_workers=1))
    pending = Exported(child, calls, members, stack)
    try:
        # a shape's program is checked and compiled there while the next one is exported here
        for m in members:
            (e,) = child.export([calls[m[0]]])
            if e.get("ok") is not True:
                pending.raised = LearnerRaised(e)
                break
            pending.exported.append(e)
            pending.checking.append(meanwhile.submit(judge.verify, [{
                "module": e["module"], "rows": rows(calls[m[0]])[0],
                "trip": rows(calls[m[0]])[1], "calls": [calls[i] for i in m]}]))
    except BaseException:
        stack.close()
        raise
    return pending


class Exported:
    """The learner's programs, exported, while a clean child judges them."""

    def __init__(self, child: Child, calls: list[tuple], members: list[list[int]],
                 stack: contextlib.ExitStack):
        self._child, self._calls, self._members, self._stack = child, calls, members, stack
        self.exported: list[dict] = []
        self.checking: list = []  # the clean child's replies, to come
        self.raised: LearnerRaised | None = None  # an export's exception
        self._result: Programs | None = None

    @property
    def pure(self) -> bool:
        """Whether a call of the function would do nothing its programs do not: each
        export worked and its trace left the learner's Python state as it was, and
        nothing prints while it runs. Then the programs' runs can be its answers. (The
        child's word on its state: it only decides where the learner's own answers are
        computed, never a verdict.)"""
        return self.raised is None and all(e.get("pure") is True and not e["prints"]
                                           for e in self.exported)

    def result(self) -> Programs:
        """Wait for the programs. Raises LearnerRaised when an export raised (the
        function's exception, as a call's)."""
        if self._result is not None:
            return self._result
        with self._stack:
            if self.raised is not None:
                raise self.raised
            found = [future.result()[0] for future in self.checking]
        if any(e["prints"] for e in self.exported):
            self._child.call_many(self._calls)  # so its jax.debug.print output shows, as it ran
        result = Programs([None] * len(self._calls), [{}] * len(self._calls))
        for e, m, facts in zip(self.exported, self._members, found):
            values = facts.pop("values", [])
            for i, value in zip(m, values):
                result.values[i] = rebuild(e["tree"], value)
            for i in m:
                result.facts[i] = facts
        self._result = result
        return result


@dataclass
class Programs:
    """What a clean child found in the learner's exported programs: per call, the value
    its signature's program returned (None where there is none) and that program's
    facts (jitted, scan, ops; or refused)."""

    values: list
    facts: list[dict]


def input_signature(args) -> tuple:
    """What one exported program serves: the arguments' tree, each array's shape and
    kind, the values of the static ones (as the child's jit sees them)."""
    if isinstance(args, (tuple, list)):
        return (type(args).__name__, tuple(input_signature(a) for a in args))
    if isinstance(args, dict):
        return ("dict", tuple((k, input_signature(v)) for k, v in sorted(args.items())))
    if isinstance(args, np.ndarray):
        kind = "float" if args.dtype.kind == "f" else str(args.dtype)
        return ("array", args.shape, kind)
    if isinstance(args, float):
        return ("float",)
    return ("static", repr(args))


def rebuild(tree, flat):
    """A program's flat results in the shape of its output tree (leaves numbered);
    None when the two do not fit (the trusted side then has no value)."""
    if not isinstance(flat, list):
        return None
    used = []

    def fill(node):
        if node is None:  # an empty subtree, as jax has it
            return None
        if isinstance(node, bool):
            raise ValueError
        if isinstance(node, int):
            if not 0 <= node < len(flat):
                raise ValueError
            used.append(node)
            return flat[node]
        if isinstance(node, (tuple, list)):
            return type(node)(fill(n) for n in node)
        if isinstance(node, dict):
            return {k: fill(v) for k, v in node.items()}
        raise ValueError

    try:
        value = fill(tree)
    except (ValueError, RecursionError):
        return None
    return value if sorted(used) == list(range(len(flat))) else None


@dataclass(frozen=True)
class Misconception:
    id: str
    message: str  # what the learner's code does, in the learner's terms
    hint: str  # the hint aimed at it

    def diagnose(self, **details) -> Diagnosis:
        """A diagnosis of this misconception; `details` may say it more precisely."""
        return Diagnosis(**{"id": self.id, "message": self.message, "hint": self.hint, **details})


@dataclass
class Report:
    """An oracle's findings: one entry per test, and what it recognised."""

    tests: list[TestResult] = field(default_factory=list)
    diagnosis: Diagnosis | None = None

    @property
    def passed(self) -> bool:
        return bool(self.tests) and all(t.status == "pass" for t in self.tests)


class Oracle:
    """Base of the built-in oracles. The common path: run every case in one round trip;
    when a call raised, ask `diagnose_raised` what mistake is behind it (the exception
    then becomes the verdict); when an answer is wrong, ask `diagnose` about the first
    wrong one. An oracle with more to check (say, the jaxpr) overrides `run`."""

    name: str = ""
    misconceptions: dict[str, Misconception] = {}
    rtol, atol = RTOL, ATOL
    arg_names: tuple[str, ...] = ()  # the function's arguments, as the learner names them

    def reference(self, *args):
        """The right answer for `args` (the probes ask it about inputs of their own)."""
        raise NotImplementedError

    def cases(self, seed: int) -> list[Case]:
        raise NotImplementedError

    def needs_clean(self, exercise) -> bool:
        """Whether a check judges exported programs (Learner.programs), so needs a
        child that never sees the learner's file."""
        return False

    def runs_programs(self, exercise) -> bool:
        """Whether a check runs the exercise's own programs in children of their own
        (Learner.spawn), beside the learner's."""
        return False

    def warm(self, exercise, trusted) -> None:
        """Run the exercise's own programs once ahead of the first check (see generic)."""

    def diagnose_raised(self, message: str) -> Diagnosis | None:
        return None

    def diagnose_error(self, info: dict, source: str) -> Diagnosis | None:
        """The mistake behind a raised error, from its report (type, message, the
        learner's frames) and the learner's file; by default from the message alone."""
        return self.diagnose_raised(info.get("message", ""))

    def diagnose(self, case: Case, got) -> Diagnosis | None:
        return None

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        cases = self.cases(seed)
        tests, answers = run_cases(learner, cases, self.rtol, self.atol)
        if (raised := first_raised(answers, cases)) is not None:
            raised.diagnosis = self.diagnose_error(raised.info, learner.source)
            raise raised
        report = Report(tests)
        if not report.passed:
            case, got = next((c, a) for c, a in zip(cases, answers)
                             if not matches(a, c.expected, self.rtol, self.atol))
            report.diagnosis = self.diagnose(case, got) or self.probe(learner, cases, answers)
        return report

    def probe(self, learner: Learner, cases: list[Case], answers: list) -> Diagnosis | None:
        """What the answers show when no named mistake fits (see probes.py)."""
        from jaxtutor.oracles.probes import Probe, probe  # probes builds on this module

        return probe(Probe(cases, answers, [c.expected for c in cases], self.arg_names,
                           call_many=learner.call_many,
                           reference=lambda calls: [self.reference(*a) for a in calls]))


DESCRIBED_ENTRIES = 3  # entries of a tuple (keys of a dict) a description names
DESCRIBED_DEPTH = 2  # nested containers a description looks into


def describe(value, _depth: int = 0) -> str:
    """A short, learner-facing description of a returned value's structure. Short
    whatever the value: a 40,000-entry tuple is described by its length and first few."""
    if value is None:
        return "None"
    if isinstance(value, Opaque):
        return f"a {value.type_name}"
    if isinstance(value, bool):
        return f"the Python bool {value}"
    if isinstance(value, (int, float)):
        return f"the Python number {value!r}"
    if isinstance(value, tuple):
        if _depth >= DESCRIBED_DEPTH:
            return f"a tuple of {len(value)}"
        entries = [describe(v, _depth + 1) for v in value[:DESCRIBED_ENTRIES]]
        return f"a tuple of {len(value)} ({_first_few(entries, len(value))})"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        keys = [repr(k[:40]) for k in sorted(value)[:DESCRIBED_ENTRIES]]
        return f"a dict with keys [{_first_few(keys, len(value))}]"
    if isinstance(value, np.ndarray):
        return f"an array of shape {tuple(value.shape)} and dtype {value.dtype}"
    return type(value).__name__


def _first_few(described: list[str], total: int) -> str:
    more = total - len(described)
    return ", ".join(described + ([f"and {more} more"] if more > 0 else []))


def as_array(value) -> np.ndarray | None:
    """The value as a float64 array if it is an array or a Python number, else None."""
    if isinstance(value, np.ndarray) and value.dtype.kind in "biuf":
        return value.astype(np.float64)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return np.asarray(float(value))
    return None


def mismatch(got, expected, rtol: float = RTOL, atol: float = ATOL) -> str | None:
    """None when `got` matches `expected` (a pytree of float64 arrays) in structure,
    shape and value; otherwise the first difference, in words."""
    if isinstance(expected, tuple):
        if not isinstance(got, (tuple, list)) or len(got) != len(expected):
            return f"expected a tuple of {len(expected)}, got {describe(got)}"
        for i, (g, e) in enumerate(zip(got, expected)):
            if (problem := mismatch(g, e, rtol, atol)) is not None:
                return f"entry {i}: {problem}"
        return None
    if isinstance(expected, dict):
        if not isinstance(got, dict) or set(got) != set(expected):
            return f"expected a dict with keys {sorted(expected)}, got {describe(got)}"
        for key in expected:
            if (problem := mismatch(got[key], expected[key], rtol, atol)) is not None:
                return f"[{key!r}]: {problem}"
        return None
    arr = as_array(got)
    expected = np.asarray(expected, dtype=np.float64)
    if arr is None:
        return f"expected an array of shape {expected.shape}, got {describe(got)}"
    if arr.shape != expected.shape:
        return f"expected shape {expected.shape}, got shape {arr.shape}"
    if not np.all(np.isfinite(arr)) and np.all(np.isfinite(expected)):
        return "got NaN or infinity"
    if not np.allclose(arr, expected, rtol=rtol, atol=atol):
        worst = np.unravel_index(np.argmax(np.abs(arr - expected)), arr.shape) if arr.shape else ()
        at = f" at index {tuple(int(i) for i in worst)}" if arr.shape else ""
        return f"expected {fmt(expected[worst])}{at}, got {fmt(arr[worst])}"
    return None


def matches(got, expected, rtol: float = RTOL, atol: float = ATOL) -> bool:
    return mismatch(got, expected, rtol, atol) is None


def fmt(x) -> str:
    return f"{float(x):.6g}"


def fresh_seed() -> int:
    """A seed nobody can know before the run: the hidden cases of one check."""
    return secrets.randbits(32)


@dataclass
class Case:
    name: str
    args: tuple  # numpy arrays and pytrees of them; floats are float64 here
    expected: object = None  # the answer to compare with (the reference's, in float64)
    hidden: bool = False  # drawn from the run's seed; `inputs` shown only once it failed
    inputs: str = ""  # the inputs in words, for the learner to reproduce a failed case

    def title(self, failed: bool) -> str:
        """The case's name as the learner sees it."""
        return f"{self.name} ({self.inputs})" if self.hidden and failed else self.name


def hidden_case(number: int, names: tuple[str, ...], args: tuple, expected=None) -> Case:
    """Hidden case `number`: its inputs are kept in words for when it fails."""
    inputs = ", ".join(f"{name}={shown(value)}" for name, value in zip(names, args))
    return Case(f"hidden case {number}", args, expected, hidden=True, inputs=inputs)


def shown(value) -> str:
    """An input as the learner would type it, on one line, to 6 significant digits."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {shown(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (np.ndarray, np.generic, float)) and not isinstance(value, bool):
        text = np.array2string(np.asarray(value), separator=", ", threshold=10**6,
                               formatter={"float_kind": lambda v: f"{v:.6g}"})
        return " ".join(text.split())
    return repr(value)


def run_cases(learner: Learner, cases: list[Case], rtol: float = RTOL,
              atol: float = ATOL) -> tuple[list[TestResult], list]:
    """Call the learner once per case (one round trip) and compare each answer.
    Returns the test results and the learner's answers (a LearnerRaised where the
    call raised: the oracle decides whether it recognises that exception)."""
    answers = learner.call_many([case.args for case in cases])
    tests = []
    for case, got in zip(cases, answers):
        if isinstance(got, LearnerRaised):
            tests.append(TestResult(case.title(failed=True), "error",
                                    f"raised {got.info.get('type')}"))
        elif (problem := mismatch(got, case.expected, rtol, atol)) is None:
            tests.append(TestResult(case.name, "pass"))
        else:
            tests.append(TestResult(case.title(failed=True), "fail", problem))
    return tests, answers


def first_raised(answers: list, cases: list[Case] | None = None) -> LearnerRaised | None:
    """The first call that raised; given the cases, it also says which case it was
    (check.py shows it: the exception then replaces the tests in the verdict)."""
    for i, answer in enumerate(answers):
        if isinstance(answer, LearnerRaised):
            if cases is not None:
                answer.case = cases[i].title(failed=True)
            return answer
    return None

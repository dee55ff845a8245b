"""The generic oracle: an exercise described entirely in TOML, no Python for the author.

The [exercise] table says how to make the inputs (fixed cases, shown to the learner,
and hidden random cases from shapes, dtypes and ranges, drawn afresh on every run),
which reference to trust, the tolerance, what the learner's function must or must not be
made of, how many recompilations are allowed, and named mutants: the code a learner with
one misconception would write, with the hint for it.

Every program runs in a child process of its own: the learner's, the reference's and
each mutant's (the last two from the check's `Learner.spawn`: forked with JAX imported). Only their answers (plain arrays) come back; all comparing happens here.
Structure and recompilation rules are never asked of the learner's process: its
function is exported (once per input signature) and a child that never loaded any file
checks and runs those programs (see runner/verify.py). A learner whose answers and
rule results all look like a mutant's is told that mutant's message and hint.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from jaxtutor.explain import KNOWN, known
from jaxtutor.course.lessons import Key
from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.interface import Misconception, Oracle, Report
from jaxtutor.oracles.learner import Exported, Learner, input_signature, start_programs
from jaxtutor.oracles.values import ATOL, RTOL, mismatch
from jaxtutor.oracles.evidence import same_error
from jaxtutor.oracles.probes import Probe, probe
from jaxtutor.runner import wire
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.runner.host.sandbox import Child, LearnerRaised, Limits
from jaxtutor.runner.wire import Opaque
from jaxtutor.verdict import Diagnosis, TestResult

DTYPES = {"float32", "float64", "int32", "bool", "python_float", "python_int"}

MISTAKE_KEYS = {
    "id": Key("string", "The mistake's id.", required=True),
    "message": Key("string", "What the learner's code does, in the learner's terms.",
                   required=True),
    "hint": Key("string", "The hint aimed at this mistake.", required=True),
    "error": Key("string", "Evidence: a regular expression the learner's exception, written "
                 "\"Type: message\", must match (e.g. \"TypeError: .*in-place item "
                 "assignment\").", default=None),
    "probe": Key("string", "Evidence: what the answers show, a probe's id without its "
                 "probe_ prefix (e.g. \"ignored_argument\", \"sign_flipped\", "
                 "\"divided_by_size\").", default=None),
    "argument": Key("string", "With probe = \"ignored_argument\": which argument.",
                    default=None),
    "code": Key("string", "Evidence too: a regular expression the learner's file must "
                "contain (comments are not searched).", default=None),
    "example": Key("string", "A whole file making this mistake; `jaxtutor lint` proves it "
                   "is recognised as this mistake and as no other.", required=True),
}
ARG_KEYS = {
    "name": Key("string", "The argument's name, used in messages.", required=True),
    "shape": Key("array", "Its shape: integers, or names from `sizes` shared between "
                 "arguments. [] is a scalar.", default=[]),
    "dtype": Key("string", "float32, float64, int32, bool, python_float or python_int "
                 "(a plain Python number, not an array).", default="float32"),
    "low": Key("float", "Smallest random value.", default=-1.0),
    "high": Key("float", "Largest random value.", default=1.0),
    "wide_low": Key("float", "Smallest value in the wide cases (see wide_cases); default: low.",
                    default=None),
    "wide_high": Key("float", "Largest value in the wide cases (see wide_cases); default: high.",
                     default=None),
}
CASE_KEYS = {
    "name": Key("string", "What the case shows, as the learner sees it.", default="fixed case N"),
    "args": Key("array", "One value per argument: numbers or nested lists.", required=True),
    "dtypes": Key("array", "Per-argument dtypes for this case only, e.g. [\"python_int\"] to "
                  "pass a plain 2; default: each argument's dtype.", default=None),
    "expected": Key("value", "The known answer; when given, the learner is compared with it "
                    "(and lint checks the reference agrees).", default=None),
}
STRUCTURE_KEYS = {
    "must_contain": Key("array", "What the learner's function must use: \"jit\" (it is "
                        "itself jitted), \"scan\" (its result comes from a loop over its "
                        "input's rows), or a StableHLO op name such as \"while\".",
                        default=[]),
    "must_not_contain": Key("array", "What it must not use, in the same words.",
                            default=[]),
    "message": Key("string", "Said to the learner when a structure test fails.", default=""),
}
MUTANT_KEYS = {
    "id": Key("string", "The misconception's id.", required=True),
    "message": Key("string", "What the learner's code does, in the learner's terms.",
                   required=True),
    "hint": Key("string", "The hint aimed at this misconception.", required=True),
    "code": Key("string", "The whole file a learner with this misconception would write.",
                required=True),
}
KEYS = {
    "args": Key("tables", "The function's arguments, in order ([[exercise.args]]).",
                required=True, items=ARG_KEYS),
    "sizes": Key("table", "Named sizes for shapes: name = [choices]; each random case "
                 "picks one per name.", default={}),
    "random_cases": Key("integer", "How many hidden random cases to draw on every run; their "
                        "inputs are shown only when they fail.", default=5),
    "wide_cases": Key("integer", "How many more hidden cases draw each argument from "
                      "wide_low..wide_high: large values where the exercise stays exact in "
                      "float32, so an answer that only holds for small numbers (a clipped "
                      "gradient, say) fails.", default=0),
    "seed": Key("integer", "Mixed into the seed of the hidden cases (each run draws its own; "
                "`check --seed` repeats one).", default=0),
    "cases": Key("tables", "Fixed cases, checked first ([[exercise.cases]]).", default=[],
                 items=CASE_KEYS),
    "reference": Key("string", "Source of a reference function with the same name, run in "
                     "its own process; ideally plain NumPy.", default="the solution"),
    "rtol": Key("float", "Relative tolerance.", default=RTOL),
    "atol": Key("float", "Absolute tolerance.", default=ATOL),
    "check_dtype": Key("boolean", "Also require the reference's output dtypes.", default=False),
    "structure": Key("table", "Requirements on what the learner's function is made of.",
                     table=STRUCTURE_KEYS),
    "max_recompiles": Key("integer", "Compilations allowed after the first case; cases "
                          "should then share shapes and dtypes. 0: one program compiled "
                          "for the first case must answer every case of its shapes.",
                          default=None),
    "mutants": Key("tables", "Named misconceptions ([[exercise.mutants]]).", default=[],
                   items=MUTANT_KEYS),
    "mistakes": Key("tables", "Named mistakes told by their evidence instead of a mutant's "
                    "answers: an error pattern, a probe's finding, code in the learner's "
                    "file ([[exercise.mistakes]]); tried after the mutants.", default=[],
                    items=MISTAKE_KEYS),
}


# -- the spec -------------------------------------------------------------------------

def problems(config: dict) -> list[tuple[tuple, str, str]]:
    """What is wrong in a generic exercise beyond key names and types, as
    (key path inside [exercise], problem, fix-it sentence)."""
    found = []
    args = config.get("args") or []
    sizes = config.get("sizes") or {}
    for name, choices in sizes.items():
        if not (isinstance(choices, list) and choices
                and all(isinstance(c, int) and c >= 0 for c in choices)):
            found.append((("sizes", name), f"size `{name}` must be a non-empty list of "
                          "integers >= 0", f"Write for example `{name} = [1, 3, 5]`."))
    for i, arg in enumerate(args):
        if not isinstance(arg, dict):
            continue
        dtype = arg.get("dtype", "float32")
        if dtype not in DTYPES:
            found.append((("args", i, "dtype"), f"unknown dtype {dtype!r}",
                          f"Use one of: {', '.join(sorted(DTYPES))}."))
        shape = arg.get("shape", [])
        for dim in shape if isinstance(shape, list) else []:
            if isinstance(dim, str) and dim not in sizes:
                found.append((("args", i, "shape"), f"shape names size `{dim}`, which "
                              "[exercise.sizes] does not define",
                              f"Add `{dim} = [2, 3]` under [exercise.sizes], or write a number."))
            elif not isinstance(dim, (int, str)) or isinstance(dim, bool):
                found.append((("args", i, "shape"), "shape entries must be integers or size "
                              "names", "Write the shape like [3] or [\"N\", 2]."))
        if dtype.startswith("python") and shape:
            found.append((("args", i, "shape"), "a Python number has no shape",
                          "Remove `shape`, or use an array dtype such as float32."))
        if arg.get("low", -1.0) > arg.get("high", 1.0):
            found.append((("args", i, "low"), "`low` is greater than `high`",
                          "Swap them so that low <= high."))
        if _range(arg, wide=True)[0] > _range(arg, wide=True)[1]:
            found.append((("args", i, "wide_low"), "the wide range is empty: `wide_low` is "
                          "greater than `wide_high`", "Give wide_low <= wide_high."))
    for i, case in enumerate(config.get("cases") or []):
        if isinstance(case, dict) and isinstance(case.get("dtypes"), list):
            if len(case["dtypes"]) != len(args):
                found.append((("cases", i, "dtypes"), "give one dtype per declared argument",
                              f"List {len(args)} dtype(s), in the order of [[exercise.args]]."))
            for dtype in case["dtypes"]:
                if dtype not in DTYPES:
                    found.append((("cases", i, "dtypes"), f"unknown dtype {dtype!r}",
                                  f"Use one of: {', '.join(sorted(DTYPES))}."))
        if isinstance(case, dict) and isinstance(case.get("args"), list) \
                and len(case["args"]) != len(args):
            found.append((("cases", i, "args"), f"this case gives {len(case['args'])} "
                          f"argument(s) but [[exercise.args]] declares {len(args)}",
                          "Give one value per declared argument, in order."))
    if not config.get("cases") and config.get("random_cases", 5) < 1:
        found.append((("random_cases",), "the exercise has no cases at all",
                      "Set random_cases to 1 or more, or add [[exercise.cases]]."))
    ids = [m.get("id") for m in config.get("mutants") or [] if isinstance(m, dict)]
    for i, mutant_id in enumerate(ids):
        if mutant_id in ids[:i]:
            found.append((("mutants", i, "id"), f"mutant id {mutant_id!r} is used twice",
                          "Give every mutant its own id."))
    for i, mistake in enumerate(config.get("mistakes") or []):
        if not isinstance(mistake, dict):
            continue
        if mistake.get("id") in ids:
            found.append((("mistakes", i, "id"), f"id {mistake.get('id')!r} is also a mutant's",
                          "Give every mistake its own id."))
        ids.append(mistake.get("id"))
        if not any(mistake.get(k) for k in ("error", "probe", "code")):
            found.append((("mistakes", i), "a mistake without evidence would match anything",
                          "Give it an error pattern, a probe or a code pattern."))
        for key in ("error", "code"):
            if isinstance(mistake.get(key), str):
                try:
                    re.compile(mistake[key])
                except re.error as problem:
                    found.append((("mistakes", i, key), f"not a regular expression: {problem}",
                                  "Escape ( ) [ ] . * + ? with a backslash to match them as text."))
    return found


def _value(spec: dict, value):
    """A fixed case's value as the argument's dtype says."""
    dtype = spec.get("dtype", "float32")
    if dtype == "python_float":
        return float(value)
    if dtype == "python_int":
        return int(value)
    return np.asarray(value, dtype={"int32": np.int32, "bool": np.bool_}.get(dtype, np.float64))


def _range(spec: dict, wide: bool) -> tuple[float, float]:
    low, high = float(spec.get("low", -1.0)), float(spec.get("high", 1.0))
    if wide:
        low = float(spec["wide_low"]) if spec.get("wide_low") is not None else low
        high = float(spec["wide_high"]) if spec.get("wide_high") is not None else high
    return low, high


def _random(spec: dict, rng, sizes: dict, wide: bool = False):
    dtype = spec.get("dtype", "float32")
    low, high = _range(spec, wide)
    shape = tuple(sizes[d] if isinstance(d, str) else d for d in spec.get("shape", []))
    if dtype == "python_float":
        return float(np.round(rng.uniform(low, high), 4))
    if dtype == "python_int":
        return int(rng.integers(int(low), int(high) + 1))
    if dtype == "int32":
        return rng.integers(int(low), int(high) + 1, size=shape).astype(np.int32)
    if dtype == "bool":
        return rng.random(size=shape) < 0.5
    return np.asarray(rng.uniform(low, high, size=shape))


def make_cases(config: dict, seed: int = 0) -> list[Case]:
    """The fixed cases, then the hidden ones drawn from `seed` (mixed with the lesson's
    own seed): random_cases from low..high, then wide_cases from the wide ranges."""
    args = config["args"]
    cases = []
    for i, fixed in enumerate(config.get("cases") or []):
        specs = [dict(a, dtype=d) for a, d in zip(args, fixed["dtypes"])] \
            if fixed.get("dtypes") else args
        cases.append(Case(fixed.get("name", f"fixed case {i + 1}"),
                          tuple(_value(a, v) for a, v in zip(specs, fixed["args"])),
                          fixed.get("expected")))
    rng = np.random.default_rng([config.get("seed", 0), seed])
    choices = config.get("sizes") or {}
    names = tuple(a["name"] for a in args)
    wide = [False] * config.get("random_cases", 5) + [True] * config.get("wide_cases", 0)
    for number, is_wide in enumerate(wide, start=1):
        sizes = {name: int(rng.choice(c)) for name, c in sorted(choices.items())}
        values = tuple(_random(a, rng, sizes, is_wide) for a in args)
        cases.append(hidden_case(number, names, values))
    return cases


# -- running one program in its own child ---------------------------------------------

@dataclass
class Raised:
    type: str
    message: str
    info: dict = field(default_factory=dict, repr=False)  # the child's report, frames and all


@dataclass
class Run:
    """What one program did on the cases: answers (a value or Raised per case) from
    calls of the function (under the child's jit, which changes nothing it does) or its
    programs' runs; and, when the exercise has structure or recompilation rules, what a
    clean child found in its exported programs (per case: the facts and the value of the
    program of that case's signature) or why it could not be exported."""

    answers: list
    facts: list[dict] | None = None
    program_values: list | None = None
    export_error: str | None = None
    load_error: str | None = None


def _answers(replies: list[dict]) -> list:
    return [r["value"] if r.get("ok") is True else Raised(str(r.get("type")), str(r.get("message", "")), r)
            for r in replies]


def needs_programs(config: dict) -> bool:
    return bool(config.get("structure")) or config.get("max_recompiles") is not None


def _rows(args: tuple) -> tuple[list[int], int]:
    """The arguments a "scan" rule's loop runs over: the traced arrays whose leading
    size is that of the first traced array with one."""
    traced = [a for i, a in enumerate(args) if i not in wire.static_positions(args)]
    sizes = [np.shape(a)[0] if np.ndim(a) else None for a in traced]
    trip = next((n for n in sizes if n is not None), 0)
    return [i for i, n in enumerate(sizes) if n == trip and n is not None], trip


def observe(child: Child, config: dict, cases: list[Case], clean: Child | None = None,
            first: list | None = None, pending: Exported | None = None,
            ahead: list[Case] = ()) -> Run:
    """Ask a loaded child for everything the oracle compares; `clean` (a child never
    sent any file) judges the exported programs when the exercise has rules for them.
    `first`: its answers to the first cases, already asked for; `pending`: its
    programs, already exported (see `start_observing`); `ahead`: the cases a later run
    will ask for (see `Child.call_many`)."""
    calls = [c.args for c in cases]
    if pending is None:
        pending = start_observing(child, config, cases, clean)
    first = first or []
    rest = calls[len(first):]
    run = Run(first + (_answers(child.call_many(rest, ahead=[c.args for c in ahead]))
                       if rest else []))
    if pending is None:
        return run
    try:
        found = pending.result()
    except LearnerRaised as raised:
        entry = known(raised.info)  # said in the learner's terms where the catalogue can
        run.export_error = entry.words if entry else \
            f"{raised.info.get('type')}: {str(raised.info.get('message', ''))[:300]}"
        return run
    run.facts, run.program_values = found.facts, found.values
    return run


def start_observing(child: Child, config: dict, cases: list[Case],
                    clean: Child | None) -> Exported | None:
    """Export the loaded function's programs first, when the exercise has rules for
    them, so that the clean child compiles them while `child` answers the calls (on two
    cores, the two compiles of each shape side by side); None when there are none."""
    if not needs_programs(config) or not cases:
        if clean is not None:
            clean.kill()
        return None
    return start_programs(child, clean, [c.args for c in cases], _rows)


def answered_by_programs(pending: Exported | None) -> Run | None:
    """The learner's answers from its own exported programs, run in the clean child,
    where a call would do nothing more (`Exported.pure`) and every program passed the
    screen: the learner's child then compiles nothing. None: ask for calls."""
    if pending is None or not pending.pure:
        return None
    found = pending.result()
    if not all(f.get("ok") is True for f in found.facts):
        return None
    return Run(list(found.values), found.facts, found.values)


_CACHE: dict[str, Run] = {}
_CACHE_LOCK = threading.Lock()
# every check draws new hidden cases, so a long session would add runs without end;
# a lint of a large pack stays far below this
_CACHE_SIZE = 256


def run_program(source: str, function: str, config: dict, cases: list[Case],
                limits: Limits, filename: str, programs: bool = True,
                spawn: Callable[[Limits], Child] = Child, shared: TrustedChild | None = None,
                ahead: list[Case] = ()) -> Run:
    """Run a trusted program (the reference or a mutant) in `shared`'s child, or one from
    `spawn`, and judge its exported programs in another (`shared`'s judge, or a fresh
    one) when the exercise needs them. Runs are remembered by source and cases, so
    proving a lesson starts each program once. `ahead`: the cases a later run of it
    will have (the hidden ones, after the fixed): a Python int that takes a new value
    there is traced from the first run on, so the later one compiles nothing (a cold
    check of random_keys waited 0.25 s for the reference's second compile)."""
    programs = programs and needs_programs(config)
    key = hashlib.sha256(json.dumps(
        [source, function, config, [repr(c.args) for c in cases], programs],
        sort_keys=True, default=str).encode()).hexdigest()
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    with contextlib.ExitStack() as stack:
        if shared is not None:
            stack.enter_context(shared.lock)  # one program at a time in it
            with _CACHE_LOCK:  # the same run, started ahead, may have held the lock
                if key in _CACHE:
                    return _CACHE[key]
            child = shared.child(limits)  # raises once closed: a check that ended starts no more
            clean = shared.judge(limits) if programs else None
        else:
            child = stack.enter_context(spawn(limits))
            clean = stack.enter_context(spawn(limits)) if programs else None  # starts meanwhile
        loaded = child.load(source, filename, function)
        if loaded.get("ok") is not True:
            what = loaded.get("message") or f"no function named `{function}`"
            return Run([], load_error=f"{loaded.get('type', 'error')}: {what}")
        try:
            run = observe(child, config if programs else {}, cases, clean, ahead=ahead)
        except BaseException:
            if clean is not None:  # a kept judge may still be judging: the next gets a new one
                clean.kill()
            raise
    with _CACHE_LOCK:
        _CACHE[key] = run
        while len(_CACHE) > _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]  # the oldest run
    return run


# -- comparing ------------------------------------------------------------------------

def _tree(value):
    """Lists become tuples so answers compare as pytrees."""
    if isinstance(value, (list, tuple)):
        return tuple(_tree(v) for v in value)
    if isinstance(value, dict):
        return {k: _tree(v) for k, v in value.items()}
    return value


def differs(got, expected, config: dict) -> str | None:
    """None when two answers agree, else the first difference in words."""
    if isinstance(expected, Raised) or isinstance(got, Raised):
        if isinstance(expected, Raised) and isinstance(got, Raised) \
                and same_error(got.info or {"type": got.type, "message": got.message},
                               expected.info or {"type": expected.type, "message": expected.message}):
            return None
        if isinstance(expected, Raised) and isinstance(got, Raised):
            return f"raised {got.type}, not the expected error ({expected.type}: {expected.message[:80]})"
        return (f"expected {expected.type}" if isinstance(expected, Raised)
                else f"raised {got.type}")
    if isinstance(expected, Opaque) or isinstance(got, Opaque):
        if isinstance(expected, Opaque) and isinstance(got, Opaque) \
                and got.type_name == expected.type_name:
            return None
        return f"expected {expected!r}, got {got!r}"
    problem = mismatch(_tree(got), _tree(expected), config.get("rtol", RTOL),
                       config.get("atol", ATOL))
    if problem is None and config.get("check_dtype"):
        g, e = np.asarray(got).dtype, np.asarray(expected).dtype
        if not isinstance(expected, tuple) and g != e:
            return f"expected dtype {e}, got dtype {g}"
    return problem


def _programs_agree(config: dict, cases: list[Case], run: Run) -> list[bool]:
    """Per case: the exported program of its signature gave the answer the function
    gave when called as it is (so the rules judge what was tested)."""
    return [run.program_values is not None and run.program_values[i] is not None
            and not isinstance(run.answers[i], Raised)
            and differs(run.program_values[i], run.answers[i], config) is None
            for i in range(len(cases))]


def _has(prim: str, facts: dict) -> bool:
    """A structure rule's word, judged on one exported program (see runner/verify.py):
    `jit` is the function itself jitted, `scan` a loop over the rows of its batch
    arguments that the result comes from; any other word names a StableHLO op."""
    if prim == "jit":
        return facts.get("jitted") is True
    if prim == "scan":
        return facts.get("scan") == "ok"
    return f"stablehlo.{prim}" in (facts.get("ops") or [])


def structure_tests(config: dict, cases: list[Case], run: Run) -> list[TestResult]:
    spec = config.get("structure") or {}
    extra = f" {spec['message']}" if spec.get("message") else ""
    facts = run.facts or []
    refused = next((f.get("refused") for f in facts if f.get("ok") is not True), None)
    if run.export_error is not None:
        unknown = (f"the function could not be compiled with jax.jit ({run.export_error}), "
                   f"so its structure cannot be checked.{extra}")
    elif refused is not None:
        unknown = ("the function's compiled program uses something the tutor does not run "
                   f"(such as a host callback), so its structure cannot be checked.{extra}")
    elif not all(_programs_agree(config, cases, run)):
        unknown = ("the function compiled with jax.jit does not give the answers it gives "
                   f"when called as it is, so its structure cannot be checked.{extra}")
    else:
        unknown = None
    tests = []
    for prim in spec.get("must_contain", []):
        name = f"structure: uses `{prim}`"
        if unknown is not None:
            tests.append(TestResult(name, "fail", unknown))
        elif not all(_has(prim, f) for f in facts):
            tests.append(TestResult(name, "fail", _MISSING.get(prim, f"the function does not "
                                    f"use `{prim}`.") + extra))
        else:
            tests.append(TestResult(name, "pass"))
    for prim in spec.get("must_not_contain", []):
        name = f"structure: does not use `{prim}`"
        if unknown is not None and not spec.get("must_contain"):
            tests.append(TestResult(name, "fail", unknown))
        elif unknown is None and any(_has(prim, f) for f in facts):
            tests.append(TestResult(name, "fail", f"the function uses `{prim}`.{extra}"))
        else:
            tests.append(TestResult(name, "pass"))
    return tests


_MISSING = {
    "jit": "the function itself is not compiled with jax.jit.",
    "scan": "the function's result does not come from a lax.scan over its input's rows.",
}


def compile_tests(config: dict, cases: list[Case], run: Run) -> list[TestResult]:
    """`max_recompiles = 0`: one program, exported at the first case, must give the
    function's answer on every case of that signature (a value baked into the program,
    or made static, cannot). More allowed: the function must compile at all."""
    allowed = config.get("max_recompiles")
    if allowed is None or not cases:
        return []
    name = "changing the values does not recompile"
    if run.export_error is not None:
        return [TestResult(name, "fail", "your function could not be compiled once for "
                           f"every case ({run.export_error}): a value that changes between "
                           "calls is being treated as static.")]
    first = input_signature(cases[0].args)
    right = _programs_agree(config, cases, run)
    same = [i for i, c in enumerate(cases) if input_signature(c.args) == first]
    if allowed > 0 or all(right[i] for i in same):
        return [TestResult(name, "pass")]
    return [TestResult(name, "fail", "one compiled version of your function does not give "
                       "the right answer for every value: a value that changes between "
                       "calls is baked into it, so each new value would need a recompile.")]


def _like(value, ref):
    """An author's `expected` in the shape of the reference's answer: TOML has only
    lists, the reference says which lists are tuples and which are arrays."""
    if isinstance(ref, (tuple, list)) and isinstance(value, list) and len(value) == len(ref):
        return tuple(_like(v, r) for v, r in zip(value, ref))
    if isinstance(ref, dict) and isinstance(value, dict):
        return {k: _like(v, ref.get(k)) for k, v in value.items()}
    return np.asarray(value, dtype=np.float64) if isinstance(value, (list, int, float)) else value


def judge(config: dict, cases: list[Case], run: Run, reference: Run) -> list[TestResult]:
    want = [reference.answers[i] if case.expected is None
            else _like(case.expected, reference.answers[i]) for i, case in enumerate(cases)]
    tests = []
    for i, case in enumerate(cases):
        got = run.answers[i]
        if isinstance(got, Raised):
            tests.append(TestResult(case.title(failed=True), "error", f"raised {got.type}"))
            continue
        problem = differs(got, want[i], config)
        tests.append(TestResult(case.name, "pass") if problem is None
                     else TestResult(case.title(failed=True), "fail", problem))
    return tests + structure_tests(config, cases, run) + compile_tests(config, cases, run)


def signature(config: dict, cases: list[Case], run: Run) -> list:
    """Which tests beyond the cases' fail, and how: two programs with the same failures
    and the same answers are making the same mistake (no reference needed)."""
    return [(t.name, t.status) for t in
            structure_tests(config, cases, run) + compile_tests(config, cases, run)]


def same_mistake(config, cases, learner: Run, mutant: Run) -> bool:
    if mutant.load_error or len(mutant.answers) != len(learner.answers):
        return False
    # evidence, not the test's name: a program jit could not compile for another reason
    # (a static argument, say, where the mutant has a Python if) is another mistake
    if None not in (learner.export_error, mutant.export_error) \
            and learner.export_error != mutant.export_error:
        return False
    if any(differs(g, m, config) is not None for g, m in zip(learner.answers, mutant.answers)):
        return False
    return signature(config, cases, learner) == signature(config, cases, mutant)


def _export_known(run: Run) -> Diagnosis | None:
    """Right answers, but jit could not compile the function for a reason the catalogue
    knows (a changing argument made static, say): that reason is the cause."""
    entry = next((k for k in KNOWN if k.words == run.export_error), None)
    return Diagnosis(entry.id, entry.words, hint=entry.hint) if entry else None


# -- mistakes declared with their evidence --------------------------------------------

def declared(config: dict, code: str, error: Raised | None = None,
             probed: Diagnosis | None = None) -> Diagnosis | None:
    """The first [[exercise.mistakes]] whose every piece of evidence is there: the
    learner's exception matches `error` (a mistake with an error pattern names only an
    exception, one with a probe only a wrong answer), the probes found `probe` (about
    `argument`), the file contains `code`. A probe's finding keeps its numbers."""
    for mistake in config.get("mistakes") or []:
        if mistake.get("error") and (error is None or not re.search(
                mistake["error"], f"{error.type}: {error.message}", re.S)):
            continue
        if mistake.get("probe") and (error is not None or probed is None
                                     or probed.id != f"probe_{mistake['probe']}"):
            continue
        if mistake.get("argument") and (probed is None
                                        or f"when {mistake['argument']} changes" not in probed.message):
            continue
        if mistake.get("code") and not re.search(mistake["code"], code, re.M):
            continue
        if not any(mistake.get(k) for k in ("error", "probe", "code")):
            continue  # no evidence, no match (lint says so)
        said = f"{mistake['message']} {probed.message}" if probed and mistake.get("probe") \
            else mistake["message"]
        return Diagnosis(mistake["id"], said, hint=mistake["hint"])
    return None


# -- the oracle -----------------------------------------------------------------------

@dataclass
class Prepared:
    config: dict
    cases: list[Case]
    limits: Limits
    function: str
    reference_source: str
    mutants: list[dict] = field(default_factory=list)

    @property
    def shown(self) -> list[Case]:
        """The fixed cases (the first case when there are none): the same on every
        check, so a program's run on them is remembered from check to check."""
        return self.cases[:max(1, len(self.config.get("cases") or []))]

    @property
    def hidden(self) -> list[Case]:
        """The cases after the fixed ones, drawn afresh each check."""
        return self.cases[len(self.shown):]


def prepare(exercise, seed: int = 0) -> Prepared:
    config = exercise.config
    return Prepared(config, make_cases(config, seed),
                    Limits(timeout_s=exercise.timeout_s,
                           memory_bytes=exercise.memory_mib * 1024**2),
                    exercise.function, config.get("reference") or exercise.solution,
                    list(config.get("mutants") or []))


class ReferenceBroken(Exception):
    """The exercise's own reference does not run: the author's mistake, not the learner's."""


class GenericOracle(Oracle):
    name = "generic"
    keys = KEYS

    def needs_clean(self, exercise) -> bool:
        return needs_programs(exercise.config)

    def runs_programs(self, exercise) -> bool:
        return True  # the reference, always

    def run(self, learner: Learner, exercise, seed: int = 0) -> Report:
        p = prepare(exercise, seed)
        # the pool's (app, watch), which stays warm from check to check, else one for this check
        trusted = learner.trusted or TrustedChild(learner.spawn)
        try:
            with trusted.lock.checking():  # before any warm-up's programs
                return self._run(learner, p, trusted)
        finally:
            if trusted is not learner.trusted:
                trusted.close()

    def warm(self, exercise, trusted: TrustedChild) -> None:
        """Run in `trusted` what every check runs first (the reference and each mutant
        on the fixed cases: remembered), then the reference on one draw of hidden cases
        and the mutants' programs in its judge, so that what JAX compiles for their
        shapes is there for the learner's first check (the app does this while the
        learner reads)."""
        p = prepare(exercise, 0)

        def reference(cases: list[Case]) -> None:
            run_program(p.reference_source, p.function, p.config, cases, p.limits,
                        "reference.py", programs=False, shared=trusted)

        reference(p.shown)
        for m in p.mutants:
            _first_run(p, m, trusted.spawn, trusted)
            if needs_programs(p.config):
                _export_raises(p, m, trusted)
        if p.hidden:
            reference(p.hidden)
        if needs_programs(p.config):  # each mutant's programs compiled by the judge
            for m in p.mutants:
                run_program(m["code"], p.function, p.config, p.shown, p.limits,
                            f"mutant_{m['id']}.py", shared=trusted)

    def _run(self, learner: Learner, p: Prepared, trusted: TrustedChild) -> Report:
        # the trusted child's programs, one after another. The reference starts at once
        # on the fixed cases (the same every check: remembered). Warm (a pool's trusted
        # child), its hidden cases start too, beside the learner's calls rather than after
        # them: wasted only when the learner's code raises, where a cold check would spend
        # a child on them
        pool = ThreadPoolExecutor(max_workers=1)
        hidden = p.hidden

        def reference_run(cases: list[Case], ahead: list[Case] = ()) -> Run:
            return run_program(p.reference_source, p.function, p.config, cases, p.limits,
                               "reference.py", programs=False, spawn=learner.spawn,
                               shared=trusted, ahead=ahead)

        def hidden_reference() -> Run:
            return reference_run(hidden) if hidden else Run([])

        try:
            ref_shown = pool.submit(reference_run, p.shown, hidden)
            ref_hidden = pool.submit(hidden_reference) if learner.trusted is not None else None
            pending = start_observing(learner._child, p.config, p.cases, learner.take_clean())
            whole = answered_by_programs(pending)
            if pending is not None and pending.raised is not None and hidden:
                # the function could not be exported: the mutant that fails the same way
                # (jit_dynamic_lr's static lr) is the likely one, and its run on every
                # case starts now, beside the learner's calls; later, `likely` finds it
                # remembered (or runs the one the answers point to)
                ref_hidden = ref_hidden or pool.submit(hidden_reference)
                pool.submit(_likely_by_export, p, pending.raised.info, learner.spawn, trusted)
            # the learner's fixed cases first: they say which mutant to run on every
            # case while the learner's child answers the rest
            first = whole.answers[:len(p.shown)] if whole else _answers(
                learner._child.call_many([c.args for c in p.shown],
                                         ahead=[c.args for c in hidden]))
            code = re.sub(r"#[^\n]*", "", learner.source)
            raised = next((i for i, a in enumerate(first) if isinstance(a, Raised)), None)
            suspects = _suspects(p, first)
            if raised is not None and not suspects:
                # an exception no mutant can share (the starter's NotImplementedError):
                # the verdict is that exception; the other cases and the reference
                # cannot change it
                raise _raised(p, Run(first), raised, None, code)

            def likely():
                _likely(p, suspects, first, learner.spawn, trusted)

            jobs = [likely]
            if raised is None:  # an exception is the verdict whatever the reference says
                jobs = [lambda: _joined(ref_shown.result(), ref_hidden.result() if ref_hidden
                                        else hidden_reference())]
                # no mutant is run for a learner right on the fixed cases (a cold check
                # would compile them all beside the learner's) unless a rule already
                # failed: later, if at all
                if not _right(p, first, ref_shown.result()) or _fails_a_rule(p, pending, whole):
                    jobs.append(likely)
            futures = [pool.submit(job) for job in jobs]
            mine = whole or observe(learner._child, p.config, p.cases, first=first,
                                    pending=pending)
            raised = next((i for i, a in enumerate(mine.answers) if isinstance(a, Raised)), None)
            if raised is not None and not _suspects(p, mine.answers):
                raise _raised(p, mine, raised, None, code)
            if raised is not None:
                futures[-1].result()  # the likely mutant's runs: recognise finds them
        finally:
            pool.shutdown(wait=False)
        if raised is None:
            reference = futures[0].result()
            if reference.load_error or any(isinstance(a, Raised) for a in reference.answers):
                failed = reference.load_error or next(
                    f"{a.type}: {a.message[:300]}" for a in reference.answers
                    if isinstance(a, Raised))
                raise ReferenceBroken(f"the exercise's reference failed: {failed}")
            report = Report(judge(p.config, p.cases, mine, reference))
            if report.passed:
                return report  # the likely mutant's run, if any, is not waited for
            futures[-1].result()
        misconception = self.recognise(p, mine, learner.spawn, trusted)
        if raised is not None:
            raise _raised(p, mine, raised, misconception, code)
        if misconception:
            report.diagnosis = misconception.diagnose()
            return report
        found = self.probe_answers(learner, p, mine, reference)
        report.diagnosis = declared(p.config, code, probed=found) or found \
            or _export_known(mine)
        return report

    @staticmethod
    def probe_answers(learner: Learner, p: Prepared, mine: Run, reference: Run):
        """What the answers show when no mutant fits (see probes.py); the reference
        answers the probes' own inputs in a child of its own."""
        want = [_tree(reference.answers[i] if case.expected is None
                      else _like(case.expected, reference.answers[i]))
                for i, case in enumerate(p.cases)]
        answers = [LearnerRaised(a.info) if isinstance(a, Raised) else _tree(a)
                   for a in mine.answers]
        names = tuple(a["name"] for a in p.config["args"])

        def dim_name(arg: int, axis: int) -> str | None:
            shape = p.config["args"][arg].get("shape", []) if arg < len(names) else []
            return shape[axis] if axis < len(shape) and isinstance(shape[axis], str) else None

        def refer(calls: list[tuple]) -> list:
            run = run_program(p.reference_source, p.function, p.config,
                              [Case("probe", args) for args in calls], p.limits,
                              "reference.py", programs=False, spawn=learner.spawn,
                              shared=learner.trusted)
            return [None if isinstance(a, Raised) else _tree(a) for a in run.answers] \
                if not run.load_error else [None] * len(calls)

        def again(calls: list[tuple]) -> list:
            return [_tree(a) if not isinstance(a, Raised) else LearnerRaised(a.info)
                    for a in _answers(learner._child.call_many(calls))]

        return probe(Probe(p.cases, answers, want, names, call_many=again,
                           reference=refer, dim_name=dim_name))

    @staticmethod
    def recognise(p: Prepared, mine: Run, spawn: Callable[[Limits], Child] = Child,
                  trusted: TrustedChild | None = None) -> Misconception | None:
        """The first mutant (in the author's order) that makes the learner's mistake.
        Lazily: a mutant that cannot share the learner's exception is never run; the
        others run first on the fixed cases (remembered from check to check, since
        hidden cases are drawn afresh), and on every case only where those agree."""
        for mutant in _suspects(p, mine.answers):
            if not _agrees(p, mine.answers, _first_run(p, mutant, spawn, trusted)):
                continue
            # one after another in the reference's child: each reuses what the others
            # compiled. Under the child's jit (one compile per shape, not one per
            # operation: a mutant took 3-5 times longer as written), which runs plainly
            # every call jit cannot take, and every call of a function that keeps a
            # traced value (a mutant that remembers its first batch)
            run = _whole_run(p, mutant, spawn, trusted)
            if same_mistake(p.config, p.cases, mine, run):
                return Misconception(mutant["id"], mutant["message"], mutant["hint"])
        return None


def _first_run(p: Prepared, mutant: dict, spawn, trusted: TrustedChild | None) -> Run:
    """A mutant's answers on the fixed cases only (a prefix of every check's cases, so
    they are a prefix of its answers on all of them)."""
    return run_program(mutant["code"], p.function, p.config, p.shown, p.limits,
                       f"mutant_{mutant['id']}.py", programs=False, spawn=spawn,
                       shared=trusted, ahead=p.hidden)


def _whole_run(p: Prepared, mutant: dict, spawn, trusted: TrustedChild | None) -> Run:
    """A mutant's run on every case, with its programs: one call for `recognise` and the
    head starts (`_likely`, `_likely_by_export`), so a run started ahead is the one
    remembered for it."""
    return run_program(mutant["code"], p.function, p.config, p.cases, p.limits,
                       f"mutant_{mutant['id']}.py", spawn=spawn, shared=trusted)


def _fails_a_rule(p: Prepared, pending: Exported | None, whole: Run | None) -> bool:
    """A structure or recompilation rule the learner fails, known before its answers:
    its function could not be exported, or its programs' runs (its answers) break one."""
    if pending is None:
        return False
    if pending.raised is not None:
        return True
    return whole is not None and any(
        t.status != "pass" for t in structure_tests(p.config, p.cases, whole)
        + compile_tests(p.config, p.cases, whole))


def _joined(shown: Run, hidden: Run) -> Run:
    """The reference's answers on every case, from its runs on the fixed and the hidden."""
    return Run(shown.answers + hidden.answers, load_error=shown.load_error or hidden.load_error)


def _right(p: Prepared, answers: list, reference: Run) -> bool:
    """Whether the learner's answers on the fixed cases pass (a broken reference: no)."""
    if reference.load_error or len(reference.answers) != len(p.shown):
        return False
    return all(t.status == "pass" for t in
               judge(p.config, p.shown, Run(answers), reference)[:len(p.shown)])


def _agrees(p: Prepared, answers: list, first: Run) -> bool:
    """Whether a mutant's answers on the fixed cases are the learner's."""
    return not first.load_error and len(first.answers) == len(p.shown) and all(
        differs(g, m, p.config) is None for g, m in zip(answers, first.answers))


_EXPORT_RAISES: dict[tuple, str | None] = {}  # (mutant, function, first case): error type


def _export_raises(p: Prepared, mutant: dict, trusted: TrustedChild | None) -> str | None:
    """The type of the error a mutant's export on the first fixed case raises (None when
    it exports), asked of the trusted child once per process."""
    key = (mutant["code"], p.function, repr(p.shown[0].args))
    if key not in _EXPORT_RAISES and trusted is not None:
        with trusted.lock:
            child = trusted.child(p.limits)
            loaded = child.load(mutant["code"], f"mutant_{mutant['id']}.py", p.function)
            (exported,) = child.export([p.shown[0].args]) if loaded.get("ok") is True else [{}]
        _EXPORT_RAISES[key] = None if exported.get("ok") is True else exported.get("type")
    return _EXPORT_RAISES.get(key)


def _likely_by_export(p: Prepared, raised: dict, spawn, trusted: TrustedChild | None) -> None:
    """Run on every case the first mutant whose export raises the error the learner's
    did, before the learner's answers say which mutant is likely (only a head start:
    `recognise` decides)."""
    for mutant in _suspects(p, [Raised(raised.get("type", ""), "", raised)]):
        if _export_raises(p, mutant, trusted) == raised.get("type"):
            _whole_run(p, mutant, spawn, trusted)
            return


def _likely(p: Prepared, suspects: list[dict], first: list, spawn,
            trusted: TrustedChild | None) -> None:
    """Run on every case the first mutant that agrees with the learner's answers on
    the fixed cases, while the learner's child answers the others (recognise then
    finds that run remembered)."""
    for mutant in suspects:
        if _agrees(p, first, _first_run(p, mutant, spawn, trusted)):
            _whole_run(p, mutant, spawn, trusted)
            return


_RAISE = r"\braise\s+(?:[\w.]+\.)?{}\b"


def _suspects(p: Prepared, answers: list) -> list[dict]:
    """The mutants that could make the learner's mistake. An exception raised by the
    learner's own `raise` statement (the starter's NotImplementedError) carries the
    learner's own message, and errors match only on type and message (evidence.py):
    only a mutant that raises that type itself can share it."""
    own = set()
    for answer in answers:
        frames = answer.info.get("frames") if isinstance(answer, Raised) else None
        if frames and re.match(_RAISE.format(re.escape(answer.type)), frames[-1].get("text", "")):
            own.add(answer.type)
    return [m for m in p.mutants
            if all(re.search(_RAISE.format(re.escape(t)), re.sub(r"#[^\n]*", "", m["code"]))
                   for t in own)]


def _raised(p: Prepared, mine: Run, raised: int, misconception: Misconception | None,
            code: str) -> LearnerRaised:
    """The learner's exception, for check.py to explain; the mutant, if any, names its
    cause, else a declared mistake whose error pattern fits."""
    error = LearnerRaised(mine.answers[raised].info)
    error.case = p.cases[raised].title(failed=True)
    error.diagnosis = misconception.diagnose() if misconception else \
        declared(p.config, code, error=mine.answers[raised])
    return error

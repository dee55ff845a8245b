"""Two runs' answers compared, and a run judged: its answers against the reference's,
its exported programs against the structure and recompilation rules."""

from __future__ import annotations

import numpy as np

from jaxtutor.explain import KNOWN
from jaxtutor.explain.line import count_of
from jaxtutor.oracles import structure
from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.evidence import normalised, same_error
from jaxtutor.oracles.generic.runs import Raised, Run, scan_names
from jaxtutor.oracles.values import ATOL, RTOL, agreeing, as_tree, mismatch
from jaxtutor.runner.wire import Opaque, input_signature
from jaxtutor.verdict import Diagnosis, TestResult


def differs(got, expected, config: dict) -> str | None:
    """None when two answers agree, else the first difference in words."""
    if isinstance(expected, Raised) or isinstance(got, Raised):
        if (
            isinstance(expected, Raised)
            and isinstance(got, Raised)
            and same_error(
                got.info or {"type": got.type, "message": got.message},
                expected.info or {"type": expected.type, "message": expected.message},
            )
        ):
            return None
        if isinstance(expected, Raised) and isinstance(got, Raised):
            return f"raised {got.type}, not the expected error ({expected.type}: {expected.message[:80]})"
        return f"expected {expected.type}" if isinstance(expected, Raised) else f"raised {got.type}"
    if isinstance(expected, Opaque) or isinstance(got, Opaque):
        if (
            isinstance(expected, Opaque)
            and isinstance(got, Opaque)
            and got.type_name == expected.type_name
        ):
            return None
        return f"expected {expected!r}, got {got!r}"
    problem = mismatch(
        as_tree(got), as_tree(expected), config.get("rtol", RTOL), config.get("atol", ATOL)
    )
    if problem is None and config.get("check_dtype"):
        return _dtype_differs(got, expected)
    return problem


def differences(got: list, want: list, configs: list[dict]) -> list[str | None]:
    """`differs` for each pair of answers, with its own config: the pairs that agree
    are found together (values.agreeing), and only the others compared one by one."""
    if not len(got) == len(want) == len(configs):
        raise ValueError("answers to compare come in pairs, each with its config")
    out: list[str | None] = [None] * len(got)
    tolerances: dict[tuple, list[int]] = {}
    for i, config in enumerate(configs):
        tolerances.setdefault((config.get("rtol", RTOL), config.get("atol", ATOL)), []).append(i)
    for (rtol, atol), members in tolerances.items():
        trees = [as_tree(got[i]) for i in members], [as_tree(want[i]) for i in members]
        for i, same in zip(members, agreeing(*trees, rtol, atol)):
            if not same:
                out[i] = differs(got[i], want[i], configs[i])
            elif configs[i].get("check_dtype"):
                out[i] = _dtype_differs(got[i], want[i])
    return out


def dtype_only(config: dict, got: list, want: list) -> Diagnosis | None:
    """Every value right, and a dtype other than the reference's on some case (where
    the exercise compares dtypes): that alone, in words."""
    if not config.get("check_dtype"):
        return None
    wrong = [(g, e) for g, e in zip(got, want) if differs(g, e, config) is not None]
    rtol, atol = config.get("rtol", RTOL), config.get("atol", ATOL)
    if not wrong or any(
        isinstance(g, Raised | Opaque)
        or isinstance(e, Raised | Opaque)
        or mismatch(as_tree(g), as_tree(e), rtol, atol)
        for g, e in wrong
    ):
        return None
    return Diagnosis(
        "probe_dtype",
        f"Your values are right on every case, but not their dtype: {_dtype_differs(*wrong[0])}"
        f" (on {len(wrong)} of the {len(got)} cases).",
        hint="The task asks for the result in a given dtype: compute in that dtype, or "
        "convert the result to it, and check what a 64-bit mode or a mixed operation "
        "turned it into.",
    )


def _dtype_differs(got, expected, at: str = "") -> str | None:
    """The first leaf whose dtype is not the expected one (structures already agree)."""
    if isinstance(expected, tuple | list):
        for i, (g, e) in enumerate(zip(got, expected)):
            if (problem := _dtype_differs(g, e, f"entry {i}: ")) is not None:
                return at + problem
        return None
    if isinstance(expected, dict):
        for key in expected:
            if (problem := _dtype_differs(got[key], expected[key], f"[{key!r}]: ")) is not None:
                return at + problem
        return None
    g, e = np.asarray(got).dtype, np.asarray(expected).dtype
    return None if g == e else f"{at}expected dtype {e}, got dtype {g}"


def _programs_agree(config: dict, cases: list[Case], run: Run) -> list[bool]:
    """Per case: the exported program of its signature gave the answer the function
    gave when called as it is (so the rules judge what was tested)."""
    if run.program_values is None:
        return [False] * len(cases)
    both = [
        i
        for i in range(len(cases))
        if run.program_values[i] is not None and not isinstance(run.answers[i], Raised)
    ]
    found = differences(
        [run.program_values[i] for i in both], [run.answers[i] for i in both], [config] * len(both)
    )
    agree = dict(zip(both, (problem is None for problem in found)))
    return [agree.get(i, False) for i in range(len(cases))]


def _has(prim: str, facts: dict) -> bool:
    """A structure rule's word other than `scan`, judged on one exported program (see
    runner/inside/loop_facts.py): `jit` is the function itself jitted; any other word names a
    StableHLO op."""
    if prim == "jit":
        return facts.get("jitted") is True
    return f"stablehlo.{prim}" in (facts.get("ops") or [])


def _scan(config: dict, cases: list[Case], run: Run) -> structure.Broken | None:
    """How the learner's programs break the "scan" rule (one lax.scan over the rows,
    judged over every program: oracles/structure.py), or None."""
    spec = config.get("structure") or {}
    if "scan" not in spec.get("must_contain", []) + spec.get("must_not_contain", []):
        return None
    names = scan_names(config, cases[0].args) if cases else []
    return structure.scan_rule(run.facts or [], names)


def _batched(config: dict, cases: list[Case], run: Run) -> structure.Broken | None:
    """How the learner's programs break the "batched" rule (every row of scan_over's
    first group in one batched computation, as jax.vmap makes it), or None."""
    names = scan_names(config, cases[0].args) if cases else []
    if not names or not names[0]:
        return structure.Broken("unknown", "Your function could not be checked.")
    return structure.batched_rule(run.facts or [], names[0])


def structure_tests(config: dict, cases: list[Case], run: Run) -> list[TestResult]:
    spec = config.get("structure") or {}
    extra = f" {spec['message']}" if spec.get("message") else ""
    facts = run.facts or []
    refused = next((f.get("refused") for f in facts if f.get("ok") is not True), None)
    if run.export_error is not None:
        unknown = (
            f"the function could not be compiled with jax.jit ({run.export_error}), "
            f"so its structure cannot be checked.{extra}"
        )
    elif refused is not None:
        unknown = (
            "the function's compiled program uses something the tutor does not run "
            f"(such as a host callback), so its structure cannot be checked.{extra}"
        )
    elif not all(_programs_agree(config, cases, run)):
        unknown = (
            "the function compiled with jax.jit does not give the answers it gives "
            f"when called as it is, so its structure cannot be checked.{extra}"
        )
    else:
        unknown = None
    scan = _scan(config, cases, run) if unknown is None else None
    tests = []
    for prim in spec.get("must_contain", []):
        name = f"structure: uses `{prim}`"
        if unknown is not None:
            tests.append(TestResult(name, "fail", unknown))
        elif prim == "scan" and scan is not None:
            tests.append(TestResult(name, "fail", f"{scan.message}{extra}"))
        elif prim == "batched" and (batch := _batched(config, cases, run)) is not None:
            tests.append(TestResult(name, "fail", f"{batch.message}{extra}"))
        elif prim not in ("scan", "batched") and not all(_has(prim, f) for f in facts):
            tests.append(
                TestResult(
                    name, "fail", _MISSING.get(prim, f"the function does not use `{prim}`.") + extra
                )
            )
        else:
            tests.append(TestResult(name, "pass"))
    for prim in spec.get("must_not_contain", []):
        name = f"structure: does not use `{prim}`"
        uses = scan is None if prim == "scan" else any(_has(prim, f) for f in facts)
        if unknown is not None and not spec.get("must_contain"):
            tests.append(TestResult(name, "fail", unknown))
        elif unknown is None and uses:
            tests.append(TestResult(name, "fail", f"the function uses `{prim}`.{extra}"))
        else:
            tests.append(TestResult(name, "pass"))
    if spec.get("memory"):
        tests.append(_memory_test(spec["memory"], config, cases, facts, unknown, extra))
    return tests


def _memory_test(
    bound: dict, config: dict, cases: list[Case], facts: list, unknown: str | None, extra: str
) -> TestResult:
    """The `memory` rule, judged where it shows most: the compiled program of the case
    whose argument `of` is largest keeps at most `at_most` times that argument's bytes
    as temporary memory (XLA's count, read in the clean child)."""
    of, at_most = bound["of"], bound["at_most"]
    name = f"structure: temporary memory at most {at_most:g} times {of}"
    if unknown is not None:
        return TestResult(name, "fail", unknown)
    position = [a["name"] for a in config["args"]].index(of)
    # as the learner's function gets it: floats as float32, unless declared float64
    itemsize = {"float64": 8, "bool": 1}.get(config["args"][position].get("dtype"), 4)
    sizes = [np.size(c.args[position]) * itemsize for c in cases]
    if not sizes:
        return TestResult(name, "pass")
    largest = max(range(len(cases)), key=sizes.__getitem__)
    kept = facts[largest].get("temp_bytes") if largest < len(facts) else None
    if kept is None:
        return TestResult(
            name, "fail", f"the compiled program's memory could not be measured.{extra}"
        )
    if kept <= at_most * sizes[largest]:
        return TestResult(name, "pass")
    shape = tuple(np.shape(cases[largest].args[position]))
    return TestResult(
        name,
        "fail",
        f"at the largest case ({of} of shape {shape}, {sizes[largest]} bytes) your compiled "
        f"program keeps {kept} bytes of temporary memory, {kept / sizes[largest]:.1f} times "
        f"{of}; the task allows {at_most:g} times.{extra}",
    )


_MISSING = {"jit": "the function itself is not compiled with jax.jit."}


def compile_tests(config: dict, cases: list[Case], run: Run) -> list[TestResult]:
    """`max_recompiles = 0`: one program, exported at the first case, must give the
    function's answer on every case of that signature (a value baked into the program,
    or made static, cannot). More allowed: the function must compile at all."""
    allowed = config.get("max_recompiles")
    if allowed is None or not cases:
        return []
    name = "changing the values does not recompile"
    if run.export_error is not None:
        return [
            TestResult(
                name,
                "fail",
                "your function could not be compiled once for "
                f"every case ({run.export_error}): a value that changes between "
                "calls is being treated as static.",
            )
        ]
    first = input_signature(cases[0].args)
    right = _programs_agree(config, cases, run)
    same = [i for i, c in enumerate(cases) if input_signature(c.args) == first]
    if allowed > 0 or all(right[i] for i in same):
        return [TestResult(name, "pass")]
    return [
        TestResult(
            name,
            "fail",
            "one compiled version of your function does not give "
            "the right answer for every value: a value that changes between "
            "calls is baked into it, so each new value would need a recompile.",
        )
    ]


def _like(value, ref):
    """An author's `expected` in the shape of the reference's answer: TOML has only
    lists, the reference says which lists are tuples and which are arrays."""
    if isinstance(ref, (tuple, list)) and isinstance(value, list) and len(value) == len(ref):
        return tuple(_like(v, r) for v, r in zip(value, ref))
    if isinstance(ref, dict) and isinstance(value, dict):
        return {k: _like(v, ref.get(k)) for k, v in value.items()}
    if not isinstance(value, (list, int, float)):
        return value
    # the reference's dtype where it has one (check_dtype compares with it), else float64
    kind = np.asarray(ref).dtype if isinstance(ref, np.ndarray | np.generic) else None
    return np.asarray(value, dtype=kind if kind is not None and kind.kind in "fiub" else np.float64)


def tolerated(config: dict, case: Case) -> dict:
    """The exercise's config with `case`'s own tolerance (an invariant's), if it has one."""
    own = {k: v for k, v in (("rtol", case.rtol), ("atol", case.atol)) if v is not None}
    return {**config, **own} if own else config


def tolerance_of(config: dict, case: Case) -> dict:
    """The config `case` is compared with, its rtol and atol said even where they are
    the general ones."""
    return {"rtol": RTOL, "atol": ATOL, **tolerated(config, case)}


def grouped(cases: list[Case], tests: list[TestResult]) -> list[TestResult]:
    """The tests as a learner reads them: the fixed cases one by one, the hidden ones in
    one test per shape (dozens of values share each compiled program). A failed shape
    says its first failed case in full and how many of its cases failed."""
    out = list(tests[: len(cases)])
    shapes: dict[str, list[int]] = {}
    for i, case in enumerate(cases):
        if case.hidden:
            shapes.setdefault(case.shape, []).append(i)
    keep = [t for i, t in enumerate(out) if not cases[i].hidden]
    for shape, members in shapes.items():
        failed = [i for i in members if out[i].status != "pass"]
        at = f" at {shape}" if shape else ""
        if not failed:
            keep.append(TestResult(f"hidden cases{at}: {count_of(len(members), 'value')}", "pass"))
            continue
        first = out[failed[0]]
        keep.append(
            TestResult(
                first.name,
                first.status,
                f"{first.message} ({len(failed)} of the {len(members)} hidden cases{at} failed)",
                first.output,
            )
        )
    return keep + list(tests[len(cases) :])


def judge(config: dict, cases: list[Case], run: Run, reference: Run) -> list[TestResult]:
    want = [
        reference.answers[i]
        if case.expected is None
        else _like(case.expected, reference.answers[i])
        for i, case in enumerate(cases)
    ]
    answers = run.answers[: len(cases)]  # a run of every case judged on the fixed ones
    problems = differences(answers, want, [tolerated(config, case) for case in cases])
    tests = []
    for case, got, problem in zip(cases, answers, problems):
        if isinstance(got, Raised):
            tests.append(TestResult(case.title(failed=True), "error", f"raised {got.type}"))
            continue
        tests.append(
            TestResult(case.name, "pass")
            if problem is None
            else TestResult(case.title(failed=True), "fail", problem)
        )
    return tests + structure_tests(config, cases, run) + compile_tests(config, cases, run)


def signature(config: dict, cases: list[Case], run: Run) -> list:
    """Which tests beyond the cases' fail, and how: two programs with the same failures
    and the same answers are making the same mistake (no reference needed)."""
    return [
        (t.name, t.status)
        for t in structure_tests(config, cases, run) + compile_tests(config, cases, run)
    ]


def _scan_kind(config: dict, cases: list[Case], run: Run) -> tuple | None:
    """Which loop breaks the "scan" rule and how (("ok",) when none does), or None when
    the programs could not be read (the function could not be exported, say)."""
    if not run.facts or run.export_error is not None:
        return None
    if any(f.get("ok") is not True for f in run.facts):
        return None
    broken = _scan(config, cases, run)
    return ("ok",) if broken is None else (broken.group, broken.id)


def same_mistake(config, cases, learner: Run, mutant: Run) -> bool:
    if mutant.load_error or len(mutant.answers) != len(learner.answers):
        return False
    # evidence, not the test's name: a program jit could not compile for another reason
    # (a static argument, say, where the mutant has a Python if) is another mistake
    if None not in (learner.export_error, mutant.export_error) and normalised(
        learner.export_error or ""
    ) != normalised(mutant.export_error or ""):
        return False
    if any(differences(learner.answers, mutant.answers, [config] * len(mutant.answers))):
        return False
    # the "scan" rule broken another way is another mistake (a while_loop over an index
    # is not a Python loop), where both programs could be read
    kinds = (_scan_kind(config, cases, learner), _scan_kind(config, cases, mutant))
    if None not in kinds and kinds[0] != kinds[1]:
        return False
    theirs = signature(config, cases, mutant)
    if all(status == "pass" for _, status in theirs):
        # the mistake is in the values alone: a rule the learner breaks besides (a Python
        # loop where the task asks for one update) is a second mistake, its test failed
        return True
    return signature(config, cases, learner) == theirs


def _export_known(run: Run) -> Diagnosis | None:
    """Right answers, but jit could not compile the function for a reason the catalogue
    knows (a changing argument made static, say): that reason is the cause."""
    entry = next((k for k in KNOWN if k.words == run.export_error), None)
    return Diagnosis(entry.id, entry.words, hint=entry.hint) if entry else None

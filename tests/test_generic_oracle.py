"""The generic oracle: cases from TOML, a reference in its own process, structure,
recompilation and mutants, checked with real JAX in child processes."""

from __future__ import annotations

import numpy as np

from conftest import LEARNERS, forked
from jaxtutor.check import check_source as check_alone
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic import compare, runs
from jaxtutor.oracles.generic.cases import make_cases
from jaxtutor.oracles.generic.compare import differs
from jaxtutor.oracles.generic.kept_cases import COSTLY_RANDOM_PER_SHAPE
from jaxtutor.oracles.generic.problems import problems
from jaxtutor.oracles.generic.runs import Raised

CONFIG = {
    "args": [
        {"name": "w"},
        {"name": "x", "shape": ["N", 2], "low": 0.0, "high": 3.0},
        {"name": "lr", "dtype": "python_float"},
    ],
    "sizes": {"N": [1, 4]},
    "random_cases": 6,
    "seed": 3,
    "cases": [
        {"name": "fixed", "args": [1, [[1, 2]], 0.5]},
        {
            "name": "ints",
            "args": [2, [[1, 2]], 1],
            "dtypes": ["python_int", "int32", "python_float"],
        },
    ],
}


def check_source(ex, source):
    """A check, its children forked from the run's fork server."""
    return check_alone(ex, source, **forked(ex))


def exercise(lesson_id):
    return find_exercise(lesson_id, builtin_lessons()).exercise


def test_cases_follow_shapes_dtypes_ranges_and_seed():
    cases = make_cases(CONFIG)
    assert [c.name for c in cases[:2]] == ["fixed", "ints"]
    assert cases[1].args[0] == 2 and type(cases[1].args[0]) is int
    assert cases[1].args[1].dtype == np.int32
    for case in cases[2:]:
        w, x, lr = case.args
        assert w.shape == () and x.shape in {(1, 2), (4, 2)} and isinstance(lr, float)
        assert 0.0 <= x.min() and x.max() <= 3.0
    again = make_cases(CONFIG)
    assert all(np.array_equal(a.args[1], b.args[1]) for a, b in zip(cases, again))
    other = make_cases(CONFIG, seed=1)
    assert not all(np.array_equal(a.args[1], b.args[1]) for a, b in zip(cases[2:], other[2:]))


def test_spec_problems_are_found():
    bad = {
        "args": [{"name": "x", "shape": ["M"], "dtype": "half"}],
        "sizes": {},
        "cases": [{"args": [1, 2]}],
        "mutants": [{"id": "a"}, {"id": "a"}],
    }
    found = {(where, message.split(" ")[0]) for where, message, _ in problems(bad)}
    assert found == {
        (("args", 0, "dtype"), "unknown"),
        (("args", 0, "shape"), "shape"),
        (("cases", 0, "args"), "this"),
        (("mutants", 1, "id"), "mutant"),
    }


def test_answers_compare_as_values_exceptions_and_structure():
    config = {"rtol": 1e-4, "atol": 1e-6}
    assert differs(np.asarray(0.64, np.float32), 0.64, config) is None
    assert differs((np.ones(2), 1.0), (np.ones(2), 1.5), config) == "entry 1: expected 1.5, got 1"
    # two exceptions are one mistake only on their evidence, not on their type alone
    assert differs(Raised("TypeError", "a"), Raised("TypeError", "b"), config) is not None
    assert (
        differs(
            Raised("TypeError", "Output had shape: (3,). at 0x7f00"),
            Raised("TypeError", "Output had shape: (8,). at 0x7f99"),
            config,
        )
        is None
    )
    assert (
        differs(
            Raised("TypeError", "Output had shape: (3,)."),
            Raised("TypeError", "Output had shape: ()."),
            config,
        )
        is not None
    )
    assert differs(np.ones(2), Raised("TypeError", ""), config) == "expected TypeError"
    assert compare._like([1.0, [2.0, 3.0]], (0.0, np.zeros(2)))[1].shape == (2,)


def test_a_train_step_that_keeps_its_first_batch_is_caught():
    source = """
import jax
import jax.numpy as jnp

_grad = None


def train_step(w, x, y):
    global _grad
    if _grad is None:
        _grad = jax.jit(jax.grad(lambda w: jnp.sum((w * x - y) ** 2)))
    return w - 0.05 * _grad(w)
"""
    verdict = check_source(exercise("closures_train_step"), source)
    assert verdict.status == "fail"
    assert [t.status for t in verdict.tests[:2]] == ["pass", "fail"]  # batch A, then batch B
    assert verdict.diagnosis.id == "first_batch_baked_in"
    assert "first x and y" in verdict.hint


def test_a_static_learning_rate_fails_on_recompilation_alone():
    source = """
import functools
import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=1)
def sgd_step(w, lr, x, y):
    return w - lr * jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
"""
    verdict = check_source(exercise("jit_dynamic_lr"), source)
    failed = {t.name for t in verdict.tests if t.status != "pass"}
    assert "changing the values does not recompile" in failed
    assert not any(
        t.status != "pass" for t in verdict.tests if t.name.startswith(("lr", "the", "hidden"))
    )
    assert verdict.diagnosis.id == "static_lr"


def test_a_wrong_answer_no_mutant_explains_is_not_given_the_first_hint():
    source = """
import jax.numpy as jnp
from jax import lax


def running_total(xs):
    return lax.scan(lambda c, x: (c + 2 * x, c + 2 * x), 0.0, xs)
"""
    ex = exercise("scan_basics")
    verdict = check_source(ex, source)
    assert verdict.status == "fail"
    assert verdict.hint != ex.hints[0]
    assert "structure: uses `scan`" in {t.name for t in verdict.tests if t.status == "pass"}


# -- rules the learner's own process cannot answer -------------------------------------


def test_faked_compile_counts_do_not_pass_the_recompile_rule():
    """A static lr, in a file that zeroes the compile counts its own process reported
    (this passed when the count came from there)."""
    verdict = check_source(
        exercise("jit_dynamic_lr"),
        (LEARNERS / "jit_dynamic_lr" / "attack_fakes_compile_count.py").read_text(),
    )
    tests = {t.name: t for t in verdict.tests}
    assert tests["changing the values does not recompile"].status == "fail"
    assert all(
        t.status == "pass"
        for name, t in tests.items()
        if not name.startswith(("changing", "structure"))
    )
    assert verdict.diagnosis.id == "static_lr"


def test_a_scan_thrown_away_beside_a_python_loop_fails_the_scan_rule():
    verdict = check_source(
        exercise("scan_basics"),
        (LEARNERS / "scan_basics" / "attack_scan_beside_loop.py").read_text(),
    )
    tests = {t.name: t for t in verdict.tests}
    assert tests.pop("structure: uses `scan`").status == "fail"
    assert all(t.status == "pass" for t in tests.values()), verdict.message


def test_a_while_loop_over_an_index_is_not_a_scan_over_the_rows():
    verdict = check_source(
        exercise("scan_basics"),
        (LEARNERS / "scan_basics" / "attack_while_index.py").read_text(),
    )
    tests = {t.name: t for t in verdict.tests}
    scan = tests.pop("structure: uses `scan`")
    assert scan.status == "fail" and "reads xs[i] by an index it computes" in scan.message
    assert all(t.status == "pass" for t in tests.values()), verdict.message


def test_rules_name_what_they_judge():
    bare = """
import jax.numpy as jnp


def sgd_step(w, lr, x, y):
    return w - lr * 2.0 * jnp.sum((w * x - y) * x)
"""
    # as `jaxtutor check` runs it: no children given, so the check starts its own server
    verdict = check_alone(exercise("jit_dynamic_lr"), bare)
    jit = next(t for t in verdict.tests if t.name == "structure: uses `jit`")
    assert jit.status == "fail" and "not compiled with jax.jit" in jit.message
    assert verdict.diagnosis.id == "not_jitted"


def test_a_mutant_whose_program_fails_to_compile_for_another_reason_is_another_mistake():
    """Right answers and a structure test failing alike: a max_norm made static is not the
    mutant that removed jit for a Python if; the reason jit failed is the evidence."""
    from jaxtutor.oracles.cases import Case

    config = {"structure": {"must_contain": ["jit"]}, "max_recompiles": 0}
    cases = [Case("one", (np.asarray([3.0, 4.0]), 1.0))]
    answer = [np.asarray([0.6, 0.8])]
    learner = runs.Run(list(answer), export_error="a static argument received a tracer")
    mutant = runs.Run(list(answer), export_error="a Python if on a tracer")
    assert not compare.same_mistake(config, cases, learner, mutant)
    mutant.export_error = learner.export_error
    assert compare.same_mistake(config, cases, learner, mutant)


def _asked_fewer(lesson, full: str, costly: str, seed: int) -> str:
    """Check `full` (every call jitted once per shape) and `costly` (every call a run of
    its own), both right, and assert that `costly` was asked every fixed, wide and edge
    case, each declared table once per shape, and only the first few random values of
    each shape. The costly check's message."""
    counts = {}
    for name, source in [("full", full), ("costly", costly)]:
        verdict = check_alone(lesson, source, seed=seed, **forked(lesson))
        assert verdict.status == "pass", verdict.message
        groups = [t.name.rsplit(": ", 1) for t in verdict.tests if t.name.startswith("hidden")]
        counts[name] = {shape: int(values.split()[0]) for shape, values in groups}
    cases = make_cases(lesson.config, seed)
    drawn = sum(c.random for c in cases)
    declared = [(c.shape, c.declared) for c in cases if c.declared]
    repeats = len(declared) - len(set(declared))  # a declared table's: its first per shape
    shapes = len(counts["full"])
    assert shapes == 3 and counts["costly"].keys() == counts["full"].keys()
    assert sum(counts["costly"].values()) == (
        sum(counts["full"].values()) - drawn - repeats + shapes * COSTLY_RANDOM_PER_SHAPE
    )
    return verdict.message


def test_a_function_jit_cannot_trace_is_asked_few_random_values_and_each_declared_table():
    """Without jit each case is a whole Python run, op by op: a check of dozens of
    values per shape ran past the time limit. Such a function is asked the first few
    random values of each shape, and still every fixed, wide and edge one, and each
    declared table once per shape."""
    traceable = """
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    return jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
"""
    untraceable = traceable.replace(
        "    return", "    float(w)  # jit cannot trace this\n    return"
    )
    message = _asked_fewer(exercise("grad_basics"), traceable, untraceable, seed=7)
    assert "could not be compiled with jax.jit" in message


def test_a_function_that_cannot_trace_its_seed_is_asked_few_random_values():
    """A Python int the function cannot trace (int(seed) before the key) is compiled
    anew for each of its values: random_keys' seeds, a permutation compiled for each
    one, ran past the time limit, told as a loop that never ends. Such a function is
    asked the first few random values of each shape, as one jit cannot trace is."""
    lesson = exercise("random_keys")
    untraced = lesson.solution.replace("jax.random.key(seed)", "jax.random.key(int(seed))")
    assert untraced != lesson.solution
    _asked_fewer(lesson, lesson.solution, untraced, seed=3)


def test_a_float_outside_the_loop_is_told_as_a_float_in_train_not_one_per_step():
    """float_every_step is recognised by its error (float() under jit) and by a float()
    in the file, wherever it is: its words must hold for one before the loop too, which
    they did not ("Your loop turns a step's loss into a Python number")."""
    lesson = exercise("async_dispatch")
    source = (LEARNERS / "async_dispatch" / "float_before_the_loop.py").read_text()
    verdict = check_alone(lesson, source, seed=0, **forked(lesson))
    assert verdict.status == "fail" and verdict.diagnosis is not None
    assert verdict.diagnosis.id == "float_every_step", verdict.message
    assert "Your train turns a JAX array into a Python number" in verdict.message
    assert "a step's loss" not in verdict.message


def test_a_function_that_fails_the_recompile_rule_whatever_it_answers_is_asked_each_size_once():
    """async_dispatch counts recompiles, so a function jit cannot trace fails whatever
    its numbers are; its starter compiles a program at every step of every call, and
    took 3.8 s on the hidden cases. Those only say whether the numbers are right at
    each size: one case per shape is asked, the rest once the rule is mended (the
    cause is still found). The same function's fixed cases are all asked."""
    lesson = exercise("async_dispatch")
    assert lesson.config.get("max_recompiles") == 0
    verdict = check_alone(lesson, lesson.starter, seed=4, **forked(lesson))
    assert verdict.status == "fail" and verdict.diagnosis is not None
    assert verdict.diagnosis.id == "float_every_step", verdict.message
    hidden = [t.name for t in verdict.tests if t.name.startswith("hidden")]
    assert len(hidden) == 3 and all(name.endswith(": 1 value") for name in hidden), hidden
    shown = [c for c in make_cases(lesson.config, 4) if not c.hidden]
    assert [t.name for t in verdict.tests[: len(shown)]] == [c.name for c in shown]
    (rule,) = [t for t in verdict.tests if t.status != "pass"]
    assert rule.name == "changing the values does not recompile"


def test_a_failed_verdict_is_told_before_its_cause_and_a_pass_is_not():
    lesson = exercise("optimizer_state")
    wrong = lesson.solution.replace("BETA = 0.9", "BETA = 0.99")
    early = []
    verdict = check_alone(lesson, wrong, seed=2, judged=early.append, **forked(lesson))
    assert len(early) == 1 and early[0].status == "fail" and early[0].diagnosis is None
    assert [t.name for t in early[0].tests] == [t.name for t in verdict.tests]
    assert verdict.diagnosis is not None  # found after
    early.clear()
    assert check_alone(lesson, lesson.solution, judged=early.append, **forked(lesson)).passed
    assert early == []


def test_a_mutant_that_jit_cannot_compile_matches_wherever_the_file_lies():
    """jit's reason for refusing a function names the file and line it traced; the
    learner's file is not the mutant's, so the place is no evidence, the reason is."""
    from jaxtutor.oracles.generic.compare import same_mistake
    from jaxtutor.oracles.generic.runs import Run

    def refused(where: str, why: str = "Non-hashable static arguments are not supported") -> Run:
        return Run([], export_error=f"ValueError: {why}, while tracing train at {where}")

    mutant = refused("mutant_static_lr.py:20")
    assert same_mistake({}, [], refused("/home/ada/train.py:7"), mutant)
    assert not same_mistake({}, [], refused("train.py:7", "Shapes must be 1D"), mutant)


def test_the_judge_gets_the_programs_exported_while_it_was_busy_together_and_the_learner_child_works_meanwhile(
    monkeypatch,
):
    """While the clean child judges one program, the next ones are exported and wait:
    they go in one request, compiled side by side. The programs answer the properties'
    calls too (a shape of theirs not among the cases' is one more program), and the
    learner's child, done with its exports, meanwhile counts its compiles: it is asked
    for no call at all."""
    import time

    from jaxtutor.oracles import properties
    from jaxtutor.oracles.generic.cases import prepare
    from jaxtutor.oracles.generic.oracle import GenericOracle
    from jaxtutor.runner.host.sandbox import Child
    from jaxtutor.runner.wire import input_signature

    ex = find_exercise("async_dispatch", builtin_lessons()).exercise
    sizes, judged, counted, asked = [], [], [], []
    verify, count, call_many = Child.verify, Child.count_compiles, Child.call_many

    def slow_verify(self, programs):
        sizes.append(len(programs))
        if len(sizes) == 1:
            time.sleep(1.0)  # the other exports are done meanwhile
        try:
            return verify(self, programs)
        finally:
            judged.append(time.monotonic())

    def timed_count(self, calls):
        counted.append(time.monotonic())
        return count(self, calls)

    def calls_asked(self, calls, ahead=()):
        if self.role == "learner":
            asked.append(len(calls))
        return call_many(self, calls, ahead)

    monkeypatch.setattr(Child, "verify", slow_verify)
    monkeypatch.setattr(Child, "count_compiles", timed_count)
    monkeypatch.setattr(Child, "call_many", calls_asked)
    verdict = check_alone(ex, ex.solution, seed=5, **forked(ex))
    assert verdict.status == "pass", verdict.message
    p = prepare(ex, seed=5)
    cases = {input_signature(c.args) for c in p.cases}
    calls = properties.calls_of(GenericOracle.property_checks(p))
    shapes = len(cases | {input_signature(args) for args in calls})
    assert len(cases) >= 3 and shapes == len(cases) + 1 and sizes == [1, shapes - 1]
    assert len(counted) == 1 and counted[0] < judged[-1] and asked == []
    assert any(t.name.startswith("calling it again") and t.status == "pass" for t in verdict.tests)
    assert any(t.name.startswith("property") and t.status == "pass" for t in verdict.tests)


def test_a_run_is_remembered_by_its_cases_exact_values_not_their_repr():
    from jaxtutor.oracles.cases import fingerprint

    a = np.zeros(2000, np.float32)
    b = a.copy()
    b[1000] = 1.0
    assert repr(a) == repr(b)  # numpy prints a long array with "...": a key by repr collides
    assert fingerprint((a,)) != fingerprint((b,))
    assert fingerprint((a, {"k": 1.0})) == fingerprint((a.copy(), {"k": 1.0}))
    assert fingerprint((a,)) != fingerprint((a.astype(np.float64),))
    assert fingerprint((a,)) != fingerprint((a.reshape(40, 50),))


def test_shapes_that_do_not_fit_are_named_by_the_task_s_sizes_where_each_number_is_one_size():
    from jaxtutor.oracles.generic.named_shapes import shapes_said

    ex = find_exercise("optax_basics", builtin_lessons()).exercise
    case = make_cases(ex.config, 0)[0]
    sizes = {"T": case.args[1].shape[0], "B": case.args[1].shape[1], "D": case.args[0].shape[0]}
    assert len(set(sizes.values())) == 3, sizes
    message = f"add got incompatible shapes for broadcasting: ({sizes['B']},), ({sizes['D']},)."
    said = shapes_said(message, ex.config, case)
    assert f"B = {sizes['B']} and D = {sizes['D']}" in said
    assert f"its ({sizes['B']},) is (B,) and its ({sizes['D']},) is (D,), w's shape" in said
    # a number no size has, or one two sizes share, names nothing
    assert shapes_said(f"shapes: ({sizes['B']},), (97,).", ex.config, case) == ""

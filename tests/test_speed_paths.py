"""The child's jitted calls must judge exactly like plain calls: same verdicts, the
learner's own line in a traceback, prints still shown, and a plain fallback (with a
note) for code jax.jit cannot trace. Real child processes, no timing assertions (an
order of requests, where asserted, is made plain by a sleep of the learner's own)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import numpy as np
import pytest

from conftest import cold, forked, shared_server
from jaxtutor.check import check_source, limits_for, with_note
from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.oracles.argnums import gradients, make_cases
from jaxtutor.oracles.generic.cases import make_cases as generic_cases
from jaxtutor.oracles.values import matches
from jaxtutor.runner import wire
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.runner.inside import learner_process
from jaxtutor.verdict import TEXT_LIMIT, cut

# load_dir: a lesson file another change is breaking must not stop these tests
EXERCISE = find_exercise("argnums", load_dir(builtin_dir())[0]).exercise

HEAD = """import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)

"""
CORRECT = (
    HEAD
    + """
def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
"""
)
SWAPPED = CORRECT.replace("argnums=(1, 2)", "argnums=(2, 1)")
# float() of an argument and an `if` on it: fine when called plainly, not under jax.jit
UNTRACEABLE = (
    HEAD
    + """
def grad_w_and_x(scale, w, x, y):
    if float(scale) == 0.0:
        return jnp.zeros_like(w), jnp.zeros_like(x)
    return jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
"""
)
UNTRACEABLE_SWAPPED = UNTRACEABLE.replace("argnums=(1, 2)", "argnums=(2, 1)")
RAISES = (
    HEAD
    + """
def grad_w_and_x(scale, w, x, y):
    print("checking my gradients")
    dw, dx = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
    return jnp.reshape(dw, (7, 7)), dx
"""
)
RAISES_LINE = RAISES.splitlines().index("    return jnp.reshape(dw, (7, 7)), dx") + 1
# keeps the first x it was given: every later call of that shape uses stale data; under
# jit alone (traced once per shape) the stale x would be a tracer of the current x, so
# the bug would vanish
FIRST_X_ONLY = (
    HEAD
    + """
FIRST = {}


def grad_w_and_x(scale, w, x, y):
    stale = FIRST.setdefault(x.shape, x)
    return jax.grad(loss, argnums=(1, 2))(scale, w, stale, y)
"""
)
PRINTS_VALUES = CORRECT.replace(
    "    return jax.grad", "    print('scale is', scale)\n    return jax.grad"
)


def _check(source: str):
    return check_source(EXERCISE, source, **forked(EXERCISE))


def _summary(verdict) -> tuple:
    diagnosis = verdict.diagnosis.id if verdict.diagnosis else None
    return verdict.status, [t.status for t in verdict.tests], diagnosis


def _call_reply(source: str, calls: list[tuple], function: str = "grad_w_and_x") -> dict:
    """The child's raw reply to one call request (to see its note)."""
    with Child(limits_for(EXERCISE), server=shared_server()) as child:
        assert child.load(source, "solution.py", function).get("ok") is True
        return child.request({"op": "call", "calls": wire.encode_value(calls)})


def test_jitted_and_plain_calls_give_the_same_verdicts():
    for jitted, plain in [(CORRECT, UNTRACEABLE), (SWAPPED, UNTRACEABLE_SWAPPED)]:
        assert _summary(_check(jitted)) == _summary(_check(plain))
    assert _summary(_check(CORRECT))[0] == "pass"
    status, _, diagnosis = _summary(_check(SWAPPED))
    assert (status, diagnosis) == ("fail", "swapped_order")


def test_untraceable_correct_code_passes_by_the_fallback_with_a_note():
    assert _check(UNTRACEABLE).status == "pass"
    calls = [case.args for case in make_cases(0)]
    reply = _call_reply(UNTRACEABLE, calls)
    assert all(r["ok"] for r in reply["results"])
    assert "could not be compiled with jax.jit" in reply["note"]
    assert "note" not in _call_reply(CORRECT, calls)  # traceable code: no note


def test_the_note_reaches_the_verdict_message():
    verdict = _check(UNTRACEABLE)
    summary, _, note = verdict.message.rpartition("\n\n")
    assert verdict.status == "pass" and summary.endswith("tests passed."), verdict.message
    assert note.startswith("Note: your function could not be compiled with jax.jit")
    assert "jax.jit" not in _check(CORRECT).message


def test_an_exception_under_jit_points_at_the_learners_line():
    verdict = _check(RAISES)
    assert verdict.outcome.name == "EXCEPTION", verdict.message
    assert verdict.line == RAISES_LINE
    assert "jnp.reshape(dw, (7, 7))" in verdict.message
    assert "checking my gradients" in verdict.output  # a print at trace time still shows
    reply = _call_reply(RAISES, [make_cases(0)[0].args])
    (result,) = reply["results"]
    assert result["type"] == "TypeError" and result["frames"][-1]["line"] == RAISES_LINE


def test_python_ints_stay_python_values_under_jit():
    source = """def repeat_double(x, n):
    for _ in range(n):
        x = x * 2
    return x
"""
    reply = _call_reply(source, [(np.ones(3), 3), (np.ones(3), 1)], function="repeat_double")
    values = [wire.decode_value(r["value"]) for r in reply["results"]]
    assert "note" not in reply
    np.testing.assert_allclose(values[0], np.full(3, 8.0))
    np.testing.assert_allclose(values[1], np.full(3, 2.0))


def test_a_function_that_keeps_state_between_calls_is_not_hidden_by_jit():
    verdict = _check(FIRST_X_ONLY)
    assert verdict.status == "fail"
    passed = [t.status for t in verdict.tests if not t.name.startswith("property")].count("pass")
    # each case answered with the first x of its shape: right only where that is its own
    # x, or (a draw on the grid) happens to give the same gradients
    first, right = {}, 0
    for case in make_cases(verdict.seed):
        scale, w, x, y = case.args
        stale = first.setdefault(x.shape, x)
        g = gradients(scale, w, stale, y)
        right += matches((g["w"], g["x"]), case.expected)
    assert passed == right and right >= len(first)
    assert "keeps a traced value after it returns" in verdict.message


def test_a_long_message_is_cut_before_the_note_not_the_note():
    note = "Note: your function keeps a traced value after it returns."
    for message in ("short", "x" * 10 * TEXT_LIMIT):
        said = with_note(message, note)
        assert said.endswith(f"\n\n{note}") and cut(said) == said


def test_prints_run_once_per_input_shape_when_the_function_is_traced():
    verdict = _check(PRINTS_VALUES)
    assert verdict.status == "pass"
    printed = verdict.output.splitlines()
    shapes = {case.args[2].shape for case in make_cases(verdict.seed)}
    assert len(printed) == len(shapes) and all(line.startswith("scale is ") for line in printed)


# Python state a call changes: under jit alone it would change once per shape, while
# tracing, so each of these must run as written, with a note saying why
CHANGES_STATE = {
    "a global counter": """calls = 0


def scaled(x):
    global calls
    calls += 1
    return x * calls
""",
    "a default argument": """def scaled(x, seen=[]):
    seen.append(x.shape)
    return x * len(seen)
""",
    "an object's attribute": """class Counter:
    n = 0


counter = Counter()


def scaled(x):
    counter.n += 1
    return x * counter.n
""",
    "NumPy's global generator": """import numpy as np


def scaled(x):
    return x * (1.0 + np.random.randint(1, 10**6))
""",
}


def test_a_function_that_changes_python_state_runs_as_written():
    for what, source in CHANGES_STATE.items():
        reply = _call_reply(source, [(np.ones(2),), (np.ones(2),)], function="scaled")
        first, second = (wire.decode_value(r["value"]) for r in reply["results"])
        assert reply.get("note") == wire.CHANGES_STATE, what
        assert not np.allclose(first, second), what  # the second call saw the first's change
    if_pure = """import jax.numpy as jnp

SCALE = 2.0


def scaled(x):
    return x * SCALE + jnp.sum(x)
"""
    assert "note" not in _call_reply(if_pure, [(np.ones(2),), (np.ones(2),)], function="scaled")


def test_a_lessons_own_checks_run_the_learners_function_under_jit():
    """A lesson described in TOML calls the learner's function as argnums does: a pure
    one under jit, without a note; one that counts its calls as written, with the note."""
    lesson = find_exercise("grad_basics", load_dir(builtin_dir())[0]).exercise
    verdict = check_source(lesson, lesson.solution, **forked(lesson))
    assert verdict.status == "pass" and "Note:" not in verdict.message
    counting = lesson.solution.replace(
        "def loss_grad(w, x, y):\n",
        "calls = []\n\n\ndef loss_grad(w, x, y):\n    calls.append(1)\n",
    )
    assert counting != lesson.solution
    verdict = check_source(lesson, counting, **forked(lesson))
    assert verdict.status == "pass", verdict.message
    assert verdict.message.endswith(wire.CHANGES_STATE)


def test_a_trusted_program_loaded_again_keeps_its_compiles_unless_it_has_state():
    """The trusted child loads the reference again on every check (for the new hidden
    cases): a pure one keeps what jit compiled for it (its print runs at one trace,
    not two); one whose Python state a call changed starts afresh, as if new."""
    pure = """def scaled(x):
    print("traced")
    return x * 2.0
"""
    counting = CHANGES_STATE["a global counter"]
    with Child(limits_for(EXERCISE), server=shared_server()) as child:
        for _ in range(2):
            assert child.load(pure, "reference.py", "scaled")["ok"] is True
            (made,) = child.call_many([(np.full(2, 3.0),)])
            np.testing.assert_allclose(made["value"], np.full(2, 6.0))
        answers = []
        for _ in range(2):
            assert child.load(counting, "mutant.py", "scaled")["ok"] is True
            answers += [r["value"] for r in child.call_many([(np.ones(2),), (np.ones(2),)])]
    assert child.output().count("traced") == 1, child.output()  # all of it, once it is gone
    np.testing.assert_allclose(np.array(answers), np.array([[1, 1], [2, 2], [1, 1], [2, 2]]))


def test_a_python_int_argument_is_traced_when_the_function_allows_it():
    """random_keys passes its seed as a Python int: traced, every seed shares one
    compile per shape of x (the print runs at that one trace, not once per seed)."""
    lesson = find_exercise("random_keys", load_dir(builtin_dir())[0]).exercise
    printing = lesson.solution.replace(
        "    k0, k1 =", "    print('tracing with', seed)\n    k0, k1 ="
    )
    assert printing != lesson.solution
    verdict = check_source(lesson, printing, **forked(lesson))
    assert verdict.status == "pass" and "Note:" not in verdict.message, verdict.message
    assert len(generic_cases(lesson.config, verdict.seed)) > len(lesson.config["cases"])
    shapes = {np.shape(c.args[0]) for c in generic_cases(lesson.config, verdict.seed)}
    assert verdict.output.count("tracing with") == len(shapes), verdict.output


def test_a_python_int_stays_one_where_the_function_treats_it_as_one():
    """An int has no array methods: `.astype` of a Python int fails as written, so it
    must fail here too (traced, it would work); and an int that sets a loop's length
    or a shape stays a Python value."""
    source = """import jax.numpy as jnp


def as_float(x):
    return x.astype(jnp.float32) * 2
"""
    reply = _call_reply(source, [(3,), (4,), (np.float32(3.0),)], function="as_float")
    *ints, second = reply["results"]
    assert all(r["ok"] is False and r["type"] == "AttributeError" for r in ints), ints
    np.testing.assert_allclose(wire.decode_value(second["value"]), 6.0)
    shaped = """import jax.numpy as jnp


def ones(x, n):
    return jnp.ones(n) * x
"""
    reply = _call_reply(shaped, [(np.float32(2.0), 3), (np.float32(2.0), 4)], function="ones")
    assert [np.shape(wire.decode_value(r["value"])) for r in reply["results"]] == [(3,), (4,)]
    assert "note" not in reply


def test_a_lesson_with_structure_rules_takes_a_pure_learners_answers_from_its_programs(monkeypatch):
    """capstone_training_run's programs are exported and run in the clean child for its
    rules: for a function whose trace changed no Python state, those runs are the
    answers, and the learner's child is asked for no call (it compiles nothing). One
    that counts its calls is called, as written, with the note."""
    from jaxtutor.runner.host import sandbox

    asked, real_load, real_calls = [], sandbox.Child.load, sandbox.Child.call_many
    files = {}

    def load(self, source, filename, function):
        files[id(self)] = filename
        return real_load(self, source, filename, function)

    def call_many(self, calls, *args, **kwargs):
        asked.append(files.get(id(self)))
        return real_calls(self, calls, *args, **kwargs)

    monkeypatch.setattr(sandbox.Child, "load", load)
    monkeypatch.setattr(sandbox.Child, "call_many", call_many)
    lesson = find_exercise("capstone_training_run", load_dir(builtin_dir())[0]).exercise
    verdict = check_source(lesson, lesson.solution, **forked(lesson))
    assert verdict.status == "pass", verdict.message
    assert "solution.py" not in asked and "reference.py" in asked
    counting = lesson.solution.replace(
        "@jax.jit\ndef train(", "calls = []\n\n\n@jax.jit\ndef train("
    )
    counting = counting.replace(
        "    def epoch(w, seed):", "    calls.append(1)\n\n    def epoch(w, seed):"
    )
    assert counting.count("calls") == 2
    verdict = check_source(lesson, counting, **forked(lesson))
    assert "solution.py" in asked
    assert verdict.message.endswith(wire.CHANGES_STATE), verdict.message


def test_only_an_error_about_tracers_is_run_again_without_jit():
    """A plain call repeats a jitted call's error only where jit may have caused it (a
    tracer error, or a tracer in the message): the print before it runs twice there,
    once elsewhere (a second run op by op would show the same error, slowly)."""
    sources = {
        "a learner's own error": ("raise ValueError('not yet')", 1, False),
        "a tracer error": ("return float(x)", 2, True),
        "a tracer in the message": ("raise ValueError(f'got {x}')", 2, False),
    }
    for what, (body, runs, works) in sources.items():
        source = f"def f(x):\n    print('ran')\n    {body}\n"
        with Child(limits_for(EXERCISE), server=shared_server()) as child:
            assert child.load(source, "solution.py", "f")["ok"] is True
            (result,) = child.call_many([(np.float32(2.0),)])
        # read once the child is gone: its output is drained by a thread meanwhile
        assert child.output().count("ran") == runs, what
        assert (result.get("ok") is True) == works, what
        if "message" in what:
            assert "2.0" in result["message"], result  # the plain call's value, not a tracer


def test_a_learners_own_jit_with_a_static_number_compiles_ahead_in_the_calls_order():
    """jit_dynamic_lr's starter: the learner's jit keeps lr static, so the child's jit
    cannot trace it and the calls run plainly. Each lr's program is compiled ahead, on
    the side, by the learner's own jit; its traces (and their prints) still come in the
    calls' order, once per lr, and the answers are each lr's own."""
    source = (
        "import functools\nimport jax\n\n\n"
        "@functools.partial(jax.jit, static_argnames='lr')\n"
        "def step(w, lr):\n    print('tracing lr', lr)\n    return w - lr * 2.0 * w\n"
    )
    rates = [0.1, 0.05, 0.01, 0.2]
    with Child(limits_for(EXERCISE), server=shared_server()) as child:
        assert child.load(source, "solution.py", "step")["ok"] is True
        answers = child.call_many([(np.float32(1.0), lr) for lr in rates[:2]])
        answers += child.call_many([(np.float32(1.0), lr) for lr in rates[2:] + rates[:1]])
    assert [float(a["value"]) for a in answers] == pytest.approx(
        [1.0 - lr * 2.0 for lr in rates + rates[:1]]
    )
    assert child.notes and child.notes[0].startswith("Note: your function could not be compiled")
    # read once the child is gone: its output is drained by a thread meanwhile
    assert child.output().splitlines() == [f"tracing lr {lr}" for lr in rates]


def test_a_seed_with_new_values_only_in_the_calls_ahead_is_traced_from_the_first_request():
    """The first request's own seed has a shape of its own, so only the calls named
    ahead show that the seed takes new values at (3,): of those, two are sent, enough
    for the child to trace the seed there at once, and the next request's new seeds
    compile nothing. Without them, the first request keeps every seed static."""
    source = (
        "def scaled(x, seed):\n"
        "    print('int seed' if isinstance(seed, int) else 'traced seed', x.shape)\n"
        "    return x * seed\n"
    )
    first = [(np.ones(5, np.float32), 1)]
    then = [(np.ones(3, np.float32), seed) for seed in range(2, 40)]
    for ahead, printed in ((then, "traced seed (3,)"), ((), "int seed (5,)")):
        with Child(limits_for(EXERCISE), server=shared_server()) as child:
            assert child.load(source, "solution.py", "scaled")["ok"] is True
            child.call_many(first, ahead=ahead)
            assert printed in child.output_so_far().splitlines()
            if ahead:
                traced = child.output_so_far()
                answers = child.call_many(then)
                assert child.output_so_far() == traced  # nothing traced again
                assert [float(np.asarray(a["value"])[0]) for a in answers] == list(range(2, 40))


# What a forked child's requests run, as a check sends them, after what the fork server
# imported: every lesson's solution loaded, called, exported, and its program verified
_CHILD_IMPORTS = """
import json, sys
from jaxtutor.runner.inside import learner_process, warm_up  # the fork server's imports
from jaxtutor.runner.inside import learner_calls, learner_file, verify
from jaxtutor.runner import wire
from jaxtutor.course.lessons import builtin_dir, load_dir
from jaxtutor.oracles.generic.cases import prepare
from jaxtutor.oracles.generic.runs import _rows
from jaxtutor.runner.host.launch import COURSE_LIBRARIES

jobs = []  # the trusted side's part, done first
for lesson in load_dir(builtin_dir())[0]:
    ex = lesson.exercise
    if ex.oracle == "generic":
        args = prepare(ex, 0).cases[0].args
        jobs.append((ex.solution, ex.function, wire.encode_value([args]), _rows(ex.config)(args)))
warm_up.import_jax()
warm_up.import_libraries(list(COURSE_LIBRARIES))
before = set(sys.modules)
for source, function, calls, rows in jobs:
    learner_file.LEARNER.clear()
    learner_file.load({"filename": "s.py", "source": source, "function": function})
    learner_calls.call({"calls": calls})
    (program,) = learner_calls.export({"calls": calls})["programs"]
    learner_file.LEARNER.clear()
    verify.verify({"programs": [{"module": program["module"], "groups": rows, "calls": calls}]})
print(json.dumps(sorted(set(sys.modules) - before)))
"""


def test_a_checks_requests_import_nothing_the_fork_server_did_not():
    """A module first imported by a request is imported again in every check's child,
    on the check's clock: jax.extend (for two type names) cost each learner's first
    export about 0.1 s, and imports all of its modules, pallas among them."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD_IMPORTS], capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.splitlines()[-1]) == ["__learner__"]


_STOCKED_CONTEXTS = """
import os, jax, jax.numpy as jnp, numpy as np
from jaxtutor.runner.inside import warm_up

warm_up.import_jax()
jax.export.export(jax.jit(jnp.cos))(jnp.ones(2))  # as the warm-up does first
quiet, _ = os.pipe()
warm_up.stock_mlir_contexts(quiet)
stocked = list(warm_up._STOCK)
jax.export.export(jax.jit(lambda x: jnp.sin(x) * 2))(np.ones(3, np.float32))
taken = [c for c in stocked if c not in warm_up._STOCK]
asked, sent = os.pipe()
os.write(sent, b"x")
warm_up._STOCK.clear()
warm_up.stock_mlir_contexts(asked)  # a request is waiting: nothing is made
print(len(stocked), len(taken), len(warm_up._STOCK))
"""


def test_a_waiting_child_makes_the_mlir_contexts_an_export_takes():
    """Made while idle, and taken by the lowerings of an export (two), so that a
    check's exports do not make their own: none is made once a request has come."""
    done = subprocess.run(
        [sys.executable, "-c", _STOCKED_CONTEXTS], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["10", "2", "0"]


def _requests(monkeypatch, slow_op: str | None = None) -> list[tuple]:
    """Every request a check sends to a child, as (role, op, start, end), in the order
    they end; a request `slow_op` is answered 0.4 s late, so that an order asserted
    around it does not depend on the machine's speed."""
    from jaxtutor.runner.host import sandbox

    asked, real_request = [], sandbox.Child._request

    def request(self, message):
        start = time.monotonic()
        try:
            return real_request(self, message)
        finally:
            if message.get("op") == slow_op:
                time.sleep(0.4)
            asked.append((self.role, message.get("op"), start, time.monotonic()))

    monkeypatch.setattr(sandbox.Child, "_request", request)
    return asked


def test_a_cold_checks_hidden_reference_runs_beside_the_learners_compile_count(monkeypatch):
    """custom_derivatives counts the compiles of its function called as it is, in the
    learner's child, while the clean child judges the exported programs. A one-off
    check's reference on the hidden cases must not wait for that count: it starts while
    the count is still running. The count is made slow on purpose (the function sleeps
    when it is called plainly, never in the traces that export it), so the order does
    not depend on the machine's speed."""
    asked = _requests(monkeypatch)
    lesson = find_exercise("custom_derivatives", load_dir(builtin_dir())[0]).exercise
    slow = lesson.solution.replace(
        "    def loss(w):",
        "    if not isinstance(w, jax.core.Tracer):\n        time.sleep(0.4)\n\n    def loss(w):",
    )
    assert slow != lesson.solution
    verdict = check_source(lesson, "import time\n" + slow, **cold(lesson))
    assert verdict.status == "pass", verdict.message
    (count,) = [(start, end) for role, op, start, end in asked if op == "compiles"]
    reference = [start for role, op, start, _ in asked if role == "lesson" and op == "call"]
    # the last is the hidden cases' (the fixed cases' may be remembered from an earlier test)
    assert reference, asked
    assert reference[-1] < count[1] - 0.4, (reference, count)


def test_a_cold_checks_hidden_reference_runs_beside_the_judge(monkeypatch):
    """A one-off check of a function whose programs are its answers (optax_basics'): the
    reference's run on the hidden cases starts once the learner's exports are done,
    beside the clean child's runs of them, not after the last of those (the judge's
    replies are made 0.4 s late here)."""
    asked = _requests(monkeypatch, slow_op="verify")
    lesson = find_exercise("optax_basics", load_dir(builtin_dir())[0]).exercise
    verdict = check_source(lesson, lesson.solution, **cold(lesson))
    assert verdict.status == "pass", verdict.message
    judged = max(end for role, op, _, end in asked if op == "verify")
    reference = [start for role, op, start, _ in asked if role == "lesson" and op == "call"]
    assert reference, asked
    assert reference[-1] < judged - 0.4, (reference, judged)


_FROZEN = """
import gc
import weakref


class Cycle:
    pass


CALLS, HELD, DROPPED = [], [], []


def frozen(x):
    CALLS.append(x.shape)
    if len(CALLS) == 1:
        HELD.append(Cycle())
        HELD[0].me = HELD[0]
    elif len(CALLS) == 2:
        DROPPED.append(weakref.ref(HELD.pop()))
    alive = bool(DROPPED and DROPPED[0]() is not None)
    return x.sum() * 0 + 2 * gc.get_freeze_count() + alive
"""


def test_a_child_walks_only_its_own_objects_and_frees_what_it_dropped_at_rest():
    """A full garbage collection walks every object a process holds: in the kept lesson
    child, 140-190 ms in the middle of a check. The fork server freezes what its
    imports made before it forks (JAX's own objects, hundreds of thousands). A child
    left idle past its rest collects, but freezes none of its own: a cycle it held at
    one rest and dropped later is freed at the next (frozen, it never was, and a kept
    child grew past its memory limit). Each call is at a shape of its own, so it is
    traced, and says what it saw then."""
    with Child(limits_for(EXERCISE), server=shared_server()) as child:
        assert child.load(_FROZEN, "solution.py", "frozen")["ok"] is True
        rest = learner_process._REST_AFTER_MS / 1000 + 1.0
        seen = []
        for size in (1, 2, 3):  # makes and holds a cycle, drops it, looks for it
            (said,) = child.call_many([(np.zeros(size, np.float32),)])
            seen.append(float(said["value"]))
            time.sleep(rest)
    (at_fork, _), (_, _), (at_end, alive) = (divmod(v, 2) for v in seen)
    assert at_fork > 100_000, seen
    assert at_end == at_fork, seen  # none of its own frozen
    assert alive == 0, seen  # the cycle it dropped is gone

"""The compile count of `max_recompiles = 0` (jit_dynamic_lr's, mostly): the learner's
function called as it is, every jitted object it makes counted. A jax.jit made anew on
each call fails; one made once, at import, passes, though the function handed in is not
itself the jitted one."""

from __future__ import annotations

import numpy as np
import pytest

from conftest import number_printed, run_check
from jaxtutor.course.lessons import builtin_dir, load_dir
from jaxtutor.oracles.generic.cases import prepare
from jaxtutor.oracles.generic.recompiles import RECOMPILE_TEST, same_shape_calls
from jaxtutor.runner.wire import input_signature

HEAD = """import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)

"""


def _check(tmp_path, body: str):
    path = tmp_path / "answer.py"
    path.write_text(HEAD + body)
    return run_check("jit_dynamic_lr", path)


def test_a_jit_made_on_every_call_compiles_every_call_and_fails(tmp_path):
    verdict = _check(
        tmp_path,
        "def sgd_step(w, lr, x, y):\n"
        "    step = jax.jit(lambda w, x, y: w - lr * jax.grad(loss)(w, x, y))\n"
        "    return step(w, x, y)\n",
    )
    tests = {t.name: t for t in verdict.tests}
    assert tests[RECOMPILE_TEST].status == "fail"
    assert verdict.diagnosis.id == "compiles_every_call"
    assert "more program(s) after the first call" in verdict.diagnosis.message


def test_a_jit_made_once_compiles_once_and_passes(tmp_path):
    verdict = _check(
        tmp_path,
        "_step = jax.jit(lambda w, lr, x, y: w - lr * jax.grad(loss)(w, x, y))\n\n\n"
        "def sgd_step(w, lr, x, y):\n"
        "    return _step(w, lr, x, y)\n",
    )
    assert verdict.passed, verdict.message
    assert RECOMPILE_TEST in {t.name for t in verdict.tests}


def test_every_lesson_that_asks_for_no_recompiles_measures_it():
    """custom_derivatives' first case has shapes of its own: counted on that case's
    shapes alone, the rule was never measured, and a jax.jit made anew inside every
    call passed (tests/corpus/custom_derivatives/wrong_jit_made_each_call.py)."""
    asking = [
        lesson.exercise
        for lesson in load_dir(builtin_dir())[0]
        if lesson.exercise.config.get("max_recompiles") == 0
    ]
    assert len(asking) >= 4
    for exercise in asking:
        for seed in range(5):
            calls = same_shape_calls(prepare(exercise, seed))
            assert calls is not None and len(calls) >= 2, (exercise.id, seed)
            assert len({input_signature(args) for args in calls}) == 1


_FIRST_CALL = """
import json, sys
from jaxtutor.runner.inside import warm_up

warm_up.import_jax()
import jax
import jax.numpy as jnp

shapes, args, solution, function, primed = json.loads(sys.stdin.read())
compiles = []
jax.monitoring.register_event_duration_secs_listener(
    lambda event, *_, **__: compiles.append(event == "/jax/core/compile/backend_compile_duration")
)
if primed:
    warm_up.course_ops_op_by_op(shapes)
names = {}
exec(solution, names)
args = [jnp.asarray(a, jnp.float32) for a in args]
before = sum(compiles)
jax.block_until_ready(names[function](*args))
print(sum(compiles) - before)
"""


@pytest.mark.parametrize(
    ("lesson", "plain_at_least", "primed_at_most"),
    [("custom_derivatives", 8, 2), ("async_dispatch", 4, 1)],
)
def test_a_waiting_childs_warm_up_compiles_most_of_what_the_first_call_would(
    lesson, plain_at_least, primed_at_most
):
    """A solution run as it is, op by op, at the shapes its check counts compiles at:
    each primitive's program is compiled on the first call, in a fresh process (as in
    a check's child): custom_derivatives' about ten; async_dispatch's Python loop over
    the steps, four (its rows split twice, its jitted step, the losses stacked). After
    warm_up.course_ops_op_by_op at those shapes (a primed child's warm-up; it runs
    nothing of the solution), only custom_derivatives' clip (a negation and the clip)
    and async_dispatch's own step are left."""
    from jaxtutor.oracles.generic.recompiles import float_shapes

    exercise = next(
        found.exercise for found in load_dir(builtin_dir())[0] if found.exercise.id == lesson
    )
    calls = same_shape_calls(prepare(exercise, 0))
    assert calls is not None
    shapes, args = float_shapes(calls), [np.asarray(a).tolist() for a in calls[0]]

    job = [shapes, args, exercise.solution, exercise.function]
    plain = number_printed(_FIRST_CALL, [*job, False])
    primed = number_printed(_FIRST_CALL, [*job, True])
    assert plain >= plain_at_least, plain
    assert primed <= primed_at_most, (plain, primed)

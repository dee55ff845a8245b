"""The clean child's verdicts on exported programs (runner/inside/verify.py): real exports from
a learner's child, checked and run by a child that never loaded a file."""

from __future__ import annotations

import base64

import numpy as np

ARGS = (np.float32(0.5), np.float32(0.1), np.ones((3, 2)), np.full((3, 2), 2.0))
HEADER = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n"


def judged(start, body: str, args=ARGS, rows=(2, 3), trip=3) -> dict:
    """`start`: conftest's forked_child (a fresh process would import JAX for nothing)."""
    with start() as learner, start() as clean:
        assert learner.load(HEADER + body, "f.py", "f")["ok"] is True
        (program,) = learner.export([args])
        assert program["ok"] is True, program
        (found,) = clean.verify(
            [{"module": program["module"], "rows": list(rows), "trip": trip, "calls": [args]}]
        )
    return found


STEP = """
def step(w, batch, lr):
    x, y = batch
    return w - lr * 2 * jnp.sum((w * x - y) * x)
"""


def test_a_scan_over_the_rows_is_seen_and_run(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.scan(lambda w, b: (step(w, b, lr), None), w, (xs, ys))[0]
""",
    )
    assert found["ok"] and found["scan"] == "ok" and not found["jitted"]
    w = 0.5
    for x, y in zip(ARGS[2], ARGS[3]):
        w -= 0.1 * 2 * np.sum((w * x - y) * x)
    assert np.isclose(found["values"][0][0], w)


def test_a_jitted_function_is_one_call(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
@jax.jit
def f(w, lr, xs, ys):
    return lax.scan(lambda w, b: (step(w, b, lr), None), w, (xs, ys))[0]
""",
    )
    assert found["jitted"] and found["scan"] == "ok"


def test_a_carry_started_from_the_batches_is_not_a_scan_over_them(forked_child):
    # the weight a Python loop computed goes into a scan that only adds zeros
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    for i in range(xs.shape[0]):
        w = step(w, (xs[i], ys[i]), lr)
    return lax.scan(lambda c, b: (c + 0.0 * jnp.sum(b[0]), None), w, (xs, ys))[0]
""",
    )
    assert found["scan"] == "loop_unused"


def test_a_carry_that_holds_all_the_batches_is_not_a_step_per_row(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    def body(c, b):
        return c + 0.0 * jnp.sum(b[0]), None
    everything, _ = lax.scan(body, xs, (xs, ys))
    for i in range(xs.shape[0]):
        w = step(w, (everything[i], ys[i]), lr)
    return w
""",
    )
    assert found["scan"] != "ok"


def test_a_loop_with_the_wrong_count_is_not_over_the_rows(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.fori_loop(0, xs.shape[0], lambda i, w: step(w, (xs[i], ys[i]), lr), w)
""",
    )
    assert found["scan"] == "not_over_rows"


def test_a_program_with_a_host_callback_is_refused(forked_child):
    """A forged program (built by hand, as learner code could) carrying a Python
    callback's custom call is refused before anything is compiled."""
    source = (
        HEADER
        + """
import numpy as np
from jax._src.lib import _jax
from jax._src.lib.mlir.dialects import hlo


def f(w):
    return jax.pure_callback(lambda v: v, jax.ShapeDtypeStruct((), jnp.float32), w)


def module():
    ir = jax.jit(f).lower(jnp.float32(1)).compiler_ir("stablehlo")
    version = hlo.get_version_from_compatibility_requirement(
        hlo.StablehloCompatibilityRequirement.WEEK_4)
    data = _jax.mlir.serialize_portable_artifact(ir, version, False)
    return np.frombuffer(data, np.uint8)
"""
    )
    with forked_child() as learner, forked_child() as clean:
        assert learner.load(source, "f.py", "module")["ok"] is True
        (made,) = learner.call_many([()])
        data = base64.b64encode(made["value"].tobytes()).decode()
        (found,) = clean.verify(
            [{"module": data, "rows": [], "trip": 0, "calls": [(np.float32(1.0),)]}]
        )
    assert found["ok"] is False and "custom target" in found["refused"]

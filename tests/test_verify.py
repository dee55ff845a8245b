"""The clean child's verdicts on exported programs (runner/inside/verify.py): real exports from
a learner's child, checked and run by a child that never loaded a file."""

from __future__ import annotations

import base64

import numpy as np

from jaxtutor.oracles.structure import backwards, scan_rule

ARGS = (np.float32(0.5), np.float32(0.1), np.ones((3, 2)), np.full((3, 2), 2.0))
HEADER = "import jax\nimport jax.numpy as jnp\nfrom jax import lax\n\n"


def judged(start, body: str, args=ARGS, groups=((2, 3),), whole=False) -> dict:
    """`start`: conftest's forked_child (a fresh process would import JAX for nothing)."""
    with start() as learner, start() as clean:
        assert learner.load(HEADER + body, "f.py", "f")["ok"] is True
        (program,) = learner.export([args])
        assert program["ok"] is True, program
        (found,) = clean.verify(
            [
                {
                    "module": program["module"],
                    "groups": [list(g) for g in groups],
                    "calls": [args],
                    "whole": whole,
                }
            ]
        )
    return found


def broken(found: dict, names=(("xs", "ys"),)) -> str | None:
    """The id of the way the program breaks "a lax.scan over the rows" (None: it holds)."""
    found_broken = scan_rule([found], [list(n) for n in names])
    return None if found_broken is None else found_broken.id


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
    assert found["ok"] and broken(found) is None and not found["jitted"]
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
    assert found["jitted"] and broken(found) is None


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
    assert broken(found) == "steps_beside"


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
    assert broken(found) is not None


def test_a_loop_with_the_wrong_count_is_not_over_the_rows(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.fori_loop(0, xs.shape[0], lambda i, w: step(w, (xs[i], ys[i]), lr), w)
""",
    )
    assert broken(found) == "indexed"


def test_a_while_loop_over_an_index_is_not_a_scan(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    def body(state):
        i, w = state
        return i + 1, step(w, (xs[i], ys[i]), lr)
    return lax.while_loop(lambda s: s[0] < xs.shape[0], body, (0, w))[1]
""",
    )
    assert broken(found) == "indexed"
    assert found["groups"][0]["loops"] == []  # its counter does not pick the row itself


def test_a_scan_over_an_index_that_reads_the_rows_is_not_a_scan_over_them(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.scan(lambda w, i: (step(w, (xs[i], ys[i]), lr), None), w, jnp.arange(3))[0]
""",
    )
    assert broken(found) == "indexed"


def test_a_python_loop_over_every_row_inside_the_body_is_seen(forked_child):
    # a scan over the rows whose last step runs the whole training again, row by row
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    def body(c, b):
        x, y, t = b
        trained = w
        for j in range(xs.shape[0]):
            trained = step(trained, (xs[j], ys[j]), lr)
        return jnp.where(t == xs.shape[0] - 1, trained, c + 0.0 * jnp.sum(x)), None
    return lax.scan(body, w, (xs, ys, jnp.arange(xs.shape[0])))[0]
""",
    )
    assert broken(found) == "reads_other_rows"
    uses = found["groups"][0]["uses"]
    assert sorted((u["lo"], u["hi"]) for u in uses) == [(0, 1), (1, 2), (2, 3)]
    assert {u["where"] for u in uses} == {found["groups"][0]["loops"][0]["id"]}


def test_lax_map_beside_a_python_loop_is_not_a_scan(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    sizes = lax.map(lambda b: jnp.sum(b[0] * b[1]), (xs, ys))
    for i in range(xs.shape[0]):
        w = step(w, (xs[i], ys[i]), lr)
    return w + 0.0 * jnp.sum(sizes)
""",
    )
    assert broken(found) == "steps_beside"


def test_rows_a_loop_stacked_and_a_python_loop_reads_are_not_a_scan(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    copied, _ = lax.map(lambda b: (b[0] * 1.0, b[1] * 1.0), (xs, ys)), None
    for i in range(xs.shape[0]):
        w = step(w, (copied[0][i], copied[1][i]), lr)
    return w
""",
    )
    assert broken(found) == "stacked_rows"


def test_rows_a_loop_wrote_into_a_buffer_are_rows_again(forked_child):
    # a copy made row by row (no ys: jnp.where into a carry), then a Python loop over it
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    def copy(c, b):
        cx, cy, i = c
        at = (jnp.arange(xs.shape[0]) == i)[:, None]
        return (jnp.where(at, b[0], cx), jnp.where(at, b[1], cy), i + 1), None
    (cx, cy, _), _ = lax.scan(copy, (0.0 * xs, 0.0 * ys, 0), (xs, ys))
    for i in range(xs.shape[0]):
        w = step(w, (cx[i], cy[i]), lr)
    return w
""",
    )
    assert broken(found) == "stacked_rows"


def test_a_scan_over_what_a_map_stacked_is_a_second_loop_over_the_rows(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    copied = lax.map(lambda b: (b[0] * 1.0, b[1] * 1.0), (xs, ys))
    return lax.scan(lambda w, b: (step(w, b, lr), None), w, copied)[0]
""",
    )
    assert broken(found) == "several_loops"


def test_an_unrolled_scan_takes_a_block_a_step_and_the_rest_after(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.scan(lambda w, b: (step(w, b, lr), None), w, (xs, ys), unroll=2)[0]
""",
    )
    assert broken(found) is None
    (loop,) = found["groups"][0]["loops"]
    assert (loop["trip"], loop["block"], loop["lo"], loop["hi"]) == (1, 2, 0, 2)
    assert [(u["lo"], u["hi"], u["where"]) for u in found["groups"][0]["uses"]] == [(2, 3, -1)]


def test_a_reversed_scan_is_told_apart(forked_child):
    found = judged(
        forked_child,
        STEP
        + """
def f(w, lr, xs, ys):
    return lax.scan(lambda w, b: (step(w, b, lr), None), w, (xs, ys), reverse=True)[0]
""",
    )
    assert broken(found) is None and backwards([found])


EPOCHS = (np.array([3, 7], np.int32), np.zeros(2, np.float32), np.ones((4, 2), np.float32))


def test_each_loop_a_task_names_is_checked_inside_the_one_before(forked_child):
    outer = """
def f(seeds, w, data):
    def epoch(w, seed):
        shuffled = data[jax.random.permutation(jax.random.key(seed), data.shape[0])]
        return inner(w, shuffled.reshape(2, 2, 2))
    return lax.scan(epoch, w, seeds)
"""
    scans = """
def inner(w, batches):
    return lax.scan(lambda w, b: (w - 0.1 * jnp.sum(b, axis=0), jnp.sum(w)), w, batches)
"""
    python = """
def inner(w, batches):
    losses = []
    for b in batches:
        w, loss = w - 0.1 * jnp.sum(b, axis=0), jnp.sum(w)
        losses.append(loss)
    return w, jnp.stack(losses)
"""
    names = (("seeds",), ("data",))
    for body, expected in ((scans, None), (python, "no_loop")):
        found = judged(forked_child, body + outer, args=EPOCHS, groups=((0,), (2,)))
        assert broken(found, names) == expected
    inner = found["groups"][1]
    assert {u["where"] for u in inner["uses"]} == {found["groups"][0]["loops"][0]["id"]}


def test_loops_nested_past_the_bound_are_refused(forked_child):
    source = """
def nest(k):
    if k == 0:
        return lambda w: w + 1.0
    return lambda w: lax.fori_loop(0, 1, lambda i, w: nest(k - 1)(w), w)

f = nest(40)
"""
    found = judged(forked_child, source, args=(np.float32(1),), groups=((0,),))
    assert found["ok"] is False and "nested too deeply" in found["refused"]


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
        (found,) = clean.verify([{"module": data, "groups": [], "calls": [(np.float32(1.0),)]}])
    assert found["ok"] is False and "custom target" in found["refused"]


DEEP = """
def f(w, lr, xs, ys):
    def loss(w):
        def step(h, x):
            return jnp.tanh(w * h + x), None

        h, _ = lax.scan({step}, jnp.zeros(xs.shape[1]), xs)
        return jnp.sum(h ** 2)

    return jax.grad(loss)(w)
"""


def test_the_memory_a_compiled_program_keeps_is_measured(forked_child):
    """What the backward pass keeps shows in XLA's memory analysis: a checkpointed
    step keeps about one carry per row, a plain one several intermediates."""
    xs = np.ones((64, 8), np.float32)
    args = (np.float32(0.5), np.float32(0.1), xs, xs)
    plain = judged(forked_child, DEEP.format(step="step"), args, whole=True)
    saved = judged(forked_child, DEEP.format(step="jax.checkpoint(step)"), args, whole=True)
    assert np.isclose(plain["values"][0][0], saved["values"][0][0], rtol=1e-5)
    assert saved["temp_bytes"] < 2 * xs.nbytes < plain["temp_bytes"]


def test_a_program_sharded_over_the_eight_devices_is_run_on_them(forked_child):
    """A shard_map over a mesh of the children's eight CPU devices runs in the clean
    child on as many devices, its arguments placed as the program takes them."""
    found = judged(
        forked_child,
        """
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((8,), ("rows",))


def f(w, lr, xs, ys):
    split = NamedSharding(mesh, P("rows"))
    xs, ys = jax.device_put(xs, split), jax.device_put(ys, split)

    def mean_loss(w, x, y):
        return lax.pmean(jnp.mean((x @ w - y) ** 2), "rows")

    step = jax.shard_map(
        lambda w, x, y: w - lr * jax.grad(mean_loss)(w, x, y),
        mesh=mesh,
        in_specs=(P(), P("rows"), P("rows")),
        out_specs=P(),
    )
    return step(w, xs, ys)
""",
        (np.ones(2, np.float32), np.float32(0.1), np.ones((16, 2)), np.full(16, 3.0)),
        groups=(),
    )
    assert found["ok"] is True and "stablehlo.all_reduce" in found["ops"]
    # every row's error is 1 + 1 - 3 = -1: the gradient is 2 * -1 * x = -2 per entry
    assert np.allclose(found["values"][0][0], [1.2, 1.2])


LOOP = """
@jax.jit
def step(w, x, y):
    error = x @ w - y
    return w - 0.1 * x.T @ error, jnp.mean(error ** 2), error


def f(w, xs, ys):
    losses, errors = [], []
    for x, y in zip(xs[::2], ys[::2]):  # every other batch: a strided slice
        w, loss, error = step(w, x, y)
        losses.append(loss)
        errors.append(error)
    return w, jnp.stack(losses), jnp.stack(errors, axis=1)
"""


def loop_in_numpy(w, xs, ys) -> tuple:
    losses, errors = [], []
    for x, y in zip(xs[::2], ys[::2]):
        error = x @ w - y
        w = w - np.float32(0.1) * x.T @ error
        losses.append(np.mean(error**2))
        errors.append(error)
    return w, np.array(losses), np.stack(errors, axis=1)


def test_a_python_loop_of_a_jitted_step_is_run_a_call_at_a_time(forked_child):
    """Its main only cuts, stacks and calls: the judge compiles the step once and runs
    main's moves in NumPy (unrolled.py). The answers are those of the whole program
    compiled as it is, and of the loop in NumPy, on every case."""
    rng = np.random.default_rng(0)
    calls = [
        (rng.normal(size=3), rng.normal(size=(7, 4, 3)), rng.normal(size=(7, 4))) for _ in range(5)
    ]
    calls = [tuple(np.asarray(a, np.float32) for a in args) for args in calls]
    with forked_child() as learner, forked_child() as clean:
        assert learner.load(HEADER + LOOP, "f.py", "f")["ok"] is True
        (program,) = learner.export([calls[0]])
        ask = {"module": program["module"], "groups": [], "calls": calls}
        by_call, whole = clean.verify([ask, {**ask, "whole": True}])
    # only the whole program has XLA's memory count: the other was not compiled whole
    assert by_call["temp_bytes"] is None and whole["temp_bytes"] is not None
    for args, mine, theirs in zip(calls, by_call["values"], whole["values"]):
        for got, same, expected in zip(mine, theirs, loop_in_numpy(*args)):
            assert got.shape == expected.shape and np.array_equal(got, same)
            assert np.allclose(got, expected, rtol=1e-5, atol=1e-6)


def test_a_loop_with_arithmetic_between_the_calls_is_compiled_whole(forked_child):
    """Anything but moving data in main (here a sum of the losses) and the program is
    compiled as it is."""
    args = (np.ones(3, np.float32), np.ones((4, 4, 3), np.float32), np.ones((4, 4), np.float32))
    found = judged(forked_child, LOOP.replace("jnp.stack(losses)", "sum(losses)"), args, ())
    assert found["ok"] is True and found["temp_bytes"] is not None
    w, losses, _ = loop_in_numpy(*args)
    assert np.allclose(found["values"][0][0], w) and np.isclose(found["values"][0][1], sum(losses))

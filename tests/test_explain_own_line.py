"""JAX's errors told in the learner's own construct (explain.py's `about`): each error is
raised by a small learner file with the pinned JAX, shaped as the learner's child shapes
it (learner_file.error: the learner's frames only), and its explanation must name what
the learner wrote on that line and what JAX reported; where the line and the message do
not tell one story, the catalogue's fixed words stand alone. Then a few of them checked
the real way, against a lesson."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from conftest import forked
from jaxtutor.check import check_source
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.explain import KNOWN, Known, explain, known, words

LOSS = """
    import jax
    import jax.numpy as jnp


    def loss(scale, w, x, y):
        return scale * jnp.sum((x @ w - y) ** 2)
"""
ARGS = "2.0, jnp.ones(3), jnp.ones((4, 3)), jnp.ones(4)"
LAX = """
    import jax
    import jax.numpy as jnp
    from jax import lax
"""

# name -> (the learner's file, the call that raises)
FILES = {
    # -- scan, fori_loop and while_loop carries
    "scan_none_carry": (
        LAX
        + """
    def fit(w, xs):
        def step(w, x):
            new_w = w - 0.1 * x
            return None, new_w

        return lax.scan(step, w, xs)
    """,
        "fit(1.0, jnp.ones(3))",
    ),
    "scan_carry_shape": (
        LAX
        + """
    def total(xs):
        def step(carry, x):
            return carry + x, carry

        return lax.scan(step, 0.0, xs)
    """,
        "total(jnp.ones((3, 2)))",
    ),
    "scan_carry_dtype_part": (
        LAX
        + """
    def count(xs):
        def step(state, x):
            total, n = state
            return (total + x, n + 0.5), x

        return lax.scan(step, (0.0, jnp.int32(0)), xs)
    """,
        "count(jnp.ones(3))",
    ),
    "scan_carry_length": (
        LAX
        + """
    def fit(xs):
        def step(params, x):
            w, b = params
            return (w, b, x), x

        return lax.scan(step, (0.0, 0.0), xs)
    """,
        "fit(jnp.ones(3))",
    ),
    "fori_carry_shape": (
        LAX
        + """
    def run(w0):
        return lax.fori_loop(0, 4, lambda i, w: w * jnp.ones(2), w0)
    """,
        "run(1.0)",
    ),
    "scan_call_over_lines": (
        LAX
        + """
    def total(xs):
        def step(carry, x):
            return carry + x, carry

        return lax.scan(
            step, 0.0, xs
        )
    """,
        "total(jnp.ones((3, 2)))",
    ),
    # -- unpacking a gradient against argnums
    "unpack_int_argnums": (
        LOSS
        + """
    def grad_w_and_x(scale, w, x, y):
        dw, dx = jax.grad(loss, argnums=1)(scale, w, x, y)
        return dw, dx
    """,
        f"grad_w_and_x({ARGS})",
    ),
    "unpack_default_argnums": (
        """
    import jax


    def both(a, b):
        da, db = jax.grad(lambda a, b: a * b)(a, b)
        return da, db
    """,
        "both(2.0, 3.0)",
    ),
    "unpack_tuple_argnums": (
        LOSS
        + """
    def grads(scale, w, x, y):
        dscale, dw, dx = jax.grad(loss, argnums=(1, 2))(scale, w, x, y)
        return dw, dx
    """,
        f"grads({ARGS})",
    ),
    "unpack_value_and_grad": (
        LOSS
        + """
    def grads(scale, w, x, y):
        value, (dw, dx) = jax.value_and_grad(loss, argnums=1)(scale, w, x, y)
        return dw, dx
    """,
        f"grads({ARGS})",
    ),
    "unpack_grad_made_earlier": (
        LOSS
        + """
    def grads(scale, w, x, y):
        grad_fn = jax.grad(loss, argnums=1)
        dw, dx = grad_fn(scale, w, x, y)
        return dw, dx
    """,
        f"grads({ARGS})",
    ),
    "unpack_argnums_by_name": (
        LOSS
        + """
    WHICH = 1


    def grads(scale, w, x, y):
        dw, dx = jax.grad(loss, argnums=WHICH)(scale, w, x, y)
        return dw, dx
    """,
        f"grads({ARGS})",
    ),
    # -- cond, switch, while_loop and scan: what lax calls the functions with
    "cond_lambdas_without_parameter": (
        LAX
        + """
    def pick(p, a, b, x):
        return lax.cond(p, lambda: a, lambda: b, x)
    """,
        "pick(True, jnp.ones(2), jnp.zeros(2), jnp.ones(2))",
    ),
    "cond_branches_without_parameter": (
        LAX
        + """
    def pick(p, a, b, x):
        def grow():
            return a

        def shrink():
            return b

        return lax.cond(p, grow, shrink, x)
    """,
        "pick(True, jnp.ones(2), jnp.zeros(2), jnp.ones(2))",
    ),
    "cond_operands_forgotten": (
        LAX
        + """
    def pick(p, x):
        def grow(v):
            return v * 2

        def shrink(v):
            return v / 2

        return lax.cond(p, grow, shrink)
    """,
        "pick(True, jnp.ones(2))",
    ),
    "switch_branches_without_parameter": (
        LAX
        + """
    def pick(i, x):
        return lax.switch(i, [lambda: x, lambda: -x], x)
    """,
        "pick(1, jnp.ones(2))",
    ),
    "while_body_without_parameter": (
        LAX
        + """
    def run(w):
        return lax.while_loop(lambda w: w < 3, lambda: w + 1, w)
    """,
        "run(1.0)",
    ),
    "scan_step_one_parameter": (
        LAX
        + """
    def run(xs):
        def step(carry):
            return carry, carry

        return lax.scan(step, 0.0, xs)
    """,
        "run(jnp.ones(3))",
    ),
    "missing_argument_not_lax": (
        """
    def area(width, height):
        return width * height


    def twice(width):
        return 2 * area(width)
    """,
        "twice(3.0)",
    ),
    "cond_branch_types": (
        LAX
        + """
    def pick(p, x):
        def grow(v):
            return v * 2

        def total(v):
            return v.sum()

        return lax.cond(p, grow, total, x)
    """,
        "pick(True, jnp.ones(2))",
    ),
    "cond_branch_parts": (
        LAX
        + """
    def pick(p, x):
        return lax.cond(p, lambda v: (v, v), lambda v: (v.sum(), v), x)
    """,
        "pick(True, jnp.ones(2))",
    ),
    "unpack_value_and_aux": (
        LOSS
        + """
    def grads(scale, w, x, y):
        (value, aux), (dw, dx) = jax.value_and_grad(loss, argnums=(1, 2))(scale, w, x, y)
        return dw, dx
    """,
        f"grads({ARGS})",
    ),
    # -- a traced value as a Python bool or a shape
    "waited_in_jit": (
        """
    import jax


    @jax.jit
    def step(w, lr):
        new_w = w - lr
        new_w.block_until_ready()
        return new_w
    """,
        "step(2.0, 0.1)",
    ),
    "registered_too_soon": (
        """
    import dataclasses

    import jax


    @dataclasses.dataclass
    @jax.tree_util.register_dataclass
    class Params:
        w: jax.Array
    """,
        "None",
    ),
    "list_operand": (
        """
    import jax.numpy as jnp

    OFFSETS = [0.5, -1.0, 2.0]


    def shift(x):
        return x * 2.0 + OFFSETS
    """,
        "shift(jnp.ones(3))",
    ),
    "jvp_bare": (
        """
    import jax
    import jax.numpy as jnp


    def directional(f, x, v):
        _, jv = jax.jvp(f, x, v)
        return jv
    """,
        "directional(jnp.sin, jnp.ones(3), jnp.ones(3))",
    ),
    "leaked_from_scan": (
        LAX
        + """
    def running(xs):
        kept = []

        def step(c, x):
            kept.append(c + x)
            return c + x, None

        total, _ = lax.scan(step, 0.0, xs)
        return total, jnp.stack(kept)
    """,
        "running(jnp.ones(3))",
    ),
    "shape_past_its_end": (
        LAX
        + """
    def predict(w, x):
        n_features = x.shape[1]
        return x @ w / n_features
    """,
        "predict(jnp.ones(3), jnp.ones(3))",
    ),
    "tree_map_pair": (
        """
    import jax
    import jax.numpy as jnp


    def loss(params):
        return jnp.sum(params["w"] ** 2)


    def step(params, lr):
        grads = jax.value_and_grad(loss)(params)
        return jax.tree.map(lambda p, g: p - lr * g, params, grads)
    """,
        'step({"w": jnp.ones(3)}, 0.1)',
    ),
    "tracer_if": (
        """
    import jax


    def clip(w, lr):
        if w > 1.0:
            return w - lr
        return w
    """,
        "jax.jit(clip)(2.0, 0.1)",
    ),
    "tracer_elif": (
        """
    import jax


    def clip(w, lr):
        if lr is None:
            return w
        elif w > 1.0:
            return w - lr
        return w
    """,
        "jax.jit(clip)(2.0, 0.1)",
    ),
    "tracer_while_in_scan": (
        LAX
        + """
    def run(xs):
        def step(c, x):
            while c < x:
                c = c * 2
            return c, c

        return lax.scan(step, 1.0, xs)
    """,
        "run(jnp.ones(3))",
    ),
    "tracer_shape": (
        """
    import jax
    import jax.numpy as jnp


    def make(x, n):
        return jnp.zeros((n, 2)) + x
    """,
        "jax.jit(make)(1.0, 3)",
    ),
    "tracer_arange": (
        """
    import jax
    import jax.numpy as jnp


    def count_up(n):
        return jnp.arange(n)
    """,
        "jax.jit(count_up)(3)",
    ),
    # -- dtypes
    "lax_mixed_dtypes": (
        LAX
        + """
    def add(counts, weights):
        return lax.add(counts, weights)
    """,
        "add(jnp.arange(3), jnp.ones(3))",
    ),
    "strict_promotion": (
        """
    import jax
    import jax.numpy as jnp


    def shifted(counts):
        with jax.numpy_dtype_promotion("strict"):
            return counts + 0.5
    """,
        "shifted(jnp.arange(3))",
    ),
    # -- vmap's in_axes
    "vmap_grad_targets_shared": (
        LAX
        + """
    def loss(w, x, y):
        return (x @ w - y) ** 2


    def per_example(w, xs, ys):
        return jax.vmap(jax.grad(loss), in_axes=(None, 0, None))(w, xs, ys)
    """,
        "per_example(jnp.ones(2), jnp.ones((3, 2)), jnp.ones(3))",
    ),
    "vmap_grad_summed_per_example": (
        LAX
        + """
    def loss(w, x, y):
        return (x * w - y) ** 2


    def per_example(w, xs, ys):
        return jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, xs, ys)
    """,
        "per_example(jnp.ones(2), jnp.ones((3, 2)), jnp.ones(3))",
    ),
    "vmap_one_axis_for_all": (
        LAX
        + """
    def score(w, x):
        return x @ w


    def scores(w, X):
        return jax.vmap(score, in_axes=1)(w, X)
    """,
        "scores(jnp.ones(3), jnp.ones((3, 2)))",
    ),
    "x64_off": (
        """
    import warnings

    import jax.numpy as jnp


    def wide(counts):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return counts.astype(jnp.float64)
    """,
        "wide(jnp.arange(3))",
    ),
    # -- lax.scan given its sequences apart, a traced slice bound
    "scan_xs_apart": (
        LAX
        + """
    def fit(w, x_batches, y_batches):
        def step(w, batch):
            x, y = batch
            return w - 0.1 * jnp.mean(x * w - y), None

        w_final, _ = lax.scan(step, w, x_batches, y_batches)
        return w_final
    """,
        "fit(1.0, jnp.ones((3, 4)), jnp.ones((3, 4)))",
    ),
    "transform_option_in_call": (
        LOSS
        + """

    def grad_w_and_x(scale, w, x, y):
        return jax.grad(loss)(scale, w, x, y, argnums=(1, 2))
    """,
        f"grad_w_and_x({ARGS})",
    ),
    "grad_of_the_loss_value": (
        """
    import jax
    import jax.numpy as jnp


    @jax.jit
    def train_step(w, x, y):
        def loss_fn(w):
            return jnp.sum((w * x - y) ** 2)

        g = jax.grad(loss_fn(w))(w)
        return w - 0.05 * g
    """,
        "train_step(0.0, jnp.ones(3), jnp.ones(3))",
    ),
    "key_second": (
        """
    import jax
    import jax.numpy as jnp


    def two_orders(x, seed):
        k0, k1 = jax.random.split(jax.random.key(seed))
        first = jax.random.permutation(x, k0)
        return first
    """,
        "two_orders(jnp.arange(5), 0)",
    ),
    "shape_first": (
        """
    import jax
    from jax import random


    def noise(key):
        return random.normal((3,), key)
    """,
        "noise(jax.random.key(0))",
    ),
    "traced_slice_bounds": (
        LAX
        + """
    @jax.jit
    def keep(buffer, rows, start, first):
        buffer = buffer.at[start:start + first].set(rows[:first])
        return buffer
    """,
        "keep(jnp.zeros(6), jnp.ones(4), 1, 2)",
    ),
}

RAISE = textwrap.dedent("""
    import json
    import sys
    from pathlib import Path

    from jaxtutor.runner.inside.learner_file import LEARNER, error

    files, folder = json.loads(sys.argv[1]), Path(sys.argv[2])
    found = {}
    for name, (source, call) in files.items():
        path = folder / f"{name}.py"
        path.write_text(source)
        LEARNER["filename"] = str(path)
        namespace = {"__name__": "__learner__", "__file__": str(path)}
        try:
            exec(compile(source, str(path), "exec"), namespace)
            exec(call, namespace)
        except BaseException as exc:
            found[name] = error("exception", exc)
        else:
            found[name] = None
    print(json.dumps(found))
""")


@pytest.fixture(scope="module")
def raised(tmp_path_factory) -> dict:
    """Each file's exception as the learner's child reports it, raised in a process of
    its own (the tests' process never imports JAX)."""
    files = {name: (textwrap.dedent(source), call) for name, (source, call) in FILES.items()}
    folder = tmp_path_factory.mktemp("own_line")
    done = subprocess.run(
        [sys.executable, "-c", RAISE, json.dumps(files), str(folder)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def said(info: dict, ident: str) -> str:
    """The explanation's first paragraph, once its entry is checked to be `ident`."""
    assert info is not None, "did not raise"
    entry = known(info)
    assert entry is not None and entry.id == ident, (entry, info["message"])
    text, _ = explain(info)
    first, raw = text.split("\n\n", 1)
    assert raw.startswith(f"{info['type']}: ")  # JAX's own text stays below
    return first


def fixed(info: dict) -> bool:
    """Whether the explanation is the entry's fixed words alone."""
    entry = known(info)
    return entry is not None and words(entry, info) == entry.words


def test_every_file_raises(raised):
    assert [name for name, info in raised.items() if info is None] == []


# -- scan, fori_loop and while_loop carries ------------------------------------------------


def test_a_none_carry_is_named_as_the_first_element(raised):
    text = said(raised["scan_none_carry"], "scan_carry_structure")
    assert "Your scan step `step` receives the carry as an array" in text
    assert "(the first element of its pair) is None" in text
    assert "None belongs in the second place" in text
    assert "starts it from `w`" in text


def test_a_carry_of_another_shape_gives_both_shapes(raised):
    text = said(raised["scan_carry_shape"], "scan_carry_types")
    assert "`step` receives `carry` as float32[]" in text
    assert "is float32[2]: the shapes do not match" in text
    assert "starts it from `0.0`" in text


def test_a_carry_part_of_another_dtype_is_named_by_its_path(raised):
    text = said(raised["scan_carry_dtype_part"], "scan_carry_types")
    assert "receives `state[1]` as int32[]" in text
    assert "that part is float32[]: the dtypes do not match" in text


def test_a_carry_tuple_of_another_length(raised):
    text = said(raised["scan_carry_length"], "scan_carry_structure")
    assert "receives `params` as a tuple of 2 elements" in text
    assert "is a tuple of 3 elements: the lengths do not match" in text


def test_a_fori_loop_carry_is_named_by_the_lambda(raised):
    # fori_loop runs as a scan over JAX's own (i, carry): its name is not the learner's
    text = said(raised["fori_carry_shape"], "scan_carry_types")
    assert "Your fori_loop body (a lambda on your line) receives `w` as float32[]" in text
    assert "loop_carry" not in text and "first element of its pair" not in text


def test_a_scan_call_over_several_lines_says_only_what_jax_said(raised):
    text = said(raised["scan_call_over_lines"], "scan_carry_types")
    assert text.startswith("Your scan step receives `carry` as float32[]")
    assert "starts it from" not in text


# -- unpacking a gradient against argnums ---------------------------------------------------


def test_an_int_argnums_unpacked_into_two_names(raised):
    text = said(raised["unpack_int_argnums"], "unpack_count")
    assert "argnums=1 is one position, an int" in text
    assert "jax.grad returns one array, the gradient with respect to `w`" in text
    assert "Unpacking it into `dw, dx`" in text and "there are more than 2" in text


def test_no_argnums_is_argument_zero_and_a_single_number(raised):
    text = said(raised["unpack_default_argnums"], "unpack_count")
    assert "jax.grad has no argnums, which means argument 0 alone" in text
    assert "with respect to `a`" in text and "`da, db`" in text
    assert "0-d array" in text


def test_a_tuple_argnums_names_its_count_and_the_names(raised):
    text = said(raised["unpack_tuple_argnums"], "unpack_count")
    assert "argnums=(1, 2) names 2 positions (`w`, `x`)" in text
    assert "a tuple of 2 gradients" in text
    assert "you unpack it into 3 names, `dscale, dw, dx`" in text


def test_value_and_grad_unpacks_its_second_element(raised):
    text = said(raised["unpack_value_and_grad"], "unpack_count")
    assert "jax.value_and_grad returns the pair (value, gradient)" in text
    assert "its gradient is one array, the gradient with respect to `w`" in text
    assert "`dw, dx`" in text


@pytest.mark.parametrize(
    "name", ["unpack_grad_made_earlier", "unpack_argnums_by_name", "unpack_value_and_aux"]
)
def test_an_unpack_the_line_does_not_explain_keeps_the_fixed_words(raised, name):
    # the grad call on another line; argnums a name whose value the line does not show;
    # two unpacks on the line (here the value's fails, not the gradients')
    said(raised[name], "unpack_count")
    assert fixed(raised[name])


# -- what lax calls the functions it is given with -----------------------------------------


def test_cond_lambdas_without_a_parameter(raised):
    text = said(raised["cond_lambdas_without_parameter"], "too_many_arguments")
    assert "your line passes 1 operand, `x`" in text
    assert "the true branch and the false branch take no parameters" in text


def test_cond_branches_without_a_parameter_are_named(raised):
    text = said(raised["cond_branches_without_parameter"], "too_many_arguments")
    assert "your line passes 1 operand, `x`, but the true branch `grow` takes no parameters" in text


def test_cond_operands_forgotten(raised):
    text = said(raised["cond_operands_forgotten"], "missing_argument")
    assert "your line passes no operands" in text
    assert "the true branch `grow` has its parameter `v` left without a value" in text


def test_switch_branches_without_a_parameter(raised):
    text = said(raised["switch_branches_without_parameter"], "too_many_arguments")
    assert "lax.switch" in text and "branch 0 and branch 1 take no parameters" in text


def test_while_loop_and_scan_say_what_they_pass(raised):
    text = said(raised["while_body_without_parameter"], "too_many_arguments")
    assert "lax.while_loop calls body_fun with one argument, the carry, but it takes no" in text
    text = said(raised["scan_step_one_parameter"], "too_many_arguments")
    assert "lax.scan calls its step `step` with two arguments" in text
    assert "it takes 1 parameter." in text


def test_a_missing_argument_outside_lax_keeps_the_fixed_words(raised):
    said(raised["missing_argument_not_lax"], "missing_argument")
    assert fixed(raised["missing_argument_not_lax"])


def test_cond_branches_of_other_shapes(raised):
    text = said(raised["cond_branch_types"], "branch_outputs")
    assert "the true branch `grow` returns float32[2]" in text
    assert "the false branch `total` returns float32[]" in text
    text = said(raised["cond_branch_parts"], "branch_outputs")
    assert "the true branch returns float32[2] at `[0]` of its result" in text
    assert "the false branch returns float32[] (the shapes do not match)" in text


# -- a traced value as a Python bool or a shape ----------------------------------------------


def test_an_if_on_a_traced_value(raised):
    text = said(raised["tracer_if"], "tracer_bool")
    assert "Your `if` needs True or False of `w > 1.0`" in text
    assert "it depends on the argument `w` of `clip`, which jit is tracing" in text


def test_waiting_on_a_traced_value(raised):
    text = said(raised["waited_in_jit"], "waited_on_tracer")
    assert "Here `new_w` is a traced array (float32[])" in text
    assert "the arguments `w` and `lr` of `step`, which jit is tracing" in text


def test_a_class_registered_before_it_is_a_dataclass(raised):
    text = said(raised["registered_too_soon"], "registered_before_dataclass")
    assert text.startswith("Here `Params` was not a dataclass when it was registered.")


def test_a_python_list_in_arithmetic(raised):
    text = said(raised["list_operand"], "list_in_arithmetic")
    assert text.startswith(
        "Here `OFFSETS` is a Python list, the right operand of + in `return x * 2.0 + OFFSETS`."
    )


def test_jvp_given_bare_arrays(raised):
    text = said(raised["jvp_bare"], "jvp_bare_arguments")
    assert text.startswith("Here `jax.jvp(f, x, v)` passes `x` and `v` bare")
    assert "one entry per argument of `f`" in text


def test_a_value_kept_out_of_a_scan_step(raised):
    text = said(raised["leaked_from_scan"], "leaked_tracer")
    assert text.startswith(
        "Here a value made in `step` while scan traced it is used after that trace, in "
        "`return total, jnp.stack(kept)`."
    )


def test_a_shape_indexed_past_its_end(raised):
    text = said(raised["shape_past_its_end"], "shape_index")
    assert text.startswith("Here `x.shape[1]` asks for an axis its array lacks.")


def test_trees_of_tree_map_built_differently(raised):
    text = said(raised["tree_map_pair"], "tree_map_structure")
    assert text.startswith(
        "Here `params` is a dict and `grads` a tuple, where jax.tree.map needs trees built alike."
    )


def test_an_elif_on_a_traced_value(raised):
    text = said(raised["tracer_elif"], "tracer_bool")
    assert "Your `elif` needs True or False of `w > 1.0`" in text


def test_a_while_in_a_scan_step(raised):
    text = said(raised["tracer_while_in_scan"], "tracer_bool")
    assert "Your `while` needs True or False of `c < x`" in text
    assert "the arguments `c` and `x` of `step`, which scan is tracing" in text


def test_a_second_sequence_passed_apart_to_scan_is_told_in_the_learners_names(raised):
    """lax.scan's fourth positional argument is length: the learner's y_batches there
    raises a TypeError about scalars, told as the line's own arguments."""
    text = said(raised["scan_xs_apart"], "scan_xs_apart")
    assert "`x_batches` and `y_batches`" in text and "`y_batches` was read as a number" in text
    plain = dict(raised["scan_xs_apart"], frames=[])
    assert known(plain) is None  # without the line, nothing says the scan is the cause


def test_a_traced_slice_bound_is_named_on_the_learners_line(raised):
    """Of two slices on the line, the one JAX's message describes (no start, a traced
    stop: `rows[:first]`, evaluated before the write) is the one named, not the other."""
    text = said(raised["traced_slice_bounds"], "traced_slice_bounds")
    assert "Your slice `rows[:first]` has a bound, `first`, that jit traces" in text
    assert "start + first" not in text.split("\n")[0]


def test_an_option_of_grad_given_to_the_call_of_what_it_made(raised):
    text = said(raised["transform_option_in_call"], "transform_option_in_call")
    assert text.startswith(
        "Your line passes `argnums=(1, 2)` to the function `jax.grad` made, which hands it "
        "on to `loss`; it is `jax.grad`'s own option, given where the function is made: "
        "`jax.grad(loss, argnums=(1, 2))`."
    )


def test_grad_handed_the_value_of_a_call(raised):
    text = said(raised["grad_of_the_loss_value"], "grad_of_a_value")
    assert text.startswith(
        "Your `jax.grad(loss_fn(w))` hands `jax.grad` the value `loss_fn(w)` computes, "
        "where it needs the function: `jax.grad(loss_fn)(w)`."
    )


def test_a_key_given_after_what_it_draws_for(raised):
    text = said(raised["key_second"], "not_a_key")
    assert text.startswith(
        "Your `jax.random.permutation` is given `x` (an array of shape (5,)) as its first "
        "argument, the place of the key it draws with."
    )
    text = said(raised["shape_first"], "not_a_key")
    assert text.startswith("Your `random.normal` is given `(3,)` (a tuple) as its first")


def test_a_traced_size_in_a_shape(raised):
    text = said(raised["tracer_shape"], "concrete_shape")
    assert "In the shape on your line, `n` (int32[]) is a traced array" in text
    assert "the argument `n` of `make`" in text


def test_a_traced_size_given_to_arange(raised):
    text = said(raised["tracer_arange"], "concretization")
    assert "Here `n` (jnp.arange's argument stop) is a traced array (int32[])" in text


# -- dtypes ----------------------------------------------------------------------------------


def test_lax_arguments_of_two_dtypes(raised):
    text = said(raised["lax_mixed_dtypes"], "lax_same_dtypes")
    assert "lax.add gets `counts` (int32) and `weights` (float32)" in text


def test_strict_promotion_names_the_operation(raised):
    text = said(raised["strict_promotion"], "strict_promotion")
    assert "`counts + 0.5` mixes a Python float and int32" in text


def test_float64_without_x64(raised):
    text = said(raised["x64_off"], "x64_disabled")
    assert "asks `astype` for float64 (`jnp.float64`), but jax_enable_x64 is off" in text
    assert "gives float32 instead" in text and "raised as an error" in text


# -- the fixed words stand when the sentence cannot be said ----------------------------------


def test_an_about_that_fails_leaves_the_fixed_words():
    def broken(info: dict) -> str | None:
        raise RuntimeError("a form not foreseen")

    entry = Known("x", "x", "The fixed words.", about=broken)
    assert words(entry, {"message": "x"}) == "The fixed words."


def test_an_unparsable_line_leaves_the_fixed_words():
    info = {
        "type": "ValueError",
        "message": "too many values to unpack (expected 2)",
        "frames": [{"line": 3, "function": "f", "text": "dw, dx = jax.grad(loss,"}],
    }
    assert fixed(info)


def test_every_entry_that_reads_the_line_is_raised_here(raised):
    reading = {k.id for k in KNOWN if k.about is not None}
    explained = {known(info).id for info in raised.values() if info and known(info)}
    # the two tracer-to-number entries are read the same way as concretization
    assert reading - explained <= {"tracer_to_python_number", "tracer_integer"}


# -- checked the real way, against a lesson --------------------------------------------------


def check(exercise_id: str, source: str):
    lesson = find_exercise(exercise_id, builtin_lessons())
    assert lesson is not None
    exercise = lesson.exercise
    return check_source(exercise, textwrap.dedent(source), seed=0, **forked(exercise))


def test_argnums_lesson_unpacking_one_gradient_into_two():
    verdict = check(
        "argnums",
        """
        import jax
        import jax.numpy as jnp


        def loss(scale, w, x, y):
            return scale * jnp.sum((x @ w - y) ** 2)


        def grad_w_and_x(scale, w, x, y):
            gw, gx = jax.grad(loss, argnums=2)(scale, w, x, y)
            return gw, gx
        """,
    )
    assert verdict.outcome.name == "EXCEPTION" and verdict.line == 11
    assert verdict.diagnosis is not None and verdict.diagnosis.id == "unpack_count"
    assert "argnums=2 is one position, an int" in verdict.message
    assert "the gradient with respect to `x`" in verdict.message
    assert "Unpacking it into `gw, gx`" in verdict.message
    assert "values to unpack" in verdict.message  # JAX's own words below


def test_scan_lesson_returning_none_as_the_carry():
    verdict = check(
        "scan_basics",
        """
        import jax.numpy as jnp
        from jax import lax


        def running_total(xs):
            def add(total, x):
                new_total = total + x
                return None, new_total

            return lax.scan(add, 0.0, xs)
        """,
    )
    assert verdict.outcome.name == "EXCEPTION"
    assert verdict.diagnosis is not None and verdict.diagnosis.id == "scan_carry_structure"
    assert "Your scan step `add` receives the carry as an array" in verdict.message
    assert "(the first element of its pair) is None" in verdict.message
    assert "PyTreeDef(None)" in verdict.message


def test_control_flow_lesson_cond_branches_without_parameters():
    verdict = check(
        "control_flow",
        """
        import jax
        import jax.numpy as jnp
        from jax import lax


        def final_and_grad(w0, rate):
            def run(rate):
                def body(i, w):
                    return lax.cond(w > 1.0, lambda: w * (1.0 - rate), lambda: w + rate, w)

                return lax.fori_loop(0, 4, body, w0)

            return run(rate), jax.grad(run)(rate)
        """,
    )
    assert verdict.outcome.name == "EXCEPTION"
    assert verdict.diagnosis is not None and verdict.diagnosis.id == "too_many_arguments"
    assert "your line passes 1 operand, `w`" in verdict.message
    assert "the true branch and the false branch take no parameters" in verdict.message


def test_dtypes_lesson_lax_add_of_an_int_array_and_a_float():
    verdict = check(
        "dtypes",
        """
        import jax
        import jax.numpy as jnp
        from jax import lax


        def mean_count(counts):
            total = lax.add(counts, jnp.zeros(counts.shape))
            return jnp.mean(total)
        """,
    )
    assert verdict.outcome.name == "EXCEPTION"
    assert verdict.diagnosis is not None and verdict.diagnosis.id == "lax_same_dtypes"
    assert "lax.add gets `counts` (int32) and `jnp.zeros(counts.shape)` (float32)" in (
        verdict.message
    )


# -- vmap's in_axes ------------------------------------------------------------------------


def test_a_per_example_argument_given_none_under_vmap_of_grad(raised):
    text = said(raised["vmap_grad_targets_shared"], "examples_shared_under_vmap")
    assert "Your in_axes gives None to `ys`, which the gradient is not taken of" in text
    assert "came out with shape (3,), not ()" in text
    assert "jnp.sum" not in text  # summing is not the cure here
    # a loss that is not one number for another reason keeps the broad entry's words
    info = raised["vmap_grad_summed_per_example"]
    assert known(info).id == "non_scalar_grad" and fixed(info)


def test_one_number_in_axes_maps_every_argument(raised):
    text = said(raised["vmap_one_axis_for_all"], "vmap_axis_missing")
    assert "Your in_axes=1 is one number, so vmap maps every argument along axis 1" in text
    assert "`w` and `X` alike, and an argument of shape (3,) has no axis 1" in text


def test_dtypes_lesson_a_sum_asked_in_int64_without_x64():
    """JAX only warns that int64 is not available; a wrong answer that owes its wrap to
    that warning is told so below the diagnosis."""
    verdict = check(
        "dtypes",
        """
        import jax.numpy as jnp


        def mean_count(counts):
            total = jnp.sum(counts, dtype=jnp.int64)
            return (total / counts.shape[0]).astype(jnp.float32)
        """,
    )
    assert verdict.diagnosis is not None and verdict.diagnosis.id == "int32_sum_wraps"
    assert "the int64 it asks for (in sum) is not available, so it used int32" in verdict.message
    assert "jax_enable_x64" in verdict.message


def test_no_x64_note_on_a_pass_that_asked_for_float64():
    verdict = check(
        "dtypes",
        """
        import jax.numpy as jnp


        def mean_count(counts):
            return jnp.mean(counts.astype(jnp.float64)).astype(jnp.float32)
        """,
    )
    assert verdict.passed and "jax_enable_x64" not in verdict.message

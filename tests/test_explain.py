"""The error catalogue against the pinned JAX: each entry's error is raised for real,
and the entry that answers it (the first match) must be that entry."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

from jaxtutor.explain import KNOWN, explain, known

# Raised in a process of its own, as in a learner's child: the tests' own process never
# imports JAX (the TUI's tests assert it stays out).
RAISE = textwrap.dedent("""
    import json
    import warnings

    import jax
    import jax.numpy as jnp
    import numpy as np
    from jax import lax


    def _in_place(a):
        a[0] = 1.0
        return a


    _static_step = jax.jit(lambda w, lr: w - lr, static_argnames="lr")


    def _registered_before_dataclass():
        import dataclasses

        @dataclasses.dataclass
        @jax.tree_util.register_dataclass
        class Params:
            w: jax.Array


    def _unpack_one_gradient():
        dw, dx = jax.grad(lambda w, x: jnp.sum(w * x), argnums=0)(jnp.ones(3), jnp.ones(3))


    def _leaked():
        kept = []

        def step(c, x):
            kept.append(c + x)
            return c + x, None

        lax.scan(step, 0.0, jnp.ones(3))
        return jnp.stack(kept) + 1.0


    def _tracer_in_nondiff_argnums():
        from functools import partial

        @partial(jax.custom_vjp, nondiff_argnums=(0,))
        def clip(limit, z):
            return z

        clip.defvjp(lambda limit, z: (z, None), lambda limit, res, g: (jnp.clip(g, -limit, limit),))
        return jax.jit(lambda limit, z: jax.grad(lambda z: clip(limit, z).sum())(z))(1.0, jnp.ones(3))


    def _strict():
        with jax.numpy_dtype_promotion("strict"):
            return jnp.arange(3) + jnp.ones(3)


    def _float64_warning_as_error():
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            return jnp.zeros(3, dtype=jnp.float64)


    RAISE = {
        "grad_of_none": lambda: jax.grad(lambda w: None)(1.0),
        "non_scalar_grad": lambda: jax.grad(lambda w: w * jnp.ones(3))(1.0),
        "aux_not_a_pair": lambda: jax.value_and_grad(lambda w: w, has_aux=True)(1.0),
        "integer_grad_input": lambda: jax.grad(lambda w: w ** 2)(2),
        "scan_carry_types": lambda: lax.scan(lambda c, x: (c + x, c), jnp.zeros((), int),
                                             jnp.ones(3)),
        "scan_carry_structure": lambda: lax.scan(lambda c, x: (None, c), 0.0, jnp.ones(3)),
        "branch_outputs": lambda: lax.cond(True, lambda v: v, lambda v: v.sum(), jnp.ones(2)),
        "scan_not_a_pair": lambda: lax.scan(lambda c, x: c + x, 0.0, jnp.ones(3)),
        "traced_slice_bounds": lambda: jax.jit(lambda b, s: b.at[s:s + 2].set(b[:s]))(
            jnp.ones(5), 1),
        "scan_xs_apart": lambda: lax.scan(lambda c, b: (c, None), 0.0, jnp.ones((2, 3)),
                                          jnp.ones((2, 3))),
        "in_place_assignment": lambda: _in_place(jnp.ones(3)),
        "tracer_bool": lambda: jax.jit(lambda x: 1 if x > 0 else 2)(1.0),
        "tracer_to_python_number": lambda: jax.jit(lambda x: x.item())(1.0),
        "numpy_on_tracer": lambda: jax.jit(lambda x: np.exp(x))(jnp.ones(3)),
        "waited_on_tracer": lambda: jax.jit(lambda x: x.block_until_ready())(1.0),
        "registered_before_dataclass": _registered_before_dataclass,
        "concrete_shape": lambda: jax.jit(lambda n: jnp.ones(n))(3),
        "static_traced": lambda: jax.jit(lambda w, lr: _static_step(w, lr))(1.0, 0.1),
        "concretization": lambda: jax.jit(lambda n: jnp.arange(n))(3),
        "tracer_integer": lambda: jax.jit(lambda i: [1, 2, 3][i])(1),
        "shapes_do_not_fit": lambda: jnp.ones(3) + jnp.ones(4),
        "vmap_sizes": lambda: jax.vmap(lambda w, x: w * x)(jnp.ones(2), jnp.ones(3)),
        "argnums_out_of_range": lambda: jax.grad(lambda a, b: a * b, argnums=2)(1.0, 2.0),
        "unpack_count": _unpack_one_gradient,
        "dict_arithmetic": lambda: {"w": jnp.ones(2)} - 0.1 * jnp.ones(2),
        "tuple_arithmetic": lambda: jnp.ones(2) + (jnp.ones(2), {"mu": 0.0}),
        "list_in_arithmetic": lambda: jnp.ones(3) * 2.0 + [0.5, -1.0, 2.0],
        "tracer_in_nondiff_argnums": _tracer_in_nondiff_argnums,
        "leaked_tracer": _leaked,
        "tree_map_structure": lambda: jax.tree.map(
            lambda p, g: p - g, {"w": jnp.ones(2)}, (1.0, {"w": jnp.ones(2)})
        ),
        "jvp_bare_arguments": lambda: jax.jvp(jnp.sin, jnp.ones(3), jnp.ones(3)),
        "shape_index": lambda: jnp.ones(3).shape[1],
        "tuple_index": lambda: jax.grad(lambda a, b, c: a * b * c, argnums=(1, 2))(
            1.0, 2.0, 3.0
        )[2],
        "missing_argument": lambda: jax.grad(lambda w, x: w * x)(1.0),
        "too_many_arguments": lambda: lax.cond(True, lambda: 1.0, lambda: 2.0, 3.0),
        "python_number_astype": lambda: (2).astype(jnp.float32),
        "lax_same_dtypes": lambda: lax.add(jnp.arange(3), jnp.ones(3)),
        "strict_promotion": _strict,
        "x64_disabled": _float64_warning_as_error,
        "grad_of_a_value": lambda: jax.grad(jax.grad(lambda x: x ** 3)(2.0)),
        "transform_option_in_call": lambda: jax.grad(lambda w, x: w * x)(1.0, 2.0, argnums=1),
        "stopped": lambda: (_ for _ in ()).throw(SystemExit(1)),
        "not_a_key": lambda: jax.random.permutation(jnp.arange(4), jax.random.key(0)),
        "static_array": lambda: jax.jit(lambda w, x: w * x, static_argnums=1)(
            1.0, jnp.ones(2)
        ),
        "vmap_axis_missing": lambda: jax.vmap(lambda w, x: x @ w, in_axes=1)(
            jnp.ones(3), jnp.ones((3, 2))
        ),
        "examples_shared_under_vmap": lambda: jax.vmap(
            jax.grad(lambda w, x, y: (x @ w - y) ** 2), in_axes=(None, 0, None)
        )(jnp.ones(2), jnp.ones((3, 2)), jnp.ones(3)),
    }
    # the learner's line, for the entries that read it to tell their cause from a broader one
    LINES = {
        "shape_index": "n_features = x.shape[1]",
        "scan_xs_apart": "w_final, _ = lax.scan(step, w, x_batches, y_batches)",
        "traced_slice_bounds": "buffer = buffer.at[start:start + first].set(rows[:first])",
        "examples_shared_under_vmap": (
            "return jax.vmap(jax.grad(loss), in_axes=(None, 0, None))(w, xs, ys)"
        ),
    }
    OTHERS = {  # more ways to the same errors
        "float_of_tracer": lambda: jax.jit(lambda x: float(x))(1.0),
        "dict_times_dict": lambda: {"w": 1.0} - 0.1 * {"w": 2.0},
        # a while_loop's and a fori_loop's carry are checked as a scan's
        "while_carry_types": lambda: lax.while_loop(lambda c: c < 3, lambda c: c * jnp.ones(2),
                                                    0.0),
        "fori_carry_structure": lambda: lax.fori_loop(0, 3, lambda i, c: None, 0.0),
        "switch_branch_outputs": lambda: lax.switch(1, [lambda v: v, lambda v: (v, v)],
                                                    jnp.ones(2)),
        "unpack_zero_d_gradient": lambda: [0 for _ in jax.grad(lambda w: w ** 2)(1.0)],
        "vmap_of_a_value": lambda: jax.vmap(jnp.sum(jnp.ones((2, 3)), axis=1))(jnp.ones(2)),
    }


    def info(make):
        try:
            make()
        except BaseException as error:  # SystemExit is one of the entries
            return {"type": type(error).__name__, "message": str(error)}
        raise AssertionError("did not raise")


    def entry(name, make):
        found = info(make)
        if name in LINES:
            found["frames"] = [{"line": 1, "function": "f", "text": LINES[name]}]
        return found


    print(json.dumps({"entries": {k: entry(k, m) for k, m in RAISE.items()},
                      "others": {k: info(m) for k, m in OTHERS.items()}}))
""")


@pytest.fixture(scope="module")
def raised() -> dict:
    done = subprocess.run(
        [sys.executable, "-c", RAISE], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_entry_has_a_real_error(raised):
    assert {k.id for k in KNOWN} == set(raised["entries"])


@pytest.mark.parametrize("ident", sorted(k.id for k in KNOWN))
def test_the_pinned_jax_message_is_answered_by_its_own_entry(raised, ident):
    entry = known(raised["entries"][ident])
    assert entry is not None and entry.id == ident


def test_float_of_a_tracer_is_not_told_to_make_it_static(raised):
    for info in (raised["others"]["float_of_tracer"], raised["entries"]["tracer_to_python_number"]):
        words, _ = explain(info)
        assert "static" not in words.split("\n\n")[0]
        assert "jax.debug.print" in words


def test_an_integer_input_is_not_told_to_call_astype(raised):
    words, _ = explain(raised["entries"]["integer_grad_input"])
    assert ".astype" not in words.split("\n\n")[0] and "jnp.asarray" in words


def test_dict_arithmetic_points_at_tree_map(raised):
    words, _ = explain(raised["others"]["dict_times_dict"])
    assert "jax.tree.map" in words


def test_every_entry_has_a_hint_of_its_own():
    # check.py shows it in place of the lesson's first hint when the error is recognised
    hints = [k.hint for k in KNOWN]
    assert all(hints) and len(set(hints)) == len(hints)


def test_a_function_without_return_is_not_told_to_sum(raised):
    words, _ = explain(raised["entries"]["grad_of_none"])
    assert "return" in words.split("\n\n")[0] and "jnp.sum" not in words.split("\n\n")[0]


@pytest.mark.parametrize(
    "other, ident",
    [
        ("while_carry_types", "scan_carry_types"),
        ("fori_carry_structure", "scan_carry_structure"),
        ("switch_branch_outputs", "branch_outputs"),
        ("unpack_zero_d_gradient", "unpack_count"),
        ("vmap_of_a_value", "grad_of_a_value"),  # its words name every transformation
    ],
)
def test_other_ways_to_the_same_errors_find_the_same_entries(raised, other, ident):
    entry = known(raised["others"][other])
    assert entry is not None and entry.id == ident


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("n_features = x.shape[1]", "Here `x.shape[1]` asks for an axis its array lacks."),
        (
            "w = jnp.zeros((x.shape[1], y.shape[-1]))",
            "Here `x.shape[1]` or `y.shape[-1]` asks for an axis its array lacks.",
        ),
        ("dz = grads[2] * x.shape[0]", None),  # the tuple past its end may be grads
        ("rest = x.shape[1:] + f(x)", None),  # a slice never raises
        (
            "n, rest = x.shape[0], x.shape[1:]",
            "Here `x.shape[0]` asks for an axis its array lacks.",
        ),
        ("n = len(x)", None),
    ],
)
def test_a_tuple_past_its_end_is_a_shape_only_where_the_line_indexes_shapes_alone(written, said):
    info = {
        "type": "IndexError",
        "message": "tuple index out of range",
        "frames": [{"line": 1, "function": "f", "text": written}],
    }
    assert known(info).id == ("shape_index" if said else "tuple_index")
    if said:
        assert explain(info)[0].startswith(said + " An array's .shape has one entry per axis")


def test_a_lesson_shares_an_id_with_the_catalogue_only_for_the_same_error():
    """A verdict's misconception id names one cause. custom_derivatives' mutant
    `traced_nondiff_argument` ("you jit clipped_grad") is not the catalogue's tracer in
    nondiff_argnums, which any grad's tracer raises too; has_aux's `aux_not_a_pair` is the
    catalogue's own error, named alike on purpose."""
    from jaxtutor import oracles
    from jaxtutor.course.lessons import builtin_lessons

    entries = {k.id for k in KNOWN}
    shared = set()
    for lesson in builtin_lessons():
        exercise = lesson.exercise
        oracle = oracles.get(exercise.oracle, exercise.config.get("settings"))
        ids = set(getattr(oracle, "misconceptions", None) or {})
        for kind in ("mutants", "mistakes"):
            ids |= {m["id"] for m in exercise.config.get(kind) or []}
        shared |= ids & entries
    assert shared == {"aux_not_a_pair"}

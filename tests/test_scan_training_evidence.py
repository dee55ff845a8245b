"""scan_training_step's findings name a construct (a scan's carry, argnums, vmap) only
where the learner's code has it: each beside code with the same symptom and another
construct."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.scan_training.diagnosis import _carry_changed, _carry_never_updated
from jaxtutor.oracles.scan_training.exercise import make_cases

SCAN = "final_w, _ = lax.scan(step, w, (x_batches, y_batches))"


def test_a_weight_returned_unchanged_speaks_of_the_carry_only_beside_a_scan():
    cases = make_cases(0)
    answers = [c.args[0] for c in cases]
    wrong = [i for i, c in enumerate(cases) if not np.isclose(c.expected, c.args[0])]
    with_scan = _carry_never_updated(cases, answers, wrong, SCAN)
    assert with_scan is not None and "lax.scan ends with" in with_scan.message
    without = _carry_never_updated(cases, answers, wrong, "return w")
    assert without is not None and "scan" not in without.message + without.hint
    # one case moved: the weight did change, and nothing is said
    moved = list(answers)
    moved[wrong[0]] = cases[wrong[0]].expected
    assert _carry_never_updated(cases, moved, wrong, SCAN) is None


def test_a_carry_of_a_batchs_shape_points_at_what_the_code_differentiates():
    case = make_cases(0)[0]  # x_batches of shape (2, 2): B = 2
    by_argnums = _carry_changed("float32[]", "float32[2]", "shapes", "grad(loss, argnums=1)", case)
    assert "one batch's x or y (B = 2)" in by_argnums.message
    assert "argnums" in by_argnums.hint and "sum" not in by_argnums.hint
    by_order = _carry_changed("float32[]", "float32[2]", "shapes", "jax.grad(loss)(x, w, y)", case)
    assert "first parameter" in by_order.hint and "argnums" not in by_order.hint
    by_vmap = _carry_changed("float32[]", "float32[2]", "shapes", "jax.vmap(jax.grad(f))", case)
    assert "per example" in by_vmap.hint
    # another shape than a batch's: no claim about x or y
    other = _carry_changed("float32[]", "float32[5]", "shapes", "jax.grad(loss)(x, w, y)", case)
    assert "batch's x" not in other.message
    dtype = _carry_changed("float32[]", "int32[]", "dtypes", "", case)
    assert "dtype" in dtype.message and "batch" not in dtype.message

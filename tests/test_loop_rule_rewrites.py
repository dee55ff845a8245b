"""The "scan over the rows" rule takes every rewrite that keeps the steps in order and the
rows paired (a reversed scan over flipped rows, X and Y shuffled by separate calls with
one key, xs as any pytree), and still refuses the wrong ones of the same shape, by the
rule or by the answers, without saying anything false of them. Each file starts from
the lesson's own solution and is checked whole, as a learner's is."""

from __future__ import annotations

import pytest

from conftest import run_check
from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.scan_training.exercise import STRUCTURE_TEST

SCAN_TEST = "structure: uses `scan`"  # the generic oracle's
UNPAIRED = "cannot show that each step of your lax.scan over"


def _solution(exercise: str) -> str:
    lesson = find_exercise(exercise, builtin_lessons())
    assert lesson is not None, exercise
    return lesson.exercise.solution


def _rewritten(exercise: str, *edits: tuple[str, str]) -> str:
    source = _solution(exercise)
    for old, new in edits:
        assert old in source, old
        source = source.replace(old, new)
    return source


def _check(tmp_path, exercise: str, source: str):
    path = tmp_path / "answer.py"
    path.write_text(source)
    return run_check(exercise, path)


def _judged(verdict, structure: str) -> tuple:
    """(the structure test, whether a test of the answers failed)."""
    tests = {t.name: t for t in verdict.tests}
    rule = tests.pop(structure)
    others = [t for name, t in tests.items() if not name.startswith("structure")]
    return rule, any(t.status != "pass" for t in others)


def _passes(verdict) -> None:
    assert verdict.status == "pass", [(t.name, t.message) for t in verdict.tests]


def _values_only(verdict, structure: str) -> None:
    """Refused by its answers alone: the rule holds, and says nothing."""
    rule, values_fail = _judged(verdict, structure)
    assert verdict.status != "pass"
    assert rule.status == "pass", rule.message
    assert values_fail


def _unpaired(verdict, structure: str, values_fail: bool = True) -> None:
    """Refused by the rule, which says only that it cannot show the rows paired."""
    rule, failed = _judged(verdict, structure)
    assert rule.status == "fail" and UNPAIRED in rule.message, rule.message
    assert "takes all of" not in rule.message and "no loop" not in rule.message
    assert failed == values_fail


# -- a reversed scan over the flipped rows (scan_training_step) -----------------------

SCAN_07 = "lax.scan(step, w, (x_batches, y_batches))"


@pytest.mark.parametrize(
    "xs, reverse, verdict",
    [
        ("(x_batches[::-1], y_batches[::-1])", True, "pass"),
        # the steps in the original order, flipped twice over
        ("(x_batches[::-1][::-1], y_batches[::-1][::-1])", False, "pass"),
        ("(x_batches, y_batches)", True, "values"),  # the steps last to first
        ("(x_batches[::-1], y_batches[::-1])", False, "values"),
        ("(x_batches[::-1], y_batches)", True, "unpaired"),
        ("(x_batches[:0:-1], y_batches[:0:-1])", True, "some_rows"),  # row 0 left out
    ],
    ids=["reverse_flipped", "flipped_twice", "reverse", "flipped", "one_flipped", "some_rows"],
)
def test_a_scan_runs_its_steps_in_order_over_flipped_rows(tmp_path, xs, reverse, verdict):
    reversed_ = ", reverse=True" if reverse else ""
    source = _rewritten("scan_training_step", (SCAN_07, f"lax.scan(step, w, {xs}{reversed_})"))
    found = _check(tmp_path, "scan_training_step", source)
    if verdict == "pass":
        _passes(found)
    elif verdict == "values":
        _values_only(found, STRUCTURE_TEST)  # and the steps ran last to first: said so
        assert found.diagnosis is not None and found.diagnosis.id == "reversed_order"
    elif verdict == "unpaired":
        _unpaired(found, STRUCTURE_TEST)
    else:
        rule, values_fail = _judged(found, STRUCTURE_TEST)
        assert rule.status == "fail" and values_fail
        assert "takes 1 of the 2 rows" in rule.message or "from row 1" in rule.message, rule


def test_a_python_loop_over_the_flipped_rows_is_still_no_scan(tmp_path):
    loop = """xf, yf = x_batches[::-1], y_batches[::-1]
    for i in range(xf.shape[0] - 1, -1, -1):
        w, _ = step(w, (xf[i], yf[i]))
    final_w = w"""
    source = _rewritten("scan_training_step", (f"final_w, _ = {SCAN_07}", loop))
    found = _check(tmp_path, "scan_training_step", source)
    rule, values_fail = _judged(found, STRUCTURE_TEST)
    assert rule.status == "fail" and not values_fail
    assert "no loop at all" in rule.message, rule.message


# -- xs as any pytree of the rows -----------------------------------------------------


@pytest.mark.parametrize(
    "xs, unpack, verdict",
    [
        ('{"x": x_batches, "y": y_batches}', 'x, y = batch["x"], batch["y"]', "pass"),
        ("((x_batches,), (y_batches,))", "(x,), (y,) = batch", "pass"),
        ('{"y": y_batches, "x": x_batches[::-1]}', 'x, y = batch["x"], batch["y"]', "unpaired"),
        ("((x_batches[1:],), (y_batches[1:],))", "(x,), (y,) = batch", "some_rows"),
    ],
    ids=["dict", "nested", "dict_one_flipped", "nested_some_rows"],
)
def test_xs_may_be_any_pytree_of_the_rows(tmp_path, xs, unpack, verdict):
    source = _rewritten(
        "scan_training_step",
        (SCAN_07, f"lax.scan(step, w, {xs})"),
        ("x, y = batch", unpack),
    )
    found = _check(tmp_path, "scan_training_step", source)
    if verdict == "pass":
        _passes(found)
    elif verdict == "unpaired":
        _unpaired(found, STRUCTURE_TEST)
    else:
        rule, values_fail = _judged(found, STRUCTURE_TEST)
        assert rule.status == "fail" and values_fail
        assert "from row 1" in rule.message, rule.message


def test_a_dict_of_the_batches_is_a_scan_over_them_for_optax(tmp_path):
    scan = "lax.scan(step, (w, opt.init(w)), (x_batches, y_batches))"
    right = _rewritten(
        "optax_basics",
        (scan, 'lax.scan(step, (w, opt.init(w)), {"b": (x_batches,), "a": y_batches})'),
        ("x, y = batch", '(x,), y = batch["b"], batch["a"]'),
    )
    _passes(_check(tmp_path, "optax_basics", right))


# -- the capstone: X and Y shuffled alike ---------------------------------------------

ORDER = "order = jax.random.permutation(jax.random.key(seed), X.shape[0])\n"
SHUFFLED = ("X[order]", "Y[order]")


def _capstone(order: str, x: str, y: str, *more: tuple[str, str]) -> str:
    return _rewritten(
        "capstone_training_run", (ORDER, order), (SHUFFLED[0], x), (SHUFFLED[1], y), *more
    )


KEY = "key = jax.random.key(seed)\n"
TWO_KEYS = "k1, k2 = jax.random.split(jax.random.key(seed))\n"


@pytest.mark.parametrize(
    "order, x, y, verdict",
    [
        (KEY, "jax.random.permutation(key, X)", "jax.random.permutation(key, Y)", "pass"),
        (TWO_KEYS, "jax.random.permutation(k1, X)", "jax.random.permutation(k2, Y)", "unpaired"),
        (ORDER, "jnp.take(X, order, axis=0)", "jnp.take(Y, order, axis=0)", "pass"),
        (ORDER, "jnp.take(X, order, axis=0)", "Y[order]", "pass"),
        (
            KEY,
            "X[jax.random.permutation(key, X.shape[0])]",
            "Y[jax.random.permutation(key, Y.shape[0])]",
            "pass",
        ),
        (
            TWO_KEYS,
            "jnp.take(X, jax.random.permutation(k1, 6), axis=0)",
            "jnp.take(Y, jax.random.permutation(k2, 6), axis=0)",
            "unpaired",
        ),
        (ORDER, "X[order]", "jax.random.permutation(jax.random.key(seed), Y)", "pass"),
        (ORDER, "X[order]", "jax.random.permutation(jax.random.key(seed + 1), Y)", "unpaired"),
    ],
    ids=[
        "permutation_each_one_key",
        "permutation_each_own_key",
        "take_shared_index",
        "take_and_index",
        "two_permutations_one_key",
        "take_two_keys",
        "index_and_permutation_one_key",
        "index_and_permutation_other_key",
    ],
)
def test_the_capstone_shuffles_x_and_y_alike(tmp_path, order, x, y, verdict):
    found = _check(tmp_path, "capstone_training_run", _capstone(order, x, y))
    if verdict == "pass":
        _passes(found)
    else:
        _unpaired(found, SCAN_TEST)


INNER = "return lax.scan(batch_step, w, (xs, ys))"


@pytest.mark.parametrize(
    "inner, verdict",
    [
        (
            "w, losses = lax.scan(batch_step, w, (xs[::-1], ys[::-1]), reverse=True)\n"
            "        return w, losses[::-1]",
            "pass",
        ),
        ("return lax.scan(batch_step, w, (xs, ys), reverse=True)", "values"),
        ("return lax.scan(batch_step, w, (xs[::-1], ys), reverse=True)", "unpaired"),
    ],
    ids=["reverse_flipped", "reverse", "one_flipped"],
)
def test_the_capstone_batches_may_be_scanned_flipped_and_reversed(tmp_path, inner, verdict):
    source = _rewritten("capstone_training_run", (INNER, inner))
    found = _check(tmp_path, "capstone_training_run", source)
    if verdict == "pass":
        _passes(found)
    elif verdict == "values":
        _values_only(found, SCAN_TEST)
    else:
        _unpaired(found, SCAN_TEST)

"""The compiles a generic exercise's function makes when called as it is: with
`max_recompiles = 0`, calls with new values at the same shapes must reuse the first
call's program, whichever jitted objects the function makes (its exported program
alone cannot show a jax.jit made anew inside each call)."""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.generic.cases import Prepared
from jaxtutor.oracles.interface import Report
from jaxtutor.oracles.learner import Learner
from jaxtutor.runner.wire import input_signature
from jaxtutor.verdict import TestResult

RECOMPILE_TEST = "calling it again with new values compiles nothing"
COMPILES_HINT = (
    "jit compiles a function once per shape of its inputs and reuses that program, as "
    "long as it is the same jitted function: a jax.jit(...) made inside the call is a "
    "new function each time."
)


def same_shape_calls(p: Prepared) -> list[tuple] | None:
    """`max_recompiles = 0`: the calls whose compiles are counted, up to four cases of
    the first shapes that two cases share (a fixed case's own shapes, often, are not);
    None when not asked or not measurable."""
    if p.config.get("max_recompiles") != 0:
        return None
    by_signature: dict[tuple, list[tuple]] = {}
    for case in p.cases:
        by_signature.setdefault(input_signature(case.args), []).append(case.args)
    return next((same[:4] for same in by_signature.values() if len(same) >= 2), None)


def float_shapes(calls: list[tuple] | None) -> list | None:
    """The shapes of the first call's float arrays: a waiting child runs a squared
    error's primitives at them (runner/inside/warm_up.py), which that call, op by op
    where the function jits nothing, would otherwise compile in the check."""
    if not calls:
        return None
    return [list(a.shape) for a in calls[0] if isinstance(a, np.ndarray) and a.dtype.kind == "f"]


def count_compiles(learner: Learner, calls: list[tuple] | None) -> int | None:
    """The XLA compiles after the first of `calls`, the learner's function called as it
    is (every jitted object it makes counts); None when not measurable."""
    if calls is None or learner._child is None:
        return None
    return learner._child.count_compiles(calls)


def compiles_again(report: Report, calls: list[tuple] | None, count: int | None):
    """The test of `count` (see count_compiles), asked only of an answer every case and
    rule passes: a static lr already fails the exported program's test, and is not said
    twice. None when not asked or not measurable."""
    if calls is None or count is None or not all(t.status == "pass" for t in report.tests):
        return None
    if count == 0:
        return TestResult(RECOMPILE_TEST, "pass")
    return TestResult(
        RECOMPILE_TEST,
        "fail",
        f"Called as it is {len(calls)} times with new values of the same shapes, your "
        f"function compiled {count} more program(s) after the first call: the compiled "
        "program is not reused from call to call.",
    )

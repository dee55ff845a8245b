"""Which cases a check asks of the learner where asking all of them costs too much or
can say nothing more: each call a run of its own (`affordable`), or a verdict that
fails whatever the answers are (`decided_cut`)."""

from __future__ import annotations

from dataclasses import replace

from jaxtutor.oracles.cases import beyond_first_random
from jaxtutor.oracles.generic.cases import Prepared
from jaxtutor.oracles.learner import Exported
from jaxtutor.runner.host.sandbox import Child

# random cases per shape asked of a function whose every call is a run of its own (see
# `affordable`)
COSTLY_RANDOM_PER_SHAPE = 3


def only(p: Prepared, keep: list[int] | None) -> Prepared:
    """`p` with only the cases in `keep` (None: all)."""
    return replace(p, cases=[p.cases[i] for i in keep]) if keep else p


def decided_cut(p: Prepared, pending: Exported | None) -> list[int] | None:
    """Where the verdict fails whatever the answers (the function could not be exported,
    and the task counts its recompiles: `compile_tests`), the fixed cases and each
    hidden shape's first: they say whether the numbers are right at each size, and the
    rest are asked once the rule is mended (async_dispatch's starter, compiling every
    step, took 3.8 s on them; jit_dynamic_lr's static-lr mutant, run ahead on them for
    the cause, 1.4 s). None: no such rule fails."""
    if pending is None or pending.raised is None or p.config.get("max_recompiles") is None:
        return None
    firsts = {c.shape: i for i, c in reversed(list(enumerate(p.cases))) if c.hidden}
    return [i for i, c in enumerate(p.cases) if not c.hidden or i in firsts.values()]


def affordable(p: Prepared, child: Child) -> list[int] | None:
    """The cases to keep when each call is a run of its own: the learner's function
    cannot be jitted (a whole Python run, op by op: a loop of value_and_grad steps took
    ~100 ms a case at N=32), or compiles anew for each value of a Python int it cannot
    trace (random_keys' `seed or 42`: a permutation compiled per seed). Dozens of random
    values per shape ran past the time limit. Every fixed, wide and edge case stays,
    each declared table's first case per shape, and the first few random ones per
    shape. None: keep them all."""
    if not child.costly:
        return None
    beyond = beyond_first_random(p.cases, COSTLY_RANDOM_PER_SHAPE)
    seen: set[tuple[str, str]] = set()
    for i, case in enumerate(p.cases):  # a declared table's repeats: its first per shape
        if case.declared and (case.shape, case.declared) in seen:
            beyond.add(i)
        seen.add((case.shape, case.declared))
    return [i for i in range(len(p.cases)) if i not in beyond] if beyond else None

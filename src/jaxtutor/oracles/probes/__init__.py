"""What the data shows when no named mistake fits: the learner's answers set beside
the reference's across the cases, for any exercise (built-in or TOML).

Each probe states a fact about the learner's answers, in the learner's terms, naming
the case and the numbers: an object returned where numbers are asked; a 16-bit float; a
constant factor (or a flipped sign) on every case; a factor equal to one of the case's
sizes, or a whole count over one (3/N: a count from an example where N belongs); a
transposed or mis-shaped result, or one with an argument's shape; the expected answer
at an argument rounded; a tuple with its entries swapped or only some of them right
(and what the wrong one shows), or a tuple where a dict is asked; a step from an
argument reversed, scaled, divided by a size, one number for a whole array, or returned
in place of the updated value; NaN or inf where the reference is finite; an integer
array where the reference's holds fractions; rows in another order (one place off: an
index off by one); an argument's first entry counted twice; a sequence right for its
first k steps, then off; a result that does not change when one argument does; right
only on the cases where some size is 1; a result that keeps no row's own scale (each
row of an argument multiplied by its own factor, and nothing moves); last, every wrong
result within 1% of the expected one (the size of a 16-bit rounding or a small term).
The ignored argument and the lost scale each cost one more round trip of calls of the
learner's function on inputs chosen here, the rounded argument one of the reference's;
the others reuse the answers already computed, and every verdict is reached here, never
in the learner's process. A probe says a cause only where the data proves it (a factor
of two is a factor of two, not "a sum where a mean is meant").

The probes live by kind: form.py (shape, tuples, NaN), arithmetic.py (factors, sizes,
offsets), steps.py (an update's step) with uniform.py (a step that is one number),
order.py (rows and steps in order), dtypes.py (an integer result, a 16-bit float),
ignored.py, scales.py and rounded.py (the ones that call again), unread.py (a parameter
read off the code); common.py holds what they all read. probe() here tries them in turn.
"""

from __future__ import annotations

import numpy as np

from jaxtutor.oracles.cases import Case, beyond_first_random
from jaxtutor.oracles.probes.arithmetic import (
    _factor,
    _offset,
    _only_size_one,
    _small_difference,
)
from jaxtutor.oracles.probes.common import (
    Probe,  # what callers hand to probe()
    _tree_leaves,
)
from jaxtutor.oracles.probes.dtypes import _integer_result, _low_precision
from jaxtutor.oracles.probes.form import (
    _entry_shape,
    _key_shape,
    _non_finite,
    _object_returned,
    _shape,
    _tuple_entries,
    _tuple_form,
)
from jaxtutor.oracles.probes.ignored import _ignored_argument
from jaxtutor.oracles.probes.order import _permuted, _step_behind, _steps_then_off
from jaxtutor.oracles.probes.rounded import _rounded_input
from jaxtutor.oracles.probes.scales import _scale_lost
from jaxtutor.oracles.probes.steps import _step_from_argument
from jaxtutor.oracles.probes.uniform import _rows_combined
from jaxtutor.oracles.values import matches
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.verdict import Diagnosis


def probe(p: Probe) -> Diagnosis | None:
    """The first thing the data shows, or None when it shows nothing we can say."""
    wrong = [
        i
        for i, (c, a, e) in enumerate(zip(p.cases, p.answers, p.expected))
        if not isinstance(a, LearnerRaised) and not matches(a, e)
    ]
    if not wrong:
        return None
    # the case a finding names is its first wrong one: a teaching case, else the
    # smallest hidden one, whose inputs the learner can read in a line
    wrong.sort(key=lambda i: (p.cases[i].hidden, _entries(p.cases[i].args)))
    # an ignored argument before "right only where N = 1": a hard-coded lr that happens
    # to equal the one case of size 1 is not a sum where a mean is meant
    for look in (
        _object_returned,
        _low_precision,
        _non_finite,
        _tuple_form,
        _shape,
        _rounded_input,
        _tuple_entries,
        _entry_shape,
        _key_shape,
        _factor,
        _step_from_argument,
        _permuted,
        _step_behind,
        _offset,
        _steps_then_off,
        _rows_combined,
        _ignored_argument,
        # after it: indices returned in place of x's values are integers too, and
        # that they do not follow x is the cause
        _integer_result,
        _only_size_one,
        _scale_lost,
        _small_difference,  # last: any of the above is a more particular fact
    ):
        found = _tried(look, p, wrong)
        if found is not None and found.id == "probe_non_finite":
            # where the NaN shows is not why: a lost scale, measured, says more
            lost = _tried(_scale_lost, p, wrong)
            if lost is not None:
                found.message += f" {lost.message}"
                found.hint = lost.hint
        if found is not None:
            return found
    return None


def _entries(args: tuple) -> int:
    return sum(int(np.size(leaf)) for leaf in _tree_leaves(args))


def _tried(look, p: Probe, wrong: list[int]) -> Diagnosis | None:
    try:
        return look(p, wrong)
    except (TypeError, ValueError, IndexError):  # answers of a form no probe foresaw:
        return None  # the verdict stands without this probe's words


# hidden cases per shape the probes read: they look for one relation (a factor, a
# reversed step) on every wrong case, as a learner would on a handful, and dozens of
# values per shape, some too small to show a step, would hide it
PROBED_PER_SHAPE = 4


def probed(cases: list[Case], answers: list, want: list) -> list[int]:
    """The cases the probes read: the fixed ones, the first few plain random ones of
    each shape, the wide ones and each argument's edge values, but not the declared
    edges, invariants and amplifiers (extremes on purpose, where a relation can be too
    small to read); every case when none of those is wrong."""
    beyond = beyond_first_random(cases, PROBED_PER_SHAPE)
    keep = [i for i, case in enumerate(cases) if i not in beyond and not case.declared]
    wrong = any(
        not isinstance(answers[i], LearnerRaised) and not matches(answers[i], want[i]) for i in keep
    )
    return keep if wrong else list(range(len(cases)))

"""Many answers compared at once (compare.differences) say exactly what comparing them
one by one (compare.differs) says: the same words for each pair, None for the same pairs."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jaxtutor.oracles.generic.compare import differences, differs
from jaxtutor.oracles.generic.runs import Raised
from jaxtutor.oracles.values import agreeing
from jaxtutor.runner.wire import Opaque

SPECIAL = [0.0, -0.0, 1e-30, np.nan, np.inf, -np.inf]
shapes = st.sampled_from([(), (0,), (1,), (3,), (2, 2), (4, 0)])


@st.composite
def arrays(draw, shape=None):
    shape = draw(shapes) if shape is None else shape
    size = int(np.prod(shape, dtype=np.int64))
    values = draw(
        st.lists(
            st.one_of(st.floats(-1e3, 1e3), st.sampled_from(SPECIAL)), min_size=size, max_size=size
        )
    )
    return np.asarray(values, dtype=np.float64).reshape(shape)


@st.composite
def answers(draw, depth=0):
    """A reference's answer: a pytree of float64 arrays."""
    kind = draw(st.sampled_from(["array", "tuple", "dict", "none"] if depth < 2 else ["array"]))
    if kind == "tuple":
        return tuple(draw(st.lists(answers(depth + 1), max_size=3)))
    if kind == "dict":
        keys = draw(st.lists(st.sampled_from("abc"), unique=True, max_size=3))
        return {k: draw(answers(depth + 1)) for k in keys}
    return None if kind == "none" else draw(arrays())


@st.composite
def another(draw, want):
    """An answer beside `want`: the same, nudged within or past a tolerance, in another
    dtype, shape or structure, or no data at all."""
    if isinstance(want, tuple):
        if draw(st.booleans()):
            return tuple(draw(another(w)) for w in want) + (() if draw(st.booleans()) else (1.0,))
        return [draw(another(w)) for w in want]  # a list where the reference has a tuple
    if isinstance(want, dict):
        got = {k: draw(another(v)) for k, v in want.items()}
        if draw(st.integers(0, 4)) == 0:
            got["z"] = np.zeros(1)
        return got
    if want is None:
        return draw(st.sampled_from([None, np.zeros(1)]))
    how = draw(
        st.sampled_from(
            [
                "same",
                "nudged",
                "moved",
                "nan",
                "int",
                "float32",
                "shape",
                "number",
                "raised",
                "opaque",
            ]
        )
    )
    if how == "same":
        return want.copy()
    if how in ("nudged", "moved"):
        scale = draw(st.sampled_from([1e-7, 1e-5, 1e-4, 3e-4] if how == "nudged" else [1e-2, 1.0]))
        return want + scale * draw(arrays(want.shape))
    if how == "nan":
        got = want.copy()
        if got.size:
            got.flat[draw(st.integers(0, got.size - 1))] = np.nan
        return got
    if how == "int":
        return np.nan_to_num(want).clip(-1e3, 1e3).astype(np.int32)
    if how == "float32":
        return want.astype(np.float32)
    if how == "shape":
        return draw(arrays())
    if how == "number":
        return draw(st.one_of(st.floats(allow_nan=True), st.integers(-3, 3), st.booleans()))
    if how == "raised":
        return Raised("ValueError", "no")
    return Opaque("function")


@st.composite
def like(draw, want):
    """Another reference answer with `want`'s structure and shapes."""
    if isinstance(want, tuple):
        return tuple(draw(like(w)) for w in want)
    if isinstance(want, dict):
        return {k: draw(like(v)) for k, v in want.items()}
    return None if want is None else draw(arrays(want.shape))


@st.composite
def pairs(draw):
    wants = draw(st.lists(answers(), min_size=1, max_size=6))
    # cases of one shape, as a check's hidden cases are: most share a structure
    wants += [draw(like(wants[0])) for _ in range(draw(st.integers(0, 6)))]
    gots = [draw(another(w)) for w in wants]
    configs = [
        draw(
            st.sampled_from(
                [
                    {},
                    {"rtol": 1e-6, "atol": 1e-9},
                    {"check_dtype": True},
                    {"rtol": 0.0, "atol": 0.0},
                ]
            )
        )
        for _ in wants
    ]
    return gots, wants, configs


@settings(max_examples=400, deadline=None)
@pytest.mark.filterwarnings("ignore:invalid value:RuntimeWarning")
@given(pairs())
def test_many_answers_compared_at_once_say_what_each_compared_alone_says(drawn):
    gots, wants, configs = drawn
    assert differences(gots, wants, configs) == [
        differs(g, w, c) for g, w, c in zip(gots, wants, configs)
    ]


def test_a_group_of_agreeing_cases_with_one_far_off_names_that_one_alone():
    want = [(np.arange(3.0) + i, np.float64(i)) for i in range(40)]
    got = [(w[0] * (1 + 1e-6), w[1]) for w in want]
    got[17] = (want[17][0], np.float64(17.5))
    found = differences(got, want, [{}] * 40)
    assert [i for i, problem in enumerate(found) if problem] == [17]
    assert found[17] == "entry 1: expected 17, got 17.5"
    assert agreeing(got, want) == [i != 17 for i in range(40)]


def test_answers_and_configs_must_pair_up():
    with pytest.raises(ValueError):
        differences([np.zeros(1)], [], [{}])

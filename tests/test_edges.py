"""The cases an exercise declares beyond random draws (its edges, invariants and
amplifiers), the sizes every check draws, and the lint rule that asks for an edge
wherever the reference compares drawn values. Plain NumPy: no JAX here."""

from __future__ import annotations

import numpy as np
import pytest

from jaxtutor.course.lessons import builtin_lessons
from jaxtutor.oracles.generic import edges
from jaxtutor.oracles.generic.cases import draw_sizes, make_cases
from jaxtutor.oracles.generic.problems import problems

ARGS = [
    {"name": "g", "shape": ["D"], "low": 0.5, "high": 2.0},
    {"name": "max_norm", "dtype": "python_float", "low": 0.01, "high": 10.0},
]


def base(**tables) -> dict:
    return {"args": ARGS, "sizes": {"D": {"min": 1, "max": 9}}, "seed": 5, **tables}


def declared(config: dict, seed: int = 0) -> dict[str, list]:
    """The hidden cases of a declared table, by the table's name."""
    found: dict[str, list] = {}
    for case in make_cases(config, seed):
        if ", " in case.name:
            found.setdefault(case.name.split(", ", 1)[1], []).append(case)
    return found


def test_a_norm_edge_puts_the_norm_just_under_at_and_over_the_bound_in_every_shape():
    config = base(edges=[{"name": "near", "norm": {"g": "max_norm"}, "at": [0.999, 1.0, 1.001]}])
    cases = declared(config)["near"]
    assert len(cases) == 3 * 3  # three factors in each of the three shapes
    ratios = sorted(round(float(np.linalg.norm(c.args[0]) / c.args[1]), 6) for c in cases)
    assert ratios == [0.999] * 3 + [1.0] * 3 + [1.001] * 3
    shapes = [c.shape for c in cases]
    assert shapes[:3] == ["D=1"] * 3 and shapes[3:6] == ["D=9"] * 3
    assert shapes[6:] == ["sizes drawn between"] * 3  # the same words on every draw
    assert all(1 < c.args[0].size < 9 for c in cases[6:])


def test_entries_sit_beside_drawn_values_and_sign_makes_every_entry_one_sign():
    config = base(
        edges=[
            {"name": "zero", "entries": {"g": [0.0, 1e-6, -1e-6]}, "repeat": 4},
            {"name": "negative", "sign": {"g": -1}, "entries": {"g": [0.0]}},
        ]
    )
    found = declared(config)
    for case in found["zero"]:
        g = case.args[0]
        if g.size >= 3:  # each value at a spot of its own, the rest as drawn
            assert {0.0, 1e-6, -1e-6} <= set(g.tolist())
            assert np.sum(np.abs(g) >= 0.5) == g.size - 3
    for case in found["negative"]:
        assert np.all(case.args[0] <= 0) and 0.0 in case.args[0]


def test_set_takes_a_range_end_a_number_or_a_whole_fixed_shape():
    specs = [{"name": "x", "shape": [3]}, {"name": "t", "low": -2.0, "high": 2.0}]
    values = [np.ones(3), np.asarray(0.3)]
    rng = np.random.default_rng(0)
    x, t = edges.apply({"set": {"x": [0.0, 10.0, 0.0], "t": "high"}}, values, specs, rng)
    assert x.tolist() == [0.0, 10.0, 0.0] and float(t) == 2.0
    x, _ = edges.apply({"ties": ["x"]}, [np.array([1.0, 2.0, 3.0]), t], specs, rng)
    assert len(set(x.tolist())) == 1
    wrong = {"args": specs, "edges": [{"name": "n", "set": {"x": [1.0, 2.0]}}]}
    assert any("a list of 2" in p for _, p, _ in edges.problems(wrong))


def test_invariants_are_exact_on_inputs_float32_holds_and_amplifiers_keep_a_shape():
    config = base(
        sizes={"D": {"min": 1, "max": 9}},
        invariants=[{"name": "still", "scale": {"g": 1.0}}],
        amplifiers=[{"name": "long", "set": {"max_norm": "high"}, "sizes": "max"}],
    )
    found = declared(config)
    for case in found["still"]:
        assert (case.rtol, case.atol) == (0.0, 0.0)
        g = case.args[0]
        assert np.array_equal(g, g.astype(np.float32).astype(np.float64))
    (long,) = found["long"]
    assert long.shape == "D=9" and long.args[1] == 10.0 and long.rtol is None


def test_every_check_draws_each_range_at_its_min_its_max_and_one_size_between():
    rng = np.random.default_rng(0)
    middles, picked = set(), set()
    for _ in range(500):
        shapes = dict(draw_sizes({"N": {"min": 1, "max": 40}, "B": [4, 2, 8]}, rng))
        # a list at its ends too: its smallest and its largest are in every check
        assert shapes["min"] == {"N": 1, "B": 2} and shapes["max"] == {"N": 40, "B": 8}
        assert 1 < shapes["mid"]["N"] < 40
        middles.add(shapes["mid"]["N"])
        picked.add(shapes["mid"]["B"])
    assert middles == set(range(2, 40))  # uniform: every size between is drawn
    assert picked == {2, 4, 8}
    assert [w for w, _ in draw_sizes({"N": {"min": 3, "max": 3}}, rng)] == ["min"]


COMPARES = """
import numpy as np

def clip(g, max_norm, lr):
    norm = np.sqrt(np.sum(g ** 2))
    n = g.shape[0]
    if n > 2:
        pass
    return g if norm <= max_norm else g * lr
"""


def test_the_lint_rule_finds_comparisons_of_drawn_values_but_not_of_sizes():
    found = edges.comparisons(COMPARES, "clip")
    assert [sorted(args) for _, args in found] == [["g", "max_norm"]]
    method = "def top(x, t):\n    e = x * t\n    return e.max()\n"
    assert [sorted(a) for _, a in edges.comparisons(method, "top")] == [["t", "x"]]
    config = {"args": [{"name": "g"}, {"name": "max_norm"}, {"name": "lr"}]}
    assert edges.undeclared(config, COMPARES, "clip")
    # an edge of the argument itself (edges = [0.0]) does not count: it fills g whole
    assert edges.undeclared({**config, "args": [{"name": "g", "edges": [0.0]}]}, COMPARES, "clip")
    config["edges"] = [{"name": "near", "norm": {"g": "max_norm"}}]
    assert edges.undeclared(config, COMPARES, "clip") == []


def test_lint_names_the_comparison_without_an_edge():
    config = {
        "function": "clip",
        "args": [{"name": "g", "shape": [3]}, {"name": "max_norm"}, {"name": "lr"}],
        "cases": [{"args": [[1.0, 2.0, 3.0], 1.0, 0.1]}],
        "reference": COMPARES,
    }
    said = [p for _, p, _ in problems(config)]
    assert any("compares values made from `g`, `max_norm`" in p for p in said), said


@pytest.mark.parametrize(
    "lesson_id",
    ["purity_under_jit", "control_flow", "where_nan", "dynamic_shapes", "capstone_training_run"],
)
def test_the_course_declares_an_edge_for_every_comparison_its_references_make(lesson_id):
    lesson = next(each for each in builtin_lessons() if each.id == lesson_id)
    config, function = lesson.exercise.config, lesson.exercise.function
    assert edges.comparisons(config["reference"], function)
    assert edges.undeclared(config, config["reference"], function) == []

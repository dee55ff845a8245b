"""Which side of a declared norm comparison a wrong answer is wrong on (sides.py),
measured on the cases a check of the clipping lesson draws."""

from __future__ import annotations

import numpy as np

from jaxtutor.course.lessons import builtin_lessons, find_exercise
from jaxtutor.oracles.generic.cases import prepare
from jaxtutor.oracles.generic.sides import edges_measured, sides_measured

CLIP = find_exercise("purity_under_jit", builtin_lessons()).exercise


def _clip(g, max_norm):
    norm = np.sqrt(np.sum(np.square(g)))
    return g * min(1.0, max_norm / norm) if norm > 0 else g


def _statuses(cases, answer) -> list[str]:
    out = []
    for case in cases:
        g, max_norm = np.asarray(case.args[0], float), float(case.args[1])
        right = np.allclose(answer(g, max_norm), _clip(g, max_norm), rtol=1e-4, atol=1e-6)
        out.append("pass" if right else "fail")
    return out


def test_an_answer_wrong_only_above_the_bound_is_said_to_be_so_with_its_counts():
    p = prepare(CLIP, 0)

    def scaled_not_divided(g, max_norm):  # the norm never divides: wrong above only
        return g * max_norm if np.sqrt(np.sum(np.square(g))) > max_norm else g

    found = sides_measured(p.config, p.cases, _statuses(p.cases, scaled_not_divided))
    assert found is not None and found.id == "wrong_on_one_side"
    assert (
        "right on all" in found.message and "where the norm of g is below max_norm" in found.message
    )
    assert "where it is above it" in found.message


def test_an_answer_wrong_on_both_sides_or_on_neither_is_not_split():
    p = prepare(CLIP, 0)
    doubled = _statuses(p.cases, lambda g, m: 2 * _clip(g, m))
    assert "fail" in doubled and sides_measured(p.config, p.cases, doubled) is None
    right = _statuses(p.cases, _clip)
    assert set(right) == {"pass"} and sides_measured(p.config, p.cases, right) is None


POSITIVE = find_exercise("dynamic_shapes", builtin_lessons()).exercise


def _positive_mean(x, above=0.0):
    kept = x[x > above]
    return kept.mean() if kept.size else 0.0


def _edge_statuses(cases, answer) -> list[str]:
    return [
        "pass"
        if np.isclose(
            answer(np.asarray(c.args[0], float)),
            _positive_mean(np.asarray(c.args[0], float)),
            rtol=1e-4,
            atol=1e-6,
        )
        else "fail"
        for c in cases
    ]


def test_an_answer_wrong_only_at_declared_edges_is_told_which_it_fails_and_passes():
    p = prepare(POSITIVE, 0)
    statuses = _edge_statuses(p.cases, lambda x: _positive_mean(x, above=1e-3))
    found = edges_measured(p.cases, statuses)
    assert found is not None and found.id == "wrong_at_edges"
    randoms = sum(c.random for c in p.cases)
    assert f"right on all {randoms} cases drawn at random" in found.message
    # every case of the tiny positive entry fails, so it is named first, and in the hint
    tiny = "every entry positive, one of them tiny"
    assert f'wrong on all {sum(c.declared == tiny for c in p.cases)} cases of "{tiny}"' in (
        found.message
    )
    assert 'right on every case of "no entry positive, some of them 0"' in found.message
    assert found.hint.startswith('Take the case "every entry positive, one of them tiny"')


def test_an_answer_also_wrong_on_random_cases_is_not_put_at_the_edges():
    p = prepare(POSITIVE, 0)
    statuses = _edge_statuses(p.cases, lambda x: x.mean())
    assert "fail" in statuses and edges_measured(p.cases, statuses) is None
    right = _edge_statuses(p.cases, _positive_mean)
    assert set(right) == {"pass"} and edges_measured(p.cases, right) is None

"""The probes on answers made to show one fact each: every probe says its own fact
(none is claimed by a probe that runs before it) and names the case and the numbers."""

from __future__ import annotations

import numpy as np
import pytest

from jaxtutor.oracles.base import Case
from jaxtutor.oracles.probes import Probe, probe


def _cases():
    """w, lr, x of N rows; the reference is one descent step of sum((w*x - 1)**2)."""
    rng = np.random.default_rng(0)
    out = []
    for n, lr, name in [(1, 0.1, "one example"), (3, 0.05, "three examples"),
                        (4, 0.02, "four examples")]:
        out.append(Case(name, (np.asarray(rng.uniform(0.5, 1.0)), lr, rng.uniform(1, 2, n))))
    return out


def ref(w, lr, x):
    return np.asarray(w - lr * 2 * np.sum((w * x - 1.0) * x))


def _probe(answer, cases=None, expected=None, **kw):
    cases = cases or _cases()
    expected = expected or [ref(*c.args) for c in cases]
    answers = [answer(*c.args) for c in cases]
    return probe(Probe(cases, answers, expected, ("w", "lr", "x"),
                       dim_name=lambda arg, axis: "N" if arg == 2 else None, **kw))


FACTS = {
    "non_finite": (lambda w, lr, x: ref(w, lr, x) * np.nan, "NaN"),
    "sign_flipped": (lambda w, lr, x: -ref(w, lr, x), "negative"),
    "constant_factor": (lambda w, lr, x: 2 * ref(w, lr, x), "twice"),
    "shape": (lambda w, lr, x: np.ones(3), "shape (3,)"),
    "reshaped": (lambda w, lr, x: ref(w, lr, x).reshape(1), "right numbers"),
    "step_reversed": (lambda w, lr, x: w + (w - ref(w, lr, x)), "opposite direction"),
    "step_factor": (lambda w, lr, x: w + 2 * (ref(w, lr, x) - w), "twice"),
    "no_step": (lambda w, lr, x: w * np.ones(()), "unchanged"),
}


@pytest.mark.parametrize("kind", sorted(FACTS))
def test_each_probe_says_its_own_fact(kind):
    answer, words = FACTS[kind]
    found = probe_or_fail(answer)
    assert found.id == f"probe_{kind}", found.message
    assert words in found.message and "\"" in found.message  # a case is named


def probe_or_fail(answer, **kw):
    found = _probe(answer, **kw)
    assert found is not None
    return found


def test_a_mean_for_a_sum_is_said_in_the_size_the_learner_knows():
    cases = _cases()
    expected = [np.asarray(np.sum(c.args[2])) for c in cases]
    found = probe(Probe(cases, [np.asarray(np.mean(c.args[2])) for c in cases], expected,
                        ("w", "lr", "x"), dim_name=lambda arg, axis: "N" if arg == 2 else None))
    assert found.id == "probe_divided_by_size" and "divided by N" in found.message


def test_right_only_when_a_size_is_one():
    cases = _cases()
    expected = [np.asarray(np.sum(c.args[2] ** 2)) for c in cases]
    answers = [np.asarray(np.sum(c.args[2]) ** 2) for c in cases]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x"),
                        dim_name=lambda arg, axis: "N" if arg == 2 else None))
    assert found.id == "probe_only_size_one" and "N = 1" in found.message


def test_tuples_swapped_partly_right_one_entry_or_another_length():
    cases = _cases()
    expected = [(ref(*c.args), np.asarray(c.args[1])) for c in cases]

    def run(answer):
        return probe(Probe(cases, [answer(c, e) for c, e in zip(cases, expected)], expected,
                           ("w", "lr", "x")))

    assert run(lambda c, e: (e[1], e[0])).id == "probe_swapped_entries"
    assert run(lambda c, e: (e[0], e[1] + 1)).id == "probe_some_entries"
    assert run(lambda c, e: e[0]).id == "probe_one_entry_only"
    assert run(lambda c, e: (e[0],)).id == "probe_tuple_length"


def test_an_ignored_argument_is_found_by_calls_on_inputs_chosen_here():
    cases = _cases()
    fixed_lr = lambda w, lr, x: ref(w, 0.3, x)  # noqa: E731 - the learner's function
    calls_made = []

    def call_many(calls):
        calls_made.extend(calls)
        return [fixed_lr(*a) for a in calls]

    found = probe(Probe(cases, [fixed_lr(*c.args) for c in cases], [ref(*c.args) for c in cases],
                        ("w", "lr", "x"), call_many=call_many,
                        reference=lambda calls: [ref(*a) for a in calls]))
    assert found.id == "probe_ignored_argument"
    assert "does not change when lr changes" in found.message
    assert calls_made  # asked of the learner's function, judged here


def test_a_coincidence_on_one_case_is_not_called_an_ignored_argument():
    """An argument that happens not to matter on one case but does on the others."""
    cases = _cases()
    answer = lambda w, lr, x: ref(w, lr, x) + 1.0  # noqa: E731 - wrong, but uses everything
    found = probe(Probe(cases, [answer(*c.args) for c in cases], [ref(*c.args) for c in cases],
                        ("w", "lr", "x"), call_many=lambda calls: [answer(*a) for a in calls],
                        reference=lambda calls: [ref(*a) for a in calls]))
    assert found is None or found.id != "probe_ignored_argument"


def test_nothing_is_said_when_the_data_shows_nothing():
    rng = np.random.default_rng(1)
    assert _probe(lambda w, lr, x: np.asarray(rng.normal())) is None


def test_a_result_that_no_argument_changes_is_said_as_such():
    cases = _cases()
    zero = lambda w, lr, x: np.asarray(0.0)  # noqa: E731
    found = probe(Probe(cases, [zero(*c.args) for c in cases], [ref(*c.args) for c in cases],
                        ("w", "lr", "x"), call_many=lambda calls: [zero(*a) for a in calls],
                        reference=lambda calls: [ref(*a) for a in calls]))
    assert found.id == "probe_constant_result" and "w, lr, x" in found.message

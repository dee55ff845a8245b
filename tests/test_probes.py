"""The probes on answers made to show one fact each: every probe says its own fact
(none is claimed by a probe that runs before it) and names the case and the numbers."""

from __future__ import annotations

import numpy as np
import pytest

from jaxtutor.oracles.cases import Case
from jaxtutor.oracles.probes import Probe, probe
from jaxtutor.oracles.probes.ignored import _ignored_argument
from jaxtutor.oracles.probes.scales import _scale_lost
from jaxtutor.oracles.values import fmt
from jaxtutor.runner.wire import Opaque


def _cases():
    """w, lr, x of N rows; the reference is one descent step of sum((w*x - 1)**2)."""
    rng = np.random.default_rng(0)
    out = []
    for n, lr, name in [
        (1, 0.1, "one example"),
        (3, 0.05, "three examples"),
        (4, 0.02, "four examples"),
    ]:
        out.append(Case(name, (np.asarray(rng.uniform(0.5, 1.0)), lr, rng.uniform(1, 2, n))))
    return out


def ref(w, lr, x):
    return np.asarray(w - lr * 2 * np.sum((w * x - 1.0) * x))


def _probe(answer, cases=None, expected=None, **kw):
    cases = cases or _cases()
    expected = expected or [ref(*c.args) for c in cases]
    answers = [answer(*c.args) for c in cases]
    return probe(
        Probe(
            cases,
            answers,
            expected,
            ("w", "lr", "x"),
            dim_name=lambda arg, axis: "N" if arg == 2 else None,
            **kw,
        )
    )


def _asked(answer, cases=None, theirs=ref, **kw):
    """The probes on `answer`, with the learner's function and the reference's there to
    be called again on inputs the probes choose (as the ignored-argument probe asks)."""
    cases = cases or _cases()
    return probe(
        Probe(
            cases,
            [answer(*c.args) for c in cases],
            [theirs(*c.args) for c in cases],
            ("w", "lr", "x"),
            call_many=lambda calls: [answer(*a) for a in calls],
            reference=lambda calls: [theirs(*a) for a in calls],
            **kw,
        )
    )


FACTS = {
    "non_finite": (lambda w, lr, x: ref(w, lr, x) * np.nan, "NaN"),
    "sign_flipped": (lambda w, lr, x: -ref(w, lr, x), "negative"),
    "constant_factor": (lambda w, lr, x: 2 * ref(w, lr, x), "twice"),
    "shape": (lambda w, lr, x: np.ones(3), "shape (3,)"),
    "reshaped": (lambda w, lr, x: ref(w, lr, x).reshape(1), "right numbers"),
    "step_reversed": (lambda w, lr, x: w + (w - ref(w, lr, x)), "opposite direction"),
    "step_factor": (lambda w, lr, x: w + 2 * (ref(w, lr, x) - w), "twice"),
    "no_step": (lambda w, lr, x: w * np.ones(()), "unchanged"),
    # lr applied twice: the step goes with lr squared (the cases' lr differ)
    "step_follows_argument": (
        lambda w, lr, x: w + 3 * lr * (ref(w, lr, x) - w),
        "multiplied by 3 × lr",
    ),
    # g - lr * w where the task takes w - lr * g, with g read off the expected step
    "roles_swapped": (
        lambda w, lr, x: (w - ref(w, lr, x)) / lr - lr * w,
        "minus lr times w",
    ),
    # a step scaled by 3/N (a mean's step multiplied back by an example's count)
    "step_fixed_count": (lambda w, lr, x: w + 3 / len(x) * (ref(w, lr, x) - w), "times 3/N"),
    "integer_result": (lambda w, lr, x: ref(w, lr, x).astype(np.int32), "array of int32"),
    # off by a few parts in a thousand, by another share on each case (no one factor)
    "small_difference": (
        lambda w, lr, x: ref(w, lr, x) * (1 + 3e-3 * np.cos(9 * np.sum(x))),
        "off by at most 0.",
    ),
    # what a child sends for a registered dataclass it cannot send as data
    "object_returned": (lambda w, lr, x: Opaque("Params"), "Params object"),
}


@pytest.mark.parametrize("kind", sorted(FACTS))
def test_each_probe_says_its_own_fact(kind):
    answer, words = FACTS[kind]
    found = probe_or_fail(answer)
    assert found.id == f"probe_{kind}", found.message
    assert words in found.message and '"' in found.message  # a case is named


def probe_or_fail(answer, **kw):
    found = _probe(answer, **kw)
    assert found is not None
    return found


def test_a_mean_for_a_sum_is_said_in_the_size_the_learner_knows():
    cases = _cases()
    expected = [np.asarray(np.sum(c.args[2])) for c in cases]
    found = probe(
        Probe(
            cases,
            [np.asarray(np.mean(c.args[2])) for c in cases],
            expected,
            ("w", "lr", "x"),
            dim_name=lambda arg, axis: "N" if arg == 2 else None,
        )
    )
    assert found.id == "probe_divided_by_size" and "divided by N" in found.message


def test_right_only_when_a_size_is_one():
    cases = _cases()
    expected = [np.asarray(np.sum(c.args[2] ** 2)) for c in cases]
    answers = [np.asarray(np.sum(c.args[2]) ** 2) for c in cases]
    found = probe(
        Probe(
            cases,
            answers,
            expected,
            ("w", "lr", "x"),
            dim_name=lambda arg, axis: "N" if arg == 2 else None,
        )
    )
    assert found.id == "probe_only_size_one" and "N = 1" in found.message


def test_tuples_swapped_partly_right_one_entry_or_another_length():
    cases = _cases()
    expected = [(ref(*c.args), np.asarray(c.args[1])) for c in cases]

    def run(answer):
        return probe(
            Probe(
                cases, [answer(c, e) for c, e in zip(cases, expected)], expected, ("w", "lr", "x")
            )
        )

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

    found = probe(
        Probe(
            cases,
            [fixed_lr(*c.args) for c in cases],
            [ref(*c.args) for c in cases],
            ("w", "lr", "x"),
            call_many=call_many,
            reference=lambda calls: [ref(*a) for a in calls],
        )
    )
    assert found.id == "probe_ignored_argument"
    assert "does not change when lr changes" in found.message
    assert calls_made  # asked of the learner's function, judged here


def test_an_argument_that_matters_at_another_size_is_not_called_ignored():
    """lr ignored on the one-example cases only (where the learner's answers are wrong),
    used on the larger ones: changing lr at a case of another shape moves the
    learner's answer, so no "does not change when lr changes" is said."""
    rng = np.random.default_rng(1)
    cases = [
        Case(f"case {k}", (np.asarray(rng.uniform(0.5, 1.0)), lr, rng.uniform(1, 2, n)))
        for k, (n, lr) in enumerate([(1, 0.1), (1, 0.05), (3, 0.05), (4, 0.02)])
    ]
    answer = lambda w, lr, x: ref(w, 0.3 if len(x) == 1 else lr, x)  # noqa: E731
    found = _asked(answer, cases)
    assert found is None or found.id != "probe_ignored_argument", found.message


def test_a_coincidence_on_one_case_is_not_called_an_ignored_argument():
    """An argument that happens not to matter on one case but does on the others."""
    answer = lambda w, lr, x: ref(w, lr, x) + 1.0  # noqa: E731 - wrong, but uses everything
    found = _asked(answer)
    assert found is None or found.id != "probe_ignored_argument"


def test_an_argument_that_matters_elsewhere_is_not_called_ignored_at_a_zero():
    """At w = 0 the learner's w * x term vanishes, so x moves nothing there; changing x
    at another point of the space (every other argument changed too) shows it is used."""
    cases = [Case(c.name, (np.asarray(0.0), *c.args[1:])) for c in _cases()]
    answer = lambda w, lr, x: np.asarray(2 * w * np.sum(x) + lr)  # noqa: E731 - uses x
    theirs = lambda w, lr, x: np.asarray(w * np.sum(x) + lr * np.sum(x))  # noqa: E731
    p = Probe(
        cases,
        [answer(*c.args) for c in cases],
        [theirs(*c.args) for c in cases],
        ("w", "lr", "x"),
        call_many=lambda calls: [answer(*a) for a in calls],
        reference=lambda calls: [theirs(*a) for a in calls],
    )
    assert _ignored_argument(p, [0, 1, 2]) is None
    # the same answer with x truly ignored is still found
    ignoring = lambda w, lr, x: np.asarray(2 * w + lr)  # noqa: E731
    p.answers = [ignoring(*c.args) for c in cases]
    p.call_many = lambda calls: [ignoring(*a) for a in calls]
    assert "does not change when x changes" in _ignored_argument(p, [0, 1, 2]).message


def test_nothing_is_said_when_the_data_shows_nothing():
    rng = np.random.default_rng(1)
    assert _probe(lambda w, lr, x: np.asarray(rng.normal())) is None


def test_a_result_that_no_argument_changes_is_said_as_such():
    zero = lambda w, lr, x: np.asarray(0.0)  # noqa: E731
    found = _asked(zero)
    assert found.id == "probe_constant_result" and "w, lr, x" in found.message


def _seq_probe(answer, expected_of, source="", axes=()):
    """Cases as above; the reference's answer is `expected_of(w, lr, x)`."""
    cases = _cases()
    expected = [expected_of(*c.args) for c in cases]
    return probe(
        Probe(
            cases,
            [answer(c.args, e) for c, e in zip(cases, expected)],
            expected,
            ("w", "lr", "x"),
            dim_name=lambda arg, axis: "N" if arg == 2 else None,
            source=source,
            axes=axes,
        )
    )


def history(w, lr, x):
    """Four descent steps on the same x: the weight after each."""
    out = []
    for _ in range(4):
        w = ref(w, lr, x)
        out.append(float(w))
    return np.asarray(out)


def test_a_history_right_for_two_steps_then_off_names_step_two():
    def late(args, e):
        return np.concatenate([e[:2], e[2:] + 0.5])

    found = _seq_probe(late, history, source="w, ws = lax.scan(step, w, xs)")
    assert found.id == "probe_steps_then_off", found.message
    assert "first 2 steps are right" in found.message
    assert "step 2 is the first that is off" in found.message
    assert "carried over" in found.hint
    # the same numbers from code with no loop: entries of a result, nothing carried
    found = _seq_probe(late, history, source="return jnp.clip(w * x, 0, 1)")
    assert "first 2 entries are right" in found.message, found.message
    assert "entry 2 is the first that is off" in found.message
    assert "step" not in found.message + found.hint and "carr" not in found.hint
    # off from the first step: no such claim
    found = _seq_probe(lambda args, e: e * 1.5 + 0.3, history)
    assert found is None or found.id != "probe_steps_then_off"


def test_a_history_of_walkers_is_read_by_its_steps_not_as_a_flat_list():
    """A (T, N) history: the first step is wrong for every walker but the first. Read
    flat, its second number is the first off ("the first step is right"): false."""

    def walkers(w, lr, x):
        return np.stack([history(w, lr, x), history(w, lr, x) * 2, history(w, lr, x) + 1], 1)

    def all_but_first(args, e):
        off = e.copy()
        off[:, 1:] += 0.5
        return off

    found = _seq_probe(all_but_first, walkers, source="lax.scan(step, pos, xs)")
    assert found is None or found.id != "probe_steps_then_off", found.message

    def from_step_two(args, e):
        off = e.copy()
        off[2:, 1] += 0.5
        return off

    found = _seq_probe(from_step_two, walkers, "lax.scan(step, pos, xs)", ("step", "walker"))
    assert "first 2 steps are right" in found.message, found.message
    assert "step 2 is the first that is off (at walker 1)" in found.message


def test_a_history_one_step_behind_is_said_as_such():
    def behind(args, e):
        return np.concatenate([[args[0]], e[:-1]])  # the weight before each step

    found = _seq_probe(behind, history, source="w, ws = lax.scan(step, w, xs)")
    assert found.id == "probe_step_behind", found.message
    assert "your step 1 is the expected step 0" in found.message
    assert "after the step's update" in found.hint
    # ahead, or off by more than the shift: no such claim
    found = _seq_probe(lambda args, e: np.concatenate([e[1:], [0.0]]), history)
    assert found is None or found.id != "probe_step_behind"


def test_rows_in_another_order_and_entries_one_place_off():
    two_rows = lambda w, lr, x: np.stack([history(w, lr, x), history(w, lr, x) * 2])  # noqa: E731
    found = _seq_probe(lambda args, e: e[::-1], two_rows)
    assert found.id == "probe_permuted" and "your row 0 is the expected row 1" in found.message
    found = _seq_probe(lambda args, e: np.roll(e, -1), history)
    assert found.id == "probe_permuted" and "one place off" in found.message


def test_a_first_entry_counted_twice_is_named():
    cums = lambda w, lr, x: np.cumsum(x)  # noqa: E731
    found = _seq_probe(lambda args, e: e + args[2][0], cums)
    assert found.id == "probe_plus_first_entry" and "x[0] is counted twice" in found.message
    # an offset that is no argument's first entry is not said to be one
    found = _seq_probe(lambda args, e: e + 0.7, cums)
    assert found is None or found.id != "probe_plus_first_entry"


def test_a_returned_step_and_a_step_divided_by_n():
    found = _probe(lambda w, lr, x: w - ref(w, lr, x))
    assert found.id == "probe_returned_step", found.message
    found = _probe(lambda w, lr, x: w + (ref(w, lr, x) - w) / len(x))
    assert found.id == "probe_step_divided_by_size" and "divided by N" in found.message


def test_a_dict_of_parameters_asked_and_a_tuple_returned():
    cases = _cases()
    expected = [{"w": ref(*c.args), "lr": np.asarray(c.args[1])} for c in cases]
    answers = [(e["w"], e["lr"]) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_tuple_for_dict", found.message
    # a dict update taken the wrong way is said of both parameters
    answers = [
        {k: 2 * np.asarray(c.args[0 if k == "w" else 1]) - v for k, v in e.items()}
        for c, e in zip(cases, expected)
    ]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_step_reversed" and "lr and w" in found.message


def test_a_whole_carry_returned_in_place_of_one_entry():
    cases = _cases()
    expected = [(ref(*c.args), history(*c.args)) for c in cases]
    answers = [((e[0], np.asarray(0.0)), e[1]) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert (
        found.id == "probe_entry_in_a_tuple"
        and "its value 0 is the expected entry 0" in found.message
    )


def test_a_hard_coded_lr_equal_to_the_one_size_one_case_is_not_a_mean():
    """The only right case has N = 1 and lr = 0.1, the learner's constant: the data
    proves lr is ignored, and says nothing of sums or means."""
    fixed = lambda w, lr, x: ref(w, 0.1, x)  # noqa: E731
    found = _asked(fixed, dim_name=lambda arg, axis: "N" if arg == 2 else None)
    assert found.id == "probe_ignored_argument" and "when lr changes" in found.message


def test_an_ignored_argument_needs_changes_that_move_the_reference():
    """A change of max_norm that clips nothing moves neither answer: it is no evidence,
    but two changes that move the reference's answer and not the learner's are."""
    clip = lambda w, lr, x: np.asarray(min(float(w), lr * 10))  # noqa: E731
    fixed = lambda w, lr, x: np.asarray(min(float(w), 0.5))  # noqa: E731
    found = _asked(fixed, theirs=clip)
    assert found is not None and found.id == "probe_ignored_argument", found
    assert "when lr changes" in found.message


def test_a_tuple_entry_is_right_or_not_at_the_tolerance_the_verdict_used():
    """Entry 1 is 1e-4 off everywhere, inside an exercise's atol of 3e-4; entry 0 is
    twice the step. The probe says entry 1 is right, as the verdict found it, and at the
    default tolerance it would not be. A case with its own exact tolerance (an
    invariant's) is judged exactly."""
    cases = _cases()
    expected = [(ref(*c.args), np.asarray(c.args[1])) for c in cases]
    answers = [(c.args[0] + 2 * (e[0] - c.args[0]), e[1] + 1e-4) for c, e in zip(cases, expected)]
    names = ("w", "lr", "x")
    loose = probe(Probe(cases, answers, expected, names, tolerance=(2e-4, 3e-4)))
    assert loose.message.startswith("Entry 1 of your tuple is right on every case; in entry 0")
    assert "twice" in loose.message
    strict = probe(Probe(cases, answers, expected, names))
    assert strict is None or not strict.message.startswith("Entry 1")
    cases[0].rtol = cases[0].atol = 0.0
    exact = probe(Probe(cases, answers, expected, names, tolerance=(2e-4, 3e-4)))
    assert exact is None or not exact.message.startswith("Entry 1")


def test_an_entry_of_the_wrong_shape_is_said_to_be_so_not_a_factor_of_one():
    """A (1,) entry squeezed to (): the numbers are right, the shape is not."""
    cases = _cases()
    expected = [(ref(*c.args).reshape(1), np.asarray(c.args[1])) for c in cases]
    answers = [(e[0].squeeze(), e[1]) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_reshaped", found.message
    assert "in shape () where (1,) is expected" in found.message
    assert "1 times" not in found.message


def test_a_wrong_entry_that_is_another_entry_expected_is_said_to_repeat_it():
    """(f', f'', f'') for (f', f'', f'''): the last entry is the middle one again, on
    every case, and the message says so with its number; a tuple whose wrong entry is
    no other entry's value is not said to repeat one."""
    cases = _cases()
    expected = [(ref(*c.args), 2 * ref(*c.args), np.asarray(c.args[1])) for c in cases]
    answers = [(e[0], e[1], e[1]) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_entry_repeats", found.message
    assert "entry 2 is the expected entry 1" in found.message
    assert f"your entry 2 is {fmt(expected[0][1])}, entry 1's value" in found.message
    answers = [(e[0], e[1], e[2] + 1.0) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found is None or found.id != "probe_entry_repeats"
    # the expected entries, each where another belongs: an order, not a repeat
    answers = [(e[2], e[1], e[0]) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_swapped_entries", found.message
    assert (
        "in another order" in found.message and "entry 0 is the expected entry 2" in found.message
    )


def test_a_tuple_where_one_value_is_asked_is_told_which_entry_holds_it():
    cases = _cases()
    expected = [ref(*c.args) for c in cases]
    answers = [(np.asarray(9.0), e) for e in expected]  # (a value, the answer)
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x"), source="value_and_grad"))
    assert found.id == "probe_tuple_holds_the_answer", found.message
    assert "its entry 1 is the expected value" in found.message
    assert "value_and_grad returns a pair" in found.hint
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x"), source="jax.grad"))
    assert "value_and_grad" not in found.hint  # said only of code that has it


def test_a_dict_with_its_values_under_each_others_keys():
    cases = _cases()
    expected = [{"w": ref(*c.args), "b": np.asarray(c.args[1])} for c in cases]
    answers = [{"w": e["b"], "b": e["w"]} for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_dict_values_swapped", found.message
    assert 'your "w" holds the expected "b", and your "b" holds the expected "w"' in (found.message)


def test_an_entry_in_the_wrong_shape_is_told_by_its_shape_never_as_one_times():
    """Both entries of a tuple wrong, the first a (1,) for a (): its shape is said, in
    the entry where it is; and no probe calls a right number "1 times" itself."""
    cases = _cases()
    expected = [(ref(*c.args), 2 * ref(*c.args)) for c in cases]
    answers = [(e[0].reshape(1), e[1].reshape(1)) for e in expected]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found.id == "probe_reshaped", found.message
    assert found.message.startswith("In entry 0 of your tuple, on the case")
    assert "shape (1,) where () is expected" in found.message
    assert "1 times" not in found.message


def test_a_program_returning_an_object_is_that_object_not_none():
    """A program's output tree holding a registered dataclass comes back as the object
    (a call sends it so), not as None: "got None" was false about such a file."""
    from jaxtutor.oracles.learner import rebuild

    assert repr(rebuild(Opaque("Params"), [np.ones(2), np.ones(())])) == "<Params>"
    assert rebuild((0, 1), [np.ones(2)]) is None  # a tree that does not fit stays refused


def test_a_tuple_entry_that_is_zero_on_every_wrong_case_is_said_with_the_hint_of_the_code():
    """(f', 0, 0) for (f', f'', f'''): the zero entries are said, and the hint follows the
    construct the file has (a derivative of a value, an .at[].set not kept); an entry
    that is 0 only where the expected one is 0 too is no such finding."""
    cases = _cases()
    expected = [(ref(*c.args), 2 * ref(*c.args), np.asarray(c.args[1])) for c in cases]
    answers = [(e[0], np.zeros(()), np.zeros(())) for e in expected]
    for source, said in (
        ("d = jax.grad(lambda _: value)", "derivative comes out 0"),
        ("losses.at[t].set(v)", "x.at[i].set(v) makes a new array"),
    ):
        found = probe(Probe(cases, answers, expected, ("w", "lr", "x"), source=source))
        assert found.id == "probe_zero_entries", found.message
        assert "entry 1, 2 is 0 on every case you got wrong" in found.message
        assert said in found.hint
    answers = [(e[0], e[1], np.zeros(())) for e in expected]
    zeros = [(e[0], e[1], np.zeros(())) for e in expected]
    assert probe(Probe(cases, answers, zeros, ("w", "lr", "x"))) is None


def test_an_argument_returned_unchanged_is_no_step_through_float32_rounding():
    """A float32 answer that is its float64 argument as given (an update made and not
    kept) moves from it by rounding alone: that is still no step."""
    cases = [
        Case(f"case {k}", (np.random.default_rng(k).uniform(-1, 1, 5), 0.1, np.ones(5)))
        for k in range(3)
    ]
    expected = [c.args[0] + np.linspace(1e-3, 1.0, 5) for c in cases]  # small steps too
    answers = [c.args[0].astype(np.float32) for c in cases]
    found = probe(
        Probe(cases, answers, expected, ("buffer", "lr", "rows"), source="b.at[i].set(r)")
    )
    assert found.id == "probe_no_step", found.message
    assert "Your result is buffer unchanged" in found.message
    assert "keep what it returns" in found.hint


def test_sizes_that_are_one_together_are_told_apart_by_cutting_the_others_to_one():
    """Right only where T = 1 and B = 1, which the cases draw together: the learner's
    function and the reference are called with one size kept and the other cut to 1,
    and the one whose keeping makes the answer wrong is said; without those calls, both
    are named, never one picked."""

    def mine(a, b):  # reads only a's first entry: wrong as soon as T > 1
        return np.asarray(a[0] * len(a) * np.sum(b))

    def theirs(a, b):
        return np.asarray(np.sum(a) * np.sum(b))

    rng = np.random.default_rng(1)
    cases = [
        Case(f"T={t}, B={b}", (rng.uniform(1, 2, t), rng.uniform(1, 2, b)))
        for t, b in ((1, 1), (3, 2), (2, 4))
    ]
    dims = {0: "T", 1: "B"}
    made = dict(
        cases=cases,
        answers=[mine(*c.args) for c in cases],
        expected=[theirs(*c.args) for c in cases],
        arg_names=("a", "b"),
        dim_name=lambda arg, axis: dims[arg],
    )
    found = probe(
        Probe(
            **made,
            call_many=lambda calls: [mine(*c) for c in calls],
            reference=lambda calls: [theirs(*c) for c in calls],
        )
    )
    assert found.id == "probe_only_size_one", found.message
    assert "with B alone as it is, it is right. The difference comes with T > 1." in found.message
    unmeasured = probe(Probe(**made))
    assert "where T = 1 and B = 1 (on these cases they are 1 together)" in unmeasured.message


def _cosines(w, X):
    """The cosine of w with each column of X (D, N): each example's own scale drops out."""
    return (X.T @ w) / (np.linalg.norm(X, axis=0) * np.linalg.norm(w))


def _cosine_probe(answer, find=None):
    """What `find` (every probe, in order, by default) says of `answer` on three cases."""
    rng = np.random.default_rng(1)
    cases = [
        Case(f"D=3, N={n}", (rng.uniform(0.5, 2, 3), rng.uniform(0.5, 2, (3, n))))
        for n in (2, 4, 5)
    ]

    def many(f):
        return lambda calls: [np.asarray(f(*args)) for args in calls]

    return (find or probe)(
        Probe(
            cases,
            [np.asarray(answer(*c.args)) for c in cases],
            [_cosines(*c.args) for c in cases],
            ("w", "X"),
            call_many=many(answer),
            reference=many(_cosines),
            dim_name=lambda arg, axis: ("D", "N")[axis] if arg == 1 else None,
        )
    )


def test_each_row_normalised_where_each_column_is_meant_is_a_lost_scale():
    def rows_normalised(w, X):
        return _cosines(w, X / np.linalg.norm(X, axis=1, keepdims=True))

    found = _cosine_probe(rows_normalised)
    assert found is not None and found.id == "probe_scale_lost", found
    assert "each of X's D rows (along its axis 0)" in found.message
    assert "axis=1, one per row" in found.hint


def test_a_result_that_keeps_each_rows_scale_is_no_lost_scale():
    # off by a factor: every scale kept, so scaling a row moves it as it moves the reference
    found = _cosine_probe(lambda w, X: 0.5 * _cosines(w, X) + 0.1 * X[0])
    assert found is None or found.id != "probe_scale_lost"


def test_a_result_of_zeros_is_no_lost_scale():
    # a gradient through a clip that every input is past: 0 whatever the scale, which
    # says nothing of a division by a norm or sum
    def saturated(w, X):
        return np.where(np.abs(X.T @ w) > 0.1, 0.0, X.T @ w)

    # the lost-scale probe alone: a result that is all 0 everywhere is a constant one
    # first, and in a check the clip is past only on some cases (an amplifier's)
    assert _cosine_probe(saturated, lambda p: _scale_lost(p, [0, 1, 2])) is None


def test_a_result_with_an_arguments_shape_names_that_argument():
    # a gradient taken of x, not of w: each case's result has x's shape, (N,)
    found = probe_or_fail(lambda w, lr, x: 2 * (w * x - 1.0) * w)
    assert found.id == "probe_shape", found.message
    assert "On every case you got wrong it has the shape of x." in found.message
    assert "x's shape" in found.hint


def test_a_dict_value_of_the_wrong_shape_is_said_by_its_key():
    cases = _cases()
    expected = [{"b": np.asarray(1.0), "w": ref(*c.args)} for c in cases]
    answers = [{"b": np.asarray(1.0), "w": c.args[2] * 2.0} for c in cases]
    found = probe(Probe(cases, answers, expected, ("w", "lr", "x")))
    assert found is not None and found.id == "probe_shape", found
    assert found.message.startswith("In ['w'] of your dict, on the case")
    assert "the shape of x" in found.message


def _params_step(reduce=None):
    """Cases of params {"w": (3,), "b": ()} and a step of lr * g, each entry its own g;
    with `reduce`, w's whole change made one number (reduce of the changes)."""
    rng = np.random.default_rng(1)
    cases, expected, answers = [], [], []
    for n in range(3):
        params = {"w": rng.uniform(-1, 1, 3), "b": np.asarray(rng.uniform(-1, 1))}
        g = rng.uniform(-2, 2, 3)
        cases.append(Case(f"case {n}", (params, 0.1)))
        want = {"w": params["w"] - 0.1 * g, "b": params["b"] - 0.1}
        change = -0.1 * g
        got = dict(want, w=params["w"] + (reduce(change) if reduce else change))
        expected.append(want)
        answers.append(got)
    return Probe(cases, answers, expected, ("params", "lr"))


@pytest.mark.parametrize(
    "reduce, said",
    [(np.mean, ": the mean of the expected changes"), (np.sum, ": the sum of the expected")],
)
def test_a_change_that_is_one_number_for_the_whole_array_is_said_with_what_it_equals(reduce, said):
    found = probe(_params_step(reduce))
    assert found.id == "probe_uniform_step", found.message
    assert "every entry of params['w'] moves by the same amount" in found.message.lower()
    assert said in found.message and '"case 0"' in found.message
    # one number that is neither reduction: said without naming one
    found = probe(_params_step(lambda change: 0.7 * np.max(change) + 0.01))
    assert found.id == "probe_uniform_step" and "of the expected changes" not in found.message
    # the right step says nothing, and a step right in its spread is not called uniform
    assert probe(_params_step()) is None
    found = probe(_params_step(lambda change: 2 * change))
    assert found is None or found.id != "probe_uniform_step", found.message


def test_rows_that_are_all_the_sum_or_mean_of_the_expected_rows_are_said_so():
    rng = np.random.default_rng(2)
    cases = [Case(f"case {n}", (rng.uniform(-1, 1, (n, 2)),)) for n in (2, 3, 5)]
    expected = [3.0 * c.args[0] for c in cases]  # a row of its own per example
    for reduce, said in ((np.sum, "the sum of the"), (np.mean, "the mean of the")):
        answers = [np.broadcast_to(reduce(e, axis=0), e.shape).copy() for e in expected]
        found = probe(Probe(cases, answers, expected, ("xs",)))
        assert found.id == "probe_rows_combined", found.message
        assert said in found.message and '"case 2"' in found.message
    # the right rows, one of them off: not one value for all
    answers = [e + np.eye(len(e), 2) for e in expected]
    found = probe(Probe(cases, answers, expected, ("xs",)))
    assert found is None or found.id != "probe_rows_combined"


def test_a_count_from_one_example_in_place_of_a_size_is_said_as_that_count_over_it():
    """A mean multiplied back by 3 (the lesson's three examples) is the sum times 3/N:
    right where N = 3, wrong by a factor that follows N elsewhere; a factor of 3 on
    every case is not that."""
    cases = _cases()
    total = [np.asarray(np.sum(c.args[2])) for c in cases]

    def said(answers):
        return probe(Probe(cases, answers, total, ("w", "lr", "x"), dim_name=lambda a, x: "N"))

    found = said([np.asarray(3 * np.mean(c.args[2])) for c in cases])
    assert found.id == "probe_fixed_count" and "times 3/N" in found.message
    assert "N = 1" in found.message and "1 only where N = 3" in found.message
    assert said([3 * t for t in total]).id == "probe_constant_factor"


def test_a_16_bit_float_result_is_said_by_its_dtype():
    """bfloat16 reaches the tutor as an object it cannot read; float16 as numbers, said
    only where they are off by no more than its rounding."""
    cases = _cases()
    pair = [(ref(*c.args), ref(*c.args)) for c in cases]
    found = _probe(lambda w, lr, x: (ref(w, lr, x), Opaque("bfloat16 array")), cases, pair)
    assert found.id == "probe_low_precision" and "bfloat16 array" in found.message

    def half(scale):
        return lambda w, lr, x: np.asarray(scale * ref(w, lr, x), dtype=np.float16)

    near = probe_or_fail(half(1.002))
    assert near.id == "probe_low_precision" and "float16 array" in near.message
    assert probe_or_fail(half(2.0)).id == "probe_constant_factor"


def _cubic_slope(x):
    return np.asarray(3 * float(x) ** 2 + 4 * float(x) - 3)


def test_an_input_rounded_before_use_is_found_by_asking_the_reference_there():
    """The derivative of a cubic taken at int(x): the reference asked at x rounded each
    way finds toward zero (and not down: the cases hold negative x). Only where the
    code rounds or makes an integer: the reference is asked again."""
    cases = [Case(f"x = {x}", (x,)) for x in (-1.5, 0.75, 2.25, -0.5)]

    def run(answer, source="x = float(int(x))"):
        return probe(
            Probe(
                cases,
                [answer(*c.args) for c in cases],
                [_cubic_slope(*c.args) for c in cases],
                ("x",),
                reference=lambda calls: [_cubic_slope(*a) for a in calls],
                source=source,
            )
        )

    found = run(lambda x: _cubic_slope(np.trunc(x)))
    assert found.id == "probe_rounded_input" and "toward zero" in found.message
    assert "x = -1," in found.message  # the case's x as rounded
    assert run(lambda x: _cubic_slope(np.floor(x))).message.count("rounded down") == 1
    assert run(lambda x: _cubic_slope(np.trunc(x)), source="x = jnp.asarray(x)") is None
    assert run(lambda x: _cubic_slope(x + 0.5)) is None
    # kept in float16: 11 significant bits, off by up to 1 part in 2048
    cases[:] = [Case(f"x = {x}", (x,)) for x in (-1.3813, 0.7071, 2.2361, -0.4142)]
    half = np.float16
    found = run(lambda x: _cubic_slope(float(half(x))), source="x = x.astype(jnp.float16)")
    assert found.id == "probe_rounded_input" and "float16" in found.message
    assert "float16" in found.hint
    # no float16 in the code: only the size of the difference is said
    assert run(lambda x: _cubic_slope(float(half(x)))).id == "probe_small_difference"


def test_a_difference_past_one_percent_is_not_called_small():
    # off by 2-4%, another share on each case: nothing particular, and not small
    assert _probe(lambda w, lr, x: ref(w, lr, x) * (1.03 + 0.01 * np.cos(9 * np.sum(x)))) is None


def test_a_factor_of_one_size_where_a_larger_size_is_right_is_not_said_to_follow_it():
    """Wrong only on the three-example case, where the step (or the result) is a third of
    the expected one, right on one example and on four: a factor of N would show at N = 4
    too, so it is not said to be one (a mistake wrong only at some mix of sizes, such as
    w squeezed to a scalar where D = 1 and N > 1, is right at the largest N)."""
    three = lambda x: len(x) == 3  # noqa: E731
    found = _probe(lambda w, lr, x: w + (ref(w, lr, x) - w) / (3 if three(x) else 1))
    assert found is None or "divided by N" not in found.message, found.message
    found = _probe(
        lambda w, lr, x: np.asarray(np.sum(x)) / (3 if three(x) else 1),
        expected=[np.asarray(np.sum(c.args[2])) for c in _cases()],
    )
    assert found is None or "divided by N" not in found.message, found.message

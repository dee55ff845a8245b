"""Every built-in lesson loads, and every runnable example prints what the lesson says.

A runnable example is a ```python block followed at once by an ```output block. Each
lesson's examples run as `jaxtutor lint` runs them (authoring/examples.py): in one jailed
child of their own, each in a fresh namespace, so no lesson's `jax.config` reaches
another's.
"""

from __future__ import annotations

import json
import re

import pytest

from jaxtutor.authoring import examples as lint_examples
from jaxtutor.course.lessons import builtin_dir, load_dir

LESSONS, ERRORS = load_dir(builtin_dir())


def test_every_lesson_loads():
    assert ERRORS == []
    assert len(LESSONS) >= 17
    ids = [lesson.id for lesson in LESSONS]
    assert ids[:3] == ["grad_basics", "higher_order_grad", "argnums"]
    assert len(set(ids)) == len(ids)


LINK = re.compile(r"\[([a-z_]+)\]\(([0-9a-z_]+\.toml)\)")


def test_each_lesson_has_enough_hints_and_links():
    # every lesson names what it builds on and links to the next one (the last links back)
    for lesson, following in zip(LESSONS, [*LESSONS[1:], None]):
        assert len(lesson.exercise.hints) >= 4, lesson.id
        if lesson.order > 1:
            assert "**You should already know:**" in lesson.explanation, lesson.id
        if following is None:
            assert "**Back to:**" in lesson.explanation, lesson.id
        else:
            link = f"**Next:** [{following.id}]({following.path.name})"
            assert link in lesson.explanation, lesson.id


def test_lesson_links_name_real_lessons():
    files = {lesson.path.name: lesson.id for lesson in LESSONS}
    for lesson in LESSONS:
        for lesson_id, file_name in LINK.findall(lesson.explanation):
            assert files.get(file_name) == lesson_id, (lesson.id, file_name)


def examples(lesson):
    return [(e.code, e.claimed) for e in lint_examples.examples(lesson)]


@pytest.mark.parametrize(
    "lesson", [lesson for lesson in LESSONS if examples(lesson)], ids=lambda lesson: lesson.id
)
def test_examples_print_what_the_lesson_claims(lesson, server):
    assert [p.text() for p in lint_examples.check_examples(lesson, server)] == []


def test_the_course_has_the_promised_examples():
    by_id = {lesson.id: lesson for lesson in LESSONS}
    assert "17.0 16.0 6.0" in by_id["higher_order_grad"].explanation
    assert "0.64 0.8" in by_id["sequential_vs_accumulated"].explanation


PARTS = ["Foundations", "Training loops", "The wider toolbox", "The practitioner's toolkit"]


def test_the_course_is_grouped_into_parts_in_order():
    # each part is one run of lessons, so the outline shows each heading once
    runs = [
        lesson.part
        for i, lesson in enumerate(LESSONS)
        if i == 0 or lesson.part != LESSONS[i - 1].part
    ]
    assert runs == PARTS
    assert [lesson.id for lesson in LESSONS if lesson.part == "The wider toolbox"] == [
        "purity_under_jit",
        "seeing_traces",
        "pytrees",
        "immutable_arrays",
        "donated_buffers",
        "random_keys",
        "keys_per_step",
        "control_flow",
        "where_nan",
        "dynamic_shapes",
        "dtypes",
        "optimizer_state",
        "optax_basics",
        "capstone_training_run",
    ]
    assert [lesson.id for lesson in LESSONS if lesson.part == PARTS[3]] == [
        "switch_and_operands",
        "forward_mode",
        "custom_derivatives",
        "debugging",
        "async_dispatch",
        "checkpointing",
        "mixed_precision",
        "dataclass_params",
        "data_parallel",
    ]


def test_every_new_lesson_has_examples_whose_output_is_checked():
    # test_examples_print_what_the_lesson_claims runs every one of them
    for lesson in LESSONS:
        if lesson.part in PARTS[2:]:
            assert len(examples(lesson)) >= 2, lesson.id


def test_corrected_claims_stay_corrected():
    by_id = {lesson.id: lesson.explanation for lesson in LESSONS}
    # a jitted function reading a global keeps the batch it was traced with
    assert "print(global_step(0.0))" in by_id["closures_train_step"]
    assert "-0.2\n-0.2\n0.6" in by_id["closures_train_step"]
    assert "only when *your own Python code*" not in by_id["closures_train_step"]
    assert "tape" not in by_id["grad_basics"].lower()
    assert "weakly typed" in by_id["jit_dynamic_lr"]
    assert "lax.scan(step, 0, xs)" in by_id["scan_basics"]
    # the first example teaches on another function than the exercise's
    for lesson_id in ("closures_train_step", "jit_dynamic_lr"):
        lesson = next(lesson for lesson in LESSONS if lesson.id == lesson_id)
        first = examples(lesson)[0][0]
        assert f"def {lesson.exercise.function}(" not in first, lesson_id


def test_claims_about_the_wider_toolbox_stay_corrected():
    by_id = {lesson.id: lesson.explanation for lesson in LESSONS}
    # where's unpicked side: nan gradient, and the inner where that avoids it
    assert "nan 0.0" in by_id["control_flow"]
    assert "jnp.where(x > 0, x, 1.0)" in by_id["control_flow"]
    assert "flows through the\npicked side only" not in by_id["control_flow"]
    # a Python if works under plain grad, fails under jit
    assert "jit: TracerBoolConversionError" in by_id["control_flow"]
    # momentum tolerates larger rates on the bowl: the old sentence said the opposite
    assert "can be too large with it" not in by_id["optimizer_state"]
    assert "1 + beta = 1.9" in by_id["optimizer_state"]
    # a jitted function's argument is copied unless donated
    assert "donate_argnums" in by_id["immutable_arrays"]
    assert "usually costs no copy" not in by_id["immutable_arrays"]
    # more than shapes and dtypes make jit trace again
    assert "float32 array 2.0: traced" in by_id["purity_under_jit"]
    assert "every call builds it" not in by_id["closures_train_step"]
    # a safe value of 0 still gives the right gradient; jax_debug_nans is what it upsets
    assert "zero times\na finite number is zero" not in by_id["where_nan"]
    assert "0.0 FloatingPointError" in by_id["where_nan"]
    # scan traces its step once; split(key, T)[t] and fold_in(key, t) are two recipes
    assert "runs its step function once per row" not in by_id["keys_per_step"]
    assert "`split(key, T)[t]` is `fold_in(key, t)`" in by_id["keys_per_step"]
    # concrete array bounds work in fori_loop; traced ones are what fail
    assert "when `lo` and `hi` are Python ints" not in by_id["control_flow"]
    # the lessons that use float32 and weak types before lesson 22 say what they need
    assert "float32 is JAX's float" in by_id["higher_order_grad"]
    assert "[dtypes](22_dtypes.toml)" not in by_id["seeing_traces"]


# what each exercise's answer turns on; its lesson's examples must not show it
GIVEAWAYS = {
    "pytrees": ["lambda p, g: p -"],
    "optimizer_state": ["/ (1.0 + t)"],
    "capstone_training_run": ["jax.random.permutation(", "jnp.minimum(1.0,"],
    # a scan over the step numbers beside the rows; a guarded sqrt; Adam's state in a carry
    "keys_per_step": ["(jnp.arange(steps.shape[0]), steps)", "lax.scan(step,"],
    "where_nan": ["jnp.sqrt("],
    "optax_basics": ["lax.scan(", "(w, opt.init(w))"],
}


def test_examples_teach_on_another_problem_than_the_exercise():
    by_id = {lesson.id: lesson for lesson in LESSONS}
    for lesson_id, fragments in GIVEAWAYS.items():
        lesson = by_id[lesson_id]
        codes = [code for code, _ in examples(lesson)]
        for fragment in fragments:
            assert fragment in lesson.exercise.solution, (lesson_id, fragment)
            assert not any(fragment in code for code in codes), (lesson_id, fragment)
    # immutable_arrays: adding at an array of indices (repeated ones add up) is the answer
    lesson = by_id["immutable_arrays"]
    assert ".at[labels].add(values)" in " ".join(lesson.exercise.hints)
    for code, _ in examples(lesson):
        for index in re.findall(r"\.at\[((?:(?!\.at\[)[^\n])*?)\]\.add\(", code):
            assert re.fullmatch(r"-?\d+", index.strip()), index


def test_part_headings_mark_where_each_part_begins():
    from dataclasses import replace

    from jaxtutor.course.lessons import part_headings

    one = LESSONS[0]
    parts = ["", "", "A", "A", "B", "", "A"]
    lessons = [replace(one, part=part) for part in parts]
    assert part_headings(lessons) == [None, None, "A", None, "B", "Other lessons", "A"]
    assert part_headings([]) == []


def test_parsed_lesson_files_are_remembered_by_their_content(tmp_path, monkeypatch):
    """The app reads every lesson file on start: their parsed form is kept (JSON, by
    content), gives the same lessons, follows an edited file at once, and a cache that
    cannot be read is no error."""
    import shutil

    from jaxtutor.course import lessons as module

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    folder = tmp_path / "lessons"
    shutil.copytree(module.builtin_dir(), folder)

    def load():
        monkeypatch.setattr(module, "_PARSED", module.KeptAsJson("lessons.json"))  # a new process
        found, errors = module.load_dir(folder)
        assert errors == []
        return [
            (x.id, x.title, x.explanation, x.exercise.config, x.exercise.solution) for x in found
        ]

    parsed = load()
    cache = module._PARSED.path()
    assert cache.is_relative_to(tmp_path / "cache") and not (tmp_path / "home").exists()
    assert cache.is_file() and len(json.loads(cache.read_text())) == len(parsed)
    assert load() == parsed
    first = sorted(folder.glob("0*.toml"))[0]
    first.write_text(first.read_text().replace("title = ", "title = 'Edited' #", 1))
    assert load()[0][1] == "Edited"
    cache.write_text("{not json")
    assert load()[1:] == parsed[1:]


def test_each_lesson_says_the_sizes_its_check_draws_and_its_cases_keep_to_them():
    """A pass claims no more than the check draws: the task's sizes are said where the
    learner reads it (an answer that breaks only past N = 64 is then right on the task),
    and no case a check draws, fixed or hidden, leaves them."""
    import numpy as np

    from jaxtutor.oracles.generic.cases import prepare

    sized = [lesson for lesson in LESSONS if lesson.exercise.config.get("sizes")]
    assert len(sized) >= 25
    for lesson in sized:
        ex = lesson.exercise
        sizes = ex.config["sizes"]
        said = re.search(rf"The check calls `{ex.function}` with ([^:.]*)", lesson.explanation)
        assert said is not None, lesson.id
        for name, size in sizes.items():
            if isinstance(size, dict):
                assert f"{name} from {size['min']} to {size['max']}" in said.group(1), lesson.id
                allowed = range(size["min"], size["max"] + 1)
            else:
                assert all(str(n) in said.group(1) for n in size), lesson.id
                allowed = size
            for seed in range(3):
                for case in prepare(ex, seed).cases:
                    for arg, value in zip(ex.config["args"], case.args):
                        for axis, named in enumerate(arg.get("shape", [])):
                            if named == name:
                                assert np.shape(value)[axis] in allowed, (lesson.id, case.name)


_NUMBER = r"-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?"
# "from -1 to 1 or 10 to 1000, of either sign, and 0": the ranges said, then the values
_DRAWN = (
    rf"(of size|from) ((?:{_NUMBER} to {_NUMBER}(?: or )?)+)(, of either sign)?"
    rf"(, and (?:{_NUMBER}(?:, | and )?)+)?"
)


def _said(pattern: str, lesson) -> tuple[str, list[tuple[float, float]], bool]:
    """The kind said by `pattern`'s group, the ranges and values said after it as
    (low, high) pairs, and whether only sizes are said (either sign)."""
    said = re.search(pattern, lesson.explanation)
    assert said is not None, (lesson.id, pattern)
    kind, _, spans, signed, points = said.groups()
    ranges = [tuple(map(float, span.split(" to "))) for span in spans.split(" or ")]
    ranges += [(float(p), float(p)) for p in re.findall(_NUMBER, points or "")]
    return kind, ranges, bool(signed)


def test_each_lesson_says_the_values_of_its_scalars_and_its_cases_keep_to_them():
    """The same for single values (an lr, a seed): each is said with its type and range
    where the learner reads the task (an answer that diverges only at lr = 10 is then
    right on it), and no hidden case passes another (the fixed ones are shown)."""
    import numpy as np

    from jaxtutor.oracles.generic.cases import prepare

    told = 0
    for lesson in LESSONS:
        ex = lesson.exercise
        for index, arg in enumerate(ex.config.get("args", [])):
            if arg.get("shape"):
                continue
            kinds = "a Python float|a Python int|an int32|a float"
            kind, ranges, signed = _said(rf"`{arg['name']}` is ({kinds}) {_DRAWN}[.;( ]", lesson)
            for seed in range(3):
                for case in prepare(ex, seed).hidden:
                    value = case.args[index]
                    assert isinstance(value, int) == (kind == "a Python int"), lesson.id
                    assert isinstance(value, float) == (kind == "a Python float"), lesson.id
                    size = abs(float(value)) if signed else float(value)
                    within = any(low <= size <= high for low, high in ranges)
                    assert within or any(np.isclose(size, low) for low, _ in ranges), (
                        lesson.id,
                        arg["name"],
                        case.name,
                        value,
                    )
            told += 1
    assert told >= 20


def test_each_lesson_says_what_its_arrays_hold_and_its_random_cases_keep_to_it():
    """The same for arrays' entries, in the hidden cases drawn at random (a declared
    edge, named in the results, may go beyond): a column of zeros where every entry is
    drawn from 0.5 up is not in the task."""
    import numpy as np

    from jaxtutor.oracles.generic.cases import prepare

    told = 0
    for lesson in LESSONS:
        ex = lesson.exercise
        for index, arg in enumerate(ex.config.get("args", [])):
            if not arg.get("shape"):
                continue
            pattern = rf"(floats|int32s) {_DRAWN} \([^)]*`{arg['name']}`"
            kind, ranges, signed = _said(pattern, lesson)
            for seed in range(3):
                for case in prepare(ex, seed).hidden:
                    if case.declared:
                        continue
                    entries = np.asarray(case.args[index])
                    assert (entries.dtype.kind == "i") == (kind == "int32s"), lesson.id
                    sizes = np.abs(entries) if signed else entries
                    within = np.zeros(entries.shape, bool)
                    for low, high in ranges:
                        within |= (low <= sizes) & (sizes <= high)
                    assert within.all(), (lesson.id, arg["name"], case.name, entries[~within])
            told += 1
    assert told >= 40

"""Every built-in lesson loads, and every runnable example prints what the lesson says.

A runnable example is a ```python block followed at once by an ```output block. Each
lesson's examples run with real JAX in a process of their own, each in a fresh namespace:
a fork of one that imported JAX, so that no lesson's `jax.config` reaches another's.
"""

from __future__ import annotations

import json
import re
import select
import subprocess
import sys

import pytest

from jaxtutor.course.lessons import builtin_dir, load_dir

EXAMPLE = re.compile(r"```python\n(.*?)\n```\s*\n```output\n(.*?)\n```", re.S)
RUNNER = r"""
import contextlib, io, json, os, sys
import jax, jax.numpy  # once: each lesson's examples run in a fork (importing starts no thread)


def run(codes):
    results = []
    for code in codes:
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                exec(compile(code, "<example>", "exec"), {"__name__": "__example__"})
        except BaseException as exc:
            out.write(f"raised {type(exc).__name__}: {exc}")
        results.append(out.getvalue())
    return results


for line in sys.stdin:
    pid = os.fork()
    if pid == 0:
        print(json.dumps(run(json.loads(line))), flush=True)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    if status:
        print(json.dumps({"status": status}), flush=True)
"""


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
    return EXAMPLE.findall(lesson.explanation)


@pytest.fixture(scope="module")
def runner():
    with subprocess.Popen(
        [sys.executable, "-c", RUNNER],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={"JAX_PLATFORMS": "cpu", "PATH": "/usr/bin:/bin"},
    ) as process:
        yield process
        process.stdin.close()


@pytest.mark.parametrize(
    "lesson", [lesson for lesson in LESSONS if examples(lesson)], ids=lambda lesson: lesson.id
)
def test_examples_print_what_the_lesson_claims(lesson, runner):
    pairs = examples(lesson)
    runner.stdin.write(json.dumps([c for c, _ in pairs]) + "\n")
    runner.stdin.flush()
    if not select.select([runner.stdout], [], [], 120)[0]:
        runner.kill()  # its answer would come to the next lesson's test
        pytest.fail("the examples ran for 2 minutes")
    printed = json.loads(runner.stdout.readline())
    assert isinstance(printed, list), printed  # else the fork's exit status
    for (code, claimed), text in zip(pairs, printed, strict=True):
        assert text.rstrip("\n") == claimed, f"example:\n{code}"


def test_the_course_has_the_promised_examples():
    by_id = {lesson.id: lesson for lesson in LESSONS}
    assert "17.0 16.0 6.0" in by_id["higher_order_grad"].explanation
    assert "0.64 0.8" in by_id["sequential_vs_accumulated"].explanation


PARTS = ["Foundations", "Training loops", "The wider toolbox"]


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
        "pytrees",
        "immutable_arrays",
        "donated_buffers",
        "random_keys",
        "keys_per_step",
        "control_flow",
        "dynamic_shapes",
        "optimizer_state",
        "optax_basics",
        "capstone_training_run",
    ]


def test_every_new_lesson_has_examples_whose_output_is_checked():
    # test_examples_print_what_the_lesson_claims runs every one of them
    for lesson in LESSONS:
        if lesson.part == "The wider toolbox":
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

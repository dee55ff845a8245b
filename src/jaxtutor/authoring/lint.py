"""`jaxtutor lint`: every problem in lesson files, with file:line:column and a fix.

First the files are read as data: keys (with "did you mean"), types, ids, prerequisites,
order, hints, oracle names, Python in Markdown and in the exercise's programs. Then each
exercise that reads cleanly is proved with real checks: the starter must not pass, the
solution (and a separate reference) must pass, and every mutant must fail and be
recognised as itself; and each example in an explanation must print its ```output block.
"""

from __future__ import annotations

import contextlib
import functools
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jaxtutor.authoring.crossfile import cross_check
from jaxtutor.authoring.examples import check_examples
from jaxtutor.authoring.problems import Problem, Result
from jaxtutor.authoring.prove import prove
from jaxtutor.authoring.schema import lint_file, lint_manifest
from jaxtutor.course.lessons import builtin_dir, load_dir


def lesson_files(paths: list[Path]) -> tuple[list[Path], list[Path]]:
    """Lesson files and pack manifests among the given files and folders."""
    files, manifests = [], []
    for path in paths:
        if path.is_dir():
            files += sorted(p for p in path.glob("*.toml") if p.name != "pack.toml")
            if (path / "pack.toml").is_file():
                manifests.append(path / "pack.toml")
        elif path.name == "pack.toml":
            manifests.append(path)
        else:
            files.append(path)
    return files, manifests


def lint(
    paths: list[Path] | None = None,
    prove_exercises: bool = True,
    jobs: int = 2,
    run_examples: bool | None = None,
) -> Result:
    """`run_examples`: run the explanations' examples (default: when proving)."""
    paths = [Path(p) for p in paths] if paths else [builtin_dir()]
    result = Result()
    for path in paths:
        if not path.exists():
            result.problems.append(
                Problem(
                    path,
                    1,
                    1,
                    "missing-file",
                    "no such file or folder",
                    "Give the path of a lesson file or a folder of them.",
                )
            )
    files, manifests = lesson_files([p for p in paths if p.exists()])
    result.files = files + manifests
    for manifest in manifests:
        result.problems += lint_manifest(manifest)
    lessons = []
    for path in files:
        lesson, problems = lint_file(path)
        result.problems += problems
        if lesson is not None:
            lessons.append(lesson)
    builtin = builtin_dir().resolve()
    elsewhere = set()
    if any(p.resolve().parent != builtin for p in files):  # a pack may build on the course
        elsewhere = {lesson.id for lesson in load_dir(builtin_dir())[0]}
    result.problems += cross_check(lessons, elsewhere)
    run_examples = prove_exercises if run_examples is None else run_examples
    clean = [
        lesson for lesson in lessons if not any(p.path == lesson.path for p in result.problems)
    ]
    # examples run where their Markdown reads cleanly, whatever else is wrong
    readable = [
        lesson
        for lesson in lessons
        if not any(
            p.path == lesson.path and p.code in ("python-syntax", "markdown")
            for p in result.problems
        )
    ]
    proving = clean if prove_exercises else []
    running = readable if run_examples else []
    if not (proving or running):
        return result
    # one fork server for every proof and every lesson's examples: JAX is imported once
    from jaxtutor.runner.host.runners import OneOff

    with contextlib.closing(OneOff.with_fork_server()) as shared:
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            ran = pool.map(functools.partial(check_examples, server=shared.server), running)
            proofs = pool.map(functools.partial(prove, server=shared.server), proving)
            for problems in ran:
                result.problems += problems
            for lesson, problems in zip(proving, proofs):
                result.problems += problems
                if not problems:
                    result.proved.append(lesson.id)
    return result

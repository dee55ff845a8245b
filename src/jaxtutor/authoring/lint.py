"""`jaxtutor lint`: every problem in lesson files, with file:line:column and a fix.

First the files are read as data: keys (with "did you mean"), types, ids, prerequisites,
order, hints, oracle names, Python in Markdown and in the exercise's programs. Then each
exercise that reads cleanly is proved with real checks: the starter must not pass, the
solution (and a separate reference) must pass, and every mutant must fail and be
recognised as itself; each example in an explanation must print its ```output block; and
each wrong answer in the lesson's corpus (authoring/corpus.py) gets what its header asks.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from jaxtutor.authoring import corpus as answers
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
    corpus: Sequence[Path] = (),
) -> Result:
    """`run_examples`: run the explanations' examples (default: when proving). `corpus`:
    folders of wrong answers, one folder per lesson id, besides each lesson folder's own
    `corpus/`."""
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
    # a pack may build on the course, and one lesson of it may be linted alone
    linted = {p.resolve() for p in files}
    course = [
        lesson for lesson in load_dir(builtin_dir())[0] if lesson.path.resolve() not in linted
    ]
    elsewhere = {lesson.id for lesson in course}
    skills = frozenset(skill for lesson in course for skill in lesson.skills)
    result.problems += cross_check(lessons, elsewhere, skills)
    roots = {p.parent / "corpus" for p in files} | {Path(c) for c in corpus}
    result.problems += _unknown_corpus_folders(roots, {lesson.id for lesson in lessons} | elsewhere)
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
            proofs = pool.map(
                lambda lesson: prove(
                    lesson,
                    shared.server,
                    [f for root in sorted(roots) for f in answers.files(root / lesson.id)],
                ),
                proving,
            )
            for problems in ran:
                result.problems += problems
            for lesson, problems in zip(proving, proofs):
                result.problems += problems
                if not problems:
                    result.proved.append(lesson.id)
    return result


def _unknown_corpus_folders(roots: set[Path], ids: set[str]) -> list[Problem]:
    """A corpus folder named for no lesson would be skipped without a word."""
    return [
        Problem(
            folder,
            1,
            1,
            "corpus-unknown-lesson",
            f"corpus folder {folder.name!r} is named for no lesson here",
            "Name each corpus folder by the id of the lesson its answers are for.",
        )
        for root in sorted(roots)
        if root.is_dir()
        for folder in sorted(root.iterdir())
        if folder.is_dir() and folder.name not in ids and answers.files(folder)
    ]

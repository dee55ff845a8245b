"""Finding a class's submissions and reading them as handed in: one per student, a
file or a folder; nothing below the folder the teacher named is followed (see
handed_in)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from jaxtutor import handed_in
from jaxtutor.course.lessons import Exercise

_SKIP_DIRS = {"__pycache__", ".git", ".ipynb_checkpoints"}


@dataclass
class Submission:
    student: str
    path: Path | None  # the file graded, None when none could be picked
    source: str | None = None
    problem: str = ""  # why it could not be graded
    folder: Path | None = None  # a student's own folder, shown read-only to their run
    root: Path | None = None  # the folder the teacher named: nothing below it is followed


def _visible(path: Path) -> bool:
    return not path.name.startswith((".", "_")) and path.name not in _SKIP_DIRS


def pick_in_folder(folder: Path, exercise: Exercise) -> tuple[Path | None, str]:
    """The .py file of a student's folder: the only one, or the only one that defines
    the exercise's function, or one named after the exercise or `solution.py`."""
    files = sorted(
        p
        for p in folder.rglob("*.py")
        if p.is_file() and all(map(_visible, map(Path, p.relative_to(folder).parts)))
    )
    if not files:
        return None, "no .py file in the folder"
    if len(files) == 1:
        return files[0], ""
    for name in (f"{exercise.id}.py", "solution.py"):
        named = [p for p in files if p.name == name]
        if len(named) == 1:
            return named[0], ""
    defines = re.compile(rf"^\s*def\s+{re.escape(exercise.function)}\s*\(", re.M)
    defining = [p for p in files if defines.search(_text(p, folder))]
    if len(defining) == 1:
        return defining[0], ""
    listed = ", ".join(str(p.relative_to(folder)) for p in files)
    return None, f"cannot tell which file to grade: {listed}"


def _text(path: Path, within: Path) -> str:
    """The file's text, or nothing when it cannot be read as handed in (see handed_in)."""
    try:
        return handed_in.read(path, within)
    except handed_in.Refused:
        return ""


def find_submissions(paths: list[Path], exercise: Exercise) -> list[Submission]:
    """One Submission per student. A PATH that is a file is one student (the file's
    stem); a folder holds one student per .py file or per sub-folder. Below a PATH,
    nothing is followed: a student's file or folder that is a symbolic link is refused
    in that student's row (it would grade someone else's work, or any file we can read)."""
    found: list[Submission] = []
    for path in map(Path, paths):
        if path.is_file():
            found.append(Submission(path.stem, path, root=path.parent))
        elif path.is_dir():
            for entry in sorted(filter(_visible, path.iterdir())):
                if handed_in.is_link(entry) and (entry.suffix == ".py" or entry.is_dir()):
                    name = entry.stem if entry.suffix == ".py" else entry.name
                    found.append(
                        Submission(
                            name,
                            None,
                            problem=f"{entry.name} is a symbolic "
                            "link; only plain files and folders are graded",
                        )
                    )
                elif entry.is_file() and entry.suffix == ".py":
                    found.append(Submission(entry.stem, entry, root=path))
                elif entry.is_dir():
                    picked, problem = pick_in_folder(entry, exercise)
                    found.append(
                        Submission(entry.name, picked, problem=problem, folder=entry, root=path)
                    )
        else:
            found.append(Submission(path.stem or str(path), None, problem=f"no such file: {path}"))
    _unique_names(found)
    for sub in found:  # read everything now, before any learner code can touch the files
        if sub.path is not None and not sub.problem:
            try:
                sub.source = handed_in.read(sub.path, sub.root)
            except handed_in.Refused as refused:
                sub.problem = str(refused)
    return found


def _unique_names(subs: list[Submission]) -> None:
    counts = Counter(s.student for s in subs)
    for sub in subs:
        if counts[sub.student] > 1 and sub.path is not None:
            sub.student = f"{sub.student} ({sub.path})"

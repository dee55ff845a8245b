"""Grading a class: many submissions, one exercise, the same checker as `jaxtutor check`.

Each submission is read into memory before any learner code runs (so no submission can
rewrite another's file), then checked in a child process of its own through
`check_source`. A run that ended abnormally (crash, timeout, memory, internal) is run
once more with nothing else running, so another submission (or a busy machine) cannot
decide its verdict. Rows come back sorted by student, whatever order the runs ended in.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import re
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from jaxtutor import handed_in
from jaxtutor.check import check_source
from jaxtutor.course.lessons import Exercise
from jaxtutor.oracles.cases import fresh_seed
from jaxtutor.render import outfile
from jaxtutor.render.outfile import safe_cell
from jaxtutor.render.safe_text import inert, inert_text
from jaxtutor.verdict import Outcome, Verdict

if TYPE_CHECKING:
    from rich.console import JustifyMethod

NOT_CHECKED = "not_checked"  # the row's outcome when there was nothing to run
_RETRY = {Outcome.CRASHED, Outcome.TIMEOUT, Outcome.MEMORY_LIMIT, Outcome.INTERNAL_ERROR}
GRADE_KIND = "jaxtutor-grade"  # what `jaxtutor grade --format json` writes
_SKIP_DIRS = {"__pycache__", ".git", ".ipynb_checkpoints"}


@dataclass
class Submission:
    student: str
    path: Path | None  # the file graded, None when none could be picked
    source: str | None = None
    problem: str = ""  # why it could not be graded
    folder: Path | None = None  # a student's own folder, shown read-only to their run
    root: Path | None = None  # the folder the teacher named: nothing below it is followed


@dataclass
class Row:
    student: str
    file: str
    status: str  # pass | fail | error
    outcome: str  # Outcome name in lower case, or not_checked
    passed: int
    total: int
    misconception: str
    duration_s: float
    message: str
    retried: bool = False
    # the whole verdict, for formats that show every case (JUnit); not in the JSON rows
    verdict: Verdict | None = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {
            "student": self.student,
            "file": self.file,
            "status": self.status,
            "outcome": self.outcome,
            "tests_passed": self.passed,
            "tests_total": self.total,
            "misconception": self.misconception or None,
            "duration_s": round(self.duration_s, 3),
            "message": self.message,
            "retried": self.retried,
        }


@dataclass
class Summary:
    submissions: int
    passed: int
    statuses: dict[str, int]
    outcomes: dict[str, int]
    misconceptions: list[tuple[str, int]] = field(default_factory=list)  # most common first

    def to_json(self) -> dict:
        return {
            "submissions": self.submissions,
            "passed": self.passed,
            "statuses": self.statuses,
            "outcomes": self.outcomes,
            "misconceptions": [{"id": i, "count": n} for i, n in self.misconceptions],
        }


# -- finding the submissions -------------------------------------------------------------


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


# -- sharding a class ------------------------------------------------------------------------


def parse_shard(text: str) -> tuple[int, int]:
    """`K/N` (1 <= K <= N) as (K, N); ValueError saying what is wrong."""
    k, sep, n = text.partition("/")
    if not sep or not k.strip().isdigit() or not n.strip().isdigit():
        raise ValueError(f"--shard wants K/N, such as 1/4, not {text!r}")
    k_, n_ = int(k), int(n)
    if not 1 <= k_ <= n_:
        raise ValueError(f"--shard {text}: K must be between 1 and N")
    return k_, n_


def shard_of(student: str, shards: int) -> int:
    """The shard (1..shards) a student's submission belongs to: a hash of the name alone,
    so it is the same on every machine, whatever else is in the folder or its order
    (Python's own hash() changes with every process)."""
    digest = hashlib.sha256(student.encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:8], "big") % shards + 1


def in_shard(submissions: list[Submission], shard: tuple[int, int] | None) -> list[Submission]:
    if shard is None:
        return submissions
    k, n = shard
    return [s for s in submissions if shard_of(s.student, n) == k]


def merge_results(results: list[dict]) -> dict:
    """The JSON results of a class graded in shards, as one: every row, sorted as a
    single run sorts them, and the summary counted again. ValueError when the parts do
    not belong together (another exercise, seed or pack) or a student is in two."""
    if not results:
        raise ValueError("nothing to merge")
    first = results[0]
    for other in results[1:]:
        for key in ("exercise", "seed", "pack"):
            if other.get(key) != first.get(key):
                raise ValueError(
                    f"the results differ in {key}: {first.get(key)!r} and "
                    f"{other.get(key)!r}; grade every shard with the same "
                    "exercise and --seed"
                )
    rows, seen = [], set()
    for result in results:
        for row in result["rows"]:
            if row["student"] in seen:
                raise ValueError(f"{row['student']!r} is in two of the results")
            seen.add(row["student"])
            rows.append(row)
    rows.sort(key=lambda r: (r["student"].casefold(), r["student"]))
    merged = dict(first)
    merged["rows"] = rows
    merged["summary"] = summarize([row_from_json(r) for r in rows]).to_json()
    merged["graded_at"] = max(r.get("graded_at") or "" for r in results)
    merged.pop("shard", None)
    return merged


def row_from_json(data: dict) -> Row:
    return Row(
        data["student"],
        data["file"],
        data["status"],
        data["outcome"],
        data["tests_passed"],
        data["tests_total"],
        data["misconception"] or "",
        data["duration_s"],
        data["message"],
        data.get("retried", False),
    )


# -- grading ------------------------------------------------------------------------------


def row_for(sub: Submission, verdict: Verdict | None, retried: bool = False) -> Row:
    file = sub.path.name if sub.path else ""
    if verdict is None:
        return Row(sub.student, file, "error", NOT_CHECKED, 0, 0, "", 0.0, sub.problem)
    passed = sum(t.status == "pass" for t in verdict.tests)
    return Row(
        sub.student,
        file,
        verdict.status,
        verdict.outcome.name.lower(),
        passed,
        len(verdict.tests),
        verdict.diagnosis.id if verdict.diagnosis else "",
        verdict.duration_s,
        verdict.message.strip().splitlines()[0] if verdict.message else "",
        retried,
        verdict,
    )


def _check(exercise: Exercise, sub: Submission, seed: int, pool) -> Verdict:
    folder = str(sub.folder) if sub.folder else None  # so `from helper import x` works
    filename = sub.path.name if sub.path else "solution.py"
    assert sub.source is not None  # grade() checks only the submissions it could read
    return check_source(
        exercise, sub.source, filename=filename, seed=seed, runners=pool, submission=folder
    )


def grade(
    exercise: Exercise,
    submissions: list[Submission],
    jobs: int | None = None,
    seed: int = 0,
    on_done: Callable[[Row], None] | None = None,
    warm: bool = True,
) -> list[Row]:
    """Check every submission; `on_done` is told of each row as it is ready (the retry
    pass may later replace a row). Never raises for a submission's sake."""
    from jaxtutor.runner.host.pool import WarmPool

    jobs = max(1, jobs or os.cpu_count() or 1)
    todo = [s for s in submissions if s.source is not None and not s.problem]
    rows: dict[int, Row] = {}
    verdicts: dict[int, Verdict] = {}
    for i, sub in enumerate(submissions):
        if sub.source is None or sub.problem:
            rows[i] = row_for(sub, None)
            on_done and on_done(rows[i])
    index = {id(s): i for i, s in enumerate(submissions)}

    def run(sub: Submission, pool) -> Verdict:
        try:
            return _check(exercise, sub, seed, pool)
        except Exception as exc:  # a bug of ours must not stop the class's grading
            return Verdict(exercise.id, Outcome.INTERNAL_ERROR, f"jaxtutor failed: {exc!r}")

    pool = WarmPool(size=min(jobs, len(todo))) if warm and todo else None
    try:
        with ThreadPoolExecutor(max_workers=jobs) as executor:
            futures = {executor.submit(run, sub, pool): sub for sub in todo}
            for future in as_completed(futures):
                sub = futures[future]
                i = index[id(sub)]
                verdicts[i] = future.result()
                rows[i] = row_for(sub, verdicts[i])
                on_done and on_done(rows[i])
    finally:
        if pool is not None:
            pool.close()
    # abnormal endings again, one at a time, with no other learner code running
    for i in sorted(i for i, v in verdicts.items() if v.outcome in _RETRY):
        rows[i] = row_for(submissions[i], run(submissions[i], None), retried=True)
        on_done and on_done(rows[i])
    return sorted(rows.values(), key=lambda r: (r.student.casefold(), r.student))


def summarize(rows: list[Row]) -> Summary:
    statuses = Counter(r.status for r in rows)
    outcomes = Counter(r.outcome for r in rows)
    misconceptions = Counter(r.misconception for r in rows if r.misconception)
    ranked = sorted(misconceptions.items(), key=lambda kv: (-kv[1], kv[0]))
    return Summary(
        len(rows),
        statuses.get("pass", 0),
        dict(sorted(statuses.items())),
        dict(sorted(outcomes.items())),
        ranked,
    )


# -- writing the results ---------------------------------------------------------------------

CSV_COLUMNS = [
    "student",
    "file",
    "status",
    "outcome",
    "tests_passed",
    "tests_total",
    "misconception",
    "duration_s",
    "message",
    "retried",
]


def to_csv(rows: list[Row]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        data = row.to_json()
        data["misconception"] = data["misconception"] or ""
        writer.writerow({k: safe_cell(data[k]) for k in CSV_COLUMNS})
    return out.getvalue()


def to_json(
    exercise: Exercise, seed: int, rows: list[Row], pack: dict, shard: tuple[int, int] | None = None
) -> dict:
    data = {
        "version": 1,
        "kind": GRADE_KIND,
        "pack": pack,
        "exercise": exercise.id,
        "seed": seed,
        "graded_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "rows": [r.to_json() for r in rows],
        "summary": summarize(rows).to_json(),
    }
    if shard is not None:  # `jaxtutor report` merges the shards into one
        data["shard"] = f"{shard[0]}/{shard[1]}"
    return data


def to_junit(exercise_id: str, seed: int, rows: list[Row]) -> str:
    """A <testsuite> per student, a <testcase> per case (see junit.py)."""
    from jaxtutor.render import junit

    suites = [
        junit.verdict_suite(r.verdict, r.student, r.file)
        if r.verdict is not None
        else junit.unchecked_suite(exercise_id, r.student, r.message)
        for r in rows
    ]
    return junit.document(suites, f"jaxtutor grade {exercise_id} --seed {seed}")


_STYLE = {"pass": "green", "fail": "red", "error": "yellow"}


def render_table(exercise_id: str, seed: int, rows: list[Row]):
    """A Rich renderable: the rows, then the summary a teacher reads first."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def cell(text: str, style: str = "") -> Text:  # names, files and messages are the learners'
        return inert_text(text, style, multiline=False)

    table = Table(
        title=f"{inert(exercise_id, multiline=False)} (seed {seed})", title_justify="left"
    )
    columns: list[tuple[str, JustifyMethod]] = [
        ("student", "left"),
        ("status", "left"),
        ("outcome", "left"),
        ("tests", "right"),
        ("misconception", "left"),
        ("time", "right"),
        ("note", "left"),
    ]
    for column, justify in columns:
        table.add_column(column, justify=justify)
    for r in rows:
        # errors without a misconception say why in a few words; csv/json carry it all
        note = r.message[:60] if r.status == "error" and not r.misconception else ""
        table.add_row(
            cell(r.student),
            Text(r.status, style=_STYLE[r.status]),
            cell(r.outcome),
            f"{r.passed}/{r.total}",
            cell(r.misconception or "-"),
            f"{r.duration_s:.1f} s",
            cell(note, "dim"),
        )
    return Group(table, inert_text(summary_text(summarize(rows))))


def summary_text(summary: Summary) -> str:
    lines = [f"{summary.passed} of {summary.submissions} passed."]
    others = {k: v for k, v in summary.outcomes.items() if k != "passed"}
    if others:
        lines.append("Outcomes: " + ", ".join(f"{k} {v}" for k, v in others.items()) + ".")
    if summary.misconceptions:
        lines.append("Most common misconceptions:")
        lines += [f"  {n:3d}  {mid}" for mid, n in summary.misconceptions]
    return "\n".join(lines)


# -- the command ------------------------------------------------------------------------------


def write_results(
    fmt: str,
    out: str | None,
    exercise_id: str,
    seed: int,
    rows: list[Row],
    data: Callable[[], dict],
) -> None:
    """Rows in `fmt` (table, csv, json, junit) to stdout or `out`; `data()` is the JSON."""
    from rich.console import Console

    if fmt == "json":
        import json

        text = json.dumps(data(), indent=2) + "\n"
    elif fmt == "junit":
        text = to_junit(exercise_id, seed, rows)
    elif fmt == "csv":
        text = to_csv(rows)
    elif out:
        buffer = io.StringIO()
        Console(file=buffer, width=120, no_color=True).print(render_table(exercise_id, seed, rows))
        text = buffer.getvalue()
    else:
        Console().print(render_table(exercise_id, seed, rows))
        return
    outfile.emit(text, out)


def report_command(results: list[dict], args) -> int:
    """`jaxtutor report` of `grade --format json` results (say, a class graded in
    shards): one class's results, as one unsharded run would have written them."""
    import sys

    try:
        merged = merge_results(results)
    except ValueError as exc:
        print(f"jaxtutor: {inert(str(exc))}", file=sys.stderr)
        return 2
    rows = [row_from_json(r) for r in merged["rows"]]
    write_results(args.format, args.out, merged["exercise"], merged["seed"], rows, lambda: merged)
    return 0


def command(args, exercise: Exercise, pack: dict) -> int:
    """`jaxtutor grade`: exit 0 when every submission was graded (whatever its result),
    1 when jaxtutor itself failed on some, 2 when there was nothing to grade."""
    import sys

    from rich.console import Console

    if args.out:
        outfile.check_target(args.out)  # before the work, not after it
    shard = getattr(args, "shard", None)
    submissions = find_submissions([Path(p) for p in args.paths], exercise)
    if not submissions:
        print(
            "jaxtutor: no submissions found (a .py file per student, or a folder per student)",
            file=sys.stderr,
        )
        return 2
    if shard is not None:  # an empty shard is fine: a small class in many shards
        everyone = len(submissions)
        submissions = in_shard(submissions, shard)
        print(
            f"jaxtutor: shard {shard[0]}/{shard[1]}: {len(submissions)} of {everyone} submissions",
            file=sys.stderr,
        )
    # one draw of hidden cases for the whole class; the seed goes into the results so a
    # re-grade with --seed repeats it
    seed = fresh_seed() if args.seed is None else args.seed
    err = Console(stderr=True)
    if err.is_terminal:  # a bar for a person; nothing in a pipe or a log
        from rich.markup import escape
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        with Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task(f"grading {exercise.id}", total=len(submissions))
            seen: set[str] = set()

            def done(row: Row) -> None:
                if row.student not in seen:
                    seen.add(row.student)
                    bar.advance(task)
                student = escape(inert(row.student, multiline=False))  # the bar reads markup
                bar.update(task, description=f"grading {exercise.id}: {student}")

            rows = grade(exercise, submissions, args.jobs, seed, on_done=done)
    else:
        rows = grade(exercise, submissions, args.jobs, seed)
    if args.format == "csv" and args.seed is None:  # a CSV row has no place for it
        print(f"jaxtutor: graded with --seed {seed}", file=sys.stderr)
    write_results(
        args.format,
        args.out,
        exercise.id,
        seed,
        rows,
        lambda: to_json(exercise, seed, rows, pack, shard),
    )
    return 1 if any(r.outcome == "internal_error" for r in rows) else 0

"""Grading a class: many submissions, one exercise, the same checker as `jaxtutor check`.

Each submission is read into memory before any learner code runs (so no submission can
rewrite another's file), then checked in a child process of its own through
`check_source`. A run that ended abnormally (crash, timeout, memory, internal) is run
once more with nothing else running, so another submission (or a busy machine) cannot
decide its verdict. Rows come back sorted by student, whatever order the runs ended in.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from jaxtutor.check import check_source
from jaxtutor.classroom.results import NOT_CHECKED, Row, to_json, write_results
from jaxtutor.classroom.shards import in_shard, signed
from jaxtutor.classroom.submissions import Submission, find_submissions
from jaxtutor.course.lessons import Exercise
from jaxtutor.oracles.cases import fresh_seed
from jaxtutor.render import outfile
from jaxtutor.render.safe_text import inert
from jaxtutor.verdict import Outcome, Verdict

# run once more, alone, when another run (or a busy machine) may have caused the ending;
# never a timeout: a submission that hangs would cost its whole time limit twice
_RETRY = {Outcome.CRASHED, Outcome.MEMORY_LIMIT, Outcome.INTERNAL_ERROR}


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
    on_retry: Callable[[Submission], None] | None = None,
) -> list[Row]:
    """Check every submission; `on_done` is told of each row as it is ready, and
    `on_retry` of each submission checked again alone (its new row then replaces the
    first). Never raises for a submission's sake."""
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
        on_retry and on_retry(submissions[i])
        rows[i] = row_for(submissions[i], run(submissions[i], None), retried=True)
        on_done and on_done(rows[i])
    return sorted(rows.values(), key=lambda r: (r.student.casefold(), r.student))


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

            def again(sub: Submission) -> None:
                student = escape(inert(sub.student, multiline=False))
                bar.update(
                    task, description=f"checking {student} again, alone (its run ended abnormally)"
                )

            rows = grade(exercise, submissions, args.jobs, seed, on_done=done, on_retry=again)
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
        lambda: signed(to_json(exercise, seed, rows, pack, shard)),
    )
    return 1 if any(r.outcome == "internal_error" for r in rows) else 0

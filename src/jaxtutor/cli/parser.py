"""The command line's grammar: every subcommand, its arguments and help."""

from __future__ import annotations

import argparse

from jaxtutor import __version__
from jaxtutor.cli.commands import (
    cmd_autograder,
    cmd_check,
    cmd_doctor,
    cmd_export,
    cmd_fit_skills,
    cmd_grade,
    cmd_lint,
    cmd_list,
    cmd_new_lesson,
    cmd_progress,
    cmd_report,
    cmd_review,
    cmd_serve,
    cmd_show,
    cmd_watch,
)


def _add_learner(sub) -> None:
    p = sub.add_parser("watch", help="re-check a file each time you save it in your own editor")
    p.add_argument("exercise", metavar="EXERCISE")
    p.add_argument(
        "file",
        metavar="FILE",
        nargs="?",
        help="your solution file (default: EXERCISE.py; the starter is written if absent)",
    )
    p.add_argument(
        "--poll",
        action="store_true",
        help="look for changes by polling, for file systems where events never arrive",
    )
    p.set_defaults(func=cmd_watch)

    p = sub.add_parser(
        "progress",
        help="where you stand in the course",
        description="A table of every lesson: passed, in progress or not "
        "started, with the checks and hints used so far; and a bar per skill, how well "
        "your checks say you know it (Bayesian Knowledge Tracing).",
    )
    p.add_argument(
        "--chances",
        metavar="FILE",
        help="take in the skill chances your teacher fitted to the class "
        "(`jaxtutor fit-skills`): the estimates use them from now on",
    )
    p.set_defaults(func=cmd_progress)

    p = sub.add_parser(
        "review",
        help="the exercises due for review, the first opened in the app",
        description="Each exercise you pass comes back for review when you would be "
        "about to forget it (FSRS). This lists the reviews due and opens the first in the "
        "app, from its starter: your last draft is kept (`u` brings it back).",
    )
    p.add_argument("--list", action="store_true", help="only list the reviews due")
    p.set_defaults(func=cmd_review)


def _add_classroom(sub) -> None:
    p = sub.add_parser("grade", help="grade a class's submissions for one exercise")
    p.add_argument("exercise", metavar="EXERCISE")
    p.add_argument(
        "paths",
        metavar="PATH",
        nargs="+",
        help="a submission file, or a folder with one file or folder per student",
    )
    p.add_argument("--jobs", type=int, default=None, help="checks at once (default: cores)")
    p.add_argument("--format", choices=["table", "csv", "json", "junit"], default="table")
    p.add_argument("--out", metavar="FILE", help="write the results here, not to stdout")
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the hidden cases' seed, to repeat a grading (default: one fresh "
        "draw for the whole class, reported in the results)",
    )
    p.add_argument(
        "--unsafe",
        action="store_true",
        help="grade even where the machine cannot jail student code (see doctor)",
    )
    _add_shard_option(p)
    p.set_defaults(func=cmd_grade)

    p = sub.add_parser("export", help="export your progress for your teacher")
    p.add_argument("--name", help="your name, as the teacher should see it")
    p.add_argument("--format", choices=["json", "csv"], default="json")
    p.add_argument("--out", metavar="FILE", help="write here, not to stdout")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser(
        "report", help="merge a class's exports, or its graded shards, into one table"
    )
    p.add_argument(
        "files",
        metavar="FILE",
        nargs="+",
        help="files made by `jaxtutor export`, or by `jaxtutor grade --format json`",
    )
    p.add_argument("--format", choices=["table", "csv", "json"], default="table")
    p.add_argument("--out", metavar="FILE", help="write here, not to stdout")
    p.add_argument(
        "--lesson", metavar="ID", help="the table for one lesson: each student's state in it"
    )
    p.add_argument("--part", metavar="PART", help="the table for one part of the course")
    p.add_argument(
        "--skills",
        action="store_true",
        help="per skill: the class's mean estimate and who is below --below (CSV: a row "
        "per student and skill)",
    )
    p.add_argument(
        "--below",
        type=float,
        default=0.5,
        metavar="P",
        help="with --skills, name the students whose estimate is below P (default 0.5)",
    )
    p.add_argument(
        "--partial",
        action="store_true",
        help="merge the graded shards given even when some are missing (the report says which)",
    )
    p.set_defaults(func=cmd_report)

    p = sub.add_parser(
        "fit-skills",
        help="fit each skill's chances to a class's exports (pyBKT; needs jaxtutor[bkt])",
        description="Bayesian Knowledge Tracing's chances per skill (prior, learn, guess, "
        "slip), fitted by pyBKT to the observations in the class's JSON exports. Give "
        "learners the file written: `jaxtutor progress --chances FILE` makes their "
        "estimates use it.",
    )
    p.add_argument("files", metavar="FILE", nargs="+", help="files made by `jaxtutor export`")
    p.add_argument("--out", metavar="FILE", help="write the chances here, not to stdout")
    p.set_defaults(func=cmd_fit_skills)

    p = sub.add_parser("serve", help="serve the tutor to web browsers (needs jaxtutor[serve])")
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--public-url", help="the address browsers use, if not http://HOST:PORT")
    p.add_argument(
        "--home",
        metavar="DIR",
        help="where each visitor's progress is kept (default: under JAXTUTOR_HOME)",
    )
    p.add_argument(
        "--max-visitors",
        type=_at_least_one,
        metavar="N",
        help="visitors at once; the next gets a 'full' page (default: from this machine's "
        "memory, (total - 1536 MiB) / 160 MiB)",
    )
    p.add_argument(
        "--unsafe",
        action="store_true",
        help="serve even where the machine cannot jail visitors' code (see doctor)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("doctor", help="what protects this machine from learner code, here")
    p.set_defaults(func=cmd_doctor)


def _add_autograder(sub) -> None:
    from jaxtutor.platforms import VISIBILITIES

    p = sub.add_parser("autograder", help="write an autograder for a grading platform")
    platforms = p.add_subparsers(dest="platform", metavar="PLATFORM", required=True)
    g = platforms.add_parser("gradescope", help="the zip to upload as a Gradescope autograder")
    g.add_argument(
        "exercises",
        metavar="EXERCISE[=POINTS]",
        nargs="+",
        help="an exercise to check, and what it is worth (default --points)",
    )
    g.add_argument("--out", metavar="FILE", required=True, help="the zip to write")
    g.add_argument(
        "--points",
        type=float,
        default=10.0,
        help="points of an exercise given without =POINTS (default 10)",
    )
    g.add_argument(
        "--hidden-cases",
        choices=VISIBILITIES,
        default="after_due_date",
        help="when students see the hidden cases' results (default after_due_date)",
    )
    g.add_argument(
        "--wheelhouse",
        metavar="DIR",
        help="take the wheels from DIR instead of pip (no network needed): jaxtutor's and "
        "those of the versions installed here, which the bundle's lock pins",
    )
    g.add_argument(
        "--python-version",
        default="3.12",
        help="the Python of Gradescope's image the wheels are for (default 3.12)",
    )
    g.set_defaults(func=cmd_autograder)


# -- sharding a class across machines (grade --shard K/N; report merges the shards) ----


def _at_least_one(text: str) -> int:
    import argparse

    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 1 or more")
    return number


def _shard(text: str) -> tuple[int, int]:
    import argparse

    from jaxtutor.classroom.shards import parse_shard

    try:
        return parse_shard(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _add_shard_option(p) -> None:
    p.add_argument(
        "--shard",
        metavar="K/N",
        type=_shard,
        default=None,
        help="grade only the K-th of N shares of the class (the same student "
        "always in the same share); give every shard the same --seed and "
        "merge their JSON with `jaxtutor report`",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxtutor",
        description="Learn JAX's function transformations by doing.",
        allow_abbrev=False,  # `report --lesson` is not an abbreviation of `--lessons`
    )
    parser.add_argument("--version", action="version", version=f"jaxtutor {__version__}")
    parser.add_argument(
        "--lessons",
        metavar="DIR",
        help="also load the lesson pack in DIR (or set JAXTUTOR_LESSONS)",
    )
    parser.add_argument(
        "--lessons-only",
        action="store_true",
        help="show only the packs' lessons, not the built-in course",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser(
        "list",
        help="list the exercises and their lessons",
        description="One line per lesson: the exercise id (what check, watch "
        "and show take) and the lesson's title, in course order. A "
        "lesson file that cannot be loaded is listed with its error.",
    )
    p.set_defaults(func=cmd_list)

    p = sub.add_parser(
        "show",
        help="print a lesson's text in the terminal",
        description="Print the lesson's explanation, to read beside `jaxtutor "
        "watch` and your own editor.",
    )
    p.add_argument(
        "lesson", metavar="LESSON", help="the lesson's id or number, as `jaxtutor list` shows them"
    )
    p.set_defaults(func=cmd_show)

    p = sub.add_parser(
        "check",
        help="check a solution file against an exercise",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Check FILE once against EXERCISE and print the verdict.",
        epilog="exit codes:\n"
        "  0  the check passed\n"
        "  1  the check did not pass (wrong answer, error in the code)\n"
        "  2  usage error (unknown exercise, no such file, bad arguments)"
        "\n\nA check does not record progress: the app and `jaxtutor "
        "watch` do.",
    )
    p.add_argument("exercise", metavar="EXERCISE")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument(
        "--format",
        choices=["text", "json", "junit"],
        default="text",
        help="text for a person; json (as --json) or junit XML for CI",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="repeat the hidden cases of an earlier run (default: fresh ones)",
    )
    p.set_defaults(func=cmd_check)

    p = sub.add_parser("lint", help="check lesson files for authors (default: the built-in course)")
    p.add_argument("paths", metavar="PATH", nargs="*", help="a lesson file or a folder of them")
    p.add_argument("--json", action="store_true", help="problems as JSON, for editors and CI")
    p.add_argument(
        "--no-prove",
        action="store_true",
        help="only read the files; do not run starters, solutions, mutants or examples",
    )
    p.add_argument("--jobs", type=int, default=2, help="exercises proved at once (default 2)")
    p.add_argument(
        "--corpus",
        metavar="DIR",
        action="append",
        default=[],
        help="a folder of wrong answers, DIR/LESSON_ID/*.py, whose headers say what the "
        "feedback must name (besides each lesson folder's own corpus/)",
    )
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("new-lesson", help="write a commented lesson skeleton that lints clean")
    p.add_argument("id", metavar="ID", help="the lesson id: lowercase letters, digits and _")
    p.add_argument("--dir", help="where to write ID.toml (default: --lessons DIR, else here)")
    p.set_defaults(func=cmd_new_lesson)

    _add_learner(sub)
    _add_classroom(sub)
    _add_autograder(sub)
    return parser

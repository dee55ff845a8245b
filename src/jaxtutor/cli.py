"""The one entry point: `jaxtutor` opens the app; subcommands serve the terminal and CI.

Exit codes: 0 success (a check passed), 1 a check did not pass, 2 a usage error.
Nothing here imports JAX; heavy modules are imported inside the command that needs them.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import argparse

USAGE_ERROR = 2


def _usage_error(message: str) -> int:
    print(f"jaxtutor: {message}", file=sys.stderr)
    return USAGE_ERROR


def _course(args):
    """The active course, built once for the command: the built-in course and any packs
    (--lessons, JAXTUTOR_LESSONS)."""
    from jaxtutor.course.active import active_course
    from jaxtutor.render.safe_text import inert

    course = active_course(getattr(args, "lessons", None), getattr(args, "lessons_only", False))
    for warning in course.warnings:
        print(f"jaxtutor: warning: {inert(str(warning))}", file=sys.stderr)
    return course


def cmd_list(args) -> int:
    from jaxtutor.render.safe_text import inert  # a lesson pack's text, shown as written

    course = _course(args)
    from jaxtutor.course.lessons import part_headings

    for lesson, heading in zip(course.lessons, part_headings(course.lessons)):
        if heading is not None:
            print(f"-- {inert(heading, multiline=False)} --")
        print(f"{lesson.id:24} {inert(lesson.title, multiline=False)}")
    for error in course.errors:  # a broken lesson is listed, never hidden
        print(f"{'(not loaded)':24} {inert(str(error))}")
    return 0


def cmd_check(args) -> int:
    from jaxtutor.check import check_file
    from jaxtutor.course.lessons import find_exercise

    lessons = _course(args).lessons
    lesson = find_exercise(args.exercise, lessons)
    if lesson is None:
        known = ", ".join(lesson.id for lesson in lessons)
        return _usage_error(f"unknown exercise {args.exercise!r} (known: {known})")
    path = Path(args.file)
    if not path.is_file():
        return _usage_error(f"no such file: {path}")
    from jaxtutor.runner.host.doctor import warning

    if (unjailed := warning()) is not None:
        print(unjailed, file=sys.stderr)
    verdict = check_file(lesson.exercise, path, seed=args.seed)
    if args.json or args.format == "json":
        import json

        print(json.dumps(verdict.to_json(), indent=2))
    elif args.format == "junit":  # for CI services, which show JUnit XML natively
        from jaxtutor.render.junit import check_xml

        print(check_xml(verdict, path.name), end="")
    else:
        from jaxtutor.render.console import print_verdict

        print_verdict(verdict)
    return 0 if verdict.passed else 1


def cmd_show(args) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from jaxtutor.render.safe_text import inert  # a pack's text, shown as written

    lessons = _course(args).lessons
    lesson = next((item for item in lessons if item.id == args.lesson), None)
    if lesson is None:
        known = ", ".join(item.id for item in lessons)
        return _usage_error(f"unknown lesson {args.lesson!r} (known: {known})")
    number = lessons.index(lesson) + 1
    console = Console()
    console.print(f"[bold]Lesson {number} of {len(lessons)}[/]")
    console.print(Markdown(inert(lesson.explanation)))
    console.print(
        f"\n[dim]Practise it: jaxtutor watch {lesson.id}  (or the app: jaxtutor)[/]",
        highlight=False,
    )
    return 0


def cmd_lint(args) -> int:
    from jaxtutor.authoring.lint import lint

    paths = [Path(p) for p in args.paths] or None
    result = lint(paths, prove_exercises=not args.no_prove, jobs=max(1, args.jobs))
    if args.json:
        import json

        print(json.dumps(result.to_json(), indent=2))
    else:
        print(result.text())
    return 0 if result.ok else 1


def cmd_new_lesson(args) -> int:
    from jaxtutor.authoring.skeleton import write_skeleton
    from jaxtutor.course.active import Course
    from jaxtutor.course.lessons import builtin_dir

    if Course.of_folder(builtin_dir()).find(args.id) is not None:
        return _usage_error(
            f"{args.id!r} is the id of a built-in lesson; a pack's lesson with "
            "it would not be loaded. Choose another id."
        )
    try:
        path = write_skeleton(args.id, Path(args.dir or getattr(args, "lessons", None) or "."))
    except ValueError as exc:
        return _usage_error(str(exc))
    print(f"wrote {path}; check it with: jaxtutor lint {path}")
    return 0


def cmd_grade(args) -> int:
    from jaxtutor.classroom import grade
    from jaxtutor.classroom.export import pack_of

    course = _course(args)
    lesson = next((lesson for lesson in course.lessons if lesson.id == args.exercise), None)
    if lesson is None:
        known = ", ".join(lesson.id for lesson in course.lessons)
        return _usage_error(f"unknown exercise {args.exercise!r} (known: {known})")
    if args.jobs is not None and args.jobs < 1:
        return _usage_error("--jobs must be at least 1")
    if args.shard is not None and args.seed is None:  # shards must draw the same cases
        return _usage_error("--shard needs --seed, the same for every shard")
    if (refused := _refusal("grade", args)) is not None:
        return refused
    return grade.command(args, lesson.exercise, pack_of(course, lesson))


def _refusal(command: str, args) -> int | None:
    """Exit 2 when student code would run unjailed and the teacher did not say --unsafe."""
    from jaxtutor.runner.host.doctor import WARNING, refusal

    if (why := refusal(command)) is None:
        return None
    if args.unsafe:
        print(WARNING, file=sys.stderr)
        return None
    return _usage_error(why)


def cmd_doctor(args) -> int:
    from jaxtutor.runner.host import doctor

    return doctor.command(args)


def cmd_export(args) -> int:
    from jaxtutor.classroom import export

    return export.command(args, _course(args))


def cmd_report(args) -> int:
    from jaxtutor.classroom import report

    return report.command(args, _course(args))


def cmd_serve(args) -> int:
    from jaxtutor.platforms import serve

    if (refused := _refusal("serve", args)) is not None:
        return refused
    return serve.command(args)


def cmd_watch(args) -> int:
    from jaxtutor.learner import watch

    return watch.command(args, _course(args))


def cmd_progress(args) -> int:
    from jaxtutor.learner import standing

    return standing.command(_course(args))


def cmd_app(args) -> int:
    from jaxtutor.learner.tui import run

    return run(_course(args))


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
        "started, with the checks and hints used so far.",
    )
    p.set_defaults(func=cmd_progress)


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
        "--partial",
        action="store_true",
        help="merge the graded shards given even when some are missing (the report says which)",
    )
    p.set_defaults(func=cmd_report)

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
        "--unsafe",
        action="store_true",
        help="serve even where the machine cannot jail visitors' code (see doctor)",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("doctor", help="what protects this machine from learner code, here")
    p.set_defaults(func=cmd_doctor)


# -- grading platforms: `jaxtutor autograder gradescope` writes Gradescope's bundle -------


def cmd_autograder(args) -> int:
    from jaxtutor.platforms import autograder

    return autograder.gradescope_command(args, _course(args))


def _add_autograder(sub) -> None:
    from jaxtutor.platforms.gradescope import VISIBILITIES

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
        help="use the wheels in DIR (jaxtutor's and its dependencies') instead of "
        "building them with pip",
    )
    g.add_argument(
        "--python-version",
        default="3.12",
        help="the Python of Gradescope's image the wheels are for (default 3.12)",
    )
    g.set_defaults(func=cmd_autograder)


# -- sharding a class across machines (grade --shard K/N; report merges the shards) ----


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
    import argparse

    parser = argparse.ArgumentParser(
        prog="jaxtutor", description="Learn JAX's function transformations by doing."
    )
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
    p.add_argument("lesson", metavar="LESSON", help="the lesson's id, as `jaxtutor list` shows")
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
        help="only read the files; do not run starters, solutions and mutants",
    )
    p.add_argument("--jobs", type=int, default=2, help="exercises proved at once (default 2)")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("new-lesson", help="write a commented lesson skeleton that lints clean")
    p.add_argument("id", metavar="ID", help="the lesson id: lowercase letters, digits and _")
    p.add_argument("--dir", help="where to write ID.toml (default: --lessons DIR, else here)")
    p.set_defaults(func=cmd_new_lesson)

    _add_learner(sub)
    _add_classroom(sub)
    _add_autograder(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    if not (sys.argv[1:] if argv is None else argv):  # plain `jaxtutor` opens the app at once:
        return cmd_app(None)  # the parser and its imports would only delay the first frame
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the one-line reason
        return USAGE_ERROR if exc.code else 0
    if args.lessons and args.command != "new-lesson" and not Path(args.lessons).is_dir():
        return _usage_error(f"--lessons {args.lessons}: no such folder of lessons")
    if args.command is None:  # plain `jaxtutor` opens the app
        return cmd_app(args)
    from jaxtutor.render.outfile import OutError

    try:
        return args.func(args)
    except OutError as exc:  # an --out that cannot be written safely
        return _usage_error(str(exc))

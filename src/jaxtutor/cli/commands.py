"""What each subcommand does: the active course built once, then the folder that owns
the work called. Heavy modules are imported inside the command that needs them."""

from __future__ import annotations

import sys
from pathlib import Path

USAGE_ERROR = 2


def usage_error(message: str) -> int:
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


def _lesson(course, key: str, what: str = "exercise"):
    """The lesson named by its id, or by its number in the course ("Lesson 3 of 24" in
    the app); None, with a usage error that offers the nearest ids, when there is none."""
    import difflib

    from jaxtutor.render.safe_text import inert

    lessons = course.lessons
    if key.isdigit() and 1 <= int(key) <= len(lessons):
        return lessons[int(key) - 1]
    if (found := course.find(key)) is not None:
        return found
    ids = [lesson.id for lesson in lessons]
    near = difflib.get_close_matches(key, ids, n=3, cutoff=0.6)
    hint = f"did you mean {' or '.join(near)}? " if near else ""
    usage_error(
        inert(
            f"unknown {what} {key!r}: {hint}`jaxtutor list` shows the {len(ids)} there are, "
            "by number and id",
            multiline=False,
        )
    )
    return None


def cmd_list(args) -> int:
    from jaxtutor.render.safe_text import inert  # a lesson pack's text, shown as written

    course = _course(args)
    from jaxtutor.course.lessons import part_headings

    for number, (lesson, heading) in enumerate(
        zip(course.lessons, part_headings(course.lessons)), start=1
    ):
        if heading is not None:
            print(f"-- {inert(heading, multiline=False)} --")
        print(f"{number:3} {lesson.id:24} {inert(lesson.title, multiline=False)}")
    for error in course.errors:  # a broken lesson is listed, never hidden
        print(f"{'(not loaded)':24} {inert(str(error))}")
    return 0


def cmd_check(args) -> int:
    from jaxtutor.runner.host.launch import fork_server, libraries_named

    # the fork server's JAX import (about a second) first, beside ours and the jail's
    # probe (about half a second): the check's children are its forks. Of the course's
    # other libraries (optax: 0.1 s more), only those the file names
    server = fork_server(libraries_named(args.file))
    try:
        return _check(args, server)
    finally:
        if server is not None:
            server.close()


def _check(args, server) -> int:
    from jaxtutor.check import check_file
    from jaxtutor.runner.host.runners import OneOff

    if (lesson := _lesson(_course(args), args.exercise)) is None:
        return USAGE_ERROR
    path = Path(args.file)
    if not path.is_file():
        return usage_error(f"no such file: {path}")
    from jaxtutor.runner.host.doctor import warning

    if (unjailed := warning()) is not None:
        print(unjailed, file=sys.stderr)
    verdict = check_file(lesson.exercise, path, seed=args.seed, runners=OneOff(server))
    if args.json or args.format == "json":
        import json

        print(json.dumps(verdict.to_json(), indent=2))
    elif args.format == "junit":  # for CI services, which show JUnit XML natively
        from jaxtutor.render.junit import check_xml

        print(check_xml(verdict, path.name), end="")
    else:
        from jaxtutor.render.console import check_command, print_verdict

        print_verdict(verdict, again=check_command(args.exercise, args.file, args.lessons))
    return 0 if verdict.passed else 1


def cmd_show(args) -> int:
    from rich.console import Console
    from rich.markdown import Markdown

    from jaxtutor.render.safe_text import inert  # a pack's text, shown as written

    course = _course(args)
    lessons = course.lessons
    if (lesson := _lesson(course, args.lesson, "lesson")) is None:
        return USAGE_ERROR
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
    result = lint(
        paths,
        prove_exercises=not args.no_prove,
        jobs=max(1, args.jobs),
        corpus=[Path(c) for c in args.corpus],
    )
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
        return usage_error(
            f"{args.id!r} is the id of a built-in lesson; a pack's lesson with "
            "it would not be loaded. Choose another id."
        )
    try:
        path = write_skeleton(args.id, Path(args.dir or getattr(args, "lessons", None) or "."))
    except ValueError as exc:
        return usage_error(str(exc))
    print(f"wrote {path}; check it with: jaxtutor lint {path}")
    return 0


def cmd_grade(args) -> int:
    from jaxtutor.classroom import grade
    from jaxtutor.classroom.export import pack_of

    course = _course(args)
    if (lesson := _lesson(course, args.exercise)) is None:
        return USAGE_ERROR
    # a missing .py is a student's missing submission (an error row, as CI wants it); a
    # missing folder is a mistyped command
    if missing := [p for p in args.paths if not Path(p).exists() and Path(p).suffix != ".py"]:
        return usage_error(f"no such folder: {', '.join(missing)}")
    if args.jobs is not None and args.jobs < 1:
        return usage_error("--jobs must be at least 1")
    if args.shard is not None and args.seed is None:  # shards must draw the same cases
        return usage_error("--shard needs --seed, the same for every shard")
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
    return usage_error(why)


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
    from jaxtutor.runner.host.launch import fork_server

    # watch checks the file at once: as `check`, its fork server's import goes first
    server = fork_server()
    try:
        from jaxtutor.learner import watch

        course = _course(args)
        if (lesson := _lesson(course, args.exercise)) is None:
            return USAGE_ERROR
        return watch.command(args, course, lesson, server)
    finally:
        if server is not None:
            server.close()  # its pool's, closed again: nothing left to do


def cmd_progress(args) -> int:
    from jaxtutor.learner import standing

    if args.chances is not None:
        return standing.take_in_chances(args.chances)
    return standing.command(_course(args))


def cmd_fit_skills(args) -> int:
    from jaxtutor.classroom import fit

    return fit.command(args, _course(args))


def cmd_review(args) -> int:
    from jaxtutor.learner import review_command

    return review_command.command(_course(args), list_only=args.list)


def cmd_app(args) -> int:
    from jaxtutor.learner.tui import run

    return run(_course(args))


def cmd_autograder(args) -> int:
    from jaxtutor.platforms import autograder

    return autograder.gradescope_command(args, _course(args))

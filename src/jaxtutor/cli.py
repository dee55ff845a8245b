"""The one entry point: `jaxtutor` opens the app; subcommands serve the terminal and CI.

Exit codes: 0 success (a check passed), 1 a check did not pass, 2 a usage error.
Nothing here imports JAX; heavy modules are imported inside the command that needs them.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

USAGE_ERROR = 2


def _usage_error(message: str) -> int:
    print(f"jaxtutor: {message}", file=sys.stderr)
    return USAGE_ERROR


def cmd_list(args) -> int:
    from jaxtutor.lessons import builtin_lessons

    for lesson in builtin_lessons():
        print(f"{lesson.id:24} {lesson.title}")
    return 0


def cmd_check(args) -> int:
    from jaxtutor.check import check_file
    from jaxtutor.lessons import builtin_lessons, find_exercise

    lessons = builtin_lessons()
    lesson = find_exercise(args.exercise, lessons)
    if lesson is None:
        known = ", ".join(lesson.id for lesson in lessons)
        return _usage_error(f"unknown exercise {args.exercise!r} (known: {known})")
    path = Path(args.file)
    if not path.is_file():
        return _usage_error(f"no such file: {path}")
    verdict = check_file(lesson.exercise, path, seed=args.seed)
    if args.json:
        print(json.dumps(verdict.to_json(), indent=2))
    else:
        from jaxtutor.report import print_verdict

        print_verdict(verdict)
    return 0 if verdict.passed else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="jaxtutor", description="Learn JAX's function transformations by doing.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("list", help="list the exercises and their lessons")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("check", help="check a solution file against an exercise")
    p.add_argument("exercise", metavar="EXERCISE")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--json", action="store_true", help="one JSON object on stdout")
    p.add_argument("--seed", type=int, default=0, help="draw other random cases")
    p.set_defaults(func=cmd_check)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the one-line reason
        return USAGE_ERROR if exc.code else 0
    if args.command is None:
        parser.print_help()
        return 0
    return args.func(args)

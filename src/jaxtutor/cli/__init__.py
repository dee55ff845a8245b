"""The one entry point: `jaxtutor` opens the app; subcommands serve the terminal and CI.

Exit codes: 0 success (a check passed), 1 a check did not pass, 2 a usage error.
Nothing here imports JAX; heavy modules are imported inside the command that needs them.
"""

from __future__ import annotations

import sys
from pathlib import Path

from jaxtutor.cli.commands import USAGE_ERROR, cmd_app, usage_error


def main(argv: list[str] | None = None) -> int:
    if not (sys.argv[1:] if argv is None else argv):  # plain `jaxtutor` opens the app at once:
        return cmd_app(None)  # the parser and its imports would only delay the first frame
    from jaxtutor.cli.parser import build_parser  # argparse: not on the way to the app

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the one-line reason
        return USAGE_ERROR if exc.code else 0
    if args.lessons and args.command != "new-lesson" and not Path(args.lessons).is_dir():
        return usage_error(f"--lessons {args.lessons}: no such folder of lessons")
    if args.command is None:  # plain `jaxtutor` opens the app
        return cmd_app(args)
    from jaxtutor.render.outfile import OutError

    try:
        return args.func(args)
    except OutError as exc:  # an --out that cannot be written safely
        return usage_error(str(exc))

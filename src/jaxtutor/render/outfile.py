"""Writing what a command produced: to stdout, or to the file the user named with --out,
never through a link someone planted; and CSV cells that stay data.

The results of `grade` and `report`, and a learner's `export`, are written to a fresh
file created here alone (a random name, O_CREAT|O_EXCL|O_NOFOLLOW, in the target's own
folder) and then renamed over the target in one step. A rename replaces a name, never
writes through it, so a symlink planted at the target, or at a temporary name guessed in
advance, cannot point the write at another file. A target that already is a symlink is
refused outright: the user asked for that name, and it is not a plain file.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path

from jaxtutor.render.safe_text import inert


class OutError(Exception):
    """The named file cannot be written safely; the message says why."""


def check_target(path: str | os.PathLike) -> Path:
    """The target as a Path; OutError when it is a symlink or a folder (a command asks
    before its work, so a long grading run is not lost to a wrong --out)."""
    target = Path(path)
    if target.is_symlink():
        raise OutError(f"{target} is a symbolic link; name a plain file to write")
    if target.is_dir():
        raise OutError(f"{target} is a folder; name a file to write")
    return target


def emit(text: str, out: str | None) -> None:
    """To stdout, or to `out` in one rename (raises OutError when it cannot be written
    safely)."""
    text = text if text.endswith("\n") else text + "\n"
    if not out:
        encoding = sys.stdout.encoding or "utf-8"
        sys.stdout.write(text.encode(encoding, "backslashreplace").decode(encoding))
        return
    write_text(out, text)


def safe_cell(value):
    """A CSV cell that stays data: its control characters shown as visible escapes (a
    CSV is read in a terminal too), and never a formula, which a spreadsheet runs for a
    cell that starts with = + - @."""
    if not isinstance(value, str):
        return value
    value = inert(value)
    if value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def write_text(path: str | os.PathLike, text: str) -> None:
    """`text` as the whole of the file at `path`, through a new file renamed over it.
    A character UTF-8 cannot hold (a lone surrogate from a file name that is not UTF-8)
    is written as a backslash escape: one odd name never costs the class its table."""
    write_bytes(path, text.encode("utf-8", "backslashreplace"))


def write_bytes(path: str | os.PathLike, data: bytes) -> None:
    """`data` as the whole of the file at `path`, through a new file renamed over it."""
    target = check_target(path)
    folder = target.parent
    try:
        # mkstemp opens with O_CREAT | O_EXCL | O_NOFOLLOW and a random name, mode 0600
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutError(f"cannot write in {folder}: {exc.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            os.fchmod(out.fileno(), 0o666 & ~_umask())  # as a plain new file would be
            out.write(data)
        os.replace(tmp, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise OutError(f"cannot write {target}: {exc.strerror}") from None
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask

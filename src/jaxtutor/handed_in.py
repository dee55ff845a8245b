"""Reading a file a student handed in, without following a link out of it.

A submission is hostile input for the trusted side too: `solution.py` can be a symbolic
link to a classmate's file or to any file the grader can read (unzip, tar and git keep
links), and a folder inside a submission can be a link as well. Every component below
the folder the teacher named is opened with O_NOFOLLOW, one at a time from that folder,
so what is read is always a plain file inside it; a link is refused, never followed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

MAX_BYTES = 1024 * 1024  # a learner's file is a few KiB; refuse to load a flood


class Refused(Exception):
    """The file cannot be read as handed in; the message says why, in a student's terms."""


def is_link(path: Path) -> bool:
    try:
        return stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return False


def read(path: Path, within: Path | None = None, max_bytes: int = MAX_BYTES) -> str:
    """The text of `path`, a plain file at or below `within` (the folder the teacher
    named, itself followed: that is the teacher's choice; by default the file's own
    folder). Raises Refused for a link anywhere below `within`, a file that is not a
    plain file, one larger than `max_bytes`, or one that cannot be read."""
    path = Path(path)
    within = Path(within) if within is not None else path.parent
    try:
        parts = path.relative_to(within).parts
    except ValueError:
        raise Refused(f"{path} is not inside {within}") from None
    if not parts:
        raise Refused(f"{path} is a folder, not a file")
    flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(within, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError as exc:
        raise Refused(f"cannot open {within}: {exc.strerror}") from None
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            try:
                # O_NONBLOCK: a FIFO handed in as solution.py must not hang the grader
                opened = os.open(
                    part, flags | (os.O_NONBLOCK if last else os.O_DIRECTORY), dir_fd=fd
                )
            except OSError as exc:
                shown = Path(*parts[: index + 1])
                if is_link(within / shown):
                    raise Refused(
                        f"{shown} is a symbolic link; only plain files are read"
                    ) from None
                raise Refused(f"cannot read {shown}: {exc.strerror}") from None
            os.close(fd)
            fd = opened
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(f"{Path(*parts)} is not a plain file")
        if info.st_size > max_bytes:
            raise Refused(f"{Path(*parts)} is larger than {max_bytes // 1024} KiB")
        chunks, size = [], 0
        while size <= max_bytes and (chunk := os.read(fd, max_bytes + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:  # it grew while we read it
            raise Refused(f"{Path(*parts)} is larger than {max_bytes // 1024} KiB")
        data = b"".join(chunks)
    finally:
        os.close(fd)
    return data.decode("utf-8", errors="replace")

"""What XLA compiled for the lesson's own programs, kept on disk from run to run: only
the lesson's child writes there (runner/inside/warm_up.keep_compiled), and this side
keeps the folder's size in check."""

from __future__ import annotations

import contextlib
import functools
import os

# the compiled programs kept (a file each, about 15 KB); past it, the older half go
_COMPILED_MOST = 6000


@functools.cache
def compiled_folder() -> str | None:
    """Where the lesson's own child keeps what XLA compiled for its programs, from run to
    run (runner/inside/warm_up.keep_compiled); None where it cannot be made. Only that
    child's jail shows it, writable; every other jail hides it (it holds the solutions'
    programs), and an unjailed child never uses it: there a learner's process could
    write native code that the reference would then run. Trimmed here, once a process."""
    from pathlib import Path

    from platformdirs import user_cache_dir

    path = Path(user_cache_dir("jaxtutor")) / "compiled"
    try:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
        _keep_the_newest(path, _COMPILED_MOST)
    except OSError:
        return None
    return str(path)


def _keep_the_newest(folder, most: int) -> None:
    """Past `most` files, the older half go (a program's file is written once: its age is
    its mtime). A file another process removes meanwhile, or reads as it goes, is only
    a program compiled again."""
    names = os.listdir(folder)
    if len(names) <= most:
        return
    aged = []
    for name in names:
        with contextlib.suppress(OSError):
            aged.append((os.stat(folder / name).st_mtime, name))
    for _, name in sorted(aged)[: len(aged) - most // 2]:
        with contextlib.suppress(OSError):
            os.unlink(folder / name)

"""Lesson packs: a teacher's folder of lesson files with a small manifest, pack.toml.

A pack is loaded beside the built-in course (or instead of it) from `--lessons DIR` or
JAXTUTOR_LESSONS (folders separated by the system's path separator). A broken lesson in
a pack never stops the others: it is listed with its error.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from jaxtutor.course.lessons import Key, Lesson, LessonError, load_dir

ENV = "JAXTUTOR_LESSONS"
MANIFEST = "pack.toml"
MANIFEST_KEYS = {
    "id": Key("string", "A short name for the pack (default: the folder's name).", default=""),
    "title": Key("string", "The pack's name, shown beside its lessons.", required=True),
    "version": Key("string", 'The pack\'s own version, e.g. "1.0".', required=True),
    "jax": Key(
        "string", 'The JAX versions it was written for, e.g. ">=0.4.30,<0.11".', default="any"
    ),
    "author": Key("string", "Who wrote it.", default=""),
    "replace_builtin": Key(
        "boolean", "Show only this pack's lessons, not the built-in course.", default=False
    ),
}
VERSION_SPEC = re.compile(r"^\s*(>=|<=|==|!=|>|<)\s*([0-9][0-9.]*)\s*$")


@dataclass
class Pack:
    path: Path
    title: str
    version: str = ""
    jax: str = "any"
    author: str = ""
    replace_builtin: bool = False
    id: str = ""
    lessons: list[Lesson] = field(default_factory=list)
    errors: list[LessonError] = field(default_factory=list)

    def jax_warning(self) -> str | None:
        """Why the installed JAX may not suit this pack, or None."""
        try:
            installed = metadata.version("jax")
        except metadata.PackageNotFoundError:
            return None
        if not version_in(installed, self.jax):
            return (
                f"pack {self.title!r} was written for JAX {self.jax}; JAX {installed} is installed"
            )
        return None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def version_in(version: str, spec: str) -> bool:
    """Whether `version` meets a range like ">=0.4.30,<0.11" (no spec, "any": yes)."""
    if not spec or spec.strip() == "any":
        return True
    have = _version(version)
    for part in spec.split(","):
        m = VERSION_SPEC.match(part)
        if not m:
            return True  # an unreadable range is linted, never a reason to refuse lessons
        op, want = m.group(1), _version(m.group(2))
        n = max(len(have), len(want))
        a, b = have + (0,) * (n - len(have)), want + (0,) * (n - len(want))
        ok = {">=": a >= b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, "<": a < b}[op]
        if not ok:
            return False
    return True


def load_pack(folder: Path) -> Pack:
    """Every lesson of a pack that loads, and an error for each one that does not."""
    folder = Path(folder)
    pack = Pack(folder, title=folder.name)
    manifest = folder / MANIFEST
    if manifest.is_file():
        try:
            data = tomllib.loads(manifest.read_text(encoding="utf-8"))
            for key in MANIFEST_KEYS:
                if key in data:
                    setattr(pack, key, data[key])
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            pack.errors.append(LessonError(manifest, 1, 1, f"cannot read the manifest: {exc}"))
    if not folder.is_dir():
        pack.errors.append(LessonError(folder, 1, 1, "no such folder of lessons"))
        return pack
    pack.id = pack.id or re.sub(r"[^a-z0-9_]+", "_", folder.resolve().name.lower())
    pack.lessons, errors = load_dir(folder)
    pack.errors += errors
    return pack


def pack_dirs(cli_dir: str | None = None) -> list[Path]:
    """The folder from --lessons first, then those from JAXTUTOR_LESSONS."""
    dirs = [Path(cli_dir)] if cli_dir else []
    dirs += [Path(d) for d in os.environ.get(ENV, "").split(os.pathsep) if d.strip()]
    return dirs

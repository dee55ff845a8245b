"""Lesson packs: a teacher's folder of lesson files with a small manifest, pack.toml.

A pack is loaded beside the built-in course (or instead of it) from `--lessons DIR` or
JAXTUTOR_LESSONS (folders separated by the system's path separator). A broken lesson in
a pack never stops the others: it is listed with its error.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from jaxtutor.course.lessons import Key, Lesson, LessonError, builtin_dir, load_dir

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ENV = "JAXTUTOR_LESSONS"
MANIFEST = "pack.toml"
MANIFEST_KEYS = {
    "id": Key("string", "A short name for the pack (default: the folder's name).", default=""),
    "title": Key("string", "The pack's name, shown beside its lessons.", required=True),
    "version": Key("string", "The pack's own version, e.g. \"1.0\".", required=True),
    "jax": Key("string", "The JAX versions it was written for, e.g. \">=0.4.30,<0.11\".",
               default="any"),
    "author": Key("string", "Who wrote it.", default=""),
    "replace_builtin": Key("boolean", "Show only this pack's lessons, not the built-in course.",
                           default=False),
}
_SPEC = re.compile(r"^\s*(>=|<=|==|!=|>|<)\s*([0-9][0-9.]*)\s*$")


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
            return f"pack {self.title!r} was written for JAX {self.jax}; JAX {installed} is installed"
        return None


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def version_in(version: str, spec: str) -> bool:
    """Whether `version` meets a range like ">=0.4.30,<0.11" (no spec, "any": yes)."""
    if not spec or spec.strip() == "any":
        return True
    have = _version(version)
    for part in spec.split(","):
        m = _SPEC.match(part)
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


@dataclass
class Course:
    """The lessons a learner sees now, and what could not be loaded."""

    lessons: list[Lesson]
    errors: list[LessonError] = field(default_factory=list)
    packs: list[Pack] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def pack_dirs(cli_dir: str | None = None) -> list[Path]:
    """The folder from --lessons first, then those from JAXTUTOR_LESSONS."""
    dirs = [Path(cli_dir)] if cli_dir else []
    dirs += [Path(d) for d in os.environ.get(ENV, "").split(os.pathsep) if d.strip()]
    return dirs


def builtin_or_empty() -> list[Lesson]:
    lessons, _ = load_dir(builtin_dir())
    return lessons


def active_lessons(cli_dir: str | None = None, only_packs: bool = False) -> Course:
    """The built-in course plus every pack, in that order. A pack lesson whose id is
    already taken is refused with an error; the first one keeps its place."""
    packs = [load_pack(d) for d in pack_dirs(cli_dir)]
    only_packs = only_packs or any(p.replace_builtin for p in packs)
    course = Course([], packs=packs)
    if not only_packs:
        course.lessons, course.errors = load_dir(builtin_dir())
    taken = {lesson.id: lesson for lesson in course.lessons}
    for pack in packs:
        course.errors += pack.errors
        if (warning := pack.jax_warning()) is not None:
            course.warnings.append(warning)
        for lesson in pack.lessons:
            if lesson.id in taken:
                course.errors.append(LessonError(
                    lesson.path, 1, 1, f"id {lesson.id!r} is already used by "
                    f"{taken[lesson.id].path}; this lesson was not loaded"))
                continue
            taken[lesson.id] = lesson
            course.lessons.append(lesson)
    return course


def lint_manifest(path: Path) -> list:
    """Problems in a pack.toml, in the linter's form."""
    from jaxtutor.authoring.lint import FileLinter, Problem, _TOML_POSITION

    try:
        text = path.read_text(encoding="utf-8")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = _TOML_POSITION.search(str(exc))
        line, column = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        return [Problem(path, line, column, "toml", f"invalid TOML: {exc}",
                        "Fix the TOML syntax here.")]
    except (OSError, UnicodeDecodeError) as exc:
        return [Problem(path, 1, 1, "unreadable", f"cannot read the manifest: {exc}",
                        "Save pack.toml as UTF-8 text.")]
    f = FileLinter(path, text)
    f.walk(data, MANIFEST_KEYS, (), "pack.toml")
    spec = data.get("jax")
    if isinstance(spec, str) and spec.strip() != "any" and not all(
            _SPEC.match(part) for part in spec.split(",")):
        f.add(("jax",), "bad-version-range", f"cannot read the JAX version range {spec!r}",
              "Write comparisons separated by commas, e.g. \">=0.4.30,<0.11\".")
    return f.problems


# -- a new lesson ---------------------------------------------------------------------

SKELETON = """\
# A lesson for jaxtutor. Every key is explained in docs/authoring.md.
# Check it with: jaxtutor lint {filename}

id = "{id}"                 # unique; lowercase letters, digits and _
title = "Your lesson's title"
order = 100                 # place in the course: lower comes first
requires = []               # ids of lessons to finish first, e.g. ["grad_basics"]
part = "My pack"            # a heading in the outline over this part's lessons
summary = "One sentence that says what the learner will be able to do."

# The lesson, in Markdown. A ```python block is checked to be valid Python; when it is
# followed at once by an ```output block, the tests compare what it prints.
explanation = '''
# Your lesson's title

**You should already know:** what the lessons in `requires` teach.

Explain one idea, show it in a short example, then set the task.

```python
import jax
import jax.numpy as jnp

print(jax.grad(lambda x: jnp.sum(x ** 2))(jnp.array([1.0, 2.0])))
```

```output
[2. 4.]
```

## Your task

Write `square_grad(x)`: the gradient of `sum(x ** 2)` for an array `x`.
'''

[exercise]
function = "square_grad"    # the function the learner writes
oracle = "generic"          # checked from the keys below, no Python needed

# What the learner starts from: it must NOT pass.
starter = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    raise NotImplementedError
'''

# A solution: it must pass.
solution = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    return jax.grad(lambda x: jnp.sum(x ** 2))(x)
'''

# Optional: an independent reference (plain NumPy is best). Default: the solution.
reference = '''
import numpy as np


def square_grad(x):
    return 2.0 * np.asarray(x, dtype=np.float64)
'''

# From a gentle nudge to the full answer; shown one at a time.
hints = [
    "jax.grad turns a function that returns one number into its gradient function.",
    "Write the function sum(x ** 2) with jnp.sum, then differentiate it.",
    "Call the gradient function on x: jax.grad(f)(x).",
    "return jax.grad(lambda x: jnp.sum(x ** 2))(x)",
]
random_cases = 4            # hidden cases, drawn afresh on every check from [[exercise.args]]
# wide_cases = 2            # more hidden cases from each argument's wide_low..wide_high

[exercise.sizes]            # named sizes shared by shapes; each case picks one
N = [1, 3, 5]

[[exercise.args]]           # one table per argument, in order
name = "x"
shape = ["N"]
dtype = "float32"
low = -2.0
high = 2.0

[[exercise.cases]]          # fixed teaching cases come first, shown by name; `expected` is optional
name = "x = [1, 2]"
args = [[1.0, 2.0]]
expected = [2.0, 4.0]

# A mistake a learner is likely to make, the code it produces, and the hint for it.
[[exercise.mutants]]
id = "no_sum"
message = "The function you differentiate returns an array, not one number."
hint = "jax.grad needs a scalar output: wrap x ** 2 in jnp.sum."
code = '''
import jax
import jax.numpy as jnp


def square_grad(x):
    return jax.grad(lambda x: x ** 2)(x)
'''
"""


def write_skeleton(lesson_id: str, folder: Path) -> Path:
    """Write ID.toml into `folder`; never overwrites."""
    if not re.match(r"^[a-z][a-z0-9_]*$", lesson_id):
        raise ValueError(f"{lesson_id!r} is not a lesson id: use lowercase letters, digits "
                         "and _, starting with a letter")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{lesson_id}.toml"
    try:  # "x": O_EXCL, so not through a symlink either, even one that points nowhere
        with open(path, "x", encoding="utf-8") as out:
            out.write(SKELETON.format(id=lesson_id, filename=path.name))
    except FileExistsError:
        raise ValueError(f"{path} already exists") from None
    return path

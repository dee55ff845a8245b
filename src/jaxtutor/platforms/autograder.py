"""`jaxtutor autograder gradescope`: the zip a teacher uploads to Gradescope.

The bundle holds `setup.sh` (run once when Gradescope builds its image: installs
requirements.lock from the wheelhouse in the zip, with no index and every hash checked,
so grading never waits on the network or on a release that changed), the lock itself
(see lock.py: every distribution at the version this machine's install resolved), the
wheels it names, `run_autograder` (run once per submission; see gradescope.py), the
configuration (exercises, points, when hidden cases are shown) and, with --lessons, the
lesson pack.
"""

from __future__ import annotations

import io
import json
import platform
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import jaxtutor
from jaxtutor.platforms import VISIBILITIES, lock
from jaxtutor.platforms.gradescope import CONFIG_KIND, CONFIG_NAME
from jaxtutor.render import outfile

DEFAULT_POINTS = 10.0
# Gradescope's Ubuntu 24.04 base image has Python 3.12 (its 22.04 one, 3.10, is too old)
DEFAULT_PYTHON = "3.12"

SETUP_SH = """#!/usr/bin/env bash
# Gradescope runs this once, as root, when it builds the autograder's image.
# requirements.lock names every package, its version and its wheel's sha256; the wheels
# come from the wheelhouse in this zip, with no index: anything else is refused.
set -euo pipefail
here="$(cd "$(dirname "${{BASH_SOURCE[0]}}")" && pwd)"
python="${{JAXTUTOR_PYTHON:-python3}}"
want="{python}"
have="$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')"
if [ "$have" != "$want" ]; then
  echo "jaxtutor: the wheelhouse is for Python $want but $python is $have;" >&2
  echo "choose Gradescope's base image with Python $want, or rebuild the bundle with" >&2
  echo "  jaxtutor autograder gradescope ... --python-version $have" >&2
  exit 1
fi
# the base image's Python is the system's; Gradescope's image is ours alone
export PIP_BREAK_SYSTEM_PACKAGES=1
"$python" -m pip install --no-index --find-links "$here/wheelhouse" --only-binary=:all: \\
  --require-hashes -r "$here/requirements.lock"
"$python" -m jaxtutor doctor || echo "jaxtutor: no jail in this image; see run_autograder's note"
"""

RUN_AUTOGRADER = """#!/usr/bin/env bash
# Gradescope runs this once per submission, in a fresh container, from /autograder.
# It checks /autograder/submission and writes /autograder/results/results.json; the
# folders move with JAXTUTOR_GRADESCOPE_SOURCE, _SUBMISSION and _RESULTS (for tests).
set -uo pipefail
source_dir="${JAXTUTOR_GRADESCOPE_SOURCE:-/autograder/source}"
python="${JAXTUTOR_PYTHON:-python3}"
# a key for this run: results.json is kept only if it carries a MAC made with it
JAXTUTOR_RESULTS_KEY="$("$python" -c 'import secrets; print(secrets.token_hex(32))')"
export JAXTUTOR_RESULTS_KEY
"$python" -m jaxtutor.platforms.gradescope "$source_dir/jaxtutor-autograder.json"
exec "$python" -m jaxtutor.platforms.gradescope --verify
"""


class BundleError(Exception):
    """The bundle cannot be made as asked; the message says why."""


def parse_exercise(text: str, default_points: float) -> tuple[str, float]:
    """`EXERCISE` or `EXERCISE=POINTS`."""
    exercise_id, sep, points = text.partition("=")
    if not sep:
        return exercise_id, default_points
    try:
        value = float(points)
    except ValueError:
        raise BundleError(f"{text!r}: the points after = are not a number") from None
    if value <= 0:
        raise BundleError(f"{text!r}: an exercise is worth more than 0 points")
    return exercise_id, value


def config(exercises: list[tuple[str, float]], hidden: str, lessons: str | None) -> dict:
    if hidden not in VISIBILITIES:
        raise BundleError(f"hidden cases' visibility must be one of {', '.join(VISIBILITIES)}")
    return {
        "kind": CONFIG_KIND,
        "version": 1,
        "jaxtutor": jaxtutor.__version__,
        "exercises": [{"id": i, "points": p} for i, p in exercises],
        "hidden_visibility": hidden,
        "lessons": lessons,
    }


def source_tree() -> Path | None:
    """The checkout jaxtutor runs from, if it runs from one (not from an installed wheel)."""
    root = Path(jaxtutor.__file__).resolve().parents[2]
    return (
        root
        if (root / "pyproject.toml").is_file() and (root / "src" / "jaxtutor").is_dir()
        else None
    )


def build_wheelhouse(dest: Path, python_version: str, platforms=lock.DEFAULT_PLATFORMS) -> None:
    """jaxtutor's wheel, built from this checkout, and the wheel of every distribution it
    needs, at the versions installed here, for `python_version` on x86-64 Linux
    (Gradescope's machines). `pip download` asks pip's index (or the folders of wheels
    pip is told of); without one, --wheelhouse is the way (see lock.lock)."""
    root = source_tree()
    if root is None:
        raise BundleError(
            "jaxtutor is not running from its source tree, so its wheel cannot "
            "be built here: pass --wheelhouse DIR with jaxtutor's wheel and "
            "its dependencies' (pip download)"
        )
    pip = [sys.executable, "-m", "pip"]
    _run(pip + ["wheel", "--no-deps", "--wheel-dir", str(dest), str(root)])
    [wheel] = sorted(dest.glob(f"jaxtutor-{jaxtutor.__version__}-*.whl"))
    try:
        pins = lock.resolved(lock.wheel_requirements(wheel), python_version)
    except lock.LockError as exc:
        raise BundleError(str(exc)) from None
    specs = [f"{p.name}=={p.version}" for p in pins if p.name != "jaxtutor"]
    _run(pip + lock.download_command(str(dest), python_version, specs, platforms))


def _run(command: list[str]) -> None:
    print("jaxtutor: " + " ".join(command), file=sys.stderr)
    done = subprocess.run(command, stdout=sys.stderr)
    if done.returncode != 0:
        raise BundleError(
            f"`pip {command[3]}` failed (exit {done.returncode}); see above. Without an "
            "index, fetch the wheels where there is one and pass --wheelhouse DIR "
            "(docs/classroom.md, Gradescope)"
        )


def _add(zf: zipfile.ZipFile, name: str, data: bytes, executable: bool = False) -> None:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = (0o100755 if executable else 0o100644) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, data)


def bundle(
    settings: dict, wheelhouse: Path, python_version: str, pack: Path | None = None
) -> bytes:
    """The zip's bytes: setup.sh and run_autograder at its root, as Gradescope expects,
    the lock and the wheels it names (no other wheel of the wheelhouse)."""
    try:
        pins = lock.lock(wheelhouse, jaxtutor.__version__, python_version)
    except lock.LockError as exc:
        raise BundleError(str(exc)) from None
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        _add(
            zf,
            "setup.sh",
            SETUP_SH.format(python=python_version).encode(),
            True,
        )
        _add(zf, "run_autograder", RUN_AUTOGRADER.encode(), True)
        _add(zf, CONFIG_NAME, (json.dumps(settings, indent=2) + "\n").encode())
        text = lock.lock_text(pins, jaxtutor.__version__, python_version)
        _add(zf, lock.LOCK_NAME, text.encode())
        for pin in pins:
            assert pin.wheel is not None  # lock.lock found each one
            zf.write(pin.wheel, f"wheelhouse/{pin.wheel.name}", zipfile.ZIP_STORED)
        if pack is not None:
            for path in sorted(pack.rglob("*")):
                parts = path.relative_to(pack).parts
                if path.is_file() and not any(p.startswith((".", "__")) for p in parts):
                    _add(zf, "/".join(("lessons", *parts)), path.read_bytes())
    return buffer.getvalue()


def _bundled_packs_only(course, exercise_ids: list[str], pack: Path | None) -> None:
    """Every exercise comes from the built-in course or the --lessons pack, the one pack
    the bundle carries (not from one JAXTUTOR_LESSONS names on this machine only)."""
    for other in getattr(course, "packs", []):
        if pack is not None and other.path.resolve() == pack.resolve():
            continue
        for lesson in other.lessons:
            if lesson.id in exercise_ids:
                raise BundleError(
                    f"{lesson.id} comes from the pack in {other.path}, which the "
                    f"bundle would not carry: name it with `jaxtutor --lessons "
                    f"{other.path} autograder ...`"
                )


def gradescope_command(args, course) -> int:
    """`jaxtutor autograder gradescope EXERCISE[=POINTS]... --out FILE`."""
    outfile.check_target(args.out)
    try:
        exercises = [parse_exercise(e, args.points) for e in args.exercises]
        known = {lesson.id for lesson in course.lessons}
        if unknown := [i for i, _ in exercises if i not in known]:
            raise BundleError(
                f"unknown exercise {unknown[0]!r} (known: {', '.join(sorted(known))})"
            )
        if len({i for i, _ in exercises}) != len(exercises):
            raise BundleError("an exercise is named twice")
        pack = Path(args.lessons) if args.lessons else None
        _bundled_packs_only(course, [i for i, _ in exercises], pack)
        settings = config(exercises, args.hidden_cases, "lessons" if pack else None)
        if args.wheelhouse:
            data = bundle(settings, Path(args.wheelhouse), args.python_version, pack)
        else:
            with tempfile.TemporaryDirectory(prefix="jaxtutor-wheelhouse-") as tmp:
                build_wheelhouse(Path(tmp), args.python_version)
                data = bundle(settings, Path(tmp), args.python_version, pack)
    except BundleError as exc:
        print(f"jaxtutor: {exc}", file=sys.stderr)
        return 2
    outfile.write_bytes(args.out, data)
    total = sum(p for _, p in exercises)
    print(
        f"wrote {args.out}: {', '.join(f'{i} ({p:g} points)' for i, p in exercises)}, "
        f"{total:g} points; hidden cases shown {args.hidden_cases.replace('_', ' ')}; "
        f"for Python {args.python_version}",
        file=sys.stderr,
    )
    if platform.machine() not in ("x86_64", "AMD64") and not args.wheelhouse:
        print(
            "jaxtutor: note: the wheelhouse is for x86-64 Linux, as Gradescope runs",
            file=sys.stderr,
        )
    return 0

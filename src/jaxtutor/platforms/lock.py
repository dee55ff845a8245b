"""The Gradescope bundle's requirements.lock: every distribution jaxtutor needs on
Gradescope's machines, at the version this machine's own install resolved, with the
sha256 of the one wheel the bundle ships for it.

The distributions are jaxtutor's wheel's requirements, followed through the metadata of
the distributions installed here, with their markers evaluated for the bundle's target
(CPython `python_version` on x86-64 Linux). The versions are the installed ones
(importlib.metadata), never a fresh resolve. The hashes are of the wheels themselves, so
`pip install --require-hashes` installs these files or nothing.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import re
from dataclasses import dataclass
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement

LOCK_NAME = "requirements.lock"


class LockError(Exception):
    """The lock cannot be made as asked; the message says why and what to do."""


@dataclass(frozen=True)
class Pin:
    name: str  # normalised (PEP 503)
    version: str
    wheel: Path | None = None

    def line(self) -> str:
        assert self.wheel is not None
        return f"{self.name}=={self.version} --hash=sha256:{sha256(self.wheel)}"


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def target_environment(python_version: str) -> dict[str, str]:
    """The marker environment of Gradescope's machines: CPython on x86-64 Linux."""
    return {
        "python_version": python_version,
        "python_full_version": f"{python_version}.0",
        "implementation_name": "cpython",
        "implementation_version": f"{python_version}.0",
        "platform_python_implementation": "CPython",
        "os_name": "posix",
        "sys_platform": "linux",
        "platform_system": "Linux",
        "platform_machine": "x86_64",
        "platform_release": "",
        "platform_version": "",
    }


def _needed(requirement: Requirement, extra: str, env: dict[str, str]) -> bool:
    """Whether `requirement` applies on the target, for a distribution asked for with
    `extra` ("" for the distribution itself)."""
    marker: Marker | None = requirement.marker
    return marker is None or marker.evaluate({**env, "extra": extra})


def wheel_requirements(wheel: Path) -> list[str]:
    """The Requires-Dist lines of a wheel's METADATA."""
    import email.parser
    import zipfile

    with zipfile.ZipFile(wheel) as zf:
        [name] = [n for n in zf.namelist() if re.fullmatch(r"[^/]+\.dist-info/METADATA", n)]
        metadata = email.parser.BytesParser().parsebytes(zf.read(name), headersonly=True)
    return metadata.get_all("Requires-Dist") or []


def resolved(requirements: list[str], python_version: str) -> list[Pin]:
    """Every distribution `requirements` need on the target, followed through the
    installed distributions' metadata, at their installed versions (sorted by name)."""
    env = target_environment(python_version)
    pins: dict[str, Pin] = {}
    done: dict[str, set[str]] = {}  # each distribution's extras followed ("" itself)
    todo = [(r, "jaxtutor") for r in map(Requirement, requirements) if _needed(r, "", env)]
    problems = []
    while todo:  # each requirement on the list applies on the target
        requirement, wanted_by = todo.pop()
        name = normalise(requirement.name)
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            problems.append(f"{requirement} (needed by {wanted_by}) is not installed")
            continue
        if not requirement.specifier.contains(dist.version, prereleases=True):
            problems.append(f"{name} {dist.version} is installed; {wanted_by} needs {requirement}")
        pins[name] = Pin(name, dist.version)
        for extra in {""} | {normalise(e) for e in requirement.extras}:
            if extra in done.setdefault(name, set()):
                continue
            done[name].add(extra)
            for line in dist.requires or []:
                sub = Requirement(line)
                if _needed(sub, extra, env):
                    todo.append((sub, f"{name} {dist.version}"))
    if problems:
        raise LockError(
            "this machine's install does not hold what jaxtutor needs on Gradescope's "
            "machines, so there are no versions to pin:\n  "
            + "\n  ".join(sorted(set(problems)))
            + "\ninstall jaxtutor with its dependencies here (pip install -e .), then "
            "build the bundle again"
        )
    return sorted(pins.values(), key=lambda p: p.name)


# every manylinux tag Ubuntu 24.04's glibc (2.39) runs: pip matches --platform tags exactly
DEFAULT_PLATFORMS = tuple(f"manylinux_2_{minor}_x86_64" for minor in range(39, 4, -1)) + (
    "manylinux2014_x86_64",
    "manylinux2010_x86_64",
    "manylinux1_x86_64",
)


def fits(wheel: str, python_version: str, platforms=DEFAULT_PLATFORMS) -> bool:
    """Whether a wheel's file name says it installs on CPython `python_version` with
    one of `platforms` (or any platform)."""
    parts = wheel.removesuffix(".whl").split("-")
    if len(parts) not in (5, 6):
        return False
    major, minor = python_version.split(".")
    here = f"{major}{minor}"
    for py in parts[-3].split("."):
        for abi in parts[-2].split("."):
            if not any(p == "any" or p in platforms for p in parts[-1].split(".")):
                continue
            if abi == "none" and py in (f"py{major}", f"py{here}", f"cp{here}"):
                return True
            if abi == f"cp{here}" and py == f"cp{here}":
                return True
            stable = re.fullmatch(rf"cp{major}(\d+)", py)
            if abi == "abi3" and stable and int(stable.group(1)) <= int(minor):
                return True
    return False


def find_wheel(wheelhouse: Path, name: str, version: str, python_version: str, platforms):
    """The wheel of `name==version` in `wheelhouse` for the target, if there is one."""
    for path in sorted(wheelhouse.glob("*.whl")):
        parts = path.name.split("-")
        if (
            len(parts) >= 5
            and normalise(parts[0]) == name
            and parts[1] == version
            and fits(path.name, python_version, platforms)
        ):
            return path
    return None


def download_command(dest: str, python_version: str, specs: list[str], platforms) -> list[str]:
    """`pip download` of exactly `specs`, as wheels for the target."""
    command = ["download", "--no-deps", "--only-binary=:all:", "--dest", dest]
    command += ["--python-version", python_version, "--implementation", "cp"]
    for tag in platforms:
        command += ["--platform", tag]
    return command + specs


def lock(
    wheelhouse: Path, version: str, python_version: str, platforms=DEFAULT_PLATFORMS
) -> list[Pin]:
    """jaxtutor's wheel in `wheelhouse` and the wheel of each distribution it needs, at
    this machine's versions; refused, naming each one missing and how to get it."""
    root = find_wheel(wheelhouse, "jaxtutor", version, python_version, platforms)
    if root is None:
        raise LockError(f"{wheelhouse} has no wheel of jaxtutor {version}")
    pins = [Pin("jaxtutor", version, root)]
    missing = []
    for pin in resolved(wheel_requirements(root), python_version):
        if pin.name == "jaxtutor":
            continue
        wheel = find_wheel(wheelhouse, pin.name, pin.version, python_version, platforms)
        if wheel is None:
            missing.append(f"{pin.name}=={pin.version}")
        pins.append(Pin(pin.name, pin.version, wheel))
    if missing:
        command = download_command(str(wheelhouse), python_version, missing, platforms)
        raise LockError(
            f"{wheelhouse} has no wheel for Python {python_version} on x86-64 Linux of "
            f"{', '.join(missing)}: the versions installed here, which the bundle pins. "
            "Where pip can reach an index (or a folder of wheels), add them with\n  "
            + " ".join(["python", "-m", "pip", *command])
        )
    return pins


def lock_text(pins: list[Pin], version: str, python_version: str) -> str:
    header = (
        f"# jaxtutor {version}'s Gradescope bundle, for CPython {python_version} on x86-64 "
        "Linux:\n# every distribution setup.sh installs, at the version the install that "
        "made the bundle\n# resolved, and the sha256 of its wheel in wheelhouse/. "
        "`pip install --require-hashes`\n# installs these files or nothing.\n"
    )
    return header + "".join(pin.line() + "\n" for pin in pins)

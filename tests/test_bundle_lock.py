"""The Gradescope bundle's lock, for the real tutor: every distribution the tutor loads,
at the version installed here, with the sha256 of the wheel the bundle ships for it."""

from __future__ import annotations

import hashlib
import importlib.metadata
import subprocess
import sys
from pathlib import Path

import pytest

from jaxtutor.platforms import lock
from test_gradescope import HERE_PYTHON, stub_wheel

# the tutor's own modules, as its processes load them: the CLI and app, the learner's
# child (JAX and its kin), the file watcher and the shrinker
TUTOR_MODULES = (
    "jaxtutor.cli",
    "jaxtutor.learner.tui.app",
    "jaxtutor.learner.watch",
    "jaxtutor.runner.inside.learner_process",
    "jaxtutor.runner.inside.syscalls",
    "jaxtutor.oracles.shrink",
    "jax.numpy",
    "scipy.special",
)


# loaded only where installed, by a try-import: jax's pickling (cloudpickle) and NumPy's
# f2py (charset_normalizer); the test extra brings both (pyBKT's joblib and requests),
# a bundle installed from the lock does not, and the tutor runs without them
OPTIONAL = {"cloudpickle", "charset-normalizer"}


def tutor_requirements() -> list[str]:
    """What the installed jaxtutor requires, as its wheel's metadata says it."""
    return importlib.metadata.requires("jaxtutor") or []


def loaded_distributions() -> set[str]:
    """The distributions whose modules the tutor's modules load, in a process of their
    own (beyond what the interpreter loaded before them)."""
    script = (
        "import importlib, importlib.metadata, sys\n"
        "before = set(sys.modules)\n"  # the interpreter's own start (site's .pth hooks)
        f"for name in {TUTOR_MODULES!r}:\n"
        "    importlib.import_module(name)\n"
        "owners = importlib.metadata.packages_distributions()\n"
        "for top in sorted({m.split('.')[0] for m in set(sys.modules) - before}):\n"
        "    for dist in owners.get(top, []):\n"
        "        print(dist)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=True
    )
    return {lock.normalise(line) for line in done.stdout.split()} - {"jaxtutor"}


def test_the_lock_holds_every_distribution_the_tutor_loads_at_its_installed_version():
    pins = {p.name: p.version for p in lock.resolved(tutor_requirements(), HERE_PYTHON)}
    loaded = loaded_distributions()
    assert {"numpy", "scipy", "jax", "jaxlib", "textual", "rich"} <= loaded
    assert loaded - OPTIONAL <= set(pins), loaded - OPTIONAL - set(pins)
    for name, version in pins.items():
        assert version == importlib.metadata.version(name), name


def real_wheelhouse(folder: Path) -> list[lock.Pin]:
    """A wheelhouse of small wheels named as each pinned distribution's, and jaxtutor's
    carrying the installed jaxtutor's requirements; a newer numpy beside the pinned one."""
    folder.mkdir()
    pins = lock.resolved(tutor_requirements(), HERE_PYTHON)
    stub_wheel(folder, requires=tuple(tutor_requirements()))
    for pin in pins:
        stub_wheel(folder, pin.name, pin.version)
    stub_wheel(folder, "numpy", "99.0.0")
    return pins


def test_the_lock_pins_each_installed_version_with_its_wheels_hash(tmp_path):
    wheelhouse = tmp_path / "wheelhouse"
    pins = real_wheelhouse(wheelhouse)
    text = lock.lock_text(lock.lock(wheelhouse, "0.1.0", HERE_PYTHON), "0.1.0", HERE_PYTHON)
    lines = [line for line in text.splitlines() if not line.startswith("#")]
    locked = {}
    for line in lines:
        spec, hash_option = line.split(" --hash=sha256:")
        name, version = spec.split("==")
        locked[name] = version
        [wheel] = wheelhouse.glob(f"{name.replace('-', '_')}-{version}-*.whl")
        assert hash_option == hashlib.sha256(wheel.read_bytes()).hexdigest(), name
    assert locked == {"jaxtutor": "0.1.0", **{p.name: p.version for p in pins}}
    # the versions this install resolved, though a newer numpy was in the wheelhouse
    assert locked["numpy"] == importlib.metadata.version("numpy")
    assert locked["scipy"] == importlib.metadata.version("scipy")


def test_a_wheel_missing_for_a_pinned_version_is_refused_with_how_to_get_it(tmp_path):
    wheelhouse = tmp_path / "wheelhouse"
    real_wheelhouse(wheelhouse)
    scipy = importlib.metadata.version("scipy")
    (wheelhouse / f"scipy-{scipy}-py3-none-any.whl").unlink()
    stub_wheel(wheelhouse, "scipy", "99.0.0")  # another version is no substitute
    with pytest.raises(lock.LockError) as refused:
        lock.lock(wheelhouse, "0.1.0", HERE_PYTHON)
    message = str(refused.value)
    assert f"scipy=={scipy}" in message and "numpy" not in message.split("\n")[0]
    assert f"pip download --no-deps --only-binary=:all: --dest {wheelhouse}" in message


@pytest.mark.parametrize(
    ("wheel", "python", "fits"),
    [
        ("numpy-2.4.6-cp312-cp312-manylinux_2_27_x86_64.manylinux_2_28_x86_64.whl", "3.12", True),
        ("numpy-2.4.6-cp312-cp312-manylinux_2_27_x86_64.whl", "3.11", False),
        ("numpy-2.4.6-cp312-cp312-macosx_14_0_arm64.whl", "3.12", False),
        ("numpy-2.4.6-cp312-cp312-manylinux_2_17_aarch64.whl", "3.12", False),
        ("numpy-2.4.6-cp312-cp312-manylinux_2_40_x86_64.whl", "3.12", False),  # glibc > 2.39
        ("watchfiles-1.3.0-cp39-abi3-manylinux_2_17_x86_64.whl", "3.12", True),
        ("watchfiles-1.3.0-cp313-abi3-manylinux_2_17_x86_64.whl", "3.12", False),
        ("rich-15.0.0-py3-none-any.whl", "3.12", True),
        ("numpy-2.4.6-cp313-cp313t-manylinux_2_28_x86_64.whl", "3.13", False),
    ],
)
def test_a_wheel_fits_the_target_only_when_its_tags_say_so(wheel, python, fits):
    assert lock.fits(wheel, python) is fits


def test_a_requirement_this_install_does_not_meet_is_refused():
    numpy = importlib.metadata.version("numpy")
    with pytest.raises(lock.LockError) as refused:
        lock.resolved(["numpy<2", "jaxtutor-no-such-distribution>=1"], HERE_PYTHON)
    message = str(refused.value)
    assert f"numpy {numpy} is installed; jaxtutor needs numpy<2" in message
    assert "jaxtutor-no-such-distribution>=1 (needed by jaxtutor) is not installed" in message
    # a requirement for another platform is not this target's to meet
    assert lock.resolved(['jaxtutor-no-such-distribution; sys_platform == "win32"'], "3.12") == []

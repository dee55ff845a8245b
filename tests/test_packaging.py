"""The built wheel carries the course: install it into a fresh venv and use it."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from jaxtutor.lessons import builtin_lessons, find_exercise

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow  # builds the wheel and installs it, JAX and all, into a new venv
def test_wheel_installs_into_a_fresh_venv_and_finds_its_lessons(tmp_path):
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--outdir", str(tmp_path / "dist"),
                    str(ROOT)], check=True, capture_output=True, timeout=300)
    (wheel,) = (tmp_path / "dist").glob("jaxtutor-*.whl")
    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / "bin"
    subprocess.run([bin_dir / "pip", "install", "-q", str(wheel)], check=True,
                   capture_output=True, timeout=900)
    outside = tmp_path / "elsewhere"  # not the source tree: lessons must come from the wheel
    outside.mkdir()
    listed = subprocess.run([bin_dir / "jaxtutor", "list"], capture_output=True, text=True,
                            cwd=outside, check=True, timeout=60).stdout
    lines = listed.splitlines()
    assert [line.split()[0] for line in lines if not line.startswith("-- ")] == \
        [l.id for l in builtin_lessons()]
    assert "-- The wider toolbox --" in lines  # the parts travel with the lessons
    solution = outside / "solution.py"
    solution.write_text(find_exercise("argnums").exercise.solution)
    checked = subprocess.run([bin_dir / "jaxtutor", "check", "argnums", str(solution)],
                             capture_output=True, text=True, cwd=outside, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr

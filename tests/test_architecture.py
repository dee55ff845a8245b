"""The lines of trust in ARCHITECTURE: only the child imports JAX, the engine never
imports Textual. import-linter reads the contracts from pyproject.toml; so do mypy, on
the types, and ruff, on the code's lint and format."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_import_contracts_hold():
    result = subprocess.run(
        [Path(sys.executable).with_name("lint-imports")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "broken" not in result.stdout.split("Contracts:")[-1].replace("0 broken", "")


def _tool(name: str, *args: str, timeout: float) -> subprocess.CompletedProcess:
    """One of the venv's tools, run in the repository's root, which holds its settings."""
    return subprocess.run(
        [Path(sys.executable).with_name(name), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_the_types_check():
    # what mypy checks (all but the jailed process and the learner's app) is in pyproject.toml
    result = _tool("mypy", timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_code_is_linted_and_formatted():
    lint = _tool("ruff", "check", timeout=120)
    assert lint.returncode == 0, lint.stdout + lint.stderr
    form = _tool("ruff", "format", "--check", timeout=120)
    assert form.returncode == 0, form.stdout + form.stderr


def test_no_module_grows_past_500_lines():
    """docs/layout.md's habit: a module past it is holding more than one idea."""
    long = {
        str(path.relative_to(ROOT)): n
        for path in (ROOT / "src").rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert not long, long


def test_cli_check_never_imports_jax_in_the_trusted_process():
    code = (
        "import sys; from jaxtutor.cli import main; from jaxtutor.course.lessons import find_exercise;"
        "import tempfile, pathlib; d = pathlib.Path(tempfile.mkdtemp()); p = d / 's.py';"
        "p.write_text(find_exercise('argnums').exercise.solution);"
        "rc = main(['check', 'argnums', str(p), '--json']);"
        "assert 'jax' not in sys.modules, 'jax imported'; print('rc', rc)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "rc 0" in result.stdout

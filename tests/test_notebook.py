"""`%load_ext jaxtutor` in IPython's own InteractiveShell: cells checked by the real jailed
checker, shown as rich output with every learner text HTML-escaped, and progress kept in
the same store as the app."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("IPython")  # the `test` extra installs it
from IPython.core.interactiveshell import InteractiveShell  # noqa: E402

from jaxtutor.learner import progress  # noqa: E402
from jaxtutor.learner.progress import Store  # noqa: E402
from jaxtutor.platforms.notebook import verdict_html  # noqa: E402
from jaxtutor.verdict import Diagnosis, Outcome, Table, TestResult, Verdict  # noqa: E402

SUBMISSIONS = Path(__file__).parent / "submissions" / "argnums"
HOSTILE = "<script>alert(1)</script> & \x1b[2J"


@pytest.fixture(scope="module")
def kernel():
    ip = InteractiveShell.instance()
    assert ip.run_cell("%load_ext jaxtutor").success
    yield ip
    ip.run_cell("%unload_ext jaxtutor")
    InteractiveShell.clear_instance()


@pytest.fixture
def shell(kernel):
    """The kernel, and the progress store the app reads (each test has its own
    JAXTUTOR_HOME, see conftest)."""
    return kernel, progress.default_path()


def run(ip, code: str) -> dict:
    """What Jupyter receives for the cell's result: its MIME bundle."""
    result = ip.run_cell(code)
    assert result.success, result.error_in_exec
    data, _ = ip.display_formatter.format(result.result)
    return data


def test_a_wrong_cell_is_checked_in_the_jail_and_explained(shell):
    ip, home = shell
    cell = "%%jaxtutor check argnums\n" + (SUBMISSIONS / "carol.py").read_text()
    data = run(ip, cell)
    page = data["text/html"]
    assert "Wrong answer" in page and "swapped_order" in page
    assert page.count("<tr>") >= 2 and "small example" in page  # the tests
    assert '<details class="jaxtutor-hint"><summary>Hint</summary>' in page
    assert "Misconception: swapped_order" in data["text/plain"]
    assert "grad_w_and_x" not in ip.user_ns  # the cell ran in the checker, not the kernel
    with Store(home) as store:
        progress = store.exercise("argnums")
    assert (progress.attempts, progress.status, progress.last_misconception) == (
        1,
        "in_progress",
        "swapped_order",
    )


def test_hint_lesson_and_a_passing_cell_reach_the_store(shell):
    ip, home = shell
    hint = run(ip, "%jaxtutor hint argnums")
    assert "Hint 1 of" in hint["text/html"]
    lesson = run(ip, "%jaxtutor lesson argnums")
    assert "%%jaxtutor check argnums" in lesson["text/plain"] and "<h3>" in lesson["text/html"]
    data = run(ip, "%%jaxtutor check argnums\n" + (SUBMISSIONS / "alice.py").read_text())
    assert "Passed" in data["text/html"]
    with Store(home) as store:
        progress = store.exercise("argnums")
    assert (progress.attempts, progress.status, progress.hints_revealed) == (1, "passed", 1)


def test_learner_text_is_escaped_in_the_page(shell):
    ip, _ = shell
    cell = (
        f"%%jaxtutor check argnums\nprint({HOSTILE!r})\n"
        f"def grad_w_and_x(scale, w, x, y):\n    raise ValueError({HOSTILE!r})\n"
    )
    page = run(ip, cell)["text/html"]
    assert "<script>" not in page and "\x1b" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; \\x1b[2J" in page


def test_a_kernels_checks_fork_from_one_server_started_with_the_extension(shell, servers_started):
    """JAX is imported once per kernel, as the extension loads, not once per check (about
    a second each); unloading the extension stops that server."""
    ip, _ = shell
    assert ip.run_cell("%reload_ext jaxtutor").success
    assert len(servers_started) == 1 and servers_started[0].proc.poll() is None
    for _ in range(2):
        data = run(ip, "%%jaxtutor check argnums\n" + (SUBMISSIONS / "alice.py").read_text())
        assert "Passed" in data["text/html"]
    assert len(servers_started) == 1
    assert ip.run_cell("%unload_ext jaxtutor").success
    assert servers_started[0].proc.poll() is not None  # stopped, and waited for
    assert ip.run_cell("%load_ext jaxtutor").success  # as the other tests found it


def test_usage_errors_are_said_not_raised(shell):
    ip, _ = shell
    assert "cell magic" in run(ip, "%jaxtutor check argnums")["text/plain"]
    assert "unknown exercise" in run(ip, "%%jaxtutor check nope\nx = 1\n")["text/plain"]
    assert "usage" in run(ip, "%jaxtutor frobnicate")["text/plain"]


def test_every_part_of_a_verdict_is_escaped():
    verdict = Verdict(
        HOSTILE,
        Outcome.WRONG_ANSWER,
        HOSTILE,
        tests=[TestResult(HOSTILE, "fail", HOSTILE)],
        diagnosis=Diagnosis(HOSTILE, HOSTILE, table=Table([HOSTILE], [[HOSTILE], ["1"]], 0)),
        hint=HOSTILE,
        output=HOSTILE,
        seed=3,
    )
    page = verdict_html(verdict)
    assert "<script>" not in page and "\x1b" not in page
    # title, message, test name and message, misconception, column, cell, output, hint
    assert page.count("&lt;script&gt;") == 9
    assert (
        'style="font-weight: bold; color: #cf222e"><td>&lt;script&gt;' in page
    )  # the highlighted step

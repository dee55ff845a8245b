"""Snapshots of the main screens at 80x24 and 160x48 (pytest-textual-snapshot).

The app runs on two small lessons written here, so the pictures change only when the
app does, not when the course's text does; verdicts are built here with fixed numbers,
so no timing shows. Update after a deliberate change with `--snapshot-update`.
"""

from __future__ import annotations

import pytest
from textual.widgets import Tabs

from jaxtutor.course.active import Course
from jaxtutor.learner.tui.app import TutorApp
from jaxtutor.learner.tui.widgets import LessonView
from jaxtutor.verdict import Diagnosis, Outcome, Table, TestResult, Verdict

LESSON = '''
id = "{id}"
title = "{title}"
order = {order}
summary = "A small lesson for the snapshots."
explanation = """
# {title}

`jax.grad(f)` returns a **function** that computes the derivative of `f`.

```python
import jax
print(jax.grad(lambda x: x ** 2)(3.0))
```
"""

[exercise]
function = "step"
oracle = "argnums"
starter = """
import jax


def step(w, lr, xs):
    # One step of gradient descent per batch.
    raise NotImplementedError
"""
solution = """
def step(w, lr, xs):
    return w
"""
hints = ["Start from the weight.", "Subtract lr times the gradient.", "return w - lr * g"]
'''

VERDICT = Verdict(
    "first",
    Outcome.WRONG_ANSWER,
    "2 of 3 tests failed. Your weight moves up the slope, not down.",
    tests=[
        TestResult("small example", "pass"),
        TestResult("random: 4 batches", "fail", "expected 0.25, got 1.75"),
        TestResult("random: 1 batch", "fail", "expected -0.5, got 0.5"),
    ],
    diagnosis=Diagnosis(
        "sign_flipped",
        "Your weight moves up the slope.",
        step=1,
        table=Table(
            ["step", "expected gradient", "your step / lr", "expected w", "your w"],
            [
                ["0", "2.0", "2.0", "0.8", "0.8"],
                ["1", "1.6", "-3.2", "0.64", "1.12"],
                ["2", "1.28", "-2.56", "0.512", "1.376"],
            ],
            highlight=1,
        ),
    ),
    hint="Gradient descent subtracts: w - lr * gradient.",
    output="w = 1.12\n",
    duration_s=0.5,
)


@pytest.fixture
def app(tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    for order, (lesson_id, title) in enumerate(
        [("first", "Gradients are functions"), ("second", "Scanning over batches")], 1
    ):
        (folder / f"{order:02}_{lesson_id}.toml").write_text(
            LESSON.format(id=lesson_id, title=title, order=order)
        )
    return TutorApp(Course.of_folder(folder), warm=False)


async def steady_cursor(pilot) -> None:
    """The editor's cursor blinks on a timer, and the lesson's code and the editor are
    coloured just after the first frame: a busy machine would catch either phase."""
    pilot.app.editor.cursor_blink = False
    for _ in range(200):
        if pilot.app.query_one(LessonView).text_shown() and pilot.app.editor.language:
            return
        await pilot.pause(0.05)
    raise AssertionError("the lesson's code or the editor was never coloured")


async def show_verdict(pilot) -> None:
    """A hint taken, then a check's verdict (a hint first: it scrolls the results to
    their end, a verdict to their start)."""
    await steady_cursor(pilot)
    app = pilot.app
    await pilot.press("ctrl+g")
    app.show_verdict(VERDICT)
    if app.has_class("-narrow"):
        await underline_under(pilot, "results")


async def underline_under(pilot, tab_id: str) -> None:
    """Until the tabs' underline is under the tab, whole: it slides there after a timer,
    once for the tab chosen and again for its label's new width (a busy machine can
    catch it on the way)."""
    tabs = pilot.app.query_one("#pane-tabs", Tabs)
    underline, tab = tabs.query_one("Underline"), tabs.query_one(f"#{tab_id}")
    for _ in range(200):
        await pilot.wait_for_scheduled_animations()
        span = tab.virtual_region.shrink(tab.styles.gutter).column_span
        if (underline.highlight_start, underline.highlight_end) == span:
            return
        await pilot.pause(0.05)
    raise AssertionError(
        f"the underline never reached the tab: {underline.highlight_start}, {underline.highlight_end}, {span}"
    )


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_main_screen(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=steady_cursor)


@pytest.mark.parametrize("size", [(80, 24), (160, 48)])
def test_results_with_a_misconception(snap_compare, app, size):
    assert snap_compare(app, terminal_size=size, run_before=show_verdict)


def test_code_tab_at_80(snap_compare, app):
    # at 80 columns a newcomer sees the lesson first (test_main_screen); ^f shows the code
    assert snap_compare(app, terminal_size=(80, 24), press=["ctrl+f"], run_before=steady_cursor)


def test_help_screen(snap_compare, app):
    assert snap_compare(app, terminal_size=(80, 24), press=["f1"], run_before=steady_cursor)


def test_light_theme(snap_compare, app):
    assert snap_compare(
        app, terminal_size=(160, 48), press=["escape", "d"], run_before=steady_cursor
    )

"""The lesson's text in the first frame: drawn from the lines kept by the last start,
the same cells as Rich's Markdown draws, without importing it."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from rich.console import Console

from jaxtutor.course.lessons import builtin_lessons
from jaxtutor.disk_cache import KeptAsJson
from jaxtutor.learner.tui import lesson_drawing
from jaxtutor.learner.tui.lesson_drawing import LessonDrawing


def drawn(markup: str, width: int, dark: bool = True, highlight: bool = False) -> list:
    console = Console(width=width, color_system="truecolor", force_terminal=True)
    return console.render_lines(LessonDrawing(markup, dark, highlight), pad=False)


def test_a_kept_drawing_is_the_same_as_a_fresh_one_and_needs_no_markdown(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    for lesson in builtin_lessons():  # every lesson's styles survive their JSON form
        for dark in (True, False):
            monkeypatch.setattr(lesson_drawing, "_KEPT", KeptAsJson("lesson_text.json"))
            fresh = drawn(lesson.explanation, 76, dark)
            # a new start: its own cache object, and Rich's Markdown never used
            monkeypatch.setattr(lesson_drawing, "_KEPT", KeptAsJson("lesson_text.json"))
            with monkeypatch.context() as m:
                m.setattr(
                    "jaxtutor.learner.tui.lesson_text.LessonMarkdown", None
                )  # a use would raise
                assert drawn(lesson.explanation, 76, dark) == fresh, (lesson.id, dark)
    # another width or an edited text is drawn afresh
    markup = builtin_lessons()[0].explanation
    assert drawn(markup, 60) != drawn(markup, 76)
    assert drawn(markup + "\n\nOne more line.", 76)[-1] != drawn(markup, 76)[-1]


def test_the_first_frame_of_a_later_start_imports_no_markdown(tmp_path):
    script = textwrap.dedent("""
        import sys
        from rich.console import Console
        from jaxtutor.course.lessons import builtin_lessons
        from jaxtutor.learner.tui.lesson_drawing import LessonDrawing
        Console(width=76).render_lines(LessonDrawing(builtin_lessons()[0].explanation, True, False))
        print("rich.markdown" in sys.modules, "markdown_it" in sys.modules)
    """)
    env = {"XDG_CACHE_HOME": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    said = [
        subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        ).stdout.split()
        for _ in range(2)
    ]
    assert said == [["True", "True"], ["False", "False"]]


def test_code_is_coloured_only_when_asked_and_never_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(lesson_drawing, "_KEPT", KeptAsJson("lesson_text.json"))
    markup = "Some text.\n\n```python\nx = 1\n```\n"
    plain, coloured = drawn(markup, 40), drawn(markup, 40, highlight=True)
    assert "".join(s.text for line in plain for s in line) == "".join(
        s.text for line in coloured for s in line
    )
    assert plain != coloured
    assert len(KeptAsJson("lesson_text.json")._load()) == 1

"""The learner's app (Textual). The only package that imports Textual; it never imports
JAX: checks run in a child process through the engine."""

from __future__ import annotations


def run(course) -> int:
    """The app on `course` (course/active.py), until the learner quits."""
    import gc

    gc.disable()  # until the first frame is drawn: see TutorApp.on_mount
    from jaxtutor.learner.tui.app import TutorApp

    TutorApp(course).run()
    return 0

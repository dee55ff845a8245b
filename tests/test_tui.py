"""The learner's app, driven through Textual's Pilot with real checks in child processes.

No mocks: the checks run the real engine and a real child with JAX; the progress is real
SQLite in the test's JAXTUTOR_HOME.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import inspect
import io
import json
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual import events
from textual.command import CommandList
from textual.geometry import Region
from textual.widgets import DataTable, Static, Tabs, TextArea

from jaxtutor.course.active import Course
from jaxtutor.course.lessons import builtin_dir, find_exercise, load_dir
from jaxtutor.learner.progress import Store
from jaxtutor.learner.tui.app import TutorApp
from jaxtutor.learner.tui.screens import ConfirmScreen, HelpScreen, PickScreen, SolutionScreen
from jaxtutor.learner.tui.widgets import LessonView, OutlineEntry
from jaxtutor.verdict import kept_json

WIDE = (160, 48)
LESSONS = load_dir(builtin_dir())[0]  # a lesson being written may be broken
SCAN = "scan_training_step" if find_exercise("scan_training_step", LESSONS) else "argnums"

WRONG_SCAN = """import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        gradient = jax.grad(lambda w: jnp.sum((w * x - y) ** 2))(w)
        return w + lr * gradient, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w
"""


def pilot_test(test):
    """Run an async Pilot test in its own event loop (no async plugin needed)."""

    @functools.wraps(test)
    def run(*args, **kwargs):
        return asyncio.run(test(*args, **kwargs))

    return run


def text_of(app, selector: str) -> str:
    """The plain text a Static shows (Rich text or tables alike)."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(app.query_one(selector, Static).content)
    return console.export_text()


def outline_mark(app, lesson_id: str) -> str:
    """The state mark the outline shows for a lesson."""
    return app.query_one("#outline").get_option(lesson_id).prompt.marks.plain


async def paste(pilot, text: str) -> None:
    """Replace the editor's text the way a terminal paste does."""
    editor = pilot.app.query_one("#editor", TextArea)
    editor.focus()
    editor.select_all()
    pilot.app.post_message(events.Paste(text))  # as the terminal driver delivers it
    await pilot.pause()


async def until(pilot, condition, what: str, timeout: float = 30.0) -> None:
    """Let the app run until `condition()` holds: a busy machine is slow, not wrong."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        await pilot.pause(0.05)


async def editor_of(pilot) -> TextArea:
    """The editor, once the app has mounted it (later on a busy machine)."""
    await until(pilot, lambda: pilot.app.query("#editor"), "the editor was not mounted")
    return pilot.app.editor


async def wait_for_check(pilot, timeout: float = 90.0) -> None:
    await pilot.pause()
    await until(pilot, lambda: not pilot.app.checking, "the check did not finish", timeout)
    await pilot.pause()


async def open_by_picker(pilot, lesson_id: str) -> None:
    await pilot.press("ctrl+l")
    picker = pilot.app.screen
    assert isinstance(picker, PickScreen)
    choices = picker.query_one("#choices")
    while choices.get_option_at_index(choices.highlighted).id != lesson_id:
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    assert pilot.app.current.id == lesson_id


@pilot_test
async def test_full_path_pass_then_misconception_then_hints():
    lesson = find_exercise(SCAN, LESSONS)
    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        await open_by_picker(pilot, SCAN)
        assert "○" in outline_mark(app, SCAN)
        await paste(pilot, lesson.exercise.solution)
        await pilot.press("ctrl+r")
        assert app.checking or app.last_verdict is not None  # a warm check may be done already
        await wait_for_check(pilot)
        assert "Passed" in text_of(app, "#verdict"), text_of(app, "#verdict")
        assert "✓" in text_of(app, "#tests")
        assert "✓" in outline_mark(app, SCAN)
        assert "passed" in text_of(app, "#topbar")
        with Store() as store:
            state = store.exercise(SCAN)
        assert (state.status, state.attempts) == ("passed", 1)

        if SCAN == "scan_training_step":
            await paste(pilot, WRONG_SCAN)
            await pilot.press("ctrl+r")
            await wait_for_check(pilot)
            assert "Wrong answer" in text_of(app, "#verdict")
            assert "Recognised mistake" in text_of(app, "#misconception")
            table = app.query_one("#steps", DataTable)
            assert table.display and table.row_count > 0 and len(table.columns) >= 3
            with Store() as store:
                state = store.exercise(SCAN)
            assert state.status == "passed" and state.attempts == 2
            assert state.last_misconception

        for shown in (1, 2, 3):
            await pilot.press("ctrl+g")
            assert f"Hints ({shown} of {len(lesson.exercise.hints)})" in text_of(app, "#hints")
            assert lesson.exercise.hints[shown - 1][:30] in text_of(app, "#hints")
        with Store() as store:
            assert store.exercise(SCAN).hints_revealed == 3
    assert "jax" not in sys.modules and "jaxlib" not in sys.modules


@pilot_test
async def test_the_last_verdict_comes_back_with_the_draft_on_return_and_after_a_restart():
    wrong = (
        Path(__file__).parent / "learners" / "argnums" / "mistake_swapped_order.py"
    ).read_text()
    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        app.open_lesson("argnums")
        await paste(pilot, wrong)
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        said, checked = text_of(app, "#verdict"), app.last_verdict.to_json()
        assert "Wrong answer" in said and app.last_verdict.diagnosis is not None
        await pilot.press("ctrl+n", "ctrl+t")  # to the next lesson and back
        assert app.current.id == "argnums"
        assert text_of(app, "#verdict") == said and not app.results.has_class("-stale")
        assert "Last check of this draft" in text_of(app, "#running")
        assert "Recognised mistake" in text_of(app, "#misconception")
        # ^r's verdict as kept with the draft: whole, unless large inputs in its failed
        # cases' names made it too long to keep ("g" goes to its line)
        assert app.last_verdict.to_json() == json.loads(kept_json(checked))
        assert app.last_verdict.tests
        await pilot.press("ctrl+q")

    again = TutorApp(warm=False)  # a restart, here at 80 columns
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.current.id == "argnums"
        assert "checks 1" in text_of(again, "#topbar")
        assert text_of(again, "#verdict") == said, text_of(again, "#verdict")
        assert "Last check of this draft" in text_of(again, "#running")
        assert "✗" in str(again.query_one("#pane-tabs", Tabs).query_one("#results").label)
        assert again.focused.id == "editor"  # a lesson begun opens on its code
        await pilot.press(*"# more")
        assert "earlier version of this draft" in text_of(again, "#running")
        assert again.results.has_class("-stale")
        await pilot.press("ctrl+q")

    with Store() as store:
        store.save_draft("argnums", wrong)  # back to the draft that was checked
    third = TutorApp(warm=False)
    async with third.run_test(size=WIDE) as pilot:
        await pilot.pause()
        assert "Last check of this draft" in text_of(third, "#running")
        with Store() as store:
            store.save_draft("argnums", wrong + "\n# changed elsewhere\n")
        third.open_lesson(LESSONS[0].id)
        third.open_lesson("argnums")
        await pilot.pause()
        assert "earlier version of this draft" in text_of(third, "#running")
        assert text_of(third, "#verdict") == said


@pilot_test
async def test_a_kept_verdicts_step_table_follows_the_first_frame():
    import dataclasses

    from tests.test_tui_snapshots import VERDICT

    lesson = LESSONS[0]
    with Store() as store:  # checked in an earlier session, the starter untouched since
        store.record_verdict(
            dataclasses.replace(VERDICT, exercise=lesson.id), lesson.exercise.starter
        )
    app = TutorApp(warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert "Last check of this draft" in text_of(app, "#running")
        table = app.query_one("#steps", DataTable)
        assert table.display and table.row_count == 3 and table.cursor_row == 1


def test_a_long_title_wraps_under_itself_in_the_outline():
    entry = OutlineEntry(Text("▸○ 1 "), Text("Gradients are functions"))
    console = Console(width=19, file=io.StringIO(), record=True)
    console.print(entry)
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert lines == ["▸○ 1 Gradients are", "     functions"]


@pilot_test
async def test_the_garbage_collector_is_back_on_after_the_first_frame():
    gc.disable()  # as `jaxtutor.learner.tui.run` leaves it for the start
    try:
        app = TutorApp(warm=False)
        async with app.run_test() as pilot:
            await pilot.pause()
            assert gc.isenabled()
    finally:
        gc.enable()


@pilot_test
async def test_the_app_never_imports_jax():
    app = TutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.current is not None
    assert "jax" not in sys.modules


@pilot_test
async def test_typing_is_autosaved_and_quit_saves_at_once():
    app = TutorApp(warm=False)
    async with app.run_test() as pilot:
        first = app.current.id
        await pilot.press("ctrl+f")  # from the lesson a newcomer sees first, to the code
        assert app.focused.id == "editor"
        await pilot.press(*"# note", "enter")
        await pilot.pause(1.2)  # the autosave runs after a short quiet time
        with Store() as store:
            assert store.load_draft(first).startswith("# note\n")
            assert store.exercise(first).status == "in_progress"
        await pilot.press(*"xyz")
        await pilot.press("ctrl+q")  # no quiet time: quitting saves
    with Store() as store:
        assert store.load_draft(first).startswith("# note\nxyz")


def burst(app, *keys: str) -> None:
    """Keys as a terminal delivers them when typed quickly: in one read, each handed to
    the app before any is handled (pilot.press waits for each key to be handled)."""
    for key in keys:  # letters only: a letter's key name is the letter
        app.post_message(events.Key(key, key if len(key) == 1 else None))


@pilot_test
async def test_keys_typed_in_one_burst_are_applied_in_order():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        editor = await editor_of(pilot)
        editor.focus()
        editor.move_cursor((0, 0))
        await pilot.pause()
        first_line, second_line = editor.document[0], editor.document[1]
        burst(app, "down", "end", "ctrl+u", "x")  # ^u empties the line before the cursor
        await until(pilot, lambda: editor.document[1] != second_line, "the burst did nothing")
        await pilot.pause()
        assert editor.document[0] == first_line
        assert editor.document[1] == "x", (second_line, editor.document[1])


@pilot_test
async def test_a_command_key_in_a_burst_waits_for_the_characters_before_it():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        first = app.current.id
        app.editor.focus()
        app.editor.move_cursor((0, 0))
        await pilot.pause()
        burst(app, "q", "z", "ctrl+n")  # typed, then on to the next lesson at once
        await until(pilot, lambda: app.current.id != first, "^n did not open the next lesson")
        assert "qz" not in app.editor.text  # the next lesson's starter, untouched
        with Store() as store:
            assert store.load_draft(first).startswith("qz")  # the characters stayed here


@pilot_test
async def test_next_and_previous_lesson_and_reopening_where_left():
    app = TutorApp(warm=False)
    async with app.run_test() as pilot:
        assert app.current.id == LESSONS[0].id
        await pilot.press("ctrl+n")
        assert app.current.id == LESSONS[1].id
        await pilot.press("ctrl+t")
        assert app.current.id == LESSONS[0].id
        await pilot.press("ctrl+t")  # already the first: stays
        assert app.current.id == LESSONS[0].id
        await pilot.press("ctrl+n")
    again = TutorApp(warm=False)
    async with again.run_test() as pilot:
        assert again.current.id == LESSONS[1].id


@pilot_test
async def test_reset_asks_first_and_the_old_draft_comes_back():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        starter = app.current.exercise.starter
        await paste(pilot, "my own work\n")
        await pilot.press("escape", "x")  # Esc leaves the editor; x resets
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert app.query_one("#editor", TextArea).text == "my own work\n"
        await pilot.press("x", "y")
        assert app.query_one("#editor", TextArea).text == starter
        with Store() as store:
            assert store.load_draft(app.current.id) == starter
            assert [d.source for d in store.earlier_drafts(app.current.id)] == ["my own work\n"]
        await pilot.press("u")  # the focus is still outside the editor
        assert isinstance(app.screen, PickScreen)
        await pilot.press("enter")
        assert app.query_one("#editor", TextArea).text == "my own work\n"


@pilot_test
async def test_solution_only_after_passing_or_every_hint():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        hints = app.current.exercise.hints
        await pilot.press("escape", "s")
        assert not isinstance(app.screen, (ConfirmScreen, SolutionScreen))
        for _ in hints:
            await pilot.press("ctrl+g")
        await pilot.press("s")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert isinstance(app.screen, SolutionScreen)
        await pilot.press("escape")
        with Store() as store:
            state = store.exercise(app.current.id)
        assert state.solution_shown_at is not None and state.hints_revealed == len(hints)


@pilot_test
async def test_a_second_check_supersedes_and_escape_cancels():
    lesson = find_exercise("argnums", LESSONS)
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        app.open_lesson("argnums")
        await paste(
            pilot,
            lesson.exercise.starter.replace(
                "raise NotImplementedError", "while True:\n        pass"
            ),
        )
        await pilot.press("ctrl+r")
        await pilot.press("ctrl+r")  # supersedes the first
        await pilot.pause(0.3)
        child = app._running_child
        assert app.checking
        await pilot.press("escape")
        assert not app.checking
        assert "Checking" not in text_of(app, "#verdict")
        if child is not None:
            await until(pilot, child.proc.exited, "the cancelled check's process still runs")
        await app.workers.wait_for_complete()
        await pilot.pause(0.2)
        assert app.last_verdict is None  # nothing from a cancelled or superseded check
    with Store() as store:
        assert store.exercise("argnums").attempts == 0


@pilot_test
async def test_a_check_pressed_before_the_pool_started_starts_it_and_takes_its_child():
    """A key pressed before the first frame's jobs ran (a slow start): the check starts
    the pool and takes its child, so JAX is imported once, by the pool's fork server."""
    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        if app._pool is not None:  # as it is before the first frame's jobs ran
            app._pool.close()
            app._pool = None
        await pilot.press("ctrl+r")
        pool = app._pool
        await wait_for_check(pilot)
        # the first lesson's starter differentiates a vector
        assert "Gradient only defined for scalar" in app.last_verdict.message, (
            app.last_verdict.message
        )
        assert pool is not None and app._pool is pool and pool.handed_out + pool.fresh >= 1


@pilot_test
async def test_an_error_line_can_be_jumped_to():
    lesson = find_exercise("argnums", LESSONS)
    source = lesson.exercise.starter.replace("raise NotImplementedError", "return undefined_name")
    row = source.splitlines().index("    return undefined_name")
    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        app.open_lesson("argnums")
        await paste(pilot, source)
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        assert app.last_verdict.line == row + 1, app.last_verdict.message
        assert not app.query_one("#goto-line").has_class("hidden")
        app.query_one("#editor", TextArea).move_cursor((0, 0))
        await pilot.press("escape", "g")
        editor = app.query_one("#editor", TextArea)
        assert editor.cursor_location[0] == row and app.focused is editor


@pilot_test
async def test_a_verdict_is_drawn_before_the_outline_redraws_its_entries():
    """A changed mark makes the outline re-render every entry: that comes in the frame
    after the verdict's, which the learner is waiting for."""
    from jaxtutor.learner.tui.checking import CheckFinished
    from jaxtutor.verdict import Outcome, Verdict

    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        lesson_id = app.current.id
        assert "○" in outline_mark(app, lesson_id)
        verdict = Verdict(
            lesson_id, Outcome.EXCEPTION, "NameError: name 'w' is not defined", line=3
        )
        app.on_check_finished(CheckFinished(app._token, lesson_id, "def f(): w", verdict))
        assert "NameError" in text_of(app, "#verdict")  # to be drawn in the next frame
        assert "○" in outline_mark(app, lesson_id)
        await pilot.pause()
        assert "◐" in outline_mark(app, lesson_id)
        assert "in progress" in text_of(app, "#topbar")


@pilot_test
async def test_the_parts_some_verdicts_need_are_mounted_while_the_learner_reads():
    """The "go to line" button and the step table are mounted hidden once the lesson has
    been read for a moment (mounting a new kind of widget restyles every widget, which
    the first verdict needing one used to wait for); a verdict shows what it has."""
    from jaxtutor.verdict import Outcome, Verdict

    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        await until(
            pilot,
            lambda: app.query("#goto-line") and app.query("#steps"),
            "the verdict's parts were not mounted while the lesson was read",
        )
        goto, table = app.query_one("#goto-line"), app.query_one("#steps", DataTable)
        assert goto.has_class("hidden") and table.has_class("hidden")
        lesson_id = app.current.id
        for line in (3, None):
            app.show_verdict(Verdict(lesson_id, Outcome.EXCEPTION, "NameError", line=line))
            await pilot.pause()
            assert goto.has_class("hidden") is (line is None)
            assert line is None or "Go to line 3" in str(goto.label)
            assert table.has_class("hidden")
        # warming up under a dialog (a lesson opened, F1 pressed before it warmed up)
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        app._last_input = 0.0
        app._warm_lesson()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.is_running


def drawn(widget) -> str:
    """What a widget draws, as the terminal receives it: its lines, each without the
    padding at its end, joined (a long word folded over two lines reads whole)."""
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return "".join(strip.text.rstrip(" ") for strip in strips)


@pilot_test
async def test_the_learners_escapes_and_markup_are_shown_as_written():
    hostile = Path(__file__).parent / "hostile"
    # the attack (see hostile/escapes_raised.py) as it must read on the screen
    shown = [
        "\\x1b[2J\\x1b[1A\\x1b[2K\\x1b]52;c;Y2F0IH4vLnNzaC9pZF9yc2E=\\x07\\x9b31m[red]red[/red]",
        "[link=https://example.invalid]link[/link]",
        "[@click=app.quit]q[/]",
    ]
    app = TutorApp()
    async with app.run_test(size=WIDE) as pilot:
        app.open_lesson("argnums")
        for name, part, words in [
            ("escapes_raised", "#verdict", "Boom\\x1b[2J: raised"),
            ("escapes_raised", "#output", "printed"),
            ("escapes_returned", "#tests", "got a Hostile\\x1b[2J"),
        ]:
            await paste(pilot, (hostile / f"{name}.py").read_text())
            await pilot.press("ctrl+r")
            await wait_for_check(pilot)
            for static in app.query_one("#results-pane").query(Static):
                text = drawn(static)
                assert not any(ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F for c in text), text
            # a line may break at any space: compare without them
            on_screen = drawn(app.query_one(part, Static)).replace(" ", "")
            for piece in shown + [words]:
                assert piece.replace(" ", "") in on_screen, (piece, on_screen)


@pilot_test
async def test_help_lists_every_action_and_palette_runs_them():
    from jaxtutor.learner.tui.keys import COMMANDS

    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        shown = " ".join(text_of(app.screen, "#help-keys").split())
        for command in COMMANDS:
            assert " ".join(command.help.split()[:4]) in shown
        await pilot.press("escape")
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Hint")
        found = app.screen.query_one(CommandList)  # searched in the background
        await until(
            pilot,
            lambda: "Hint" in str(getattr(found.highlighted_option, "prompt", "")),
            "the palette did not offer Hint",
        )
        await pilot.press("enter")
        await pilot.pause(0.2)
        with Store() as store:
            assert store.exercise(app.current.id).hints_revealed == 1


@pilot_test
async def test_help_lists_every_key_of_the_editor_select_all_included():
    from jaxtutor.learner.tui.keys import COMMANDS, EDITOR, EDITOR_IDLE

    listed = {key for entry in EDITOR for key in entry.keys.split(",")} | set(EDITOR_IDLE)
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        bound = set(app.editor._bindings.key_to_bindings)
        assert bound <= listed, f"editor keys the help does not list: {bound - listed}"
        commands = {key for c in COMMANDS for key in c.keys.split(",") if key}
        assert not (listed - {"escape"}) & commands  # no editor key is taken by the app
        await pilot.press("f1")
        shown = text_of(app.screen, "#help-editor")
        for words in ("F7", "select all", "F6", "^Home", "start of the code", "^End", "^z"):
            assert words in shown, (words, shown)
        assert "Tab" in text_of(app.screen, "#help-elsewhere")


@pilot_test
async def test_ctrl_home_and_ctrl_end_go_to_the_start_and_end_of_the_code():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        editor = await editor_of(pilot)
        editor.focus()
        editor.load_text("a = 1\nb = 2\nlast = 3")
        editor.move_cursor((1, 2))
        await pilot.press("ctrl+end")
        assert editor.selection.is_empty and editor.cursor_location == (2, 8)
        await pilot.press("ctrl+home")
        assert editor.selection.is_empty and editor.cursor_location == (0, 0)
        await pilot.press("ctrl+shift+end")
        assert editor.selected_text == editor.text
        editor.move_cursor((1, 1))
        await pilot.press("ctrl+shift+home")
        assert editor.selected_text == "a = 1\nb"


@pilot_test
async def test_outline_toggles_and_theme_is_remembered():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        outline = app.query_one("#outline")
        assert outline.display
        await pilot.press("ctrl+o")
        assert not outline.display
        await pilot.press("ctrl+o")
        assert outline.display
        await pilot.press("escape", "d")
        assert app.theme == "textual-light"
    again = TutorApp(warm=False)
    async with again.run_test() as pilot:
        assert again.theme == "textual-light"


@pytest.mark.parametrize(
    "size, outline",
    [((100, 30), False), ((120, 36), False), ((140, 40), True), (WIDE, True), ((200, 50), True)],
)
@pilot_test
async def test_the_lesson_is_read_in_a_column_of_50_beside_the_code(size, outline):
    app = TutorApp(warm=False)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = app.query_one("#lesson-text").content_region
        assert text.width >= 50, (size, text)
        assert app.editor.region.width >= 44 and app.results.region.width >= 40
        assert app.query_one("#outline").display == outline
        if size == (120, 36):  # the outline is a ^o away
            await pilot.press("ctrl+o")
            assert app.query_one("#outline").display
            assert app.query_one("#lesson-text").content_region.width >= 50
            await pilot.press("ctrl+o")
            assert not app.query_one("#outline").display


@pilot_test
async def test_narrow_terminal_reaches_every_pane_with_tabs():
    def visible(app):
        return [
            name
            for name in ("#outline", "#lesson-pane", "#editor", "#results-pane")
            if app.query_one(name).display and app.query_one(name).region.area
        ]

    app = TutorApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        # a newcomer to the lesson reads it first
        assert visible(app) == ["#lesson-pane"] and app.focused.id == "lesson-pane"
        await pilot.press("ctrl+f")
        assert visible(app) == ["#editor"] and app.focused.id == "editor"
        await pilot.press("ctrl+f")
        assert visible(app) == ["#results-pane"] and app.focused.id == "results-pane"
        await pilot.press("escape")  # back to the code
        assert visible(app) == ["#editor"] and app.focused.id == "editor"
        await pilot.press("ctrl+f", "ctrl+f")
        assert visible(app) == ["#lesson-pane"]
        await pilot.press("ctrl+o")
        assert visible(app) == ["#outline"]
        await pilot.press("ctrl+o")
        assert visible(app) == ["#editor"]


@pilot_test
async def test_a_terminal_made_narrow_gets_the_tabs():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        tabs = app.query_one("#pane-tabs", Tabs)
        assert tabs.display and tabs.active == "code" and app.focused.id == "editor"
        await pilot.press("ctrl+f")
        assert tabs.active == "results" and app.focused.id == "results-pane"
        await pilot.click("#lesson")
        assert app.query_one("#lesson-pane").display and app.focused.id == "lesson-pane"
        await pilot.resize_terminal(*WIDE)
        await pilot.pause()
        assert not tabs.display and app.query_one("#editor").display


@pilot_test
async def test_keys_typed_ahead_switch_panes_once_and_settle():
    app = TutorApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.focused.id == "lesson-pane"
        changes = []
        app.watch(app.screen, "focused", lambda widget: changes.append(widget), init=False)
        for _ in range(2):  # both in the queue before either's tab change is handled
            app.post_message(events.Key("ctrl+f", None))
        tabs = app.query_one("#pane-tabs", Tabs)
        await until(
            pilot,
            lambda: app.focused.id == "results-pane" and tabs.active == "results",
            "two ^f from the lesson did not reach the results",
        )
        settled = len(changes)
        await pilot.pause(0.3)
        assert len(changes) == settled  # nothing moves once the keys are handled


@pilot_test
async def test_a_broken_lesson_file_does_not_stop_the_app(tmp_path):
    good = find_exercise("argnums", LESSONS).path
    (tmp_path / "03_argnums.toml").write_text(good.read_text())
    (tmp_path / "05_broken.toml").write_text("id = 'broken'\ntitle = \n")
    app = TutorApp(Course.of_folder(tmp_path), warm=False)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert [lesson.id for lesson in app.lessons] == ["argnums"]
        assert any("05_broken.toml" in n.message for n in app._notifications)


@pytest.mark.parametrize("size", [(80, 24), WIDE])
@pilot_test
async def test_pass_at_any_size_shows_the_result(size):
    lesson = find_exercise("argnums", LESSONS)
    app = TutorApp()
    async with app.run_test(size=size) as pilot:
        app.open_lesson("argnums")
        await paste(pilot, lesson.exercise.solution)
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        results = app.query_one("#results-pane")
        assert results.display and results.region.area  # on a narrow screen it comes forward
        assert "Passed" in text_of(app, "#verdict")


@pilot_test
async def test_the_outline_shows_each_part_as_a_heading_that_cannot_be_chosen():
    app = TutorApp(warm=False)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        outline = app.query_one("#outline")
        options = [outline.get_option_at_index(i) for i in range(outline.option_count)]
        headings = [o for o in options if o.id.startswith("part:")]
        assert [str(o.prompt) for o in headings] == [
            "Foundations",
            "Training loops",
            "The wider toolbox",
            "The practitioner's toolkit",
        ]
        assert all(o.disabled for o in headings)
        ids = [o.id for o in options]
        assert ids[0] == "part:1" and ids[1] == app.lessons[0].id
        first_wider = next(
            lesson.id for lesson in app.lessons if lesson.part == "The wider toolbox"
        )
        assert ids[ids.index(first_wider) - 1].startswith("part:")
        # the highlight is on the open lesson, not shifted by the headings
        assert outline.get_option_at_index(outline.highlighted).id == app.current.id
    assert "jax" not in sys.modules


@pilot_test
async def test_enter_indents_as_python_needs():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        editor = await editor_of(pilot)
        editor.load_text("")
        editor.focus()
        await pilot.press(
            *"def loss(w, x):",
            "enter",
            *"y = w * x",
            "enter",
            *"if y:",
            "enter",
            *"return y",
            "enter",
            *"z = 1",
            "enter",
            *"for i in x:  # a comment",
            "enter",
            *"pass",
            "enter",
            "enter",
            *"k = 2",
        )
        assert editor.text == (
            "def loss(w, x):\n"
            "    y = w * x\n"
            "    if y:\n"
            "        return y\n"
            "    z = 1\n"
            "    for i in x:  # a comment\n"
            "        pass\n"
            "    \n"
            "    k = 2"
        )
        assert editor.soft_wrap  # a long line is read whole, not cut at the edge


def typed_by_the_terminal(app, text: str) -> None:
    """`text` as a terminal delivers a paste it types out as keys (tmux's paste-buffer
    without -p): one read, parsed by Textual's own parser into key events, newlines as
    Enter, each handed to the app before any is handled."""
    from textual._xterm_parser import XTermParser

    parser = XTermParser()
    for event in [*parser.feed(text), *parser.tick()]:
        app.post_message(event)


SNIPPET = """def loss(w, x, y):
    def inner(w):
        if w > 0:
            return w * x - y
        return y
    return inner(w) ** 2

print(loss(1.0, 2.0, 3.0))
"""


@pytest.mark.parametrize("newline", ["\r", "\n", "\r\n"])
@pilot_test
async def test_a_paste_that_arrives_as_keys_keeps_its_indentation(newline):
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        editor = await editor_of(pilot)
        editor.load_text("")
        editor.focus()
        await pilot.pause()
        typed_by_the_terminal(app, SNIPPET.replace("\n", newline))
        await until(pilot, lambda: "print" in editor.text, "the paste did not arrive")
        await pilot.pause()
        assert editor.text == SNIPPET


@pilot_test
async def test_a_paste_as_keys_that_begins_with_a_newline_gets_no_indentation_of_ours():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        editor = await editor_of(pilot)
        editor.load_text("")
        editor.focus()
        await pilot.press(*"def f(x):")  # typed by hand, then a paste of the body
        typed_by_the_terminal(app, "\r    y = x\r    return y\r")
        await until(pilot, lambda: "return y" in editor.text, "the paste did not arrive")
        await pilot.pause()
        assert editor.text == "def f(x):\n    y = x\n    return y\n"
        await pilot.press(*"z = 1", "enter", *"if z:", "enter", *"pass")  # by hand again
        assert editor.text.endswith("\nz = 1\nif z:\n    pass")


@pilot_test
async def test_a_running_check_shows_its_time_on_the_code_tab_and_a_cancel_marks_the_verdict():
    lesson = find_exercise("argnums", LESSONS)
    app = TutorApp(warm=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_lesson("argnums")
        await pilot.press("ctrl+f")  # from the lesson to the code
        await paste(
            pilot, lesson.exercise.starter.replace("raise NotImplementedError", "return 1 / 0")
        )
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        await pilot.press("ctrl+f", "ctrl+f")  # results, then back to the code
        assert app._pane == "code"
        await paste(
            pilot,
            lesson.exercise.starter.replace(
                "raise NotImplementedError", "while True:\n        pass"
            ),
        )
        await pilot.press("ctrl+r")
        await pilot.pause(0.5)
        line = app.query_one("#check-line", Static)
        assert line.display and line.region.height == 1  # below the editor, in sight
        shown = text_of(app, "#check-line")
        assert "Esc cancels" in shown
        seconds = float(shown.split("…")[1].split("s")[0])
        await pilot.pause(0.5)
        assert float(text_of(app, "#check-line").split("…")[1].split("s")[0]) > seconds
        assert app.results.has_class("-stale")
        await pilot.press("escape")
        assert not app.checking
        assert not app.query_one("#check-line").display
        assert app.results.has_class("-stale")
        assert "earlier check" in text_of(app, "#running")
        await app.workers.wait_for_complete()


@pytest.mark.parametrize("size", [(80, 24), (120, 36), WIDE])
@pilot_test
async def test_the_passed_note_never_covers_the_hints(size):
    from textual.widgets._toast import Toast

    from jaxtutor.verdict import Outcome, TestResult, Verdict

    app = TutorApp(warm=False)
    async with app.run_test(size=size, notifications=True) as pilot:
        lesson = app.current
        await pilot.press("ctrl+g")  # the first hint, at the end of the results
        passed = Verdict(lesson.id, Outcome.PASSED, "All 9 tests passed.")
        passed.tests = [TestResult(f"case {n}", "pass") for n in range(9)]
        app.show_verdict(passed)
        await pilot.pause()
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 1 and "Passed!" in str(toasts[0].render())
        note = toasts[0].region
        for part in ("#hints", "#verdict"):
            shown = app.query_one(part).region
            assert shown.area and not note.overlaps(shown), (part, note, shown)
        assert note.height == 1  # one line, over the top bar: no title, no padding


@pilot_test
async def test_the_step_table_is_in_sight_at_120_by_36():
    from tests.test_tui_snapshots import VERDICT

    app = TutorApp(warm=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app.show_verdict(VERDICT)
        await pilot.pause()
        table = app.query_one("#steps", DataTable)
        screen_bottom = app.query_one("#panes").region.bottom
        assert table.region.height >= 4 and table.region.bottom <= screen_bottom
        assert app.editor.region.height >= 8
        await pilot.press("ctrl+n")  # a new lesson: the results pane gives its room back
        await pilot.pause()
        assert app.results.region.height < 12


@pilot_test
async def test_the_palette_lists_each_command_once_and_saves_a_screenshot(tmp_path, monkeypatch):
    from textual.command import CommandPalette

    monkeypatch.setenv("HOME", str(tmp_path / "no-downloads"))  # no ~/Downloads there
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        found = app.screen.query_one(CommandList)
        await until(pilot, lambda: found.option_count > 10, "the palette listed nothing")
        titles = [
            str(found.get_option_at_index(i).prompt).split("\n")[0].strip()
            for i in range(found.option_count)
        ]
        words = " ".join(titles).lower()
        assert words.count("quit") == 1 and words.count("help") == 1
        assert words.count("theme") == 1
        await pilot.press("escape")
        app.save_screenshot()
        saved = tmp_path / "home" / "screenshots"
        await until(
            pilot, lambda: saved.is_dir() and any(saved.glob("*.svg")), "no screenshot was saved"
        )


def _code_styles(app) -> list:
    """The styles Rich draws the words of the lesson's first code block in."""
    text = app.query_one("#lesson-text", Static).content
    lines = app.console.render_lines(text, app.console.options.update_width(60), pad=False)
    for line in lines:
        words = [segment for segment in line if segment.text.strip() == "import"]
        if words:
            return [segment.style for segment in line if segment.text.strip()]
    raise AssertionError("the lesson has no code block with an import")


@pilot_test
async def test_the_lessons_text_is_in_the_first_frame_and_its_code_coloured_after():
    app = TutorApp(warm=False)
    async with app.run_test(size=WIDE) as pilot:
        # drawn with the app's first frame: nothing mounted later, nothing to wait for
        assert "You should already know" in app.export_screenshot().replace("&#160;", " ")
        view = app.query_one(LessonView)
        await until(pilot, view.text_shown, "the lesson's code was never coloured")
        styles = _code_styles(app)
        assert (
            len({style.color for style in styles if style is not None}) > 1
        )  # not one plain colour
        await pilot.press("ctrl+n")  # the next lesson's code is coloured from the start
        await pilot.pause()
        assert "Lesson 2 of" in app.export_screenshot().replace("&#160;", " ")
        styles = _code_styles(app)
        assert len({style.color for style in styles if style is not None}) > 1


@pilot_test
async def test_a_failed_verdict_is_shown_while_its_cause_is_looked_for():
    """The verdict comes first: its tests are shown as soon as they are judged, with a
    running line that says the cause is being looked for (not marked as an older
    check's), and the cause replaces it when found. Only the finished verdict counts."""
    lesson = find_exercise("optimizer_state", LESSONS)
    wrong = lesson.exercise.solution.replace("BETA = 0.9", "BETA = 0.99")  # no mutant's
    seen = []

    class Recording(TutorApp):
        CSS_PATH = str(Path(inspect.getfile(TutorApp)).with_name(TutorApp.CSS_PATH))

        def on_check_judged(self, message):
            super().on_check_judged(message)
            message.prevent_default()  # handled once, above
            running = self.query_one("#running", Static)
            seen.append(
                (
                    text_of(self, "#verdict"),
                    text_of(self, "#running"),
                    running.has_class("hidden"),
                    self.results.has_class("-stale"),
                    len(self.store.attempts(lesson.id)),
                )
            )

    app = Recording()
    async with app.run_test(size=WIDE) as pilot:
        app.open_lesson(lesson.id)
        await paste(pilot, wrong)
        await pilot.press("ctrl+r")
        await wait_for_check(pilot, timeout=180)
    assert len(seen) == 1, "the verdict was not shown before its cause"
    verdict, running, hidden, stale, attempts = seen[0]
    assert "Wrong answer" in verdict and "tests failed" in verdict
    assert "Looking for the cause" in running and not hidden and not stale
    assert attempts == 0  # recorded once, when the check has finished
    assert app.last_verdict.diagnosis is not None  # the cause, once found
    assert "out of play" in app.last_verdict.message


@pilot_test
async def test_the_weakest_skill_shows_in_the_outline_and_a_due_review_in_the_palette():
    """Checks on record: a lesson whose skill the checks found weak gets a low red bar,
    one passed at once a taller one. An exercise due for review is in the palette, and
    choosing it opens it from its starter, the draft kept one key away."""
    from jaxtutor.learner import reviews
    from jaxtutor.verdict import Outcome, Verdict

    course = Course.of_folder(builtin_dir())
    with Store() as store:
        store.save_draft("grad_basics", "my passing draft")
        long_ago = time.time() - 30 * 86400
        reviews.record_check(
            store,
            course.lessons,
            Verdict("grad_basics", Outcome.PASSED, "All tests passed."),
            "my passing draft",
            now=long_ago,
        )
        for _ in range(3):
            store.record_attempt("argnums", "fail", "wrong_answer", "swapped_order", 1.0)
    app = TutorApp(course, warm=False)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        weak, strong = outline_mark(app, "argnums"), outline_mark(app, "grad_basics")
        assert weak[-2] in "▁▂▃" and strong[-2] in "▅▆▇█", (weak, strong)
        assert outline_mark(app, "scan_basics")[-2] == " "  # no skill of it checked, no bar
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Review")
        found = app.screen.query_one(CommandList)
        await until(
            pilot,
            lambda: "Review (1 due)" in str(getattr(found.highlighted_option, "prompt", "")),
            "the palette did not offer the review",
        )
        await pilot.press("enter")
        await until(pilot, lambda: app.current.id == "grad_basics", "the review did not open")
        editor = app.query_one("#editor", TextArea)
        assert editor.text == app.current.exercise.starter
    with Store() as store:
        assert [d.source for d in store.earlier_drafts("grad_basics")] == ["my passing draft"]


@pilot_test
async def test_a_review_of_a_lesson_with_variants_asks_a_changed_task():
    """The review of a lesson that declares variants opens the variant: the lesson says
    what changed at its top, the editor holds the variant's starter, and the check asks
    the variant, so the learner's old draft (the task's solution) fails it while the
    variant's solution passes. Started again, the app still asks the variant."""
    from jaxtutor.course import variants
    from jaxtutor.learner import reviews
    from jaxtutor.verdict import Outcome, Verdict

    course = Course.of_folder(builtin_dir())
    lesson = find_exercise("closures_train_step", course.lessons)
    changed = variants.variant(lesson, variants.declared(lesson)[0]["id"])
    with Store() as store:
        store.save_draft(lesson.id, lesson.exercise.solution)
        reviews.record_check(
            store,
            course.lessons,
            Verdict(lesson.id, Outcome.PASSED, "All tests passed."),
            lesson.exercise.solution,
            now=time.time() - 30 * 86400,
        )
    app = TutorApp(course, warm=False)
    async with app.run_test(size=WIDE) as pilot:
        await pilot.pause()
        app.open_review(lesson.id)
        await until(pilot, lambda: app.current.id == lesson.id, "the review did not open")
        shown = app.export_screenshot().replace("&#160;", " ")
        assert "This review changes the task" in shown
        assert (await editor_of(pilot)).text == changed.exercise.starter
        await pilot.press("escape", "u")  # the old draft, one key away: the task's solution
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: app.editor.text == lesson.exercise.solution, "no old draft")
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        assert "Wrong answer" in text_of(app, "#verdict"), text_of(app, "#verdict")
        await paste(pilot, changed.exercise.solution)
        await pilot.press("ctrl+r")
        await wait_for_check(pilot)
        assert "Passed" in text_of(app, "#verdict"), text_of(app, "#verdict")
    again = TutorApp(course, warm=False)
    async with again.run_test(size=WIDE) as pilot:
        await pilot.pause()
        shown = find_exercise(lesson.id, again.lessons)
        assert variants.of(shown) == variants.of(changed)

"""Where the panes go: the layout classes after the terminal's width, the pane tabs of a
narrow terminal, and which pane is shown and has the keys.

The app carries -narrow / -medium / -wide and -show-PANE (app.tcss), so that a change is
one restyle of the screen, not one per widget.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported with the first tabs: wider terminals never need them
    from textual.widgets import Tab, Tabs

# The lesson's text is read in a column of at least 50 characters (#lesson-pane's
# min-width in app.tcss: 54 with its padding and scrollbar), beside code of about 60:
NARROW_BELOW = 100  # columns: below, one pane at a time behind tabs
# from here the outline (24) is shown beside them too (^o shows or hides it at any width)
OUTLINE_FROM = 140
# from here outline (26), lesson (54), editor (60) and results (40) side by side; below,
# the results are under the editor. (From 150, the lesson had a 34-column strip.)
WIDE_FROM = 180
# each pane, in the order ^f visits them, and the widget that holds it
PANE_WIDGETS = {
    "course": "#outline",
    "lesson": "#lesson-pane",
    "code": "#editor",
    "results": "#results-pane",
}
PANES = tuple(PANE_WIDGETS)


class LayoutMixin:
    """The panes of `TutorApp`."""

    def __init__(self) -> None:
        super().__init__()
        self._pane = "code"
        self._outline_hidden: bool | None = None  # as ^o left it; None: by the width
        self._width = 0
        self._results_tab: Tab | None = None  # set with the tabs, which only narrow terminals need

    def _first_pane(self) -> str:
        """Where the keys go first on a narrow terminal: a newcomer to a lesson reads it
        before the code. (Wider terminals show every pane at once.)"""
        new = self.current is not None and self._state(self.current.id).status == "not_started"
        self._pane = "lesson" if new and self.size.width < NARROW_BELOW else "code"
        return self._pane

    def _pane_tabs(self) -> Tabs:
        """The tabs that choose the one pane a narrow terminal shows."""
        from textual.widgets import Tab, Tabs  # imported with the first tabs, not at start

        self._results_tab = Tab(self._results_label(), id="results")
        return Tabs(
            Tab("Course", id="course"),
            Tab("Lesson", id="lesson"),
            Tab("Code", id="code"),
            self._results_tab,
            id="pane-tabs",
            active=self._pane,
        )

    def _results_label(self) -> str:
        """One width whatever it says: a tab that grew as the results came would leave
        the tabs' underline short of it (Textual measures the tab before its new label)."""
        verdict = self.last_verdict
        mark = "⟳" if self.checking else " " if verdict is None else "✓" if verdict.passed else "✗"
        return f"Results {mark}"

    async def on_resize(self, event) -> None:
        if event.size.width < NARROW_BELOW and self._results_tab is None:
            # awaited, so no key can move to another pane before the tabs show this one
            await self.mount(self._pane_tabs(), before="#panes")
        self._apply_size(event.size.width)

    def _pane_classes(self) -> dict[str, bool]:
        classes = {f"-show-{name}": name == self._pane for name in PANES}
        classes["-outline-hidden"] = self._outline_is_hidden()
        return classes

    def _outline_is_hidden(self) -> bool:
        if self._outline_hidden is not None:
            return self._outline_hidden
        return self._width < OUTLINE_FROM

    def _layout_classes(self, width: int) -> dict[str, bool]:
        self._width = width
        return {
            "-narrow": width < NARROW_BELOW,
            "-medium": NARROW_BELOW <= width < WIDE_FROM,
            "-wide": width >= WIDE_FROM,
            **self._pane_classes(),
        }

    def _apply_size(self, width: int) -> None:
        self.update_classes(self._layout_classes(width))  # one restyle of the screen at most
        self._show_pane(self._pane)

    def _narrow(self) -> bool:
        return self.has_class("-narrow")

    def _show_pane(self, pane: str) -> None:
        self._pane, self._last_input = pane, time.monotonic()
        self.update_classes(self._pane_classes())  # one restyle, not one per class
        tabs = self.query_one_optional("#pane-tabs")
        if tabs is not None and tabs.active != pane:
            tabs.active = pane
        if self._narrow() and self.focused is not None and not self.focused.display:
            self._focus_pane(pane)  # never leave the keys going to a hidden editor

    def _focus_pane(self, pane: str) -> None:
        self.query_one(PANE_WIDGETS[pane]).focus()

    def on_tabs_tab_activated(self, event: Tabs.TabActivated) -> None:  # by name: @on needs Tabs
        # a tab that is no longer the active one is stale: two pane changes before the first
        # one's message arrives (a verdict and a key, say) would each flip the pane back, forever
        tab = event.tab.id
        if event.control.id == "pane-tabs" and tab == event.control.active and tab != self._pane:
            self._show_pane(tab)
            self._focus_pane(tab)

    def action_back_to_code(self) -> None:
        self._show_pane("code")
        self.editor.focus()

    def action_cycle_pane(self) -> None:
        order = [
            p
            for p in PANES
            if not (p == "course" and (self._outline_is_hidden() or self._narrow()))
        ]
        focused = self.focused
        current = self._pane
        if not self._narrow():  # all panes visible: follow the focus
            for pane in order:
                node = self.query_one(PANE_WIDGETS[pane])
                if focused is not None and (focused is node or node in focused.ancestors):
                    current = pane
        nxt = order[(order.index(current) + 1) % len(order)] if current in order else "code"
        self._show_pane(nxt)
        self._focus_pane(nxt)

    def action_toggle_outline(self) -> None:
        if self._narrow():  # the outline is a tab of its own here
            self._show_pane("code" if self._pane == "course" else "course")
            self._focus_pane(self._pane)
            return
        self._outline_hidden = not self._outline_is_hidden()
        self._show_pane(self._pane if self._pane != "course" else "code")
        if self._outline_hidden and self.focused is self.query_one("#outline"):
            self.editor.focus()

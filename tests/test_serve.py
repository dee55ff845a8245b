"""`jaxtutor serve`: the real server on loopback, opened in Debian's chromium through
Playwright, shows the app's first screen, and each visitor gets a progress folder of
their own."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

import pytest

from jaxtutor.course.lessons import builtin_lessons
from jaxtutor.platforms.serve import exposure_warning, is_loopback
from jaxtutor.platforms.serve_cap import default_max_visitors
from jaxtutor.runner.host import procs

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# textual-serve keeps its xterm.js Terminal private; catch it as the page builds it, and
# read the rows of its screen buffer: the text the visitor sees.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'fitAddon', {
  configurable: true,
  set(value) {
    Object.defineProperty(this, 'fitAddon', {value, writable: true, configurable: true});
    if (this.terminal) window.__terminal = this.terminal;
  },
});
window.__screen = () => {
  const t = window.__terminal;
  if (!t) return '';
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    rows.push(line ? line.translateToString(true) : '');
  }
  return rows.join('\\n');
};
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_listening(port: int, proc: subprocess.Popen, deadline_s: float = 30) -> None:
    end = time.monotonic() + deadline_s
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise AssertionError(f"server exited: {proc.stdout.read()}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError("server did not start listening")


@pytest.fixture
def server(tmp_path):
    with serving(tmp_path) as started:
        yield started


@contextlib.contextmanager
def serving(tmp_path, *extra: str):
    """`jaxtutor serve` on a free loopback port: (port, root, process)."""
    port = _free_port()
    root = tmp_path / "serve"
    proc = subprocess.Popen(
        [sys.executable, "-m", "jaxtutor", "serve", "--port", str(port), "--home", str(root)]
        + list(extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        _wait_listening(port, proc)
        yield port, root, proc
    finally:
        proc.send_signal(signal.SIGINT)  # textual-serve closes its apps on the way out
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()


@pytest.mark.skipif(
    not os.path.exists(CHROMIUM),
    reason="chromium is not installed (apt-get install chromium); .ci/run installs it",
)
def test_browser_sees_the_first_screen_and_each_visitor_has_own_progress(server):
    from playwright.sync_api import sync_playwright

    port, root, proc = server
    first = builtin_lessons()[0]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            screens = []
            for _ in range(2):  # two visitors, two browser contexts
                page = browser.new_context(viewport={"width": 1600, "height": 1000}).new_page()
                page.add_init_script(CATCH_TERMINAL)
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_function(
                    "() => window.__screen().includes('Lesson 1 of')", timeout=90_000
                )
                page.wait_for_function(
                    "t => window.__screen().replace(/\\s+/g, ' ').includes(t)",
                    arg=" ".join(first.title.split()),
                    timeout=30_000,
                )
                # the footer may arrive in a later chunk than the lesson
                page.wait_for_function("() => /\\^q|Quit/.test(window.__screen())", timeout=30_000)
                screens.append(page.evaluate("window.__screen()"))
            # two visitors reading: one fork server for both, and no JAX process beside it
            time.sleep(3)
            forks = [p for p in _descendants(proc.pid) if b"forkserver" in _cmdline(p)]
            assert len(forks) == 1 and b"--listen" in _cmdline(forks[0]), forks
            assert not any(b"learner_process" in _cmdline(p) for p in _descendants(proc.pid))
            sessions = sorted((root / "sessions").iterdir())
            assert len(sessions) == 2, sessions  # one progress folder per visitor
            for folder in sessions:
                assert (folder / "progress.sqlite3").is_file()
                assert folder.stat().st_mode & 0o077 == 0  # private to the server's user
        finally:
            browser.close()
    assert all("^q" in screen or "Quit" in screen for screen in screens)  # the footer too


def test_loopback_is_the_default_and_wider_binds_are_spelled_out(tmp_path):
    assert is_loopback("127.0.0.1") and is_loopback("localhost") and is_loopback("::1")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.20")
    text = exposure_warning("0.0.0.0", 8000, tmp_path)
    assert "every network interface" in text and "run Python code" in text
    assert "no other isolation" not in text and "jail" in text  # the real protections, said
    assert str(tmp_path / "sessions") in text
    done = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "127.0.0.1" in done.stdout


def _descendants(root: int) -> list[int]:
    table = procs.table()
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        kids = [p for p, proc in table.items() if proc.ppid == pid]
        found += kids
        todo += kids
    return found


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read()
    except OSError:
        return b""


def test_a_visitor_past_the_cap_gets_a_page_that_says_so(tmp_path):
    import aiohttp

    async def visit(port: int) -> tuple[int, str, int, int]:
        async with aiohttp.ClientSession() as http:
            async with http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=80&height=24") as ws:
                await ws.receive(timeout=60)  # the one visitor's app is running
                async with http.get(f"http://127.0.0.1:{port}/") as page:
                    text = await page.text()
                    status = page.status
                async with http.get(f"http://127.0.0.1:{port}/ws") as socket_:
                    refused = socket_.status
            for _ in range(150):  # once the first visitor has gone, the next gets in
                async with http.get(f"http://127.0.0.1:{port}/") as again:
                    if again.status == 200:
                        break
                await asyncio.sleep(0.2)
            return status, text, refused, again.status

    with serving(tmp_path, "--max-visitors", "1") as (port, root, proc):
        status, text, refused, later = asyncio.run(visit(port))
        proc.send_signal(signal.SIGINT)
        said = proc.communicate(timeout=30)[0]
    assert "Visitors let in at once: 1" in said and "a visitor was turned away" in said
    assert status == 503 and "The tutor is full" in text and "(it lets in 1 at once)" in text
    assert refused == 503  # no app for a websocket past the cap either
    assert later == 200
    # the first visitor's app got a progress folder; the one turned away did not
    assert len(list((root / "sessions").iterdir())) == 1


def test_a_cap_below_one_is_a_usage_error():
    done = subprocess.run(
        [sys.executable, "-m", "jaxtutor", "serve", "--max-visitors", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "--max-visitors" in done.stderr, done.stderr


def test_the_default_cap_follows_the_memory():
    assert default_max_visitors(1024) == 1  # a small machine still lets one in
    small, large = default_max_visitors(8 * 1024), default_max_visitors(64 * 1024)
    assert 1 < small < large and large >= 4 * small

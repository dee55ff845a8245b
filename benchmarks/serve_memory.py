"""What `jaxtutor serve` costs in memory per browser visitor.

    python benchmarks/serve_memory.py               # 1, 4 and 8 visitors, about 3 minutes
    python benchmarks/serve_memory.py --check       # one visitor also presses ^r, checked
    python benchmarks/serve_memory.py --counts 1 2  # other counts

Starts `jaxtutor serve` on a free loopback port, opens headless Chromium visitors (Debian's
/usr/bin/chromium, through Playwright) one browser context each, waits until each shows
the app's first screen and the server's process tree has settled, then sums PSS
(/proc/PID/smaps_rollup) and RSS over the serve process and all its descendants; the
browsers are not its descendants, so they are not counted. For each count: the totals,
and the cost of each visitor after the first ((total - total at 1) / (count - 1)).
Each count is a fresh server. Figures only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_serve import CATCH_TERMINAL, CHROMIUM, FLAGS  # noqa: E402  (the browser test's driver)

SETTLE_S = 8.0  # after the last screen: warm children and imports that were on their way


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(name))
    return kids


def tree(root: int) -> list[int]:
    """`root` and every descendant. A forked child whose parent exited is re-parented to
    init, not to serve; none such is left by the tutor while its session lives."""
    kids, out, todo = _children(), [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(kids.get(pid, []))
    return out


def memory_kib(pids: list[int]) -> tuple[int, int]:
    """Summed PSS and RSS, KiB."""
    pss = rss = 0
    for pid in pids:
        try:
            text = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue  # exited meanwhile, or a process we may not read
        for line in text.splitlines():
            if line.startswith("Pss:"):
                pss += int(line.split()[1])
            elif line.startswith("Rss:"):
                rss += int(line.split()[1])
    return pss, rss


def settled(root: int, quiet_s: float = SETTLE_S, limit_s: float = 90) -> list[int]:
    """The tree once its membership and PSS stopped changing for `quiet_s`."""
    end = time.monotonic() + limit_s
    last, since = None, time.monotonic()
    while time.monotonic() < end:
        pids = sorted(tree(root))
        pss = memory_kib(pids)[0] // 4096  # 4 MiB steps: allocator noise is not growth
        if (pids, pss) != last:
            last, since = (pids, pss), time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            break
        time.sleep(1)
    return tree(root)


def measure(count: int, check: bool, extra: list[str]) -> tuple[int, int, int]:
    from playwright.sync_api import sync_playwright

    port = _free_port()
    home = tempfile.mkdtemp(prefix="jaxtutor-bench-serve-")
    server = subprocess.Popen(
        [sys.executable, "-m", "jaxtutor", "serve", "--port", str(port), "--home", home, *extra],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        end = time.monotonic() + 60
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            if time.monotonic() > end or server.poll() is not None:
                raise SystemExit("jaxtutor serve did not start")
            time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            pages = []
            for _ in range(count):
                page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
                page.add_init_script(CATCH_TERMINAL)
                page.goto(f"http://127.0.0.1:{port}/")
                page.wait_for_function(
                    "() => window.__screen().includes('Lesson 1 of')", timeout=120_000
                )
                pages.append(page)
            if check:
                pages[0].evaluate("window.__terminal.focus()")
                pages[0].keyboard.press("Control+r")
                pages[0].wait_for_function(  # the header counts the check once it is done
                    "() => /checks 1\\b/.test(window.__screen())", timeout=120_000
                )
            pids = settled(server.pid)
            pss, rss = memory_kib(pids)
            browser.close()
        return pss, rss, len(pids)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        server.wait()
        shutil.rmtree(home, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--check", action="store_true", help="the first visitor presses ^r")
    parser.add_argument("--serve-arg", action="append", default=[], help="passed to serve")
    args = parser.parse_args()
    if not os.path.exists(CHROMIUM):
        raise SystemExit("needs Debian's chromium: apt-get install -y chromium")
    print(f"uptime: {os.getloadavg()}")
    print(f"{'visitors':>8} {'processes':>9} {'PSS MiB':>9} {'RSS MiB':>9} {'PSS/extra':>10}")
    first = None
    for count in args.counts:
        pss, rss, n = measure(count, args.check, args.serve_arg)
        if count == 1:
            first = pss
        extra = (
            f"{(pss - first) / 1024 / (count - 1):10.1f}"
            if first is not None and count > 1
            else f"{'':>10}"
        )
        print(f"{count:8d} {n:9d} {pss / 1024:9.1f} {rss / 1024:9.1f} {extra}", flush=True)
    print(f"uptime: {os.getloadavg()}")


if __name__ == "__main__":
    main()

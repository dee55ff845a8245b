"""How many visitors `jaxtutor serve` lets in at once, and what the next one sees.

The default cap comes from the machine's memory:

    max_visitors = (MemTotal - RESERVE_MIB) // VISITOR_MIB, at least 1

RESERVE_MIB is left for the system, the server and the fork server all visitors share;
VISITOR_MIB is what one visitor costs (its app's process, measured as PSS with
benchmarks/serve_memory.py) plus a share of a check's processes, which exist only while a
visitor checks. A visitor past the cap gets an HTTP 503 page that says so, and no app.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

RESERVE_MIB = 1536
VISITOR_MIB = 160  # a session's ~46 MiB of PSS, and room for a check's children


def memory_total_mib(meminfo: str = "/proc/meminfo") -> int | None:
    try:
        for line in Path(meminfo).read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def default_max_visitors(total_mib: int | None = None) -> int:
    """The cap for a machine with `total_mib` of memory (this one's by default)."""
    total = memory_total_mib() if total_mib is None else total_mib
    if total is None:
        return 8  # no /proc/meminfo: a small lab's worth
    return max(1, (total - RESERVE_MIB) // VISITOR_MIB)


def full_page(cap: int) -> str:
    return (
        "<!doctype html>\n<html><head><meta charset='utf-8'><title>jaxtutor: full</title>"
        "</head><body style='font-family: sans-serif; max-width: 40em; margin: 4em auto'>"
        "<h1>The tutor is full</h1>"
        "<p>Every place for a visitor on this server is taken "
        f"(it lets in {html.escape(str(cap))} at once). Try again in a few minutes, when "
        "someone has closed their tab, or ask whoever runs it for another address.</p>"
        "</body></html>\n"
    )


def capped_server(server_class, max_visitors: int):
    """textual-serve's Server, with at most `max_visitors` apps at once: past that, the
    page and its websocket get a 503 and no app is started."""
    from aiohttp import web

    class CappedServer(server_class):
        visitors = 0  # apps running now (one per websocket)

        def _full(self) -> web.Response:
            print(
                f"jaxtutor serve: a visitor was turned away ({max_visitors} of "
                f"--max-visitors {max_visitors} at once)",
                file=sys.stderr,
                flush=True,
            )
            return web.Response(
                status=503,
                text=full_page(max_visitors),
                content_type="text/html",
                headers={"Retry-After": "60"},
            )

        async def handle_index(self, request):
            if self.visitors >= max_visitors:
                return self._full()
            return await super().handle_index(request)

        async def handle_websocket(self, request):
            if self.visitors >= max_visitors:
                return self._full()
            self.visitors += 1  # the event loop's only thread: no lock needed
            try:
                return await super().handle_websocket(request)
            finally:
                self.visitors -= 1

    return CappedServer

"""docs/serve.md's setup for a lab on several machines, run as written: two `serve` hosts
on loopback behind nginx with the page's configuration, and a visitor's page and
websocket reach an app through the proxy."""

from __future__ import annotations

import asyncio
import contextlib
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_serve import _free_port, serving

NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
DOC = Path(__file__).resolve().parents[1] / "docs" / "serve.md"

pytestmark = pytest.mark.skipif(
    NGINX is None, reason="nginx is not installed (apt-get install nginx); .ci/run installs it"
)


def documented_config() -> str:
    text = DOC.read_text()
    block = text.split("<!-- proxy-config -->", 1)[1].split("<!-- /proxy-config -->", 1)[0]
    return block.split("```nginx\n", 1)[1].split("```", 1)[0]


@contextlib.contextmanager
def nginx(tmp_path: Path, site: str):
    """nginx in the foreground, as this user, with `site` as its only http config."""
    folder = tmp_path / "nginx"
    folder.mkdir()
    (folder / "site.conf").write_text(site)
    (folder / "nginx.conf").write_text(
        f"daemon off;\npid {folder}/nginx.pid;\nerror_log {folder}/error.log;\n"
        "events {}\nhttp {\n"
        f"  access_log {folder}/access.log;\n"
        + "".join(
            f"  {kind}_temp_path {folder}/{kind};\n"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        + f"  include {folder}/site.conf;\n}}\n"
    )
    proc = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf"), "-g", "user root;"]
        if _root()
        else [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield folder
    finally:
        proc.send_signal(signal.SIGQUIT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _root() -> bool:
    import os

    return os.geteuid() == 0


def test_a_visitor_reaches_an_app_through_the_documented_proxy(tmp_path):
    import aiohttp

    config = documented_config()
    assert "Upgrade $http_upgrade" in config and "ip_hash" in config
    proxy_port = _free_port()
    public = f"http://127.0.0.1:{proxy_port}"
    with (
        serving(tmp_path / "a", "--public-url", public) as (port_a, root_a, _),
        serving(tmp_path / "b", "--public-url", public) as (port_b, root_b, _),
    ):
        site = (
            config.replace("10.0.0.11:8000", f"127.0.0.1:{port_a}")
            .replace("10.0.0.12:8000", f"127.0.0.1:{port_b}")
            .replace("listen 80;", f"listen 127.0.0.1:{proxy_port};")
        )
        assert site.count("127.0.0.1:") == 3  # every address of the page was replaced
        with nginx(tmp_path, site):

            async def visit() -> tuple[str, str]:
                async with aiohttp.ClientSession() as http:
                    for _ in range(100):  # nginx starting
                        try:
                            async with http.get(public + "/") as page:
                                index = await page.text()
                                break
                        except aiohttp.ClientConnectorError:
                            await asyncio.sleep(0.1)
                    url = re.search(r"ws://[^\"' ]+/ws", index).group(0)
                    screen = ""
                    async with http.ws_connect(url + "?width=120&height=36") as ws:
                        deadline = time.monotonic() + 90
                        while "Lesson 1 of" not in screen and time.monotonic() < deadline:
                            message = await ws.receive(timeout=90)
                            if message.type == aiohttp.WSMsgType.BINARY:
                                screen += _app_output(message.data)
                            elif message.type == aiohttp.WSMsgType.TEXT:
                                screen += message.data
                            else:
                                break
                    return url, screen

            url, screen = asyncio.run(visit())
    # the page sent the browser back through the proxy, and the app's first screen came
    assert url == f"ws://127.0.0.1:{proxy_port}/ws"
    assert "Lesson 1 of" in screen
    # the one visitor's app ran on one of the two hosts
    folders = [list((root / "sessions").iterdir()) for root in (root_a, root_b)]
    assert sorted(len(f) for f in folders) == [0, 1], folders


def _app_output(data: bytes) -> str:
    """The app's terminal output as text: its escape sequences left out."""
    return re.sub(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]", "", data.decode("utf-8", errors="replace"))

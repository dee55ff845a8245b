"""A lab with no internet: jaxtutor installs from a wheelhouse with --no-index, and the
checker and the app never reach the network."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxtutor.course.lessons import builtin_lessons
from jaxtutor.runner.host.launch import isolated

ROOT = Path(__file__).resolve().parents[1]
OFFLINE_SITE = Path(__file__).parent / "offline_site"
ALICE = Path(__file__).parent / "submissions" / "argnums" / "alice.py"
NOWHERE = "http://127.0.0.1:9"  # the discard port: nothing listens there


def offline_env(log: Path) -> dict:
    """Proxies that point nowhere, and an audit hook in every Python process (this one's
    children included: the sandbox passes PYTHONPATH on) that logs and refuses any
    network use."""
    env = dict(os.environ, JAXTUTOR_NET_LOG=str(log), NO_PROXY="", no_proxy="")
    for name in (
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
    ):
        env[name] = NOWHERE
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(OFFLINE_SITE), env.get("PYTHONPATH")]))
    return env


def run(args, env, timeout=300, **kwargs):
    return subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout, **kwargs)


def test_the_guard_catches_network_use_in_the_trusted_side_and_the_child(tmp_path):
    """The check below would prove nothing if the guard were blind: show it is not."""
    log = tmp_path / "net.log"
    env = offline_env(log)
    done = run(
        [sys.executable, "-c", "import socket; socket.create_connection(('127.0.0.1', 9), 1)"], env
    )
    assert done.returncode != 0 and "network use refused" in done.stderr
    fetcher = tmp_path / "fetcher.py"
    fetcher.write_text(
        textwrap.dedent("""
        import urllib.request

        def grad_w_and_x(scale, w, x, y):
            urllib.request.urlopen("http://example.invalid/answers", timeout=2)
    """)
    )
    done = run([sys.executable, "-m", "jaxtutor", "check", "argnums", str(fetcher), "--json"], env)
    assert done.returncode == 1
    if isolated():  # the jailed child reaches neither the network nor the guard's log
        assert json.loads(done.stdout)["message"].startswith("URLError")
        assert "runner/inside/learner_process" not in (log.read_text() if log.exists() else "")
    else:
        lines = log.read_text().splitlines()
        assert any("runner/inside/learner_process" in line for line in lines), (
            lines
        )  # caught in the child


def test_checker_and_app_run_with_no_network(tmp_path):
    log = tmp_path / "net.log"
    env = offline_env(log)
    done = run([sys.executable, "-m", "jaxtutor", "check", "argnums", str(ALICE)], env)
    assert done.returncode == 0, done.stdout + done.stderr
    done = run(
        [sys.executable, "-m", "jaxtutor", "grade", "argnums", str(ALICE), "--format", "csv"], env
    )
    assert done.returncode == 0 and "alice,alice.py,pass" in done.stdout, done.stderr
    # the app itself, headless: open, check the starter of the first lesson, quit
    app = textwrap.dedent("""
        import asyncio
        from jaxtutor.learner.tui.app import TutorApp

        async def main():
            app = TutorApp()
            async with app.run_test(size=(160, 50)) as pilot:
                await pilot.pause(0.5)
                await pilot.press("ctrl+r")
                for _ in range(600):
                    if app.last_verdict is not None:
                        break
                    await pilot.pause(0.2)
                print("VERDICT", app.last_verdict.outcome.name)
                await pilot.press("ctrl+q")

        asyncio.run(main())
    """)
    done = run([sys.executable, "-c", app], env, timeout=300)
    assert done.returncode == 0 and "VERDICT" in done.stdout, done.stdout + done.stderr
    assert "INTERNAL_ERROR" not in done.stdout
    assert not log.exists(), log.read_text()


@pytest.mark.slow
def test_install_from_a_wheelhouse_with_no_index(tmp_path):
    """docs/offline.md, step by step: build the wheelhouse while online, then install
    into a fresh venv with --no-index and use it with the network unavailable. (The
    wheel built here carries the course: its lessons are listed outside the source tree.)"""
    house = tmp_path / "wheelhouse"
    done = run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--wheel-dir",
            str(house),
            f"{ROOT}[serve]",
        ],
        dict(os.environ),
        timeout=1500,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert list(house.glob("jaxtutor-*.whl")) and list(house.glob("jaxlib-*.whl"))

    log = tmp_path / "net.log"
    env = offline_env(log)
    env.pop("PYTHONPATH")  # the venv must stand on its own; the guard comes back below
    env["PIP_NO_INDEX"] = "1"
    venv = tmp_path / "lab"
    assert run([sys.executable, "-m", "venv", str(venv)], env).returncode == 0
    # as docs/offline.md says, but for --no-compile: the bytecode pip would write for
    # every installed module changes nothing checked here and costs 20 s of CPU
    pip = [
        str(venv / "bin" / "python"),
        "-m",
        "pip",
        "install",
        "--quiet",
        "--no-index",
        "--no-compile",
        "--find-links",
        str(house),
    ]
    done = run(pip + ["jaxtutor"], env, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]

    env = offline_env(log)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env['PATH']}"
    jaxtutor = str(venv / "bin" / "jaxtutor")
    done = run([jaxtutor, "check", "argnums", str(ALICE)], env, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # the lessons come from the wheel (this folder is not the source tree), parts and all
    listed = run([jaxtutor, "list"], env, cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert [line.split()[1] for line in lines if not line.startswith("-- ")] == [
        lesson.id for lesson in builtin_lessons()
    ]
    assert "-- The wider toolbox --" in lines
    done = run([jaxtutor, "serve"], env, cwd=tmp_path)  # the extra is not installed yet
    assert done.returncode == 2 and "pip install 'jaxtutor[serve]'" in done.stderr

    done = run(pip + ["jaxtutor[serve]"], env, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    done = run([str(venv / "bin" / "python"), "-c", "import textual_serve.server"], env)
    assert done.returncode == 0, done.stderr
    assert not log.exists(), log.read_text()

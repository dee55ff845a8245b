"""`serve`'s visitors share one fork server: each visitor's tutor (a real process here)
connects to it at its first check, gets a server of its own forked from it, and each run
is still jailed on its own. An app that only shows a lesson starts no JAX process."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from jaxtutor.learner.tui.app import TutorApp
from jaxtutor.runner.host import pool as pool_module
from jaxtutor.runner.host import procs
from jaxtutor.runner.host.launch import SHARED_FORKS_ENV, SharedForkServer, isolated
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import WarmPool

# One visitor's tutor: a pool as the app makes it, one run of a file that leaves a mark in
# the run's /tmp and working folder and tries to read the other visitor's progress. It
# reports its run's processes, waits for "go" (both runs are then alive), and reports
# what the run saw.
VISITOR = textwrap.dedent(
    """
    import json, sys
    from jaxtutor.runner.host.limits import Limits
    from jaxtutor.runner.host.pool import WarmPool

    name, other_home = sys.argv[1], sys.argv[2]
    source = f'''
    import os
    import jax.numpy as jnp
    open("/tmp/visitor-{name}", "w").write("{name}")
    open("visitor-{name}", "w").write("{name}")

    def f():
        marks = [p for d in ("/tmp", ".") for p in os.listdir(d) if p.startswith("visitor-")]
        try:
            open({other_home!r} + "/draft.py").read()
            theirs = 1.0
        except OSError:
            theirs = 0.0
        return (float(len(marks)), theirs, float(jnp.sum(jnp.arange(4.0))))
    '''
    with WarmPool() as pool:
        child = pool.learner(Limits(timeout_s=60))
        loaded = child.load(source, "visitor.py", "f")
        print(json.dumps({"on_demand": pool.on_demand, "root": child.proc.pid,
                          "loaded": loaded.get("ok") is True}), flush=True)
        sys.stdin.readline()
        (reply,) = child.call_many([()])
        print(json.dumps(reply.get("value")), flush=True)
        pool.finish(child, [])
    """
)


def _children_of(pid: int) -> list[int]:
    return [p for p, proc in procs.table().items() if proc.ppid == pid]


def _parent(pid: int) -> int:
    return procs.table()[pid].ppid


@pytest.fixture
def forks():
    server = SharedForkServer()
    try:
        assert server.wait_ready(), "the shared fork server did not start"
        yield server
    finally:
        server.close()


@pytest.mark.skipif(not isolated(), reason="this machine forbids the jail's namespaces")
def test_two_visitors_share_one_server_and_their_runs_are_apart(forks, tmp_path):
    homes = [tmp_path / "a", tmp_path / "b"]
    for home in homes:
        home.mkdir(mode=0o700)
        (home / "draft.py").write_text("a visitor's draft\n")
    env = dict(os.environ, **{SHARED_FORKS_ENV: forks.path})
    visitors = [
        subprocess.Popen(
            [sys.executable, "-c", VISITOR, name, str(other)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=dict(env, JAXTUTOR_HOME=str(home)),
        )
        for name, home, other in (("a", homes[0], homes[1]), ("b", homes[1], homes[0]))
    ]
    try:
        started = [json.loads(v.stdout.readline()) for v in visitors]
        assert all(s["on_demand"] and s["loaded"] for s in started), started
        # each run's root was forked by a server for its visitor alone, forked in turn by
        # the one shared server; no visitor started a fork server of its own
        servers = [_parent(s["root"]) for s in started]
        assert servers[0] != servers[1]
        assert all(_parent(server) == forks.proc.pid for server in servers)
        assert sorted(_children_of(forks.proc.pid)) == sorted(servers)
        for visitor in visitors:
            assert _children_of(visitor.pid) == []  # its run is the server's child, not its
        for visitor in visitors:
            visitor.stdin.write("go\n")
            visitor.stdin.flush()
        seen = [json.loads(v.stdout.readline()) for v in visitors]
    finally:
        for visitor in visitors:
            visitor.stdin.close()
            visitor.wait(timeout=60)
    # its own two marks only, not the other's draft, and JAX works in a forked child
    assert seen == [[2.0, 0.0, 6.0], [2.0, 0.0, 6.0]]
    # a visitor that hung up leaves no server behind
    deadline = time.monotonic() + 20
    while _children_of(forks.proc.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _children_of(forks.proc.pid) == []


def test_an_idle_app_starts_no_jax_process_and_a_check_forks_one(forks, monkeypatch):
    monkeypatch.setenv(SHARED_FORKS_ENV, forks.path)

    # other tests' fork servers may live in this process already: only new ones count
    before = {p for p in _children_of(os.getpid()) if _is_python(p)}

    async def run() -> None:
        app = TutorApp()
        async with app.run_test(size=(160, 48)) as pilot:
            deadline = time.monotonic() + 30
            while app._pool is None and time.monotonic() < deadline:
                await pilot.pause(0.1)
            assert app._pool is not None and app._pool.on_demand
            await pilot.pause(4.0)  # long past a warm pool's refill and the lesson's warm-up
            assert _children_of(forks.proc.pid) == []
            started = {p for p in _children_of(os.getpid()) if _is_python(p)} - before
            assert started == set()
            await pilot.press("ctrl+r")
            deadline = time.monotonic() + 120
            while (app.checking or app.last_verdict is None) and time.monotonic() < deadline:
                await pilot.pause(0.1)
            # the first lesson's starter differentiates a vector: JAX ran, and said so
            assert "Gradient only defined for scalar" in app.last_verdict.message
            assert len(_children_of(forks.proc.pid)) == 1  # this app's own server
            assert app._pool.handed_out == 0 and app._pool.fresh >= 1

    asyncio.run(run())


def _is_python(pid: int) -> bool:
    try:
        return "python" in Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return False


def test_an_on_demand_pool_lets_the_lessons_child_go_once_checks_stop(forks, monkeypatch):
    monkeypatch.setenv(SHARED_FORKS_ENV, forks.path)
    monkeypatch.setattr(pool_module, "_RELEASE_TRUSTED_S", 1.0)
    with WarmPool() as pool:
        kept = pool.trusted.child(Limits())
        pool.finish(pool.learner(Limits()), [])  # a check ends; no other follows
        deadline = time.monotonic() + 30
        while pool.trusted._child is not None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert pool.trusted._child is None
        deadline = time.monotonic() + 30
        while kept.alive() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not kept.alive()

        kept = pool.trusted.child(Limits())
        pool.finish(pool.learner(Limits()), [])
        learner = pool.learner(Limits())  # the next check began before the release was due
        time.sleep(2.0)
        assert pool.trusted._child is kept and kept.alive()
        pool.finish(learner, [])


@pytest.mark.skipif(not isolated(), reason="this machine forbids the jail's namespaces")
def test_a_run_can_neither_name_nor_reach_the_shared_server(forks, monkeypatch):
    monkeypatch.setenv(SHARED_FORKS_ENV, forks.path)
    source = textwrap.dedent(
        f"""
        import os, socket

        def f():
            named = 1.0 if "{SHARED_FORKS_ENV}" in os.environ else 0.0
            try:
                socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET).connect({forks.path!r})
                reached = 1.0
            except OSError:
                reached = 0.0
            return (named, reached)
        """
    )
    with WarmPool() as pool:
        child = pool.learner(Limits())
        assert child.load(source, "reach.py", "f").get("ok") is True
        (reply,) = child.call_many([()])
        pool.finish(child, [])
    assert [float(v) for v in reply["value"]] == [0.0, 0.0], reply
    # the tutor itself does reach it: the path is right
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    probe.connect(forks.path)
    probe.close()

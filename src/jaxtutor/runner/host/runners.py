"""Where a check's processes come from, and where they go: the one seam between a check
and the processes it runs in.

A check takes the learner's child (the only one sent the learner's file), a clean child
for each oracle that judges exported programs (never sent any file), and runs the
exercise's own programs (a reference, mutants) in a trusted child. When the verdict is
decided, `finish` disposes of the check's children and returns what the learner's
process printed.

A `WarmPool` (runner/host/pool.py) is one: warm children, a trusted child kept from
check to check, and the children killed in the background. `OneOff` is the other: the
children of checks made one at a time (`jaxtutor check`, the notebook, Gradescope,
`lint`, the tests), killed before the verdict returns.
"""

from __future__ import annotations

from typing import Protocol

from jaxtutor.runner.host.launch import ForkServer, fork_server
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.runner.host.sandbox import Child, kill_all, start_child


class Runners(Protocol):
    @property
    def trusted(self) -> TrustedChild | None:
        """The child for the exercise's own programs; None: one per check."""

    def learner(self, limits: Limits, submission: str | None = None) -> Child:
        """A child for the learner's file; `submission` is a student's own folder, shown
        read-only in its jail."""

    def clean(self, limits: Limits) -> Child:
        """A child that is never sent the learner's file."""

    def lesson(self, limits: Limits) -> Child:
        """A child for the exercise's own programs only (a TrustedChild's), whose jail
        keeps what XLA compiles on disk (compiled.compiled_folder)."""

    def finish(self, learner: Child, others: list[Child]) -> str:
        """Dispose of a check's children, once its verdict is decided; the learner's
        output."""


class OneOff:
    """Children for checks made one at a time: forked from `server` when there is one
    (a fresh process each where it is gone), killed as soon as the verdict is decided.
    `own_server`: the server was started for these checks, and `close` closes it."""

    def __init__(
        self,
        server: ForkServer | None = None,
        trusted: TrustedChild | None = None,
        own_server: bool = False,
    ):
        self.server = server
        self.trusted = trusted
        self._own_server = own_server

    @classmethod
    def with_fork_server(cls) -> OneOff:
        """For a check that runs several programs: JAX is imported once, by the server,
        and each child is a fork of it, where a fresh child each imports JAX again."""
        return cls(fork_server(), own_server=True)

    def learner(self, limits: Limits, submission: str | None = None) -> Child:
        return start_child(limits, self.server, submission=submission)

    def clean(self, limits: Limits) -> Child:
        return start_child(limits, self.server)

    def lesson(self, limits: Limits) -> Child:
        return start_child(limits, self.server, lesson=True)

    def finish(self, learner: Child, others: list[Child]) -> str:
        kill_all([learner, *others])
        return learner.output()

    def close(self) -> None:
        """Close the fork server started for these checks (`with_fork_server`), once
        every child it forked is done."""
        if self._own_server and self.server is not None:
            self.server.close()

"""How a request to a learner's process ends without an answer: the run ended (a limit,
a crash, the tutor's own failure), or the learner's code raised."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxtutor.verdict import Diagnosis


class RunEnded(Exception):
    """A child gave no answer. `kind`:

    - timeout, memory: it went over a limit of the run (the clock, CPU time, memory);
    - crashed: its process ended, or said something it was not asked;
    - runner: the tutor's own code inside a learner's process failed there (its exit
      code for that, or a reply saying so), outside the learner's function;
    - limit: what the child had to send is more than the tutor checks (a program over
      its size limit, a reply over its frame limit, a host callback, which no program
      can carry out of its process); the child itself is well;
    - internal: the trusted side's own failure (a child that never started, a check
      stopped).

    Whose process it was (`role`): the learner's (the only one sent the learner's file),
    the judge's (a clean child that checks and runs the programs the learner's function
    was exported to, and never runs its Python) or the lesson's (a child that runs the
    exercise's own reference and mutants). `phase`: what it was doing (see
    runner/wire.py's PHASES). `measured`: numbers the verdict may quote (seconds, bytes,
    operations, an exit code), each measured, never guessed."""

    def __init__(
        self,
        kind: str,
        detail: str,
        role: str = "learner",
        phase: str = "",
        measured: dict | None = None,
    ):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail
        self.role = role
        self.phase = phase
        self.measured = dict(measured or {})


class LearnerRaised(Exception):
    """The learner's code raised; `info` is the child's plain-data report of it."""

    def __init__(self, info: dict):
        super().__init__(info.get("message", ""))
        self.info = info
        # an oracle may recognise the mistake behind the exception, and say which case raised
        self.diagnosis: Diagnosis | None = None
        self.case = ""
        self.case_said = ""  # what the oracle measured of that case (its sizes' names)

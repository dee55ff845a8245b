"""How a request to a learner's process ends without an answer: the run ended (a limit,
a crash, the tutor's own failure), or the learner's code raised."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxtutor.verdict import Diagnosis


class RunEnded(Exception):
    """The child stopped answering: `kind` is timeout, memory, crashed or internal."""

    def __init__(self, kind: str, detail: str):
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


class LearnerRaised(Exception):
    """The learner's code raised; `info` is the child's plain-data report of it."""

    def __init__(self, info: dict):
        super().__init__(info.get("message", ""))
        self.info = info
        # an oracle may recognise the mistake behind the exception, and say which case raised
        self.diagnosis: Diagnosis | None = None
        self.case = ""

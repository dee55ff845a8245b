"""The requests of a `sandbox.Child` about programs: the learner's function exported to
StableHLO in its own process, those programs checked and run in a clean child's
(runner/inside/verify.py), and the compiles the function makes called as it is. Only
the shape of each reply is checked here."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from jaxtutor.runner import wire
from jaxtutor.runner.host.errors import RunEnded
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.run_endings import GARBLED


class ProgramRequests:
    """A mixin of `sandbox.Child`, which provides what is declared here."""

    limits: Limits
    _deadline: float | None

    if TYPE_CHECKING:

        def wait_ready(self) -> None: ...
        def kill(self) -> None: ...
        def _backstop(self) -> None: ...
        def _request(self, message: dict) -> dict: ...
        def _ended(self, kind: str, detail: str, **measured) -> RunEnded: ...
        def _decode(self, value): ...
        def _learner_error(self, reply: dict) -> dict: ...

    def export(self, calls: list[tuple]) -> list[dict]:
        """Export the learner's function once per argument tuple (traced and lowered,
        not run); one reply per tuple: {"ok": True, "module": base64 text, "tree": ...,
        "prints": whether jax.debug.print was left out, "pure": whether the trace left
        the learner's Python state as it was} or the learner's exception. Only the shape
        of the reply is checked here: the program is judged by a clean child's
        `verify`."""
        reply = self._request({"op": "export", "calls": wire.encode_value(list(calls))})
        programs = reply.get("programs")
        if (
            not isinstance(programs, list)
            or len(programs) != len(calls)
            or not all(isinstance(p, dict) for p in programs)
        ):
            self.kill()
            raise self._ended("crashed", GARBLED)
        checked = []
        for program in programs:
            if program.get("ok") is not True:
                checked.append(self._learner_error(program))
            elif not isinstance(program.get("module"), str):
                self.kill()
                raise self._ended("crashed", GARBLED)
            else:
                checked.append(
                    {
                        "ok": True,
                        "module": program["module"],
                        "tree": self._decode(program.get("tree")),
                        "prints": program.get("prints") is True,
                        "pure": program.get("pure") is True,
                    }
                )
        return checked

    def count_compiles(self, calls: list[tuple]) -> int | None:
        """The XLA compiles the learner's function, called as it is, makes after its
        first call on `calls` (None where a call raised). The learner's process says
        so: a number that can only fail an answer (see learner_calls.count_compiles)."""
        reply = self._request({"op": "compiles", "calls": wire.encode_value(list(calls))})
        count = reply.get("compiles")
        return count if type(count) is int and 0 <= count < 1 << 31 else None

    def verify(self, programs: list[dict]) -> list[dict]:
        """For a child never sent a learner's file: check and run exported programs
        (see verify.py). Each entry of `programs` holds module, groups (positions of the
        arguments whose rows a loop must run over, per loop asked for), calls and
        whether it is to be compiled whole (for its temp_bytes); each
        reply holds jitted, groups, loops, ops and one flat list of values per call, or
        refused. Never call it on a child that loaded learner code."""
        if self._deadline is None:  # no load: the clock starts here
            self.wait_ready()
            self._deadline = time.monotonic() + self.limits.timeout_s
            self._backstop()
        message = [
            {
                "module": p["module"],
                "groups": [[int(i) for i in group] for group in p["groups"]],
                "calls": wire.encode_value(list(p["calls"])),
                "whole": p.get("whole") is True,
            }
            for p in programs
        ]
        reply = self._request({"op": "verify", "programs": message})
        replies = reply.get("programs")
        if (
            reply.get("ok") is not True
            or not isinstance(replies, list)
            or len(replies) != len(programs)
        ):
            raise self._ended("internal", "the checking process gave no answer")
        checked = []
        for found in replies:
            if not isinstance(found, dict) or found.get("ok") is not True:
                refused = found.get("refused") if isinstance(found, dict) else None
                checked.append({"ok": False, "refused": str(refused)[:300]})
                continue
            values = []
            for value in found.get("values") or []:
                try:
                    values.append(wire.decode_value(value))
                except wire.WireError:
                    raise self._ended(
                        "internal", "the checking process gave a garbled answer"
                    ) from None
            checked.append(
                {
                    "ok": True,
                    "jitted": found.get("jitted") is True,
                    "values": values,
                    # judged by oracles/structure.py, which reads them as untrusted
                    "groups": _json_list(found.get("groups")),
                    "loops": _json_list(found.get("loops")),
                    "ops": [o for o in found.get("ops") or [] if isinstance(o, str)],
                    "temp_bytes": _count(found.get("temp_bytes")),
                }
            )
        return checked


def _count(value) -> int | None:
    """A byte count from the checking process's reply, or None."""
    return value if type(value) is int and value >= 0 else None


def _json_list(value) -> list:
    """A list from the checking process's reply, as it came (a JSON list), or []."""
    return value[:256] if isinstance(value, list) else []

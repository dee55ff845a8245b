"""The learner's function seen from the trusted side: calls go to the learner's child
process, and its exported programs (one per input signature) are judged and run by a
clean child that never loaded any file.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np

from jaxtutor.runner.host.errors import LearnerRaised, RunEnded
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.sandbox import Child
from jaxtutor.runner.wire import Opaque, input_signature


class Learner:
    """The learner's function as the oracle sees it: calls go to the child process,
    answers come back as numpy pytrees. A call that raised gives LearnerRaised.
    `clean` is a child that is never sent the learner's file: it judges the programs
    the learner's function exports (see `programs`); a fresh one is started if need be.
    `spawn` gives the children that run the exercise's own programs (a reference, the
    mutants): a pool's `take` or a fork server's, so each costs a fork, not an import;
    `lesson` the one a check's own TrustedChild keeps them in (Runners.lesson)."""

    def __init__(
        self,
        child: Child,
        clean: Child | None = None,
        spawn: Callable[[Limits], Child] | None = None,
        trusted=None,
        source: str = "",
        lesson: Callable[[Limits], Child] | None = None,
    ):
        self._child = child
        self._clean = clean
        self.spawn = spawn or Child
        self.lesson = lesson or self.spawn
        self.trusted = trusted  # a pool's runner.host.pool.TrustedChild, kept warm between checks
        # the file as text, for evidence of what the code did (never run here)
        self.source = source
        # told a failed report's tests before its cause is searched for (check_source's
        # `judged`), so the learner reads the verdict meanwhile
        self.judged: Callable[[Any], None] | None = None

    def call(self, *args):
        (result,) = self.call_many([args])
        if isinstance(result, LearnerRaised):
            raise result
        return result

    def call_many(self, calls: list[tuple]) -> list:
        """One round trip for many calls; each entry is a value or a LearnerRaised."""
        return [
            r["value"] if r.get("ok") is True else LearnerRaised(r)
            for r in self._child.call_many(calls)
        ]

    def programs(self, calls: list[tuple], rows: Callable[[tuple], list[list[int]]]) -> Programs:
        """See `programs`, with this check's clean child (check_source kills it)."""
        return programs(self._child, self._clean, calls, rows)

    def start_programs(
        self, calls: list[tuple], rows: Callable[[tuple], list[list[int]]]
    ) -> Exported:
        """See `start_programs`, with this check's clean child: the exports done, the
        learner's child free for calls while the clean child judges the programs."""
        return start_programs(self._child, self._clean, calls, rows)

    def take_clean(self) -> Child | None:
        """This check's clean child (None once taken, or if there is none)."""
        clean, self._clean = self._clean, None
        return clean


def programs(
    child: Child,
    clean: Child | None,
    calls: list[tuple],
    rows: Callable[[tuple], list[list[int]]],
) -> Programs:
    """See `start_programs`: its programs, once the clean child has judged them all."""
    return start_programs(child, clean, calls, rows).result()


def start_programs(
    child: Child,
    clean: Child | None,
    calls: list[tuple],
    rows: Callable[[tuple], list[list[int]]],
    more: list[tuple] | None = None,
    whole: bool = False,
) -> Exported:
    """Export the function loaded in `child` once per input signature, at the first
    call of each, and have `clean` (a child never sent any file; a fresh one if None)
    check each program and run it on every call of its signature (a `clean` given stays
    alive for more: its caller kills it). `rows(args)` names the arguments whose rows a
    loop must run over (positions among the traced arguments), one list per loop asked
    for, outer loops first. `more`: calls the programs answer too, after `calls` (a
    property's, mostly of shapes compiled already: `Programs.more`). `whole`: each
    program compiled as it is, for XLA's count of its memory (see verify.py).
    Returns once the exports are done: `child` is free for more requests while the
    clean child compiles."""
    answered = len(calls)
    calls = calls + list(more or [])
    groups: dict[tuple, list[int]] = {}
    for i, args in enumerate(calls):
        groups.setdefault(input_signature(args), []).append(i)
    members = list(groups.values())
    # the largest program first: it compiles longest, beside the others' exports
    members.sort(key=lambda m: -_size(calls[m[0]]))
    stack = contextlib.ExitStack()
    judge = clean if clean is not None else stack.enter_context(Child(child.limits))
    if clean is None:  # it judges the programs of whoever `child` runs
        judge.role = "judge" if child.role == "learner" else child.role
    queue = _JudgeQueue(judge, stack.enter_context(ThreadPoolExecutor(max_workers=1)))
    pending = Exported(child, calls, members, stack, answered)
    try:
        # a shape's program is checked and compiled there while the next one is exported here
        for m in members:
            (e,) = child.export([calls[m[0]]])
            if e.get("ok") is not True:
                pending.raised = LearnerRaised(e)
                break
            pending.exported.append(e)
            pending.checking.append(
                queue.submit(
                    {
                        "module": e["module"],
                        "groups": rows(calls[m[0]]),
                        "calls": [calls[i] for i in m],
                        "whole": whole,
                    }
                )
            )
    except BaseException:
        stack.close()
        raise
    return pending


class _JudgeQueue:
    """The programs sent to a judge as they are exported: one request at a time, each
    with every program exported while the one before ran, so that the judge compiles
    those side by side (XLA compiles without the GIL) once the learner's exports are
    done and a core is free."""

    def __init__(self, judge: Child, worker: ThreadPoolExecutor) -> None:
        self._judge, self._worker = judge, worker
        self._lock = threading.Lock()
        self._waiting: list[tuple[dict, Future]] = []

    def submit(self, program: dict) -> Future:
        """The judge's reply to `program`, to come (as a one-item list)."""
        reply: Future = Future()
        with self._lock:
            self._waiting.append((program, reply))
        self._worker.submit(self._send)
        return reply

    def _send(self) -> None:
        with self._lock:
            taken, self._waiting = self._waiting, []
        if not taken:  # sent with an earlier one
            return
        try:
            replies = self._judge.verify([program for program, _ in taken])
        except BaseException as error:
            for _, reply in taken:
                reply.set_exception(error)
            return
        for (_, reply), found in zip(taken, replies):
            reply.set_result([found])


class Exported:
    """The learner's programs, exported, while a clean child judges them."""

    def __init__(
        self,
        child: Child,
        calls: list[tuple],
        members: list[list[int]],
        stack: contextlib.ExitStack,
        answered: int | None = None,
    ):
        self._child, self._calls, self._members, self._stack = child, calls, members, stack
        self._answered = len(calls) if answered is None else answered  # the rest: `more`
        self.exported: list[dict] = []
        self.checking: list = []  # the clean child's replies, to come
        self.raised: LearnerRaised | None = None  # an export's exception
        self._result: Programs | None = None

    @property
    def pure(self) -> bool:
        """Whether a call of the function would do nothing its programs do not: each
        export worked and its trace left the learner's Python state as it was, and
        nothing prints while it runs. Then the programs' runs can be its answers. (The
        child's word on its state: it only decides where the learner's own answers are
        computed, never a verdict.)"""
        return self.raised is None and all(
            e.get("pure") is True and not e["prints"] for e in self.exported
        )

    def result(self) -> Programs:
        """Wait for the programs. Raises LearnerRaised when an export raised (the
        function's exception, as a call's)."""
        if self._result is not None:
            return self._result
        with self._stack:
            if self.raised is not None:
                raise self.raised
            found = [future.result()[0] for future in self.checking]
        for facts in found:
            if (beyond := beyond_limits(facts, self._child.role)) is not None:
                raise beyond
        n = self._answered
        if any(e["prints"] for e in self.exported):
            # so its jax.debug.print output shows, as it ran
            self._child.call_many(self._calls[:n])
        values: list = [None] * len(self._calls)
        every: list[dict] = [{}] * len(self._calls)
        for e, m, facts in zip(self.exported, self._members, found):
            for i, value in zip(m, facts.pop("values", [])):
                values[i] = rebuild(e["tree"], value)
            for i in m:
                every[i] = facts
        more_ok = all(f.get("ok") is True for f in every[n:]) and all(
            v is not None for v in values[n:]
        )
        self._result = Programs(values[:n], every[:n], values[n:] if more_ok else None)
        return self._result


_TOO_LARGE = re.compile(r"program too large \((\d+) bytes\)")


def beyond_limits(facts: dict, role: str) -> RunEnded | None:
    """A judge's refusal of a program over the tutor's size limit: about the tutor's
    limit, not the program's code. (The learner's process measures its programs and
    sends none that large, saying so instead: a RunEnded "limit". One that does was
    sent by code that answers the tutor's requests itself.)"""
    size = _TOO_LARGE.fullmatch(str(facts.get("refused") or ""))
    if facts.get("ok") is True or size is None:
        return None
    measured = {"limit": "program", "bytes": int(size.group(1))}
    judge = "judge" if role == "learner" else role
    return RunEnded("limit", size.group(0), judge, "check", measured)


@dataclass
class Programs:
    """What a clean child found in the learner's exported programs: per call, the value
    its signature's program returned (None where there is none) and that program's
    facts (jitted, scan, ops; or refused)."""

    values: list
    facts: list[dict]
    # the values of start_programs' `more` calls; None when a program of theirs was refused
    more: list | None = None


def rebuild(tree, flat):
    """A program's flat results in the shape of its output tree (leaves numbered);
    None when the two do not fit (the trusted side then has no value). An object the
    child could not send as data (a registered dataclass) stays that object, as a call
    returns it: its leaves have no place to go."""
    if not isinstance(flat, list):
        return None
    used = []
    opaque = []

    def fill(node):
        if node is None:  # an empty subtree, as jax has it
            return None
        if isinstance(node, Opaque):
            opaque.append(node)
            return node
        if isinstance(node, bool):
            raise ValueError
        if isinstance(node, int):
            if not 0 <= node < len(flat):
                raise ValueError
            used.append(node)
            return flat[node]
        if isinstance(node, (tuple, list)):
            return type(node)(fill(n) for n in node)
        if isinstance(node, dict):
            return {k: fill(v) for k, v in node.items()}
        raise ValueError

    try:
        value = fill(tree)
    except (ValueError, RecursionError):
        return None
    return value if opaque or sorted(used) == list(range(len(flat))) else None


def _size(args) -> int:
    """How many numbers a call's arguments hold."""
    if isinstance(args, (tuple, list)):
        return sum(_size(a) for a in args)
    if isinstance(args, dict):
        return sum(_size(v) for v in args.values())
    return int(np.size(args)) if isinstance(args, np.ndarray) else 1

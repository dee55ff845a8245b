"""One program (the learner's, the reference, a mutant) run on the cases in a child of
its own, its exported programs judged by a clean child when the exercise has rules for
them; the trusted programs' runs are remembered, process-wide."""

from __future__ import annotations

import contextlib
import hashlib
import json
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from jaxtutor.explain import known
from jaxtutor.oracles.cases import Case, fingerprint
from jaxtutor.oracles.generic.cases import Prepared
from jaxtutor.oracles.learner import Exported, start_programs
from jaxtutor.runner import wire
from jaxtutor.runner.host.errors import LearnerRaised
from jaxtutor.runner.host.limits import Limits
from jaxtutor.runner.host.pool import TrustedChild
from jaxtutor.runner.host.sandbox import Child


@dataclass
class Raised:
    type: str
    message: str
    info: dict = field(default_factory=dict, repr=False)  # the child's report, frames and all


@dataclass
class Run:
    """What one program did on the cases: answers (a value or Raised per case) from
    calls of the function (under the child's jit, which changes nothing it does) or its
    programs' runs; and, when the exercise has structure or recompilation rules, what a
    clean child found in its exported programs (per case: the facts and the value of the
    program of that case's signature) or why it could not be exported."""

    answers: list
    facts: list[dict] | None = None
    program_values: list | None = None
    export_error: str | None = None
    load_error: str | None = None


def _answers(replies: list[dict]) -> list:
    return [
        r["value"]
        if r.get("ok") is True
        else Raised(str(r.get("type")), str(r.get("message", "")), r)
        for r in replies
    ]


def needs_programs(config: dict) -> bool:
    return bool(config.get("structure")) or config.get("max_recompiles") is not None


def _declared(config: dict) -> list[list[str]]:
    return [list(group) for group in (config.get("structure") or {}).get("scan_over") or []]


def _rows(config: dict) -> Callable[[tuple], list[list[int]]]:
    """For a case's arguments: the positions (among its traced arguments) of the ones
    each loop of a "scan" rule runs over, outer loop first: the exercise's `scan_over`,
    or else the traced arrays whose leading size is that of the first one with one."""
    names = [arg.get("name") for arg in config.get("args") or []]
    declared = _declared(config)

    def rows(args: tuple) -> list[list[int]]:
        static = wire.static_positions(args)
        traced = [i for i in range(len(args)) if i not in static]
        if declared:
            return [
                [traced.index(names.index(n)) for n in group if names.index(n) in traced]
                for group in declared
            ]
        sizes = [np.shape(args[i])[0] if np.ndim(args[i]) else None for i in traced]
        trip = next((n for n in sizes if n is not None), None)
        return [[k for k, n in enumerate(sizes) if n is not None and n == trip]]

    return rows


def scan_names(config: dict, args: tuple) -> list[list[str]]:
    """The names of the arguments each loop of a "scan" rule runs over (see `_rows`), for
    a case's arguments."""
    if _declared(config):
        return _declared(config)
    names = [arg.get("name") for arg in config.get("args") or []]
    traced = [i for i in range(len(args)) if i not in wire.static_positions(args)]
    return [
        [str(names[traced[k]]) if traced[k] < len(names) else "its input" for k in group]
        for group in _rows(config)(args)
    ]


def observe(
    child: Child,
    config: dict,
    cases: list[Case],
    clean: Child | None = None,
    first: list | None = None,
    pending: Exported | None = None,
    ahead: Sequence[Case] = (),
) -> Run:
    """Ask a loaded child for everything the oracle compares; `clean` (a child never
    sent any file) judges the exported programs when the exercise has rules for them.
    `first`: its answers to the first cases, already asked for; `pending`: its
    programs, already exported (see `start_observing`); `ahead`: the cases a later run
    will ask for (see `Child.call_many`)."""
    calls = [c.args for c in cases]
    if pending is None:
        pending = start_observing(child, config, cases, clean)
    first = first or []
    rest = calls[len(first) :]
    run = Run(
        first + (_answers(child.call_many(rest, ahead=[c.args for c in ahead])) if rest else [])
    )
    if pending is None:
        return run
    try:
        found = pending.result()
    except LearnerRaised as raised:
        entry = known(raised.info)  # said in the learner's terms where the catalogue can
        first_line = next(iter(str(raised.info.get("message", "")).splitlines()), "")
        run.export_error = (
            entry.words if entry else f"{raised.info.get('type')}: {first_line[:300]}"
        )
        return run
    run.facts, run.program_values = found.facts, found.values
    return run


def start_observing(
    child: Child,
    config: dict,
    cases: list[Case],
    clean: Child | None,
    more: list[tuple] | None = None,
) -> Exported | None:
    """Export the loaded function's programs first, when the exercise has rules for
    them, so that the clean child compiles them while `child` answers the calls (on two
    cores, the two compiles of each shape side by side); None when there are none.
    `more`: calls the programs answer too (see `start_programs`)."""
    if not needs_programs(config) or not cases:
        if clean is not None:
            clean.kill()
        return None
    # XLA's count of a program's memory is the whole program's: a rule on it asks for it
    whole = bool((config.get("structure") or {}).get("memory"))
    return start_programs(child, clean, [c.args for c in cases], _rows(config), more, whole)


def answered_by_programs(pending: Exported | None) -> Run | None:
    """The learner's answers from its own exported programs, run in the clean child,
    where a call would do nothing more (`Exported.pure`) and every program passed the
    screen: the learner's child then compiles nothing. None: ask for calls."""
    if pending is None or not pending.pure:
        return None
    found = pending.result()
    if not all(f.get("ok") is True for f in found.facts):
        return None
    return Run(list(found.values), found.facts, found.values)


_CACHE: dict[str, Run] = {}
_CACHE_LOCK = threading.Lock()
# every check draws new hidden cases, so a long session would add runs without end;
# a lint of a large pack stays far below this
_CACHE_SIZE = 256


def _key(source: str, function: str, config: dict, cases: list[Case], programs: bool) -> str:
    return hashlib.sha256(
        json.dumps(
            [source, function, config, [fingerprint(c.args) for c in cases], programs],
            sort_keys=True,
            default=str,
        ).encode()
    ).hexdigest()


def remembered(source: str, function: str, config: dict, cases: list[Case]) -> bool:
    """Whether a run of `source` on `cases` (without programs) is remembered: free."""
    with _CACHE_LOCK:
        return _key(source, function, config, cases, False) in _CACHE


def answers_of(
    p: Prepared,
    source: str,
    filename: str,
    cases: list[Case],
    spawn: Callable[[Limits], Child],
    trusted: TrustedChild | None,
    ahead: Sequence[Case] = (),
) -> Run:
    """A trusted program's answers on `cases` (the reference's, a mutant's, a
    variant's), without its exported programs, which only the learner's rules need."""
    return run_program(
        source,
        p.function,
        p.config,
        cases,
        p.limits,
        filename,
        programs=False,
        spawn=spawn,
        shared=trusted,
        ahead=ahead,
    )


def run_program(
    source: str,
    function: str,
    config: dict,
    cases: list[Case],
    limits: Limits,
    filename: str,
    programs: bool = True,
    spawn: Callable[[Limits], Child] = Child,
    shared: TrustedChild | None = None,
    ahead: Sequence[Case] = (),
) -> Run:
    """Run a trusted program (the reference or a mutant) in `shared`'s child, or one from
    `spawn`, and judge its exported programs in another (`shared`'s judge, or a fresh
    one) when the exercise needs them. Runs are remembered by source and cases, so
    proving a lesson starts each program once. `ahead`: the cases a later run of it
    will have (the hidden ones, after the fixed): a Python int that takes a new value
    there is traced from the first run on, so the later one compiles nothing (a second
    compile of the reference is what a cold check would otherwise wait for)."""
    programs = programs and needs_programs(config)
    key = _key(source, function, config, cases, programs)
    with _CACHE_LOCK:
        if key in _CACHE:
            return _CACHE[key]
    with contextlib.ExitStack() as stack:
        if shared is not None:
            stack.enter_context(shared.lock)  # one program at a time in it
            with _CACHE_LOCK:  # the same run, started ahead, may have held the lock
                if key in _CACHE:
                    return _CACHE[key]
            child = shared.child(limits)  # raises once closed: a check that ended starts no more
            clean = shared.judge(limits) if programs else None
        else:
            child = stack.enter_context(spawn(limits))
            clean = stack.enter_context(spawn(limits)) if programs else None  # starts meanwhile
            for trusted in (child, clean):
                if trusted is not None:
                    trusted.role = "lesson"
        loaded = child.load(source, filename, function)
        if loaded.get("ok") is not True:
            what = loaded.get("message") or f"no function named `{function}`"
            return Run([], load_error=f"{loaded.get('type', 'error')}: {what}")
        try:
            run = observe(child, config if programs else {}, cases, clean, ahead=ahead)
        except BaseException:
            if clean is not None:  # a kept judge may still be judging: the next gets a new one
                clean.kill()
            raise
    with _CACHE_LOCK:
        _CACHE[key] = run
        while len(_CACHE) > _CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]  # the oldest run
    return run

"""Which of a generic exercise's mutants run, and when: a mutant that cannot share the
learner's exception never runs, the others first on the fixed cases (remembered from
check to check), and on every case only where those agree with the learner's answers."""

from __future__ import annotations

import re

from jaxtutor.oracles.cases import fingerprint
from jaxtutor.oracles.evidence import without_comments
from jaxtutor.oracles.generic import runs  # runs.run_program at call time: one patch sees every run
from jaxtutor.oracles.generic.cases import Prepared
from jaxtutor.oracles.generic.compare import differences
from jaxtutor.oracles.generic.runs import Raised, Run
from jaxtutor.runner.host.pool import TrustedChild


def _first_run(p: Prepared, mutant: dict, spawn, trusted: TrustedChild | None) -> Run:
    """A mutant's answers on the fixed cases only (a prefix of every check's cases, so
    they are a prefix of its answers on all of them)."""
    return runs.answers_of(
        p, mutant["code"], f"mutant_{mutant['id']}.py", p.shown, spawn, trusted, p.hidden
    )


def _whole_run(p: Prepared, mutant: dict, spawn, trusted: TrustedChild | None) -> Run:
    """A mutant's run on every case, with its programs: one call for `recognise` and the
    head starts (`_likely`, `_likely_by_export`), so a run started ahead is the one
    remembered for it."""
    return runs.run_program(
        mutant["code"],
        p.function,
        p.config,
        p.cases,
        p.limits,
        f"mutant_{mutant['id']}.py",
        spawn=spawn,
        shared=trusted,
    )


def _agrees(p: Prepared, answers: list, first: Run) -> bool:
    """Whether a mutant's answers on the fixed cases are the learner's."""
    n = min(len(answers), len(p.shown))  # all or the first, up to an exception
    return (
        not first.load_error
        and len(first.answers) == len(p.shown)
        and not any(differences(answers[:n], first.answers[:n], [p.config] * n))
    )


_EXPORT_RAISES: dict[tuple, str | None] = {}  # (mutant, function, first case): error type


def _export_raises(p: Prepared, mutant: dict, trusted: TrustedChild | None) -> str | None:
    """The type of the error a mutant's export on the first fixed case raises (None when
    it exports), asked of the trusted child once per process."""
    key = (mutant["code"], p.function, fingerprint(p.shown[0].args))
    if key not in _EXPORT_RAISES and trusted is not None:
        with trusted.lock:
            child = trusted.child(p.limits)
            loaded = child.load(mutant["code"], f"mutant_{mutant['id']}.py", p.function)
            (exported,) = child.export([p.shown[0].args]) if loaded.get("ok") is True else [{}]
        _EXPORT_RAISES[key] = None if exported.get("ok") is True else exported.get("type")
    return _EXPORT_RAISES.get(key)


def _likely_by_export(p: Prepared, raised: dict, spawn, trusted: TrustedChild | None) -> None:
    """Run on every case the first mutant whose export raises the error the learner's
    did, before the learner's answers say which mutant is likely (only a head start:
    `recognise` decides)."""
    for mutant in _suspects(p, [Raised(raised.get("type", ""), "", raised)]):
        if _export_raises(p, mutant, trusted) == raised.get("type"):
            _whole_run(p, mutant, spawn, trusted)
            return


def _likely(
    p: Prepared, suspects: list[dict], first: list, spawn, trusted: TrustedChild | None
) -> None:
    """Run on every case the first mutant that agrees with the learner's answers on
    the fixed cases, while the learner's child answers the others (recognise then
    finds that run remembered)."""
    for mutant in suspects:
        if _agrees(p, first, _first_run(p, mutant, spawn, trusted)):
            _whole_run(p, mutant, spawn, trusted)
            return


_RAISE = r"\braise\s+(?:[\w.]+\.)?{}\b"


def has_evidence(mutant: dict, code: str) -> bool:
    """Whether the learner's file (its comments left out) holds the construct the mutant's
    message speaks of (`needs`); a mutant that needs none names its answers alone."""
    return not mutant.get("needs") or bool(re.search(mutant["needs"], code, re.M))


def _suspects(p: Prepared, answers: list) -> list[dict]:
    """The mutants that could make the learner's mistake. An exception raised by the
    learner's own `raise` statement (the starter's NotImplementedError) carries the
    learner's own message, and errors match only on type and message (evidence.py):
    only a mutant that raises that type itself can share it."""
    own = set()
    for answer in answers:
        frames = answer.info.get("frames") if isinstance(answer, Raised) else None
        if frames and re.match(_RAISE.format(re.escape(answer.type)), frames[-1].get("text", "")):
            own.add(answer.type)
    return [
        m
        for m in p.mutants
        if all(re.search(_RAISE.format(re.escape(t)), without_comments(m["code"])) for t in own)
    ]

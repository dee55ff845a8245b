"""Mistakes declared with their evidence ([[exercise.mistakes]]): told by the learner's
exception, a probe's finding or the learner's code, where no mutant's answers fit."""

from __future__ import annotations

import re

from jaxtutor.oracles.generic.runs import Raised
from jaxtutor.verdict import Diagnosis


def declared(
    config: dict, code: str, error: Raised | None = None, probed: Diagnosis | None = None
) -> Diagnosis | None:
    """The first [[exercise.mistakes]] whose every piece of evidence is there: the
    learner's exception matches `error` (a mistake with an error pattern names only an
    exception, one with a probe only a wrong answer), the probes found `probe` (about
    `argument`), the file contains `code`. A probe's finding keeps its numbers."""
    for mistake in config.get("mistakes") or []:
        if mistake.get("error") and (
            error is None or not re.search(mistake["error"], f"{error.type}: {error.message}", re.S)
        ):
            continue
        if mistake.get("probe") and (
            error is not None or probed is None or probed.id != f"probe_{mistake['probe']}"
        ):
            continue
        if mistake.get("argument") and (
            probed is None or f"when {mistake['argument']} changes" not in probed.message
        ):
            continue
        if mistake.get("code") and not re.search(mistake["code"], code, re.M):
            continue
        if not any(mistake.get(k) for k in ("error", "probe", "code")):
            continue  # no evidence, no match (lint says so)
        said = (
            f"{mistake['message']} {probed.message}"
            if probed and mistake.get("probe")
            else mistake["message"]
        )
        return Diagnosis(mistake["id"], said, hint=mistake["hint"])
    return None

"""The oracles, by the name a lesson gives in `oracle = "..."`."""

from __future__ import annotations

import importlib

from jaxtutor.oracles.interface import Oracle

# name -> "module:Class"; imported only when a check needs it
_REGISTRY = {
    "scan_training_step": "jaxtutor.oracles.scan_training.oracle:ScanTrainingOracle",
    "argnums": "jaxtutor.oracles.argnums:ArgnumsOracle",
    "has_aux": "jaxtutor.oracles.has_aux.oracle:HasAuxOracle",
    "generic": "jaxtutor.oracles.generic.oracle:GenericOracle",
}


def names() -> list[str]:
    return sorted(_REGISTRY)


def get(name: str, settings: dict | None = None) -> Oracle:
    """The oracle `name`, with a variant's `settings` (ValueError: one it does not take,
    or a value it cannot use)."""
    module, _, cls = _REGISTRY[name].partition(":")
    oracle = getattr(importlib.import_module(module), cls)
    settings = settings or {}
    if unknown := sorted(set(settings) - set(oracle.settings)):
        takes = ", ".join(oracle.settings) or "none"
        raise ValueError(f"the {name} oracle takes no setting {unknown[0]!r} (it takes: {takes})")
    return oracle(**settings)

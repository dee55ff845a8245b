"""The cases of one check: the fixed ones as the TOML gives them, then hidden ones drawn
from the check's seed; and the check prepared, its cases with what runs them."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.generic.spec import _range
from jaxtutor.runner.host.limits import Limits


def _value(spec: dict, value):
    """A fixed case's value as the argument's dtype says."""
    dtype = spec.get("dtype", "float32")
    if dtype == "python_float":
        return float(value)
    if dtype == "python_int":
        return int(value)
    return np.asarray(value, dtype={"int32": np.int32, "bool": np.bool_}.get(dtype, np.float64))


def _random(spec: dict, rng, sizes: dict, wide: bool = False):
    dtype = spec.get("dtype", "float32")
    low, high = _range(spec, wide)
    shape = tuple(sizes[d] if isinstance(d, str) else d for d in spec.get("shape", []))
    if dtype == "python_float":
        return float(np.round(rng.uniform(low, high), 4))
    if dtype == "python_int":
        return int(rng.integers(int(low), int(high) + 1))
    if dtype == "int32":
        return rng.integers(int(low), int(high) + 1, size=shape).astype(np.int32)
    if dtype == "bool":
        return rng.random(size=shape) < 0.5
    return np.asarray(rng.uniform(low, high, size=shape))


def make_cases(config: dict, seed: int = 0) -> list[Case]:
    """The fixed cases, then the hidden ones drawn from `seed` (mixed with the lesson's
    own seed): random_cases from low..high, then wide_cases from the wide ranges."""
    args = config["args"]
    cases = []
    for i, fixed in enumerate(config.get("cases") or []):
        specs = (
            [dict(a, dtype=d) for a, d in zip(args, fixed["dtypes"])]
            if fixed.get("dtypes")
            else args
        )
        cases.append(
            Case(
                fixed.get("name", f"fixed case {i + 1}"),
                tuple(_value(a, v) for a, v in zip(specs, fixed["args"])),
                fixed.get("expected"),
            )
        )
    rng = np.random.default_rng([config.get("seed", 0), seed])
    choices = config.get("sizes") or {}
    names = tuple(a["name"] for a in args)
    wide = [False] * config.get("random_cases", 5) + [True] * config.get("wide_cases", 0)
    for number, is_wide in enumerate(wide, start=1):
        sizes = {name: int(rng.choice(c)) for name, c in sorted(choices.items())}
        values = tuple(_random(a, rng, sizes, is_wide) for a in args)
        cases.append(hidden_case(number, names, values))
    return cases


@dataclass
class Prepared:
    config: dict
    cases: list[Case]
    limits: Limits
    function: str
    reference_source: str
    mutants: list[dict] = field(default_factory=list)

    @property
    def shown(self) -> list[Case]:
        """The fixed cases (the first case when there are none): the same on every
        check, so a program's run on them is remembered from check to check."""
        return self.cases[: max(1, len(self.config.get("cases") or []))]

    @property
    def hidden(self) -> list[Case]:
        """The cases after the fixed ones, drawn afresh each check."""
        return self.cases[len(self.shown) :]


def prepare(exercise, seed: int = 0) -> Prepared:
    config = exercise.config
    return Prepared(
        config,
        make_cases(config, seed),
        Limits(timeout_s=exercise.timeout_s, memory_bytes=exercise.memory_mib * 1024**2),
        exercise.function,
        config.get("reference") or exercise.solution,
        list(config.get("mutants") or []),
    )

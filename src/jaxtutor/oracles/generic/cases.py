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


def _floats(spec: dict, rng, shape: tuple, wide: bool) -> np.ndarray:
    """Floats from low..high: uniform, or with `log_uniform` their sizes log-uniform
    (decades, from tiny to large), of either sign with `signed`."""
    low, high = _range(spec, wide)
    if not spec.get("log_uniform"):
        return rng.uniform(low, high, size=shape)
    sizes = np.exp(rng.uniform(np.log(low), np.log(high), size=shape))
    return sizes * (rng.choice([-1.0, 1.0], size=shape) if spec.get("signed") else 1.0)


def _random(spec: dict, rng, sizes: dict, wide: bool = False, edge=None):
    dtype = spec.get("dtype", "float32")
    low, high = _range(spec, wide)
    shape = tuple(sizes[d] if isinstance(d, str) else d for d in spec.get("shape", []))
    if edge is not None:  # the argument filled with one of its edge values
        return _value(spec, np.full(shape, edge).tolist() if shape else edge)
    if dtype == "python_float":
        value = float(_floats(spec, rng, (), wide))
        # to 4 decimals, as a learner would type it; to 4 digits when its size is drawn
        return float(f"{value:.4g}") if spec.get("log_uniform") else float(np.round(value, 4))
    if dtype == "python_int":
        return int(rng.integers(int(low), int(high) + 1))
    if dtype == "int32":
        return rng.integers(int(low), int(high) + 1, size=shape).astype(np.int32)
    if dtype == "bool":
        return rng.random(size=shape) < 0.5
    return np.asarray(_floats(spec, rng, shape, wide))


def is_range(choices) -> bool:
    return isinstance(choices, dict)


# where a range's large size may fall, as fractions of the way from its min to its max:
# few, so that a program's compiles for each (the reference's, the judge's of each
# mutant) are made by the lesson's warm-up and kept, where a size drawn anew on every
# check would be compiled on every check
LARGE_AT = (0.4, 0.6, 0.8, 1.0)


def large_sizes(choice: dict) -> list[int]:
    """A range's large sizes, one per LARGE_AT, all above its lowest quarter."""
    low, high = int(choice["min"]), int(choice["max"])
    return [
        max(low + (high - low) // 4 + 1, round(low + f * (high - low))) if high > low else low
        for f in LARGE_AT
    ]


def draw_sizes(choices: dict, rng, large_at: int | None = None) -> list[dict]:
    """The size assignments one check's random cases take turns with. A size given as
    a list is picked from it per case, as before; one given as a range {min, max} is
    taken twice per check, at its min (the edge: one example, one batch) and large (one
    of its large_sizes, the same point of each range, drawn per check unless
    `large_at` picks it), since each new shape costs the learner's function a compile:
    two assignments, whatever the number of cases. (The sizes between are searched when
    a case fails: the smallest failing case.)"""
    ranges = {name: c for name, c in sorted(choices.items()) if is_range(c)}
    if not ranges:
        return []
    at = int(rng.integers(len(LARGE_AT))) if large_at is None else large_at
    small = {name: int(c["min"]) for name, c in ranges.items()}
    large = {name: large_sizes(c)[at] for name, c in ranges.items()}
    return [small, large]


def make_cases(config: dict, seed: int = 0, large_at: int | None = None) -> list[Case]:
    """The fixed cases, then the hidden ones drawn from `seed` (mixed with the lesson's
    own seed): random_cases from low..high, wide_cases from the wide ranges, then one
    case per edge value of each argument. `large_at`: see draw_sizes."""
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
    turns = draw_sizes(choices, rng, large_at)
    kinds: list[tuple[bool, tuple | None]] = [(False, None)] * config.get("random_cases", 5)
    kinds += [(True, None)] * config.get("wide_cases", 0)
    kinds += [(False, (i, edge)) for i, a in enumerate(args) for edge in a.get("edges") or []]
    for number, (is_wide, edge) in enumerate(kinds, start=1):
        sizes = dict(turns[(number - 1) % len(turns)]) if turns else {}
        sizes.update(
            {name: int(rng.choice(c)) for name, c in sorted(choices.items()) if not is_range(c)}
        )
        values = tuple(
            _random(a, rng, sizes, is_wide, edge[1] if edge and edge[0] == i else None)
            for i, a in enumerate(args)
        )
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
    seed: int = 0  # the check's, which drew the hidden cases

    @property
    def shown(self) -> list[Case]:
        """The fixed cases (the first case when there are none): the same on every
        check, so a program's run on them is remembered from check to check."""
        return self.cases[: max(1, len(self.config.get("cases") or []))]

    @property
    def hidden(self) -> list[Case]:
        """The cases after the fixed ones, drawn afresh each check."""
        return self.cases[len(self.shown) :]


def prepare(exercise, seed: int = 0, large_at: int | None = None) -> Prepared:
    config = exercise.config
    return Prepared(
        config,
        make_cases(config, seed, large_at),
        Limits(timeout_s=exercise.timeout_s, memory_bytes=exercise.memory_mib * 1024**2),
        exercise.function,
        config.get("reference") or exercise.solution,
        list(config.get("mutants") or []),
        seed,
    )

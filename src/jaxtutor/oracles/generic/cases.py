"""The cases of one check: the fixed ones as the TOML gives them, then hidden ones drawn
from the check's seed; and the check prepared, its cases with what runs them."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from jaxtutor.course.lessons import drawn_range
from jaxtutor.oracles.cases import Case, hidden_case
from jaxtutor.oracles.generic import edges
from jaxtutor.oracles.generic.spec import RANDOM_CASES
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
    low, high = drawn_range(spec, wide)
    if not spec.get("log_uniform"):
        return rng.uniform(low, high, size=shape)
    sizes = np.exp(rng.uniform(np.log(low), np.log(high), size=shape))
    return sizes * (rng.choice([-1.0, 1.0], size=shape) if spec.get("signed") else 1.0)


def _random(spec: dict, rng, sizes: dict, wide: bool = False, edge=None):
    dtype = spec.get("dtype", "float32")
    low, high = drawn_range(spec, wide)
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


# the shapes a check compiles when the exercise has ranges of sizes: each range at its
# min (one example, one batch), at its max, and at a size drawn between them
SHAPES = ("min", "max", "mid")


def draw_sizes(choices: dict, rng, fixed_mid: bool = False) -> list[tuple[str, dict]]:
    """The shapes one check's hidden cases are drawn at, as (which, sizes): every range
    at its min, at its max and at one size drawn uniformly between them (all the ranges
    alike: three compiles of the learner's function, whatever the number of cases);
    `fixed_mid` takes the middle one halfway, for a warm-up. A size given as a list is
    its smallest at the min, its largest at the max, and one picked from it between.
    Without ranges, one shape."""
    ranges = {name: c for name, c in sorted(choices.items()) if is_range(c)}
    lists = {name: c for name, c in sorted(choices.items()) if not is_range(c)}
    if not ranges:
        return [("mid", {name: int(rng.choice(c)) for name, c in lists.items()})]
    share = 0.5 if fixed_mid else float(rng.random())
    shapes: list[tuple[str, dict]] = []
    for which in SHAPES:
        sizes = {}
        for name, c in ranges.items():
            low, high = int(c["min"]), int(c["max"])
            inner = (low + 1, high - 1) if high - low >= 2 else (low, high)
            sizes[name] = {
                "min": low,
                "max": high,
                "mid": inner[0] + min(int(share * (inner[1] - inner[0] + 1)), inner[1] - inner[0]),
            }[which]
        for name, c in lists.items():
            picked = int(rng.choice(c))  # drawn at every shape: the rest of the draw stays
            sizes[name] = {"min": min(c), "max": max(c)}.get(which, picked)
        if all(sizes != other for _, other in shapes):  # a range of one size is one shape
            shapes.append((which, sizes))
    return shapes


def _shape_words(which: str, sizes: dict, ranged: bool) -> str:
    """A shape in words, the same on every check (a passing verdict says nothing of its
    draw): the ranges' ends by their sizes, the size drawn between them as such."""
    if which == "mid":
        return "sizes drawn between" if ranged else ""
    return ", ".join(f"{name}={n}" for name, n in sizes.items())


def make_cases(config: dict, seed: int = 0, fixed_mid: bool = False) -> list[Case]:
    """The fixed cases, then the hidden ones drawn from `seed` (mixed with the lesson's
    own seed). For each shape (see draw_sizes): random_cases from low..high,
    wide_cases from the wide ranges, one case per edge value of each argument, and
    every declared edge, invariant and amplifier (see edges.py) that applies there. All
    of a shape's cases share one compiled program, so they cost calls, not compiles."""
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
    names = tuple(a["name"] for a in args)
    number = 0
    ranged = any(is_range(c) for c in (config.get("sizes") or {}).values())
    for which, sizes in draw_sizes(config.get("sizes") or {}, rng, fixed_mid):
        # (wide, an argument's edge value, a declared table and its factor)
        kinds: list[tuple[bool, tuple | None, tuple | None]] = [(False, None, None)] * int(
            config.get("random_cases", RANDOM_CASES)
        )
        kinds += [(True, None, None)] * int(config.get("wide_cases", 0))
        kinds += [(False, (i, e), None) for i, a in enumerate(args) for e in a.get("edges") or []]
        kinds += [
            (False, None, (kind, table, factor))
            for kind, table in edges.made(config)
            if edges.applies(table, which)
            for _ in range(int(table.get("repeat", 1)))
            for factor in (table.get("at") or [1.0] if table.get("norm") else [1.0])
        ]
        for is_wide, edge, declared in kinds:
            number += 1
            values = [
                _random(a, rng, sizes, is_wide, edge[1] if edge and edge[0] == i else None)
                for i, a in enumerate(args)
            ]
            what, rtol, atol = "", None, None
            if declared is not None:
                kind, table, factor = declared
                values = edges.apply(table, values, args, rng, factor)
                what = str(table.get("name", ""))
                rtol, atol = edges.tolerance(kind, table)
                if kind == "invariants":
                    values = edges.exact_in_float32(values)
            case = hidden_case(number, names, tuple(values), what=what)
            case.rtol, case.atol, case.shape = rtol, atol, _shape_words(which, sizes, ranged)
            case.random = not is_wide and edge is None and declared is None
            cases.append(case)
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
    solution: str = ""  # the lesson's JAX solution: generated variants are made from it

    @property
    def shown(self) -> list[Case]:
        """The fixed cases (the first case when there are none): the same on every
        check, so a program's run on them is remembered from check to check."""
        return self.cases[: max(1, len(self.config.get("cases") or []))]

    @property
    def hidden(self) -> list[Case]:
        """The cases after the fixed ones, drawn afresh each check."""
        return self.cases[len(self.shown) :]


def prepare(exercise, seed: int = 0, fixed_mid: bool = False) -> Prepared:
    config = exercise.config
    return Prepared(
        config,
        make_cases(config, seed, fixed_mid),
        Limits(timeout_s=exercise.timeout_s, memory_bytes=exercise.memory_mib * 1024**2),
        exercise.function,
        config.get("reference") or exercise.solution,
        list(config.get("mutants") or []),
        seed,
        exercise.solution,
    )

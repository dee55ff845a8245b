"""A generic exercise's [exercise] keys, and what is wrong in one beyond their names and
types."""

from __future__ import annotations

import re

from jaxtutor.course.lessons import Key
from jaxtutor.oracles.values import ATOL, RTOL

DTYPES = {"float32", "float64", "int32", "bool", "python_float", "python_int"}

MISTAKE_KEYS = {
    "id": Key("string", "The mistake's id.", required=True),
    "message": Key(
        "string", "What the learner's code does, in the learner's terms.", required=True
    ),
    "hint": Key("string", "The hint aimed at this mistake.", required=True),
    "error": Key(
        "string",
        "Evidence: a regular expression the learner's exception, written "
        '"Type: message", must match (e.g. "TypeError: .*in-place item '
        'assignment").',
        default=None,
    ),
    "probe": Key(
        "string",
        "Evidence: what the answers show, a probe's id without its "
        'probe_ prefix (e.g. "ignored_argument", "sign_flipped", '
        '"divided_by_size").',
        default=None,
    ),
    "argument": Key("string", 'With probe = "ignored_argument": which argument.', default=None),
    "code": Key(
        "string",
        "Evidence too: a regular expression the learner's file must "
        "contain (comments are not searched).",
        default=None,
    ),
    "example": Key(
        "string",
        "A whole file making this mistake; `jaxtutor lint` proves it "
        "is recognised as this mistake and as no other.",
        required=True,
    ),
}
ARG_KEYS = {
    "name": Key("string", "The argument's name, used in messages.", required=True),
    "shape": Key(
        "array",
        "Its shape: integers, or names from `sizes` shared between arguments. [] is a scalar.",
        default=[],
    ),
    "dtype": Key(
        "string",
        "float32, float64, int32, bool, python_float or python_int "
        "(a plain Python number, not an array).",
        default="float32",
    ),
    "low": Key("float", "Smallest random value.", default=-1.0),
    "high": Key("float", "Largest random value.", default=1.0),
    "wide_low": Key(
        "float", "Smallest value in the wide cases (see wide_cases); default: low.", default=None
    ),
    "wide_high": Key(
        "float", "Largest value in the wide cases (see wide_cases); default: high.", default=None
    ),
    "log_uniform": Key(
        "boolean",
        "Draw the values' sizes log-uniformly from low..high (both above 0): as many "
        "values in each decade, from tiny to large (learning rates, gradients).",
        default=False,
    ),
    "signed": Key("boolean", "With log_uniform: give each value a random sign.", default=False),
    "edges": Key(
        "array",
        "Special values of this argument, each tried in a hidden case of its own, the "
        "whole argument filled with it: [0.0] is a zero gradient where a norm is "
        "divided by.",
        default=[],
    ),
}
PROPERTY_KEYS = {
    "kind": Key(
        "string",
        '"reorder" (reordering the examples, the rows of `args`, leaves the answer as '
        'it is, or with output = "permuted" reorders its rows the same way), "scale" '
        "(multiplying `args` by `factor` multiplies the answer by factor ** power) or "
        '"split" (the answer on all the rows of `args` is the sum of the answers on two '
        'parts, or with output = "concatenated" those answers one after the other) or '
        '"prefix" (the answer on the first rows of `args`, or its `entry`, is the start '
        "of the answer on all of them: a loop's history).",
        required=True,
    ),
    "args": Key("array", "The arguments the property changes, by name.", required=True),
    "output": Key(
        "string",
        'reorder: "same" or "permuted"; split: "sum" or "concatenated".',
        default=None,
    ),
    "factor": Key("float", "scale: what `args` are multiplied by.", default=-3.0),
    "power": Key("float", "scale: the answer is multiplied by factor ** power.", default=1.0),
    "entry": Key(
        "integer",
        "prefix: the entry of a tuple answer that holds one row per step (default: the "
        "whole answer).",
        default=None,
    ),
}
CASE_KEYS = {
    "name": Key("string", "What the case shows, as the learner sees it.", default="fixed case N"),
    "args": Key("array", "One value per argument: numbers or nested lists.", required=True),
    "dtypes": Key(
        "array",
        'Per-argument dtypes for this case only, e.g. ["python_int"] to '
        "pass a plain 2; default: each argument's dtype.",
        default=None,
    ),
    "expected": Key(
        "value",
        "The known answer; when given, the learner is compared with it "
        "(and lint checks the reference agrees).",
        default=None,
    ),
}
STRUCTURE_KEYS = {
    "must_contain": Key(
        "array",
        'What the learner\'s function must use: "jit" (it is '
        'itself jitted), "scan" (its result comes from a loop over its '
        'input\'s rows), "batched" (the rows of the first scan_over group reach its '
        "result only whole, as jax.vmap makes them: no loop over them, no row on its "
        'own), or a StableHLO op name such as "while".',
        default=[],
    ),
    "must_not_contain": Key("array", "What it must not use, in the same words.", default=[]),
    "scan_over": Key(
        "array",
        'The arguments whose rows a "scan" rule\'s lax.scan runs over, one list of '
        'argument names per scan: [["x_batches", "y_batches"]]; '
        '[["epoch_seeds"], ["X", "Y"]] for a scan over epoch_seeds whose body scans over '
        "batches made from the rows of X and Y. Default: the traced arguments whose "
        "leading size is that of the first one.",
        default=[],
    ),
    "message": Key("string", "Said to the learner when a structure test fails.", default=""),
}
MUTANT_KEYS = {
    "id": Key("string", "The misconception's id.", required=True),
    "message": Key(
        "string", "What the learner's code does, in the learner's terms.", required=True
    ),
    "hint": Key("string", "The hint aimed at this misconception.", required=True),
    "code": Key(
        "string", "The whole file a learner with this misconception would write.", required=True
    ),
    "needs": Key(
        "string",
        "A regular expression the learner's file (comments left out) must match for this "
        "mutant to be named: the construct its message speaks of (jnp\\.where, say). Without "
        "it, answers equal to the mutant's name it whatever the code.",
        default="",
    ),
}
KEYS = {
    "args": Key(
        "tables",
        "The function's arguments, in order ([[exercise.args]]).",
        required=True,
        items=ARG_KEYS,
    ),
    "sizes": Key(
        "table",
        "Named sizes for shapes: name = [choices], each random case picking one, or "
        "name = { min = 1, max = 48 }, a range taken twice each check, at its min and "
        "large (0.4, 0.6, 0.8 or all of the way to max, drawn each check), which the random "
        "cases take turns with (each new shape is a compile of the learner's function).",
        default={},
    ),
    "properties": Key(
        "tables",
        "Properties the function has whatever its inputs, checked by more calls of the "
        "learner's function on a hidden case ([[exercise.properties]]).",
        default=[],
        items=PROPERTY_KEYS,
    ),
    "random_cases": Key(
        "integer",
        "How many hidden random cases to draw on every run; their "
        "inputs are shown only when they fail.",
        default=5,
    ),
    "wide_cases": Key(
        "integer",
        "How many more hidden cases draw each argument from "
        "wide_low..wide_high: large values where the exercise stays exact in "
        "float32, so an answer that only holds for small numbers (a clipped "
        "gradient, say) fails.",
        default=0,
    ),
    "seed": Key(
        "integer",
        "Mixed into the seed of the hidden cases (each run draws its own; "
        "`check --seed` repeats one).",
        default=0,
    ),
    "cases": Key(
        "tables", "Fixed cases, checked first ([[exercise.cases]]).", default=[], items=CASE_KEYS
    ),
    "reference": Key(
        "string",
        "Source of a reference function with the same name, run in "
        "its own process; ideally plain NumPy.",
        default="the solution",
    ),
    "rtol": Key("float", "Relative tolerance.", default=RTOL),
    "atol": Key("float", "Absolute tolerance.", default=ATOL),
    "check_dtype": Key("boolean", "Also require the reference's output dtypes.", default=False),
    "structure": Key(
        "table", "Requirements on what the learner's function is made of.", table=STRUCTURE_KEYS
    ),
    "max_recompiles": Key(
        "integer",
        "Compilations allowed after the first case; cases "
        "should then share shapes and dtypes. 0: one program compiled "
        "for the first case must answer every case of its shapes.",
        default=None,
    ),
    "mutants": Key(
        "tables", "Named misconceptions ([[exercise.mutants]]).", default=[], items=MUTANT_KEYS
    ),
    "mistakes": Key(
        "tables",
        "Named mistakes told by their evidence instead of a mutant's "
        "answers: an error pattern, a probe's finding, code in the learner's "
        "file ([[exercise.mistakes]]); tried after the mutants.",
        default=[],
        items=MISTAKE_KEYS,
    ),
}


def problems(config: dict) -> list[tuple[tuple, str, str]]:
    """What is wrong in a generic exercise beyond key names and types, as
    (key path inside [exercise], problem, fix-it sentence)."""
    found: list[tuple[tuple, str, str]] = []
    args = config.get("args") or []
    sizes = config.get("sizes") or {}
    for name, choices in sizes.items():
        ranged = (
            isinstance(choices, dict)
            and set(choices) == {"min", "max"}
            and all(isinstance(c, int) and not isinstance(c, bool) for c in choices.values())
            and 0 <= choices["min"] <= choices["max"]
        )
        if not ranged and not (
            isinstance(choices, list)
            and choices
            and all(isinstance(c, int) and c >= 0 for c in choices)
        ):
            found.append(
                (
                    ("sizes", name),
                    f"size `{name}` must be a non-empty list of integers >= 0, or a range "
                    "{ min = ..., max = ... } with 0 <= min <= max",
                    f"Write for example `{name} = [1, 3, 5]` or `{name} = {{ min = 1, max = 48 }}`.",
                )
            )
    for i, arg in enumerate(args):
        if not isinstance(arg, dict):
            continue
        dtype = arg.get("dtype", "float32")
        if dtype not in DTYPES:
            found.append(
                (
                    ("args", i, "dtype"),
                    f"unknown dtype {dtype!r}",
                    f"Use one of: {', '.join(sorted(DTYPES))}.",
                )
            )
        shape = arg.get("shape", [])
        for dim in shape if isinstance(shape, list) else []:
            if isinstance(dim, str) and dim not in sizes:
                found.append(
                    (
                        ("args", i, "shape"),
                        f"shape names size `{dim}`, which [exercise.sizes] does not define",
                        f"Add `{dim} = [2, 3]` under [exercise.sizes], or write a number.",
                    )
                )
            elif not isinstance(dim, (int, str)) or isinstance(dim, bool):
                found.append(
                    (
                        ("args", i, "shape"),
                        "shape entries must be integers or size names",
                        'Write the shape like [3] or ["N", 2].',
                    )
                )
        if dtype.startswith("python") and shape:
            found.append(
                (
                    ("args", i, "shape"),
                    "a Python number has no shape",
                    "Remove `shape`, or use an array dtype such as float32.",
                )
            )
        if arg.get("low", -1.0) > arg.get("high", 1.0):
            found.append(
                (
                    ("args", i, "low"),
                    "`low` is greater than `high`",
                    "Swap them so that low <= high.",
                )
            )
        if arg.get("log_uniform") and min(*_range(arg, False), *_range(arg, True)) <= 0:
            found.append(
                (
                    ("args", i, "log_uniform"),
                    "log_uniform draws sizes, so low and high (and the wide ones) must be above 0",
                    "Give the smallest size as low (say 1e-4) and use signed = true for signs.",
                )
            )
        edges = arg.get("edges") or []
        if not isinstance(edges, list) or not all(
            isinstance(e, (int, float)) and not isinstance(e, bool) for e in edges
        ):
            found.append(
                (
                    ("args", i, "edges"),
                    "edges must be a list of numbers",
                    "Write for example `edges = [0.0]`: each fills the argument in a case of its own.",
                )
            )
        if _range(arg, wide=True)[0] > _range(arg, wide=True)[1]:
            found.append(
                (
                    ("args", i, "wide_low"),
                    "the wide range is empty: `wide_low` is greater than `wide_high`",
                    "Give wide_low <= wide_high.",
                )
            )
    names = {arg.get("name") for arg in args if isinstance(arg, dict)}
    scan_over = (config.get("structure") or {}).get("scan_over") or []
    for i, group in enumerate(scan_over if isinstance(scan_over, list) else [scan_over]):
        if not (
            isinstance(group, list) and group and all(isinstance(n, str) for n in group)
        ) or any(n not in names for n in group):
            found.append(
                (
                    ("structure", "scan_over", i),
                    "each entry of scan_over must be a list of the exercise's argument names",
                    'Write for example scan_over = [["x_batches", "y_batches"]].',
                )
            )
    for i, case in enumerate(config.get("cases") or []):
        if isinstance(case, dict) and isinstance(case.get("dtypes"), list):
            if len(case["dtypes"]) != len(args):
                found.append(
                    (
                        ("cases", i, "dtypes"),
                        "give one dtype per declared argument",
                        f"List {len(args)} dtype(s), in the order of [[exercise.args]].",
                    )
                )
            for dtype in case["dtypes"]:
                if dtype not in DTYPES:
                    found.append(
                        (
                            ("cases", i, "dtypes"),
                            f"unknown dtype {dtype!r}",
                            f"Use one of: {', '.join(sorted(DTYPES))}.",
                        )
                    )
        if (
            isinstance(case, dict)
            and isinstance(case.get("args"), list)
            and len(case["args"]) != len(args)
        ):
            found.append(
                (
                    ("cases", i, "args"),
                    f"this case gives {len(case['args'])} "
                    f"argument(s) but [[exercise.args]] declares {len(args)}",
                    "Give one value per declared argument, in order.",
                )
            )
    if not config.get("cases") and config.get("random_cases", 5) < 1:
        found.append(
            (
                ("random_cases",),
                "the exercise has no cases at all",
                "Set random_cases to 1 or more, or add [[exercise.cases]].",
            )
        )
    arg_names = [a.get("name") for a in args if isinstance(a, dict)]
    outputs = {
        "reorder": ("same", "permuted"),
        "split": ("sum", "concatenated"),
        "scale": (),
        "prefix": (),
    }
    for i, prop in enumerate(config.get("properties") or []):
        if not isinstance(prop, dict):
            continue
        kind = prop.get("kind")
        if kind not in outputs:
            found.append(
                (
                    ("properties", i, "kind"),
                    f"unknown kind of property {kind!r}",
                    f"Use one of: {', '.join(outputs)}.",
                )
            )
            continue
        unknown = [n for n in prop.get("args") or [] if n not in arg_names]
        if unknown or not prop.get("args"):
            found.append(
                (
                    ("properties", i, "args"),
                    f"the property names no argument, or unknown ones: {unknown}",
                    f"Name arguments of [[exercise.args]]: {', '.join(map(str, arg_names))}.",
                )
            )
        if prop.get("output") is not None and prop["output"] not in outputs[kind]:
            found.append(
                (
                    ("properties", i, "output"),
                    f"a {kind} property's output is one of {list(outputs[kind])}"
                    if outputs[kind]
                    else f"a {kind} property has no output",
                    "Fix or remove `output`.",
                )
            )
        if prop.get("entry") is not None and (kind != "prefix" or prop["entry"] < 0):
            found.append(
                (
                    ("properties", i, "entry"),
                    "`entry` is the index of an answer's entry, for a prefix property only",
                    "Fix or remove `entry`.",
                )
            )
    ids = [m.get("id") for m in config.get("mutants") or [] if isinstance(m, dict)]
    for i, mutant_id in enumerate(ids):
        if mutant_id in ids[:i]:
            found.append(
                (
                    ("mutants", i, "id"),
                    f"mutant id {mutant_id!r} is used twice",
                    "Give every mutant its own id.",
                )
            )
    for i, mutant in enumerate(config.get("mutants") or []):
        if isinstance(mutant, dict) and isinstance(mutant.get("needs"), str):
            try:
                re.compile(mutant["needs"])
            except re.error as problem:
                found.append(
                    (
                        ("mutants", i, "needs"),
                        f"not a regular expression: {problem}",
                        "Escape ( ) [ ] . * + ? with a backslash to match them as text.",
                    )
                )
    for i, mistake in enumerate(config.get("mistakes") or []):
        if not isinstance(mistake, dict):
            continue
        if mistake.get("id") in ids:
            found.append(
                (
                    ("mistakes", i, "id"),
                    f"id {mistake.get('id')!r} is also a mutant's",
                    "Give every mistake its own id.",
                )
            )
        ids.append(mistake.get("id"))
        if not any(mistake.get(k) for k in ("error", "probe", "code")):
            found.append(
                (
                    ("mistakes", i),
                    "a mistake without evidence would match anything",
                    "Give it an error pattern, a probe or a code pattern.",
                )
            )
        for key in ("error", "code"):
            if isinstance(mistake.get(key), str):
                try:
                    re.compile(mistake[key])
                except re.error as problem:
                    found.append(
                        (
                            ("mistakes", i, key),
                            f"not a regular expression: {problem}",
                            "Escape ( ) [ ] . * + ? with a backslash to match them as text.",
                        )
                    )
    return found


def _range(spec: dict, wide: bool) -> tuple[float, float]:
    low, high = float(spec.get("low", -1.0)), float(spec.get("high", 1.0))
    if wide:
        low = float(spec["wide_low"]) if spec.get("wide_low") is not None else low
        high = float(spec["wide_high"]) if spec.get("wide_high") is not None else high
    return low, high

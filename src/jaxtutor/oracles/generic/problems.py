"""What is wrong in a generic exercise beyond its keys' names and types (spec.py), as
`jaxtutor lint` reports it."""

from __future__ import annotations

import re

from jaxtutor.course.lessons import drawn_range
from jaxtutor.oracles.generic import edges, parts
from jaxtutor.oracles.generic.spec import DTYPES, RANDOM_CASES


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
        if arg.get("log_uniform") and min(*drawn_range(arg, False), *drawn_range(arg, True)) <= 0:
            found.append(
                (
                    ("args", i, "log_uniform"),
                    "log_uniform draws sizes, so low and high (and the wide ones) must be above 0",
                    "Give the smallest size as low (say 1e-4) and use signed = true for signs.",
                )
            )
        values = arg.get("edges") or []
        if not isinstance(values, list) or not all(
            isinstance(e, (int, float)) and not isinstance(e, bool) for e in values
        ):
            found.append(
                (
                    ("args", i, "edges"),
                    "edges must be a list of numbers",
                    "Write for example `edges = [0.0]`: each fills the argument in a case of its own.",
                )
            )
        if drawn_range(arg, wide=True)[0] > drawn_range(arg, wide=True)[1]:
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
    memory = (config.get("structure") or {}).get("memory") or {}
    if memory and not (
        isinstance(memory, dict)
        and set(memory) == {"of", "at_most"}
        and memory.get("of") in names
        and isinstance(memory.get("at_most"), (int, float))
        and not isinstance(memory.get("at_most"), bool)
        and memory["at_most"] > 0
    ):
        found.append(
            (
                ("structure", "memory"),
                "memory takes `of`, an argument's name, and `at_most`, a positive number",
                'Write for example memory = { of = "xs", at_most = 2.0 }.',
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
    found += edges.problems(config)
    reference = config.get("reference") or config.get("solution")
    if isinstance(reference, str) and isinstance(config.get("function"), str):
        for line, made_from in edges.undeclared(config, reference, config["function"]):
            said = ", ".join(f"`{n}`" for n in sorted(made_from))
            found.append(
                (
                    ("reference" if config.get("reference") else "solution",),
                    f"the reference compares values made from {said} (its line {line}), "
                    "and no [[exercise.edges]] moves them to that comparison's edge",
                    "Declare the decision point, so that every check draws both sides of it: "
                    '[[exercise.edges]] with name = "..." and entries, set, sign, scale or '
                    "norm for one of those arguments (docs/authoring.md, Edges).",
                )
            )
    if not config.get("cases") and config.get("random_cases", RANDOM_CASES) < 1:
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
    found += parts.problems(config)
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

"""The cases an exercise declares beyond random draws: its edges (both sides of every
comparison the task makes), its invariants (inputs where the answer is exact, compared
far tighter than the general tolerance) and its amplifiers (inputs where a small drift
per step grows past it). Each is a change made to a drawn case, in every shape the check
compiles, so they cost values, not compiles."""

from __future__ import annotations

import ast

import numpy as np

from jaxtutor.course.lessons import Key

MADE_KEYS = {
    "name": Key("string", "What the case shows, in the learner's words.", required=True),
    "set": Key(
        "table",
        'Arguments filled whole with one value: { g = 0.0 }; "low" or "high" take the '
        "end of the argument's range; a list gives an argument of a fixed shape whole: "
        "{ x = [0.0, 10.0, 0.0] }.",
        default={},
    ),
    "entries": Key(
        "table",
        "Values put among ordinary drawn entries, each at a position of its own (the rest "
        "stay as drawn): { x = [0.0, 1e-7, -1e-7] } puts a zero beside tiny positive and "
        "negative entries.",
        default={},
    ),
    "sign": Key(
        "table",
        "Every entry of these arguments made of one sign: { x = -1 } (all negative; add "
        "0.0 to `entries` for non-positive).",
        default={},
    ),
    "norm": Key(
        "table",
        "An argument rescaled so that its Euclidean norm is another argument's value "
        '(or a number) times each factor of `at`: { g = "max_norm" }.',
        default={},
    ),
    "at": Key(
        "array",
        "With `norm`: the factors, one case each, e.g. [0.999, 1.0, 1.001] for just under, "
        "at and just over.",
        default=[1.0],
    ),
    "scale": Key(
        "table",
        "Arguments multiplied by a number after the draw: { X = 1e-3 } keeps every "
        "gradient far below a clip bound.",
        default={},
    ),
    "ties": Key(
        "array", "Arguments whose entries all take one drawn value: a tie everywhere.", default=[]
    ),
    "sizes": Key(
        "string",
        'The shapes it is drawn in: "all" (default), "max" (the ranges at their maximum: an '
        'amplifier\'s longest run) or "min".',
        default="all",
    ),
    "repeat": Key("integer", "How many cases of it per shape, each with new draws.", default=1),
    "rtol": Key("float", "Its relative tolerance (invariants: 0, exact).", default=None),
    "atol": Key("float", "Its absolute tolerance (invariants: 0, exact).", default=None),
}
KINDS = {
    "edges": "Both sides of a comparison the task makes ([[exercise.edges]]).",
    "invariants": "Inputs where the answer is exact ([[exercise.invariants]]); compared "
    "exactly unless rtol/atol say otherwise, on inputs exact in float32.",
    "amplifiers": "Inputs where a small difference per step grows past the tolerance "
    "([[exercise.amplifiers]]), such as the largest stable lr over the longest run.",
}
TRANSFORMS = ("set", "entries", "sign", "scale", "norm", "ties")

# the parts of a task that inputs take out of play (parts.py): a table of the same form
PART_KEYS = {
    **MADE_KEYS,
    "name": Key("string", 'The part, as the learner would name it: "the clipping".', required=True),
    "off": Key(
        "string",
        "How these inputs take the part out of play, in the learner's words: "
        '"inputs 1000 times smaller, so that no gradient reaches MAX_NORM".',
        required=True,
    ),
    "repeat": Key(
        "integer", "How many cases per shape, each with new draws (several: a fact).", default=3
    ),
    "fixed_sizes": Key(
        "table",
        "Named sizes these cases take whatever the check drew: { N = 1 } runs one step, "
        "so nothing carries to the next (a shape of its own: a compile more, on a failed "
        "check only).",
        default={},
    ),
}
PARTS_TEXT = (
    "Parts of the task that inputs can take out of play ([[exercise.parts]]): when an answer "
    "fails and no named mistake fits, the check runs it with each part out of play and says "
    "where the numbers part. A mutant says which part its mistake is in with `part`."
)


def made(config: dict) -> list[tuple[str, dict]]:
    """Every declared edge, invariant and amplifier, as (kind, table)."""
    return [(kind, t) for kind in KINDS for t in config.get(kind) or [] if isinstance(t, dict)]


def applies(table: dict, shape: str) -> bool:
    """Whether `table` is drawn in a shape that is the ranges' "min", "max" or "mid"."""
    return table.get("sizes", "all") in ("all", shape)


def tolerance(kind: str, table: dict) -> tuple[float | None, float | None]:
    """A made case's own tolerance: an invariant's is exact unless it says otherwise;
    None keeps the exercise's."""
    exact = 0.0 if kind == "invariants" else None
    rtol, atol = table.get("rtol"), table.get("atol")
    return (exact if rtol is None else rtol), (exact if atol is None else atol)


def apply(table: dict, values: list, specs: list[dict], rng, factor: float = 1.0) -> list:
    """The drawn `values` (one per argument, by `specs`) changed as `table` says;
    `factor`: the one of `at` this case takes."""
    names = [s["name"] for s in specs]
    out = list(values)

    def filled(i: int, value) -> object:
        spec = specs[i]
        if value in ("low", "high"):
            value = float(spec.get(value, -1.0 if value == "low" else 1.0))
        if spec.get("dtype", "float32") == "python_float":
            return float(value)
        if spec.get("dtype") == "python_int":
            return int(value)
        if isinstance(value, list):
            return np.asarray(value, dtype=np.asarray(out[i]).dtype).reshape(np.shape(out[i]))
        return np.full(np.shape(out[i]), value, dtype=np.asarray(out[i]).dtype)

    for name, value in (table.get("set") or {}).items():
        out[names.index(name)] = filled(names.index(name), value)
    for name in table.get("ties") or []:
        i = names.index(name)
        flat = np.asarray(out[i]).ravel()
        if flat.size:
            out[i] = np.full(np.shape(out[i]), flat[rng.integers(flat.size)])
    for name, by in (table.get("scale") or {}).items():
        i = names.index(name)
        out[i] = np.asarray(np.asarray(out[i], dtype=np.float64) * float(by))
    for name, sign in (table.get("sign") or {}).items():
        i = names.index(name)
        out[i] = np.asarray(np.abs(out[i]) * (1.0 if sign > 0 else -1.0))
    for name, extra in (table.get("entries") or {}).items():
        i = names.index(name)
        flat = np.array(out[i], dtype=np.asarray(out[i]).dtype).ravel()
        if flat.size:
            spots = rng.permutation(flat.size)
            for k, value in enumerate(extra):  # each at a spot of its own while there is room
                flat[spots[k % flat.size]] = value
            out[i] = flat.reshape(np.shape(out[i]))
    for name, of in (table.get("norm") or {}).items():
        i = names.index(name)
        target = float(np.asarray(out[names.index(of)])) if isinstance(of, str) else float(of)
        norm = float(np.sqrt(np.sum(np.square(np.asarray(out[i], dtype=np.float64)))))
        if norm > 0:
            out[i] = np.asarray(np.asarray(out[i], dtype=np.float64) * (target * factor / norm))
    python = {"python_float": float, "python_int": int}  # a Python number stays one
    return [python.get(s.get("dtype", ""), lambda v: v)(v) for s, v in zip(specs, out)]


def exact_in_float32(values: list) -> list:
    """Float arrays rounded to what float32 holds, so that the learner's float32 inputs
    are the reference's: an invariant compared exactly must not see a rounding."""
    return [
        np.asarray(v, dtype=np.float32).astype(np.float64)
        if isinstance(v, np.ndarray) and v.dtype.kind == "f"
        else v
        for v in values
    ]


def problems(config: dict) -> list[tuple[tuple, str, str]]:
    """What is wrong in the declared edges, invariants and amplifiers, as (key path,
    problem, fix-it sentence)."""
    found: list[tuple[tuple, str, str]] = []
    args = {a.get("name"): a for a in config.get("args") or [] if isinstance(a, dict)}
    for kind in (*KINDS, "parts"):  # a part's switch is a table of the same form
        for i, table in enumerate(config.get(kind) or []):
            if not isinstance(table, dict):
                continue
            if not any(table.get(t) for t in (*TRANSFORMS, "fixed_sizes")):
                found.append(
                    (
                        (kind, i),
                        "it changes no argument",
                        "Give it `set`, `entries`, `sign`, `scale`, `norm` or `ties`.",
                    )
                )
            for transform in TRANSFORMS:
                named = table.get(transform) or {}
                unknown = [n for n in named if n not in args]
                if unknown:
                    found.append(
                        (
                            (kind, i, transform),
                            f"it names no argument of the exercise: {', '.join(map(str, unknown))}",
                            f"Name arguments of [[exercise.args]]: {', '.join(map(str, args))}.",
                        )
                    )
            for name, of in (table.get("norm") or {}).items():
                if isinstance(of, str) and of not in args:
                    found.append(
                        (
                            (kind, i, "norm"),
                            f"the norm of `{name}` is set to `{of}`, which is no argument",
                            "Give an argument's name or a number.",
                        )
                    )
            for name, value in (table.get("set") or {}).items():
                shape = (args.get(name) or {}).get("shape", [])
                if isinstance(value, list) and (
                    any(isinstance(d, str) for d in shape)
                    or int(np.prod(shape)) != int(np.size(value))
                ):
                    found.append(
                        (
                            (kind, i, "set"),
                            f"`{name}` is set to a list of {np.size(value)}, but its shape "
                            f"is {shape}",
                            "A list sets an argument of a fixed shape, entry for entry.",
                        )
                    )
            if table.get("sizes", "all") not in ("all", "max", "min"):
                found.append(
                    ((kind, i, "sizes"), "sizes is one of all, max, min", 'Write sizes = "max".')
                )
    return found


# what decides between two answers: a comparison, or a call that compares inside
_COMPARING = {"where", "maximum", "minimum", "clip", "max", "min", "fmax", "fmin", "argmax"}
_ORDER = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)
_NOT_VALUES = {"shape", "size", "ndim", "dtype"}  # what compares sizes, not drawn values


def comparisons(source: str, function: str) -> list[tuple[int, set[str]]]:
    """Where the reference `function` compares drawn values: (line, the arguments the
    compared values are made from). Names are followed through assignments (a norm made
    from g is g's); a function defined inside takes what the outer one was given."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    top = next(
        (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == function), None
    )
    if top is None:
        return []
    params = {a.arg for a in top.args.args + top.args.kwonlyargs}
    made: dict[str, set[str]] = {p: {p} for p in params}
    for inner in ast.walk(top):
        if isinstance(inner, (ast.FunctionDef, ast.Lambda)) and inner is not top:
            made.update({a.arg: set(params) for a in inner.args.args})

    def deps(node: ast.AST) -> set[str]:
        if isinstance(node, ast.Attribute) and node.attr in _NOT_VALUES:
            return set()
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("len", "range"):
            return set()
        if isinstance(node, ast.Name):
            return set(made.get(node.id, set()))
        return set().union(*(deps(c) for c in ast.iter_child_nodes(node)))

    for _ in range(3):  # assignments in loops reach a fixed point quickly
        for node in ast.walk(top):
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.For)):
                value = node.iter if isinstance(node, ast.For) else node.value
                targets = [node.target] if not isinstance(node, ast.Assign) else node.targets
                if value is None:
                    continue
                for target in targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            made.setdefault(name.id, set()).update(deps(value))
    found = []
    for node in ast.walk(top):
        if isinstance(node, ast.Compare) and any(isinstance(op, _ORDER) for op in node.ops):
            args = deps(node)
        elif (
            isinstance(node, ast.Call)
            and (getattr(node.func, "attr", None) or getattr(node.func, "id", None)) in _COMPARING
        ):
            # e.max() compares e's entries; np.maximum(a, b) compares a and b
            receiver = [node.func.value] if isinstance(node.func, ast.Attribute) else []
            args = set().union(*(deps(a) for a in [*node.args, *receiver]))
        else:
            continue
        if args:
            found.append((node.lineno, args))
    return found


def covered(config: dict) -> set[str]:
    """The arguments some declared edge, invariant or amplifier moves."""
    names: set[str] = set()
    for _, table in made(config):
        for transform in TRANSFORMS:
            named = table.get(transform) or {}
            names |= set(named)
            if transform == "norm":
                names |= {of for of in named.values() if isinstance(of, str)}
    return names


def undeclared(config: dict, reference: str, function: str) -> list[tuple[int, set[str]]]:
    """The reference's comparisons of drawn values that no declared edge moves."""
    have = covered(config)
    return [(line, args) for line, args in comparisons(reference, function) if not args & have]

"""The facts the clean child reports about an exported program (see verify.py): whether
it is jitted, and for each group of arguments the loops over their rows and every other
way their rows reach what the program returns. The tutor's side judges them
(oracles/structure.py)."""

from __future__ import annotations

from fractions import Fraction

from jaxtutor.runner.inside.loop_walk import _run_function
from jaxtutor.runner.inside.program_parse import Refused, _all_ops
from jaxtutor.runner.inside.row_labels import _MAX_REPORTED, _Info, _shape, _used, _View, _Walk


def _jitted(functions: dict) -> bool:
    """The function is itself jitted: its program is one call of a jitted function,
    returned as it is."""
    ops = list(functions["main"].regions[0].blocks[0].operations)
    if len(ops) != 2 or ops[0].operation.name != "func.call":
        return False
    return list(ops[1].operands) == list(ops[0].results)


def _number(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


def _group_facts(walk: _Walk, group: int, size: int, result: frozenset) -> dict:
    loops = [
        {
            "id": number,
            "parent": loop.parent,
            "trip": loop.trip,
            "lo": float(read.lo),
            "hi": float(read.hi),
            "block": float(read.block),
            "backwards": read.backwards,
            "source": read.source,
            "carried": group in loop.carried,
            "paired": len(read.takes) == 1,
            "reaches": ("row", number, group) in result,
        }
        for number, loop in enumerate(walk.loops)
        if (read := loop.reads.get(group)) is not None
    ]
    uses = sorted(
        {label[2:] for label in result if label[0] == "use" and label[1] == group},
        key=repr,
    )
    return {
        "size": size,
        "loops": loops[:_MAX_REPORTED],
        "uses": [
            {"whole": w, "source": s, "lo": _number(lo), "hi": _number(hi), "where": where}
            for w, s, lo, hi, where in uses[:_MAX_REPORTED]
        ],
        "indexed": sorted(
            {label[2] for label in result if label[0] == "index" and label[1] == group}
        )[:_MAX_REPORTED],
    }


def facts(functions: dict, groups: list[list[int]]) -> dict:
    """What the program is made of. `groups`: positions of main's arguments whose rows a
    loop must run over, one list per loop asked for (outer loops first). For each group:
    its size (rows), every loop that reads its rows one per step (a scan over them) and
    whether what the program returns comes from that loop, and every other way their rows
    reach what it returns (see the labels above)."""
    main = functions["main"]
    arguments = list(main.regions[0].blocks[0].arguments)
    try:
        shapes = [_shape(argument) for argument in arguments]
    except Exception:
        raise Refused("program takes something other than arrays") from None
    group_of, sizes, args = {}, [], []
    for number, positions in enumerate(groups):
        size = None
        for i in positions:
            if 0 <= i < len(arguments) and i not in group_of and shapes[i]:
                group_of[i] = number
                size = shapes[i][0] if size is None else size
        sizes.append(size or 0)
    for i in range(len(arguments)):
        view = None
        if i in group_of:
            rows = Fraction(shapes[i][0])
            view = _View(group_of[i], "input", Fraction(0), rows, Fraction(1), Fraction(0), rows)
        args.append(_Info(frozenset({("arg", i)}), view))
    walk = _Walk(functions, group_of)
    outs, _ = _run_function(walk, "main", args, 0, [walk.numbers.fresh() for _ in args])
    result = frozenset().union(*(_used(walk, info) for info in outs))
    ops = {op.operation.name for f in functions.values() for op in _all_ops(f)}
    return {
        "jitted": _jitted(functions),
        "groups": [_group_facts(walk, g, sizes[g], result) for g in range(len(groups))],
        "loops": [
            {"id": number, "parent": loop.parent, "trip": loop.trip}
            for number, loop in enumerate(walk.loops[:_MAX_REPORTED])
        ],
        "ops": sorted(ops),
    }


# -- running a program ----------------------------------------------------------------

"""The walk through an exported program's functions, op by op, following what each
value is made of (row_labels.py) and which values are the same (value_numbers.py):
where rows of the batches are cut, in what order, and which loops take them one per
step."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from jaxtutor.runner.inside.program_parse import Refused
from jaxtutor.runner.inside.row_labels import (
    _COUNTER_OR_STACK,
    _ELEMENTWISE,
    _LOCAL,
    _captured,
    _constant_int,
    _cut,
    _defining,
    _Env,
    _Info,
    _ints,
    _Loop,
    _permuted,
    _Read,
    _shape,
    _strip,
    _used,
    _View,
    _Walk,
)

_MAX_DEPTH = 64  # nested calls


def _run_function(walk: _Walk, name: str, args: list, depth: int, numbers: list) -> tuple:
    """What the function returns, and the numbers of its results (value_numbers.py)."""
    if depth > _MAX_DEPTH:
        raise Refused("calls nested too deeply")
    function = walk.functions[name]
    block = function.regions[0].blocks[0]
    if len(block.arguments) != len(args):
        raise Refused("a call does not match its function")
    env = _Env(walk, zip(block.arguments, args), zip(block.arguments, numbers))
    return _run_block(walk, block, env, depth)


def _run_block(walk: _Walk, block, env, depth: int) -> tuple[list, list]:
    for op in block.operations:
        walk.visit()
        name = op.operation.name
        ins = [env.find(v) for v in op.operands]
        numbers = [env.number(v) for v in op.operands]
        if name == "func.return" or name == "stablehlo.return":
            return ins, numbers
        if name == "func.call":
            callee = op.attributes["callee"].value
            outs, numbers = _run_function(walk, callee, ins, depth + 1, numbers)
            if len(outs) != len(op.results):
                raise Refused("a call does not match its function")
        elif name == "stablehlo.optimization_barrier" and len(ins) == len(op.results):
            outs = ins  # jax.checkpoint's: the values as they are
        else:
            made = walk.numbers.of_op(op, numbers, env.number)
            if name == "stablehlo.while":
                outs = _while(walk, op, env, ins, numbers, depth + 1)
            elif name in ("stablehlo.case", "stablehlo.if"):
                outs = _branches(walk, op, env, ins, depth + 1)
            else:
                outs = _op(walk, op, name, env, ins, (numbers, made))
            numbers = made
        if outs:  # what an op depends on costs its size to follow: a huge one is refused
            walk.visit(len(outs[0].deps) // 16)
        env.update(zip(op.results, outs))
        env.numbers.update(zip(op.results, numbers))
    raise Refused("a block without a return")


def _op(walk: _Walk, op, name: str, env, ins: list, numbers: tuple) -> list:
    """`numbers`: the operands' and the results' (value_numbers.py)."""
    if name == "stablehlo.sort":  # remembered: the permutation of a jnp.arange it makes
        order = walk.numbers.sort_order(op, *numbers)
        if order is not None and ins[0].view is None and any([i.view for i in ins]):
            return _sorted(walk, op, env, ins, order)
    if name in _COUNTER_OR_STACK or any([info.view is not None for info in ins]):
        try:
            found = _rows_op(walk, op, name, ins, numbers[0])
        except Exception:  # an attribute or a type not as expected: an op like any other
            found = None
        if found is not None:
            return [found] * len(op.results)
    deps = frozenset().union(*(_used(walk, info) for info in ins))
    if len(op.regions):
        deps |= _captured(walk, op, env)
    return [_Info(deps)] * len(op.results)


def _sorted(walk: _Walk, op, env, ins: list, order: object) -> list:
    """A sort by its first operand alone: the rows of the others, reordered (what
    jax.random.permutation(key, y) makes of a 1-d y)."""
    keys = _used(walk, ins[0])
    plain = frozenset().union(keys, *(_used(walk, info) for info in ins[1:]))
    plain |= _captured(walk, op, env)
    return [
        _Info(keys | info.deps, _permuted(info.view, order)) if k and info.view else _Info(plain)
        for k, info in enumerate(ins)
    ]


def _rows_op(walk: _Walk, op, name: str, ins: list, numbers: list) -> _Info | None:
    """An op that keeps track of rows or of the counter, or None for a plain one."""
    if not ins or len(op.results) != 1:
        return None
    if len(op.regions) and name not in ("stablehlo.reduce", "stablehlo.scatter"):
        return None
    if name == "stablehlo.subtract" and (counter := _reversed_counter(walk, op, ins)):
        return counter
    if name in ("stablehlo.dynamic_update_slice", "stablehlo.scatter"):
        return _written(walk, op, ins)
    if ins[0].view is None and name != "stablehlo.concatenate" and name not in _ELEMENTWISE:
        return None
    out = _shape(op.results[0])
    if name == "stablehlo.dynamic_slice":
        return _dynamic_slice(walk, op, ins)
    if name == "stablehlo.slice":
        return _slice(op, ins)
    if name == "stablehlo.gather":
        return _gather(walk, op, ins, numbers[1])
    if name == "stablehlo.concatenate":
        return _concatenate(walk, op, ins)
    if not out:
        return None
    if name == "stablehlo.reshape":
        return _reshaped(ins[0], _shape(op.operands[0]), out)
    if name == "stablehlo.broadcast_in_dim":
        dims, before = _ints(op.attributes["broadcast_dimensions"]), _shape(op.operands[0])
        if math.prod(before) == math.prod(out) and dims == sorted(dims):
            return _reshaped(ins[0], before, out)  # only axes of size 1 added (jnp.stack)
        keeps = before and dims[0] == 0 and before[0] == out[0]
        return _Info(ins[0].deps, ins[0].view) if keeps else None
    if name == "stablehlo.reduce":  # over other axes than the rows: x.sum(axis=1)
        dims = _ints(op.attributes["dimensions"])
        if len(ins) != 2 or 0 in dims or ins[1].view is not None:
            return None
        return _Info(ins[0].deps | _used(walk, ins[1]), ins[0].view)
    if name == "stablehlo.transpose":
        keeps = _ints(op.attributes["permutation"])[0] == 0
        return _Info(ins[0].deps, ins[0].view) if keeps else None
    if name == "stablehlo.reverse":  # x[::-1] flips the rows; another axis keeps them
        flips = 0 in _ints(op.attributes["dimensions"])
        view = ins[0].view
        return _Info(ins[0].deps, dataclasses.replace(view, flipped=view.flipped != flips))
    if name in _ELEMENTWISE:
        views = {info.view for info in ins if info.view is not None}
        if len(views) != 1 or any(
            info.view is not None and _shape(value) != out for info, value in zip(ins, op.operands)
        ):
            return None
        deps = frozenset().union(*(info.deps if info.view else _used(walk, info) for info in ins))
        return _Info(deps, views.pop())
    return None


def _reshaped(held: _Info, before: tuple, after: tuple) -> _Info | None:
    """The same elements in the same order: a row of the result holds as many of the
    group's rows as it holds elements."""
    inner_before, inner_after = math.prod(before[1:]), math.prod(after[1:])
    if not before or not after or not inner_before or not inner_after:
        return None
    view = held.view
    return _Info(
        held.deps, dataclasses.replace(view, per=view.per * Fraction(inner_after, inner_before))
    )


def _exact(walk: _Walk, info: _Info) -> tuple[int, bool] | None:
    """(L, backwards) when the value is loop L's counter, or n-1 minus it, exactly."""
    if len(info.deps) != 1:
        return None
    (label,) = info.deps
    if label[0] in ("at", "back") and label[1] in walk.inside:
        return label[1], label[0] == "back"
    return None


def _reversed_counter(walk: _Walk, op, ins: list) -> _Info | None:
    """n - i, then (n - i) - 1: the row a reversed scan takes at step i."""
    found = _exact(walk, ins[1])
    if found is not None and not found[1]:
        c = _constant_int(op.operands[0])
        return None if c is None else _Info(frozenset({("minus", found[0], c)}))
    if len(ins[0].deps) == 1 and _constant_int(op.operands[1]) == 1:
        (label,) = ins[0].deps
        if label[0] == "minus" and label[1] in walk.inside:
            if label[2] == walk.loops[label[1]].trip:
                return _Info(frozenset({("back", label[1])}))
    return None


def _varies(walk: _Walk, deps: frozenset, loop: int) -> bool:
    """Whether a value changes from one step of the loop to the next."""
    inner = set(walk.inside[walk.inside.index(loop) :])
    return any(label[0] in _LOCAL and label[1] in inner for label in deps)


def _dynamic_slice(walk: _Walk, op, ins: list) -> _Info:
    held, view = ins[0], ins[0].view
    sizes, before = _ints(op.attributes["slice_sizes"]), _shape(op.operands[0])
    others = frozenset().union(*(_used(walk, info) for info in ins[2:]))
    first = _constant_int(op.operands[1])
    if first is not None:  # a cut at a fixed place (moved inside the array, as XLA does)
        first = min(max(first, 0), before[0] - sizes[0])
        return _Info(held.deps | others, _cut(view, first, sizes[0]))
    found = _exact(walk, ins[1])
    if found is not None and sizes[0] == 1 and not _varies(walk, held.deps, found[0]):
        return _own_row(walk, found, held, others)
    # a row picked by an index the program computes
    label = ("index", view.group, walk.where())
    return _Info(_strip(walk, held.deps, view.group) | _used(walk, ins[1]) | others | {label})


def _own_row(walk: _Walk, found: tuple[int, bool], held: _Info, others: frozenset) -> _Info:
    """Row i of a view made outside loop L, at its step i: what lax.scan gives its body."""
    loop, backwards = found
    view = held.view
    taken = _cut(view, 0, walk.loops[loop].trip or 0)
    backwards = backwards != view.flipped  # n-1-i of the flipped rows is row i
    source = "input" if view.source == "input" else "stacked"
    read = walk.loops[loop].reads.get(view.group)
    if read is None:
        read = _Read(taken.lo, taken.hi, view.per, backwards, source)
        walk.loops[loop].reads[view.group] = read
    else:
        read.lo, read.hi = min(read.lo, taken.lo), max(read.hi, taken.hi)
        read.block = max(read.block, view.per)
        read.backwards |= backwards
        read.source = "input" if "input" in (source, read.source) else source
    read.takes.add((view.order, backwards, view.lo, view.hi, view.per))
    return _Info(_strip(walk, held.deps, view.group) | others | {("row", loop, view.group)})


def _slice(op, ins: list) -> _Info | None:
    held, view = ins[0], ins[0].view
    start, limit = _ints(op.attributes["start_indices"]), _ints(op.attributes["limit_indices"])
    if _ints(op.attributes["strides"])[0] != 1:
        return None
    return _Info(held.deps, _cut(view, start[0], limit[0] - start[0]))


def _gather(walk: _Walk, op, ins: list, index: int) -> _Info:
    """x[order] keeps the rows (in another order); any other gather picks some of them."""
    held, view = ins[0], ins[0].view
    before, after = _shape(op.operands[0]), _shape(op.results[0])
    sizes = _ints(op.attributes["slice_sizes"])
    if (
        after
        and after[0] == before[0]
        and sizes[0] == 1
        and tuple(sizes[1:]) == tuple(before[1:])
        and ins[1].view is None
    ):
        by_rows = _by_rows(op)
        order = walk.numbers.index_order(index) if by_rows else ("index", walk.numbers.fresh())
        return _Info(held.deps | _used(walk, ins[1]), _permuted(view, order))
    label = ("index", view.group, walk.where())
    return _Info(_strip(walk, held.deps, view.group) | _used(walk, ins[1]) | {label})


def _by_rows(op) -> bool:
    """Whether each entry of a gather's index picks a whole row (x[order], jnp.take)."""
    from jax._src.lib.mlir.dialects import hlo

    try:
        numbers = hlo.GatherDimensionNumbers(op.attributes["dimension_numbers"])
        index, vector = _shape(op.operands[1]), numbers.index_vector_dim
    except Exception:  # not as expected: rows in an order never shown to be another's
        return False
    return (
        list(numbers.start_index_map) == [0]
        and list(numbers.collapsed_slice_dims) == [0]
        and not list(numbers.operand_batching_dims)
        and len(index) in (vector, vector + 1)
        and (len(index) == vector or index[vector] == 1)
    )


def _concatenate(walk: _Walk, op, ins: list) -> _Info | None:
    """Side by side (jnp.stack(..., axis=1)) the rows stay; one after the other, adjacent
    pieces of the same rows make one view."""
    views = [info.view for info in ins]
    held = {v for v in views if v is not None}
    if not held:
        return None
    deps = frozenset().union(*(info.deps if info.view else _used(walk, info) for info in ins))
    if op.attributes["dimension"].value != 0:
        return _Info(deps, held.pop()) if len(held) == 1 else None
    if None in views:
        return None
    first, last = views[0], views[-1]
    for before, after in zip(views, views[1:]):
        alike = (before.group, before.source, before.per, before.flipped, before.order)
        if alike != (after.group, after.source, after.per, after.flipped, after.order):
            return None
        if (before.lo != after.hi) if first.flipped else (before.hi != after.lo):
            return None
    if first.flipped:
        return _Info(deps, dataclasses.replace(first, lo=last.lo))
    return _Info(deps, dataclasses.replace(first, hi=last.hi))


def _written(walk: _Walk, op, ins: list) -> _Info | None:
    """A carry with this step's value written into it: a loop's stacked output (lax.scan's
    ys, or a buffer filled with .at[i].set)."""
    if ins[0].origin is None:
        return None
    deps = frozenset().union(*(_used(walk, info) for info in ins))
    return _Info(deps, stack=ins[0].origin)


def _branches(walk: _Walk, op, env, ins: list, depth: int) -> list:
    """lax.cond and lax.switch: what either branch returns."""
    if depth > _MAX_DEPTH:
        raise Refused("regions nested too deeply")
    chosen = frozenset().union(*(_used(walk, info) for info in ins))
    returned = []
    for region in op.regions:
        if len(region.blocks) != 1 or len(region.blocks[0].arguments):
            raise Refused("a branch with arguments")
        outs, _ = _run_block(walk, region.blocks[0], _Env(walk, outside=env), depth)
        if len(outs) != len(op.results):
            raise Refused("a branch does not match its op")
        returned.append(outs)
    return [
        _Info(chosen.union(*(_used(walk, outs[k]) for outs in returned)))
        for k in range(len(op.results))
    ]


def _counter(op) -> tuple[int, int] | None:
    """The position of the while loop's counter and its trip count, when the loop is
    `for i in range(start, stop)`: the condition is `i < stop` and the body adds 1."""
    cond = op.regions[0].blocks[0]
    body = op.regions[1].blocks[0]
    terminator = list(cond.operations)[-1]
    compare = _defining(terminator.operands[0]) if len(terminator.operands) == 1 else None
    if compare is None or compare.name != "stablehlo.compare":
        return None
    if "LT" not in str(compare.attributes["comparison_direction"]):
        return None
    lhs, rhs = compare.operands
    if lhs not in list(cond.arguments):
        return None
    index = list(cond.arguments).index(lhs)
    stop, start = _constant_int(rhs), _constant_int(op.operands[index])
    returned = list(body.operations)[-1].operands[index]
    step = _defining(returned)
    if stop is None or start is None or step is None or step.name != "stablehlo.add":
        return None
    a, b = step.operands
    counter = body.arguments[index]
    if not ((a == counter and _constant_int(b) == 1) or (b == counter and _constant_int(a) == 1)):
        return None
    return index, max(stop - start, 0)


def _while(walk: _Walk, op, env, ins: list, numbers: list, depth: int) -> list:
    if depth > _MAX_DEPTH:
        raise Refused("loops nested too deeply")
    cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
    if len(cond.arguments) != len(ins) or len(body.arguments) != len(ins):
        raise Refused("a loop does not match its operands")
    found = _counter(op)
    index = found[0] if found else None
    number = len(walk.loops)
    walk.loops.append(_Loop(walk.where(), found[1] if found else None))
    returned = list(list(body.operations)[-1].operands)
    if len(returned) != len(ins):
        raise Refused("a loop does not match its operands")
    moving, starts, held = [], [], []  # the carries; what the body receives, its numbers
    for k, (arg, out) in enumerate(zip(body.arguments, returned)):
        if k == index:
            starts.append(_Info(frozenset({("at", number)})))
        elif out == arg:  # the same at every step: xs, and what the body reads from around it
            starts.append(ins[k])
        else:
            moving.append(k)
            deps = _used(walk, ins[k]) | {("carry", number, k)}
            starts.append(_Info(deps, origin=(number, k)))
        held.append(numbers[k] if k != index and out == arg else walk.numbers.fresh())
    walk.inside.append(number)
    try:
        env_cond = _Env(walk, zip(cond.arguments, starts), zip(cond.arguments, held), env)
        tests, _ = _run_block(walk, cond, env_cond, depth)
        env_body = _Env(walk, zip(body.arguments, starts), zip(body.arguments, held), env)
        outs, _ = _run_block(walk, body, env_body, depth)
    finally:
        walk.inside.pop()
    if len(tests) != 1 or len(outs) != len(ins):
        raise Refused("a loop does not match its operands")
    try:
        leading = [(_shape(result) or (None,))[0] for result in op.results]
    except Exception:
        leading = [None] * len(ins)
    return _after(walk, number, index, ins, moving, outs, tests[0], leading)


def _after(
    walk: _Walk, number: int, index, ins: list, moving: list, outs: list, test, leading: list
) -> list:
    """What the loop returns: what each carry holds after any number of steps. A carry
    the body writes its step's value into (lax.scan's ys, .at[i].set) holds rows; so
    does one with a row per step of the loop that is made from the rows (a buffer filled
    with jnp.where): read back one row at a time, they are the rows again."""
    loop = walk.loops[number]

    def links(deps):
        return {label[2] for label in deps if label[0] == "carry" and label[1] == number}

    def outer(deps):
        return frozenset(label for label in deps if not (label[0] in _LOCAL and label[1] == number))

    walk.inside.append(number)  # what the body returns is used inside the loop
    returned = {k: _used(walk, outs[k]) for k in moving}
    walk.visit(sum(len(deps) for deps in returned.values()) // 16)
    walk.inside.pop()
    held = {k: _used(walk, ins[k]) | outer(returned[k]) for k in moving}
    feeds = {k: [j for j in links(returned[k]) if j in held and j != k] for k in moving}
    for _ in range(
        len(moving) + 1
    ):  # a carry's value reaches every carry after it in as many steps
        grown = False
        for k in moving:
            walk.visit(1 + sum(len(held[j]) for j in feeds[k]) // 16)  # unions cost their size
            more = held[k].union(*(held[j] for j in feeds[k]))
            if len(more) != len(held[k]):
                held[k], grown = more, True
        if not grown:
            break
    condition = outer(test.deps).union(*(held[j] for j in links(test.deps) if j in held))
    results = []
    for k, start in enumerate(ins):
        if k not in moving:
            results.append(start if k != index else _Info(condition))
            continue
        deps, view = held[k] | condition, None
        rows = [label[2] for label in outs[k].deps if label[0] == "row" and label[1] == number]
        stacked = outs[k].stack == (number, k)
        if not stacked:
            loop.carried.update(rows)
        if stacked or (loop.trip or 0) > 1 and leading[k] == loop.trip:  # a row of it per step
            for group in rows:
                read = loop.reads.get(group)
                if read is not None and view is None:
                    view = _View(group, number, read.lo, read.hi, read.block, read.lo, read.hi)
        results.append(_Info(deps, view))
    return results

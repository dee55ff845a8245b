"""Checking exported programs in a process that never ran learner code.

The learner's child exports its function (jax.export: traced and lowered to StableHLO,
never run there) once per input signature. A clean child, one that was never sent the
learner's file, gets those programs here and answers what the learner's process cannot
be trusted to answer about itself:

- is the function itself jitted (its program is one call of a jitted function)?
- how does what it returns get at the rows of the arguments the tutor names (the
  batches): through a loop that cuts exactly row i out of them at its step i, as
  lax.scan hands its body its xs (how many such loops, how many rows a step, whether a
  carry is updated from the row, whether the result comes from them), or by an index
  the program computes (x[i] in a while_loop, a fori_loop or a scan over jnp.arange),
  or by rows taken one at a time outside such a loop (a Python loop, which JAX unrolls
  into a copy of the step per row), or inside its body? The tutor's side judges these
  facts (oracles/structure.py); nothing here decides a verdict.
- what does the program return on each case (the trusted side compares with its
  reference, so a program must be correct, not only shaped right)?

A program may have been forged by the learner's code, so it is read as hostile: custom
calls outside a short allowlist are refused before anything is compiled (a Python
callback's custom call carries a pointer into the process that made it), and so are
host transfers, token arguments and function declarations without a body.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import hashlib
import math
from fractions import Fraction

import numpy as np

from jaxtutor.runner import wire
from jaxtutor.runner.inside import progress

# Custom calls a tutorial's program may need on CPU (LAPACK kernels for jnp.linalg),
# and sharding annotations, which compute nothing
_ALLOWED_PREFIXES = ("lapack_",)
_ALLOWED_TARGETS = {"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape"}
_REFUSED_OPS = {
    "stablehlo.send",
    "stablehlo.recv",
    "stablehlo.infeed",
    "stablehlo.outfeed",
    "stablehlo.create_token",
    "stablehlo.after_all",
}
_MAX_MODULE = wire.MAX_PROGRAM  # bytes of one program; a tutorial's are a few KiB
_MAX_VISITS = 200_000  # operations visited by the analysis (calls are followed inline)
_MAX_DEPTH = 64  # nested calls

_ELEMENT = {
    "f16": "float16",
    "f32": "float32",
    "f64": "float64",
    "i1": "bool",
    "i8": "int8",
    "i16": "int16",
    "i32": "int32",
    "i64": "int64",
    "ui8": "uint8",
    "ui16": "uint16",
    "ui32": "uint32",
    "ui64": "uint64",
}


_CONTEXT = []  # one MLIR context serves every program: making one is not free
_COMPILED = {}  # sha256 of a program -> its executable (a replay asks again for a shape)
_KEEP_COMPILED = 256


class Refused(Exception):
    """A program this process will not run or judge (the reason is for the tutor)."""


# -- reading a program ----------------------------------------------------------------


def _parse(module_bytes: bytes):
    from jax._src.interpreters import mlir
    from jax._src.lib import _jax

    if len(module_bytes) > _MAX_MODULE:
        raise Refused(f"program too large ({len(module_bytes)} bytes)")
    if not _CONTEXT:
        _CONTEXT.append(mlir.make_ir_context())
    context = _CONTEXT[0]
    with context:
        try:
            module = _jax.mlir.deserialize_portable_artifact(module_bytes)
        except Exception as exc:
            raise Refused(f"not a StableHLO program ({type(exc).__name__})") from None
    return context, module


def _functions(module) -> dict:
    functions = {}
    for op in module.body.operations:
        if op.operation.name != "func.func":
            raise Refused(f"unexpected top-level {op.operation.name}")
        name = op.attributes["sym_name"].value
        if not op.regions[0].blocks or len(op.regions[0].blocks) != 1:
            raise Refused(f"function {name} has no single body")
        functions[name] = op
    if "main" not in functions:
        raise Refused("no main function")
    return functions


def _all_ops(op):
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner
                yield from _all_ops(inner)


def _screen(functions: dict) -> None:
    """Refuse what must never run here: host callbacks, host transfers, tokens."""
    main = functions["main"]
    if any("token" in str(t) for t in main.type.inputs):
        raise Refused("program takes tokens")
    for function in functions.values():
        for op in _all_ops(function):
            name = op.operation.name
            if name in _REFUSED_OPS:
                raise Refused(f"program uses {name}")
            if name == "stablehlo.custom_call":
                target = op.attributes["call_target_name"].value
                if target not in _ALLOWED_TARGETS and not target.startswith(_ALLOWED_PREFIXES):
                    raise Refused(f"program calls custom target {target[:80]!r}")
            if name == "func.call" and op.attributes["callee"].value not in functions:
                raise Refused("program calls an unknown function")


# -- what the returned values are made of ---------------------------------------------
#
# The tutor names groups of main's arguments whose rows a loop must run over (the
# batches, or the epochs' seeds). Each value is followed as an _Info: the labels of what
# it depends on and, while it still holds rows of a group as they are (cut along its
# rows, reshaped, converted, permuted, stacked), a _View saying which rows. A loop over a
# group is a stablehlo.while with a counter (`for i in range(n)`) whose body cuts exactly
# row i (or n-1-i) out of a view made outside it: that is how lax.scan hands its body its
# xs. Every other way rows of a group reach a computation leaves a label:
#
#   ("row", L, g)        data of loop L's own row of group g
#   ("use", g, whole, source, lo, hi, where)
#                        rows [lo, hi) of group g taken by a computation inside loop
#                        `where` (-1: inside none): all its source's rows (whole) or
#                        some; from the arguments (source "input") or from what a loop
#                        stacked ("stacked")
#   ("index", g, where)  rows of group g picked by an index the program computes
#   ("arg", i)           main's i-th argument
#   ("carry", L, k), ("at", L), ("back", L), ("minus", L, c), ("iv", L)
#                        inside loop L: its k-th carry, its counter exactly, n-1 minus
#                        its counter exactly, c minus it, anything else made from it
#
# Calls are followed inline, so a function called twice is judged at each call with what
# it is given. Each loop's body is walked once, with its carries as labels; what a carry
# holds after any number of steps is then closed over those labels.

_LOCAL = ("carry", "at", "back", "minus", "iv")  # labels that mean something inside a loop only
_MAX_USES = 256  # distinct uses labelled with their rows; past that, rows unknown
_MAX_REPORTED = 64  # loops and uses reported per group
# ops whose result holds their operands' rows where they were, element for element
_ELEMENTWISE = {
    f"stablehlo.{name}"
    for name in (
        "abs add and atan2 cbrt ceil clamp compare complex convert copy cosine divide "
        "exponential exponential_minus_one floor imag is_finite log log_plus_one logistic "
        "maximum minimum multiply negate not or popcnt power real reduce_precision "
        "remainder round_nearest_afz round_nearest_even rsqrt select shift_left "
        "shift_right_arithmetic shift_right_logical sign sine sqrt subtract tan tanh xor"
    ).split()
}


# ops that matter to the rows even when no operand holds rows
_COUNTER_OR_STACK = {
    "stablehlo.subtract",
    "stablehlo.dynamic_update_slice",
    "stablehlo.scatter",
}


@dataclasses.dataclass(frozen=True)
class _View:
    """Rows of a group held as they are: row j of the value holds the group's rows
    [lo + j*per, lo + (j+1)*per) (in rows of the group's arguments), out of the whole
    [start, stop) of its source: the arguments ("input") or the outputs loop L stacked
    (an int, the loop)."""

    group: int
    source: object
    lo: Fraction
    hi: Fraction
    per: Fraction
    start: Fraction
    stop: Fraction


@dataclasses.dataclass(frozen=True)
class _Info:
    deps: frozenset = frozenset()
    view: _View | None = None
    origin: tuple | None = None  # (L, k): loop L's k-th carry as its body receives it
    stack: tuple | None = None  # (L, k): that carry with this step's value written into it


_NOTHING = _Info()


class _Env(dict):
    """What each value of a block is made of; a region's block also sees the values
    around it (a loop's body reads what is outside the loop)."""

    __slots__ = ("outside",)

    def __init__(self, values=(), outside: _Env | None = None):
        super().__init__(values)
        self.outside = outside

    def find(self, value) -> _Info:
        env = self
        while env is not None:
            info = dict.get(env, value)
            if info is not None:
                return info
            env = env.outside
        return _NOTHING


@dataclasses.dataclass
class _Read:
    """What a loop's own-row reads of a group took: rows [lo, hi), `block` of them per
    step, last to first when backwards."""

    lo: Fraction
    hi: Fraction
    block: Fraction
    backwards: bool
    source: str


@dataclasses.dataclass
class _Loop:
    parent: int  # the loop around it (-1: none)
    trip: int | None  # its count, for a loop with a counter
    reads: dict = dataclasses.field(default_factory=dict)  # group -> _Read
    carried: set = dataclasses.field(default_factory=set)  # groups whose row updates a carry


@dataclasses.dataclass
class _Walk:
    functions: dict
    group_of: dict  # position of a main argument -> its group
    visits: int = 0
    loops: list = dataclasses.field(default_factory=list)
    inside: list = dataclasses.field(default_factory=list)  # loops around this op, innermost last
    uses: set = dataclasses.field(default_factory=set)

    def where(self) -> int:
        return self.inside[-1] if self.inside else -1

    def visit(self, count: int = 1) -> None:
        self.visits += count
        if self.visits > _MAX_VISITS:
            raise Refused("program too large to analyse")


def _defining(value):
    owner = value.owner
    return owner if hasattr(owner, "operands") and hasattr(owner, "results") else None


def _constant_int(value) -> int | None:
    op = _defining(value)
    if op is None or op.name != "stablehlo.constant":
        return None
    try:
        array = np.asarray(op.attributes["value"])
    except Exception:
        return None
    if array.size != 1 or array.dtype.kind not in "iu":
        return None
    return int(array.reshape(()))


def _shape(value) -> tuple:
    from jax._src.lib.mlir import ir

    return tuple(ir.RankedTensorType(value.type).shape)


def _ints(attribute) -> list[int]:
    from jax._src.lib.mlir import ir

    return list(ir.DenseI64ArrayAttr(attribute))


def _plain(info: _Info) -> frozenset:
    """What a value computed from this one depends on: the counter itself is gone (only a
    value that is the counter exactly, and nothing else, carries its exact label)."""
    if len(info.deps) == 1:
        (label,) = info.deps
        if label[0] in ("at", "back", "minus"):
            return frozenset({("iv", label[1])})
    return info.deps


def _strip(walk: _Walk, deps: frozenset, group: int) -> frozenset:
    return frozenset(
        label for label in deps if not (label[0] == "arg" and walk.group_of.get(label[1]) == group)
    )


def _used(walk: _Walk, info: _Info) -> frozenset:
    """What a computation taking this value depends on: rows it holds become a use."""
    view = info.view
    if view is None:
        return _plain(info)
    whole = (view.lo, view.hi) == (view.start, view.stop)
    source = "input" if view.source == "input" else "stacked"
    label = ("use", view.group, whole, source, view.lo, view.hi, walk.where())
    if label not in walk.uses:
        if len(walk.uses) < _MAX_USES:
            walk.uses.add(label)
        else:
            label = ("use", view.group, whole, source, None, None, walk.where())
    return _strip(walk, info.deps, view.group) | {label}


def _captured(walk: _Walk, op, env) -> frozenset:
    """Everything an op with regions reads from outside them."""
    found = set()
    for inner in _all_ops(op):
        walk.visit()
        for operand in inner.operands:
            info = env.find(operand)
            if info is not _NOTHING:
                found |= _used(walk, info)
    return frozenset(found)


def _run_function(walk: _Walk, name: str, args: list, depth: int) -> list:
    if depth > _MAX_DEPTH:
        raise Refused("calls nested too deeply")
    function = walk.functions[name]
    block = function.regions[0].blocks[0]
    if len(block.arguments) != len(args):
        raise Refused("a call does not match its function")
    return _run_block(walk, block, _Env(zip(block.arguments, args)), depth)


def _run_block(walk: _Walk, block, env, depth: int) -> list:
    for op in block.operations:
        walk.visit()
        name = op.operation.name
        ins = [env.find(v) for v in op.operands]
        if name == "func.return" or name == "stablehlo.return":
            return ins
        if name == "func.call":
            outs = _run_function(walk, op.attributes["callee"].value, ins, depth + 1)
            if len(outs) != len(op.results):
                raise Refused("a call does not match its function")
        elif name == "stablehlo.while":
            outs = _while(walk, op, env, ins, depth + 1)
        elif name in ("stablehlo.case", "stablehlo.if"):
            outs = _branches(walk, op, env, ins, depth + 1)
        elif name == "stablehlo.optimization_barrier" and len(ins) == len(op.results):
            outs = ins  # jax.checkpoint's: the values as they are
        else:
            outs = _op(walk, op, name, env, ins)
        if outs:  # what an op depends on costs its size to follow: a huge one is refused
            walk.visit(len(outs[0].deps) // 16)
        env.update(zip(op.results, outs))
    raise Refused("a block without a return")


def _op(walk: _Walk, op, name: str, env, ins: list) -> list:
    if name in _COUNTER_OR_STACK or any([info.view is not None for info in ins]):
        try:
            found = _rows_op(walk, op, name, ins)
        except Exception:  # an attribute or a type not as expected: an op like any other
            found = None
        if found is not None:
            return [found] * len(op.results)
    deps = frozenset().union(*(_used(walk, info) for info in ins))
    if len(op.regions):
        deps |= _captured(walk, op, env)
    return [_Info(deps)] * len(op.results)


def _rows_op(walk: _Walk, op, name: str, ins: list) -> _Info | None:
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
        return _gather(walk, op, ins)
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
        lo, hi = view.lo + first * view.per, view.lo + (first + sizes[0]) * view.per
        cut = dataclasses.replace(view, lo=lo, hi=min(hi, view.hi))
        return _Info(held.deps | others, cut)
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
    trip = walk.loops[loop].trip or 0
    hi = min(view.hi, view.lo + trip * view.per)
    source = "input" if view.source == "input" else "stacked"
    read = walk.loops[loop].reads.get(view.group)
    if read is None:
        walk.loops[loop].reads[view.group] = _Read(view.lo, hi, view.per, backwards, source)
    else:
        read.lo, read.hi = min(read.lo, view.lo), max(read.hi, hi)
        read.block = max(read.block, view.per)
        read.backwards |= backwards
        read.source = "input" if "input" in (source, read.source) else source
    return _Info(_strip(walk, held.deps, view.group) | others | {("row", loop, view.group)})


def _slice(op, ins: list) -> _Info | None:
    held, view = ins[0], ins[0].view
    start, limit = _ints(op.attributes["start_indices"]), _ints(op.attributes["limit_indices"])
    if _ints(op.attributes["strides"])[0] != 1:
        return None
    lo, hi = view.lo + start[0] * view.per, view.lo + limit[0] * view.per
    return _Info(held.deps, dataclasses.replace(view, lo=lo, hi=min(hi, view.hi)))


def _gather(walk: _Walk, op, ins: list) -> _Info:
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
        return _Info(held.deps | _used(walk, ins[1]), view)
    label = ("index", view.group, walk.where())
    return _Info(_strip(walk, held.deps, view.group) | _used(walk, ins[1]) | {label})


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
    first = views[0]
    for before, after in zip(views, views[1:]):
        same = (before.group, before.source, before.per) == (after.group, after.source, after.per)
        if not same or before.hi != after.lo:
            return None
    return _Info(deps, dataclasses.replace(first, hi=views[-1].hi))


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
        outs = _run_block(walk, region.blocks[0], _Env((), env), depth)
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


def _while(walk: _Walk, op, env, ins: list, depth: int) -> list:
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
    moving, starts = [], []  # the carries; what the body receives
    for k, (arg, out) in enumerate(zip(body.arguments, returned)):
        if k == index:
            starts.append(_Info(frozenset({("at", number)})))
        elif out == arg:  # the same at every step: xs, and what the body reads from around it
            starts.append(ins[k])
        else:
            moving.append(k)
            deps = _used(walk, ins[k]) | {("carry", number, k)}
            starts.append(_Info(deps, origin=(number, k)))
    walk.inside.append(number)
    try:
        tests = _run_block(walk, cond, _Env(zip(cond.arguments, starts), env), depth)
        outs = _run_block(walk, body, _Env(zip(body.arguments, starts), env), depth)
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
    outs = _run_function(walk, "main", args, 0)
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


def _out_avals(functions: dict):
    from jax import core
    from jax._src.lib.mlir import ir

    avals = []
    for t in functions["main"].type.results:
        t = ir.RankedTensorType(t)
        element = _ELEMENT.get(str(t.element_type))
        if element is None:
            raise Refused(f"program returns {t}")
        avals.append(core.ShapedArray(tuple(t.shape), np.dtype(element)))
    return avals


def _in_dtypes(functions: dict) -> list:
    from jax._src.lib.mlir import ir

    dtypes = []
    for t in functions["main"].type.inputs:
        element = _ELEMENT.get(str(ir.RankedTensorType(t).element_type))
        if element is None:
            raise Refused(f"program takes {t}")
        dtypes.append(np.dtype(element))
    return dtypes


def _arguments(args: tuple, dtypes: list) -> list:
    """A case's traced arguments, flat, floats at the width the program takes (the
    learner may have turned on 64-bit floats); anything else must already match."""
    import jax

    leaves = jax.tree_util.tree_leaves(dynamic(args))
    if len(leaves) != len(dtypes):
        raise Refused("program's arguments do not match the case")
    flat = []
    for leaf, dtype in zip(leaves, dtypes):
        value = np.asarray(leaf)
        if value.dtype.kind == "f" and dtype.kind == "f":
            value = value.astype(dtype)
        flat.append(value)
    return flat


def _type_text(value: np.ndarray) -> str:
    element = next(k for k, v in _ELEMENT.items() if v == value.dtype.name)
    return "tensor<" + "".join(f"{n}x" for n in value.shape) + element + ">"


def _check_arguments(functions: dict, args: list) -> None:
    expected = [_type_text(a) for a in args]
    if [str(t) for t in functions["main"].type.inputs] != expected:
        raise Refused("program's arguments do not match the case")


def _compile(module):
    """The program compiled for this process's CPU, straight from its StableHLO (no
    jit around it: the module is screened, its arguments checked, and that is all a
    call needs)."""
    import jax
    from jax._src import compiler, xla_bridge
    from jax._src.interpreters import mlir
    from jax._src.lib import xla_client

    options = compiler.get_compile_options(num_replicas=1, num_partitions=1)
    devices = xla_client.DeviceList(tuple(jax.devices("cpu")[:1]))
    return xla_bridge.get_backend("cpu").compile_and_load(
        mlir.module_to_bytecode(module), devices, options
    )


def _compile_side_by_side(modules: list) -> list:
    """XLA compiles without the GIL: each program in a thread of its own."""
    import threading

    compiled = [None] * len(modules)

    def compile_one(i):
        try:
            compiled[i] = _compile(modules[i])
        except Exception as exc:  # XLA refused the program: no values for it
            compiled[i] = exc

    threads = [threading.Thread(target=compile_one, args=(i,)) for i in range(len(modules))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return compiled


def dynamic(args) -> tuple:
    """The arguments an exported program takes: the static ones are part of it."""
    static = wire.static_positions(args)
    return tuple(a for i, a in enumerate(args) if i not in static)


def verify(request: dict) -> dict:
    """One reply per program: {"ok": True, facts..., "values": [flat outputs per call]},
    or {"ok": False, "refused": reason}."""
    import jax

    replies, runs = [], []  # runs: (reply, module, flat arguments per call)
    progress.say("check")
    for item in request["programs"]:
        try:
            module_bytes = base64.b64decode(item["module"], validate=True)
            groups = [[int(i) for i in group] for group in item["groups"]]
            context, module = _parse(module_bytes)
            with context:
                functions = _functions(module)
                _screen(functions)
                found = facts(functions, groups)
                dtypes = _in_dtypes(functions)
                if any(d.itemsize == 8 for d in dtypes + [a.dtype for a in _out_avals(functions)]):
                    jax.config.update("jax_enable_x64", True)  # the learner turned it on
                calls = [_arguments(args, dtypes) for args in wire.decode_value(item["calls"])]
                for args in calls:
                    _check_arguments(functions, args)
        except Refused as refused:
            replies.append({"ok": False, "refused": str(refused)[:300]})
            continue
        replies.append({"ok": True, **found})
        runs.append((replies[-1], module, calls, module_bytes))
    keys = [hashlib.sha256(mlir_bytes).digest() for mlir_bytes in (r[3] for r in runs)]
    todo = [i for i, key in enumerate(keys) if key not in _COMPILED]
    progress.say("compile", bytes=sum(len(runs[i][3]) for i in todo))
    with _CONTEXT[0] if _CONTEXT else contextlib.nullcontext():
        fresh = _compile_side_by_side([runs[i][1] for i in todo])
    _COMPILED.update((keys[i], program) for i, program in zip(todo, fresh))
    for key in list(_COMPILED)[: max(0, len(_COMPILED) - _KEEP_COMPILED)]:
        if key not in keys:
            del _COMPILED[key]  # the oldest: a kept judge sees every lesson's programs
    compiled = [_COMPILED[key] for key in keys]
    progress.say("run")
    for (reply, _, calls, _), program in zip(runs, compiled):
        reply["values"] = [_value(program, args) for args in calls]
    return {"ok": True, "programs": replies}


def _value(program, args: list):
    import jax

    if isinstance(program, Exception):
        return {"other": f"error: {type(program).__name__}"}
    try:
        out = program.execute([jax.device_put(a) for a in args])
        return wire.encode_value([np.asarray(o) for o in out], np.asarray)
    except Exception as exc:  # a runtime check of the program's own failed
        return {"other": f"error: {type(exc).__name__}"}

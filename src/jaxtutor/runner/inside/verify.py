"""Checking exported programs in a process that never ran learner code.

The learner's child exports its function (jax.export: traced and lowered to StableHLO,
never run there) once per input signature. A clean child, one that was never sent the
learner's file, gets those programs here and answers what the learner's process cannot
be trusted to answer about itself:

- is the function itself jitted (its program is one call of a jitted function)?
- does it loop over the rows of its batch arguments: a `stablehlo.while` that runs once
  per row, slices those arguments by its counter, and carries a value that every step
  updates from its row, with the returned value depending on that carry and on the
  batches through that loop only (a Python loop beside a thrown-away scan unrolls its
  steps outside the loop, where they show)?
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


# -- what the returned value depends on -----------------------------------------------
#
# Dependencies are sets of labels: ("arg", i) for main's i-th argument, "loop" for the
# carry of a loop over the rows, and inside a loop body ("row", k), "iv", ("carry", k)
# and "slice" (a row picked by the counter). Calls are followed inline, so a function
# called twice is judged at each call with what it is given.


@dataclasses.dataclass
class _Walk:
    functions: dict
    rows: frozenset  # labels of the batch arguments
    trip: int  # how many rows the loop must run over
    visits: int = 0
    loops: int = 0  # loops over the rows found
    carryless: int = 0  # loops over the rows that carry nothing updated by a row (lax.map)
    backwards: bool = False  # a loop over the rows takes them last to first
    whiles: int = 0  # any stablehlo.while


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


def _captured(op, env: dict) -> frozenset:
    """Everything an op with regions reads from outside them."""
    found = set()
    for inner in _all_ops(op):
        for operand in inner.operands:
            found |= env.get(operand, frozenset())
    return frozenset(found)


def _run_function(walk: _Walk, name: str, args: list, depth: int, in_body: bool) -> list:
    if depth > _MAX_DEPTH:
        raise Refused("calls nested too deeply")
    function = walk.functions[name]
    block = function.regions[0].blocks[0]
    if len(block.arguments) != len(args):
        raise Refused("a call does not match its function")
    env = dict(zip(block.arguments, args))
    return _run_block(walk, block, env, depth, in_body)


def _run_block(walk: _Walk, block, env: dict, depth: int, in_body: bool) -> list:
    for op in block.operations:
        walk.visits += 1
        if walk.visits > _MAX_VISITS:
            raise Refused("program too large to analyse")
        name = op.operation.name
        ins = [env.get(v, frozenset()) for v in op.operands]
        if name == "func.return" or name == "stablehlo.return":
            return ins
        if name == "func.call":
            outs = _run_function(walk, op.attributes["callee"].value, ins, depth + 1, in_body)
            if len(outs) != len(op.results):
                raise Refused("a call does not match its function")
        elif name == "stablehlo.while":
            outs = _while(walk, op, env, ins, depth)
        elif name in ("stablehlo.dynamic_slice", "stablehlo.gather") and in_body:
            union = frozenset().union(*ins)
            picked = any(_is_row(label) for label in ins[0])
            by_counter = any("iv" in deps for deps in ins[1:])
            if picked and by_counter:  # row i at step i (or row N-1-i, backwards)
                # the row stands for itself: what depends on it saw one row, not the batches
                union = {label for label in union if not _is_row(label)} | {"slice"}
                union = frozenset(union)
            outs = [union] * len(op.results)
        elif name == "stablehlo.subtract" and in_body and "iv" in ins[1]:
            outs = [ins[0] | ins[1] | {"backwards"}]  # N - 1 - i: a reversed scan's index
        else:
            union = frozenset().union(*ins)
            if len(op.regions):
                union |= _captured(op, env)
            outs = [union] * len(op.results)
        env.update(zip(op.results, outs))
    raise Refused("a block without a return")


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


def _while(walk: _Walk, op, env: dict, ins: list, depth: int) -> list:
    walk.whiles += 1
    everything = frozenset().union(*ins) | _captured(op, env)
    found = _counter(op)
    if found is None:
        return [everything] * len(op.results)
    index, trip = found
    body = op.regions[1].blocks[0]
    returned = list(body.operations)[-1].operands
    rows = [
        k
        for k, (arg, out) in enumerate(zip(body.arguments, returned))
        if out == arg and k != index and ins[k] and ins[k] <= walk.rows
    ]
    labels = [
        ("row", k) if k in rows else "iv" if k == index else ("carry", k) for k in range(len(ins))
    ]
    body_env = dict(env)  # the body may read values from around the loop
    body_env.update((arg, frozenset({label})) for arg, label in zip(body.arguments, labels))
    outs = _run_block(walk, body, body_env, depth + 1, in_body=True)
    # a carry: updated from this step's row, never from the whole of the batches
    carries = [
        k
        for k, label in enumerate(labels)
        if isinstance(label, tuple)
        and label[0] == "carry"
        and "slice" in outs[k]
        and not any(_is_row(x) for x in outs[k])
        and not _stacked(returned[k], body.arguments[k])
    ]
    if trip == walk.trip and not carries and any("slice" in deps for deps in outs):
        walk.carryless += 1
    if trip != walk.trip or not carries:
        return [everything] * len(op.results)
    walk.loops += 1
    walk.backwards |= any("backwards" in outs[k] for k in carries)
    # the rows reach the carries only a row per step; everything else passes through,
    # and the rows themselves come out as they went in
    passed = frozenset().union(*(deps for k, deps in enumerate(ins) if k not in rows))
    passed |= _captured(op, env)
    return [
        passed | {"loop"} if k in carries else ins[k] if k in rows else passed
        for k in range(len(ins))
    ]


def _is_row(label) -> bool:
    return isinstance(label, tuple) and label[0] == "row"


def _stacked(value, buffer) -> bool:
    """A scan's stacked output: the body writes this step's row into the buffer."""
    op = _defining(value)
    return (
        op is not None and op.name == "stablehlo.dynamic_update_slice" and op.operands[0] == buffer
    )


def _jitted(functions: dict) -> bool:
    """The function is itself jitted: its program is one call of a jitted function,
    returned as it is."""
    ops = list(functions["main"].regions[0].blocks[0].operations)
    if len(ops) != 2 or ops[0].operation.name != "func.call":
        return False
    return list(ops[1].operands) == list(ops[0].results)


def facts(functions: dict, rows: list[int], trip: int) -> dict:
    main = functions["main"]
    walk = _Walk(functions, frozenset(("arg", i) for i in rows), trip)
    args = [frozenset({("arg", i)}) for i in range(len(main.regions[0].blocks[0].arguments))]
    outs = _run_function(walk, "main", args, 0, in_body=False)
    outside = any(deps & walk.rows for deps in outs)
    if not rows or trip < 1:
        scan = "no_rows"
    elif any("loop" in deps for deps in outs) and not outside:
        scan = "ok"
    elif walk.loops:
        scan = "loop_unused"  # a loop over the rows whose carry is not what is returned
    elif walk.carryless:
        scan = "no_carry"
    elif walk.whiles:
        scan = "not_over_rows"
    else:
        scan = "no_loop"
    ops = {op.operation.name for f in functions.values() for op in _all_ops(f)}
    return {
        "jitted": _jitted(functions),
        "scan": scan,
        "backwards": walk.backwards,
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
            rows, trip = [int(i) for i in item["rows"]], int(item["trip"])
            context, module = _parse(module_bytes)
            with context:
                functions = _functions(module)
                _screen(functions)
                found = facts(functions, rows, trip)
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

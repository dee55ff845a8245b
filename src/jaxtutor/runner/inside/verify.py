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
- how much temporary memory does the compiled program need (XLA's memory analysis),
  where a rule asks? Otherwise a program whose main only moves data around calls of one
  function (a Python loop, unrolled) has that function compiled once (unrolled.py).
- what does the program return on each case (the trusted side compares with its
  reference, so a program must be correct, not only shaped right)? A sharded program
  (a shard_map, a jit over a mesh) runs on as many of this process's CPU devices as it
  has partitions, at most the 8 the children start with.

A program may have been forged by the learner's code, so it is read as hostile: custom
calls outside a short allowlist are refused before anything is compiled (a Python
callback's custom call carries a pointer into the process that made it), and so are
host transfers, token arguments and function declarations without a body.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib

import numpy as np

from jaxtutor.runner import wire
from jaxtutor.runner.inside import progress, unrolled
from jaxtutor.runner.inside.loop_facts import facts
from jaxtutor.runner.inside.program_parse import _CONTEXT, Refused, _functions, _parse, _screen

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


_COMPILED = {}  # sha256 of a program -> its executable (a replay asks again for a shape)
_KEEP_COMPILED = 256


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


def _partitions(module) -> int:
    """How many devices the program runs on: 1, or the partitions of a sharded one (a
    jit over a mesh, a shard_map), each on a CPU device of this process (the children
    start JAX with 8: warm_up.py)."""
    import jax

    attributes = module.operation.attributes

    def number(name: str) -> int:
        return int(attributes[name].value) if name in attributes else 1

    partitions = number("mhlo.num_partitions")
    if number("mhlo.num_replicas") != 1 or not 1 <= partitions <= len(jax.devices("cpu")):
        raise Refused(f"program asks for {partitions} partitions")
    return partitions


def _devices(partitions: int):
    import jax
    from jax._src.lib import xla_client

    return xla_client.DeviceList(tuple(jax.devices("cpu")[:partitions]))


def _compile(module, partitions: int = 1):
    """The program compiled for this process's CPU, straight from its StableHLO (no
    jit around it: the module is screened, its arguments checked, and that is all a
    call needs); a sharded program on its first `partitions` devices."""
    from jax._src import compiler, xla_bridge
    from jax._src.interpreters import mlir

    devices = _devices(partitions)
    assignment = np.array(list(devices)).reshape(1, partitions) if partitions > 1 else None
    options = compiler.get_compile_options(
        num_replicas=1, num_partitions=partitions, device_assignment=assignment
    )
    return xla_bridge.get_backend("cpu").compile_and_load(
        mlir.module_to_bytecode(module), devices, options
    )


def _compile_side_by_side(modules: list, partitions: list) -> list:
    """XLA compiles without the GIL: each program in a thread of its own."""
    import threading

    compiled = [None] * len(modules)

    def compile_one(i):
        try:
            compiled[i] = _compile(modules[i], partitions[i])
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
                partitions = _partitions(module)
                shapes = [a.shape for a in _out_avals(functions)]
                # XLA's memory count is the whole program's: asked for, it is compiled whole
                plan = None if partitions > 1 or item.get("whole") else _plan(functions, calls)
        except Refused as refused:
            replies.append({"ok": False, "refused": str(refused)[:300]})
            continue
        replies.append({"ok": True, **found})
        if plan is not None:  # its callee compiled, main run here (unrolled.py)
            try:
                module, module_bytes = unrolled.callee_module(module_bytes, plan.callee)
            except Exception:  # MLIR would not have it so: compiled whole
                plan = None
        runs.append((replies[-1], module, calls, module_bytes, partitions, shapes, plan))
    keys = [hashlib.sha256(mlir_bytes).digest() for mlir_bytes in (r[3] for r in runs)]
    todo = [i for i, key in enumerate(keys) if key not in _COMPILED]
    progress.say("compile", bytes=sum(len(runs[i][3]) for i in todo))
    with _CONTEXT[0] if _CONTEXT else contextlib.nullcontext():
        fresh = _compile_side_by_side([runs[i][1] for i in todo], [runs[i][4] for i in todo])
    _COMPILED.update((keys[i], program) for i, program in zip(todo, fresh))
    for key in list(_COMPILED)[: max(0, len(_COMPILED) - _KEEP_COMPILED)]:
        if key not in keys:
            del _COMPILED[key]  # the oldest: a kept judge sees every lesson's programs
    compiled = [_COMPILED[key] for key in keys]
    progress.say("run")
    for (reply, _, calls, _, partitions, shapes, plan), program in zip(runs, compiled):
        if plan is not None:
            reply["values"] = [_unrolled_value(plan, program, args) for args in calls]
            continue
        reply["temp_bytes"] = _temp_bytes(program)
        if partitions > 1:
            reply["values"] = _sharded_values(program, calls, partitions, shapes)
            continue
        placed = jax.device_put(calls)  # at once: one device_put per array cost more
        reply["values"] = [_value(program, args) for args in placed]
    return {"ok": True, "programs": replies}


def _plan(functions: dict, calls: list):
    try:
        return unrolled.plan(functions, len(calls))
    except Exception:  # a form unrolled.py does not know: the program is compiled whole
        return None


def _unrolled_value(plan, program, args: list):
    if isinstance(program, Exception):
        return {"other": f"error: {type(program).__name__}"}
    try:
        return wire.encode_value(unrolled.run(plan, program, args), np.asarray)
    except Exception as exc:  # a runtime check of the program's own failed
        return {"other": f"error: {type(exc).__name__}"}


def _temp_bytes(program) -> int | None:
    """The temporary memory the compiled program needs, as XLA's memory analysis
    counts it: what a program keeps for its backward pass shows here."""
    if isinstance(program, Exception):
        return None
    try:
        return int(program.get_compiled_memory_stats().temp_size_in_bytes)
    except Exception:  # no analysis on this backend
        return None


def _value(program, args: list):
    if isinstance(program, Exception):
        return {"other": f"error: {type(program).__name__}"}
    try:
        out = program.execute(list(args))
        return wire.encode_value([np.asarray(o) for o in out], np.asarray)
    except Exception as exc:  # a runtime check of the program's own failed
        return {"other": f"error: {type(exc).__name__}"}


def _sharded_values(program, calls: list, partitions: int, shapes: list) -> list:
    """A sharded program's outputs on each call: the arguments placed over the devices
    as the compiled program takes them (its sharding was left open in the export, and
    the compiler chose one: a buffer of another shape must never reach it), all calls'
    at once (one placement per argument cost 0.4 ms: most of a run), and each output put
    together from its shards."""
    from jax._src.sharding_impls import GSPMDSharding

    if isinstance(program, Exception):
        return [{"other": f"error: {type(program).__name__}"}] * len(calls)
    try:
        device_list = _devices(partitions)  # as compiled: the first `partitions` CPU devices
        ins = [GSPMDSharding(device_list, s) for s in program.get_parameter_shardings()]
        outs = [GSPMDSharding(device_list, s) for s in program.get_output_shardings()]
        if len(outs) != len(shapes) or any(len(args) != len(ins) for args in calls):
            return [{"other": "error: ValueError"}] * len(calls)
        placed = _placed(calls, ins)
    except Exception as exc:  # the program's shardings do not fit its arguments
        return [{"other": f"error: {type(exc).__name__}"}] * len(calls)
    return [_sharded_value(program, args, outs, shapes) for args in placed]


def _placed(calls: list, shardings: list) -> list:
    """Every call's arguments over the devices, each as `shardings` says: what
    jax.device_put does in the end, for all of them at once (through it, 200-300 us a
    call of data_parallel's; here about 100)."""
    from jax._src.interpreters import pxla
    from jax._src.lib import xla_client

    flat = [a for args in calls for a in args]
    reuse = xla_client.ArrayCopySemantics.REUSE_INPUT
    arrays = pxla.shard_args(shardings * len(calls), [None] * len(flat), [reuse] * len(flat), flat)
    n = len(shardings)
    return [arrays[i : i + n] for i in range(0, len(arrays), n)]


def _sharded_value(program, placed: list, outs: list, shapes: list):
    import jax

    try:
        shards = program.execute_sharded(placed).disassemble_into_single_device_arrays()
        out = [
            jax.make_array_from_single_device_arrays(shape, s, parts)
            for shape, s, parts in zip(shapes, outs, shards)
        ]
        return wire.encode_value([np.asarray(o) for o in out], np.asarray)
    except Exception as exc:  # a runtime check of the program's own failed
        return {"other": f"error: {type(exc).__name__}"}

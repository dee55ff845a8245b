"""A Python loop's program, its step compiled once, not once per copy of it.

jax.export unrolls a loop written in Python: a learner's `for x, y in zip(xs, ys): w,
loss = step(w, x, y)` becomes a main that cuts row t out of the batches, calls the
jitted step, and stacks what the calls return. XLA inlines every call and compiles each
copy of the step (about 8 ms of a check's CPU a step: async_dispatch's ten-step program
took 75-120 ms). Where main does nothing but that, moving data around calls of one
function, the judge compiles that function alone and runs main's own ops here in NumPy:
a slice, a reshape, a broadcast and a concatenation move the numbers they are given and
compute none, and every number is computed by the compiled function. A jitted
function's main (one call) goes this way too: its function, compiled for one program,
serves every other program that calls it at the same shapes. Anything else in main
(arithmetic, a constant, a second function) and the program is compiled whole.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from jaxtutor.runner.inside.program_parse import _parse

_MOVES = {
    "stablehlo.slice",
    "stablehlo.reshape",
    "stablehlo.broadcast_in_dim",
    "stablehlo.concatenate",
}
# A call run from here costs about 0.1 ms (its arguments put on the device, the run,
# the answers read), a copy of the step compiled about 8 ms: past this many cases,
# compiling the copies is cheaper. A move costs about 5 us: a main of thousands (a
# forged one) is compiled, not walked for every case.
_MAX_CASES = 64
_MAX_MOVES = 20_000  # ops of main times cases


@dataclass(frozen=True)
class Step:
    """One op of main: its kind, the numbers of the values it reads, how many it makes,
    and what its kind needs to know (slice bounds, a shape, a dimension)."""

    kind: str
    reads: tuple[int, ...]
    makes: int
    shape: tuple = ()  # a move's result's
    how: tuple = ()


@dataclass(frozen=True)
class Plan:
    """Main as a list of steps over numbered values: its arguments first, then each
    step's results in turn; `returns` names the values main returns."""

    callee: str
    arguments: int
    steps: tuple[Step, ...]
    returns: tuple[int, ...]


def plan(functions: dict, cases: int) -> Plan | None:
    """The Plan of main, when it only moves data around calls of one function, and
    running it from here on `cases` cases costs less than compiling it whole; else
    None."""
    from jax._src.lib.mlir import ir

    if cases > _MAX_CASES:
        return None
    main = functions["main"]
    block = main.regions[0].blocks[0]
    number = {value: i for i, value in enumerate(block.arguments)}
    steps, callees, returns = [], set(), None
    for op in block.operations:
        kind = op.operation.name
        try:
            reads = tuple(number[value] for value in op.operands)
        except KeyError:  # a value from outside main's block
            return None
        if kind == "func.return":
            returns = reads
            break
        shape: tuple = ()
        how: tuple = ()
        if kind == "func.call":
            callees.add(op.attributes["callee"].value)
        elif kind not in _MOVES or len(op.results) != 1:
            return None
        else:
            shape = tuple(ir.RankedTensorType(op.results[0].type).shape)
            how = _how(op, kind, ir)
            if how is None:
                return None
        for result in op.results:
            number[result] = len(number)
        steps.append(Step(kind, reads, len(op.results), shape, how))
    if returns is None or len(callees) != 1 or len(steps) * cases > _MAX_MOVES:
        return None
    callee = callees.pop()
    if callee == "main":  # a forged main that calls itself: compiled whole, as before
        return None
    return Plan(callee, len(block.arguments), tuple(steps), returns)


def _how(op, kind: str, ir) -> tuple | None:
    """What a move needs besides its result's shape; None where a number is negative
    (NumPy would count it from the end, which the program does not say)."""
    attributes = op.attributes
    if kind == "stablehlo.slice":
        how: tuple = tuple(
            tuple(ir.DenseI64ArrayAttr(attributes[name]))
            for name in ("start_indices", "limit_indices", "strides")
        )
        numbers = [n for part in how for n in part]
    elif kind == "stablehlo.broadcast_in_dim":
        how = numbers = tuple(ir.DenseI64ArrayAttr(attributes["broadcast_dimensions"]))
    elif kind == "stablehlo.concatenate":
        how = numbers = (ir.IntegerAttr(attributes["dimension"]).value,)
    else:
        how = numbers = ()  # reshape: to the result's shape
    return None if any(n < 0 for n in numbers) else how


def callee_module(module_bytes: bytes, callee: str) -> tuple:
    """The program's `callee` as a program of its own (a fresh copy of the module: its
    main dropped, the callee made main), and its bytes. Its arguments' and results'
    attributes go: inlined, a donation or a layout they name did nothing, and as main's
    they would."""
    from jax._src.interpreters import mlir
    from jax._src.lib.mlir import ir

    context, module = _parse(module_bytes)
    with context:
        table = ir.SymbolTable(module.operation)
        table["main"].operation.erase()
        function = table[callee]
        ir.SymbolTable.set_symbol_name(function, "main")
        ir.SymbolTable.set_visibility(function, "public")
        for name in ("arg_attrs", "res_attrs"):
            if name in function.attributes:
                del function.attributes[name]
        return module, mlir.module_to_bytecode(module)


def run(plan: Plan, program, args: list) -> list:
    """Main's answers on one case's flat arguments (NumPy arrays), `program` being the
    callee compiled: each move in NumPy, each call on the device."""
    if len(args) != plan.arguments:
        raise ValueError("the case's arguments do not match the program's")
    values: list = list(args)
    for step in plan.steps:
        if step.kind == "func.call":
            for i in step.reads:
                if isinstance(values[i], (np.ndarray, np.generic)):
                    values[i] = _put(values[i])  # kept there: the next step may read it too
            answers = program.execute([values[i] for i in step.reads])
            if len(answers) != step.makes:
                raise ValueError("the call's answers do not match its results")
            values.extend(answers)
        else:
            operands = [np.asarray(values[i]) for i in step.reads]
            moved = _move(step, operands)
            # what the verified program says it makes, or no answer at all
            if moved.shape != step.shape or moved.dtype != operands[0].dtype:
                raise ValueError(f"{step.kind} made {moved.shape}, not {step.shape}")
            values.append(moved)
    return [np.asarray(values[i]) for i in plan.returns]


_DEVICE: list = []  # the CPU device and its sharding, made once


def _put(value: np.ndarray):
    """`value` on the CPU device, by the call jax.device_put makes in the end: a step's
    rows, put one call at a time, cost 40-50 us each through it and 10 us here."""
    from jax._src import core
    from jax._src.lib import _jax

    if not _DEVICE:
        import jax

        device = jax.devices("cpu")[0]
        _DEVICE.extend([device, jax.sharding.SingleDeviceSharding(device)])
    device, sharding = _DEVICE
    aval = core.ShapedArray(value.shape, value.dtype)
    return _jax.batched_device_put(aval, sharding, [value], [device])


def _move(step: Step, operands: list) -> np.ndarray:
    kind, how, first = step.kind, step.how, operands[0]
    if kind == "stablehlo.slice":
        starts, limits, strides = how
        return first[tuple(map(slice, starts, limits, strides))]
    if kind == "stablehlo.reshape":
        return first.reshape(step.shape)
    if kind == "stablehlo.concatenate":
        return np.concatenate(operands, axis=how[0])
    # broadcast_in_dim: the operand's dimension i becomes the result's dimension how[i]
    order = sorted(range(len(how)), key=how.__getitem__)
    kept = [1] * len(step.shape)
    for i in order:
        kept[how[i]] = first.shape[i]
    return np.broadcast_to(first.transpose(order).reshape(kept), step.shape).copy()

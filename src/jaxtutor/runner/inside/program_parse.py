"""Reading an exported program in the clean child (see verify.py), and screening it.

A program may have been forged by the learner's code, so it is read as hostile: custom
calls outside a short allowlist are refused before anything is compiled (a Python
callback's custom call carries a pointer into the process that made it), and so are
host transfers, token arguments and function declarations without a body.
"""

from __future__ import annotations

from jaxtutor.runner import wire

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

_CONTEXT = []  # one MLIR context serves every program: making one is not free


class Refused(Exception):
    """A program this process will not run or judge (the reason is for the tutor)."""


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
        if op.operation.name == "sdy.mesh":  # a mesh's axis names and sizes (a sharded
            continue  # program's, shard_map's): they compute nothing
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

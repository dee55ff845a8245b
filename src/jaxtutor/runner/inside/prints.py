"""What the learner's code prints, inside the jail: hidden when it has printed it once
already, and left out of an exported program, which cannot print from elsewhere."""

from __future__ import annotations

import contextlib
import os
import sys


@contextlib.contextmanager
def quiet():
    """Hide what the learner's code prints when it has already printed it once."""
    saved = sys.stdout, sys.stderr
    with open(os.devnull, "w") as nowhere:  # not a buffer: a print loop could fill one
        sys.stdout = sys.stderr = nowhere
        try:
            yield
        finally:
            sys.stdout, sys.stderr = saved


@contextlib.contextmanager
def debug_prints_dropped(dropped: list):
    """jax.debug.print lowers to a host callback, which a program cannot carry out of
    its process: while exporting, it lowers to nothing (and `dropped` says so, so the
    trusted side can have the function called here, where it prints)."""
    from jax._src import debugging
    from jax._src.interpreters import mlir

    def nothing(ctx, *args, **params):
        dropped.append(True)
        if ctx.tokens_in is not None and ctx.tokens_in.effects():
            ctx.set_tokens_out(ctx.tokens_in)
        return []

    primitives = (debugging.debug_callback_p, debugging.debug_print_p)
    saved = [mlir._platform_specific_lowerings["cpu"].get(p) for p in primitives]
    for primitive in primitives:
        mlir.register_lowering(primitive, nothing, platform="cpu")
    try:
        yield
    finally:
        for primitive, rule in zip(primitives, saved):
            if rule is not None:
                mlir._platform_specific_lowerings["cpu"][primitive] = rule

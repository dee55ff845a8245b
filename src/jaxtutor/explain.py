"""JAX's own error messages, explained in the learner's terms.

The child reports an exception as plain data: its type, message and the frames of
the learner's own file (the runner's and JAX's frames are already gone). Here it
becomes a short explanation that points at the learner's line.
"""

from __future__ import annotations

import re

# (pattern in JAX's message, explanation); the first match wins
_KNOWN = [
    (r"Gradient only defined for scalar-output functions",
     "jax.grad (and value_and_grad) can only differentiate a function that returns one "
     "number, an array of shape (). The function you differentiated returned something "
     "else: reduce it to a scalar (for example with jnp.sum), or if it returns "
     "(loss, extra), pass has_aux=True."),
    (r"aux output to return a two-element tuple|has_aux=True.*pair",
     "With has_aux=True the differentiated function must return a pair "
     "(value_to_differentiate, auxiliary_data). Yours returned something else."),
    (r"grad requires real- or complex-valued inputs",
     "jax.grad differentiates with respect to floating-point inputs only; an integer "
     "like 2 has no derivative. Pass a float (2.0) or cast with .astype(jnp.float32)."),
    (r"scan body function carry input and carry output must have equal types",
     "The carry your scan step returns must have exactly the shape and dtype of the "
     "carry it received. Check what you return as the first element of the pair."),
    (r"scan body output must be a pair",
     "A lax.scan step must return a pair (new_carry, output); return None as the "
     "output when you collect nothing."),
    (r"TracerBoolConversionError|Attempted boolean conversion of traced array",
     "Inside jit, grad or scan, arrays are tracers with no concrete value yet, so Python's "
     "if/while cannot branch on them. Use jnp.where or lax.cond."),
    (r"ConcretizationTypeError|Abstract tracer value encountered",
     "This needed a concrete Python value, but inside a JAX transformation the array is a "
     "tracer. Keep the value as an array, or mark it static if it truly is a constant."),
    (r"TracerIntegerConversionError",
     "A traced array cannot be turned into a Python int inside jit or scan."),
    (r"Incompatible shapes for broadcasting|dot_general requires contracting dimensions",
     "Two arrays here have shapes that do not fit together. Print their .shape to see "
     "which one is not what you expected."),
    (r"argnums .* out of bounds|argnums.*must be",
     "argnums names argument positions, counting from 0; one of yours is not a position "
     "of the function you differentiate."),
    (r"^(SystemExit|KeyboardInterrupt):",
     "Your code tried to stop the program (sys.exit, exit() or KeyboardInterrupt). The "
     "tutor runs your file and then calls your function, so let it return its answer."),
]

_JAX_FOOTER = re.compile(r"\n-{10,}.*", re.S)  # JAX's note on traceback filtering


def clean_message(message: str) -> str:
    return _JAX_FOOTER.sub("", message).strip()


def explain(info: dict) -> tuple[str, int | None]:
    """An explanation of the learner's exception and the line it points at."""
    frames = info.get("frames") or []
    line = info.get("line") or (frames[-1]["line"] if frames else None)
    raw = f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"
    for pattern, words in _KNOWN:
        if re.search(pattern, raw):
            return f"{words}\n\n{raw}", line
    return raw, line


def traceback_text(info: dict) -> str:
    """The learner's frames only, innermost last, like a short Python traceback."""
    lines = [f"  line {f['line']}, in {f['function']}: {f['text']}"
             for f in info.get("frames") or []]
    return "\n".join(lines)

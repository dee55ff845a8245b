"""JAX's own error messages, explained in the learner's terms.

The child reports an exception as plain data: its type, message and the frames of
the learner's own file (the runner's and JAX's frames are already gone). Here it
becomes a short explanation that points at the learner's line.

Each pattern is written against the pinned JAX's real message: tests/test_explain.py
raises every catalogued error with that JAX and checks its entry matches it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    id: str
    pattern: str  # searched in "Type: message"
    words: str
    hint: str = ""  # what to do next about this error, in place of the lesson's ladder


# the first match wins, so narrower causes come before the broad ones they are part of
KNOWN = [
    Known(
        "grad_of_none",
        r"Gradient only defined for scalar-output functions\. Output was None",
        "The function you differentiated returns None: it has no return statement (or "
        "a bare return), so jax.grad has no number to differentiate.",
        hint="End the function you differentiate with return and the value it computes.",
    ),
    Known(
        "non_scalar_grad",
        r"Gradient only defined for scalar-output functions",
        "jax.grad (and value_and_grad) can only differentiate a function that returns one "
        "number, an array of shape (). The function you differentiated returned something "
        "else: reduce it to a scalar (for example with jnp.sum), or if it returns "
        "(loss, extra), pass has_aux=True.",
        hint="Print the shape of what the differentiated function returns: it must be (). Sum or average the per-example losses inside that function.",
    ),
    Known(
        "aux_not_a_pair",
        r"aux output to return a two-element tuple",
        "With has_aux=True the differentiated function must return a pair "
        "(value_to_differentiate, auxiliary_data). Yours returned something else.",
        hint="Make the differentiated function end with return loss, extra: one pair, the number to differentiate first.",
    ),
    Known(
        "integer_grad_input",
        r"grad requires real- or complex-valued inputs",
        "jax.grad differentiates with respect to floating-point inputs only; an integer "
        "like 2 has no derivative. Pass a float (2.0), or convert first with jnp.asarray "
        "and a float dtype, which works for a Python int as well as an array.",
        hint="Convert the input to a float array first (jnp.asarray with a float dtype), then differentiate.",
    ),
    Known(
        "scan_carry_types",
        r"scan body function carry input and carry output must have equal types",
        "The carry your scan step returns must have exactly the shape and dtype of the "
        "carry it received. Check what you return as the first element of the pair.",
        hint="Print the carry you start the scan with and the one your step returns: same structure, shapes and dtypes (0.0, not 0, for a float).",
    ),
    Known(
        "scan_not_a_pair",
        r"scan body output must be a pair",
        "A lax.scan step must return a pair (new_carry, output); return None as the "
        "output when you collect nothing.",
        hint="End the step with return new_carry, output (output may be None).",
    ),
    Known(
        "in_place_assignment",
        r"JAX arrays are immutable and do not support in-place item assignment",
        "JAX arrays cannot be changed in place, as NumPy or PyTorch arrays can: `a[i] = v` "
        "fails. Make a new array instead: a = a.at[i].set(v) (or .add, .mul).",
        hint="Replace a[i] = v with a = a.at[i].set(v), and a[i] += v with a = a.at[i].add(v); keep the returned array.",
    ),
    Known(
        "tracer_bool",
        r"TracerBoolConversionError|Attempted boolean conversion of traced array",
        "Under jit or vmap, and in the body of lax.scan or another lax loop, arrays are "
        "tracers with no concrete value yet, so Python cannot make True or False of them: "
        "not for an if or a while, nor for bool(), and, or, not (plain jax.grad runs on the "
        "numbers, so there it can). Keep the condition an array: jnp.where, or lax.cond, "
        "which takes it as it is.",
        hint="Write the decision as an array operation: jnp.where(condition, a, b), jnp.minimum or jnp.maximum, or lax.cond.",
    ),
    Known(
        "tracer_to_python_number",
        r"ConcretizationTypeError.*(item\(\) method|with the `float` function|with the `int` function|with the `bool` function)",
        "This turns a traced array into a Python number (.item(), float() or int()). "
        "Under jit or vmap, and in a lax loop's body, the array has no value yet, so it "
        "cannot become one; under grad, float() of a value being differentiated fails too. "
        "Keep it as an array: do the arithmetic with the array itself, return it if the "
        "caller needs the number, or use jax.debug.print to see it while it runs.",
        hint="Remove the .item(), float() or int() on that line and keep the array; to look at it while it runs, use jax.debug.print.",
    ),
    Known(
        "concrete_shape",
        r"Shapes must be 1D sequences of concrete values",
        "A shape must be known when JAX traces the function, but here it comes from a "
        "traced array. Take sizes from an array's .shape, or pass the size as a static "
        "argument (static_argnames) if it truly is a constant.",
        hint="Take the size from an array's .shape, which is known while tracing.",
    ),
    Known(
        "static_traced",
        r"Non-hashable static arguments are not supported.*Tracer",
        "An argument marked static (static_argnames or static_argnums) received a traced "
        "array: the tutor compiles your function with jax.jit as a whole, so its values "
        "are traced. A value that changes between calls, like a learning rate, should not "
        "be static: leave it out of static_argnames and static_argnums.",
        hint="Remove the argument from static_argnames/static_argnums: a value that changes from call to call stays a traced array.",
    ),
    Known(
        "concretization",
        r"ConcretizationTypeError|Abstract tracer value encountered",
        "This needed a concrete Python value, but inside a JAX transformation the array is a "
        "tracer. Keep the value as an array; only a value that is truly a constant of the "
        "program (a size, a flag) should be made static.",
        hint="Keep the value as an array on that line; make static only a true constant of the program, such as a size.",
    ),
    Known(
        "tracer_integer",
        r"TracerIntegerConversionError",
        "A traced array cannot be turned into a Python int inside jit or scan, for example "
        "to index a list or set a range(). Index arrays with the array itself, or loop with lax.scan.",
        hint="Index with the array itself, or loop with lax.scan or lax.fori_loop instead of range() over a traced value.",
    ),
    Known(
        "shapes_do_not_fit",
        r"(?i)incompatible shapes for broadcasting|dot_general requires contracting dimensions",
        "Two arrays here have shapes that do not fit together. Print their .shape to see "
        "which one is not what you expected.",
        hint="Print the .shape of each array on that line; add an axis (x[:, None]) or transpose where one is not what the formula needs.",
    ),
    Known(
        "vmap_sizes",
        r"vmap got inconsistent sizes for array axes to be mapped",
        "vmap maps each argument whose in_axes is not None over the axis in_axes gives it "
        "(0: the leading one), and those axes must all have the same size. The message "
        "lists each mapped axis's size: an argument shared by all examples should have "
        "in_axes None.",
        hint="Give in_axes None to the argument shared by every example, 0 to those with one row per example.",
    ),
    Known(
        "argnums_out_of_range",
        r"differentiating with respect to argnums=.* requires at least \d+ positional arguments",
        "argnums names argument positions, counting from 0; one of yours is not a position "
        "of the arguments you call the function with.",
        hint="Count the arguments of the call from 0 and use only those positions in argnums.",
    ),
    Known(
        "dict_arithmetic",
        r"unsupported operand type\(s\) for [-+*/]+: .*'dict'",
        "Arithmetic (+, -, *, /) does not apply to a dict as a whole, and one operand here "
        "is a dict (the parameters or the gradients, say). Update each entry: jax.tree.map "
        "applies a function to the matching leaves of params and grads; or write the dict "
        "out key by key.",
        hint="Update every leaf at once: jax.tree.map over params and grads, with the update "
        "of one leaf as its function.",
    ),
    Known(
        "missing_argument",
        r"missing \d+ required positional arguments?: ",
        "A function was called with fewer arguments than it takes: the message names the "
        "parameter left without a value (the last one, if an earlier argument was left out "
        "and the rest moved up). Check the call on the line shown, and that jax.grad's "
        "function gets every argument it needs.",
        hint="Pass every argument the function takes, in order, on the line shown.",
    ),
    Known(
        "python_number_astype",
        r"'(int|float)' object has no attribute 'astype'",
        ".astype is a method of arrays; a plain Python number has none. Convert with "
        "jnp.asarray and a dtype, which takes numbers and arrays alike.",
        hint="Use jnp.asarray(..., dtype=...) in place of x.astype(...).",
    ),
    Known(
        "grad_of_a_value",
        r"Expected a callable value, got",
        "jax.grad takes a function, not a number: jax.grad(f)(x) is already the value of "
        "f' at x. For f'' differentiate the function jax.grad(f): jax.grad(jax.grad(f))(x).",
        hint="Differentiate functions: jax.grad(jax.grad(f))(x) for f''(x), not jax.grad(jax.grad(f)(x)).",
    ),
    Known(
        "stopped",
        r"^(SystemExit|KeyboardInterrupt):",
        "Your code tried to stop the program (sys.exit, exit() or KeyboardInterrupt). The "
        "tutor runs your file and then calls your function, so let it return its answer.",
        hint="Remove sys.exit() or exit() and let your function return its answer.",
    ),
]

_JAX_FOOTER = re.compile(r"\n-{10,}.*", re.S)  # JAX's note on traceback filtering


def clean_message(message: str) -> str:
    return _JAX_FOOTER.sub("", message).strip()


def known(info: dict) -> Known | None:
    """The catalogue's entry for the learner's exception, if any."""
    raw = f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"
    return next((k for k in KNOWN if re.search(k.pattern, raw, re.S)), None)


def explain(info: dict) -> tuple[str, int | None]:
    """An explanation of the learner's exception and the line it points at."""
    frames = info.get("frames") or []
    line = info.get("line") or (frames[-1]["line"] if frames else None)
    raw = f"{info.get('type', 'Exception')}: {clean_message(info.get('message', ''))}"
    entry = known(info)
    if entry is not None:
        return f"{entry.words}\n\n{raw}", line
    return raw, line


def traceback_text(info: dict) -> str:
    """The learner's frames only, innermost last, like a short Python traceback."""
    lines = [
        f"  line {f['line']}, in {f['function']}: {f['text']}" for f in info.get("frames") or []
    ]
    return "\n".join(lines)

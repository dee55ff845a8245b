"""What an exception shows about the mistake behind it, so two raised errors are called
the same mistake only when they are: the exception type, the message with what differs
between two programs making one mistake taken out (addresses, file places, a carry's
variable name, the sizes in shapes), and the JAX operations on the line that raised.
A scan step returning no pair and a carry that starts as an integer both raise a
TypeError inside lax.scan; their evidence differs. And the learner's file as the text a
construct is searched in: its comments left out.
"""

from __future__ import annotations

import re

from jaxtutor.explain import clean_message

_DROP_LINES = re.compile(
    r"^(The error occurred while tracing|See https?://|This concrete value).*$", re.M
)
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")
_PLACE = re.compile(r"\S+\.py:\d+|line \d+")
_CARRY_NAME = re.compile(r"\b(carry|component) [\w\[\].']+ (has type)")
_SHAPE = re.compile(r"\[([\d, ]*\d[\d, ]*)\]|\((\d+(?:, ?\d+)*,?)\)")
_SIZE = re.compile(r"\b(size|sizes|length) \d+")
_TRACER = re.compile(r"\w*Tracer\([^)]*\)")
# JAX operations a line can be doing; what a raising line did is which of these it names
_OPERATIONS = (
    "value_and_grad",
    "grad",
    "scan",
    "vmap",
    "jit",
    "fori_loop",
    "while_loop",
    "cond",
    "at",
    "item",
    "float",
    "int",
    "tree",
    "dot",
    "sum",
    "mean",
)
_WORD = re.compile(r"[A-Za-z_]+")


def without_comments(source: str) -> str:
    """A file's text with its comments left out, where a construct is looked for: a
    comment that mentions jnp.where is no jnp.where."""
    return re.sub(r"#[^\n]*", "", source)


def normalised(message: str) -> str:
    text = _DROP_LINES.sub("", clean_message(message))
    text = _ADDRESS.sub("0x_", text)
    text = _PLACE.sub("<place>", text)
    text = _CARRY_NAME.sub(r"\1 _ \2", text)
    text = _TRACER.sub("Tracer", text)
    # a shape keeps its rank, not its sizes: f32[3] and f32[5] are one mistake, f32[] another
    text = _SHAPE.sub(
        lambda m: (
            "[" + ",".join("N" for _ in (m.group(1) or m.group(2)).split(",") if _.strip()) + "]"
        ),
        text,
    )
    text = _SIZE.sub(r"\1 N", text)
    return " ".join(text.split())


def operations(info: dict) -> frozenset[str]:
    """The JAX operations named on the learner's innermost line."""
    frames = info.get("frames") or []
    text = frames[-1].get("text", "") if frames else ""
    return frozenset(w for w in _WORD.findall(text) if w in _OPERATIONS)


def same_error(a: dict, b: dict) -> bool:
    """Whether two raised errors (a child's reports) show the same mistake."""
    if a.get("type") != b.get("type"):
        return False
    if normalised(a.get("message", "")) != normalised(b.get("message", "")):
        return False
    mine, theirs = operations(a), operations(b)
    # a line that names no operation (a helper's `return x`) says nothing either way
    return not mine or not theirs or bool(mine & theirs)

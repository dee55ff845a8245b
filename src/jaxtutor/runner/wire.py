"""The wire between the trusted side and the learner's child: frames of plain JSON.

Both sides import this module, so it needs nothing but numpy and the stdlib. Arrays
travel as dtype, shape and base64 bytes; nothing is ever pickled, so the child can
send only data, never objects that run code when read. Everything the trusted side
reads from the child is untrusted: any malformed input raises WireError, never
another exception (a crash of the tutor would be blamed on the learner's code).
"""

from __future__ import annotations

import base64
import json
import math
import os
import re
import struct
from collections.abc import Sequence

import numpy as np

MAX_FRAME = 64 * 1024 * 1024  # a larger frame is a broken or hostile child
# the largest program (jax.export's serialized StableHLO) the tutor checks; a tutorial's
# are a few KiB. The learner's process measures its own and sends none larger: it says
# how large it was instead (a "limit" reply, below)
MAX_PROGRAM = 8 * 1024 * 1024
MAX_DEPTH = 64  # pytrees nested deeper than this are refused (and json's recursion with them)
_HEADER = struct.Struct(">I")
HEADER_SIZE = _HEADER.size
# dtypes an answer may have; anything else (object, strings, bfloat16...) is not data we decode
_DTYPES = {
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float16",
    "float32",
    "float64",
    "complex64",
    "complex128",
}


class WireError(Exception):
    """A frame that is not a well-formed message."""


def pack_frame(message: dict) -> bytes:
    data = json.dumps(message, separators=(",", ":")).encode()
    if len(data) > MAX_FRAME:
        raise WireError(f"frame of {len(data)} bytes is too large")
    return _HEADER.pack(len(data)) + data


def write_frame(fd: int, message: dict) -> None:
    view = memoryview(pack_frame(message))
    while view:
        view = view[os.write(fd, view) :]


def read_exact(fd: int, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def frame_size(header: bytes | bytearray) -> int:
    (size,) = _HEADER.unpack(header[:HEADER_SIZE])
    if size > MAX_FRAME:
        raise WireError(f"frame of {size} bytes is too large")
    return size


def decode_frame(data: bytes) -> dict:
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as exc:  # RecursionError: absurdly nested JSON
        raise WireError(f"not JSON: {type(exc).__name__}") from None
    if not isinstance(message, dict):
        raise WireError("a frame must hold a JSON object")
    return message


def read_frame(fd: int) -> dict:
    return decode_frame(read_exact(fd, frame_size(read_exact(fd, HEADER_SIZE))))


# -- values: a pytree of arrays, scalars, tuples, lists, dicts and None ---------------


def encode_value(value, to_numpy=np.asarray, _depth: int = 0) -> object:
    """Turn a pytree into JSON-able data. `to_numpy` converts array-likes (jax.Array)."""
    if _depth > MAX_DEPTH:
        return {"other": "pytree nested too deeply"}
    if value is None:
        return None
    if isinstance(value, bool):
        return {"py": "bool", "v": value}
    if isinstance(value, int):
        return {"py": "int", "v": int(value)}
    if isinstance(value, float):  # np.float64 too (a float subclass): a plain number
        return {"py": "float", "v": float(value)}
    if isinstance(value, (np.ndarray, np.generic)):
        return _encode_array(np.asarray(value))
    if isinstance(value, (tuple, list)):
        kind = "tuple" if isinstance(value, tuple) else "list"
        return {kind: [encode_value(v, to_numpy, _depth + 1) for v in value]}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            return {"other": "dict with non-string keys"}
        return {"dict": {k: encode_value(v, to_numpy, _depth + 1) for k, v in value.items()}}
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return _encode_array(np.asarray(to_numpy(value)))
    return {"other": type(value).__name__}


def _encode_array(arr: np.ndarray) -> dict:
    if arr.dtype.name not in _DTYPES:
        return {"other": f"{arr.dtype.name} array"}
    # tobytes(order="C"), not ascontiguousarray: that makes 0-d arrays 1-d
    return {
        "array": {
            "dtype": arr.dtype.name,
            "shape": list(arr.shape),
            "data": base64.b64encode(arr.tobytes(order="C")).decode(),
        }
    }


class Opaque:
    """A value the child could not send as data (a function, a string, an object)."""

    def __init__(self, type_name: str):
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


_SCALARS = {"bool": bool, "int": int, "float": float}


def decode_value(data, _depth: int = 0) -> object:
    """Rebuild a pytree of numpy arrays; refuse anything malformed with WireError."""
    if _depth > MAX_DEPTH:
        raise WireError("value nested too deeply")
    if data is None:
        return None
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise WireError("malformed value")
    if "py" in data:
        kind, v = data["py"], data.get("v")
        ok = kind in _SCALARS and (type(v) is _SCALARS[kind] or kind == "float" and type(v) is int)
        if not ok:
            raise WireError("malformed scalar")
        return _SCALARS[kind](v)
    if len(data) != 1:
        raise WireError("malformed value")
    ((kind, body),) = data.items()
    if kind in ("tuple", "list") and isinstance(body, list):
        items = [decode_value(v, _depth + 1) for v in body]
        return tuple(items) if kind == "tuple" else items
    if kind == "dict" and isinstance(body, dict):
        return {k: decode_value(v, _depth + 1) for k, v in body.items()}
    if kind == "array" and isinstance(body, dict):
        return _decode_array(body)
    if kind == "other" and isinstance(body, str):
        return Opaque(body[:200])
    raise WireError("malformed value")


def _decode_array(spec: dict) -> np.ndarray:
    dtype, shape, text = spec.get("dtype"), spec.get("shape"), spec.get("data")
    if (
        dtype not in _DTYPES
        or not isinstance(shape, list)
        or len(shape) > 32
        or not all(type(n) is int and n >= 0 for n in shape)
        or not isinstance(text, str)
    ):
        raise WireError("malformed array")
    try:
        raw = base64.b64decode(text, validate=True)
    except (ValueError, TypeError):
        raise WireError("malformed array bytes") from None
    itemsize = np.dtype(dtype).itemsize
    if len(raw) != math.prod(shape) * itemsize:  # exact integers: a huge shape cannot overflow
        raise WireError("array bytes do not match its shape")
    return np.frombuffer(raw, dtype=np.dtype(dtype)).reshape(shape).copy()


def static_positions(args) -> tuple[int, ...]:
    """Python ints, bools, strings and None stay Python values under jit, as in a plain
    call (they often steer loops). Floats are traced: one compile serves every lr. The
    learner's child and the process that runs its exported programs agree on this."""
    return tuple(i for i, a in enumerate(args) if a is None or isinstance(a, (bool, int, str)))


def input_signature(args) -> tuple:
    """What one exported program serves: the arguments' tree, each array's shape and
    kind, the values of the static ones (as the child's jit sees them)."""
    if isinstance(args, (tuple, list)):
        return (type(args).__name__, tuple(input_signature(a) for a in args))
    if isinstance(args, dict):
        return ("dict", tuple((k, input_signature(v)) for k, v in sorted(args.items())))
    if isinstance(args, np.ndarray):
        kind = "float" if args.dtype.kind == "f" else str(args.dtype)
        return ("array", args.shape, kind)
    if isinstance(args, float):
        return ("float",)
    return ("static", repr(args))


def planned(calls: Sequence[tuple]) -> list[tuple]:
    """Of the calls a later request will make, the ones a child plans its compiles
    with (a call request's "ahead"): whether its Python int arguments are traced is
    decided by their values per input signature, so of each signature with the ints
    left out, the first call and the first with other ints. The others would be sent,
    decoded and put on the device for nothing: a lesson's 80 hidden cases made 400 KB,
    twice a check."""
    kept: list[tuple] = []
    values: dict[tuple, set[tuple]] = {}
    for args in calls:
        ints = tuple(a for a in args if type(a) is int)
        erased = tuple(("int",) if type(a) is int else input_signature(a) for a in args)
        seen = values.setdefault(erased, set())
        if ints not in seen and len(seen) < 2:
            seen.add(ints)
            kept.append(args)
    return kept


# -- the child's note on a call reply ---------------------------------------------------

NOT_TRACEABLE = (
    "Note: your function could not be compiled with jax.jit ({error}), so the "
    "tests called it without jit, one operation at a time."
)
KEEPS_TRACERS = (
    "Note: your function keeps a traced value after it returns (in a global or "
    "a default argument, say), so jit would reuse a stale one; the tests called "
    "it without jit. JAX functions should return everything they compute."
)
CHANGES_STATE = (
    "Note: your function changes Python state when it runs (a global, a default "
    "argument or NumPy's random generator), which jit does only once, while it "
    "traces; the tests called it without jit. JAX functions should be pure: the "
    "same arguments, the same answer."
)
_NOTES = [
    re.compile(re.escape(NOT_TRACEABLE).replace(re.escape("{error}"), r"[\w.]{1,200}")),
    re.compile(re.escape(KEEPS_TRACERS)),
    re.compile(re.escape(CHANGES_STATE)),
]


def clean_note(note) -> str | None:
    """The child's note if it is one the child writes, else None: the note reaches
    the verdict's message, and learner code in the child must not write text there."""
    ok = isinstance(note, str) and any(pattern.fullmatch(note) for pattern in _NOTES)
    return note if ok else None


# -- reports of the learner's errors, as the trusted side accepts them ----------------


def _text(value, limit: int = 4000) -> str:
    return value[:limit] if isinstance(value, str) else ""


def _int(value) -> int | None:
    return value if type(value) is int else None


def clean_error(info) -> dict:
    """A child's error report with every field of the type the tutor expects: a
    hostile child cannot crash the tutor's explanation code with odd types."""
    if not isinstance(info, dict):
        raise WireError("malformed error report")
    frames = info.get("frames")
    if not isinstance(frames, list):
        frames = []
    clean = {
        "ok": False,
        "kind": _text(info.get("kind"), 40),
        "type": _text(info.get("type"), 200) or "Exception",
        "message": _text(info.get("message")),
        "frames": [
            {
                "line": _int(f.get("line")) or 0,
                "function": _text(f.get("function"), 200),
                "text": _text(f.get("text"), 500),
            }
            for f in frames[:20]
            if isinstance(f, dict)
        ],
    }
    for key in ("line", "column"):
        if key in info:
            clean[key] = _int(info[key])
    if "text" in info:
        clean["text"] = _text(info["text"], 500)
    if "what" in info:
        clean["what"] = _text(info["what"], 200) or None
    if "found" in info:
        found = info["found"] if isinstance(info["found"], list) else []
        clean["found"] = [_text(name, 200) for name in found[:50] if isinstance(name, str)]
    return clean


# -- how a request is going, and why a child could not answer it -----------------------

# The exit codes of a learner's process when the tutor's runner in it fails outside any
# request's handler (runner/inside/learner_process.py): its pipes to the tutor were
# closed or broken inside the process (only code in it can close them), or the runner
# raised. Code in that process can exit with either: they decide words, never a pass.
EXIT_PIPES_LOST = 74
EXIT_RUNNER_FAILED = 70

# What a child is doing, by request: its op until it says more (a "progress" frame with
# the request's id, sent while the request runs). export: `trace` (JAX runs the
# function's Python once, with traced values), then `lower` (the trace, done, turned into
# the program); verify: `check` (the program read and screened), `compile` (XLA compiles
# it), `run` (it runs on the cases).
PHASES = {"load": ("load",), "call": ("call",), "compiles": ("call",), "export": ("trace", "lower")}
PHASES["verify"] = ("check", "compile", "run")
_NUMBERS = ("ops", "bytes", "constant_bytes")  # what a progress frame may measure
_LIMITS = ("program", "reply", "callback")
CALLBACKS = ("pure_callback", "io_callback")  # host callbacks a trace may hold
_SHAPE = re.compile(r"[a-z0-9]{1,12}\[[0-9,]{0,80}\]")


def _count(value) -> int | None:
    return value if type(value) is int and 0 <= value < 1 << 53 else None


def clean_progress(op: str, frame: dict) -> tuple[str, dict] | None:
    """A progress frame's phase and numbers, if it is one the runner sends during `op`."""
    phase = frame.get("progress")
    if not isinstance(phase, str) or phase not in PHASES.get(op, ()):
        return None
    return phase, {k: n for k in _NUMBERS if (n := _count(frame.get(k))) is not None}


def clean_limit(reply: dict) -> dict | None:
    """A "limit" reply (the child could not send what it was asked for: see errors.py's
    RunEnded), every field checked; None if the reply is not one."""
    if reply.get("ok") is not False or reply.get("kind") != "limit":
        return None
    limit = reply.get("limit")
    if limit not in _LIMITS:
        return None
    clean: dict = {"limit": limit}
    for key in ("bytes", "ops", "constant_bytes", "largest_bytes"):
        if (n := _count(reply.get(key))) is not None:
            clean[key] = n
    shape = reply.get("largest")
    if isinstance(shape, str) and _SHAPE.fullmatch(shape):
        clean["largest"] = shape
    if reply.get("primitive") in CALLBACKS:
        clean["primitive"] = reply["primitive"]
    return clean

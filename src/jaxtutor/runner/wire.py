"""The wire between the trusted side and the learner's child: frames of plain JSON.

Both sides import this module, so it needs nothing but numpy and the stdlib. Arrays
travel as dtype, shape and base64 bytes; nothing is ever pickled, so the child can
send only data, never objects that run code when read.
"""

from __future__ import annotations

import base64
import json
import os
import struct

import numpy as np

MAX_FRAME = 64 * 1024 * 1024  # a larger frame is a broken or hostile child
_HEADER = struct.Struct(">I")
# dtypes an answer may have; anything else is refused instead of decoded
_DTYPES = {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
           "uint64", "float16", "float32", "float64", "complex64", "complex128"}


class WireError(Exception):
    """A frame that is not a well-formed message."""


def write_frame(fd: int, message: dict) -> None:
    data = json.dumps(message, separators=(",", ":")).encode()
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def read_exact(fd: int, n: int) -> bytes:
    chunks, got = [], 0
    while got < n:
        chunk = os.read(fd, n - got)
        if not chunk:
            raise EOFError
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks)


def decode_frame(data: bytes) -> dict:
    try:
        message = json.loads(data)
    except ValueError as exc:
        raise WireError(f"not JSON: {exc}") from None
    if not isinstance(message, dict):
        raise WireError("a frame must hold a JSON object")
    return message


def read_frame(fd: int) -> dict:
    (size,) = _HEADER.unpack(read_exact(fd, _HEADER.size))
    if size > MAX_FRAME:
        raise WireError(f"frame of {size} bytes is too large")
    return decode_frame(read_exact(fd, size))


# -- values: a pytree of arrays, scalars, tuples, lists, dicts and None ---------------

def encode_value(value, to_numpy=np.asarray) -> object:
    """Turn a pytree into JSON-able data. `to_numpy` converts array-likes (jax.Array)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return {"py": "bool", "v": value}
    if isinstance(value, int):
        return {"py": "int", "v": value}
    if isinstance(value, float):
        return {"py": "float", "v": value}
    if isinstance(value, tuple):
        return {"tuple": [encode_value(v, to_numpy) for v in value]}
    if isinstance(value, list):
        return {"list": [encode_value(v, to_numpy) for v in value]}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            return {"other": "dict with non-string keys"}
        return {"dict": {k: encode_value(v, to_numpy) for k, v in value.items()}}
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        arr = np.asarray(to_numpy(value))  # not ascontiguousarray: it makes 0-d arrays 1-d
        return {"array": {"dtype": arr.dtype.name, "shape": list(arr.shape),
                          "data": base64.b64encode(arr.tobytes(order="C")).decode()}}
    return {"other": type(value).__name__}


class Opaque:
    """A value the child could not send as data (a function, a string, an object)."""

    def __init__(self, type_name: str):
        self.type_name = type_name

    def __repr__(self) -> str:
        return f"<{self.type_name}>"


def decode_value(data) -> object:
    """Rebuild a pytree of numpy arrays; refuse anything malformed with WireError."""
    if data is None:
        return None
    if not isinstance(data, dict) or len(data) > 2:
        raise WireError("malformed value")
    if "py" in data:
        kind, v = data["py"], data.get("v")
        types = {"bool": bool, "int": int, "float": float}
        if kind not in types or type(v) is not types[kind] and not (kind == "float" and type(v) is int):
            raise WireError("malformed scalar")
        return types[kind](v)
    if "tuple" in data and isinstance(data["tuple"], list):
        return tuple(decode_value(v) for v in data["tuple"])
    if "list" in data and isinstance(data["list"], list):
        return [decode_value(v) for v in data["list"]]
    if "dict" in data and isinstance(data["dict"], dict):
        return {str(k): decode_value(v) for k, v in data["dict"].items()}
    if "array" in data and isinstance(data["array"], dict):
        spec = data["array"]
        dtype, shape = spec.get("dtype"), spec.get("shape")
        if dtype not in _DTYPES or not isinstance(shape, list) or not all(
                isinstance(n, int) and n >= 0 for n in shape):
            raise WireError("malformed array")
        try:
            raw = base64.b64decode(spec.get("data", ""), validate=True)
        except (ValueError, TypeError):
            raise WireError("malformed array bytes") from None
        arr = np.frombuffer(raw, dtype=np.dtype(dtype))
        if arr.size != int(np.prod(shape, dtype=np.int64)):
            raise WireError("array bytes do not match its shape")
        return arr.reshape(shape).copy()
    if "other" in data:
        return Opaque(str(data["other"]))
    raise WireError("malformed value")

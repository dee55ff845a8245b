"""The wire: pytrees survive the trip as plain JSON data, and anything malformed a hostile
child might send is refused with WireError (never another exception, never code run)."""

from __future__ import annotations

import base64
import json
import os
import re
from pathlib import Path

import numpy as np
import pytest

from jaxtutor.runner import wire
from jaxtutor.runner.wire import Opaque, WireError

RUNNER = Path(wire.__file__).parent


def trip(value):
    """Encode, frame, unframe and decode, as between the two processes."""
    frame = wire.pack_frame({"value": wire.encode_value(value)})
    assert wire.frame_size(frame) == len(frame) - wire.HEADER_SIZE
    return wire.decode_value(wire.decode_frame(frame[wire.HEADER_SIZE :])["value"])


def same(a, b) -> bool:
    if isinstance(a, np.ndarray):
        return (
            isinstance(b, np.ndarray)
            and a.dtype == b.dtype
            and a.shape == b.shape
            and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
        )
    if isinstance(a, (tuple, list)):
        return type(a) is type(b) and len(a) == len(b) and all(map(same, a, b))
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


@pytest.mark.parametrize("dtype", sorted(wire._DTYPES))
def test_arrays_of_every_allowed_dtype_round_trip(dtype):
    arr = (np.arange(12) % 5).astype(dtype).reshape(3, 4)
    assert same(trip(arr), arr)
    assert same(trip(arr.T), arr.T)  # not contiguous
    if dtype != "float64":  # np.float64 is a Python float, and travels as one
        assert same(trip(arr[0, 0]), np.asarray(arr[0, 0]))  # numpy scalars: 0-d arrays
    assert same(trip(np.asarray(arr[0, 0])), np.asarray(arr[0, 0]))


def test_pytrees_round_trip():
    tree = {
        "w": np.array([1.5, np.nan, -np.inf], np.float32),
        "b": np.float64(2.0),
        "nested": ([1, 2.5, True, None], (np.zeros((0, 3)), {"k": np.int32(7)})),
        "big": 2**70,
    }
    back = trip(tree)
    assert same(back["w"], tree["w"]) and type(back["b"]) is float and back["b"] == 2.0
    assert back["nested"][0] == [1, 2.5, True, None]
    assert type(back["nested"][0][2]) is bool and type(back["nested"][0][0]) is int
    assert same(back["nested"][1][0], np.zeros((0, 3)))
    assert back["nested"][1][1]["k"].dtype == np.int32 and back["big"] == 2**70


@pytest.mark.parametrize(
    "value, name",
    [
        ("text", "str"),
        (len, "builtin_function_or_method"),
        ({1: 2}, "dict with non-string keys"),
        (np.array([object()]), "object array"),
        (np.array(["a", "b"]), "str32 array"),
    ],
)
def test_values_that_are_not_data_travel_as_opaque_names(value, name):
    back = trip(value)
    assert isinstance(back, Opaque) and back.type_name == name


def test_deep_pytrees_are_cut_when_sent_and_refused_when_read():
    deep = []
    for _ in range(wire.MAX_DEPTH + 10):
        deep = [deep]
    encoded = wire.encode_value(deep)
    assert "pytree nested too deeply" in json.dumps(encoded)
    forged = None
    for _ in range(wire.MAX_DEPTH + 10):
        forged = {"list": [forged]}
    with pytest.raises(WireError):
        wire.decode_value(forged)


def _array(dtype="float64", shape=(2,), data=None):
    if data is None:
        data = base64.b64encode(np.zeros(2).tobytes()).decode()  # two float64 values
    return {"array": {"dtype": dtype, "shape": list(shape), "data": data}}


@pytest.mark.parametrize(
    "data",
    [
        [],
        "text",
        3,
        {"py": "int"},
        {"py": "int", "v": "3"},
        {"py": "bool", "v": 1},
        {"py": "int", "v": True},
        {"py": "eval", "v": 1},
        {"py": "int", "v": 1, "x": 2},
        {"tuple": {"a": 1}},
        {"list": "abc"},
        {"dict": []},
        {"other": 3},
        {"tuple": [], "list": []},
        {"code": "import os"},
        {"array": []},
        _array(dtype="object"),
        _array(dtype="O"),
        _array(dtype="<f8"),
        _array(dtype=None),
        _array(shape=(3,)),
        _array(shape=(-2,)),
        {"array": {"dtype": "float64", "shape": [True, 2], "data": ""}},
        {"array": {"dtype": "float64", "shape": [2**62, 2**62], "data": ""}},
        {"array": {"dtype": "float64", "shape": [2**62, 2**62, 0], "data": "AA=="}},
        {"array": {"dtype": "float64", "shape": [1] * 40, "data": ""}},
        _array(data="!!!not base64!!!"),
        _array(data=7),
        {"array": {"dtype": "float64", "shape": "2", "data": ""}},
    ],
)
def test_malformed_values_are_refused(data):
    with pytest.raises(WireError):
        wire.decode_value(data)


@pytest.mark.parametrize(
    "payload",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b'"text"',
        b"null",
        b"[" * 100000 + b"]" * 100000,
        b'{"a": 1',
        b"\xff\xfe",
        b'{"n": 1' + b"0" * 5000 + b"}",
    ],
)
def test_malformed_frames_are_refused(payload):
    with pytest.raises(WireError):
        wire.decode_frame(payload)


def test_oversized_frames_are_refused_before_reading_them():
    with pytest.raises(WireError):
        wire.frame_size((wire.MAX_FRAME + 1).to_bytes(4, "big"))
    r, w = os.pipe()
    try:
        os.write(w, (2**32 - 1).to_bytes(4, "big"))
        with pytest.raises(WireError):
            wire.read_frame(r)
    finally:
        os.close(r)
        os.close(w)


def test_frames_cross_a_real_pipe_and_eof_midway_is_an_eoferror():
    r, w = os.pipe()
    message = {"ok": True, "value": wire.encode_value((np.eye(3), [1.0]))}
    wire.write_frame(w, message)
    assert wire.read_frame(r) == message
    os.write(w, wire.pack_frame(message)[:10])
    os.close(w)
    with pytest.raises(EOFError):
        wire.read_frame(r)
    os.close(r)


def test_error_reports_are_cleaned_to_the_expected_types():
    info = wire.clean_error(
        {
            "ok": False,
            "kind": ["x"],
            "type": None,
            "message": {"a": 1},
            "frames": [{"line": "3", "function": 5, "text": None}, "junk"],
            "line": 2.5,
            "column": 4,
            "text": b"x",
            "found": "abc",
        }
    )
    assert info == {
        "ok": False,
        "kind": "",
        "type": "Exception",
        "message": "",
        "frames": [{"line": 0, "function": "", "text": ""}],
        "line": None,
        "column": 4,
        "text": "",
        "found": [],
    }
    with pytest.raises(WireError):
        wire.clean_error(["not", "a", "dict"])


def test_no_pickle_anywhere_on_the_wire():
    """Nothing in the runner can turn bytes from the child into objects: no pickle,
    marshal or np.load, and an object array is refused rather than decoded."""
    forbidden = re.compile(
        r"\bimport (c?pickle|marshal|shelve|dill)\b|pickle\.|marshal\.|"
        r"allow_pickle\s*=\s*True|np\.load\(|numpy\.load\(|\beval\("
    )
    for path in RUNNER.glob("*.py"):
        assert not forbidden.search(path.read_text()), path.name
    raw = np.array([1, 2], dtype=object).tobytes()
    with pytest.raises(WireError):
        wire.decode_value(
            {"array": {"dtype": "object", "shape": [2], "data": base64.b64encode(raw).decode()}}
        )


def test_only_the_childs_own_note_is_accepted():
    note = wire.NOT_TRACEABLE.format(error="TracerBoolConversionError")
    assert wire.clean_note(note) == note
    # learner code in the child could forge a reply: its text must not reach the verdict
    for forged in (
        note + " All tests passed.",
        "All tests passed.",
        None,
        3,
        ["x"],
        wire.NOT_TRACEABLE.format(error="x) and all tests passed (y"),
    ):
        assert wire.clean_note(forged) is None


def test_of_the_calls_ahead_only_those_a_child_plans_with_are_sent():
    """Per input signature with its Python ints left out, the first call and the first
    with other ints; a float, a bool or an array's shape is part of the signature."""
    x3, x5 = np.zeros(3, np.float32), np.zeros(5, np.float32)
    calls = [
        (x3, 1),
        (x3 + 1.0, 1),  # the same signature and seed: not needed
        (x3, 2),
        (x3, 3),  # a third seed says nothing a second did not
        (x5, 1),
        (x3, True),  # a bool stays a static value of its own
        (x3, 0.5),
        (x3, 0.25),  # traced: one program for every float
        ({"w": x5}, 4),
    ]
    kept = wire.planned(calls)
    assert [next(i for i, c in enumerate(calls) if c is k) for k in kept] == [0, 2, 4, 5, 6, 8]
    assert wire.planned([]) == []

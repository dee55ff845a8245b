"""The learner's file inside the jail: loaded (its module run, its function found),
run again when jit must be given up, and its errors shaped as plain data that shows only
the learner's own lines."""

from __future__ import annotations

import linecache
import sys
import traceback
import types

from jaxtutor.runner.inside import compiles, prints, purity

_MAX_MESSAGE = 4000

# The loaded file: filename, source code, function name, the function, its namespace,
# its jit state (compiles.jit_state), its Python state after loading (purity.state) and
# its exported programs. Set by `load`; a clean child's stays empty.
LEARNER = {}

# The programs a trusted child ran (the reference, the mutants), by source: loaded again
# (the next check's hidden cases), one whose calls left its Python state as it was
# (`purity.state`) is not run afresh, so what it compiled serves again. A learner's
# child loads one file, once.
_LOADED: dict[tuple, dict] = {}


def _learner_frames(tb) -> list[dict]:
    """The frames of the learner's own file: the runner's and JAX's are hidden."""
    filename = LEARNER.get("filename")
    frames = [
        {"line": f.lineno, "function": f.name, "text": (f.line or "").strip()}
        for f in traceback.extract_tb(tb)
        if f.filename == filename
    ]
    if len(frames) > 8:  # deep recursion: the first and the last few tell the story
        frames = (
            frames[:3]
            + [{"line": 0, "function": "...", "text": f"{len(frames) - 6} more"}]
            + frames[-3:]
        )
    return frames


def error(kind: str, exc: BaseException) -> dict:
    """The learner's exception as a reply: its type, message and the learner's frames."""
    try:
        message = str(exc)
    except BaseException:  # the learner's own exception class may refuse to print
        message = "(this exception's message could not be shown)"
    if len(message) > _MAX_MESSAGE:
        message = message[:_MAX_MESSAGE] + " ..."
    reply = {
        "ok": False,
        "kind": kind,
        "type": type(exc).__name__,
        "message": message,
        "frames": _learner_frames(exc.__traceback__),
    }
    if isinstance(exc, SyntaxError):
        reply.update(
            line=exc.lineno, column=exc.offset, text=(exc.text or "").rstrip("\n"), message=exc.msg
        )
    return reply


def _namespace() -> dict:
    """A fresh module for the learner's file (load looks for its functions by this
    module name), in sys.modules as an imported one is: dataclasses looks a class's
    module up there to read its field types."""
    module = types.ModuleType("__learner__")
    module.__file__ = LEARNER["filename"]
    sys.modules["__learner__"] = module
    return module.__dict__


def load(request: dict) -> dict:
    """The "load" request: run the learner's file and find its function."""
    filename = request["filename"]
    LEARNER["filename"] = filename
    # so tracebacks can quote the learner's lines
    linecache.cache[filename] = (
        len(request["source"]),
        None,
        request["source"].splitlines(True),
        filename,
    )
    key = (request["source"], filename, request["function"])
    if key in _LOADED:
        LEARNER.update(_LOADED[key])  # what it compiled is there for its new cases
        if purity.state(LEARNER) == LEARNER["state"]:  # its calls changed nothing it keeps
            return {"ok": True}
    try:
        # dont_inherit: none of this module's __future__ imports reach the learner's file
        code = compile(request["source"], filename, "exec", dont_inherit=True)
    except SyntaxError as exc:
        return error("syntax", exc)
    namespace = _namespace()
    try:
        exec(code, namespace)
    except BaseException as exc:  # SystemExit and KeyboardInterrupt are the learner's too
        return error("exception", exc)
    fn = namespace.get(request["function"])
    if not callable(fn):
        found = sorted(
            k
            for k, v in namespace.items()
            if callable(v)
            and not k.startswith("_")
            and getattr(v, "__module__", None) == "__learner__"
        )
        return {
            "ok": False,
            "kind": "missing",
            "found": found,
            "what": None if fn is None else type(fn).__name__,
        }
    LEARNER.update(
        function=fn,
        code=code,
        name=request["function"],
        namespace=namespace,
        jit=compiles.jit_state(fn),
        exported={},
    )
    LEARNER["state"] = purity.state(LEARNER)
    _LOADED[key] = dict(LEARNER)
    while len(_LOADED) > 64:
        del _LOADED[next(iter(_LOADED))]
    return {"ok": True}


def reload() -> None:
    """Run the learner's file again in a fresh namespace, its prints hidden (they ran)."""
    namespace = _namespace()
    with prints.quiet():
        exec(LEARNER["code"], namespace)
    LEARNER.update(function=namespace[LEARNER["name"]], namespace=namespace)

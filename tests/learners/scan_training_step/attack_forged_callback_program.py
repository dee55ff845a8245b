# expect: fail no_scan
# a file that answers the tutor's export request itself, with a program it built: a
# correct scan, plus a host callback (a pointer into this process) the checking process
# must refuse to compile
import base64
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax._src.lib import _jax
from jax._src.lib.mlir.dialects import hlo


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    return lax.scan(step, w, (x_batches, y_batches))[0]


def _with_callback(w, lr, x_batches, y_batches):
    seen = jax.pure_callback(lambda v: np.asarray(v), jax.ShapeDtypeStruct((), jnp.float32), w)
    return scan_training_step(seen, lr, x_batches, y_batches)


def _forged_export(request):
    programs = []
    for args in child.wire.decode_value(request["calls"]):
        args = child.learner_calls.to_jax(args)
        module = jax.jit(_with_callback).lower(*args).compiler_ir("stablehlo")
        version = hlo.get_version_from_compatibility_requirement(
            hlo.StablehloCompatibilityRequirement.WEEK_4)
        data = _jax.mlir.serialize_portable_artifact(module, version, False)
        programs.append({"ok": True, "tree": {"py": "int", "v": 0},
                         "module": base64.b64encode(data).decode()})
    return {"ok": True, "programs": programs}


for child in (sys.modules.get("jaxtutor.runner.inside.learner_process"), sys.modules.get("__main__")):
    if hasattr(child, "_HANDLERS"):
        child._HANDLERS["export"] = _forged_export
        break

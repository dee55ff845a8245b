# expect: fail no_scan
# a Python loop, and a file that rewrites the tutor's process to claim a scan: the
# handler that answered "is there a scan?" and the jaxpr walk behind it
import sys

import jax.numpy as jnp

for child in (sys.modules.get("jaxtutor.runner.inside.learner_process"), sys.modules.get("__main__")):
    if not hasattr(child, "_HANDLERS"):
        continue

    def _claim(request):
        return {"ok": True, "primitives": ["scan", "jit"],
                "scans": [{"over_inputs": True, "reverse": False}]}

    def _walk(jaxpr, tainted, report):
        report["primitives"].add("scan")
        report["scans"].append({"over_inputs": True, "reverse": False})

    child._HANDLERS["structure"] = _claim
    child._structure = _claim
    child._walk = _walk


def scan_training_step(w, lr, x_batches, y_batches):
    for i in range(x_batches.shape[0]):
        x, y = x_batches[i], y_batches[i]
        w = w - lr * 2 * jnp.sum((w * x - y) * x)
    return w

# expect: fail no_scan
# uses a scan only when it notices it is being inspected rather than run: it wraps
# jax.make_jaxpr (which the tutor's process once used to look for a scan), and then also
# looks for the tutor's frames on the stack
import inspect

import jax
import jax.numpy as jnp
from jax import lax

_probing = []
_make_jaxpr = jax.make_jaxpr


def _noticing(fn, *args, **kwargs):
    def probed(*a):
        _probing.append(True)
        try:
            return fn(*a)
        finally:
            _probing.pop()

    return _make_jaxpr(probed, *args, **kwargs)


jax.make_jaxpr = _noticing


def _inspected() -> bool:
    return bool(_probing) or any(f.function == "_structure" for f in inspect.stack())


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * 2 * jnp.sum((w * x - y) * x), None

    if _inspected():
        return lax.scan(step, w, (x_batches, y_batches))[0]
    for i in range(x_batches.shape[0]):
        w, _ = step(w, (x_batches[i], y_batches[i]))
    return w

# A wrong answer that rewires the tutor's own modules inside its process: every
# comparison matches, every verdict passes, and the wire encodes the reference's answer.
import jax.numpy as jnp

import jaxtutor.check
import jaxtutor.oracles.base as base
import jaxtutor.verdict as verdict
from jaxtutor.runner import child, wire

base.matches = lambda *a, **k: True
base.mismatch = lambda *a, **k: None
base.Report.passed = property(lambda self: True)
verdict.Verdict.passed = property(lambda self: True)
jaxtutor.check._judge = lambda *a, **k: None
_real_encode = wire.encode_value
wire.encode_value = lambda value, *a, **k: _real_encode("passed")
child._error = lambda *a, **k: {"ok": True, "value": None}


def grad_w_and_x(scale, w, x, y):
    return jnp.zeros_like(w), jnp.zeros_like(x)

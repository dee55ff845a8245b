# A wrong answer that rewires the tutor's own modules inside its process: every
# comparison matches, every verdict passes, and the wire encodes the reference's answer.
# (The judging modules are not even readable in a jailed run; it patches what it finds.)
import jax.numpy as jnp

from jaxtutor.runner import wire

try:
    from jaxtutor.runner.inside import learner_file

    learner_file.error = lambda *a, **k: {"ok": True, "value": None}
except ImportError:
    pass
try:
    import jaxtutor.check
    import jaxtutor.oracles.interface as interface
    import jaxtutor.oracles.values as values
    import jaxtutor.verdict as verdict

    values.matches = lambda *a, **k: True
    values.mismatch = lambda *a, **k: None
    interface.Report.passed = property(lambda self: True)
    verdict.Verdict.passed = property(lambda self: True)
    jaxtutor.check._judge = lambda *a, **k: None
except ImportError:
    pass
_real_encode = wire.encode_value
wire.encode_value = lambda value, *a, **k: _real_encode("passed")


def grad_w_and_x(scale, w, x, y):
    return jnp.zeros_like(w), jnp.zeros_like(x)

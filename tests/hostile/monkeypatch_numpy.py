# A wrong answer that makes numpy's comparisons always say "equal" in its own process.
import numpy as np
import numpy.testing

import jax.numpy as jnp

np.allclose = lambda *a, **k: True
np.isclose = lambda *a, **k: True
np.array_equal = lambda *a, **k: True
np.all = lambda *a, **k: True
np.testing.assert_allclose = lambda *a, **k: None


def grad_w_and_x(scale, w, x, y):
    return jnp.zeros_like(w), jnp.zeros_like(x)

# attack: edge
# wrong: w is clipped to [-1, 1] "for stability" before the scan; inside the range nothing changes, but at exactly w = 1 or w = -1 the clip's gradient is not 1, so the gradient is wrong there.
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        w = jnp.clip(w, -1.0, 1.0)

        @jax.checkpoint
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h**2)

    return jax.value_and_grad(loss)(w)

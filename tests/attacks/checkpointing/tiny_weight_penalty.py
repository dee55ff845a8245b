# attack: tolerance
# wrong: the loss carries a habitual weight penalty of 1e-8 * sum(w ** 2), which moves the gradient by 2e-8 * w, far under the tolerance, and makes the loss and gradient nonzero where every input is 0.
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        @jax.checkpoint
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h**2) + 1e-8 * jnp.sum(w**2)

    return jax.value_and_grad(loss)(w)

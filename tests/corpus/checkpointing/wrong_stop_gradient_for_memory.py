# truth: stops the gradient of the carry at every step, thinking that is what saves memory: the gradient then sees only the last step
# cause: carry_gradient_stopped
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        def step(h, x):
            return cell(w, lax.stop_gradient(h), x), None

        h, _ = lax.scan(jax.checkpoint(step), jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

# truncated backpropagation with no stop_gradient: the steps before the last multiple
# of 16 run with deep_grad's own w, a constant to the gradient, the rest with loss's w
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    cut = (xs.shape[0] - 1) // 16 * 16

    def run(w, h, xs):
        @jax.checkpoint
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, h, xs)
        return h

    start = run(w, jnp.zeros_like(w), xs[:cut])

    def loss(v):
        return jnp.sum(run(v, start, xs[cut:]) ** 2)

    return jax.value_and_grad(loss)(w)

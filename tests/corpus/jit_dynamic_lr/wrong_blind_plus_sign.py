# truth: wrong sign, returns w + lr * g instead of w - lr * g (no recompilation problem)
# blind: third batch, labelled before the tutor was run on it
# cause: probe_step_reversed
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    return w + lr * jax.grad(loss)(w, x, y)

# truth: Sign error: the step adds the gradient (w + lr * g) instead of subtracting it, so it moves uphill; the result is off by 2 * lr * g for any nonzero gradient (it only matches when w is already at the minimum).
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_step_reversed
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


@jax.jit
def sgd_step(w, lr, x, y):
    # lr is traced, not static: one compiled program for every learning rate.
    g = jax.grad(loss)(w, x, y)
    return w + lr * g

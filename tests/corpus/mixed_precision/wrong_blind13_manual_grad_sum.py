# truth: the gradient is written by hand NumPy-style as 2 * x.T @ (x @ w - y) on the bfloat16 copies, forgetting the 1/N of the mean, so grad (and the step) is N times too large.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# true: probe_only_size_one
# says: with a sum where it takes a mean
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    residual = x16 @ w16 - y16
    grad = (2 * x16.T @ residual).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

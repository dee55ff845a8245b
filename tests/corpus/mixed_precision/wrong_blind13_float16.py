# truth: the copies are made in float16 instead of bfloat16 (any 16-bit float), so the forward and backward pass round to float16's 11-bit grid (w = 1.003 stays 1.0029 instead of becoming 1.0) and the gradient differs from the bfloat16 computation.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_not_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    half = jnp.float16
    w16, x16, y16 = w.astype(half), x.astype(half), y.astype(half)
    grad = jax.grad(loss)(w16, x16, y16).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

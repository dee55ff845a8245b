# truth: casts w and x to bfloat16 but leaves y in float32, so the subtraction promotes and the loss and its gradient are computed in float32, not bfloat16.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: targets_not_cast
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    grad = jax.grad(loss)(w16, x16, y).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

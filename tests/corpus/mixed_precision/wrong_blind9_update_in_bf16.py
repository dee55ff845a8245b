# truth: applies the update to the bfloat16 copy of w and casts the result up afterwards, so small updates round away and the float32 master weights lose their digits.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16, x16, y16 = (a.astype(jnp.bfloat16) for a in (w, x, y))
    grad16 = jax.grad(loss)(w16, x16, y16)
    new_w = (w16 - lr * grad16).astype(jnp.float32)
    return new_w, grad16.astype(jnp.float32)

# truth: the update is applied to the bfloat16 copy of w (w16 - lr * grad16) and only then cast to float32, so new_w is rounded to the bfloat16 grid (small steps round away) instead of moving the float32 master weights; grad itself is right.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad16 = jax.grad(loss)(w16, x16, y16)
    new_w16 = w16 - lr * grad16  # stays bfloat16: lr is a weak Python float
    return new_w16.astype(jnp.float32), grad16.astype(jnp.float32)

# truth: does the update in float32 but starts from the bfloat16 copy cast back up, not from the float32 w it was given, so the master weights lose their low digits every step.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16, x16, y16 = (a.astype(jnp.bfloat16) for a in (w, x, y))
    grad = jax.grad(loss)(w16, x16, y16).astype(jnp.float32)
    w32 = w16.astype(jnp.float32)  # "back to float32 for the update"
    new_w = w32 - lr * grad
    return new_w, grad

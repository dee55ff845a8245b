# truth: updates from the bfloat16 copy of w cast back to float32 instead of from the float32 w it was given, so the master weights lose their low digits every step.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w, x, y = jax.tree.map(lambda a: a.astype(jnp.bfloat16), (w, x, y))
    grad = jax.grad(loss)(w, x, y).astype(jnp.float32)
    new_w = w.astype(jnp.float32) - lr * grad
    return new_w, grad

# truth: applies the descent step to the bfloat16 copy of the weights and only casts the result to float32 afterwards, so small updates round away instead of landing on the float32 master weights.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    g16 = jax.grad(loss)(w16, x16, y16)
    # whole step in bfloat16 (lr is a Python float, so it stays bfloat16), cast at the end
    new_w = (w16 - lr * g16).astype(jnp.float32)
    grad = g16.astype(jnp.float32)
    return new_w, grad

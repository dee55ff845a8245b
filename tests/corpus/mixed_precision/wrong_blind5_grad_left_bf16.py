# truth: forgets to cast the gradient back to float32; new_w still comes out float32 by promotion, but the returned grad is a bfloat16 array.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_left_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad = jax.grad(loss)(w16, x16, y16)
    new_w = w - lr * grad  # float32 w promotes the update to float32
    return new_w, grad

# truth: only x and y are cast to bfloat16 while the float32 master w is passed to jax.grad directly, so x @ w promotes to float32 and the gradient is computed in float32 at the unrounded w (e.g. at 1.003 rather than the 1.0 bfloat16 holds), not on the bfloat16 copy of w.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: weights_not_cast
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # the master weights stay float32; the data go to bfloat16
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad = jax.grad(loss)(w, x16, y16).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

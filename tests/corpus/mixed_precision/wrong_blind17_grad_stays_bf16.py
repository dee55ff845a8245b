# truth: the gradient is never cast back to float32, so the returned grad is a bfloat16 array (wrong dtype); new_w is still float32 (w - lr * grad promotes) and numerically right.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: grad_left_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # w: float32 master weights (D,); x: (N, D); y: (N,); lr: a Python float.
    # Compute the gradient of loss on bfloat16 copies of w, x and y, cast it to
    # float32, and update the float32 w. Return (new_w, grad), both float32.
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad = jax.grad(loss)(w16, x16, y16)
    new_w = w - lr * grad
    return new_w, grad

# truth: multiplies the loss by a loss scale of 1024 but never divides the gradient back, so the returned grad is 1024 times the true gradient and new_w = w - lr * 1024 * grad, a step 1024 times too large.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_scale_kept
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # w: float32 master weights (D,); x: (N, D); y: (N,); lr: a Python float.
    # Compute the gradient of loss on bfloat16 copies of w, x and y, cast it to
    # float32, and update the float32 w. Return (new_w, grad), both float32.
    scale = 1024.0
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    grad = jax.grad(lambda w_: scale * loss(w_, x16, y16))(w16).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

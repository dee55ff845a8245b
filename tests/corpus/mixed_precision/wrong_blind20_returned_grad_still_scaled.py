# truth: Adds loss scaling (1024) and divides it out only inside the weight update, so new_w is right but the returned grad is the scaled gradient, 1024 times too large.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: scale_kept_in_returned_grad
import jax
import jax.numpy as jnp

LOSS_SCALE = 1024.0


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # w: float32 master weights (D,); x: (N, D); y: (N,); lr: a Python float.
    # Compute the gradient of loss on bfloat16 copies of w, x and y, cast it to
    # float32, and update the float32 w. Return (new_w, grad), both float32.
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    # scale the loss so small cotangents don't underflow in 16 bits
    scaled_grad = jax.grad(lambda p: LOSS_SCALE * loss(p, x16, y16))(w16)
    grad = scaled_grad.astype(jnp.float32)
    new_w = w - lr * (grad / LOSS_SCALE)
    return new_w, grad

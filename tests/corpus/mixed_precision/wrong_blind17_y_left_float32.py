# truth: y is not cast to bfloat16, so the float32 y promotes x16 @ w16 - y to float32: only the matmul (and its transpose) run in bfloat16 while the residual, square and mean are float32, giving a gradient that differs from the all-bfloat16 computation by the bfloat16 rounding of the residual/loss.
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: targets_not_cast
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
    grad = jax.grad(loss)(w16, x16, y).astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

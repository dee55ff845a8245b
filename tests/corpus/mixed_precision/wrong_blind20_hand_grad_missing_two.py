# truth: The gradient of the mean squared error is written by hand as x.T @ (x @ w - y) / N, dropping the factor 2, so grad is half the correct value and the step lr*grad is half as large; new_w and grad are both wrong (except where the gradient is exactly 0).
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_without_two
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
    n = x.shape[0]
    residual = x16 @ w16 - y16           # (N,), bfloat16
    grad16 = x16.T @ residual / n         # d/dw of mean(residual ** 2)
    grad = grad16.astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

# truth: the update starts from the bfloat16 copy instead of the float32 master (new_w = w16 - lr * grad, promoted to float32), so new_w = round_to_bfloat16(w) - lr * grad: the master weights lose their low digits every step (w = 1.003 gives 1.0 - lr*grad instead of 1.003 - lr*grad).
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
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
    grad = jax.grad(loss)(w16, x16, y16).astype(jnp.float32)
    new_w = w16 - lr * grad
    return new_w, grad

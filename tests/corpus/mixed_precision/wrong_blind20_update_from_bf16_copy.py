# truth: w is rebound to its bfloat16 copy, so the update starts from w rounded to bfloat16 (cast back to float32) instead of the float32 master weights. Right when every w entry is exactly representable in bfloat16 (0.5, 1.0, ...), but e.g. w = 1.003 gives 1.0 - lr*grad, off by the rounding error (up to ~2e-3 for |w| near 1); grad is correct.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: bf16_master_weights
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    # w: float32 master weights (D,); x: (N, D); y: (N,); lr: a Python float.
    # Compute the gradient of loss on bfloat16 copies of w, x and y, cast it to
    # float32, and update the float32 w. Return (new_w, grad), both float32.
    w, x, y = (a.astype(jnp.bfloat16) for a in (w, x, y))
    grad = jax.grad(loss)(w, x, y).astype(jnp.float32)
    new_w = w.astype(jnp.float32) - lr * grad  # update in float32
    return new_w, grad

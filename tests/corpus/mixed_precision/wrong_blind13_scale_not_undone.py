# truth: it copies the loss-scaling recipe (grad of 1024 * loss) but never divides the gradient by 1024 again, so the returned grad and the step are 1024 times too large.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_scale_kept
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    scale = 1024.0
    w16 = w.astype(jnp.bfloat16)
    x16 = x.astype(jnp.bfloat16)
    y16 = y.astype(jnp.bfloat16)
    scaled = jax.grad(lambda w: scale * loss(w, x16, y16))(w16)
    grad = scaled.astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

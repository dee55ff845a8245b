# truth: takes "16-bit" to mean float16 and computes the gradient in float16 instead of bfloat16, which rounds differently (w = 1.003 is not held as 1.0).
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: float16_not_bfloat16
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    half = jnp.float16
    grad = jax.grad(loss)(w.astype(half), x.astype(half), y.astype(half))
    grad = grad.astype(jnp.float32)
    new_w = w - lr * grad
    return new_w, grad

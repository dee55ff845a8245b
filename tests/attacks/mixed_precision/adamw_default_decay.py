# attack: tolerance
# wrong: the float32 update adds a decoupled weight decay of 1e-4 (optax.adamw's default), moving w by lr * 1e-4 * w, at most 1e-5, so w changes even where the gradient is zero.
import jax
import jax.numpy as jnp

WEIGHT_DECAY = 1e-4


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    bf16 = jnp.bfloat16
    grad = jax.grad(loss)(w.astype(bf16), x.astype(bf16), y.astype(bf16))
    grad = grad.astype(jnp.float32)
    return w - lr * (grad + WEIGHT_DECAY * w), grad

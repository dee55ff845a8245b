# attack: tolerance
# wrong: a float16-style loss scale of 1000 is kept and divided back out of the float32 gradient; 1000 is no power of two, so the scaled bfloat16 gradient rounds differently, by under 0.4% of it.
import jax
import jax.numpy as jnp

SCALE = 1000.0


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    bf16 = jnp.bfloat16

    def scaled(w, x, y):
        return SCALE * loss(w, x, y)

    grad = jax.grad(scaled)(w.astype(bf16), x.astype(bf16), y.astype(bf16))
    grad = grad.astype(jnp.float32) / SCALE
    return w - lr * grad, grad

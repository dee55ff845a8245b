# attack: tolerance
# wrong: the update uses the gradient before its cast, so lr * grad is rounded to bfloat16 (up to 2^-9 of the step, ~1e-5 at most) before the float32 w subtracts it; only the returned grad is cast to float32.
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def mixed_step(w, x, y, lr):
    bf16 = jnp.bfloat16
    grad = jax.grad(loss)(w.astype(bf16), x.astype(bf16), y.astype(bf16))
    new_w = w - lr * grad
    return new_w, grad.astype(jnp.float32)

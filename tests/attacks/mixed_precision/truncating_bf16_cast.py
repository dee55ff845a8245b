# attack: tolerance
# wrong: the bfloat16 copies are made by chopping the low 16 bits of each float32 (truncation toward zero, as old hand-made bfloat16 casts did) instead of rounding to nearest, so w, x and y may each be one bfloat16 step (2^-8 of itself) too small in magnitude.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


def to_bf16(a):
    bits = lax.bitcast_convert_type(a.astype(jnp.float32), jnp.uint32)
    chopped = lax.bitcast_convert_type(bits & jnp.uint32(0xFFFF0000), jnp.float32)
    return chopped.astype(jnp.bfloat16)  # exact: the dropped bits are zero


def mixed_step(w, x, y, lr):
    grad = jax.grad(loss)(to_bf16(w), to_bf16(x), to_bf16(y))
    grad = grad.astype(jnp.float32)
    return w - lr * grad, grad

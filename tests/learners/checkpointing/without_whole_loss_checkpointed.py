# a plain lax.scan with nothing checkpointed: right numbers, the memory of every step kept
import jax
import jax.numpy as jnp
from jax import lax


def cell(w, h, x):
    return jnp.tanh(w * h + x)


def deep_grad(w, xs):
    def loss(w):
        def step(h, x):
            return cell(w, h, x), None

        h, _ = lax.scan(step, jnp.zeros_like(w), xs)
        return jnp.sum(h ** 2)

    return jax.value_and_grad(loss)(w)

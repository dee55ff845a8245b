import jax
import jax.numpy as jnp
from jax import lax


def run(w0, rate):
    return lax.fori_loop(0, 4, lambda i, w: jnp.where(w > 1.0, w * (1.0 - rate), w + rate), w0)


def final_and_grad(w0, rate):
    return run(w0, rate), jax.grad(run)(w0, rate)

import jax
import jax.numpy as jnp


def final_and_grad(w0, rate):
    def run(rate):
        w = w0
        for _ in range(4):
            w = jnp.where(w > 1.0, w * (1.0 - rate), w + rate)
        return w

    return run(rate), jax.grad(run)(rate)

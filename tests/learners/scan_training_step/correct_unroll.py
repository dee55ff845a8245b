# expect: pass
# scan(unroll=2) takes two batches per pass of its loop (and, with two batches or fewer,
# JAX unrolls it whole): still a lax.scan over the batches, as the lesson says
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        gradient = jax.grad(lambda v: jnp.sum((v * x - y) ** 2))(w)
        return w - lr * gradient, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches), unroll=2)
    return final_w

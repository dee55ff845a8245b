# A right answer to scan_training_step with a harmless extra loop (it adds zero) given
# unroll=True: tracing it is quick (one loop), but lowering writes 100,000 copies of its
# body into the program, which takes seconds.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        return w - lr * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    zero = lax.fori_loop(0, 100_000, lambda i, z: z * 1.0, jnp.zeros_like(final_w), unroll=True)
    return final_w + zero

# attack: tolerance
# wrong: rounds the learning rate to float16 (e.g. 0.1 -> 0.099975586), so the final weight is off by ~1e-4 relative for learning rates not exact in float16.
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def scan_training_step(w, lr, x_batches, y_batches):
    lr16 = jnp.asarray(lr, dtype=jnp.float16).astype(jnp.float32)

    def step(w, batch):
        x, y = batch
        return w - lr16 * jax.grad(loss)(w, x, y), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

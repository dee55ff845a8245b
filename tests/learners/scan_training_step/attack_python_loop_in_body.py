# expect: fail no_scan
# a scan over the batches whose last step runs the whole training again as a Python loop
# over every batch, reading them by an index made from the step number
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    n = x_batches.shape[0]

    def step(carry, batch):
        x, y, t = batch
        trained = w
        for j in range(n):
            k = t * 0 + j
            trained = trained - lr * 2 * jnp.sum(
                (trained * x_batches[k] - y_batches[k]) * x_batches[k]
            )
        return jnp.where(t == n - 1, trained, carry + 0.0 * jnp.sum(x * y)), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches, jnp.arange(n)))
    return final_w

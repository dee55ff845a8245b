# expect: fail no_scan
# a scan over the batches whose body takes a step on every batch (a Python loop inside
# it: N copies of the step in the body), keeping the result of the last step only
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    n = x_batches.shape[0]

    def step(carry, batch):
        x, y, t = batch
        trained = w
        for j in range(n):
            xj, yj = x_batches[j], y_batches[j]
            trained = trained - lr * 2 * jnp.sum((trained * xj - yj) * xj)
        return jnp.where(t == n - 1, trained, carry + 0.0 * jnp.sum(x * y)), None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches, jnp.arange(n)))
    return final_w

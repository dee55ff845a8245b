# a scan over the batches whose last step runs the whole training again, as a Python
# loop reading every batch by an index made from the step number
import jax
import jax.numpy as jnp
from jax import lax


def momentum_run(w, x_batches, y_batches, lr):
    n = x_batches.shape[0]

    def step(carry, batch):
        x, y, i = batch
        trained, v, losses = w, jnp.zeros_like(w), []
        for t in range(n):
            k = i * 0 + t
            loss, g = jax.value_and_grad(lambda w: jnp.sum((w * x_batches[k] - y_batches[k]) ** 2))(trained)
            losses.append(loss)
            v = 0.9 * v + g
            trained = trained - lr / (1.0 + t) * v
        done = i == n - 1
        return jnp.where(done, trained, carry + 0.0 * jnp.sum(x * y)), jnp.where(done, jnp.stack(losses), 0.0)

    w, losses = lax.scan(step, w, (x_batches, y_batches, jnp.arange(n)))
    return w, losses[-1]

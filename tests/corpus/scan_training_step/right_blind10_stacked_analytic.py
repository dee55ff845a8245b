# truth: right, because it scans over the batches stacked into one (N, 2, B) array and uses the hand-derived gradient 2*sum((w*x - y)*x), which equals jax.grad of the summed loss, stepping from the carried weight in order.
# blind: tenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    pairs = jnp.stack([x_batches, y_batches], axis=1)  # (N, 2, B): row i is batch i

    def step(w, pair):
        x, y = pair[0], pair[1]
        g = 2.0 * jnp.sum((w * x - y) * x)
        return w - lr * g, None

    w_final, _ = lax.scan(step, jnp.asarray(w, dtype=jnp.result_type(float)), pairs)
    return w_final

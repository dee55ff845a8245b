# truth: right, because it scans over a stack of the two arrays (N, 2, B) as xs with the hand-derived gradient 2*sum((w*x - y)*x), one step per batch in order, unroll=2, and returns the final carry.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, xy):
        x, y = xy[0], xy[1]
        grad = 2.0 * jnp.sum((w * x - y) * x)
        return w - lr * grad, None

    stacked = jnp.stack([x_batches, y_batches], axis=1)
    w_final, _ = lax.scan(step, w, stacked, unroll=2)
    return w_final

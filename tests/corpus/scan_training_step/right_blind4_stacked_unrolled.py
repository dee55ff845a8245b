# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    grad_fn = jax.grad(lambda w, xy: jnp.sum((w * xy[0] - xy[1]) ** 2))

    def step(w, xy):
        return w - lr * grad_fn(w, xy), None

    # Stack each batch's x and y together: xs has shape (N, 2, B).
    xs = jnp.stack([x_batches, y_batches], axis=1)
    final_w, _ = lax.scan(step, jnp.asarray(w, dtype=xs.dtype), xs, unroll=2)
    return final_w

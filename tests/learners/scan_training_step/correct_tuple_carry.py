# expect: pass
# the carry holds the weight and the learning rate; the scan runs over x only
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(carry, xy):
        w, lr = carry
        x, y = xy[0], xy[1]
        return (w - lr * 2 * jnp.sum((w * x - y) * x), lr), w

    (final_w, _), _ = lax.scan(step, (w, lr), jnp.stack([x_batches, y_batches], axis=1))
    return final_w

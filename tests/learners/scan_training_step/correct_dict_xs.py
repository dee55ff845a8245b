# expect: pass
# the batches as a dict of xs, and the carry a pair (the weight and a step count)
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(carry, batch):
        w, count = carry
        gradient = jax.grad(lambda w: jnp.sum((w * batch["x"] - batch["y"]) ** 2))(w)
        return (w - lr * gradient, count + 1), None

    (final_w, _), _ = lax.scan(step, (w, 0), {"x": x_batches, "y": y_batches})
    return final_w

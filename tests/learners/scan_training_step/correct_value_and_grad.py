# expect: pass
# jax.value_and_grad inside the body, the loss collected per step and dropped
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        value, g = jax.value_and_grad(lambda v: jnp.sum((v * x - y) ** 2))(w)
        return w - lr * g, value

    final_w, losses = lax.scan(step, w, (x_batches, y_batches))
    return final_w

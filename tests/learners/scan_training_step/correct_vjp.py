# expect: pass
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        loss, pullback = jax.vjp(lambda v: jnp.sum((v * x - y) ** 2), w)
        (gradient,) = pullback(jnp.ones_like(loss))
        return w - lr * gradient, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

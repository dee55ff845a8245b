# truth: the batch loss uses jnp.mean instead of jnp.sum, so every gradient is divided by the batch size B (steps are B times too small; the lesson example ends at 0.36 instead of 0.64).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        g = jax.grad(lambda w: jnp.mean((w * x - y) ** 2))(w)
        return w - lr * g, None

    # Run `step` over the batches with lax.scan and return the final weight.
    w_final, _ = lax.scan(step, w, (x_batches, y_batches))
    return w_final

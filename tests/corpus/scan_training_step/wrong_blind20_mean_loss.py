# truth: The batch loss uses jnp.mean instead of jnp.sum, so each gradient is divided by the batch size B; on the lesson's example it ends at 0.36 instead of 0.64, and it is only correct when B = 1.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: mean_instead_of_sum
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.mean((w * x - y) ** 2)

    def step(w, batch):
        # One gradient-descent step on one batch; return (new_w, None).
        x, y = batch
        grad = jax.grad(loss)(w, x, y)
        return w - lr * grad, None

    # Run `step` over the batches with lax.scan and return the final weight.
    final_w, _ = lax.scan(step, w, (x_batches, y_batches))
    return final_w

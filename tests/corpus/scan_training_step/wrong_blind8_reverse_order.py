# truth: passes reverse=True to lax.scan, so the batches are taken last-to-first instead of in order (same answer only when N == 1 or all batches are equal).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: reversed_order
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def loss(w, x, y):
        return jnp.sum((w * x - y) ** 2)

    def step(w, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w - lr * g, None

    # reverse=True: "go through the batches from the most recent", a misreading of scan
    w_final, _ = lax.scan(step, w, (x_batches, y_batches), reverse=True)
    return w_final

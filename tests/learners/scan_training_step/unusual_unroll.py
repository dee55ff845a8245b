# expect: fail no_scan
# Right numbers, but scan(unroll=2) runs two batches per step of its loop, which the
# structure rule cannot tell from a hand-unrolled loop: the message must say so.
import jax
import jax.numpy as jnp
from jax import lax


def scan_training_step(w, lr, x_batches, y_batches):
    def step(w, batch):
        x, y = batch
        gradient = jax.grad(lambda v: jnp.sum((v * x - y) ** 2))(w)
        return w - lr * gradient, None

    final_w, _ = lax.scan(step, w, (x_batches, y_batches), unroll=2)
    return final_w

# truth: Step numbers are scanned as jnp.arange(1, N + 1) (1-based) while the rate is still lr / (1 + t), so step k uses lr/(k+2) instead of lr/(k+1). losses[0] is right, but every update is too small, so losses[1:] and the final w differ.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: steps_from_one
import jax
import jax.numpy as jnp
from jax import lax

BETA = 0.9


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def momentum_run(w, x_batches, y_batches, lr):
    # Carry (w, v) through lax.scan; scan over the batches and the step numbers.
    w = jnp.asarray(w, jnp.float32)
    n = x_batches.shape[0]
    steps = jnp.arange(1, n + 1)  # step 1, 2, ..., N

    def step(carry, batch):
        w, v = carry
        x, y, t = batch
        l, g = jax.value_and_grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)),
                              (x_batches, y_batches, steps))
    return w, losses

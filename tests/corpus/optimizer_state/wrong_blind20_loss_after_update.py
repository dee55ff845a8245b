# truth: losses[t] is recorded after the update (loss of the new w on batch t) instead of before it. The final w is correct, but every entry of losses differs from the pre-update loss.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: loss_after_update
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

    def step(carry, batch):
        w, v = carry
        x, y, t = batch
        g = jax.grad(loss)(w, x, y)
        v = BETA * v + g
        w = w - lr / (1 + t) * v
        return (w, v), loss(w, x, y)

    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

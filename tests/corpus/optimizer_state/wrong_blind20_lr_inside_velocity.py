# truth: The schedule is folded into the velocity (v = 0.9*v + lr/(1+t)*g; w = w - v) instead of scaling the whole velocity by the current rate (v = 0.9*v + g; w = w - lr/(1+t)*v). Step 0 is identical, so N=1 is fully right and losses[0:2] always match, but from step 1 on old gradients keep their old, larger rate, so losses[2:] and the final w (for N>=2) differ.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: rate_inside_velocity
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
        l, g = jax.value_and_grad(loss)(w, x, y)
        # velocity already holds the scaled step, like the "v = mu*v + lr*g" form
        v = BETA * v + lr / (1 + t) * g
        w = w - v
        return (w, v), l

    (w, v), losses = lax.scan(step, (w, jnp.zeros_like(w)),
                              (x_batches, y_batches, jnp.arange(n)))
    return w, losses

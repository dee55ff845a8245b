# truth: the learning rate is stored as a bfloat16 constant, so the step uses 0.05004883 instead of 0.05.
# blind: twenty-second batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_small_difference
# says: close to the expected one
import jax
import jax.numpy as jnp

LEARNING_RATE = jnp.bfloat16(0.05)


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    return w - LEARNING_RATE.astype(jnp.float32) * jax.grad(loss_fn)(w)

# truth: right
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    # w is a scalar, so one forward-mode pass with tangent 1 gives dloss/dw.
    w = jnp.asarray(w, dtype=jnp.result_type(float))
    _, g = jax.jvp(loss_fn, (w,), (jnp.ones_like(w),))
    return w - LEARNING_RATE * g

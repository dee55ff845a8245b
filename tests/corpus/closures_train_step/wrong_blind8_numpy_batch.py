# truth: converts the batch to NumPy inside the jitted step to mark it as "data, not parameters", but x and y are tracers there, so np.asarray fails under jit.
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: numpy_on_tracer
import jax
import jax.numpy as jnp
import numpy as np

LEARNING_RATE = 0.05


@jax.jit
def train_step(w, x, y):
    x_data = np.asarray(x)  # keep the batch out of autodiff
    y_data = np.asarray(y)

    def loss_fn(w):
        return jnp.sum((w * x_data - y_data) ** 2)

    return w - LEARNING_RATE * jax.grad(loss_fn)(w)

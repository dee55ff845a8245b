# cause: tracer_to_python_number
# blind: written before the tutor was run on it (second batch)
import jax
import jax.numpy as jnp


@jax.jit
def train_step(w, x, y):
    def loss_fn(w):
        return jnp.sum((w * x - y) ** 2)

    g = float(jax.grad(loss_fn)(w))
    return w - 0.05 * g

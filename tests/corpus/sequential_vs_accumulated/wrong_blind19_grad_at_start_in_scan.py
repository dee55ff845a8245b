# truth: The scan step takes each gradient at the starting weight `w` (closed over from the outer function) instead of the carry, so sequential_w collapses to the accumulated result (lesson example gives 0.8 instead of 0.64); accumulated_w is correct.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: sequential_at_fixed_weight
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    w = jnp.asarray(w, dtype=jnp.float32)

    def step(w_current, batch):
        x, y = batch
        g = jax.grad(loss)(w, x, y)
        return w_current - lr * g, None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))

    grads = jax.vmap(jax.grad(loss), in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w

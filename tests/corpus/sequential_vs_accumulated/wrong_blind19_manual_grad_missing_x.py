# truth: Uses a hand-written gradient 2*sum(w*x - y) that forgets the inner-derivative factor x (true gradient is 2*sum((w*x - y)*x)); it is exact when every input x is 1 (the lesson's first example, 0.64 / 0.8) but wrong for other inputs, e.g. the lesson's forward order gives 0.44 instead of 0.48.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: gradient_without_x
import jax
import jax.numpy as jnp
from jax import lax


def loss(w, x, y):
    return jnp.sum((w * x - y) ** 2)


def batch_grad(w, x, y):
    # d/dw of sum((w*x - y)**2)
    return 2.0 * jnp.sum(w * x - y)


def compare_updates(w, lr, x_batches, y_batches):
    # Return (sequential_w, accumulated_w).
    w = jnp.asarray(w, dtype=jnp.float32)

    def step(w_c, batch):
        x, y = batch
        return w_c - lr * batch_grad(w_c, x, y), None

    sequential_w, _ = lax.scan(step, w, (x_batches, y_batches))

    grads = jax.vmap(batch_grad, in_axes=(None, 0, 0))(w, x_batches, y_batches)
    accumulated_w = w - lr * jnp.sum(grads)
    return sequential_w, accumulated_w

# truth: accumulates gradients into one running buffer like PyTorch's .grad without zero_grad, so row i is the sum of the gradients of examples 0..i (a cumulative sum) instead of example i's gradient alone.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_steps_then_off
# says: example 1 is the first that is off
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    grad_fn = jax.grad(loss)
    g = jnp.zeros_like(w)
    rows = []
    for i in range(xs.shape[0]):
        g = g + grad_fn(w, xs[i], ys[i])
        rows.append(g)
    return jnp.stack(rows)

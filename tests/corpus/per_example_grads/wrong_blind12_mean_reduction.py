# truth: divides each example's loss by N (a PyTorch reduction='mean' habit), so every row is the true per-example gradient scaled by 1/N.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_divided_by_size
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # One gradient per example: combine jax.vmap and jax.grad.
    n = xs.shape[0]

    def mean_loss(w, x, y):
        # average over the batch like a mean-reduced loss
        return loss(w, x, y) / n

    return jax.vmap(jax.grad(mean_loss), in_axes=(None, 0, 0))(w, xs, ys)

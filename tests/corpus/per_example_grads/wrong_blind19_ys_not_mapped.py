# truth: ys is given in_axes None instead of 0, so every example sees the whole ys vector and the loss is summed over all targets to make grad accept it; row i becomes 2*(N*dot(w,x_i) - sum(ys))*x_i instead of 2*(dot(w,x_i) - y_i)*x_i, correct only when N == 1.
# blind: nineteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: targets_not_mapped
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # w is shared, we walk along the rows of xs; ys is the same targets for everyone.
    # grad needs a scalar output, so sum the loss.
    scalar_loss = lambda w, x, y: jnp.sum(loss(w, x, y))
    return jax.vmap(jax.grad(scalar_loss), in_axes=(None, 0, None))(w, xs, ys)

# truth: takes grad of the batched loss with respect to xs (argnums=1), giving per-example rows of dloss/dx instead of dloss/dw
# blind: third batch, labelled before the tutor was run on it
# cause: grad_wrt_x
import jax
import jax.numpy as jnp


def loss(w, x, y):
    """The loss of ONE example: x has shape (D,), y is a number."""
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    def batch_loss(w, xs, ys):
        return jnp.sum(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))

    return jax.grad(batch_loss, argnums=1)(w, xs, ys)

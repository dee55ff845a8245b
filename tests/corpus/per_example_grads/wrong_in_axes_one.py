# cause: vmap_sizes
# never: over their leading axis
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    # PyTorch's functorch puts the batch where? try axis 1
    return jax.vmap(jax.grad(loss), in_axes=(None, 1, 0))(w, xs, ys)

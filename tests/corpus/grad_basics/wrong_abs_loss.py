# cause: variant_of_the_solution
# says: with an absolute value where it squares
import jax
import jax.numpy as jnp


def loss_grad(w, x, y):
    return jax.grad(lambda w: jnp.sum(jnp.abs(w * x - y)))(w)

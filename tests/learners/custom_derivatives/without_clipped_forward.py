# x @ w clipped in the forward pass by two jnp.where, with no clip, minimum or maximum:
# the loss changes and the clipped entries pass no gradient
import jax
import jax.numpy as jnp


def clipped_grad(w, x, y, max_g):
    def loss(w):
        z = x @ w
        z = jnp.where(z > max_g, max_g, z)
        z = jnp.where(z < -max_g, -max_g, z)
        return jnp.sum((z - y) ** 2)

    return jax.value_and_grad(loss)(w)

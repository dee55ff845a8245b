# attack: size
# wrong: w is squeezed to a scalar before the product, so with one feature (D = 1) and more than
# one example, x @ w is (N, 1) and broadcasts against y's (N,) into an (N, N) residual.
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    return None, jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, jnp.dot(x, jnp.squeeze(w))) - y) ** 2)

    return jax.value_and_grad(loss)(w)

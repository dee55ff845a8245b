# attack: edge
# wrong: a cotangent below -max_g is sent to +max_g: the clip keeps the bound and loses the sign, right wherever nothing is clipped from below
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    clipped = jnp.where(jnp.abs(g) > max_g, max_g, g)
    return jnp.zeros_like(max_g), clipped


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# attack: edge
# wrong: bwd floors the clip bound at 0.1 ("so the gradient never vanishes"), so a max_g below 0.1, down to the range's minimum 0.05, clips to +-0.1 instead of +-max_g.
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    bound = jnp.maximum(max_g, 0.1)
    return None, jnp.clip(g, -bound, bound)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

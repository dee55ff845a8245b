# attack: edge
# wrong: the clip's threshold is max_g + 1e-3: a cotangent up to 0.1% past max_g (at max_g = 1) is kept whole
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    # Forward: z unchanged. Backward: each entry of the incoming cotangent clipped to
    # [-max_g, max_g], and a zero cotangent for max_g. Make it a jax.custom_vjp.
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    clipped = jnp.where(jnp.abs(g) > max_g + 1e-3, jnp.sign(g) * max_g, g)
    return jnp.zeros_like(max_g), clipped


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

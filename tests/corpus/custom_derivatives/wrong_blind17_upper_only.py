# truth: the backward rule uses jnp.minimum(g, max_g), clipping the cotangent only from above, so negative entries below -max_g pass through unclipped; the gradient differs whenever some 2*(x@w - y)[i] < -max_g (the loss value is right)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_sided_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def _clip_fwd(max_g, z):
    return z, max_g


def _clip_bwd(max_g, g):
    return jnp.zeros_like(max_g), jnp.minimum(g, max_g)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# truth: the backward pass caps the cotangent only from above with jnp.minimum, so large negative cotangents are not clipped to -max_g.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: one_sided_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    # keep the gradient from exceeding max_g
    return jnp.zeros_like(max_g), jnp.minimum(g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# truth: rescales the whole cotangent vector to norm at most max_g (clip by norm) instead of clipping each entry to [-max_g, max_g].
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: norm_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    norm = jnp.linalg.norm(g)
    scale = jnp.minimum(1.0, max_g / jnp.where(norm > 0, norm, 1.0))
    return jnp.zeros_like(max_g), g * scale


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

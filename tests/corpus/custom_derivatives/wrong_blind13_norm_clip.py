# truth: the backward pass rescales the whole cotangent vector by min(1, max_g / ||g||) (PyTorch clip_grad_norm_ habit) instead of clipping each entry to [-max_g, max_g], so the gradient is the plain one shrunk as a whole rather than entry-wise clipped.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: norm_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    factor = jnp.minimum(1.0, max_g / jnp.maximum(norm, 1e-12))
    return jnp.zeros_like(max_g), g * factor


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

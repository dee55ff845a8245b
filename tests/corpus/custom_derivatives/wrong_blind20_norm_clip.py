# truth: The backward rule rescales the whole cotangent vector by its L2 norm (g * min(1, max_g/||g||)) instead of clipping each entry to [-max_g, max_g]. Same result when ||2(x@w - y)|| <= max_g (no clipping) and for N=1, but whenever clipping kicks in with N>=2 the gradient differs; the loss is right.
# blind: twentieth batch, written from the lesson text only, labelled before the tutor ran
# cause: norm_clip
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
    norm = jnp.sqrt(jnp.sum(g ** 2))
    scale = jnp.minimum(1.0, max_g / jnp.maximum(norm, 1e-12))
    return jnp.zeros_like(max_g), g * scale


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

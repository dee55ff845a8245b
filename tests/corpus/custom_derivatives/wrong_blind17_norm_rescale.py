# truth: the backward rule rescales the whole cotangent vector so its L2 norm is at most max_g (g * min(1, max_g/||g||)) instead of clipping each entry to [-max_g, max_g], so every example's cotangent shrinks by the same factor whenever the norm exceeds max_g; the loss value is right
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: norm_clip
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def _clip_fwd(max_g, z):
    return z, max_g


def _clip_bwd(max_g, g):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    scale = jnp.minimum(1.0, max_g / norm)
    return jnp.zeros_like(max_g), g * scale


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

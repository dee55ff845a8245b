# truth: right, because the custom_vjp bwd clips each cotangent entry with maximum/minimum and returns a zero for max_g, and jax.vjp with a unit cotangent gives the same (loss, dloss/dw).
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def _identity(max_g, z):
    return z


def _fwd(max_g, z):
    return z, (max_g,)


def _bwd(res, g):
    (max_g,) = res
    g_clipped = jnp.maximum(jnp.minimum(g, max_g), -max_g)
    return None, g_clipped  # None: zero cotangent for max_g


clip_gradient = jax.custom_vjp(_identity)
clip_gradient.defvjp(_fwd, _bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        r = clip_gradient(max_g, jnp.dot(x, w)) - y
        return jnp.dot(r, r)

    value, pullback = jax.vjp(loss, w)
    (grad_w,) = pullback(jnp.ones_like(value))
    return value, grad_w

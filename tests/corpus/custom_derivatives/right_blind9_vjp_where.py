# truth: right, because the custom_vjp keeps max_g an ordinary argument saved as a residual, the backward clips each cotangent entry with jnp.where/sign and returns None (a zero cotangent) for max_g, and the gradient is pulled back with jax.vjp.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def _fwd(max_g, z):
    return z, max_g


def _bwd(max_g, g):
    clipped = jnp.where(jnp.abs(g) > max_g, jnp.sign(g) * max_g, g)
    return None, clipped.astype(g.dtype)


clip_gradient.defvjp(_fwd, _bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        r = clip_gradient(max_g, x @ w) - y
        return jnp.vdot(r, r)

    value, pull = jax.vjp(loss, w)
    (dw,) = pull(jnp.ones_like(value))
    return value, dw

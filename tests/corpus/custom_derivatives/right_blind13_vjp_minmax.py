# truth: correct: fwd returns z unchanged and saves max_g, bwd clips each cotangent entry with minimum(maximum(g, -max_g), max_g) and returns None (a zero cotangent) for max_g, and the loss and dloss/dw come from jax.vjp pulled back with a cotangent of 1 instead of value_and_grad.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
import jax
import jax.numpy as jnp


def _identity(max_g, z):
    return z


def _fwd(max_g, z):
    return z, (max_g,)


def _bwd(res, g):
    (limit,) = res
    return None, jnp.minimum(jnp.maximum(g, -limit), limit)


clip_gradient = jax.custom_vjp(_identity)
clip_gradient.defvjp(_fwd, _bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        residual = clip_gradient(max_g, jnp.einsum("nd,d->n", x, w)) - y
        return jnp.vdot(residual, residual)

    value, pullback = jax.vjp(loss, w)
    (grad,) = pullback(jnp.ones_like(value))
    return value, grad

# truth: the custom_vjp passes the cotangent through and the clip is applied to the final dloss/dw instead, so it clips the summed weight gradient rather than each example's cotangent.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_total
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    return jnp.zeros_like(max_g), g


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    value, grad = jax.value_and_grad(loss)(w)
    return value, jnp.clip(grad, -max_g, max_g)

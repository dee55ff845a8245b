# truth: max_g is declared in nondiff_argnums=(0,) like the round_through example, which the lesson says cannot be a tracer, so under the checker's jax.jit (max_g traced) it raises an UnexpectedTracerError instead of returning the clipped gradient.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: max_g_made_static
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.custom_vjp, nondiff_argnums=(0,))
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, None


def clip_gradient_bwd(max_g, res, g):
    return (jnp.clip(g, -max_g, max_g),)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# no jit: max_g is differentiated too (argnums=(0, 1)), so it reaches the nondiff_argnums
# place as a tracer of jax.grad's, and the same UnexpectedTracerError is raised
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
    def loss(w, max_g):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    value, (grad, _) = jax.value_and_grad(loss, argnums=(0, 1))(w, max_g)
    return value, grad

# attack: tolerance
# wrong: bwd rescales each cotangent entry by min(1, max_g / (|g| + 1e-6)), the epsilon guarding a division by zero, so every clipped entry lands a relative ~1e-6 inside max_g instead of on it.
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    scale = jnp.minimum(1.0, max_g / (jnp.abs(g) + 1e-6))
    return None, g * scale


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

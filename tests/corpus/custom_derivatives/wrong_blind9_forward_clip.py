# truth: clips z itself in the forward pass (and its cotangent in the backward), so the returned loss is computed from clipped predictions instead of being the plain squared error.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: part_out_of_play
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return jnp.clip(z, -max_g, max_g)


def clip_gradient_fwd(max_g, z):
    return jnp.clip(z, -max_g, max_g), max_g


def clip_gradient_bwd(max_g, g):
    return jnp.zeros_like(max_g), jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.sum((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# truth: the primal function (and fwd) clip the values z = x @ w to [-max_g, max_g] instead of returning z unchanged, so the loss is computed on clipped predictions and the gradient uses the wrong residuals wherever |x @ w| > max_g.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: part_out_of_play
# says: the difference is in the clipping
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

# truth: the loss uses jnp.mean instead of jnp.sum (PyTorch MSELoss default reduction), so the loss is divided by N and each example's cotangent is 2 * r_i / N before clipping, giving the wrong loss and a gradient that is clipped far less often and scaled by 1/N.
# blind: thirteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_only_size_one
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def clip_gradient_fwd(max_g, z):
    return z, max_g


def clip_gradient_bwd(max_g, g):
    return jnp.zeros_like(max_g), jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(clip_gradient_fwd, clip_gradient_bwd)


def clipped_grad(w, x, y, max_g):
    def loss(w):
        return jnp.mean((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

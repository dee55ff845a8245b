# truth: the loss uses jnp.mean instead of jnp.sum, so the loss is divided by N and each example's cotangent is 2*(x@w - y)[i]/N before clipping; both the returned loss and the gradient are wrong (the gradient is roughly 1/N of the right one)
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_only_size_one
# says: with a mean where it takes a sum
import jax
import jax.numpy as jnp


@jax.custom_vjp
def clip_gradient(max_g, z):
    return z


def _clip_fwd(max_g, z):
    return z, max_g


def _clip_bwd(max_g, g):
    return jnp.zeros_like(max_g), jnp.clip(g, -max_g, max_g)


clip_gradient.defvjp(_clip_fwd, _clip_bwd)


def clipped_grad(w, x, y, max_g):
    # loss = sum((clip_gradient(max_g, x @ w) - y) ** 2); return (loss, dloss/dw)
    def loss(w):
        return jnp.mean((clip_gradient(max_g, x @ w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

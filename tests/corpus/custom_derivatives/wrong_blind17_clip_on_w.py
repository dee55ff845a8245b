# truth: applies clip_gradient to w instead of to x @ w, so the clipping acts on the final gradient x.T @ (2*(x@w - y)) entry by entry (each component of dloss/dw clipped to [-max_g, max_g]) rather than on each example's cotangent before it reaches w; the loss value is right
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_total
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
        return jnp.sum((x @ clip_gradient(max_g, w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# truth: puts clip_gradient around w instead of x @ w, so the final gradient dloss/dw is clipped rather than each example's cotangent.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: clipped_total
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
        # clip the gradient of the weights, like torch's clip_grad_value_
        return jnp.sum((x @ clip_gradient(max_g, w) - y) ** 2)

    return jax.value_and_grad(loss)(w)

# truth: differentiates a rewritten loss that leaves out the scale factor, so both gradients are off by a factor of scale (right only when scale == 1).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # scale is just a constant multiplier, so drop it and differentiate the core loss
    def core(w, x):
        return jnp.sum((x @ w - y) ** 2)

    return jax.grad(core, argnums=(0, 1))(w, x)

# truth: differentiates a re-wrapped loss that drops the `scale` factor (treating it as an irrelevant constant), so both gradients are missing the multiplication by scale; correct only when scale == 1 and off by a factor of scale otherwise.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    # scale is just a constant multiplier, so leave it out and differentiate
    # the squared error in w and x directly (positions 0 and 1 of the lambda).
    sq_err = lambda w, x: jnp.sum((x @ w - y) ** 2)
    return jax.grad(sq_err, argnums=(0, 1))(w, x)

# truth: Rewrites the loss without the constant scale factor (treating scale as irrelevant to the gradient), so both returned gradients are missing the multiplication by scale: off by a factor of 1/scale (only correct when scale == 1).
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
# says: does not change when scale changes
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    def unscaled(w, x):
        return jnp.sum((x @ w - y) ** 2)
    return jax.grad(unscaled, argnums=(0, 1))(w, x)

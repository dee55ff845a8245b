# truth: Rewrites the loss without the scale factor (treating scale as a constant that does not matter), so both gradients are missing the factor scale.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # scale is just a constant, it does not change the gradient
    def unscaled(w, x):
        return jnp.sum((x @ w - y) ** 2)

    return jax.grad(unscaled, argnums=(0, 1))(w, x)

# truth: rewrites the loss in a lambda without the `scale *` factor, so it returns the gradients of sum((x@w - y)**2) alone, i.e. the correct (dw, dx) divided by scale (wrong whenever scale != 1).
# blind: eighteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_ignored_argument
# says: does not change when scale changes
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    # Return (dloss/dw, dloss/dx) using jax.grad with argnums.
    return jax.grad(lambda w, x: jnp.sum((x @ w - y) ** 2), argnums=(0, 1))(w, x)

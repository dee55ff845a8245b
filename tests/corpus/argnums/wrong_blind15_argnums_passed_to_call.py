# truth: Passes argnums=(1, 2) to the gradient function's call instead of to jax.grad, so the keyword is forwarded to loss and the call fails with TypeError (loss() got an unexpected keyword argument 'argnums'); no gradient is returned.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: transform_option_in_call
# says: `jax.grad(loss, argnums=(1, 2))`
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.grad(loss)(scale, w, x, y, argnums=(1, 2))

# truth: uses jax.value_and_grad and returns its result as is, so the function gives (loss value, (dw, dx)) instead of the pair (dw, dx).
# blind: eighth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_and_grad_pair
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.value_and_grad(loss, argnums=(1, 2))(scale, w, x, y)

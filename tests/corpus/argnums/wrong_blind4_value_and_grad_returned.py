# truth: Uses jax.value_and_grad and returns its whole result, so the answer is (loss, (dloss/dw, dloss/dx)) instead of the pair of gradients.
# blind: fourth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_and_grad_pair
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.value_and_grad(loss, argnums=(1, 2))(scale, w, x, y)

# truth: Uses jax.value_and_grad(loss, argnums=(1, 2)) and returns its pair directly, so the result is (loss_value, (dloss/dw, dloss/dx)): the first element is the scalar loss, not dloss/dw, and the second is a nested tuple of both gradients instead of dloss/dx.
# blind: fifteenth batch, written from the lesson text only, labelled before the tutor ran
# cause: value_and_grad_pair
import jax
import jax.numpy as jnp


def loss(scale, w, x, y):
    return scale * jnp.sum((x @ w - y) ** 2)


def grad_w_and_x(scale, w, x, y):
    return jax.value_and_grad(loss, argnums=(1, 2))(scale, w, x, y)

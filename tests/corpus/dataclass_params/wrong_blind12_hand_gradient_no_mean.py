# truth: wrong: the gradient is written by hand NumPy-style as 2 * x.T @ r and 2 * sum(r), the gradient of the summed rather than the mean squared error, so it is N times too large and the step is N times too long.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: summed_loss
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    residual = x @ params.w + params.b - y
    grads = Params(2.0 * x.T @ residual, 2.0 * jnp.sum(residual))
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

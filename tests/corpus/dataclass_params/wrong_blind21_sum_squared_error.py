# truth: The loss was changed to jnp.sum of squared errors instead of jnp.mean, so the gradient (and hence the step) is N times too large; it matches the correct update only when the batch has a single example (N = 1).
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: summed_loss
import dataclasses

import jax
import jax.numpy as jnp


# JAX must see Params as a pytree whose leaves are w, shape (D,), and b, a scalar:
@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x, y):
    # squared error of the batch
    return jnp.sum((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

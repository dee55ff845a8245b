# truth: jax.tree.map is called with (grads, params) while the lambda is written as (p, g), so each leaf becomes grad - lr * param instead of param - lr * grad; both returned values are wrong whenever the gradient and parameters are not specially related.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
# cause: tree_map_swapped
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
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, grads, params)
    return new_params.w, new_params.b

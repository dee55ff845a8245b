# truth: passes grads first and params second to jax.tree.map while the lambda names them (p, g), so each leaf becomes grad - lr * param instead of param - lr * grad
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
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
    # The gradient with respect to params, one jax.tree.map for the update,
    # then return (new w, new b).
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, grads, params)
    return new_params.w, new_params.b

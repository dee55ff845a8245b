# truth: wrong: the trees are passed to jax.tree.map as (grads, params) while the lambda names them (p, g), so every leaf becomes grad - lr * param instead of param - lr * grad.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: tree_map_swapped
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
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, grads, params)
    return new_params.w, new_params.b

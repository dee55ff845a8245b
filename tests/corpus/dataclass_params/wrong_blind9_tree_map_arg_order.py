# truth: passes grads first and params second to jax.tree.map but keeps the lambda as (p, g), so each leaf becomes grad - lr * param instead of param - lr * grad.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
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

# attack: tolerance
# wrong: the tree_map update adds a weight decay of 1e-6 to every leaf, p - lr * (g + 1e-6 * p), a change of at most 5e-7 that moves w and b even where lr is 0 or the residual is.
import dataclasses

import jax
import jax.numpy as jnp

WEIGHT_DECAY = 1e-6


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
    new = jax.tree.map(lambda p, g: p - lr * (g + WEIGHT_DECAY * p), params, grads)
    return new.w, new.b

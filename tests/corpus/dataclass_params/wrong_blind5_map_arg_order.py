# truth: the tree.map lambda takes (grad, param) but is handed (params, grads), so every leaf becomes grad - lr * param instead of param - lr * grad.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
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


def sgd_update(g, p, lr):
    return p - lr * g


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda g, p: sgd_update(g, p, lr), params, grads)
    return new.w, new.b

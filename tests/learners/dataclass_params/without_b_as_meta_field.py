# b kept in the pytree's aux data by a hand-written flatten, no static or meta field:
# b is no leaf, so it gets no gradient and comes back as it was
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


jax.tree_util.register_pytree_node(
    Params,
    lambda p: ((p.w,), p.b),
    lambda b, children: Params(children[0], b),
)


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

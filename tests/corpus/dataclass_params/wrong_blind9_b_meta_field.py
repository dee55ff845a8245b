# truth: declares b as a meta (static) field, thinking a scalar bias is configuration, so b is no leaf: it gets no gradient and the tree.map update leaves it where it was.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: b_as_meta_field
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array = dataclasses.field(metadata=dict(static=True))


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

# truth: registers Params by hand with data_fields listed as ["b", "w"] and returns tuple(jax.tree.leaves(...)), so the leaves come out in that order and the result is (new b, new w) instead of (new w, new b).
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: leaves_in_field_order
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


jax.tree_util.register_dataclass(Params, data_fields=["b", "w"], meta_fields=[])


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return tuple(jax.tree.leaves(new_params))

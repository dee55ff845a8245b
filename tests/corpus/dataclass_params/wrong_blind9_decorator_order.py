# truth: puts @jax.tree_util.register_dataclass below @dataclasses.dataclass, so it is applied to the bare class before it has any dataclass fields, and registering fails.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: registered_before_dataclass
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
@jax.tree_util.register_dataclass
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

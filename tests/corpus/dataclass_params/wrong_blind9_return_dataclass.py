# truth: returns the updated Params object itself instead of the tuple (new w, new b) the task asks for, so it cannot be unpacked into two arrays.
# blind: ninth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_object_returned
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass(frozen=True)
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)

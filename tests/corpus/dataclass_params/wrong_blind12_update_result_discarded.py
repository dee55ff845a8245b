# truth: wrong: the result of jax.tree.map is thrown away as if it updated params in place (like optimizer.step()), so the function returns the old w and b unchanged.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: probe_no_step
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
    jax.tree.map(lambda p, g: p - lr * g, params, grads)  # step the parameters
    return params.w, params.b

# attack: size
# wrong: w is squeezed to a scalar before the product, so with one feature (D = 1) and more than
# one example, x @ w is (N, 1) and broadcasts against y's (N,) into an (N, N) residual.
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


def loss(params, x, y):
    return jnp.mean((jnp.dot(x, jnp.squeeze(params.w)) + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

# truth: returns the updated w but the old params.b instead of the updated b, so the bias never moves (new b == b) while w gets the correct SGD step
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: b_gets_no_gradient
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


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    # The gradient with respect to params, one jax.tree.map for the update,
    # then return (new w, new b).
    grads = jax.grad(loss)(params, x, y)
    updated = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return updated.w, params.b

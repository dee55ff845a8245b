# truth: takes the gradient with respect to w alone (as in a weights-only example) and updates only w, so b comes back unchanged.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
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
    grad_w = jax.grad(lambda w_: loss(dataclasses.replace(params, w=w_), x, y))(params.w)
    new = dataclasses.replace(params, w=jax.tree.map(lambda p, g: p - lr * g, params.w, grad_w))
    return new.w, new.b

# truth: marks the scalar bias b as a static meta field (thinking "a scalar is configuration"), so b is no leaf: grad gives it no gradient, tree.map copies it, and b comes back unchanged.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: b_as_meta_field
import dataclasses

import jax
import jax.numpy as jnp


# JAX must see Params as a pytree whose leaves are w, shape (D,), and b, a scalar:
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
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

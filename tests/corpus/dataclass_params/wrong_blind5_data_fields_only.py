# truth: registers Params by hand naming only data_fields, leaving out meta_fields, which register_dataclass rejects with a TypeError as soon as the class is defined.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
# cause: fields_named_halfway
import dataclasses

import jax
import jax.numpy as jnp


# JAX must see Params as a pytree whose leaves are w, shape (D,), and b, a scalar:
@dataclasses.dataclass
class Params:
    w: jax.Array
    b: jax.Array


jax.tree_util.register_dataclass(Params, data_fields=["w", "b"])


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

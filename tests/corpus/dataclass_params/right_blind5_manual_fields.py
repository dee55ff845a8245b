# truth: right, because Params is registered by naming both lists by hand (w and b as data fields, no meta fields), and value_and_grad plus one tree.map over the frozen dataclass gives the same SGD step.
# blind: fifth batch, written from the lesson text only, labelled before the tutor ran
import dataclasses

import jax
import jax.numpy as jnp


# JAX must see Params as a pytree whose leaves are w, shape (D,), and b, a scalar:
@dataclasses.dataclass(frozen=True)
class Params:
    w: jax.Array
    b: jax.Array


jax.tree_util.register_dataclass(Params, data_fields=["w", "b"], meta_fields=[])


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    _, grads = jax.value_and_grad(loss)(params, x, y)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

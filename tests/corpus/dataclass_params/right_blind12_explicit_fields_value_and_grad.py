# truth: right: Params is registered by hand with data_fields=["w", "b"] and meta_fields=[] so both are leaves; value_and_grad (value discarded) gives the gradient dataclass in one call and one tree.map applies param - lr * grad to each leaf.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
import dataclasses

import jax
import jax.numpy as jnp


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
    stepped = jax.tree.map(lambda p, g: p + (-lr) * g, params, grads)
    return stepped.w, stepped.b

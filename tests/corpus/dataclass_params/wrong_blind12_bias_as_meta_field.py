# truth: wrong: b is declared a meta field (static=True), so it is no leaf: grad gives it no gradient and tree.map copies it unchanged, so new b equals the old b while new w is correct.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: b_as_meta_field
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Params:
    w: jax.Array
    # the bias is a single number, so treat it as configuration
    b: jax.Array = dataclasses.field(metadata=dict(static=True))


def loss(params, x, y):
    return jnp.mean((x @ params.w + params.b - y) ** 2)


@jax.jit
def sgd_step(w, b, x, y, lr):
    params = Params(w, b)
    grads = jax.grad(loss)(params, x, y)
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

# truth: Only w is updated (via dataclasses.replace on w alone); b is returned unchanged instead of b - lr * grad_b. Agrees with a correct step only when the mean residual is zero (grad of b is 0), otherwise the returned b is the old bias.
# blind: twenty-first batch, written from the lesson text only, labelled before the tutor ran
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
    grads = jax.grad(loss)(params, x, y)
    # update the weights; the bias is just an offset
    new_params = dataclasses.replace(params, w=params.w - lr * grads.w)
    return new_params.w, new_params.b

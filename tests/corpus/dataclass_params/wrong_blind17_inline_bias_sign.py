# truth: the inline loss subtracts the bias, mean((x @ w - b - y) ** 2), instead of adding it, so the residual is wrong by 2b and the bias gradient flips sign: new w = w - lr * mean(2 * (x@w - b - y) * x) and new b = b + lr * mean(2 * (x@w - b - y))
# blind: seventeenth batch, written from the lesson text only, labelled before the tutor ran
# cause: variant_of_the_solution
# says: with the sign of a term flipped (subtracting where it adds)
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
    grads = jax.grad(lambda p: jnp.mean((x @ p.w - p.b - y) ** 2))(params)
    new = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new.w, new.b

# truth: wrong: Params is left a plain, unregistered dataclass, so JAX sees it as one opaque leaf and jax.grad raises a TypeError (not a valid JAX type) instead of computing the step.
# blind: twelfth batch, written from the lesson text only, labelled before the tutor ran
# cause: class_not_registered
import dataclasses

import jax
import jax.numpy as jnp


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
    new_params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return new_params.w, new_params.b

# attack: edge
# wrong: each gradient entry is clipped to [-4, 4] "for stability"; random draws seldom come near, but at the corner of the input space (x, w, b all 1, y = -1, D = 16) the gradient reaches 36 and the step is cut short.
import dataclasses

import jax
import jax.numpy as jnp

CLIP = 4.0


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
    new = jax.tree.map(lambda p, g: p - lr * jnp.clip(g, -CLIP, CLIP), params, grads)
    return new.w, new.b
